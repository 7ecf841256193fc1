#!/bin/bash
# Call 5 (2026-11-28, third session): argmax's int32 scores and the reductions' lanes of
# their own type on CUDA: the op suite's argmax, NaN, reduction and regression tests, and the
# argmax rows beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
( time timeout 200 $C/ingot_op_tests --gtest_filter='*rgm*/CUDA*:*NaN*/CUDA*:*Reduce*/CUDA*:*Regression*/CUDA*' --gtest_brief=1 ) > $OUT/r/op-subset.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-subset.log | tail -8
timeout 60 $C/ingot_workload_bench --device CUDA:0 --only '^argmax' --peers bench/workload_peers.py > $OUT/r/argmax.md 2>/dev/null; grep '^| argmax' $OUT/r/argmax.md
cd $OUT && tar czf r.tgz r && rm -rf r
