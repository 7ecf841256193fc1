#!/bin/bash
# Call 3: float32 register tiles copied into threadgroup memory asynchronously (cp.async,
# two slice buffers, A's rows as memory holds them; an experiment binary, INGOT_EXP_ASYNC=1)
# against the tree's (registers in flight, A flipped as it is stored): the op suite's
# products on CUDA:0 first, then the float32 rows of the workload suite and the tiny
# transformer's training step, each way twice. The tree's way set the variable empty,
# which the binary read as set: both ways ran the experiment (call 4 repeats it).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
mkdir -p $OUT/r
INGOT_EXP_ASYNC=1 INGOT_CACHE=/tmp/c3-ops timeout 240 $C/ingot_op_tests --gtest_filter='*CompositeTest*CUDA*:*ConvTest*CUDA*:*NnTraining*CUDA*:*ConvGradient*CUDA*' > $OUT/r/ops.txt 2>&1; grep -E "PASSED|FAILED|tests ran" $OUT/r/ops.txt | head -20
W="matmul|conv|attention|MLP|bmm|batch"
for round in 1 2; do
  for v in "" 1; do
    echo "== async='$v' round $round"
    INGOT_EXP_ASYNC=$v INGOT_CACHE=/tmp/c3-$v timeout 100 $C/ingot_workload_bench_exp --device CUDA:0 --only "$W" 2>/dev/null | grep -E "float32" | awk -F'|' '{printf "%-45s %s\n", $2, $4}'
    T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
    INGOT_EXP_ASYNC=$v INGOT_CACHE=/tmp/c3-$v timeout 60 $C/ingot_example_train_gpt_exp $T --steps 12 2>&1 | tail -1
  done
done
