#!/bin/bash
# Call 8 (2026-11-28, fourth session): the workload suite beside PyTorch on the final tree
# (register tiles' slices 32 deep).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 150 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -6 $OUT/r/workloads.md
cd $OUT && tar czf r.tgz r && rm -rf r
