#!/bin/bash
# Call 1 (session 10): where the tree stands. The workload suite's rows below 0.8x eager,
# with each kernel's time and plan (DEBUG=2) and beside PyTorch twice; the transformer's
# training step beside PyTorch eager and torch.compile, and its kernels summed.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-1 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
SLOW="^(cumsum|conv2d 3x3 \(nn\)|matmul, both|matmul odd|skinny long|gather along|softmax rows|vecmat|bmm, b trans)"
DEBUG=2 timeout 90 $C/ingot_workload_bench --device CUDA:0 --only "$SLOW" --runs 3 > $OUT/r/slow-debug2.txt 2>&1
grep -E "^\| " $OUT/r/slow-debug2.txt | head -20
for i in 1 2; do timeout 90 $C/ingot_workload_bench --device CUDA:0 --only "$SLOW" --peers bench/workload_peers.py > $OUT/r/slow-peers-$i.md 2> $OUT/r/slow-peers-$i.err; grep -E "^\| " $OUT/r/slow-peers-$i.md | cut -c1-160; done
echo "== train_gpt"
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train.txt 2>&1; tail -2 $OUT/r/train.txt
timeout 120 python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 > $OUT/r/train-peers.txt 2>&1; tail -3 $OUT/r/train-peers.txt
DEBUG=2 timeout 60 $C/ingot_example_train_gpt $T --steps 3 > $OUT/r/train-debug2.txt 2>&1
awk '$5=="ms" && $3 ~ /^x[0-9]+$/ {k=$1" "$10" "$11" "$12; t[k]+=$4; c[k]++} END {for (k in t) printf "%9.3f ms %4d  %s\n", t[k], c[k], k}' $OUT/r/train-debug2.txt | sort -rn > $OUT/r/train-kernels.txt
awk '{s+=$1} END {printf "kernel time over 3 steps: %.1f ms\n", s}' $OUT/r/train-kernels.txt; head -25 $OUT/r/train-kernels.txt
gzip -f $OUT/r/train-debug2.txt
