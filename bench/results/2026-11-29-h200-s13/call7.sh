#!/bin/bash
# Call 7: BEAM's candidates (width 8, each timed alone) for the rows between 0.79 and 0.85
# of eager in call 5: sum 3d axis 0, cumsum rows, vecmat, matmul both transposed.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-7 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
BEAM=8 DEBUG=2 timeout 200 $C/ingot_workload_bench --device CUDA:0 --only "^sum 3d axis 0|^cumsum rows|^vecmat|both transposed" --runs 5 > $OUT/r/beam.md 2> $OUT/r/beam.err
grep -E "^BEAM [a-zA-Z_0-9]+ on CUDA:0: [0-9]+/" $OUT/r/beam.err | awk '{print $2, $6, $7, $8, $9, $10, $11}' | sort -k1,1 -k2n | head -60
grep "^| [a-z]" $OUT/r/beam.md | cut -c1-100
