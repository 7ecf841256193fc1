#!/bin/bash
# Call 4: where the training step's time goes (issue 14): DEBUG=2 lines of 6 steps of the
# tiny transformer (dim 384, 6 layers, seq 256, batch 32), summed by kernel here.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 6 --sample 0 --text docs/engine.md"
DEBUG=2 timeout 200 $C/ingot_example_train_gpt $T > $OUT/r/train-debug2.txt 2>&1; tail -2 $OUT/r/train-debug2.txt
cd $OUT && tar czf r.tgz r && rm -rf r
