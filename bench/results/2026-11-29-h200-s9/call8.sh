#!/bin/bash
# Call 8: elementwise ops (and casts) of a permuted view of a stored tensor with broadcast
# operands and constants compute in the stored layout (batch norm and ReLU after a
# convolution stored channels last): ResNet-18's float16 step beside PyTorch and its
# kernels summed, the transformer's training step, the workload suite.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-8 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 150 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --peers bench/resnet_peers.py > $OUT/r/resnet.md 2> $OUT/r/resnet.err; tail -4 $OUT/r/resnet.md; tail -2 $OUT/r/resnet.err
DEBUG=2 timeout 60 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --steps 2 > $OUT/r/resnet-debug2.txt 2>&1
awk '$5=="ms" && $3 ~ /^x[0-9]+$/ {k=$1" "$10" "$11" "$12; t[k]+=$4; c[k]++} END {for (k in t) printf "%9.3f ms %4d  %s\n", t[k], c[k], k}' $OUT/r/resnet-debug2.txt | sort -rn > $OUT/r/kernels.txt
awk '{s+=$1} END {printf "kernel time over 5 steps: %.1f ms\n", s}' $OUT/r/kernels.txt; head -12 $OUT/r/kernels.txt
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
timeout 40 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
echo "== workloads with peers"; timeout 120 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/workloads.md; tail -6 $OUT/r/workloads.md
rm -f $OUT/r/resnet-debug2.txt
