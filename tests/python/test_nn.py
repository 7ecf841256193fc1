"""ingot.nn and ingot.nn.functional against NumPy in float64: convolutions and pools
(strides, padding, dilation, groups, non-contiguous inputs), attention, normalization,
losses, the modules' parameters and state, the errors of bad shapes, and a small CNN
trained with ingot.optim."""

import math

import numpy as np
import pytest

import ingot
import ingot.nn.functional as F
from conftest import ALL_DEVICES, check, on_devices
from ingot import nn


def pair(v):
    return (v, v) if isinstance(v, int) else v


def windows(x, kernel, stride, padding, dilation, fill=0.0):
    """x [N, C, H, W] -> [N, C, OH, OW, kh, kw] by indexing the padded array."""
    (kh, kw), (sh, sw), (ph, pw), (dh, dw) = map(pair, (kernel, stride, padding, dilation))
    xp = np.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)), constant_values=fill)
    oh = (xp.shape[2] - dh * (kh - 1) - 1) // sh + 1
    ow = (xp.shape[3] - dw * (kw - 1) - 1) // sw + 1
    rows = (np.arange(oh) * sh)[:, None] + np.arange(kh) * dh  # [OH, kh]
    cols = (np.arange(ow) * sw)[:, None] + np.arange(kw) * dw  # [OW, kw]
    return xp[:, :, rows[:, None, :, None], cols[None, :, None, :]]


