#!/bin/bash
# Call 5, the final code: the unroll of outputs that share loads only where it leaves
# four waves of threads (cumsum's block triangle: 8 a thread; its 63 totals' scan: none).
# The whole CUDA op suite, cumsum old (call 1's build) and new interleaved with its
# kernels, then the whole workload suite beside PyTorch eager and torch.compile.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-5 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== op suite"; ( time timeout 250 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12
for i in 1 2 3; do for b in ingot_workload_bench_old ingot_workload_bench; do
  echo "== $b $i"; timeout 60 $C/$b --device CUDA:0 --only 'cumsum' > $OUT/r/$b-$i.md 2>&1; grep -E "^\| cumsum" $OUT/r/$b-$i.md | cut -d'|' -f2,4
done; done
DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only 'cumsum' --runs 3 > $OUT/r/debug2.txt 2>&1; grep -E "GB/s" $OUT/r/debug2.txt | tail -3
echo "== workloads with peers"; timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -7 $OUT/r/workloads.md
cd $OUT && tar czf r.tgz r && rm -rf r
