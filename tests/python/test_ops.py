"""Every op of the Tensor API from Python against NumPy in float64, on random data of odd,
zero-size, 0-d, broadcast and non-contiguous shapes: all cases on the CPU, a sample on the
emulated devices (CL:0, METAL:0) and on CUDA where it opens."""

import math

import numpy as np
import pytest

import ingot
from conftest import ALL_DEVICES, check, on_devices

SHAPES = [(7, 13), (0, 5), (), (1,), (3, 1, 5), (33,)]


def positive(rng, shape):
    return rng.uniform(0.25, 4.0, shape).astype(np.float32)


def signed(rng, shape):
    return rng.uniform(-3.0, 3.0, shape).astype(np.float32)


def gelu(x):
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))


# name, input maker, ingot op, float64 reference
UNARY = [
    ("neg", signed, lambda t: -t, lambda x: -x),
    ("abs", signed, lambda t: abs(t), np.abs),
    ("exp", signed, lambda t: t.exp(), np.exp),
    ("exp2", signed, lambda t: t.exp2(), np.exp2),
    ("log", positive, lambda t: t.log(), np.log),
    ("log2", positive, lambda t: ingot.log2(t), np.log2),
    ("sqrt", positive, lambda t: t.sqrt(), np.sqrt),
    ("rsqrt", positive, lambda t: t.rsqrt(), lambda x: 1 / np.sqrt(x)),
    ("sin", signed, lambda t: t.sin(), np.sin),
    ("cos", signed, lambda t: t.cos(), np.cos),
    ("tanh", signed, lambda t: t.tanh(), np.tanh),
    ("sigmoid", signed, lambda t: t.sigmoid(), lambda x: 1 / (1 + np.exp(-x))),
    ("relu", signed, lambda t: t.relu(), lambda x: np.maximum(x, 0)),
    ("gelu", signed, lambda t: t.gelu(), gelu),
    ("reciprocal", positive, lambda t: t.reciprocal(), lambda x: 1 / x),
    ("square", signed, lambda t: t.square(), np.square),
    ("clamp", signed, lambda t: t.clamp(-1, 0.5), lambda x: np.clip(x, -1, 0.5)),
    ("pow_scalar", positive, lambda t: t**1.5, lambda x: x**1.5),
    ("add_scalar", signed, lambda t: t + 2, lambda x: x + 2),
    ("rsub_scalar", signed, lambda t: 1.5 - t, lambda x: 1.5 - x),
    ("rtruediv_scalar", positive, lambda t: 2 / t, lambda x: 2 / x),
    ("softmax", signed, lambda t: t.softmax(), None),
    ("log_softmax", signed, lambda t: t.log_softmax(-1), None),
]


def softmax_ref(x, log=False):
    m = x.max(-1, keepdims=True)
    shifted = x - m
    log_sum = np.log(np.exp(shifted).sum(-1, keepdims=True))
    return shifted - log_sum if log else np.exp(shifted - log_sum)


UNARY_CASES = [(u, s) for u in UNARY for s in SHAPES]


@on_devices(UNARY_CASES, 5, lambda v: f"{v[0][0]}-{v[1]}")
def test_unary(device, case, rng):
    (name, make, op, ref), shape = case
    if name in ("softmax", "log_softmax") and shape == ():
        pytest.skip("softmax of a 0-d tensor: NumPy has no reference axis")
    x = make(rng, shape)
    expected = ref(x.astype(np.float64)) if ref else softmax_ref(x.astype(np.float64),
                                                                 log=name == "log_softmax")
    check(op(ingot.Tensor(x, device=device)), expected, rtol=2e-5, atol=2e-6)


BINARY = [
    ("add", lambda a, b: a + b),
    ("sub", lambda a, b: a - b),
    ("mul", lambda a, b: a * b),
    ("div", lambda a, b: a / b),
    ("pow", lambda a, b: abs(a) ** b),
    ("maximum", lambda a, b: ingot.maximum(a, b) if isinstance(a, ingot.Tensor) else np.maximum(a, b)),
    ("minimum", lambda a, b: ingot.minimum(a, b) if isinstance(a, ingot.Tensor) else np.minimum(a, b)),
    ("lt", lambda a, b: a < b),
    ("le", lambda a, b: a <= b),
    ("gt", lambda a, b: a > b),
    ("ge", lambda a, b: a >= b),
    ("eq", lambda a, b: a == b),
    ("ne", lambda a, b: a != b),
]
PAIRS = [((7, 13), (7, 13)), ((4, 1, 5), (3, 1)), ((), (6,)), ((0, 3), (1, 3)), ((5,), ())]
BINARY_CASES = [(b, p) for b in BINARY for p in PAIRS]


