#!/bin/bash
# Call 3: launches queued for a submitting thread of the CUDA context (CudaSubmitter) and the
# binary structural keys. Host and wall time per call (gpu_probe, beside call 1's), the
# CUDA cases of the op suite, the conformance suite and the threads test, then the rows
# host time decides beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-3 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 120 $C/gpu_probe CUDA:0 2>&1 | tee $OUT/r/probe.txt
timeout 200 $C/ingot_op_tests --gtest_filter='*CUDA_0*:KernelFault*' > $OUT/r/ops.txt 2>&1; echo "ops rc=$?"
grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/ops.txt | head -12
timeout 100 $C/ingot_cts_tests --gtest_filter='*CUDA*' > $OUT/r/cts.txt 2>&1; echo "cts rc=$?"
grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/cts.txt | head -12
timeout 60 $C/ingot_concurrency_tests > $OUT/r/threads.txt 2>&1; echo "threads rc=$?"; grep -E "PASSED|FAILED" $OUT/r/threads.txt | head -5
rows="layernorm|rmsnorm|softmax rows|tiny chain"
timeout 120 $C/ingot_workload_bench --device CUDA:0 --only "$rows" --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err
grep "^| [a-z]" $OUT/r/workloads.md | cut -c1-150
