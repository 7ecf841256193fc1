#!/bin/bash
# Call 6: the training step's kernels as CUDA source (DEBUG=4, one step), to see why its
# row kernels r_32_256_384 and r_32_6_256_256 take plain ROW plans (71 and 75 us each in
# call 5) where a layernorm or softmax alone takes GROUP ROW.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-6 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
DEBUG=4 timeout 100 $C/ingot_example_train_gpt $T --steps 1 2> $OUT/r/source.err > /dev/null
gzip $OUT/r/source.err; ls -la $OUT/r
