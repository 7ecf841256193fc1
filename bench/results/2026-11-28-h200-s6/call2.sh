#!/bin/bash
# Call 2: the same rows with BEAM=16: whether a wider search finds the schedules the
# float32 matmuls, conv2d and cumsum lack (call 1: BEAM=4 kept the heuristics' plans).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
ROWS='sum 3d axis 0|bmm, b transposed|matmul, a transposed|matmul, both transposed|batch @ shared weight|skinny long inner|matmul odd|conv2d 3x3 \(nn\)|cumsum rows'
mkdir -p $OUT/r
echo "== BEAM=16"; BEAM=16 DEBUG=1 timeout 500 $C/ingot_workload_bench --device CUDA:0 --only "$ROWS" --peers bench/workload_peers.py > $OUT/r/beam16.md 2> $OUT/r/beam16.err; grep "^| " $OUT/r/beam16.md | cut -d'|' -f2,4,5,7
cd $OUT && tar czf r.tgz r && rm -rf r
