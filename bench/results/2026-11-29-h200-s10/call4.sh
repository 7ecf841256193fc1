#!/bin/bash
# Call 4: float32 products of fewer than two 64x64 tiles a compute unit split their depth
# in two, padded with zeros where two does not divide it (composite.cpp depth_parts): the
# probe's shapes (aligned and odd), and the rows below 0.8x beside PyTorch twice.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-4 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 60 $C/mmprobe
SLOW="^(conv2d 3x3 \(nn\)|matmul|skinny long|gather along|softmax rows|bmm|MLP block|batch @|attention)"
for i in 1 2; do timeout 100 $C/ingot_workload_bench --device CUDA:0 --only "$SLOW" --peers bench/workload_peers.py > $OUT/r/slow-peers-$i.md 2> $OUT/r/slow-peers-$i.err; grep -E "^\| " $OUT/r/slow-peers-$i.md | cut -c1-160; done
