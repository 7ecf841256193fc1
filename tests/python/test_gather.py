"""Indexing by integer tensors against NumPy: t[idx] mixed with ints, slices, None and ...;
take, gather, take_along_axis, scatter_add, index_add, one_hot, embedding, cumsum, cumprod,
sort, argsort and topk; indices out of range answered by an ingot.ArgumentError when the
result is computed, after which the tensors keep working."""

import numpy as np
import pytest

import ingot
from conftest import check, on_devices

# The ops run on every device in the C++ op suite (tests/ops/indexing_test.cpp,
# scan_sort_test.cpp); here their Python spelling runs on the CPU.
device = "CPU"

IDX = np.array([2, 0, -1, 3])
IDX2 = np.array([[1, -2], [0, 3]])
KEYS = [
    (IDX,), (slice(None), IDX), (Ellipsis, IDX2), (IDX2, slice(1, 3)), (1, IDX),
    (IDX, 0), (0, slice(None), IDX), (None, IDX2, slice(None, None, -1)),
    ([0, 2, -1],), (slice(None), [[1], [3]], Ellipsis),
]


@on_devices(KEYS, 3)
def test_getitem_with_indices_matches_numpy(device, case, rng):
    x = rng.standard_normal((5, 6, 4)).astype(np.float32)
    key = tuple(ingot.Tensor(k.astype(np.int32), device=device) if isinstance(k, np.ndarray)
                else k for k in case)
    got = ingot.Tensor(x, device=device)[key]
    expected = x[case]
    assert got.shape == expected.shape
    check(got, expected.astype(np.float64))


def test_getitem_refuses_masks_and_several_tensors():
    t = ingot.arange(6).reshape(2, 3)
    with pytest.raises(IndexError, match="where"):
        t[ingot.Tensor([True, False])]
    with pytest.raises(IndexError, match="one tensor of indices"):
        t[ingot.Tensor([0]), ingot.Tensor([1])]
    assert t[1, 2].item() == 5


def test_gather_family(rng):
    x = rng.standard_normal((4, 7)).astype(np.float32)
    t = ingot.Tensor(x, device=device)
    idx = rng.integers(0, 7, size=(4, 3))
    check(t.gather(1, ingot.Tensor(idx, device=device)), np.take_along_axis(x, idx, 1))
    neg = rng.integers(-4, 4, size=(2, 7))
    check(t.take_along_axis(ingot.Tensor(neg, device=device), 0), np.take_along_axis(x, neg, 0))
    check(t.take(ingot.Tensor(IDX2, device=device), axis=1), np.take(x, IDX2, axis=1))
    w = rng.standard_normal((9, 5)).astype(np.float32)
    tokens = rng.integers(0, 9, size=(2, 6))
    check(ingot.embedding(ingot.Tensor(w, device=device), tokens), w[tokens])
    check(ingot.Tensor(tokens, device=device).one_hot(9), np.eye(9, dtype=np.int64)[tokens])


def test_scatter_add_and_index_add(rng):
    x = rng.standard_normal((5, 4)).astype(np.float32)
    src = rng.standard_normal((3, 4)).astype(np.float32)
    idx = rng.integers(0, 5, size=(3, 4))
    expected = x.astype(np.float64)
    np.add.at(expected, (idx, np.arange(4)[None, :]), src)
    t = ingot.Tensor(x, device=device)
    check(t.scatter_add(0, ingot.Tensor(idx, device=device), ingot.Tensor(src, device=device)),
          expected)
    rows = np.array([4, 0, 4])
    expected = x.astype(np.float64)
    np.add.at(expected, rows, 2 * src)
    check(t.index_add(0, rows, ingot.Tensor(src, device=device), alpha=2), expected)


def test_scans(rng):
    x = rng.uniform(0.5, 1.5, size=(3, 300)).astype(np.float32)
    t = ingot.Tensor(x, device=device)
    check(t.cumsum(axis=1), np.cumsum(x.astype(np.float64), axis=1), rtol=1e-5, atol=1e-4)
    check(t.cumprod(dim=0), np.cumprod(x.astype(np.float64), axis=0), rtol=1e-5)
    ints = rng.integers(-9, 9, size=(4, 5)).astype(np.int32)
    got = ingot.Tensor(ints, device=device).cumsum(0)
    assert got.dtype == ingot.int64
    check(got, np.cumsum(ints, axis=0))


def test_sort_argsort_topk(rng):
    x = rng.integers(-3, 3, size=(4, 10)).astype(np.float32)  # ties
    t = ingot.Tensor(x, device=device)
    values, indices = t.sort()
    check(values, np.sort(x, axis=-1))
    check(indices, np.argsort(x, axis=-1, kind="stable"))
    check(t.argsort(dim=0, descending=True), np.argsort(-x, axis=0, kind="stable"))
    values, indices = t.topk(3)
    order = np.argsort(-x, axis=-1, kind="stable")[:, :3]
    check(indices, order)
    check(values, np.take_along_axis(x, order, -1))


def test_out_of_range_is_an_error_and_the_next_op_works():
    t = ingot.arange(12, dtype=ingot.float32, device=device).reshape(3, 4)
    with pytest.raises(ingot.ArgumentError, match="take: index 3 is out of range for axis 0 of"
                       " size 3"):
        t[ingot.Tensor([0, 3], device=device)].numpy()
    with pytest.raises(ValueError, match="gather: index -1 .* negative indices are refused"):
        t.gather(1, ingot.Tensor([[-1]], device=device)).numpy()
    check(t[ingot.Tensor([2, -3], device=device)], np.arange(12).reshape(3, 4)[[2, -3]])
