#!/bin/bash
# Call 5: BEAM over the float32 register tiles' blocks and tiles (64 or 128, 4x4, 8x4,
# 8x8) with the asynchronous copies of call 3 (INGOT_EXP_ASYNC=1) and without: which plan
# each product keeps and its time.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
W="MLP block|batch @ shared|conv2d 3x3 \(nn\)|both transposed|conv 3x3 from"
for v in "" 1; do
  echo "== async='$v' BEAM=4"
  env ${v:+INGOT_EXP_ASYNC=$v} BEAM=4 INGOT_CACHE=/tmp/c5-$v timeout 250 $C/ingot_workload_bench_exp --device CUDA:0 --only "$W" 2>/dev/null | grep -E "float32" | awk -F'|' '{printf "%-45s %s\n", $2, $4}'
  env ${v:+INGOT_EXP_ASYNC=$v} BEAM=4 DEBUG=2 INGOT_CACHE=/tmp/c5-$v timeout 100 $C/ingot_workload_bench_exp --device CUDA:0 --only "$W" --runs 1 2>&1 | grep -o "STAGE([0-9,x]*).*" | sort | uniq -c | head
done
