#!/bin/bash
# Call 3 (2026-11-28, third session): the workload suite beside PyTorch on the final build
# (the schedule's cache of cuts), twice.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
for i in 1 2; do
  echo "== workloads with peers $i"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads-peers-$i.md 2> $OUT/r/workloads-peers-$i.err
  tail -6 $OUT/r/workloads-peers-$i.md
done
cd $OUT && tar czf r.tgz r && rm -rf r
