#!/bin/bash
# Call 2: what BEAM finds for the rows below 0.8x eager and the MLP block (the transformer's
# float32 matmul shapes): every candidate's time (DEBUG=2's BEAM lines); then the rows
# without BEAM beside PyTorch, with a split matmul's part sum in one kernel (reduce.cpp
# kShortestSplit).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-2 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
SLOW="^(cumsum|conv2d 3x3 \(nn\)|matmul, both|matmul odd|skinny long|gather along|softmax rows|bmm, b trans|MLP block)"
BEAM=16 DEBUG=2 timeout 300 $C/ingot_workload_bench --device CUDA:0 --only "$SLOW" --runs 3 > $OUT/r/beam.txt 2>&1
grep -E "^\| " $OUT/r/beam.txt | cut -c1-120
grep -E "^BEAM .*kept" $OUT/r/beam.txt | head -40
for i in 1 2; do timeout 90 $C/ingot_workload_bench --device CUDA:0 --only "$SLOW" --peers bench/workload_peers.py > $OUT/r/slow-peers-$i.md 2> $OUT/r/slow-peers-$i.err; grep -E "^\| " $OUT/r/slow-peers-$i.md | cut -c1-160; done
grep -E "^BEAM " $OUT/r/beam.txt | gzip > $OUT/r/beam-lines.txt.gz
gzip -f $OUT/r/beam.txt
