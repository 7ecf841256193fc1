"""t[key] against NumPy's x[key]: ints, negative ints, slices with any step (clamped as
Python clamps), None, ... and their mixtures; len and iteration. Keys with tensors of
indices: test_gather.py."""

import numpy as np
import pytest

import ingot
from conftest import check, on_devices

KEYS = [
    0, -1, 2, (1, 2), (-1, -2, -3), slice(None), slice(1, 3), slice(None, None, 2),
    slice(None, None, -1), slice(3, 0, -2), slice(-2, None), slice(10, 20), slice(-100, 2),
    slice(5, 1), slice(None, None, -3), (Ellipsis, 1), (Ellipsis, slice(None, None, -1)),
    (None, 1), (1, None, slice(1, None)), (slice(None), None, Ellipsis, None),
    (Ellipsis,), (), (1, Ellipsis, -1), (slice(0, 4, 3), 2, slice(None, None, -2)),
    (None, None), (slice(-1, -5, -1), Ellipsis),
]


@on_devices(KEYS, 4)
def test_getitem_matches_numpy(device, case, rng):
    key = case
    x = rng.standard_normal((4, 5, 6)).astype(np.float32)
    got = ingot.Tensor(x, device=device)[key]
    expected = x[key]
    assert got.shape == expected.shape
    check(got, expected.astype(np.float64))


def test_index_errors():
    t = ingot.arange(6).reshape(2, 3)
    with pytest.raises(IndexError, match="index 2 is out of bounds for axis 0 with size 2"):
        t[2]
    with pytest.raises(IndexError, match="out of bounds for axis 1"):
        t[0, -4]
    with pytest.raises(IndexError, match="too many indices"):
        t[0, 0, 0]
    with pytest.raises(IndexError, match="one ellipsis"):
        t[..., ...]
    with pytest.raises(TypeError, match="indices must be ints, slices, None, ... or an integer"):
        t["a"]
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        t[::0]
    assert t[1, 2].item() == 5  # the tensor still works afterwards


def test_len_and_iteration():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    t = ingot.Tensor(x)
    assert len(t) == 3
    rows = list(t)
    assert len(rows) == 3
    for row, ref in zip(rows, x):
        check(row, ref)
    with pytest.raises(TypeError, match="0-d tensor has no length"):
        len(ingot.Tensor(1.0))
    assert [int(v) for v in ingot.arange(4)] == [0, 1, 2, 3]
