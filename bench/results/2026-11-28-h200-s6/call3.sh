#!/bin/bash
# Call 3: a GPU reduction without a vector plan whose input is broadcast along an output
# axis (cumsum's blocks) takes 8 outputs along it a thread: the whole CUDA op suite, the
# scan rows old and new interleaved, then the whole workload suite beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-3 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== op suite"; ( time timeout 250 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12
for i in 1 2; do for b in ingot_workload_bench_old ingot_workload_bench; do
  echo "== $b $i"; timeout 60 $C/$b --device CUDA:0 --only 'cumsum|scatter|one.hot' > $OUT/r/$b-$i.md 2>&1; grep -E "^\| (cumsum|scatter|one)" $OUT/r/$b-$i.md | cut -d'|' -f2,4
done; done
echo "== workloads with peers"; timeout 250 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -7 $OUT/r/workloads.md
cd $OUT && tar czf r.tgz r && rm -rf r
