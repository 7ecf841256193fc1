#!/bin/bash
# Call 3 (2026-11-28, fourth session): the CUDA op suite with WGMMA's blocks stored through
# threadgroup memory; the workload suite beside PyTorch; DEBUG=2 lines of attention
# float16; the training step and conv2d float16 beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op suite"; ( time timeout 280 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12
echo "== workloads with peers"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -6 $OUT/r/workloads.md
echo "== kernel lines"
DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only 'attention float16|matmul float16 1024' --runs 3 > $OUT/r/debug2.txt 2>&1; grep -E "^\| [a-z]" $OUT/r/debug2.txt | tail -3
echo "== train step"
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 12 --sample 0 --text docs/engine.md"
timeout 60 $C/ingot_example_train_gpt $T > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 > $OUT/r/train-peers.txt 2>&1; tail -3 $OUT/r/train-peers.txt
echo "== conv2d float16"
timeout 60 $C/ingot_nn_bench --device CUDA:0 --dtype float16 --large > $OUT/r/nn.txt 2>&1; grep "|" $OUT/r/nn.txt | head -20
cd $OUT && tar czf r.tgz r && rm -rf r
