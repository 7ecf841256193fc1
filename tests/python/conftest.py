"""Shared fixtures: the devices that open here, and comparisons against NumPy references
computed in float64 on the host."""

import os
import zlib

import numpy as np
import pytest

import ingot

# The emulated devices run a sample of the op matrix (their kernels compile slowly); the
# CPU runs all of it. CUDA joins wherever it opens.
FULL_DEVICES = ["CPU"]
SAMPLE_DEVICES = ["CL:0", "METAL:0", "CUDA:0"]


def _opened(names):
    available = set(ingot.devices())
    return [n for n in names if n in available]


ALL_DEVICES = _opened(FULL_DEVICES + SAMPLE_DEVICES)
SAMPLED = _opened(SAMPLE_DEVICES)


@pytest.fixture(params=ALL_DEVICES)
def device(request):
    return request.param


@pytest.fixture
def rng(request):
    # A seed per test, derived from its id, so that a failure reproduces.
    seed = zlib.crc32(request.node.nodeid.encode())
    return np.random.default_rng(seed)


def tolerance(dtype):
    return {
        ingot.float16: (2e-3, 2e-3),
        ingot.bfloat16: (1.6e-2, 1.6e-2),
        ingot.float32: (2e-5, 1e-5),
        ingot.float64: (1e-12, 1e-12),
    }.get(dtype, (0, 0))


def check(t, reference, rtol=None, atol=None):
    """t (an ingot tensor) equals reference (float64 or exact NumPy values): shape, dtype
    kind and every element within the dtype's tolerance."""
    got = t.numpy()
    reference = np.asarray(reference)
    assert got.shape == reference.shape, (got.shape, reference.shape)
    default_rtol, default_atol = tolerance(t.dtype)
    rtol = default_rtol if rtol is None else rtol
    atol = default_atol if atol is None else atol
    if got.dtype == np.bool_ or np.issubdtype(got.dtype, np.integer):
        np.testing.assert_array_equal(got, reference)
    else:
        np.testing.assert_allclose(got.astype(np.float64), reference, rtol=rtol, atol=atol,
                                   equal_nan=True)


def sampled(cases, device, every=4):
    """All of `cases` on the CPU; every `every`-th one on the slower emulated devices."""
    return cases if device == "CPU" else cases[::every]


def on_devices(cases, every, case_id=lambda case: repr(case)):
    """Parametrizes a test over (device, case): every case on the CPU, every `every`-th on
    the other devices."""
    return pytest.mark.parametrize(
        "device,case", [(d, c) for d in ALL_DEVICES for c in sampled(cases, d, every)],
        ids=lambda v: v if isinstance(v, str) else case_id(v))


def pytest_report_header(config):
    return f"ingot devices: {ALL_DEVICES} (INGOT_CACHE={os.environ.get('INGOT_CACHE', '')})"
