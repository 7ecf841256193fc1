#!/bin/bash
# Call 1 (2026-11-28, fifth session): the CUDA op suite after reads at indices became one
# primitive (Take) and cumsum's blocks changed; the whole workload suite beside PyTorch
# eager and torch.compile (its op rows, conv2d/cumsum/gather/embedding, for the first time
# on the GPU; the register tiles' 32-deep slices in the whole suite for the first time).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op suite"; ( time timeout 290 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12
echo "== workloads with peers"; timeout 270 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -8 $OUT/r/workloads.md; tail -3 $OUT/r/workloads.err
cd $OUT && tar czf r.tgz r && rm -rf r
