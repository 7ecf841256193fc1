# The peers of ingot_workload_bench: the same programs (by the names of bench/workload*.cpp)
# in PyTorch eager and torch.compile on CUDA, or NumPy and PyTorch on the CPU, on the input
# shapes and dtypes the bench passes. A peer whose library is missing, or that fails on a
# workload, is skipped with a line on stderr saying so.
#
# Run by the bench (--peers): python3 workload_peers.py SPEC.json cuda|cpu [samples]
# SPEC.json: [{"name": ..., "inputs": [{"shape": [...], "dtype": "float32"}], "steps": N}]
# Each figure is seconds per call: the median of `samples` samples, each a batch of calls
# back to back (about 5 ms) and one synchronize, divided by the batch, after two warm-up
# calls and 50 ms more of them, as the bench times ingot. A workload with steps is host
# time per step of a loop feeding each result back as the next input. Writes peers.json
# ("PEER: NAME": seconds) to $OUT, or to the current folder.
import json
import math
import os
import statistics
import sys
import time

try:
    import numpy as np
except ImportError:
    np = None
try:
    import torch
    import torch.nn.functional as F
except ImportError:
    torch = None

SAMPLE_SECONDS = 5e-3
WARM_UP_SECONDS = 0.05


class NumpyOps:
    def __init__(self):
        self.name = "numpy"

    def inputs(self, spec, seed):
        rng = np.random.default_rng(seed)
        return [rng.integers(0, i["high"], i["shape"]).astype(i["dtype"]) if i.get("high")
                else rng.standard_normal(i["shape"]).astype(i["dtype"]) for i in spec["inputs"]]

    def sync(self):
        pass

    def sum(self, x, axes=None, keep=False):
        return np.sum(x, axis=axes, keepdims=keep)

    def max(self, x, axes=None, keep=False):
        return np.max(x, axis=axes, keepdims=keep)

    def mean(self, x, axes=None, keep=False):
        return np.mean(x, axis=axes, keepdims=keep)

    def var(self, x, axes=None, keep=False, correction=1):
        return np.var(x, axis=axes, keepdims=keep, ddof=correction)

    def std(self, x, axes=None, keep=False, correction=1):
        return np.std(x, axis=axes, keepdims=keep, ddof=correction)

    def argmax(self, x, axis):
        return np.argmax(x, axis=axis)

    def permute(self, x, order):
        return np.transpose(x, order)

    def transpose(self, x, a, b):
        return np.swapaxes(x, a, b)

    def contiguous(self, x):
        return np.ascontiguousarray(x)

    def pad(self, x, pads, value=0.0):
        pads = list(pads) + [(0, 0)] * (x.ndim - len(pads))
        return np.pad(x, pads, constant_values=value)

    def stack(self, xs, axis):
        return np.stack(xs, axis)

    def astype(self, x, dtype):
        return x.astype(dtype)

    def exp(self, x):
        return np.exp(x)

    def log(self, x):
        return np.log(x)

    def rsqrt(self, x):
        return 1 / np.sqrt(x)

    def tanh(self, x):
        return np.tanh(x)

    def relu(self, x):
        return np.maximum(x, 0)

    def sigmoid(self, x):
        return 1 / (1 + np.exp(-x))

    def gelu(self, x):
        return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x * x * x)))

    def softmax(self, x, axis):
        e = np.exp(x - np.max(x, axis=axis, keepdims=True))
        return e / np.sum(e, axis=axis, keepdims=True)

    def log_softmax(self, x, axis):
        shifted = x - np.max(x, axis=axis, keepdims=True)
        return shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))

    def conv2d(self, x, w, padding):
        # NumPy has no convolution: its windows as a view, contracted with the weight.
        xp = np.pad(x, [(0, 0), (0, 0), (padding, padding), (padding, padding)])
        windows = np.lib.stride_tricks.sliding_window_view(xp, w.shape[2:], axis=(2, 3))
        return np.einsum("nchwij,ocij->nohw", windows, w, optimize=True)

    def cumsum(self, x, axis):
        return np.cumsum(x, axis)

    def take_along_axis(self, x, idx, axis):
        return np.take_along_axis(x, idx, axis)

    def embedding(self, w, idx):
        return w[idx]


