#!/bin/bash
# Call 7 (final): the op suite's reductions, movement, regressions and composites on CUDA;
# the workload suite beside PyTorch (eager and compile); old and new builds interleaved
# twice without peers; the training step old/new twice, and PyTorch's step.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/gpu.txt
echo "== op suite"; timeout 240 $C/ingot_op_tests --gtest_filter='*CUDA*' 2>&1 | grep -E "FAILED|PASSED|tests ran|Failure" | tail -15 | tee $OUT/op-suite-cuda.log
echo "== workloads with peers"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/workloads-peers.md 2> /dev/null
for i in 1 2; do
  timeout 100 $C/ingot_workload_bench_old --device CUDA:0 > $OUT/w-old-$i.txt 2>&1
  timeout 100 $C/ingot_workload_bench --device CUDA:0 > $OUT/w-new-$i.txt 2>&1
done
tar czf $OUT/interleaved.tgz -C $OUT w-old-1.txt w-old-2.txt w-new-1.txt w-new-2.txt && rm $OUT/w-*.txt
for i in 1 2; do for v in _old ""; do
  echo "== train_gpt$v $i"; timeout 100 $C/ingot_example_train_gpt$v --device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 12 --sample 0 --text docs/engine.md 2>&1 | tail -c 45
done; done 2>&1 | tee $OUT/train-gpt.txt
timeout 100 python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 2>&1 | grep "a step" | tee -a $OUT/train-gpt.txt
