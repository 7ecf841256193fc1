#!/bin/bash
# Call 6: half-precision statistics in float32, reductions over the last and leading axes
# rows first below two outputs a compute unit, a convolution's weight gradient as one
# batched matmul over its taps stored as the matmul leaves it (call 5's permuted store hid
# the matmul from the plans), 16-bit matmuls' depth split into parts added in float32:
# the op suite's matmul, convolution and reduction cases and the gradient tests on CUDA,
# ResNet-18's float16 step beside PyTorch and its kernels summed, the workload suite and
# the convolution benchmark beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-6 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 150 $C/ingot_op_tests --gtest_filter='Devices/Composite*CUDA*:Devices/Conv*CUDA*:Devices/Reduce*CUDA*:Devices/Nn*CUDA*' --gtest_brief=1 > $OUT/r/op.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op.log | tail -4
timeout 100 $C/ingot_grad_tests --gtest_filter='*ConvGradientBesideCpu*CUDA*:Devices/Training*CUDA*' --gtest_brief=1 > $OUT/r/grad.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/grad.log | tail -3
timeout 150 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --peers bench/resnet_peers.py > $OUT/r/resnet.md 2> $OUT/r/resnet.err; tail -4 $OUT/r/resnet.md; tail -2 $OUT/r/resnet.err
DEBUG=2 timeout 100 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --steps 2 > $OUT/r/resnet-debug2.txt 2>&1
awk '$5=="ms" && $3 ~ /^x[0-9]+$/ {k=$1" "$10" "$11" "$12; t[k]+=$4; c[k]++} END {for (k in t) printf "%9.3f ms %4d  %s\n", t[k], c[k], k}' $OUT/r/resnet-debug2.txt | sort -rn > $OUT/r/kernels.txt
awk '{s+=$1} END {printf "kernel time over 5 steps: %.1f ms\n", s}' $OUT/r/kernels.txt; head -25 $OUT/r/kernels.txt
echo "== workloads with peers"; timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/workloads.md; tail -6 $OUT/r/workloads.md
cd $OUT && tar czf r.tgz r && rm -rf r