class TorchOps:
    def __init__(self, device, name):
        self.device, self.name = device, name

    def inputs(self, spec, seed):
        generator = torch.Generator(device=self.device).manual_seed(seed)
        # Indices in PyTorch's own type (int64: gather takes no other).
        return [torch.randint(0, i["high"], i["shape"], device=self.device, generator=generator)
                if i.get("high") else
                torch.randn(i["shape"], dtype=getattr(torch, i["dtype"]), device=self.device,
                            generator=generator) for i in spec["inputs"]]

    def sync(self):
        if self.device == "cuda":
            torch.cuda.synchronize()

    def sum(self, x, axes=None, keep=False):
        return x.sum() if axes is None else x.sum(axes, keepdim=keep)

    def max(self, x, axes=None, keep=False):
        return x.amax() if axes is None else x.amax(axes, keepdim=keep)

    def mean(self, x, axes=None, keep=False):
        return x.mean() if axes is None else x.mean(axes, keepdim=keep)

    def var(self, x, axes=None, keep=False, correction=1):
        return torch.var(x, axes, keepdim=keep, correction=correction)

    def std(self, x, axes=None, keep=False, correction=1):
        return torch.std(x, axes, keepdim=keep, correction=correction)

    def argmax(self, x, axis):
        return x.argmax(axis)

    def permute(self, x, order):
        return x.permute(order)

    def transpose(self, x, a, b):
        return x.transpose(a, b)

    def contiguous(self, x):
        return x.contiguous()

    def pad(self, x, pads, value=0.0):
        pads = list(pads) + [(0, 0)] * (x.ndim - len(pads))
        return F.pad(x, [p for before_after in reversed(pads) for p in before_after], value=value)

    def stack(self, xs, axis):
        return torch.stack(xs, axis)

    def astype(self, x, dtype):
        return x.to(getattr(torch, dtype))

    def exp(self, x):
        return x.exp()

    def log(self, x):
        return x.log()

    def rsqrt(self, x):
        return x.rsqrt()

    def tanh(self, x):
        return x.tanh()

    def relu(self, x):
        return x.relu()

    def sigmoid(self, x):
        return x.sigmoid()

    def gelu(self, x):
        return F.gelu(x, approximate="tanh")

    def softmax(self, x, axis):
        return x.softmax(axis)

    def log_softmax(self, x, axis):
        return x.log_softmax(axis)

    def conv2d(self, x, w, padding):
        return F.conv2d(x, w, padding=padding)

    def cumsum(self, x, axis):
        return x.cumsum(axis)

    def take_along_axis(self, x, idx, axis):
        return x.gather(axis, idx)

    def embedding(self, w, idx):
        return F.embedding(idx, w)


EPS = 1e-5


def layernorm_scaled(o, x, w):
    return (x - o.mean(x, 1, True)) * o.rsqrt(o.var(x, 1, True, 0) + EPS) * w


def layernorm(o, x, w, b):
    return layernorm_scaled(o, x, w) + b


def logsumexp(o, x, axis):
    peak = o.max(x, axis, True)
    return o.log(o.sum(o.exp(x - peak), axis, True)) + peak


def groupnorm(o, x):
    g = x.reshape(x.shape[0], 8, -1)
    return ((g - o.mean(g, 2, True)) * o.rsqrt(o.var(g, 2, True, 0) + EPS)).reshape(x.shape)


def windows3x3(o, x, stride, pad_value):
    h, w = (x.shape[2] - 1) // stride + 1, (x.shape[3] - 1) // stride + 1
    padded = o.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)], pad_value)
    taps = [padded[:, :, dy:dy + stride * (h - 1) + 1:stride, dx:dx + stride * (w - 1) + 1:stride]
            for dy in range(3) for dx in range(3)]
    return o.stack(taps, 2)


def conv3x3(o, x, w):
    n, c, h, wd = x.shape
    columns = windows3x3(o, x, 1, 0.0).reshape(n, c * 9, h * wd)
    return (w @ columns).reshape(n, w.shape[0], h, wd)


def attention(o, q, k, v):
    scale = 1 / math.sqrt(q.shape[-1])
    return o.softmax((q @ o.transpose(k, -2, -1)) * scale, -1) @ v


def reduction(op, axes):
    return lambda o, x: getattr(o, op)(x, axes)


