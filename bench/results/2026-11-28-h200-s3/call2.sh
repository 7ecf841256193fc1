#!/bin/bash
# Call 2 (2026-11-28, third session): the whole CUDA op suite on the final plans and the
# schedule's cache of cuts; the training step, the build before the cache (b583876) beside
# the new one, then PyTorch; ResNet's 3x3 conv in float16 (the bench now waits for the
# device) beside cuDNN.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op suite"; ( time timeout 290 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12; grep -c "^\[ *OK" $OUT/r/op-suite-cuda.log
echo "== train step, old then new, twice"
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 12 --sample 0 --text docs/engine.md"
for i in 1 2; do for v in _old ""; do
  timeout 50 $C/ingot_example_train_gpt$v $T > $OUT/r/train$v-$i.txt 2>&1; echo "train$v $i: $(tail -1 $OUT/r/train$v-$i.txt)"
done; done
python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 > $OUT/r/train-peers.txt 2>&1; tail -3 $OUT/r/train-peers.txt
echo "== conv2d float16"
timeout 60 $C/ingot_nn_bench --device CUDA:0 --dtype float16 --large > $OUT/r/nn.txt 2>&1; cat $OUT/r/nn.txt | grep "|"
cd $OUT && tar czf r.tgz r && rm -rf r
