# PyTorch's matmuls that bench_peers.py does not measure, for ingot_gpu_bench's rows of the
# same work: sides of no whole 128-block, 4096 (for --peers alone) and 8192, and a network
# layer's gelu(a @ b + bias) in float16 at 4096. Writes peers.json (a flat object of
# figures) to $OUT, or to the current folder.
# Run: python3 matmul_peers.py [n ...]   (default n = 4000, 4096 and 8192)
import json
import os
import statistics
import sys

import torch


def median_seconds(work, samples=10, warmup=3):
    for _ in range(warmup):
        work()
    torch.cuda.synchronize()
    seconds = []
    for _ in range(samples):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        work()
        end.record()
        torch.cuda.synchronize()
        seconds.append(start.elapsed_time(end) / 1e3)
    return statistics.median(seconds)


def main():
    sides = [int(arg) for arg in sys.argv[1:]] or [4000, 4096, 8192]
    torch.backends.cuda.matmul.allow_tf32 = False  # float32 as float32, as ingot computes it
    figures = {}
    for n in sides:
        for dtype, name in ((torch.float32, "fp32"), (torch.float16, "fp16"), (torch.bfloat16, "bf16")):
            a = torch.randn(n, n, device="cuda", dtype=dtype)
            b = torch.randn(n, n, device="cuda", dtype=dtype)
            key = f"torch matmul {name} {n}^3 TFLOP/s"
            figures[key] = round(2 * n**3 / median_seconds(lambda: a @ b) / 1e12, 1)
            print(f"{key:45s} {figures[key]}", file=sys.stderr, flush=True)
    n = 4096
    a, b = (torch.randn(n, n, device="cuda", dtype=torch.float16) for _ in range(2))
    bias = torch.randn(n, device="cuda", dtype=torch.float16)
    layer = lambda: torch.nn.functional.gelu(a @ b + bias, approximate="tanh")
    key = f"torch layer fp16 {n}^3 TFLOP/s"
    figures[key] = round(2 * n**3 / median_seconds(layer) / 1e12, 1)
    print(f"{key:45s} {figures[key]}", file=sys.stderr, flush=True)
    with open(os.path.join(os.environ.get("OUT", "."), "peers.json"), "w") as out:
        json.dump(figures, out, indent=1)


if __name__ == "__main__":
    main()
