#!/bin/bash
# Call 2: the float32 register tiles' lane layout within a SIMD group (an experiment
# binary, INGOT_EXP_LANES=RxC: R rows by 32/R columns of threads, 't': rows fastest),
# timed on the float32 products of the workload suite; 4x is the tree's layout.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
W="matmul|conv2d 3x3 \(nn\)|attention|MLP"
for v in 4x 4t 2x 2t 8x 8t 4x; do
  echo "== $v"
  INGOT_EXP_LANES=$v INGOT_CACHE=/tmp/exp-$v timeout 100 $C/ingot_workload_bench_exp --device CUDA:0 --only "$W" 2>/dev/null | grep -E "float32" | grep -v "float16" | awk -F'|' '{printf "%-45s %s\n", $2, $4}'
done
