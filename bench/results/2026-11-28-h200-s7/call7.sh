#!/bin/bash
# Call 7: WGMMA takes a sum over taps too (float16 convolutions whose input channels
# fill a 64-deep slice): the convolution cases on CUDA (new ones for STAGE's register
# and matrix tiles and for WGMMA over taps), the convolutions' gradients, the convolution
# benchmark in float16 with ResNet's 3x3 and its kernels.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-7
mkdir -p $OUT/r
timeout 120 $C/ingot_op_tests --gtest_filter='Devices/Conv*CUDA*:Devices/Nn*CUDA*' --gtest_brief=1 > $OUT/r/op-conv-cuda.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-conv-cuda.log | tail -8
timeout 100 $C/ingot_grad_tests --gtest_filter='*onv*' --gtest_brief=1 > $OUT/r/grad-conv.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/grad-conv.log | tail -3
timeout 100 $C/ingot_nn_bench --device CUDA:0 --dtype float16 --large > $OUT/r/nn-float16.md 2>&1; grep -E "^\| (ResNet|3x3)" $OUT/r/nn-float16.md
DEBUG=2 timeout 60 $C/ingot_nn_bench --device CUDA:0 --dtype float16 --large --rounds 2 > $OUT/r/nn-float16-debug2.txt 2>&1; grep -E "r_64_1_3248_256|E_64_59" $OUT/r/nn-float16-debug2.txt | tail -3
cd $OUT && tar czf r.tgz r && rm -rf r
