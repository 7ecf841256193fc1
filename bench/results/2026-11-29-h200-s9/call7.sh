#!/bin/bash
# Call 7: a convolution's weight gradient as one matmul with the taps along its rows, for
# any channels where the device has matrix plans for the dtype (ResNet's stem of 3
# channels too); reductions rows first also where the last axis is narrower than a warp
# (ResNet's 512 channels of 7 x 7): the convolution gradients beside the CPU's float64 on
# CUDA, ResNet-18's float16 step beside PyTorch and its kernels summed, the workload suite.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-7 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 100 $C/ingot_grad_tests --gtest_filter='*ConvGradientBesideCpu*CUDA*:Devices/Training*CUDA*' --gtest_brief=1 > $OUT/r/grad.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/grad.log | tail -3
timeout 150 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --peers bench/resnet_peers.py > $OUT/r/resnet.md 2> $OUT/r/resnet.err; tail -4 $OUT/r/resnet.md; tail -2 $OUT/r/resnet.err
DEBUG=2 timeout 100 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --steps 2 > $OUT/r/resnet-debug2.txt 2>&1
awk '$5=="ms" && $3 ~ /^x[0-9]+$/ {k=$1" "$10" "$11" "$12; t[k]+=$4; c[k]++} END {for (k in t) printf "%9.3f ms %4d  %s\n", t[k], c[k], k}' $OUT/r/resnet-debug2.txt | sort -rn > $OUT/r/kernels.txt
awk '{s+=$1} END {printf "kernel time over 5 steps: %.1f ms\n", s}' $OUT/r/kernels.txt; head -16 $OUT/r/kernels.txt
echo "== workloads with peers"; timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/workloads.md; tail -6 $OUT/r/workloads.md
cd $OUT && tar czf r.tgz r && rm -rf r
