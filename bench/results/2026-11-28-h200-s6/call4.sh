#!/bin/bash
# Call 4: the unroll takes the most outputs up to 8 that divide the axis (cumsum's scan of
# 63 block totals: 7): the scan and reduction cases, cumsum old (call 1's build) and new
# interleaved, and its kernels (DEBUG=2).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-4 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== scan and reduce cases"; timeout 200 $C/ingot_op_tests --gtest_filter='*ScanSort*CUDA*:*Reduce*CUDA*' --gtest_brief=1 > $OUT/r/op-cases.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-cases.log | tail -5
for i in 1 2 3; do for b in ingot_workload_bench_old ingot_workload_bench; do
  echo "== $b $i"; timeout 60 $C/$b --device CUDA:0 --only 'cumsum' > $OUT/r/$b-$i.md 2>&1; grep -E "^\| cumsum" $OUT/r/$b-$i.md | cut -d'|' -f2,4
done; done
DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only 'cumsum' --runs 3 > $OUT/r/debug2.txt 2>&1; grep -E "GB/s" $OUT/r/debug2.txt | tail -6
cd $OUT && tar czf r.tgz r && rm -rf r
