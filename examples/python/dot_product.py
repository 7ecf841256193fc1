"""The seeds' first example: a dot product of two small tensors, then the same on every
device that opens, each checked against NumPy."""

import numpy as np

import ingot

a = ingot.Tensor([1.0, 2.0])
b = ingot.Tensor([3.0, 4.0])
print(a.dot(b).numpy())  # 11.0
assert a.dot(b).item() == 11.0

rng = np.random.default_rng(0)
x = rng.standard_normal(4096).astype(np.float32)
y = rng.standard_normal(4096).astype(np.float32)
expected = x.astype(np.float64) @ y.astype(np.float64)
for device in ingot.devices():
    got = ingot.Tensor(x, device=device).dot(ingot.Tensor(y, device=device)).item()
    print(f"{device:>8}: {got:.5f} (NumPy in float64: {expected:.5f})")
    assert abs(got - expected) < 1e-3 * max(1.0, abs(expected))
