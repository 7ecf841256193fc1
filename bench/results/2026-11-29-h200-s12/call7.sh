#!/bin/bash
# Call 7: A/B in turns, each process warming the clocks on the normalizations first:
# old = the tree without this session's rows kept in registers and with the copy of a
# convolution's valid pixels (3325b03's conv.cpp), new = the tree with both; both with
# narrow output rows through the A slice's memory a band at a time. Then the op suite's
# products, convolutions, reductions, layers and training tests on CUDA:0 (new).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
rows="layernorm|rmsnorm|softmax rows|conv2d 3x3 \(nn\)|cumsum rows|matmul odd|both transposed"
for round in 1 2 3; do
  for b in old new; do
    bin=$C/ingot_workload_bench; [ $b = old ] && bin=$C/ingot_workload_bench_old
    INGOT_CACHE=/tmp/ingot-cache-7-$b timeout 100 $bin --device CUDA:0 --only "$rows" --runs 15 2>/dev/null | grep "^| [a-z]" | grep -v "^| peer\|^| workload\|torch" | awk -F'|' -v b=$b -v r=$round '{printf "%s %s | %-40s | %s\n", b, r, $2, $4}'
  done
done
mkdir -p $OUT/r
INGOT_CACHE=/tmp/ingot-cache-7-new timeout 240 $C/ingot_op_tests --gtest_filter='*CompositeTest*CUDA_0*:*ConvTest*CUDA_0*:*NnTraining*CUDA_0*:*NnLayerTest*CUDA_0*:*ReduceTest*CUDA_0*:*ReduceOpTest*CUDA_0*:*NnOpTest*CUDA_0*' > $OUT/r/ops.txt 2>&1; echo "ops rc=$?"
grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/ops.txt | head -12
