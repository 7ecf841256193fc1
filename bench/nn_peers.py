# PyTorch's side of bench/nn_bench.cpp: each convolution row's forward through
# torch.nn.functional.conv2d (cuDNN on CUDA, with cudnn.benchmark choosing its algorithm and
# TF32 off, as ingot computes float32 exactly), the best of `rounds` timed by CUDA events, or
# by the host clock on the CPU. Rows come as arguments, "N,C,H,W:O,I,KH,KW:stride:pad:groups",
# so the two programs cannot disagree on the shapes. Writes peers.json to $OUT, or to the
# current folder: {"<row> ms": ...}.
# Run: python3 nn_peers.py dtype rounds row [row ...]
import json
import os
import sys
import time

import torch
import torch.nn.functional as F


def best_ms(run, rounds, cuda):
    run()
    best = float("inf")
    for _ in range(rounds):
        if cuda:
            begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            begin.record()
            run()
            end.record()
            torch.cuda.synchronize()
            best = min(best, begin.elapsed_time(end))
        else:
            begin = time.perf_counter()
            run()
            best = min(best, (time.perf_counter() - begin) * 1e3)
    return best


def main():
    dtype = getattr(torch, sys.argv[1])
    rounds = int(sys.argv[2])
    cuda = torch.cuda.is_available()
    device = "cuda" if cuda else "cpu"
    torch.backends.cudnn.benchmark = True
    torch.backends.cudnn.allow_tf32 = False
    figures = {}
    for row in sys.argv[3:]:
        x_shape, w_shape, stride, padding, groups = row.split(":")
        x = torch.rand([int(d) for d in x_shape.split(",")], device=device, dtype=dtype)
        w = torch.rand([int(d) for d in w_shape.split(",")], device=device, dtype=dtype)
        figures[f"{row} ms"] = best_ms(
            lambda: F.conv2d(x, w, None, int(stride), int(padding), 1, int(groups)), rounds, cuda)
        print(f"torch conv2d {row} on {device}: {figures[f'{row} ms']:.3f} ms", file=sys.stderr)
    with open(os.path.join(os.environ.get("OUT", "."), "peers.json"), "w") as f:
        json.dump(figures, f)


if __name__ == "__main__":
    main()
