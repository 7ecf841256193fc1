"""Kernels rendered by tinygrad's Metal renderer (tinygrad from PyPI) run unchanged on
METAL:0 through ingot.custom_kernel, with the buffers in the order tinygrad launches them:
each case's output against NumPy, its memory poisoned first. Skips where tinygrad or
METAL:0 is missing. tests/metal/render_tinygrad.py does the rendering (the C++ Metal suite
runs the same kernels through the emulated Metal's own API)."""

import pathlib
import sys

import numpy as np
import pytest

import ingot

pytest.importorskip("tinygrad")
if "METAL:0" not in ingot.devices():
    pytest.skip("METAL:0 does not open here", allow_module_level=True)
sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "metal"))
import render_tinygrad  # noqa: E402

CASES = list(render_tinygrad.rendered())


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_tinygrad_metal_kernel_runs_unchanged(case):
    name, function, source, groups, threads, buffers = case
    args, expected = [], None
    for role, values in buffers:
        if role == "in":
            args.append(ingot.Tensor(values, device="METAL"))
        else:
            # Poisoned (NaN) before the kernel, so an element it skips shows.
            args.append(ingot.arg.output(values.size, init=float("nan")))
            expected = values
    (out,) = ingot.custom_kernel(source, function, args, device="METAL",
                                 global_size=[g * t for g, t in zip(groups, threads)],
                                 local_size=list(threads))
    np.testing.assert_allclose(out.numpy(), expected, rtol=2e-5, atol=2e-5)
