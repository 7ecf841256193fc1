#!/bin/bash
# Call 8: cumsum's blocks scanned and combined with the total before them in one kernel
# (their totals summed first), against the build of call 7, interleaved; the scan cases.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== scan cases"; timeout 60 $C/ingot_op_tests --gtest_filter='*ScanSort*CUDA*' --gtest_brief=1 > $OUT/r/op-scan.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-scan.log | tail -3
for i in 1 2; do for b in ingot_workload_bench_old ingot_workload_bench; do
  echo "== $b $i"; timeout 60 $C/$b --device CUDA:0 --only 'cumsum' > $OUT/r/$b-$i.md 2>&1; grep -E "^\| cumsum" $OUT/r/$b-$i.md
done; done
DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only 'cumsum' --runs 3 > $OUT/r/debug2.txt 2>&1; grep -E "GB/s" $OUT/r/debug2.txt | tail -3
cd $OUT && tar czf r.tgz r && rm -rf r
