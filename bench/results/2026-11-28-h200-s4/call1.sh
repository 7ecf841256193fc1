#!/bin/bash
# Call 1 (2026-11-28, fourth session): the CUDA op suite after the front end's constant
# views and WGMMA's narrower blocks; the workload suite beside PyTorch; DEBUG=2 kernel
# lines of the rows below 0.8x eager.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op suite"; ( time timeout 280 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12
echo "== workloads with peers"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -6 $OUT/r/workloads.md
echo "== kernel lines"
ROWS='attention float16|matmul float16 1024|both transposed|odd 1000|mean of transposed|vecmat|bmm, b transposed|batch @ shared|skinny long'
DEBUG=2 timeout 90 $C/ingot_workload_bench --device CUDA:0 --only "$ROWS" --runs 3 > $OUT/r/debug2.txt 2>&1; grep -E "^\|" $OUT/r/debug2.txt | tail -12
cd $OUT && tar czf r.tgz r && rm -rf r
