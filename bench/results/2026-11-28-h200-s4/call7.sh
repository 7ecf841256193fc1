#!/bin/bash
# Call 7 (2026-11-28, fourth session): an experiment build, float32 register tiles' slices
# 1, 2 or 4 times as deep (INGOT_EXP_STAGE_DEPTH_X): the CUDA matmul tests at 2 and 4,
# then the float32 matmul rows and 4096^3 for each, interleaved.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
for x in 2 4; do INGOT_EXP_STAGE_DEPTH_X=$x timeout 40 $C/ingot_op_tests --gtest_filter='*Composite*Matmul*CUDA*' --gtest_brief=1 > $OUT/r/op-$x.log 2>&1; echo "x=$x $(grep -E 'PASSED|FAILED' $OUT/r/op-$x.log | tr '\n' ' ')"; done
ROWS='transposed|bmm|batch @ shared|odd 1000|MLP|skinny|conv 3x3 from'
for i in 1 2; do for x in 1 2 4; do
  INGOT_EXP_STAGE_DEPTH_X=$x timeout 40 $C/ingot_workload_bench --device CUDA:0 --only "$ROWS" > $OUT/r/depth-$x-$i.txt 2>&1
  echo "x=$x run $i"; grep -E "^\| [a-z]" $OUT/r/depth-$x-$i.txt | grep -v "^| peer\|^| workload\|^| torch" | awk -F'|' '{printf "%s:%s  ", $2, $4} END {print ""}'
  INGOT_EXP_STAGE_DEPTH_X=$x timeout 40 $C/ingot_gpu_bench --device CUDA:0 --only "matmul float32" > $OUT/r/gpu-$x-$i.txt 2>&1; grep "^| matmul" $OUT/r/gpu-$x-$i.txt | cut -d'|' -f2,3
done; done
cd $OUT && tar czf r.tgz r && rm -rf r