@on_devices(BINARY_CASES, 5, lambda v: f"{v[0][0]}-{v[1]}")
def test_binary_broadcasting(device, case, rng):
    (name, op), (sa, sb) = case
    a = signed(rng, sa)
    b = positive(rng, sb) if name in ("div", "pow") else signed(rng, sb)
    if name in ("lt", "le", "gt", "ge", "eq", "ne"):
        # Few distinct values, so that equal pairs are common.
        a = rng.integers(-1, 2, sa).astype(np.float32)
        b = rng.integers(-1, 2, sb).astype(np.float32)
    expected = op(a.astype(np.float64), b.astype(np.float64))
    check(op(ingot.Tensor(a, device=device), ingot.Tensor(b, device=device)), expected,
          rtol=3e-5, atol=2e-6)


REDUCTIONS = [
    ("sum", lambda t, ax, k: t.sum(ax, k), lambda x, ax, k: x.sum(ax, keepdims=k)),
    ("prod", lambda t, ax, k: t.prod(axis=ax, keepdims=k), lambda x, ax, k: x.prod(ax, keepdims=k)),
    ("max", lambda t, ax, k: t.max(dim=ax, keepdim=k), lambda x, ax, k: x.max(ax, keepdims=k)),
    ("min", lambda t, ax, k: t.min(ax, k), lambda x, ax, k: x.min(ax, keepdims=k)),
    ("mean", lambda t, ax, k: t.mean(ax, k), lambda x, ax, k: x.mean(ax, keepdims=k)),
    ("var", lambda t, ax, k: t.var(ax, k), lambda x, ax, k: x.var(ax, keepdims=k, ddof=1)),
    ("std", lambda t, ax, k: t.std(ax, k, correction=0), lambda x, ax, k: x.std(ax, keepdims=k)),
    ("any", lambda t, ax, k: (t > 1).any(ax, k), lambda x, ax, k: (x > 1).any(ax, keepdims=k)),
    ("all", lambda t, ax, k: (t > -2).all(ax, k), lambda x, ax, k: (x > -2).all(ax, keepdims=k)),
]
AXES = [None, 0, -1, (0, 2), 1]
REDUCTION_CASES = [(r, ax, k) for r in REDUCTIONS for ax in AXES for k in (False, True)]


@on_devices(REDUCTION_CASES, 7, lambda v: f"{v[0][0]}-{v[1]}-{v[2]}")
def test_reductions(device, case, rng):
    (name, op, ref), axis, keepdim = case
    x = rng.uniform(0.5, 1.5, (3, 5, 4)).astype(np.float32) if name == "prod" else signed(rng, (3, 5, 4))
    check(op(ingot.Tensor(x, device=device), axis, keepdim), ref(x.astype(np.float64), axis, keepdim),
          rtol=3e-5, atol=3e-6)


@pytest.mark.parametrize("device", ALL_DEVICES)
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_argmax_argmin(device, axis, rng):
    x = signed(rng, (6, 9))
    t = ingot.Tensor(x, device=device)
    check(t.argmax(axis), np.argmax(x, axis))
    check(ingot.argmin(t, axis=axis, keepdims=axis is not None),
          np.argmin(x, axis, keepdims=axis is not None))


MOVEMENT = [
    ("reshape", lambda t: t.reshape(6, -1), lambda x: x.reshape(6, -1)),
    ("reshape_tuple", lambda t: t.reshape((2, 3, 10)), lambda x: x.reshape(2, 3, 10)),
    ("permute", lambda t: t.permute(2, 0, 1), lambda x: x.transpose(2, 0, 1)),
    ("transpose", lambda t: t.transpose(0, 2), lambda x: x.swapaxes(0, 2)),
    ("T", lambda t: t.T, lambda x: x.T),
    ("expand", lambda t: t[:, :1].expand(3, 4, 5), lambda x: np.broadcast_to(x[:, :1], (3, 4, 5))),
    ("broadcast_to", lambda t: t[:1].broadcast_to((2, 4, 5)), lambda x: np.broadcast_to(x[:1], (2, 4, 5))),
    ("pad", lambda t: t.pad(((1, 0), (0, 2)), 7.0), lambda x: np.pad(x, ((1, 0), (0, 2), (0, 0)), constant_values=7)),
    ("flip", lambda t: t.flip((0, 2)), lambda x: x[::-1, :, ::-1]),
    ("squeeze", lambda t: t[:, :1].squeeze(1), lambda x: x[:, 0]),
    ("unsqueeze", lambda t: t.unsqueeze(-1), lambda x: x[..., None]),
    ("flatten", lambda t: t.flatten(1), lambda x: x.reshape(3, -1)),
    ("repeat", lambda t: t.repeat(2, 1, 3), lambda x: np.tile(x, (2, 1, 3))),
    ("cat", lambda t: ingot.cat([t, t * 2], axis=1), lambda x: np.concatenate([x, x * 2], 1)),
    ("stack", lambda t: ingot.stack([t, -t], dim=-1), lambda x: np.stack([x, -x], -1)),
    ("reshape_flip", lambda t: t.reshape(4, 15).flip(1), lambda x: x.reshape(4, 15)[:, ::-1]),
    ("view_of_view", lambda t: t.T[1:, ::2].reshape(-1), lambda x: x.T[1:, ::2].reshape(-1)),
]


