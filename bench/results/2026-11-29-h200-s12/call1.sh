#!/bin/bash
# Call 1: register tiles whose operand rows are not whole 16-byte vectors copy them with a
# SIMD group's threads at consecutive elements (before: every 4th element of 4 rows).
# The rows below 0.8x eager in s11 timed with the tree before (old) and after (new), in
# turns; then the whole suite beside PyTorch; then every CUDA:0 case of the op suite.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-1 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
rows="matmul odd|both transposed|conv2d 3x3 \(nn\)|a transposed|bmm, b transposed|skinny long"
for round in 1 2 3; do
  for b in old new; do
    bin=$C/ingot_workload_bench; [ $b = old ] && bin=$C/ingot_workload_bench_old
    timeout 100 $bin --device CUDA:0 --only "$rows" --runs 15 2>/dev/null | grep "^| [a-z]" | awk -F'|' -v b=$b -v r=$round '{printf "%s round %s | %-45s | %s\n", b, r, $2, $4}'
  done
done
timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/workloads.md | cut -c1-150; tail -6 $OUT/r/workloads.md
timeout 240 $C/ingot_op_tests --gtest_filter='*CUDA_0*' > $OUT/r/ops.txt 2>&1; echo "ops rc=$?"
grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/ops.txt | head -12
