"""@ingot.jit on every device: replays equal a float64 NumPy reference of the same function
and compile nothing, tensors and keyword arguments bind as in a plain call, other values
key the capture, new shapes re-capture up to the bound and then raise, earlier results
stay, random numbers advance per call as eager calls draw them, and bad use raises."""

import gc
import threading

import numpy as np
import pytest

import ingot


def f32(values, device=None):
    """A float32 tensor of host values (made float32 on the host: Metal has no float64)."""
    return ingot.Tensor(np.asarray(values, dtype=np.float32), device=device)


def layer(x, w, b, xp):
    """relu(x @ w + b) and half its row sums, in ingot (xp=None) or NumPy."""
    h = x @ w + b
    h = h.relu() if xp is None else np.maximum(h, 0)
    return h, h.sum(1) * 0.5


def inputs(rng, rows, device, width=16):
    x = rng.uniform(-3, 3, (rows, width))
    b = rng.uniform(-3, 3, (12,))
    xt = f32(x, device).realize()
    bt = f32(b, device).realize()
    return x, b, xt, bt


def expect_layer(step, rng, rows, w, device):
    x, b, xt, bt = inputs(rng, rows, device)
    got = step(xt, bt)
    want = layer(x, w, b, np)
    assert isinstance(got, tuple) and len(got) == 2
    for g, e in zip(got, want):
        np.testing.assert_allclose(g.numpy(), e, rtol=1e-4, atol=1e-4)


def make_step(w_tensor):
    @ingot.jit
    def step(x, b):
        return layer(x, w_tensor, b, None)

    return step


def test_replays_match_numpy_and_compile_nothing(device, rng):
    w = rng.uniform(-1, 1, (16, 12))
    step = make_step(f32(w, device))
    expect_layer(step, rng, 5, w, device)
    for _ in range(3):
        x, b, xt, bt = inputs(rng, 5, device)
        before = ingot.engine_stats()
        got = step(xt, bt)
        after = ingot.engine_stats()
        assert after["kernels_compiled"] == before["kernels_compiled"]
        assert after["schedules"] == before["schedules"]
        assert after["kernels_launched"] > before["kernels_launched"]
        for g, e in zip(got, layer(x, w, b, np)):
            np.testing.assert_allclose(g.numpy(), e, rtol=1e-4, atol=1e-4)
    assert step.captures == 1


def test_new_shapes_recapture_and_the_bound_raises(device, rng):
    w = rng.uniform(-1, 1, (16, 12))
    wt = f32(w, device)
    step = ingot.jit(lambda x, b: layer(x, wt, b, None), max_captures=2)
    expect_layer(step, rng, 5, w, device)
    expect_layer(step, rng, 7, w, device)
    assert step.captures == 2
    _, _, xt, bt = inputs(rng, 9, device)
    with pytest.raises(ingot.Error, match=r"(?s)float32\(9, 16\).*max_captures.*float32\(5, 16\)"):
        step(xt, bt)
    assert step.captures == 2
    expect_layer(step, rng, 5, w, device)


def test_non_tensor_arguments_key_the_capture(device, rng):
    @ingot.jit(max_captures=2)
    def scaled(x, scale, *, shift=0.0):
        return x * scale + shift

    a = rng.uniform(-1, 1, (6,))
    at = f32(a, device)
    np.testing.assert_allclose(scaled(at, 2.0).numpy(), a * 2, rtol=1e-6)
    np.testing.assert_allclose(scaled(at, 3.0).numpy(), a * 3, rtol=1e-6)
    np.testing.assert_allclose(scaled(at, 2.0).numpy(), a * 2, rtol=1e-6)
    with pytest.raises(ingot.Error, match="max_captures"):
        scaled(at, 2.0, shift=1.0)
    with pytest.raises(TypeError, match="hashable"):
        scaled(at, [2.0])


def test_earlier_results_are_not_overwritten(device, rng):
    step = ingot.jit(lambda x: [x + 1.0])
    values = [rng.uniform(-1, 1, (9,)) for _ in range(3)]
    results = [step(f32(v, device)) for v in values]
    for v, r in zip(values, results):
        assert isinstance(r, list)
        np.testing.assert_allclose(r[0].numpy(), v + 1, rtol=1e-6)


def test_external_tensors_and_dropped_inputs(device, rng):
    w = rng.uniform(-1, 1, (16, 12))
    step = make_step(f32(w, device))
    expect_layer(step, rng, 5, w, device)
    gc.collect()
    ingot.zeros(16 * 12, device=device).realize()  # memory freed since, handed out again
    expect_layer(step, rng, 5, w, device)


def test_random_numbers_advance_as_eager_calls_draw(device, rng):
    def noisy(x):
        return x + ingot.rand(*x.shape, device=x.device)

    x = f32(rng.uniform(-1, 1, (33,)), device)
    step = ingot.jit(noisy)
    ingot.manual_seed(5)
    replayed = [step(x).numpy() for _ in range(3)]
    ingot.manual_seed(5)
    for r in replayed:
        np.testing.assert_array_equal(noisy(x).numpy(), r)
    assert not np.array_equal(replayed[1], replayed[2])


def test_bad_use_raises(device, rng):
    with pytest.raises(TypeError, match="expected a function"):
        ingot.jit(3)
    with pytest.raises(ingot.ArgumentError, match="max_captures"):
        ingot.jit(lambda x: x, max_captures=0)
    returns_a_number = ingot.jit(lambda x: 3)
    with pytest.raises(TypeError, match="must return an ingot.Tensor"):
        returns_a_number(ingot.ones(3, device=device))
    assert returns_a_number.captures == 0

    @ingot.jit
    def raises(x):
        raise ValueError("inside the function")

    with pytest.raises(ValueError, match="inside the function"):
        raises(ingot.ones(3, device=device))
    assert raises.captures == 0


def test_threads_capture_and_replay_at_once(rng):
    step = ingot.jit(lambda x: x * 2.0 + 1.0)
    values = [rng.uniform(-1, 1, (4 + i % 2, 8)) for i in range(8)]
    results = [None] * len(values)

    def work(i):
        results[i] = step(f32(values[i])).numpy()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(values))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for v, r in zip(values, results):
        np.testing.assert_allclose(r, v * 2 + 1, rtol=1e-5)
    assert step.captures == 2


def test_a_nested_jit_runs_inside_the_outer_capture(device, rng):
    inner = ingot.jit(lambda x: x * 3.0)
    outer = ingot.jit(lambda x: inner(x + 1.0))
    for _ in range(3):
        a = rng.uniform(-1, 1, (6,))
        np.testing.assert_allclose(outer(f32(a, device)).numpy(), (a + 1) * 3, rtol=1e-5)
    assert inner.captures == 0 and outer.captures == 1
