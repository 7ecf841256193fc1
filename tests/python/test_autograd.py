"""Autograd from Python: requires_grad, backward, grad (None and clearing), detach,
no_grad (scope and decorator), assign, with_gradient, and the errors; gradients against
NumPy's float64 derivatives."""

import numpy as np
import pytest

import ingot


def leaf(values, device="CPU"):
    return ingot.Tensor(np.asarray(values, dtype=np.float64) if device == "CPU"
                        else np.asarray(values, dtype=np.float32), device=device).requires_grad_()


def test_mlp_gradients_match_numpy(rng):
    x = rng.standard_normal((5, 4))
    w = rng.standard_normal((4, 3))
    b = rng.standard_normal(3)
    tw, tb = leaf(w), leaf(b)
    loss = ((ingot.Tensor(x) @ tw + tb).tanh() ** 2).mean()
    loss.backward()
    h = np.tanh(x @ w + b)
    dz = 2 * h * (1 - h * h) / h.size
    np.testing.assert_allclose(tw.grad.numpy(), x.T @ dz, rtol=1e-12)
    np.testing.assert_allclose(tb.grad.numpy(), dz.sum(0), rtol=1e-12)
    assert loss.item() == pytest.approx((h ** 2).mean(), rel=1e-12)


def test_softmax_cross_entropy_gradient(rng):
    logits = rng.standard_normal((4, 6))
    labels = np.array([0, 5, 2, 2])
    onehot = np.eye(6)[labels]
    t = leaf(logits)
    (-(t.log_softmax(-1) * ingot.Tensor(onehot)).sum(axis=1).mean()).backward()
    p = np.exp(logits - logits.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    np.testing.assert_allclose(t.grad.numpy(), (p - onehot) / 4, rtol=1e-10, atol=1e-14)


def test_grad_is_none_until_backward_and_clears():
    x = leaf([1.0, 2.0])
    assert x.requires_grad and x.grad is None
    (x * x).sum().backward()
    (x * x).sum().backward()
    assert x.grad.tolist() == [4.0, 8.0]
    x.grad = None
    assert x.grad is None
    x.requires_grad = False
    assert not (x * 2).requires_grad


def test_no_grad_scope_and_decorator():
    x = leaf([1.0, 2.0])
    with ingot.no_grad():
        assert not ingot.is_grad_enabled()
        assert not (x * 2).requires_grad
    assert ingot.is_grad_enabled()

    @ingot.no_grad()
    def evaluate(t):
        return t * 3

    assert not evaluate(x).requires_grad
    assert (x * 3).requires_grad


def test_detach_and_assign():
    x = leaf([1.0, 2.0, 3.0])
    d = (x * 2).detach()
    assert not d.requires_grad
    (x * d).sum().backward()
    assert x.grad.tolist() == [2.0, 4.0, 6.0]
    alias = x
    with ingot.no_grad():
        x.assign(x - 0.5 * x.grad)
    assert alias.tolist() == [0.0, 0.0, 0.0]
    assert alias.requires_grad


def test_errors_and_recovery():
    x = leaf([1.0, 2.0])
    y = x * 2
    with pytest.raises(ingot.Error, match="not a scalar"):
        y.backward()
    loss = y.sum()
    loss.backward()
    with pytest.raises(ingot.Error, match="already released"):
        loss.backward()
    with pytest.raises(ingot.Error, match="does not require grad"):
        ingot.Tensor([1.0]).sum().backward()
    with pytest.raises(ingot.ArgumentError, match="only floating-point"):
        ingot.Tensor([1, 2]).requires_grad_()
    z = (x ** 2).sum()
    z.backward(retain_graph=True)
    z.backward()
    # 2 from loss, then 2x twice from z.
    assert x.grad.tolist() == [6.0, 10.0]


def test_gradient_on_another_device():
    devices = [d for d in ingot.devices() if d in ("CL:0", "METAL:0", "CUDA:0")]
    if not devices:
        pytest.skip("no CL:0, METAL:0 or CUDA:0 here")
    for device in devices:
        x = leaf([0.5, -1.0, 2.0], device)
        (x.exp() * x).sum().backward()
        v = np.array([0.5, -1.0, 2.0])
        assert x.grad.device == device
        np.testing.assert_allclose(x.grad.numpy(), np.exp(v) * (1 + v), rtol=1e-5)


def adam_reference(p, grads, lr, b1, b2, eps, wd, decoupled):
    m = np.zeros_like(p)
    v = np.zeros_like(p)
    for t, g in enumerate(grads, 1):
        if decoupled:
            p = p * (1 - lr * wd)
        else:
            g = g + wd * p
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        p = p - lr * (m / (1 - b1 ** t)) / (np.sqrt(v / (1 - b2 ** t)) + eps)
    return p


@pytest.mark.parametrize("name", ["Adam", "AdamW"])
def test_adam_matches_numpy(rng, name):
    p0 = rng.standard_normal((3, 2))
    grads = [rng.standard_normal((3, 2)) for _ in range(3)]
    p = leaf(p0)
    opt = getattr(ingot.optim, name)([p], lr=0.01, betas=(0.8, 0.95), eps=1e-6, weight_decay=0.1)
    for g in grads:
        p.grad = ingot.Tensor(g)
        opt.step()
    want = adam_reference(p0, grads, 0.01, 0.8, 0.95, 1e-6, 0.1, name == "AdamW")
    np.testing.assert_allclose(p.numpy(), want, rtol=1e-12)
    assert opt.steps == 3
    assert set(opt.state_dict()) == {"step", "0.exp_avg", "0.exp_avg_sq"}


def test_sgd_training_loop_lowers_the_loss(rng):
    x = ingot.Tensor(rng.standard_normal((16, 3)).astype(np.float32))
    y = ingot.Tensor(rng.standard_normal((16, 1)).astype(np.float32))
    w = ingot.zeros(3, 1).requires_grad_()
    b = ingot.zeros(1).requires_grad_()
    opt = ingot.optim.SGD([w, b], lr=0.1, momentum=0.9, nesterov=True)
    losses = []
    for _ in range(10):
        opt.zero_grad()
        loss = ((x @ w + b - y) ** 2).mean()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    assert w.grad is not None and losses[-1] < losses[0]
    opt.lr = 0.05
    assert opt.lr == 0.05


def test_optimizer_errors():
    with pytest.raises(ingot.ArgumentError, match="does not require grad"):
        ingot.optim.SGD([ingot.zeros(2)], lr=0.1)
    with pytest.raises(ingot.ArgumentError, match="beta1"):
        ingot.optim.Adam([ingot.zeros(2).requires_grad_()], betas=(1.5, 0.9))


def test_with_gradient_uses_the_given_rule():
    # y = 2x with the rule 3 g (deliberately not the derivative: the rule that ran is the
    # one given), and None for an input it leaves out.
    x, w = leaf([1.0, 2.0]), leaf([5.0, 7.0])
    with ingot.no_grad():
        y = x * 2
    y = ingot.with_gradient(y, [x, w], lambda g: [g * 3, None])
    np.testing.assert_array_equal(y.numpy(), [2, 4])
    (y * ingot.Tensor(np.array([1.0, -1.0]))).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [3, -3])
    assert w.grad is None
    # One input: the rule may return the Tensor alone.
    z = leaf([1.0, 2.0])
    ingot.with_gradient(z * 1, [z], lambda g: g * 0.5).sum().backward()
    np.testing.assert_array_equal(z.grad.numpy(), [0.5, 0.5])


def test_with_gradient_errors_keep_the_process_working():
    x = leaf([1.0, 2.0])
    with pytest.raises(TypeError, match="with_gradient.*Tensor"):
        ingot.with_gradient(x * 1, [x], lambda g: "no").sum().backward()
    with pytest.raises(ingot.Error, match="2 gradients for 1 inputs"):
        ingot.with_gradient(x * 1, [x], lambda g: [g, g]).sum().backward()
    with pytest.raises(ZeroDivisionError):
        ingot.with_gradient(x * 1, [x], lambda g: 1 / 0).sum().backward()
    assert x.grad is None
    ingot.with_gradient(x * 1, [x], lambda g: [g]).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [1, 1])
