#!/bin/bash
# Call 5, an experiment: register tiles' 64 x 64 blocks with 8 x 8 tiles a thread (64
# threads a block) where the heuristic takes 4 x 4 (256 threads), by INGOT_EXP_TILE8 in a
# temporary build: the suite's float32 matmul rows and the training step, interleaved.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
R='^bmm$|bmm, b|matmul, a|matmul, both|batch @|broadcast batches|skinny|matmul odd|^attention$|MLP'
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 10 --sample 0 --text docs/engine.md"
for i in 1 2; do
  for v in 4 8; do
    if [ $v = 8 ]; then export INGOT_EXP_TILE8=1; else unset INGOT_EXP_TILE8; fi
    echo "== tile $v run $i"
    timeout 100 $C/ingot_workload_bench --device CUDA:0 --only "$R" > $OUT/r/rows-$v-$i.md 2>&1; grep -E "^\| [a-z]" $OUT/r/rows-$v-$i.md | awk -F'|' '{print $2 "|" $4}'
    timeout 60 $C/ingot_example_train_gpt $T > $OUT/r/train-$v-$i.txt 2>&1; tail -1 $OUT/r/train-$v-$i.txt
  done
done
cd $OUT && tar czf r.tgz r && rm -rf r
