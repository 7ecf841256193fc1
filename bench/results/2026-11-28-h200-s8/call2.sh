#!/bin/bash
# Call 2: which TRANSPOSE tile the float16 channels-last pad of ResNet's 3x3 convolution
# wants: BEAM times tiles of 16, 32 and 64 (and the other plans) beside each other.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-2
mkdir -p $OUT/r
BEAM=6 DEBUG=2 timeout 120 $C/ingot_nn_bench --device CUDA:0 --dtype float16 --large --rounds 1 > $OUT/r/nn-beam.txt 2>&1; grep -E "BEAM E_64_5[89]_58_256" $OUT/r/nn-beam.txt | grep -v " on CUDA" | tail -12
BEAM=6 DEBUG=2 timeout 120 $C/ingot_nn_bench --device CUDA:0 --dtype float32 --large --rounds 1 > $OUT/r/nn-beam-f32.txt 2>&1; grep -E "BEAM E_64_5[89]_58_256" $OUT/r/nn-beam-f32.txt | grep -v " on CUDA" | tail -12
cd $OUT && tar czf r.tgz r && rm -rf r
