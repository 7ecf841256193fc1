#!/bin/bash
# Call 8: at the session's code (GPU reductions keep float4 output lanes only where they
# leave a group of threads on every compute unit): the whole workload suite beside PyTorch,
# the reductions and products of the op suite on CUDA:0.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-8 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
timeout 230 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/suite.txt 2> $OUT/r/suite.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/suite.txt | cut -c1-150; tail -5 $OUT/r/suite.txt
grep -E "^\| (sum 3d axis 0|mean 3d axis 1|sum 4d axis 0|argmax 2d axis 0|var 2d axis 0|sum 2d axis 0) " $OUT/r/suite.txt | cut -c1-130
timeout 200 $C/ingot_op_tests --gtest_filter='*Reduce*CUDA_0*:*Composite*CUDA_0*' > $OUT/r/ops.txt 2>&1; echo "ops rc=$?"
grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/ops.txt | head -12