WORKLOADS = {
    "layernorm": layernorm,
    "layernorm float16": lambda o, x, w: o.astype(layernorm_scaled(o, o.astype(x, "float32"), o.astype(
        w, "float32")), "float16"),
    "rmsnorm": lambda o, x, w: x * o.rsqrt(o.mean(x * x, 1, True) + EPS) * w,
    "batchnorm statistics over N,H,W": lambda o, x: o.stack(
        [o.mean(x, (0, 2, 3)), o.var(x, (0, 2, 3), False, 0)], 0),
    "batchnorm train step": lambda o, x, w, b: (x - o.mean(x, (0, 2, 3), True)) * o.rsqrt(
        o.var(x, (0, 2, 3), True, 0) + EPS) * w.reshape(1, -1, 1, 1) + b.reshape(1, -1, 1, 1),
    "groupnorm 8 groups": groupnorm,
    "softmax rows": lambda o, x: o.softmax(x, 1),
    "softmax columns": lambda o, x: o.softmax(x, 0),
    "log_softmax rows": lambda o, x: o.log_softmax(x, 1),
    "sum 2d axis 0": reduction("sum", 0),
    "sum 2d axis 1": reduction("sum", 1),
    "max 2d all": reduction("max", None),
    "var 2d axis 0": reduction("var", 0),
    "std 2d axis 1 tall": reduction("std", 1),
    "sum 2d axis 1 wide": reduction("sum", 1),
    "logsumexp 2d axis 1": lambda o, x: logsumexp(o, x, 1),
    "logsumexp 2d axis 0": lambda o, x: logsumexp(o, x, 0),
    "argmax 2d axis 1": lambda o, x: o.argmax(x, 1),
    "argmax 2d axis 0": lambda o, x: o.argmax(x, 0),
    "sum 3d axis 0": reduction("sum", 0),
    "mean 3d axis 1": reduction("mean", 1),
    "max 3d axis 2": reduction("max", 2),
    "sum 3d axes 0,1": reduction("sum", (0, 1)),
    "var 3d axes 0,2": reduction("var", (0, 2)),
    "sum 3d axes 1,2": reduction("sum", (1, 2)),
    "sum 4d axis 0": reduction("sum", 0),
    "sum 4d axis 1": reduction("sum", 1),
    "max 4d axis 2": reduction("max", 2),
    "mean 4d axis 3": reduction("mean", 3),
    "sum 4d axes 0,1": reduction("sum", (0, 1)),
    "sum 4d axes 0,2": reduction("sum", (0, 2)),
    "sum 4d axes 0,3": reduction("sum", (0, 3)),
    "max 4d axes 1,2": reduction("max", (1, 2)),
    "mean 4d axes 1,3": reduction("mean", (1, 3)),
    "var 4d axes 2,3": reduction("var", (2, 3)),
    "sum of permuted 3d": lambda o, x: o.sum(o.permute(x, (2, 0, 1)), 2),
    "mean of transposed 2d": lambda o, x: o.mean(o.transpose(x, 0, 1), 0),
    "sum of padded 2d": lambda o, x: o.sum(o.pad(x, [(3, 5), (1, 2)], 1.0), 1),
    "sum of broadcast outer sum": lambda o, a, b: o.sum(o.relu(a + b), 0),
    "broadcast along axis 0 then gelu": lambda o, x, s: o.gelu(x * s + 1.0),
    "broadcast along axis 1 then relu": lambda o, x, s: o.relu(x - s) * 2.0,
    "broadcast along axis 2 then tanh": lambda o, x, s: o.tanh(x + s) * s,
    "outer product tanh": lambda o, a, b: o.tanh(a * b),
    "NCHW channel scale, residual, relu": lambda o, x, y, s: o.relu(x * s.reshape(1, -1, 1, 1) + y),
    "swiglu float16": lambda o, a, b: a * o.sigmoid(a) * b,
    "chain of 6 ops, prime length": lambda o, x: (lambda t: t * t)(o.tanh(x * 0.5 + 1.0)) * x + o.exp(x),
    "transpose 2d": lambda o, x: o.contiguous(o.permute(x, (1, 0))),
    "NCHW to NHWC": lambda o, x: o.contiguous(o.permute(x, (0, 2, 3, 1))),
    "NHWC to NCHW": lambda o, x: o.contiguous(o.permute(x, (0, 3, 1, 2))),
    "permute 3d 2,0,1": lambda o, x: o.contiguous(o.permute(x, (2, 0, 1))),
    "tiny chain of 1 op": lambda o, s: s + 1.0,
    "tiny chain of 2 ops": lambda o, s: s * 0.5 + 1.0,
    "tiny chain of 5 ops": lambda o, s: o.tanh(s * 0.5 + 1.0) * 2.0 + s,
    "bmm": lambda o, a, b: a @ b,
    "bmm, b transposed": lambda o, a, b: a @ o.transpose(b, -2, -1),
    "matmul, a transposed": lambda o, a, b: o.transpose(a, 0, 1) @ b,
    "matmul, both transposed": lambda o, a, b: o.transpose(a, 0, 1) @ o.transpose(b, 0, 1),
    "batch @ shared weight": lambda o, a, b: a @ b,
    "broadcast batches 4x1 @ 1x8": lambda o, a, b: a @ b,
    "skinny tall 65536x64 @ 64x64": lambda o, a, b: a @ b,
    "skinny long inner 64x16384 @ 16384x64": lambda o, a, b: a @ b,
    "matvec": lambda o, a, b: a @ b,
    "vecmat": lambda o, a, b: a @ b,
    "matmul odd 1000x999 @ 999x1001": lambda o, a, b: a @ b,
    "matmul float16 1024^3": lambda o, a, b: a @ b,
    "bmm float16, b transposed": lambda o, a, b: a @ o.transpose(b, -2, -1),
    "attention": attention,
    "attention float16": attention,
    "MLP block": lambda o, x, w1, b1, w2, b2: x + (o.gelu(x @ w1 + b1) @ w2 + b2),
    "conv 3x3 from pad/slice/stack + matmul": conv3x3,
    "depthwise conv 3x3 from pad/slice": lambda o, x, w: o.sum(
        windows3x3(o, x, 1, 0.0) * w.reshape(1, -1, 9, 1, 1), 2),
    "max pool 3x3 stride 2 from pad/slice/stack": lambda o, x: o.max(
        windows3x3(o, x, 2, -math.inf), 2),
    "avg pool 2x2 from reshape": lambda o, x: o.mean(
        x.reshape(x.shape[0], x.shape[1], x.shape[2] // 2, 2, x.shape[3] // 2, 2), (3, 5)),
    "conv2d 3x3 (nn)": lambda o, x, w: o.conv2d(x, w, 1),
    "cumsum rows": lambda o, x: o.cumsum(x, 1),
    "gather along rows (take_along_axis)": lambda o, x, idx: o.take_along_axis(x, idx, 1),
    "embedding lookup": lambda o, w, idx: o.embedding(w, idx),
}


def warm_up(ops, call):
    """Calls `call` for WARM_UP_SECONDS before anything is timed, as the bench does for
    ingot (bench/device_timing.hpp): an idle GPU's clocks take a while to come up."""
    start = time.perf_counter()
    while time.perf_counter() - start < WARM_UP_SECONDS:
        call()
        ops.sync()


def seconds_per_call(ops, call, samples):
    call()
    call()
    ops.sync()
    warm_up(ops, call)
    start = time.perf_counter()
    call()
    ops.sync()
    batch = max(1, min(1000, math.ceil(SAMPLE_SECONDS / (time.perf_counter() - start))))
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        for _ in range(batch):
            call()
        ops.sync()
        times.append((time.perf_counter() - start) / batch)
    return statistics.median_low(times)


def seconds_per_step(ops, step, state, steps, samples):
    def loop():
        nonlocal state
        for _ in range(steps):
            state = step(state)

    loop()
    ops.sync()
    warm_up(ops, loop)
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        loop()
        ops.sync()
        times.append((time.perf_counter() - start) / steps)
    return statistics.median_low(times)


def measure(ops, program, spec, samples):
    inputs = ops.inputs(spec, 7)
    call = lambda *args: program(ops, *args)
    if spec["steps"]:
        return seconds_per_step(ops, call, inputs[0], spec["steps"], samples)
    return seconds_per_call(ops, lambda: call(*inputs), samples)


def peers(device):
    if device == "cuda":
        if torch is None or not torch.cuda.is_available():
            print("workload_peers: PyTorch with CUDA is not available: no CUDA peers", file=sys.stderr)
            return []
        torch.backends.cuda.matmul.allow_tf32 = False  # float32 as float32, as ingot computes it
        torch.backends.cudnn.allow_tf32 = False
        print(f"workload_peers: {torch.cuda.get_device_name(0)}, torch {torch.__version__}",
              file=sys.stderr)
        eager = TorchOps("cuda", "torch eager")
        return [(eager, None), (TorchOps("cuda", "torch compile"), torch.compile)]
    found = []
    if np is None:
        print("workload_peers: NumPy is not installed: no numpy column", file=sys.stderr)
    else:
        print(f"workload_peers: numpy {np.__version__}", file=sys.stderr)
        found.append((NumpyOps(), None))
    if torch is None:
        print("workload_peers: PyTorch is not installed: no torch cpu column", file=sys.stderr)
    else:
        print(f"workload_peers: torch {torch.__version__} on {torch.get_num_threads()} threads",
              file=sys.stderr)
        found.append((TorchOps("cpu", "torch cpu"), None))
    return found


def main():
    spec_path, device = sys.argv[1], sys.argv[2]
    samples = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    with open(spec_path) as f:
        specs = json.load(f)
    figures = {}
    for ops, compile_with in peers(device):
        for spec in specs:
            program = WORKLOADS.get(spec["name"])
            if program is None:
                print(f"workload_peers: no program named '{spec['name']}'", file=sys.stderr)
                continue
            if compile_with is not None:
                program = compile_with(program)
            try:
                seconds = measure(ops, program, spec, samples)
            except Exception as e:  # a peer that cannot run a workload leaves its cell empty
                print(f"workload_peers: {ops.name} failed on '{spec['name']}': {e}", file=sys.stderr)
                continue
            figures[f"{ops.name}: {spec['name']}"] = seconds
            print(f"{ops.name:14s} {spec['name']:45s} {seconds * 1e3:10.3f} ms", file=sys.stderr,
                  flush=True)
    with open(os.path.join(os.environ.get("OUT", "."), "peers.json"), "w") as out:
        json.dump(figures, out)


if __name__ == "__main__":
    main()
