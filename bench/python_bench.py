"""ingot from Python against the same work in C++, tinygrad and PyTorch, in one run.

Rows:
  - host time per tiny op: `s = (s + 1).realize()` on 16 float32 elements, 2000 in a row
    (each round the median of 3 samples after a warm-up; the lowest of 5 rounds, run in
    turn, so that a busy machine slows all alike), from Python, from C++ (ingot_tiny_op_bench), in
    PyTorch (eager `s = s + 1`) and in tinygrad (`(s + 1).realize()`), on the same device
    kind (CPU by default, --device CUDA:0 on a GPU);
  - t.numpy() of a realized 256 MiB float32 tensor on the CPU against a memcpy of the same
    bytes into a new array (np.copyto into np.empty, so both pay for fresh pages).

Usage: PYTHONPATH=build/python .venv/bin/python bench/python_bench.py [--device CPU]
       [--cpp build/bench/ingot_tiny_op_bench] [--save bench/results/NAME.md]
Peers are imported if installed (the `bench` extra of pyproject.toml); rows say when not.
"""

import argparse
import os
import datetime
import platform
import statistics
import subprocess
import time

import numpy as np

import ingot

OPS = 2000
ROUNDS = 5


def lowest(results):
    """The fastest of several (µs, correct) rounds, correct only if every round was."""
    figures = [us for us, _ in results if us is not None]
    if not figures:
        return results[0]
    return min(figures), all(ok is True for _, ok in results)


def median_per_op(step, ops=OPS, samples=3):
    step(100)  # compiles and fills every cache on the way
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        step(ops)
        times.append((time.perf_counter() - start) / ops)
    return statistics.median(times) * 1e6


def expected_after(values, adds):
    out = values.astype(np.float32).copy()
    for _ in range(adds):
        out = out + np.float32(1)
    return out


def tiny_op_loop(s, advance, to_numpy, synchronize=lambda: None, samples=3):
    """µs per `s = advance(s)` from the tensor `s`, and whether the result is right."""
    start_values = to_numpy(s)
    total = [0]

    def step(n):
        nonlocal s
        for _ in range(n):
            s = advance(s)
        synchronize()
        total[0] += n

    us = median_per_op(step, samples=samples)
    return us, np.array_equal(to_numpy(s), expected_after(start_values, total[0]))


def ingot_python_tiny_op(device):
    return tiny_op_loop(ingot.rand(16, device=device).realize(), lambda s: (s + 1).realize(),
                        lambda s: s.numpy(), ingot.Device(device).synchronize)


def ingot_cpp_tiny_op(binary, device):
    try:
        out = subprocess.run([binary, "--device", device, "--ops", str(OPS)], capture_output=True,
                             text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError) as e:
        return None, f"not run: {e}"
    return float(out[0]), out[1] == "correct"


def torch_tiny_op(device):
    try:
        import torch
    except ImportError:
        return None, "torch not installed"
    cuda = device.startswith("CUDA")
    if cuda and not torch.cuda.is_available():
        return None, "no CUDA torch"
    return tiny_op_loop(torch.rand(16, device="cuda" if cuda else "cpu"), lambda s: s + 1,
                        lambda s: s.cpu().numpy(),
                        torch.cuda.synchronize if cuda else lambda: None)


def tinygrad_tiny_op(device):
    try:
        from tinygrad import Tensor
    except ImportError:
        return None, "tinygrad not installed"
    s = Tensor.rand(16, device="CUDA" if device.startswith("CUDA") else "CPU").realize()
    return tiny_op_loop(s, lambda s: (s + 1).realize(), lambda s: s.numpy(), samples=1)


def measured(peer, device):
    """A peer's figure, or None and why it could not run here (tinygrad's CPU device needs
    clang, for one)."""
    try:
        return peer(device)
    except Exception as e:  # noqa: BLE001 - any failure of a peer is reported, not fatal
        return None, f"failed: {type(e).__name__}: {str(e).splitlines()[0][:80]}"


