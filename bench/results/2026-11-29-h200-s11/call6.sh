#!/bin/bash
# Call 6: call 4's asynchronous register-tile copies (INGOT_EXP_ASYNC=1) now with slices
# 16 deep where two of each fit only so (blocks of 128), and blocks of 128 x 128 (256
# threads of 8 x 8) put first for every float32 product of whole blocks (INGOT_EXP_BIG=1),
# which register staging kept from winning (s8: their loads sank below the products).
# The op suite's products on CUDA:0 with both, then four ways timed.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
mkdir -p $OUT/r
INGOT_EXP_ASYNC=1 INGOT_EXP_BIG=1 INGOT_CACHE=/tmp/c6-ops timeout 240 $C/ingot_op_tests --gtest_filter='*CompositeTest*CUDA*:*ConvTest*CUDA*:*NnTraining*CUDA*:*ConvGradient*CUDA*' > $OUT/r/ops.txt 2>&1; grep -E "PASSED|FAILED|tests ran" $OUT/r/ops.txt | head -20
W="MLP block|batch @ shared|attention|bmm|matmul, a transposed|conv 3x3 from"
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
for round in 1 2; do
  for v in none async big both; do
    case $v in none) E="";; async) E="INGOT_EXP_ASYNC=1";; big) E="INGOT_EXP_BIG=1";; both) E="INGOT_EXP_ASYNC=1 INGOT_EXP_BIG=1";; esac
    echo "== $v round $round"
    env $E INGOT_CACHE=/tmp/c6-$v timeout 100 $C/ingot_workload_bench_exp --device CUDA:0 --only "$W" 2>/dev/null | grep -E "float32" | awk -F'|' '{printf "%-45s %s\n", $2, $4}'
    env $E INGOT_CACHE=/tmp/c6-$v timeout 60 $C/ingot_example_train_gpt_exp $T --steps 12 2>&1 | tail -1
  done
done
