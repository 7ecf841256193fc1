"""The Python surface around the ops: properties, repr, devices, the Context manager and
kernels of one's own in the device's language."""

import ctypes
import os
import platform

import numpy as np
import pytest

import ingot
from conftest import ALL_DEVICES, check


def test_properties_and_repr():
    t = ingot.Tensor([[1.0, 2.5], [3.0, 4.0]])
    assert t.shape == (2, 2) and t.ndim == 2 and t.size == 4 and t.numel() == 4
    assert t.dtype == ingot.float32 and t.itemsize == 4 and t.nbytes == 16
    assert repr(t) == "Tensor([[1. , 2.5],\n        [3. , 4. ]], dtype=float32, device='CPU')" or \
        repr(t).startswith("Tensor([[1")
    assert "dtype=float32" in repr(t) and "\n        [" in repr(t)
    assert repr(ingot.int8) == "ingot.int8" and str(ingot.int8) == "int8"
    assert ingot.float16.itemsize == 2 and ingot.float16.is_floating_point
    assert hash(t) != hash(ingot.Tensor([1.0]))
    assert float(ingot.Tensor([2.5])) == 2.5 and int(ingot.Tensor(7)) == 7
    assert bool(ingot.Tensor([1])) is True
    assert ingot.promote_types("int32", ingot.float16) == ingot.float16
    assert ingot.Tensor(np.arange(3)).realize().tolist() == [0, 1, 2]


def test_devices():
    names = ingot.devices()
    assert "CPU" in names
    cpu = ingot.Device("CPU")
    assert cpu.name == "CPU" and cpu.language == "c" and not cpu.is_gpu
    assert cpu == "CPU" and repr(cpu) == "Device('CPU')"
    assert ingot.float32 in cpu.dtypes
    assert ingot.Device().name == ingot.default_device()
    if "CL:0" in names:
        assert ingot.Device("CL").name == "CL:0"
        assert ingot.Tensor([1.0]).to(ingot.Device("CL")).device == "CL:0"


def test_context_manager_sets_and_restores(capfd):
    before = ingot.Context.get("DEBUG")
    with ingot.Context(DEBUG=2, NOOPT=True):
        assert ingot.Context.get("DEBUG") == 2 and ingot.Context.get("NOOPT") is True
        (ingot.arange(10, dtype=ingot.float32) * 1.25 + 0.5).sum().item()
    assert ingot.Context.get("DEBUG") == before and ingot.Context.get("NOOPT") is False
    assert "realized" in capfd.readouterr().err  # DEBUG=2 reported the kernels
    with ingot.Context(DEV="CPU"):
        assert ingot.zeros(1).device == "CPU"


def test_profile_trace(tmp_path):
    import json

    with ingot.Context(PROFILE=True, DEV="CPU"):
        (ingot.arange(37, dtype=ingot.float32) * 3.5).sum().item()
    path = tmp_path / "trace.json"
    ingot.profile_flush(str(path))
    events = json.loads(path.read_text())["traceEvents"]
    kernels = [e for e in events if e.get("cat") == "kernel"]
    assert kernels and all(e["dur"] > 0 for e in kernels)
    assert any(e["name"] == "realize" for e in events)
    with pytest.raises(ingot.Error, match="no/such/folder"):
        ingot.profile_flush("/no/such/folder/trace.json")


def test_environment_variables_are_honoured(tmp_path):
    import subprocess
    import sys

    env = dict(os.environ, DEV="CPU", DEBUG="1", NOOPT="1", BEAM="0")
    code = "import ingot; print(ingot.Context.get('DEBUG'), ingot.Context.get('NOOPT'), ingot.zeros(1).device)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["1", "True", "CPU"]


# out = p.a * x + y + p.b with the output last and a struct before it; scale multiplies a
# tensor in place by a 32-bit scalar.
KERNELS = {
    "c": """
#include <stdint.h>
typedef struct { float a; int32_t b; } Params;
void axpby(void* const* args, int64_t start, int64_t end) {
  const float* x = (const float*)args[0];
  const float* y = (const float*)args[1];
  const Params* p = (const Params*)args[2];
  float* out = (float*)args[3];
  for (int64_t i = start; i < end; ++i) out[i] = p->a * x[i] + y[i] + (float)p->b;
}
void scale(void* const* args, int64_t start, int64_t end) {
  float* t = (float*)args[0];
  int32_t s = *(const int32_t*)args[1];
  for (int64_t i = start; i < end; ++i) t[i] *= (float)s;
}
""",
    "opencl": """
typedef struct { float a; int b; } Params;
__kernel void axpby(__global const float* x, __global const float* y, Params p,
                    __global float* out) {
  size_t i = get_global_id(0);
  out[i] = p.a * x[i] + y[i] + (float)p.b;
}
__kernel void scale(__global float* t, int s) { t[get_global_id(0)] *= (float)s; }
""",
    "metal": """
#include <metal_stdlib>
using namespace metal;
struct Params { float a; int b; };
kernel void axpby(device const float* x, device const float* y, constant Params& p,
                  device float* out, uint i [[thread_position_in_grid]]) {
  out[i] = p.a * x[i] + y[i] + float(p.b);
}
kernel void scale(device float* t [[buffer(0)]], constant int& s [[buffer(1)]],
                  uint i [[thread_position_in_grid]]) {
  t[i] *= float(s);
}
""",
    "cuda": """
struct Params { float a; int b; };
extern "C" __global__ void axpby(const float* x, const float* y, Params p, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p.a * x[i] + y[i] + (float)p.b;
}
extern "C" __global__ void scale(float* t, int s) {
  t[blockIdx.x * blockDim.x + threadIdx.x] *= (float)s;
}
""",
}


