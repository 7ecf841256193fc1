# torch.distributed's all-reduce (sum) and all-gather of the same bytes as
# ingot_collective_bench, for its rows beside ingot's: one process per GPU
# (torch.multiprocessing.spawn), the NCCL backend, each run timed from its call until every
# rank finished it (the slowest rank's time), best and median. NVLink multicast stays off
# (NCCL_NVLS_ENABLE=0). Writes peers.json (a flat object of figures) to $OUT, or to the
# current folder.
# Run: python3 collective_peers.py [bytes] [gpus] [iters]
import datetime
import json
import os
import sys
import tempfile
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

WARMUP = 3


def timed(work, iters, device):
    """The slowest rank's seconds for each of `iters` runs of `work`."""
    for _ in range(WARMUP):
        work()
    torch.cuda.synchronize(device)
    seconds = []
    for _ in range(iters):
        dist.barrier(device_ids=[device.index])
        torch.cuda.synchronize(device)
        start = time.perf_counter()
        work()
        torch.cuda.synchronize(device)
        elapsed = torch.tensor([time.perf_counter() - start], device=device, dtype=torch.float64)
        dist.all_reduce(elapsed, op=dist.ReduceOp.MAX)
        seconds.append(elapsed.item())
    seconds.sort()
    return seconds[0], seconds[len(seconds) // 2]


def worker(rank, world, init_file, size, iters, out):
    device = torch.device("cuda", rank)
    torch.cuda.set_device(device)
    dist.init_process_group("nccl", init_method=f"file://{init_file}", rank=rank,
                            world_size=world, timeout=datetime.timedelta(seconds=120))
    count = size // 4 // world * world
    x = torch.full((count,), float(rank), device=device)
    reduce_best, reduce_median = timed(lambda: dist.all_reduce(x), iters, device)
    part = torch.full((count // world,), float(rank), device=device)
    gathered = torch.empty(count, device=device)
    gather_best, gather_median = timed(
        lambda: dist.all_gather_into_tensor(gathered, part), iters, device)
    if rank == 0:
        figures = {
            "all_reduce best s": reduce_best, "all_reduce median s": reduce_median,
            "all_gather best s": gather_best, "all_gather median s": gather_median,
            "bytes": count * 4, "gpus": world,
        }
        print(torch.cuda.get_device_name(0), torch.__version__, "nccl",
              torch.cuda.nccl.version(), figures, flush=True)
        with open(os.path.join(out, "peers.json"), "w") as f:
            json.dump(figures, f)
    dist.destroy_process_group()


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 30
    world = int(sys.argv[2]) if len(sys.argv) > 2 else torch.cuda.device_count()
    iters = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    if world < 1 or world > torch.cuda.device_count():
        sys.exit(f"collective_peers: {world} GPUs asked, {torch.cuda.device_count()} here")
    os.environ["NCCL_NVLS_ENABLE"] = "0"  # NVLink multicast stays off, in every rank
    out = os.environ.get("OUT", ".")
    with tempfile.TemporaryDirectory() as folder:
        init_file = os.path.join(folder, "init")
        mp.spawn(worker, args=(world, init_file, size, iters, out), nprocs=world, join=True)


if __name__ == "__main__":
    main()
