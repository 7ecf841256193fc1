#!/bin/bash
# Call 3: register tiles load flipped slices by 16-byte vectors (stored lane by lane), a
# SIMD group's threads hold 4 x 8 tiles, and the smaller block's 128 threads take 8 x 4
# outputs each: the CUDA op suite, the probe again (its depth chunks' buffer fixed), the
# whole workload suite beside PyTorch, and the training step beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-3 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== op suite"; ( time timeout 250 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12
echo "== probe"; (cd bench/results/2026-11-28-h200-s7 && nvcc -O3 -arch=sm_90 sgemm_probe.cu -lcublas -o /tmp/p 2>/dev/null && /tmp/p > $OUT/r/probe3.txt 2>&1); tail -2 $OUT/r/probe3.txt
echo "== workloads with peers"; timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -7 $OUT/r/workloads.md
DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only 'matmul|bmm|batch @|skinny|attention|MLP' --runs 3 > $OUT/r/debug2.txt 2>&1
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
for i in 1 2; do timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train-$i.txt 2>&1; tail -1 $OUT/r/train-$i.txt; done
python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 > $OUT/r/train-peers.txt 2>&1; tail -3 $OUT/r/train-peers.txt
cd $OUT && tar czf r.tgz r && rm -rf r
