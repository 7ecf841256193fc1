#!/bin/bash
# Call 1: transposing copies through threadgroup tiles (TRANSPOSE): the movement and
# convolution cases on CUDA; the float16 convolution benchmark with ResNet's 3x3 and the
# suite's copy and convolution rows, last session's build (_old) and this one interleaved;
# the same rows under BEAM (tiles of 16, 32, 64 timed); DEBUG=2 of the ResNet pad.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-1
mkdir -p $OUT/r
timeout 90 $C/ingot_op_tests --gtest_filter='Devices/Movement*CUDA*:Devices/Conv*CUDA*' --gtest_brief=1 > $OUT/r/op-cases-cuda.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-cases-cuda.log | tail -5
R='NCHW|NHWC|transpose|permute|conv'
for i in 1 2; do for s in _old ""; do
  timeout 40 $C/ingot_nn_bench$s --device CUDA:0 --dtype float16 --large --rounds 5 > $OUT/r/nn$s-$i.md 2>&1; echo "nn$s $i $(grep -E '^\| ResNet 3x3' $OUT/r/nn$s-$i.md)"
  timeout 40 $C/ingot_workload_bench$s --device CUDA:0 --only "$R" > $OUT/r/w$s-$i.md 2>&1; echo "w$s $i $(grep -E '^\| ' $OUT/r/w$s-$i.md | grep -vE 'workload|---' | cut -d'|' -f2,3 | tr '\n' ' ')"
done; done
BEAM=3 DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "$R" > $OUT/r/w-beam.txt 2>&1; grep -E "TRANSPOSE|^\| " $OUT/r/w-beam.txt | tail -30
DEBUG=2 timeout 30 $C/ingot_nn_bench --device CUDA:0 --dtype float16 --large --rounds 1 > $OUT/r/nn-debug2.txt 2>&1; grep -E "E_64_59_58_256|E_64_58_58_256" $OUT/r/nn-debug2.txt | tail -3
cd $OUT && tar czf r.tgz r && rm -rf r
