"""A Metal kernel of one's own, written in MSL as a Python string, run on tensors on
METAL:0 (Apple's Metal on a Mac, the emulated Metal elsewhere). Run with DEV=METAL, or as is:
it names the device itself."""

import numpy as np

import ingot

SOURCE = """
#include <metal_stdlib>
using namespace metal;

// out[i] = a * x[i] + y[i], four elements per thread.
kernel void saxpy4(device float4* out [[buffer(0)]],
                   device const float4* x [[buffer(1)]],
                   device const float4* y [[buffer(2)]],
                   constant float& a [[buffer(3)]],
                   uint i [[thread_position_in_grid]]) {
  out[i] = a * x[i] + y[i];
}
"""

if "METAL:0" not in ingot.devices():
    raise SystemExit("METAL:0 does not open here (it needs clang++ for the emulated Metal)")

n = 1 << 16
rng = np.random.default_rng(0)
x = rng.standard_normal(n).astype(np.float32)
y = rng.standard_normal(n).astype(np.float32)
# The arguments in the kernel's own order; the scalar travels as the float it declares.
(out,) = ingot.custom_kernel(SOURCE, "saxpy4", device="METAL",
                             out=ingot.arg.output(n), x=ingot.Tensor(x, device="METAL"),
                             y=ingot.Tensor(y, device="METAL"), a=ingot.arg.f32(2.5),
                             global_size=n // 4, local_size=256)
np.testing.assert_allclose(out.numpy(), 2.5 * x.astype(np.float64) + y, rtol=1e-6, atol=1e-6)
print("saxpy on", out.device, "matches NumPy; first elements:", out[:4].numpy())
