"""ingot.export_function: the exported library, linked into a shared object and called
through ctypes, equals a float64 NumPy reference on new inputs; bad arguments return an
error code and a message; bad use raises. (tests/ops/export_test.cpp runs every device.)"""

import ctypes
import shutil
import subprocess

import numpy as np
import pytest

import ingot


class AotTensor(ctypes.Structure):
    """ingot_aot_tensor of ingot_aot.h."""
    _fields_ = [("data", ctypes.c_void_p), ("dtype", ctypes.c_int32), ("ndim", ctypes.c_int32),
                ("shape", ctypes.c_int64 * 8)]


FLOAT32 = 11  # INGOT_AOT_FLOAT32


def described(array):
    t = AotTensor(array.ctypes.data, FLOAT32, array.ndim)
    for d, n in enumerate(array.shape):
        t.shape[d] = n
    return t


def load(exported, tmp_path, name):
    """The exported library as a shared object, opened."""
    cc = shutil.which("clang-19") or shutil.which("cc")
    so = tmp_path / f"lib{name}.so"
    subprocess.run([cc, "-shared", "-o", str(so), "-Wl,--whole-archive", exported["library"],
                    "-Wl,--no-whole-archive", *exported["link_flags"]], check=True)
    lib = ctypes.CDLL(str(so))
    getattr(lib, f"{name}_last_error").restype = ctypes.c_char_p
    return lib


def test_exported_layer_matches_numpy_and_checks_its_arguments(tmp_path, rng):
    w = rng.uniform(-1, 1, (16, 12))
    wt = ingot.Tensor(w.astype(np.float32))

    def layer(x, b):
        h = (x @ wt + b).relu()
        return h, h.sum(1)

    example = [ingot.Tensor(np.zeros((5, 16), np.float32)), ingot.Tensor(np.zeros(12, np.float32))]
    exported = ingot.export_function(layer, example, "pylayer", tmp_path / "out", "CPU",
                                     input_names=["x", "b"], output_names=["h", "rows"])
    assert exported["header"].endswith("pylayer.h")
    lib = load(exported, tmp_path, "pylayer")
    x = rng.uniform(-3, 3, (5, 16)).astype(np.float32)
    b = rng.uniform(-3, 3, 12).astype(np.float32)
    h = np.full((5, 12), np.nan, np.float32)
    rows = np.full(5, np.nan, np.float32)
    inputs = (AotTensor * 2)(described(x), described(b))
    outputs = (AotTensor * 2)(described(h), described(rows))
    assert lib.pylayer(inputs, outputs) == 0, lib.pylayer_last_error()
    want = np.maximum(x.astype(np.float64) @ w + b, 0)
    np.testing.assert_allclose(h, want, rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(rows, want.sum(1), rtol=1e-5, atol=1e-3)

    inputs[1].shape[0] = 13
    assert lib.pylayer(inputs, outputs) == 1
    assert lib.pylayer_last_error() == (
        b"pylayer: input 'b' has shape [13]; the function was exported for [12]")
    assert lib.pylayer(None, outputs) == 1
    assert lib.pylayer_last_error() == b"pylayer: the inputs pointer is NULL"
    getattr(lib, "pylayer_release")()


def test_bad_use_raises(tmp_path):
    x = [ingot.Tensor(np.zeros(3, np.float32))]
    with pytest.raises(ingot.ArgumentError, match="not a C identifier"):
        ingot.export_function(lambda t: t, x, "no good", tmp_path, "CPU")
    with pytest.raises(ingot.ArgumentError, match="1 input names given for 2"):
        ingot.export_function(lambda a, b: a + b, x * 2, "f", tmp_path, "CPU", input_names=["a"])
    with pytest.raises(TypeError, match="must return a tensor"):
        ingot.export_function(lambda t: 3, x, "f", tmp_path, "CPU")
    with pytest.raises(TypeError, match="expected a function"):
        ingot.export_function(None, x, "f", tmp_path, "CPU")
