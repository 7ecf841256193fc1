"""Renders kernels with tinygrad's Metal renderer (tinygrad from PyPI), for
tests/metal/tinygrad_test.cpp: for each case, the MSL tinygrad would hand Apple's compiler,
its launch, and its buffers with random inputs and the outputs numpy computes.

Usage: python render_tinygrad.py OUT_DIR. Writes OUT_DIR/<case>.metal and OUT_DIR/<case>.txt:
  line 1: the kernel's name
  line 2: threadgroups x y z, threads per threadgroup x y z (tinygrad's global and local size)
  then one line per buffer, in binding order: "<index> <count> <in|out> <file>", float32
  values in <file> (inputs) or expected in <file> (outputs).
Only rendering is needed, so tinygrad's Metal runtime (macOS only) is replaced by a stub.
"""
import os
import sys
import types

import numpy as np

stub = types.ModuleType("tinygrad.runtime.ops_metal")


class MetalCompiler:  # the "binary" is the source: nothing is compiled here
  def compile_cached(self, src):
    return src.encode()


stub.MetalCompiler = MetalCompiler
sys.modules["tinygrad.runtime.ops_metal"] = stub

from tinygrad import Tensor  # noqa: E402
from tinygrad.codegen import to_program  # noqa: E402
from tinygrad.helpers import Target  # noqa: E402
from tinygrad.renderer.cstyle import MetalRenderer  # noqa: E402
from tinygrad.uop.ops import Ops  # noqa: E402

rng = np.random.default_rng(24)


def rand(*shape):
  return rng.uniform(-2, 2, size=shape).astype(np.float32)


# name: (inputs, tinygrad's computation, numpy's reference)
CASES = {
  "add": ((rand(1000), rand(1000)), lambda a, b: a + b, lambda a, b: a + b),
  "hardsigmoid": ((rand(4, 300) * 4,), lambda a: a.hardsigmoid(),
                  lambda a: np.clip(a / 6 + 0.5, 0, 1)),
  "row_max": ((rand(37, 129),), lambda a: a.max(axis=1), lambda a: a.max(axis=1)),
  "sum_all": ((rand(4096),), lambda a: a.sum(), lambda a: a.astype(np.float64).sum()),
  "matmul": ((rand(64, 96), rand(96, 32)), lambda a, b: a @ b,
             lambda a, b: a.astype(np.float64) @ b.astype(np.float64)),
  "exp_where": ((rand(512), rand(512)), lambda a, b: (a > b).where(a.exp(), b * 0.5),
                lambda a, b: np.where(a > b, np.exp(a), b * 0.5)),
}


def calls(out):
  """The kernel calls of the schedule: each a SINK (the kernel) and its buffers, data0 first."""
  return [u for u in out.schedule_linear().toposort() if u.op is Ops.CALL]


def rendered():
  """Each case as tinygrad would launch it: (name, function, MSL source, threadgroups,
  threads per threadgroup, buffers in binding order as (role, float32 values))."""
  renderer = MetalRenderer(Target(device="METAL", arch="Apple7"))
  for name, (inputs, compute, reference) in CASES.items():
    tensors = [Tensor(x, device="CPU").realize() for x in inputs]
    kernels = calls(compute(*tensors))
    if len(kernels) != 1:
      print(f"{name}: {len(kernels)} kernels, skipped (one kernel a case)")
      continue
    program = to_program(kernels[0].src[0], renderer)
    source = next(s.arg for s in program.src if s.op is Ops.SOURCE)
    info = program.arg
    expected = np.asarray(reference(*inputs), dtype=np.float32).reshape(-1)
    function = source.split("kernel void ")[1].split("(")[0]
    # Each of the call's buffers is an input's (the tensor's own buffer) or the output.
    buffers = []
    for param in kernels[0].src[1:]:
      given = [x for t, x in zip(tensors, inputs) if param in t.uop.toposort()]
      buffers.append(("in", given[0].reshape(-1)) if given else ("out", expected))
    roles = [role for role, _ in buffers]
    assert roles.count("out") == 1 and roles.count("in") == len(inputs), f"{name}: buffers {roles}"
    yield name, function, source, tuple(info.global_size), tuple(info.local_size), buffers


def main(folder):
  os.makedirs(folder, exist_ok=True)
  for name, function, source, groups, threads, buffers in rendered():
    with open(os.path.join(folder, name + ".metal"), "w") as f:
      f.write(source)
    lines = [function, " ".join(str(v) for v in (*groups, *threads))]
    for index, (role, values) in enumerate(buffers):
      file = f"{name}.{index}.bin"
      values.astype(np.float32).tofile(os.path.join(folder, file))
      lines.append(f"{index} {values.size} {role} {file}")
    with open(os.path.join(folder, name + ".txt"), "w") as f:
      f.write("\n".join(lines) + "\n")
    print(f"{name}: {function}, {groups} x {threads}")


if __name__ == "__main__":
  main(sys.argv[1])
