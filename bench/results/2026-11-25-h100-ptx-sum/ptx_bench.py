# The level-5 PTX sum against torch's x.sum() on 1 GiB of float32: the PTX loaded by the
# driver (cupy.RawModule on the .ptx) and the CUBIN ingot's cuLink path cached, timed with
# CUDA events, best and median of 50.
import glob, statistics, sys
import cupy, numpy as np, torch

n = 1 << 28
x = torch.rand(n, device="cuda", dtype=torch.float32)
want = x.double().sum().item()
sms = torch.cuda.get_device_properties(0).multi_processor_count

def timed(fn, prep, runs=50):
    times = []
    for _ in range(5): prep(); fn()
    for _ in range(runs):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        prep(); a.record(); fn(); b.record(); b.synchronize()
        times.append(a.elapsed_time(b) * 1e-3)
    return min(times), statistics.median(times)

def report(name, fn, got, prep=lambda: None):
    best, med = timed(fn, prep)
    print(f"{name:48s} best {4*n/best/1e9:7.1f} GB/s  median {4*n/med/1e9:7.1f} GB/s  rel.err {abs(got()-want)/want:.2e}")
    return 4*n/med/1e9

t = report("torch x.sum()", lambda: x.sum(), lambda: x.sum().item())
modules = [("PTX via cuModuleLoad", cupy.RawModule(path=sys.argv[1]))]
for path in glob.glob("/tmp/ic/*.bin"):
    data = open(path, "rb").read()
    at = data.find(b"\x7fELF")
    if at >= 0 and b"sum_f32" in data:
        open("/tmp/sum.cubin", "wb").write(data[at:])
        modules.append(("ingot's cached CUBIN (cuLink)", cupy.RawModule(path="/tmp/sum.cubin")))
out = torch.zeros(1, device="cuda")
for label, module in modules:
    f = module.get_function("sum_f32")
    for per_sm in (4, 8, 16):
        grid = sms * per_sm
        def run():
            f((grid,), (256,), (x.data_ptr(), out.data_ptr(), np.uint64(n)))
        def got():
            out.zero_(); run(); torch.cuda.synchronize(); return out.item()
        g = report(f"{label}, {per_sm} blocks/SM", run, got, prep=out.zero_)
        print(f"   ratio to torch (medians): {g/t:.3f}")
