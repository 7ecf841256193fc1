#!/bin/bash
# Call 8: the rows below 0.8x eager in calls 1 and 6 and their neighbours, beside PyTorch,
# with the benchmark's 50 ms warm-up a figure (ingot and the peers alike), at 509e1a5.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-8 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
rows="layernorm|^softmax rows|matmul|conv2d 3x3 \(nn\)|cumsum rows|vecmat|bmm"
timeout 130 $C/ingot_workload_bench --device CUDA:0 --only "$rows" --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err
grep "^| [a-z]" $OUT/r/workloads.md | cut -c1-150
