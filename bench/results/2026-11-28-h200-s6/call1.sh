#!/bin/bash
# Call 1: the rows below 0.8x eager at the last session's end, with the heuristics and
# with BEAM=4: whether the kernels' search space already holds a schedule fast enough
# (then the heuristics pick wrong) or lacks one (then the plans need new options).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
ROWS='sum 3d axis 0|bmm, b transposed|matmul, a transposed|matmul, both transposed|batch @ shared weight|skinny long inner|matmul odd|conv2d 3x3 \(nn\)|cumsum rows'
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== heuristics, with peers"; timeout 200 $C/ingot_workload_bench --device CUDA:0 --only "$ROWS" --peers bench/workload_peers.py > $OUT/r/heuristics.md 2> $OUT/r/heuristics.err; grep "^| " $OUT/r/heuristics.md | cut -d'|' -f2,4,5,7
echo "== BEAM=4"; BEAM=4 DEBUG=1 timeout 330 $C/ingot_workload_bench --device CUDA:0 --only "$ROWS" > $OUT/r/beam4.md 2> $OUT/r/beam4.err; grep "^| " $OUT/r/beam4.md | cut -d'|' -f2,4
cd $OUT && tar czf r.tgz r && rm -rf r
