"""A numerically stable softmax over rows, written with tensor ops (ingot fuses it into a
few kernels), against ingot's own softmax and NumPy."""

import numpy as np

import ingot


def softmax(x, axis=-1):
    shifted = x - x.max(axis=axis, keepdim=True)
    e = shifted.exp()
    return e / e.sum(axis=axis, keepdim=True)


rng = np.random.default_rng(0)
logits = rng.standard_normal((64, 1000)).astype(np.float32) * 4
t = ingot.Tensor(logits)
mine = softmax(t)
with ingot.Context(DEBUG=1):  # prints how many kernels the realization took
    mine.realize()
ref = np.exp(logits - logits.max(-1, keepdims=True))
ref /= ref.sum(-1, keepdims=True)
np.testing.assert_allclose(mine.numpy(), ref, rtol=1e-5, atol=1e-7)
np.testing.assert_allclose(t.softmax(-1).numpy(), ref, rtol=1e-5, atol=1e-7)
print("rows sum to", mine.sum(axis=1)[:4].numpy(), "; largest probability", mine.max().item())
