#!/bin/bash
# Call 4: at 887958e (the submitter, binary keys, the host path's allocations), the whole
# workload suite beside PyTorch, the host time per call (gpu_probe), the tiny transformer's
# training step beside PyTorch's, BEAM's candidates for the odd matmul, and the CUDA cases
# of the op suite.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-4 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
timeout 60 $C/gpu_probe CUDA:0 2>&1 | grep "round 2" | tee $OUT/r/probe.txt
timeout 230 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; awk -F'|' '$7+0 > 0 && $7+0 < 0.9' $OUT/r/workloads.md | cut -c1-150; tail -6 $OUT/r/workloads.md
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
echo "== train_gpt"
timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
(cd $OUT/r && timeout 120 python3 $OLDPWD/bench/train_gpt_peers.py $OLDPWD/docs/engine.md 384 6 6 256 32 12 > train_peers.txt 2>&1; tail -3 train_peers.txt)
echo "== BEAM=8, matmul odd"
BEAM=8 DEBUG=2 timeout 120 $C/ingot_workload_bench --device CUDA:0 --only "matmul odd" --runs 5 > $OUT/r/beam.md 2> $OUT/r/beam.err
grep "^BEAM r_1000_1001 " $OUT/r/beam.err | sort -k3 -n | head -20
timeout 400 $C/ingot_op_tests --gtest_filter='*CUDA_0*' > $OUT/r/ops.txt 2>&1; echo "ops rc=$?"
grep -E "^\[  (PASSED|FAILED) |tests ran|FAILED  \]" $OUT/r/ops.txt | head -12