def numpy_copy_out(megabytes=256, samples=5):
    count = megabytes * (1 << 20) // 4
    t = ingot.rand(count, device="CPU").realize()
    source = t.numpy()
    copy_times, memcpy_times = [], []
    for _ in range(samples):
        start = time.perf_counter()
        out = t.numpy()
        copy_times.append(time.perf_counter() - start)
        del out
        start = time.perf_counter()
        fresh = np.empty_like(source)
        np.copyto(fresh, source)
        memcpy_times.append(time.perf_counter() - start)
        del fresh
    correct = np.array_equal(t.numpy(), source)
    return statistics.median(copy_times), statistics.median(memcpy_times), correct


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--device", default="CPU")
    parser.add_argument("--cpp", default="build/bench/ingot_tiny_op_bench")
    parser.add_argument("--save")
    args = parser.parse_args()

    device = ingot.Device(args.device).name
    rounds = [(ingot_python_tiny_op(device), ingot_cpp_tiny_op(args.cpp, device),
               measured(torch_tiny_op, device)) for _ in range(ROUNDS)]
    (python_us, python_ok), (cpp_us, cpp_ok), (torch_us, torch_ok) = (
        lowest([r[i] for r in rounds]) for i in range(3))
    tiny_us, tiny_ok = measured(tinygrad_tiny_op, device)
    copy_s, memcpy_s, copy_ok = numpy_copy_out()

    def figure(us, ok):
        return f"{us:.2f} µs" if us is not None else f"({ok})"

    def verdict(passed):
        return "PASS" if passed else "FAIL"

    lines = [
        f"# ingot from Python, {datetime.date.today()}, {platform.node()} ({device}, "
        f"{ingot.Device(device).product}; load average {os.getloadavg()[0]:.1f})",
        "",
        f"ingot {ingot.__version__}; numpy {np.__version__}; peers: "
        + ", ".join(f"{name} {version}" for name, version in peer_versions()),
        "",
        "| work | ingot (Python) | ingot (C++) | PyTorch | tinygrad | goal | result |",
        "|---|---|---|---|---|---|---|",
    ]
    goals = [cpp_us is not None and python_us <= 1.5 * cpp_us,
             torch_us is None or python_us <= torch_us,
             tiny_us is None or python_us <= tiny_us]
    lines.append(
        f"| tiny op `s = (s + 1).realize()`, 16 float32, host time per op ({OPS} in a row) "
        f"| {figure(python_us, python_ok)} | {figure(cpp_us, cpp_ok)} | {figure(torch_us, torch_ok)} "
        f"| {figure(tiny_us, tiny_ok)} | ≤ 1.5x C++, ≤ PyTorch, ≤ tinygrad "
        f"| {verdict(all(goals) and python_ok and cpp_ok is True)} |")
    ratio = copy_s / memcpy_s
    lines.append(
        f"| `t.numpy()` of 256 MiB float32 (CPU) | {copy_s * 1e3:.1f} ms ({0.268435456 / copy_s:.2f} GB/s) "
        f"| memcpy into a new array: {memcpy_s * 1e3:.1f} ms | | | ≤ 1.2x memcpy ({ratio:.2f}x) "
        f"| {verdict(ratio <= 1.2 and copy_ok)} |")
    lines.append("")
    lines.append("Correct: every row's result was checked against NumPy "
                 f"(ingot {python_ok}, C++ {cpp_ok}, torch {torch_ok}, tinygrad {tiny_ok}, "
                 f"numpy() {copy_ok}).")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.save:
        with open(args.save, "w") as f:
            f.write(text)


def peer_versions():
    from importlib import metadata

    versions = []
    for name in ("torch", "tinygrad"):
        try:
            versions.append((name, metadata.version(name)))
        except metadata.PackageNotFoundError:
            versions.append((name, "not installed"))
    return versions


if __name__ == "__main__":
    main()
