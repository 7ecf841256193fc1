#!/bin/bash
# Call 4 (2026-11-28, fourth session): register tiles' threads laid out 8 x 4 a warp; the
# CUDA matmul, convolution and regression tests; the float32 matmul rows with the old
# layout (INGOT_EXP_OLD_MAP=1, an experiment build) and the new one interleaved; the
# workload suite beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op subset"; ( time timeout 120 $C/ingot_op_tests --gtest_filter='*Composite*CUDA*:*Conv*CUDA*:*Regression*CUDA*:*NnLayer*CUDA*:*Grad*CUDA*' --gtest_brief=1 ) > $OUT/r/op-subset-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-subset-cuda.log | tail -8
echo "== layouts"
ROWS='transposed|bmm|batch @ shared|odd 1000|MLP|skinny|conv 3x3 from|broadcast batches|attention$'
for i in 1 2; do for v in old new; do
  if [ $v = old ]; then export INGOT_EXP_OLD_MAP=1; else unset INGOT_EXP_OLD_MAP; fi
  timeout 50 $C/ingot_workload_bench --device CUDA:0 --only "$ROWS" > $OUT/r/map-$v-$i.txt 2>&1
  echo "$v $i"; grep -E "^\| [a-z]" $OUT/r/map-$v-$i.txt | grep -v "^| peer\|^| workload\|^| torch" | awk -F'|' '{printf "%s:%s  ", $2, $4} END {print ""}'
done; done
unset INGOT_EXP_OLD_MAP
echo "== workloads with peers"; timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -6 $OUT/r/workloads.md
cd $OUT && tar czf r.tgz r && rm -rf r
