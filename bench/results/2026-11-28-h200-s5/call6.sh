#!/bin/bash
# Call 6: a Take broadcasts its sources, and the gradient of a read whose source is
# broadcast along the index (an embedding) is a matmul of the one-hot rows by the
# gradients: the gradient and training tests on CUDA, the indexing op cases, the training
# step with DEBUG=2 (summed here) and plain beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== grad tests"; timeout 150 $C/ingot_grad_tests --gtest_filter='*CUDA*' --gtest_brief=1 > $OUT/r/grad.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/grad.log | tail -5
echo "== indexing op cases"; timeout 120 $C/ingot_op_tests --gtest_filter='*Indexing*CUDA*' --gtest_brief=1 > $OUT/r/op-indexing.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-indexing.log | tail -5
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
DEBUG=2 timeout 100 $C/ingot_example_train_gpt $T --steps 6 > $OUT/r/train-debug2.txt 2>&1; tail -1 $OUT/r/train-debug2.txt
for i in 1 2; do timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train-$i.txt 2>&1; tail -1 $OUT/r/train-$i.txt; done
python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 > $OUT/r/train-peers.txt 2>&1; tail -3 $OUT/r/train-peers.txt
cd $OUT && tar czf r.tgz r && rm -rf r
