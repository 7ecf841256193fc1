"""Bad input from Python: every ingot error is an ingot.Error (ingot.ArgumentError, also a
ValueError, for arguments) with the library's message; wrong Python types are TypeErrors
naming the op; nothing crashes and the interpreter keeps working afterwards."""

import numpy as np
import pytest

import ingot


def still_works():
    assert (ingot.Tensor([1.0, 2.0]) + 1).tolist() == [2.0, 3.0]


ARGUMENT_ERRORS = [
    (lambda: ingot.Tensor([1, 2]).reshape(3), "reshape: cannot reshape a tensor of shape"),
    (lambda: ingot.Tensor([1, 2]) + ingot.Tensor([1, 2, 3]), "shapes \\(2\\) and \\(3\\)"),
    (lambda: ingot.zeros(2, 3).sum(axis=2), "axis 2 is out of range"),
    (lambda: ingot.zeros(2, 3).permute(0, 0), "permute"),
    (lambda: ingot.zeros(2, 3) @ ingot.zeros(2, 3), "matmul: shapes"),
    (lambda: ingot.zeros(2).astype("complex64"), "no ingot equivalent|complex"),
    (lambda: ingot.zeros(2, dtype="float128"), "float128|not a dtype|unknown dtype"),
    (lambda: ingot.Tensor(np.array([1 + 2j])), "dtype complex128 are not supported"),
    (lambda: ingot.Tensor(np.array(["a"])), "are not supported"),
    (lambda: ingot.Tensor([[1, 2], [3]]), "not a rectangular nesting"),
    (lambda: ingot.Tensor([2**40]), "beyond int32.*dtype=ingot.int64"),
    (lambda: ingot.Tensor([1, 2], dtype=ingot.int8) + 300, "300 does not fit in the tensor's type int8"),
    (lambda: ingot.arange(0, 1, 0), "arange: step must be nonzero"),
    (lambda: ingot.zeros(-1), "negative dimension"),
    (lambda: ingot.zeros(3).sum(axis=0, dim=0), "give axis or dim, not both"),
    (lambda: ingot.zeros(3).sum(axis=()), "axis=\\(\\) names no axis"),
    (lambda: bool(ingot.zeros(3)), "ambiguous"),
    (lambda: ingot.Tensor([1, 2]) & ingot.Tensor([1, 2]), "bitwise operators need bool"),
    (lambda: ~ingot.Tensor([1, 2]), "bitwise not needs a bool"),
    (lambda: ingot.Context(DEBG=1), "unknown setting 'DEBG'; valid: DEBUG"),
    (lambda: ingot.Context.set(BEAM=-1), "width -1 is negative"),
    (lambda: ingot.zeros(2).pad(((1, 2, 3),)), "\\(before, after\\) pair"),
    (lambda: ingot.zeros(2).numpy().__class__ and np.asarray(ingot.zeros(2), copy=False),
     "without a copy"),
]


@pytest.mark.parametrize("call,message", ARGUMENT_ERRORS, ids=lambda v: v if isinstance(v, str) else "")
def test_argument_errors(call, message):
    with pytest.raises(ingot.ArgumentError, match=message) as info:
        call()
    assert isinstance(info.value, ValueError) and isinstance(info.value, ingot.Error)
    still_works()


TYPE_ERRORS = [
    (lambda: ingot.Tensor(object()), "cannot make a tensor from object"),
    (lambda: ingot.Tensor([1.0]) + "x", "cannot combine a tensor with str"),
    (lambda: ingot.zeros("a"), "shape must be an int or a sequence of ints, not str"),
    (lambda: ingot.zeros(2.5), "shape must be an int"),
    (lambda: ingot.zeros(2).sum(axis="0"), "axis must be None, an int or a tuple"),
    (lambda: ingot.zeros(2, device=3), "device must be a name"),
    (lambda: ingot.zeros(2).reshape(None), "shape must be an int or a sequence"),
    (lambda: ingot.from_dlpack(object()), "no usable __dlpack__"),
    (lambda: ingot.from_numpy([1, 2]), "expected a numpy.ndarray"),
    (lambda: ingot.zeros(2).transpose("a", 1), "incompatible function arguments"),
    (lambda: repr(ingot.Tensor.__new__(ingot.Tensor)), "never initialized"),
    (lambda: ingot.Tensor([1.0]) + ingot.Tensor.__new__(ingot.Tensor), "never initialized"),
    (lambda: ingot.Tensor(ingot.Tensor.__new__(ingot.Tensor)), "never initialized"),
    (lambda: ingot.Tensor.__new__(ingot.Tensor).numpy(), "incompatible function arguments"),
]


@pytest.mark.parametrize("call,message", TYPE_ERRORS, ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # nanobind's, for the uninitialized ones
def test_type_errors(call, message):
    with pytest.raises(TypeError, match=message):
        call()
    still_works()


def test_device_and_runtime_errors():
    with pytest.raises(ingot.Error, match="NOPE"):
        ingot.zeros(2, device="NOPE:7")
    with pytest.raises(ingot.Error, match="NOPE"):
        ingot.Device("NOPE")
    with pytest.raises(ingot.Error):
        ingot.custom_kernel("this is not C", "f", [ingot.arg.output(4)], global_size=4,
                            device="CPU")
    still_works()


def test_metal_refuses_float64_with_a_message():
    if "METAL:0" not in ingot.devices():
        pytest.skip("no METAL:0 here")
    with pytest.raises(ingot.Error, match="float64"):
        ingot.Tensor([1.0], dtype=ingot.float64, device="METAL:0").exp().numpy()
    still_works()


def test_bfloat16_without_ml_dtypes_names_the_package(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ml_dtypes", None)  # import ml_dtypes now fails
    with pytest.raises(ingot.ArgumentError, match="pip install ml_dtypes"):
        ingot.zeros(2, dtype=ingot.bfloat16).numpy()
    still_works()