class Params(ctypes.Structure):
    _fields_ = [("a", ctypes.c_float), ("b", ctypes.c_int32)]


@pytest.mark.parametrize("device", ALL_DEVICES)
def test_custom_kernel_bound_as_written(device, rng):
    n = 256
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    source = KERNELS[ingot.Device(device).language]
    expected = 2.5 * x.astype(np.float64) + y - 7
    tx, ty = ingot.Tensor(x, device=device), ingot.Tensor(y, device=device)
    # As a list, in the kernel's order: the output is the last argument.
    (out,) = ingot.custom_kernel(source, "axpby",
                                 [tx, ty, ingot.arg.bytes(Params(2.5, -7)), ingot.arg.output(n)],
                                 global_size=n, local_size=64, device=device)
    check(out, expected, rtol=1e-6, atol=1e-6)
    # As keywords, in order, each named for messages.
    (out,) = ingot.custom_kernel(source, "axpby", x=tx, y=ty, p=ingot.arg.bytes(Params(2.5, -7)),
                                 out=ingot.arg.output(n), global_size=n, local_size=64)
    check(out, expected, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("device", ALL_DEVICES)
def test_custom_kernel_in_place_keeps_old_contents_for_lazy_tensors(device, rng):
    x = rng.standard_normal(128).astype(np.float32)
    t = ingot.Tensor(x, device=device)
    doubled_before = t * 2  # lazy, built from the old contents
    (same,) = ingot.custom_kernel(KERNELS[ingot.Device(device).language], "scale",
                                  [ingot.arg.inout(t), ingot.arg.i32(-3)], global_size=128,
                                  local_size=32, device=device)
    check(t, x.astype(np.float64) * -3)  # the Python object holds the new contents
    check(same, x.astype(np.float64) * -3)
    check(doubled_before, x.astype(np.float64) * 2)


# x86-64 assembly: out[i] = x[i] * 2 for i in [start, end); args in %rdi, start in %rsi,
# end in %rdx (the C ABI of CPU kernels).
DOUBLE_X86_64 = """
    .text
    .globl double_it
    .type double_it, @function
double_it:
    movq    (%rdi), %rax            # x
    movq    8(%rdi), %rcx           # out
1:  cmpq    %rdx, %rsi
    jge     2f
    movss   (%rax,%rsi,4), %xmm0
    addss   %xmm0, %xmm0
    movss   %xmm0, (%rcx,%rsi,4)
    incq    %rsi
    jmp     1b
2:  ret
"""


@pytest.mark.skipif(platform.machine() != "x86_64", reason="the kernel is x86-64 assembly")
def test_custom_kernel_in_cpu_assembly(rng):
    assert "asm" in ingot.Device("CPU").assembly
    x = rng.standard_normal(1001).astype(np.float32)
    (out,) = ingot.custom_kernel(DOUBLE_X86_64, "double_it", [ingot.Tensor(x, device="CPU"),
                                                              ingot.arg.output(1001)],
                                 global_size=1001, device="CPU", language="asm")
    check(out, x.astype(np.float64) * 2, rtol=0, atol=0)
    with pytest.raises(ingot.Error, match="ingot_bogus_4711"):
        ingot.custom_kernel(DOUBLE_X86_64 + "    ingot_bogus_4711 %rax\n", "double_it",
                            [ingot.Tensor(x, device="CPU"), ingot.arg.output(1001)],
                            global_size=1001, device="CPU", language="asm")


def test_custom_kernel_language_the_device_does_not_take():
    with pytest.raises(ingot.ArgumentError, match="CPU takes kernels in c or asm, not in 'ptx'"):
        ingot.custom_kernel(DOUBLE_X86_64, "double_it", [ingot.arg.output(4)], global_size=4,
                            device="CPU", language="ptx")


def test_custom_kernel_argument_errors():
    with pytest.raises(ingot.ArgumentError, match="as a list .* or as keywords, not both"):
        ingot.custom_kernel("", "f", [ingot.Tensor([1.0])], x=ingot.Tensor([1.0]), global_size=1)
    with pytest.raises(TypeError, match="must be an ingot.Tensor, an int, a float or made by"):
        ingot.custom_kernel("", "f", ["x"], global_size=1)
    with pytest.raises(TypeError, match="has no buffer of bytes"):
        ingot.arg.bytes(3.5)
    with pytest.raises(ingot.ArgumentError, match="argument 1 .* does not fit a int32"):
        ingot.custom_kernel(KERNELS["c"], "scale", [ingot.arg.inout(ingot.zeros(4, device="CPU")),
                                                    ingot.arg.i32(2**40)],
                            global_size=4, device="CPU")
    still = ingot.Tensor([1.0, 2.0]) + 1
    assert still.tolist() == [2.0, 3.0]
