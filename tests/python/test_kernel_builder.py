"""ingot.KernelBuilder: kernels built from ranges, threadgroup arrays and barriers on every
device, against float64 NumPy references, and the builder's checks naming the node."""

import numpy as np
import pytest

import ingot


def _poisoned(shape, device):
    """An output the kernel writes in place, NaN until it does."""
    t = ingot.full(shape, float("nan"), device=device)
    t.realize()
    return ingot.arg.inout(t)


def _group_sum(b, array, lid, threads):
    """Adds array[0..threads) of the group into array[0], between barriers."""
    stride = threads // 2
    while stride:
        b.begin_if(lid < stride)
        b.store(array, lid, b.load(array, lid) + b.load(array, lid + stride))
        b.end_if()
        b.barrier()
        stride //= 2


def test_row_sums_with_threadgroup_memory(device, rng):
    rows, cols, threads = 6, 203, 16
    b = ingot.KernelBuilder("py_row_sums", device)
    x = b.buffer("x", ingot.float32)
    out = b.buffer("out", ingot.float32, access="write")
    scale = b.scalar("scale", ingot.float32)
    r, lid = b.global_range(rows), b.local_range(threads)
    acc = b.accumulator(ingot.float32, 0.0)
    step = b.reduce_range((cols + threads - 1) // threads)
    col = step * threads + lid
    b.assign(acc, acc + b.load(x, r * cols + col, mask=col < cols))
    b.end(step)
    sums = b.local_array("sums", ingot.float32, threads)
    b.store(sums, lid, acc * scale)
    b.barrier()
    _group_sum(b, sums, lid, threads)
    b.begin_if(lid == 0)
    b.store(out, r, b.load(sums, lid))
    b.end_if()
    kernel = b.build()
    assert "py_row_sums" in kernel.source

    xs = rng.uniform(-1, 1, (rows, cols)).astype(np.float32)
    (got,) = kernel.run(ingot.Tensor(xs, device=device),
                        _poisoned((rows,), device), 0.5)
    want = 0.5 * xs.astype(np.float64).sum(axis=1)
    np.testing.assert_allclose(got.numpy(), want, atol=1e-4)


def test_vector_loads_and_math(device, rng):
    n = 64
    b = ingot.KernelBuilder("py_exp4", device)
    x = b.buffer("x", ingot.float32)
    y = b.buffer("y", ingot.float32, access="write")
    i = b.global_range(n // 4) * 4
    v = b.load(x, i, width=4)
    b.store(y, i, v.exp() * 2 - 1)
    xs = rng.uniform(-2, 2, n).astype(np.float32)
    (got,) = b.build().run(ingot.Tensor(xs, device=device),
                           _poisoned((n,), device))
    # exp(x) * 2 is rounded to float32 before the 1 is taken away: near exp(x) * 2 = 1 the
    # error is a few ulps of 1, not of the small result (CUDA's expf gave 1.6e-5 relative).
    np.testing.assert_allclose(got.numpy(), np.exp(xs.astype(np.float64)) * 2 - 1, rtol=1e-5,
                               atol=1e-6)


def test_checks_name_the_node(device):
    b = ingot.KernelBuilder("py_checks", device)
    x = b.buffer("x", ingot.float32)
    out = b.buffer("out", ingot.int32, access="write")
    one = b.constant(1, ingot.float32)
    with pytest.raises(ingot.Error, match=rf"store to 'out' of %{one.id}.*outside any global"):
        b.store(out, b.constant(0, ingot.int64), one)
    i = b.global_range(4)
    v = b.load(x, i)
    with pytest.raises(ingot.Error, match=rf"%{v.id}.*%{i.id}.*types differ"):
        v + i
    lid = b.local_range(2)
    b.begin_if(lid == 0)
    with pytest.raises(ingot.Error, match="barrier.*inside the if"):
        b.barrier()
    b.end_if()
    with pytest.raises(ingot.Error, match="local array 'huge'"):
        b.local_array("huge", ingot.float32, 1 << 30)
    with pytest.raises(TypeError, match="no truth"):
        if i < 2:
            pass
