#!/bin/bash
# Call 9: the session's end state (425cb4c): the whole workload suite beside PyTorch, the
# transformer's training step, ResNet-18's float16 step beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-9 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 150 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/workloads.md | cut -c1-150; tail -6 $OUT/r/workloads.md
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
timeout 200 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --peers bench/resnet_peers.py > $OUT/r/resnet.md 2> $OUT/r/resnet.err; tail -4 $OUT/r/resnet.md; tail -2 $OUT/r/resnet.err
