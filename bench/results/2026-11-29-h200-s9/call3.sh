#!/bin/bash
# Call 3: where ResNet-18's float16 training step (189.6 ms against PyTorch eager's 13.1 in
# call 2) spends its time: every kernel's time under DEBUG=2 over 5 steps (3 warm-up, 2
# timed), summed by kernel and plan, the largest first; and the steps' own times.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-3 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 400 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --steps 2 > $OUT/r/resnet.md 2>&1; tail -3 $OUT/r/resnet.md
DEBUG=2 timeout 300 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --steps 2 > $OUT/r/resnet-debug2.txt 2>&1
tail -3 $OUT/r/resnet-debug2.txt
awk '$5=="ms" && $3 ~ /^x[0-9]+$/ {k=$1" "$10" "$11" "$12; t[k]+=$4; c[k]++} END {for (k in t) printf "%9.3f ms %4d  %s\n", t[k], c[k], k}' $OUT/r/resnet-debug2.txt | sort -rn > $OUT/r/kernels.txt
awk '{s+=$1} END {printf "kernel time over 5 steps: %.1f ms\n", s}' $OUT/r/kernels.txt; head -45 $OUT/r/kernels.txt
grep -c "realized" $OUT/r/resnet-debug2.txt
cd $OUT && tar czf r.tgz r && rm -rf r
