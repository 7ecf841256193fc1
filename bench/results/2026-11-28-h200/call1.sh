#!/bin/bash
# Call 1 (2026-11-28): CUDA op suite after the CPU-plan changes, workloads beside PyTorch,
# the training step's kernels by time, BEAM on the slow rows.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op suite"; ( time timeout 280 $C/ingot_op_tests --gtest_filter='*CUDA*' ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -15
echo "== workloads with peers"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads-peers.md 2> $OUT/r/workloads-peers.err
tail -8 $OUT/r/workloads-peers.md
echo "== train step, kernels by time"
DEBUG=2 timeout 120 $C/ingot_example_train_gpt --device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 6 --sample 0 --text docs/engine.md > $OUT/r/train-debug2.txt 2>&1
tail -3 $OUT/r/train-debug2.txt
# name  global xlocal  time ms ...: the last 4 steps' launches, summed by name and opts
awk '/ ms / && !/^realized/{for(i=1;i<=NF;i++) if($i=="ms"){t=$(i-1); break}; n=$1; o=""; for(j=i+1;j<=NF;j++) if($j !~ /GB\/s|GFLOP\/s|^[0-9.]+$/) o=o" "$j; k=n" |"o; s[k]+=t; c[k]++; tot+=t} END{for(k in s) printf "%9.3f ms %5d  %s\n", s[k], c[k], k; printf "%9.3f ms total\n", tot}' $OUT/r/train-debug2.txt | sort -rn | head -45 | tee $OUT/r/train-kernels.txt
timeout 120 $C/ingot_example_train_gpt --device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 12 --sample 0 --text docs/engine.md > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 > $OUT/r/train-peers.txt 2>&1; tail -3 $OUT/r/train-peers.txt
echo "== BEAM on slow rows"
BEAM=2 DEBUG=2 timeout 150 $C/ingot_workload_bench --device CUDA:0 --only 'softmax rows|argmax 2d|skinny long|odd|vecmat|both transposed|batch @|var 4d axes 2,3|mean of transposed' > $OUT/r/beam.txt 2>&1
grep "|" $OUT/r/beam.txt | head -20
cd $OUT && tar czf r.tgz r && rm -rf r
