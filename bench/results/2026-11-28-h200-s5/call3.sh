#!/bin/bash
# Call 3: a realized index tensor keeps the range its check read (and a tensor from host
# data knows it from the copy): the indexing op cases on CUDA and the suite's op rows.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== indexing op cases"; timeout 120 $C/ingot_op_tests --gtest_filter='*Indexing*CUDA*:*Scan*CUDA*:*Sort*CUDA*' --gtest_brief=1 > $OUT/r/op-indexing.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-indexing.log | tail -5
for i in 1 2; do echo "== op rows $i"; timeout 100 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py --only 'conv2d 3x3 \(nn\)|cumsum|gather|embedding' > $OUT/r/workloads-$i.md 2> $OUT/r/workloads-$i.err; grep -E "^\| [a-z]" $OUT/r/workloads-$i.md | head -5; done
cd $OUT && tar czf r.tgz r && rm -rf r
