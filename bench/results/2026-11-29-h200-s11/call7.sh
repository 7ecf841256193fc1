#!/bin/bash
# Call 7: the session's end state (330d5ca) on CUDA:0: the op suite, the conformance
# suite and the gradient tests, every case of each on the GPU.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-7
mkdir -p $OUT/r
for t in ingot_cts_tests ingot_grad_tests ingot_op_tests; do
  timeout 420 $C/$t --gtest_filter='*CUDA_0*:*CUDA:0*' > $OUT/r/$t.txt 2>&1; echo "$t rc=$?"
  grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/$t.txt | head -8
done
