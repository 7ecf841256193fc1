#!/bin/bash
# Call 2: indices from the host checked on the host (no flag kernel, no wait for the
# device): the indexing op cases on CUDA, the suite's op rows and float32 matmul rows
# beside PyTorch, and the training step (its embedding now a Take) beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== indexing op cases"; timeout 120 $C/ingot_op_tests --gtest_filter='*Indexing*CUDA*:*Scan*CUDA*:*Sort*CUDA*' --gtest_brief=1 > $OUT/r/op-indexing.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-indexing.log | tail -5
echo "== op rows and float32 matmuls"; timeout 150 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py --only 'conv2d 3x3 \(nn\)|cumsum|gather|embedding|float32|MLP|softmax rows' > $OUT/r/workloads.md 2> $OUT/r/workloads.err; grep -E "^\| " $OUT/r/workloads.md | tail -24
echo "== kernel lines"; DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only 'cumsum|gather|embedding|conv2d 3x3 \(nn\)' --runs 3 > $OUT/r/debug2.txt 2>&1; grep -E "opts|GB/s" $OUT/r/debug2.txt | sort | uniq -c | sort -rn | head -20
echo "== train step"
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 12 --sample 0 --text docs/engine.md"
timeout 90 $C/ingot_example_train_gpt $T > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 > $OUT/r/train-peers.txt 2>&1; tail -3 $OUT/r/train-peers.txt
cd $OUT && tar czf r.tgz r && rm -rf r