def conv2d_reference(x, w, b, stride, padding, dilation, groups):
    win = windows(x, w.shape[2:], stride, padding, dilation)  # [N, C, OH, OW, kh, kw]
    n, c = x.shape[:2]
    win = win.reshape(n, groups, c // groups, *win.shape[2:])
    wg = w.reshape(groups, w.shape[0] // groups, *w.shape[1:])
    out = np.einsum("ngcyxij,gocij->ngoyx", win, wg).reshape(n, w.shape[0], *win.shape[3:5])
    return out if b is None else out + b[None, :, None, None]


# (x shape, w shape, stride, padding, dilation, groups, bias, transposed input)
CONV_CASES = [
    ((2, 3, 7, 6), (4, 3, 3, 3), 1, 1, 1, 1, True, False),
    ((1, 4, 9, 8), (6, 2, 3, 2), (2, 3), (1, 0), (2, 1), 2, False, True),
    # Channels in whole 8 x 8 tiles: a sum over taps of matmuls (TC) on the emulated Metal.
    ((2, 8, 6, 7), (16, 8, 3, 3), 1, 1, 1, 1, True, False),
    ((2, 3, 6, 7), (3, 1, 3, 3), 2, 1, 1, 3, True, False),
    ((2, 8, 5, 5), (4, 8, 1, 1), 1, 0, 1, 1, True, True),
    ((0, 2, 5, 5), (3, 2, 3, 3), 1, 1, 1, 1, True, False),
]


@on_devices(CONV_CASES, every=2, case_id=lambda c: f"{c[0]}x{c[1]}g{c[5]}")
def test_conv2d_matches_numpy(device, case, rng):
    xs, ws, stride, padding, dilation, groups, bias, transposed = case
    x = rng.uniform(-2, 2, xs).astype(np.float32)
    w = rng.uniform(-1, 1, ws).astype(np.float32)
    b = rng.uniform(-1, 1, ws[0]).astype(np.float32) if bias else None
    # A transposed input: the tensor holds x with H and W swapped, viewed back.
    tx = (ingot.Tensor(np.ascontiguousarray(x.transpose(0, 1, 3, 2)), device=device)
          .transpose(2, 3) if transposed else ingot.Tensor(x, device=device))
    tb = None if b is None else ingot.Tensor(b, device=device)
    got = F.conv2d(tx, ingot.Tensor(w, device=device), tb, stride, padding, dilation, groups)
    want = conv2d_reference(x.astype(np.float64), w.astype(np.float64), b, stride, padding,
                            dilation, groups)
    check(got, want, rtol=1e-4, atol=1e-4)


def test_conv1d_and_conv_transpose2d_match_numpy(device, rng):
    x = rng.uniform(-2, 2, (2, 4, 11)).astype(np.float32)
    w = rng.uniform(-1, 1, (6, 2, 3)).astype(np.float32)
    got = F.conv1d(ingot.Tensor(x, device=device), ingot.Tensor(w, device=device), None, 2, 1,
                   2, 2)
    want = conv2d_reference(x[:, :, None], w[:, :, None], None, (1, 2), (0, 1), (1, 2), 2)
    check(got, want[:, :, 0], rtol=1e-4, atol=1e-4)
    # conv_transpose2d: each input element scatters its kernel into the output.
    x = rng.uniform(-2, 2, (2, 4, 3, 4)).astype(np.float32)
    w = rng.uniform(-1, 1, (4, 3, 3, 2)).astype(np.float32)
    s, p, op, d, g = (2, 1), (1, 0), (1, 0), (1, 2), 2
    oh = (3 - 1) * s[0] - 2 * p[0] + d[0] * 2 + op[0] + 1
    ow = (4 - 1) * s[1] - 2 * p[1] + d[1] * 1 + op[1] + 1
    want = np.zeros((2, 6, oh, ow))
    for n, c, y, xx in np.ndindex(*x.shape):
        gi = c // 2
        for o, i, j in np.ndindex(3, 3, 2):
            oy, ox = y * s[0] - p[0] + i * d[0], xx * s[1] - p[1] + j * d[1]
            if 0 <= oy < oh and 0 <= ox < ow:
                want[n, gi * 3 + o, oy, ox] += x[n, c, y, xx] * w[c, o, i, j]
    got = F.conv_transpose2d(ingot.Tensor(x, device=device), ingot.Tensor(w, device=device),
                             stride=s, padding=p, output_padding=op, groups=g, dilation=d)
    check(got, want, rtol=1e-4, atol=1e-4)


def test_pools_match_numpy(device, rng):
    x = rng.uniform(-3, 3, (2, 3, 9, 8)).astype(np.float32)
    t = ingot.Tensor(x, device=device)
    check(F.max_pool2d(t, 2), windows(x, 2, 2, 0, 1).max(axis=(4, 5)))
    check(F.max_pool2d(t, (3, 2), (2, 1), 1, (1, 2)),
          windows(x, (3, 2), (2, 1), 1, (1, 2), fill=-np.inf).max(axis=(4, 5)))
    check(F.avg_pool2d(t, 3, 2, 1), windows(x, 3, 2, 1, 1).mean(axis=(4, 5)), rtol=1e-5,
          atol=1e-6)
    counts = windows(np.ones_like(x), 3, 2, 1, 1).sum(axis=(4, 5))
    check(F.avg_pool2d(t, 3, 2, 1, count_include_pad=False),
          windows(x, 3, 2, 1, 1).sum(axis=(4, 5)) / counts, rtol=1e-5, atol=1e-6)


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def test_attention_matches_numpy(device, rng):
    q, k, v = (rng.standard_normal(s).astype(np.float32) for s in
               [(2, 3, 5, 4), (2, 3, 6, 4), (2, 3, 6, 3)])
    tq, tk, tv = (ingot.Tensor(a, device=device) for a in (q, k, v))
    scores = q.astype(np.float64) @ k.transpose(0, 1, 3, 2) / 2.0
    check(F.scaled_dot_product_attention(tq, tk, tv), softmax(scores) @ v, rtol=1e-4,
          atol=1e-5)
    causal = np.where(np.tril(np.ones((5, 6), bool)), scores, -np.inf)
    check(F.scaled_dot_product_attention(tq, tk, tv, is_causal=True), softmax(causal) @ v,
          rtol=1e-4, atol=1e-5)
    keep = rng.uniform(size=(5, 6)) < 0.6
    keep[:, 0] = True
    masked = np.where(keep, scores * 2 * 0.3, -np.inf)
    check(F.scaled_dot_product_attention(tq, tk, tv, ingot.Tensor(keep, device=device),
                                         scale=0.3), softmax(masked) @ v, rtol=1e-4, atol=1e-5)


def test_losses_and_normalization_match_numpy(device, rng):
    logits = rng.standard_normal((6, 5)).astype(np.float32)
    target = rng.integers(0, 5, 6).astype(np.int32)
    log_p = logits - logits.max(1, keepdims=True)
    log_p = log_p - np.log(np.exp(log_p).sum(1, keepdims=True))
    per_row = -log_p[np.arange(6), target]
    tl, tt = ingot.Tensor(logits, device=device), ingot.Tensor(target, device=device)
    check(F.cross_entropy(tl, tt), per_row.mean(), rtol=1e-5, atol=1e-6)
    check(F.cross_entropy(tl, tt, reduction="none"), per_row, rtol=1e-5, atol=1e-6)
    a, b = rng.standard_normal((2, 4, 3)).astype(np.float32)
    check(F.mse_loss(ingot.Tensor(a, device=device), ingot.Tensor(b, device=device),
                     reduction="sum"), ((a.astype(np.float64) - b) ** 2).sum(), rtol=1e-5)
    p = rng.uniform(0.05, 0.95, (4, 3)).astype(np.float32)
    y = rng.uniform(0, 1, (4, 3)).astype(np.float32)
    bce = -(y * np.log(p.astype(np.float64)) + (1 - y) * np.log(1 - p.astype(np.float64)))
    check(F.binary_cross_entropy(ingot.Tensor(p, device=device), ingot.Tensor(y, device=device)),
          bce.mean(), rtol=1e-5)
    z = rng.uniform(-30, 30, (4, 3)).astype(np.float32)
    sp = lambda t: np.logaddexp(0, t)  # noqa: E731 (softplus)
    check(F.binary_cross_entropy_with_logits(ingot.Tensor(z, device=device),
                                             ingot.Tensor(y, device=device)),
          (y * sp(-z.astype(np.float64)) + (1 - y) * sp(z.astype(np.float64))).mean(), rtol=1e-5)
    x = rng.standard_normal((3, 4, 6)).astype(np.float32)
    mean, var = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
    check(F.layer_norm(ingot.Tensor(x, device=device), (6,)), (x - mean) / np.sqrt(var + 1e-5),
          rtol=1e-4, atol=1e-5)
    ms = (x.astype(np.float64) ** 2).mean(-1, keepdims=True)
    check(F.rms_norm(ingot.Tensor(x, device=device), 6, eps=1e-6), x / np.sqrt(ms + 1e-6),
          rtol=1e-4, atol=1e-5)


def test_modules_name_their_parameters_and_compute_their_functions(rng):
    ingot.manual_seed(0)
    net = nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                        nn.MaxPool2d(2), nn.Flatten(), nn.Dropout(0.5), nn.Linear(4 * 3 * 3, 5))
    names = [n for n, _ in net.named_parameters()]
    assert names == ["0.weight", "0.bias", "1.weight", "1.bias", "6.weight", "6.bias"]
    assert [n for n, _ in net.named_buffers()] == [
        "1.running_mean", "1.running_var", "1.num_batches_tracked"]
    assert set(net.state_dict()) == set(names) | {n for n, _ in net.named_buffers()}
    bound = 1 / math.sqrt(2 * 9)  # PyTorch's default: kaiming_uniform(a=sqrt(5))
    w = net[0].weight.numpy()
    assert w.shape == (4, 2, 3, 3) and np.abs(w).max() <= bound and np.abs(w).max() > 0.8 * bound
    x = rng.standard_normal((3, 2, 6, 7)).astype(np.float32)
    net(ingot.Tensor(x))  # a training step moves BatchNorm's running statistics
    conv = conv2d_reference(x.astype(np.float64), w.astype(np.float64), net[0].bias.numpy(), 1,
                            1, 1, 1)
    np.testing.assert_allclose(net[1].running_mean.numpy(), 0.1 * conv.mean(axis=(0, 2, 3)),
                               rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(net[1].running_var.numpy(),
                               0.9 + 0.1 * conv.var(axis=(0, 2, 3), ddof=1), rtol=1e-4)
    assert net[1].num_batches_tracked.item() == 1
    net.eval()
    assert not net[5].training
    bn = (conv - net[1].running_mean.numpy()[None, :, None, None]) / np.sqrt(
        net[1].running_var.numpy()[None, :, None, None] + 1e-5)
    pooled = np.maximum(bn, 0)[:, :, :6, :6].reshape(3, 4, 3, 2, 3, 2).max(axis=(3, 5))
    want = pooled.reshape(3, -1) @ net[6].weight.numpy().T.astype(np.float64) + net[6].bias.numpy()
    check(net(ingot.Tensor(x)), want, rtol=1e-4, atol=1e-4)


def test_bad_shapes_raise_argument_errors_naming_both_shapes():
    x, w = ingot.rand(2, 4, 6, 6), ingot.rand(3, 2, 3, 3)
    with pytest.raises(ingot.ArgumentError, match=r"\(2, 4, 6, 6\).*\(3, 2, 3, 3\).*groups"):
        F.conv2d(x, w)
    with pytest.raises(ValueError, match="kernel_size must be an int or a pair"):
        F.max_pool2d(x, "2")
    with pytest.raises(ingot.ArgumentError, match=r"q \(2, 5, 4\), k \(2, 6, 3\)"):
        F.scaled_dot_product_attention(ingot.rand(2, 5, 4), ingot.rand(2, 6, 3),
                                       ingot.rand(2, 6, 3))
    with pytest.raises(ingot.ArgumentError, match="reduction 'avg'"):
        F.mse_loss(ingot.rand(3), ingot.rand(3), reduction="avg")
    with pytest.raises(ingot.ArgumentError, match="groups must divide"):
        nn.Conv2d(3, 4, 3, groups=2)
    assert F.conv2d(x, ingot.rand(3, 4, 3, 3)).shape == (2, 3, 4, 4)  # still working


def test_initialisers_draw_within_their_bounds():
    ingot.manual_seed(3)
    assert nn.init.fans((64, 32, 3, 3)) == (288, 576)
    bound = math.sqrt(6 / (288 + 576))
    v = nn.init.xavier_uniform((64, 32, 3, 3)).numpy()
    assert np.abs(v).max() <= bound and np.abs(v).max() > 0.99 * bound
    n = nn.init.normal((4096,), 2.0, 0.5).numpy()
    assert abs(n.mean() - 2) < 0.03 and abs(n.std() - 0.5) < 0.02
    assert nn.init.kaiming_normal((8, 8), dtype=ingot.float16).dtype == ingot.float16


assert ALL_DEVICES  # the CPU always opens


def test_a_small_conv_net_trains_with_sgd():
    ingot.manual_seed(5)
    images = ingot.randn(12, 1, 6, 6)
    labels = ingot.randint(0, 3, (12,), dtype=ingot.int32)
    net = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                        nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8 * 3 * 3, 3))
    assert all(p.requires_grad for p in net.parameters())
    assert not any(b.requires_grad for b in net.buffers())
    opt = ingot.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    losses = []
    for _ in range(8):
        opt.zero_grad()
        loss = F.cross_entropy(net(images), labels)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    assert all(math.isfinite(v) for v in losses)
    assert losses[-1] < 0.6 * losses[0], losses


def test_embedding_module_looks_up_rows_and_trains(device, rng):
    ingot.manual_seed(3)
    layer = nn.Embedding(7, 5, device=device)
    weight = layer.weight.numpy()
    assert [name for name, _ in layer.named_parameters()] == ["weight"]
    idx = rng.integers(0, 7, size=(3, 4)).astype(np.int32)
    out = layer(ingot.Tensor(idx, device=device))
    check(out, weight[idx].astype(np.float64), rtol=0, atol=0)
    out.sum().backward()
    counts = np.bincount(idx.ravel(), minlength=7).astype(np.float64)
    check(layer.weight.grad, np.repeat(counts[:, None], 5, axis=1), rtol=0, atol=0)
    with pytest.raises(ingot.Error, match="embedding"):
        layer(ingot.Tensor(np.array([7], np.int32), device=device)).realize()
