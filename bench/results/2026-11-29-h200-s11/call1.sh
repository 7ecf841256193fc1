#!/bin/bash
# Call 1 (f7b5d5a-era tree, no GPU codegen change since s10): the whole workload suite
# beside PyTorch, then the kernels (DEBUG=2) of the rows below 0.8x eager in s10.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-1 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
timeout 150 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/workloads.md | cut -c1-150; tail -6 $OUT/r/workloads.md
for w in "conv2d 3x3 \(nn\)" "softmax rows" "matmul odd" "both transposed" "log_softmax rows"; do
  echo "== $w"
  DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "$w" --runs 3 2>&1 | grep -E "^ *[rESC]_[0-9a-z_]+ " | awk '{k=$1; t=$0; sub(/.*x[0-9]+ +/, "", t); split(t, a, " "); n[k]++; s[k]+=a[1]} END {for (k in n) printf "%-40s %5d launches %9.4f ms mean\n", k, n[k], s[k]/n[k]}' | sort -k4 -rn | head -8
done
