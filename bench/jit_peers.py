# PyTorch's steps of the transformer block that ingot_jit_bench times
# (examples/transformer_block/block.hpp): eager, and replayed from a CUDA graph with the
# input copied into the graph's static input and the result cloned out, as an ingot::jit
# replay does. Host time: issuing `steps` steps, before the final synchronize; wall time
# counts it. Best of 5 loops. Writes peers.json (a flat object of figures) to $OUT, or to
# the current folder.
# Run: python3 jit_peers.py [seq dim heads steps]   (default 32 128 4 200)
import json
import math
import os
import sys
import time

import torch


def block(x, w, heads):
    seq, dim = x.shape
    head_dim = dim // heads

    def split(t):
        return t.reshape(seq, heads, head_dim).permute(1, 0, 2)

    q, k, v = split(x @ w["wq"]), split(x @ w["wk"]), split(x @ w["wv"])
    scores = (q @ k.transpose(-1, -2)) * (1.0 / math.sqrt(head_dim))
    attended = (scores.softmax(-1) @ v).permute(1, 0, 2).reshape(seq, dim)
    h = x + attended @ w["wo"]
    return h + torch.nn.functional.gelu(h @ w["w1"], approximate="tanh") @ w["w2"]


def time_steps(step, steps):
    best_host, best_wall = math.inf, math.inf
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(steps):
            step()
        issued = time.perf_counter()
        torch.cuda.synchronize()
        done = time.perf_counter()
        best_host = min(best_host, (issued - start) / steps * 1e6)
        best_wall = min(best_wall, (done - start) / steps * 1e6)
    return best_host, best_wall


def main():
    seq, dim, heads, steps = (int(a) for a in (sys.argv[1:] or [32, 128, 4, 200]))
    torch.backends.cuda.matmul.allow_tf32 = False  # float32 as float32, as ingot computes it
    torch.manual_seed(7)
    sizes = {"wq": (dim, dim), "wk": (dim, dim), "wv": (dim, dim), "wo": (dim, dim),
             "w1": (dim, 4 * dim), "w2": (4 * dim, dim)}
    w = {name: torch.randn(*shape, device="cuda") / math.sqrt(shape[0]) for name, shape in sizes.items()}
    x = torch.randn(seq, dim, device="cuda")

    static_x = x.clone()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # warm-up on a side stream, as CUDA-graph capture asks
        for _ in range(3):
            block(static_x, w, heads)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_out = block(static_x, w, heads)

    def replay():
        static_x.copy_(x)
        graph.replay()
        return static_out.clone()

    figures = {}
    for name, step in (("torch eager", lambda: block(x, w, heads)), ("torch cuda graph replay", replay)):
        for _ in range(3):
            step()
        host, wall = time_steps(step, steps)
        figures[f"{name} host us"], figures[f"{name} wall us"] = round(host, 2), round(wall, 2)
        print(f"{name:28s} host {host:8.2f} us  wall {wall:8.2f} us", file=sys.stderr, flush=True)
    with open(os.path.join(os.environ.get("OUT", "."), "peers.json"), "w") as f:
        json.dump(figures, f)


if __name__ == "__main__":
    main()
