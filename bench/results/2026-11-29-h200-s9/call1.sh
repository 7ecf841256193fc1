#!/bin/bash
# Call 1 (session 9): where the committed tree stands on issue 14's targets, and the first
# change: ResNet-18's training step beside PyTorch eager and torch.compile; the convolution
# benchmark beside PyTorch's conv2d (cuDNN) in the same run, float16 and float32; the
# convolutions' gradients on CUDA; cumsum with the blocks' totals read from x (new) beside
# the blocked scan before it (old); per-kernel times and plans of the workloads below 0.8x
# eager.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-1 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== nn with cuDNN"
for dt in float16 float32; do timeout 120 $C/ingot_nn_bench --device CUDA:0 --dtype $dt --large --peers bench/nn_peers.py > $OUT/r/nn-$dt.md 2> $OUT/r/nn-$dt.err; grep -E "^\| " $OUT/r/nn-$dt.md | head -9; done
echo "== scans and conv grads on CUDA"
timeout 100 $C/ingot_op_tests --gtest_filter='Devices/ScanSort*CUDA*' --gtest_brief=1 > $OUT/r/op-scan.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-scan.log | tail -3
timeout 150 $C/ingot_grad_tests --gtest_filter='*onv*CUDA*:*indow*CUDA*:*ool*CUDA*' --gtest_brief=1 > $OUT/r/grad-conv.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/grad-conv.log | tail -3
echo "== cumsum old/new"
for i in 1 2; do for b in ingot_workload_bench_old ingot_workload_bench; do timeout 60 $C/$b --device CUDA:0 --only "^cumsum" 2>/dev/null | grep "^| cumsum" | sed "s/^/$b /"; done; done
SLOW="^(cumsum|conv2d 3x3 \(nn\)|matmul, both|matmul odd|skinny long|vecmat|argmax 2d axis 0|sum 3d axis 0|max 2d all)"
DEBUG=2 timeout 90 $C/ingot_workload_bench --device CUDA:0 --only "$SLOW" > $OUT/r/slow-debug2.txt 2>&1
grep -E "^\| " $OUT/r/slow-debug2.txt
echo "== resnet-18"
timeout 300 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --peers bench/resnet_peers.py > $OUT/r/resnet.md 2> $OUT/r/resnet.err; tail -6 $OUT/r/resnet.md; tail -3 $OUT/r/resnet.err
