#!/bin/bash
# Call 4: an experiment binary (matmul_probe_exp; its tree had two switches, not
# committed): INGOT_EXP_OLDOUT=1 stores narrow output rows from the registers element by
# element as the tree does, else through threadgroup memory, a SIMD group storing
# consecutive elements; INGOT_EXP_MAP names the operands (a, b) whose narrow slices are
# copied at consecutive elements (call 1's change). Then the op suite's products and
# convolutions on CUDA:0 with both changes, and the suite's rows with them.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
run() { echo "== $*"; env "$@" INGOT_CACHE=/tmp/ingot-cache-4-$(echo "$*" | tr -c 'a-zA-Z0-9\n' _) timeout 100 $C/matmul_probe_exp CUDA:0 | tail -11; }
for round in 1 2; do
  run INGOT_EXP_MAP=none INGOT_EXP_OLDOUT=1
  run INGOT_EXP_MAP=none
  run INGOT_EXP_MAP=b
  run INGOT_EXP_MAP=ab
done
export INGOT_CACHE=/tmp/ingot-cache-4
mkdir -p $OUT/r
timeout 150 $C/ingot_op_tests --gtest_filter='*CompositeTest*CUDA_0*:*ConvTest*CUDA_0*:*NnTraining*CUDA_0*:*NnLayerTest*CUDA_0*' > $OUT/r/ops.txt 2>&1; echo "ops rc=$?"
grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/ops.txt | head -12
rows="matmul odd|both transposed|conv2d 3x3 \(nn\)|a transposed|bmm, b transposed|skinny long|MLP|attention|batch @"
for b in old new old new; do
  bin=$C/ingot_workload_bench; [ $b = old ] && bin=$C/ingot_workload_bench_old
  timeout 100 $bin --device CUDA:0 --only "$rows" --runs 15 2>/dev/null | grep "^| [a-z]" | grep -v "^| peer\|torch" | awk -F'|' -v b=$b '{printf "%s | %-45s | %s\n", b, $2, $4}'
done
