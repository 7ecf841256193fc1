#!/bin/bash
# Call 10 (the committed ordering, the emitter's accumulator rule): BEAM's times of the
# float32 register-tile plans (blocks of 64 and 128, tiles 4x4, 8x4, 8x8) on the matmul
# benchmark's float32 rows and the suite's float32 matmul rows, now that the simplified
# addresses let ptxas predicate the next slice's loads.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-10
mkdir -p $OUT/r
BEAM=12 DEBUG=2 timeout 120 $C/ingot_gpu_bench --device CUDA:0 --only "matmul float32" > $OUT/r/beam-g.txt 2>&1
BEAM=12 DEBUG=2 timeout 150 $C/ingot_workload_bench --device CUDA:0 --only 'bmm$|both transposed|a transposed|batch @|odd|MLP|skinny' > $OUT/r/beam-w.txt 2>&1
grep -hE "^BEAM r_.*(STAGE|kept)" $OUT/r/beam-*.txt | grep -v " on CUDA" | tail -80
cd $OUT && gzip r/*.txt && tar czf r.tgz r && rm -rf r
