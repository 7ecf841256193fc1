#!/bin/bash
# Call 3: TRANSPOSE with rectangular tiles among BEAM's variants, and index arithmetic
# simplified (floor((x + k d) / d) = floor(x / d) + k: a staged copy's later rounds reuse
# the first one's address): the whole CUDA op suite; BEAM's times of the tiles for the
# float16 and float32 channels-last pads and the suite's transposing copies; the float16
# convolution benchmark without BEAM beside last session's build (_old).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-3
mkdir -p $OUT/r
timeout 300 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-suite-cuda.log | tail -8
for dt in float16 float32; do
BEAM=8 DEBUG=2 timeout 120 $C/ingot_nn_bench --device CUDA:0 --dtype $dt --large --rounds 1 > $OUT/r/nn-beam-$dt.txt 2>&1; grep -E "BEAM E_64_5[89]_58_256" $OUT/r/nn-beam-$dt.txt | grep -v " on CUDA" | tail -9
done
R='NCHW|NHWC|transpose 2d|permute 3d'
BEAM=8 DEBUG=2 timeout 100 $C/ingot_workload_bench --device CUDA:0 --only "$R" > $OUT/r/w-beam.txt 2>&1; grep -E "BEAM .*(TRANSPOSE|kept)" $OUT/r/w-beam.txt | grep -v " on CUDA" | grep -B8 "kept TRANSPOSE" | tail -40
for i in 1 2; do for s in _old ""; do
  timeout 40 $C/ingot_nn_bench$s --device CUDA:0 --dtype float16 --large --rounds 5 > $OUT/r/nn$s-$i.md 2>&1; echo "nn$s $i $(grep -E '^\| ResNet 3x3' $OUT/r/nn$s-$i.md)"
done; done
cd $OUT && tar czf r.tgz r && rm -rf r
