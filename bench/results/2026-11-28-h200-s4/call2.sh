#!/bin/bash
# Call 2 (2026-11-28, fourth session): the CUDA op suite after WGMMA's layout fix, its ring
# sized to the depth and two blocks a unit, 16-bit float vectors on CUDA and GPU vector
# plans with math lane by lane; the workload suite beside PyTorch; DEBUG=2 lines of
# attention float16 and swiglu; an experiment build's depth split of float32 products
# (INGOT_EXP_SPLIT_BELOW / _TARGET: split below that many 64x64 tiles a unit, to that many).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op suite"; ( time timeout 280 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12
echo "== workloads with peers"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -6 $OUT/r/workloads.md
echo "== kernel lines"
DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only 'attention float16|swiglu|chain of 6|layernorm float16' --runs 3 > $OUT/r/debug2.txt 2>&1; grep -E "^\|" $OUT/r/debug2.txt | tail -6
echo "== depth split experiment"
ROWS='transposed|bmm|batch @ shared|odd 1000|MLP|skinny|conv 3x3 from'
for cfg in "1 2" "2 2" "2 4" "4 4" "1 2"; do set -- $cfg
  INGOT_EXP_SPLIT_BELOW=$1 INGOT_EXP_SPLIT_TARGET=$2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "$ROWS" > $OUT/r/split-$1-$2.txt 2>&1
  echo "below $1 target $2"; grep -E "^\| [a-z]" $OUT/r/split-$1-$2.txt | grep -v "^| peer\|^| workload" | awk -F'|' '{printf "%s:%s  ", $2, $4} END {print ""}'
done
cd $OUT && tar czf r.tgz r && rm -rf r
