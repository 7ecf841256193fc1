#!/bin/bash
# Call 2: the host cost of a launch's pieces on CUDA:0 (bench/results/2026-11-29-h200-s13/hal_probe.cpp):
# ingot's allocator, its HAL launch of an empty kernel, the driver's cuLaunchKernel alone.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-} INGOT_CACHE=/tmp/ingot-cache-2
which perf gdb 2>&1 | head -2
timeout 120 $C/hal_probe 2>&1
