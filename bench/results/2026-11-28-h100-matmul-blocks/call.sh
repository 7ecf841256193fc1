#!/bin/bash
# Call 2: STAGE(64,4) (256 threads of 4 x 4 in blocks of 64), vector loads of A's rows.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op suite matmul"; timeout 120 $C/ingot_op_tests --gtest_filter='*Matmul*CUDA*:*Composite*CUDA*:*Nn*CUDA*:*Linear*CUDA*:*Attention*CUDA*' > $OUT/r/op-matmul.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-matmul.log | tail -8
MM='bmm|matmul|skinny|batch @|attention|MLP|conv 3x3'
for i in 1 2; do
  timeout 100 $C/ingot_workload_bench_old --device CUDA:0 --only "$MM" > $OUT/r/mm-old-$i.txt 2>&1
  timeout 100 $C/ingot_workload_bench --device CUDA:0 --only "$MM" > $OUT/r/mm-new-$i.txt 2>&1
done
grep "µs" $OUT/r/mm-new-1.txt | cut -c1-90
echo "== BEAM"; BEAM=2 DEBUG=2 timeout 150 $C/ingot_workload_bench --device CUDA:0 --only "$MM" > $OUT/r/mm-beam.txt 2>&1; grep -E "^BEAM .*STAGE" $OUT/r/mm-beam.txt | head -60
echo "== gpu bench matmul"; timeout 100 $C/ingot_gpu_bench --device CUDA:0 --only matmul --peers bench/matmul_peers.py > $OUT/r/gpu-matmul.md 2>&1; tail -25 $OUT/r/gpu-matmul.md
echo "== workloads with peers"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads-peers.md 2> $OUT/r/workloads-peers.err
tail -8 $OUT/r/workloads-peers.md
echo "== op suite"; ( time timeout 280 $C/ingot_op_tests --gtest_filter='*CUDA*' ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -15
cd $OUT && tar czf r.tgz r && rm -rf r
