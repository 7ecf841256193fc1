# PyTorch's x.sum() over 1 GiB of float32 (or the size given), for ingot_levels_bench's
# rows: the best of 20 runs timed by CUDA events, as ingot's levels keep their best run.
# Writes peers.json (a flat object of figures) to $OUT, or to the current folder.
# Run: python3 levels_peers.py [bytes]
import json
import os
import sys

import torch


def best_seconds(work, samples=20, warmup=3):
    for _ in range(warmup):
        work()
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(samples):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        work()
        end.record()
        torch.cuda.synchronize()
        best = min(best, start.elapsed_time(end) / 1e3)
    return best


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 30
    x = torch.rand(size // 4, device="cuda")
    figures = {"torch sum GB/s": size / best_seconds(lambda: x.sum()) / 1e9}
    print(torch.cuda.get_device_name(0), torch.__version__, figures, flush=True)
    with open(os.path.join(os.environ.get("OUT", "."), "peers.json"), "w") as out:
        json.dump(figures, out)


if __name__ == "__main__":
    main()
