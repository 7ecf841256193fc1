#!/bin/bash
# Call 6 (2026-11-28, fourth session): the float16 matmuls again and the layer
# gelu(a @ b + bias), beside cuBLAS through PyTorch in the same call.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
for only in layer float16 bfloat16; do
  timeout 100 $C/ingot_gpu_bench --device CUDA:0 --peers bench/matmul_peers.py --only $only > $OUT/r/$only.md 2> $OUT/r/$only.err; grep "^| [lm]" $OUT/r/$only.md
done
cd $OUT && tar czf r.tgz r && rm -rf r
