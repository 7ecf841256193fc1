"""NumPy and DLPack round trips: every dtype, views, byte order, float16 and bfloat16;
reference counting (an exported tensor stays alive as long as its consumer) and no leak
over many round trips."""

import gc
import sys
import weakref

import numpy as np
import pytest

import ingot
from conftest import ALL_DEVICES, check

NUMPY_DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
                np.uint32, np.uint64, np.float16, np.float32, np.float64]


def random_array(rng, dtype, shape=(3, 7)):
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    return rng.standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("dtype", NUMPY_DTYPES, ids=lambda d: np.dtype(d).name)
def test_numpy_round_trip_every_dtype(dtype, rng):
    x = random_array(rng, dtype)
    t = ingot.Tensor(x)
    assert t.dtype == getattr(ingot, np.dtype(dtype).name)
    y = t.numpy()
    assert y.dtype == x.dtype and y.shape == x.shape
    np.testing.assert_array_equal(y, x)
    np.testing.assert_array_equal(np.asarray(t), x)
    np.testing.assert_array_equal(ingot.from_numpy(x).numpy(), x)


def test_numpy_views_byte_order_and_layouts(rng):
    x = rng.standard_normal((6, 8))
    for view in (x[::2], x[:, ::-1], x.T, x[1:5:3, 2::-2], np.asfortranarray(x)):
        np.testing.assert_array_equal(ingot.Tensor(view).numpy(), view)
    big = x.astype(">f4")  # big-endian
    np.testing.assert_array_equal(ingot.Tensor(big).numpy(), big.astype(np.float32))
    assert ingot.Tensor(big).dtype == ingot.float32
    np.testing.assert_array_equal(ingot.Tensor(np.float32(2.5)).numpy(), np.float32(2.5))
    np.testing.assert_array_equal(ingot.Tensor(np.zeros((0, 3))).numpy(), np.zeros((0, 3)))


def test_nested_lists_and_scalars():
    t = ingot.Tensor([[1, 2], [3, 4]])
    assert t.shape == (2, 2) and t.dtype == ingot.int32
    assert t.tolist() == [[1, 2], [3, 4]]
    assert ingot.Tensor([[1.5, 2], [3, 4]]).dtype == ingot.float32
    assert ingot.Tensor(3).item() == 3 and ingot.Tensor(3).shape == ()
    assert ingot.Tensor(2.5).item() == 2.5
    assert ingot.Tensor(True).item() is True
    assert ingot.Tensor([2**40], dtype=ingot.int64).item() == 2**40
    assert ingot.Tensor([1, 2], dtype=ingot.float64).dtype == ingot.float64
    assert ingot.Tensor((1.0, 2.0), dtype="float16").numpy().dtype == np.float16


def test_float16_and_bfloat16(rng):
    x = rng.standard_normal(10).astype(np.float16)
    np.testing.assert_array_equal(ingot.Tensor(x).numpy(), x)
    ml_dtypes = pytest.importorskip("ml_dtypes")
    b = rng.standard_normal(10).astype(ml_dtypes.bfloat16)
    t = ingot.Tensor(b)
    assert t.dtype == ingot.bfloat16
    np.testing.assert_array_equal(t.numpy(), b)
    check(t.astype(ingot.float32), b.astype(np.float64))


@pytest.mark.parametrize("device", ALL_DEVICES)
def test_values_computed_on_every_device_come_back(device, rng):
    x = rng.standard_normal((5, 4)).astype(np.float32)
    t = ingot.Tensor(x, device=device)
    assert t.device == ingot.Device(device).name
    check(t.to("CPU") * 2, x.astype(np.float64) * 2)
    check((t * 3).to(device), x.astype(np.float64) * 3)


def test_dlpack_export_is_zero_copy_and_alive(rng):
    x = rng.standard_normal((4, 5)).astype(np.float32)
    t = (ingot.Tensor(x, device="CPU") * 2).realize()
    assert t.__dlpack_device__() == (1, 0)
    y = np.from_dlpack(t)
    np.testing.assert_array_equal(y, x * 2)
    # The same memory: a second export sees the first one's address.
    assert np.from_dlpack(t).__array_interface__["data"][0] == y.__array_interface__["data"][0]
    ref = weakref.ref(t)
    del t
    gc.collect()
    assert ref() is None  # the tensor object is gone; its buffer lives on in y
    np.testing.assert_array_equal(y, x * 2)


def test_from_dlpack_any_strides(rng):
    x = rng.standard_normal((6, 4))
    for view in (x, x[::2, ::-1], x.T):
        check(ingot.from_dlpack(view), view)
    assert ingot.from_dlpack(ingot.Tensor([1, 2])).tolist() == [1, 2]


def test_dlpack_export_refuses_emulated_devices():
    if "CL:0" not in ingot.devices():
        pytest.skip("no CL:0 here")
    with pytest.raises(ingot.ArgumentError, match="cannot be exported through DLPack"):
        ingot.Tensor([1.0], device="CL:0").__dlpack__()


def test_torch_from_dlpack_on_cuda():
    torch = pytest.importorskip("torch")
    if "CUDA:0" not in ingot.devices() or not torch.cuda.is_available():
        pytest.skip("needs CUDA:0 and a CUDA torch")
    t = ingot.arange(12, dtype=ingot.float32, device="CUDA:0").reshape(3, 4) * 2
    y = torch.from_dlpack(t)
    assert y.is_cuda and y.shape == (3, 4)
    assert y.cpu().tolist() == (np.arange(12).reshape(3, 4) * 2).tolist()


def test_no_leak_over_many_round_trips(rng):
    x = rng.standard_normal(64).astype(np.float32)
    gc.collect()
    before = sys.getrefcount(x)
    refs = []
    for i in range(10_000):
        t = ingot.Tensor(x, device="CPU")
        y = t.numpy()
        z = np.from_dlpack(t)
        if i % 1000 == 0:
            refs.append(weakref.ref(t))
        del t, y, z
    gc.collect()
    assert all(r() is None for r in refs)
    assert sys.getrefcount(x) == before
