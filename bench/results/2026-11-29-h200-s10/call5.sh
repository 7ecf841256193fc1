#!/bin/bash
# Call 5: register tiles of 64 in two slice buffers, one barrier a slice (matmul_plans.cpp
# run_staged); float32 splits for a short second wave only (tiles in (units, 1.5 units));
# gathers by a checked index without the negative-index correction. The matmul, conv and
# indexing op tests on CUDA:0, the probe's matmuls, the rows below 0.8x beside PyTorch
# twice, the transformer's training step.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-5 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 120 $C/ingot_op_tests --gtest_filter='*CompositeTest.Matmul/CUDA*:*onv*CUDA*:*Indexing*CUDA*:*Attention*CUDA*' --gtest_brief=1 > $OUT/r/op-tests.log 2>&1; tail -3 $OUT/r/op-tests.log
timeout 60 $C/mmprobe
SLOW="^(conv2d 3x3 \(nn\)|matmul|skinny long|gather along|softmax rows|bmm|MLP block|batch @|attention|cumsum)"
for i in 1 2; do timeout 100 $C/ingot_workload_bench --device CUDA:0 --only "$SLOW" --peers bench/workload_peers.py > $OUT/r/slow-peers-$i.md 2> $OUT/r/slow-peers-$i.err; grep -E "^\| " $OUT/r/slow-peers-$i.md | cut -c1-160; done
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
