#!/bin/bash
# Call 9: after b8c7c9e (one CudaContext::launch for the submitter and direct launches),
# the conformance suite's CUDA cases and the op suite's composites on CUDA:0.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-9
timeout 60 $C/ingot_cts_tests --gtest_filter='*CUDA*' 2>&1 | grep -E "^\[  (PASSED|FAILED) |FAILED  \]" | head
timeout 90 $C/ingot_op_tests --gtest_filter='*Composite*CUDA_0*:KernelFault*' 2>&1 | grep -E "^\[  (PASSED|FAILED) |FAILED  \]" | head
