#!/bin/bash
# Call 6: the session's end state on CUDA:0. The whole workload suite beside PyTorch;
# softmax rows in five processes (rows of at most 8 steps a thread now kept in
# registers); the tiny transformer's training step and ResNet-18 float16 beside PyTorch
# (issue 14); then every CUDA:0 case of the op suite.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-6 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/workloads.md | cut -c1-150; tail -6 $OUT/r/workloads.md
echo "== softmax rows, five processes"
for i in 1 2 3 4 5; do
  timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "^softmax rows" --runs 15 2>/dev/null | grep "^| softmax" | cut -d'|' -f4
done
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
echo "== train_gpt"
timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
echo "== resnet"
timeout 200 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --peers bench/resnet_peers.py > $OUT/r/resnet.md 2> $OUT/r/resnet.err; tail -4 $OUT/r/resnet.md; tail -2 $OUT/r/resnet.err
timeout 330 $C/ingot_op_tests --gtest_filter='*CUDA_0*' > $OUT/r/ops.txt 2>&1; echo "ops rc=$?"
grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/ops.txt | head -12
