#!/bin/bash
# Call 6 (2026-11-28): the training step with the freed-buffer cache at a quarter of the
# device's memory (new) beside the 1 GiB default (old: 2b419c3's build).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 10 --sample 0 --text docs/engine.md"
for i in 1 2; do
  for v in _old ""; do
    timeout 60 $C/ingot_example_train_gpt$v $T > $OUT/r/train$v-$i.txt 2>&1; echo "train$v $i: $(tail -1 $OUT/r/train$v-$i.txt)"
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