@on_devices(MOVEMENT, 3, lambda v: v[0])
def test_movement(device, case, rng):
    name, op, ref = case
    x = signed(rng, (3, 4, 5))
    check(op(ingot.Tensor(x, device=device)) + 0, ref(x.astype(np.float64)))


@pytest.mark.parametrize("device", ALL_DEVICES)
@pytest.mark.parametrize("shapes", [((5, 7), (7, 3)), ((2, 4, 6), (6, 5)), ((6,), (6, 2)),
                                    ((3, 8), (8,)), ((0, 4), (4, 3)), ((16, 16), (16, 16))])
def test_matmul(device, shapes, rng):
    a, b = signed(rng, shapes[0]), signed(rng, shapes[1])
    got = ingot.Tensor(a, device=device) @ ingot.Tensor(b, device=device)
    check(got, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("device", ALL_DEVICES)
def test_non_contiguous_inputs(device, rng):
    x = signed(rng, (8, 6))
    view = x[::2, ::-1]  # a NumPy view with a negative stride
    assert not view.flags.c_contiguous
    check(ingot.Tensor(view, device=device) * 2, view.astype(np.float64) * 2)
    t = ingot.Tensor(x, device=device).T[1:, ::3]  # an ingot view
    check(t.exp(), np.exp(x.T[1:, ::3].astype(np.float64)), rtol=2e-6)
    check(ingot.Tensor(np.asfortranarray(x), device=device).sum(0), x.astype(np.float64).sum(0),
          rtol=2e-5, atol=1e-5)


@pytest.mark.parametrize("device", ALL_DEVICES)
@pytest.mark.parametrize("dtype", [ingot.int32, ingot.int64, ingot.uint8, ingot.int8, ingot.float16,
                                   ingot.float32, ingot.bool])
def test_dtypes_and_casts(device, dtype, rng):
    x = rng.integers(0, 100, (5, 6))
    t = ingot.Tensor(x.astype(np.int32), device=device).astype(dtype)
    assert t.dtype == dtype
    expected = x.astype(ingot.Tensor([0]).astype(dtype).numpy().dtype)
    check(t, expected)
    if dtype not in (ingot.bool,):
        check(t + t, (expected.astype(np.float64) * 2).astype(expected.dtype))


@pytest.mark.parametrize("device", ALL_DEVICES)
def test_integer_arithmetic_follows_pytorch_promotion(device):
    t = ingot.Tensor([1, 2, 3], device=device)
    assert t.dtype == ingot.int32
    assert (t + 1).dtype == ingot.int32
    assert (t + 0.5).dtype == ingot.float32
    assert (t / 2).dtype == ingot.float32
    check(t * 3 - 1, np.array([2, 5, 8]))
    assert ingot.Tensor([True, False]).dtype == ingot.bool


@pytest.mark.parametrize("device", ALL_DEVICES)
def test_where_and_logic(device, rng):
    x = signed(rng, (4, 7))
    t = ingot.Tensor(x, device=device)
    check(ingot.where(t > 0, t, 0.0), np.where(x > 0, x, 0).astype(np.float64))
    check(ingot.where(t > 0, 1, -1), np.where(x > 0, 1, -1))
    check((t > 0) & (t < 1), (x > 0) & (x < 1))
    check((t > 0) | ~(t < -1), (x > 0) | ~(x < -1))
    check((t > 0) ^ (t > 1), (x > 0) ^ (x > 1))


@pytest.mark.parametrize("device", ALL_DEVICES)
def test_creation(device):
    check(ingot.zeros(2, 3, device=device), np.zeros((2, 3)))
    check(ingot.ones((4,), dtype=ingot.int64, device=device), np.ones(4, np.int64))
    check(ingot.full((2, 2), 3, device=device), np.full((2, 2), 3))
    assert ingot.full((2,), 3).dtype == ingot.int32
    assert ingot.full((2,), 3.0).dtype == ingot.float32
    check(ingot.arange(10, device=device), np.arange(10))
    check(ingot.arange(1, 2, 0.25, device=device), np.arange(1, 2, 0.25))
    check(ingot.linspace(0, 1, 5, device=device), np.linspace(0, 1, 5))
    check(ingot.eye(3, 4, device=device), np.eye(3, 4))
    ingot.manual_seed(5)
    r = ingot.rand(1000, device=device).numpy()
    assert r.min() >= 0 and r.max() < 1 and abs(r.mean() - 0.5) < 0.05
    n = ingot.randn(4000, device=device).numpy()
    assert abs(n.mean()) < 0.1 and abs(n.std() - 1) < 0.1
    i = ingot.randint(-3, 4, (500,), device=device).numpy()
    assert i.min() == -3 and i.max() == 3
    z = ingot.zeros_like(ingot.Tensor([[1.0, 2.0]], device=device))
    assert z.shape == (1, 2) and z.device == ingot.Device(device).name
    check(ingot.full_like(z, 2.5), np.full((1, 2), 2.5))
    assert ingot.empty(3, 0).shape == (3, 0)
