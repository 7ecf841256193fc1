#!/bin/bash
# Call 4 (2026-11-28): the final tree on the GPU: the CUDA op suite, the workloads beside
# PyTorch, the training step beside call 1's build (21ccd93) and PyTorch, its kernels.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/r/gpu.txt
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 12 --sample 0 --text docs/engine.md"
for i in 1 2; do
  for v in _old ""; do
    timeout 100 $C/ingot_example_train_gpt$v $T > $OUT/r/train$v-$i.txt 2>&1; echo "train$v $i: $(tail -1 $OUT/r/train$v-$i.txt)"
  done
done
python3 bench/train_gpt_peers.py docs/engine.md 384 6 6 256 32 12 > $OUT/r/train-peers.txt 2>&1; grep "a step" $OUT/r/train-peers.txt
DEBUG=2 timeout 120 $C/ingot_example_train_gpt --device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --steps 6 --sample 0 --text docs/engine.md > $OUT/r/train-debug2.txt 2>&1
awk '/ ms / && !/^realized/{for(i=1;i<=NF;i++) if($i=="ms"){t=$(i-1); break}; n=$1; o=""; for(j=i+1;j<=NF;j++) if($j !~ /GB\/s|GFLOP\/s|^[0-9.]+$/) o=o" "$j; k=n" |"o; s[k]+=t; c[k]++; tot+=t} END{for(k in s) printf "%9.3f ms %5d  %s\n", s[k], c[k], k; printf "%9.3f ms total\n", tot}' $OUT/r/train-debug2.txt | sort -rn | head -16 | tee $OUT/r/train-kernels.txt
echo "== workloads with peers"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads-peers.md 2> $OUT/r/workloads-peers.err
tail -6 $OUT/r/workloads-peers.md
echo "== op suite"; ( time timeout 280 $C/ingot_op_tests --gtest_filter='*CUDA*' ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|Failure|real" $OUT/r/op-suite-cuda.log | tail -8
timeout 60 $C/ingot_grad_tests --gtest_filter='*CUDA*' > $OUT/r/grad-cuda.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/grad-cuda.log | tail -3
timeout 60 $C/ingot_unit_tests --gtest_filter='*CUDA*:Fusion*:GpuPlans*' > $OUT/r/unit-cuda.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/unit-cuda.log | tail -3
cd $OUT && tar czf r.tgz r && rm -rf r
