#!/bin/bash
# Call 9: the transposing copies' steps a 32-byte sector's worth (8 float32, 16 float16)
# against the lanes' width (call 8's, the _w build), interleaved: the movement and
# convolution cases on CUDA, ResNet's float16 convolution, the suite's copy rows.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-9
mkdir -p $OUT/r
timeout 60 $C/ingot_op_tests --gtest_filter='Devices/Movement*CUDA*:Devices/Conv*CUDA*' --gtest_brief=1 > $OUT/r/op-cases-cuda.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-cases-cuda.log | tail -5
for i in 1 2; do for s in _w ""; do
  timeout 30 $C/ingot_nn_bench$s --device CUDA:0 --dtype float16 --large --rounds 5 > $OUT/r/nn$s-$i.md 2>&1; echo "nn$s $i $(grep -E '^\| ResNet 3x3' $OUT/r/nn$s-$i.md)"
  timeout 30 $C/ingot_workload_bench$s --device CUDA:0 --only 'NCHW to|NHWC to|transpose 2d|permute 3d' > $OUT/r/w$s-$i.md 2>&1; echo "w$s $i $(grep -E '^\| (NCHW|NHWC|transpose|permute)' $OUT/r/w$s-$i.md | cut -d'|' -f2,4 | tr '\n' ' ')"
done; done
cd $OUT && tar czf r.tgz r && rm -rf r
