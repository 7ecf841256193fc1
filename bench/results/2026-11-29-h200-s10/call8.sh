#!/bin/bash
# Call 8: flipped slices copied two vectors of a row, then the next rows (staging.cpp
# for_slice_copies): the float32 matmul op tests on CUDA:0, the shared-memory counters
# again, the probe's matmuls, the rows below 0.8x beside PyTorch twice, the transformer's
# training step beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-8 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 120 $C/ingot_op_tests --gtest_filter='*CompositeTest.Matmul/CUDA*:*onv*CUDA*:*Attention*CUDA*' --gtest_brief=1 > $OUT/r/op-tests.log 2>&1; tail -2 $OUT/r/op-tests.log
M=smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,gpu__time_duration.sum,l1tex__throughput.avg.pct_of_peak_sustained_active
INGOT_CACHE=/tmp/ingot-cache-8n timeout 100 ncu --clock-control none --kernel-name regex:'r_10' --launch-count 1 --metrics $M $C/mmprobe > $OUT/r/ncu-smem.txt 2>&1
grep -v "^==PROF==" $OUT/r/ncu-smem.txt | grep -E "r_10|sum|pct" | head -12
timeout 60 $C/mmprobe
SLOW="^(conv2d 3x3 \(nn\)|matmul|skinny long|softmax rows|bmm|MLP block|batch @|cumsum)"
for i in 1 2; do timeout 100 $C/ingot_workload_bench --device CUDA:0 --only "$SLOW" --peers bench/workload_peers.py > $OUT/r/slow-peers-$i.md 2> $OUT/r/slow-peers-$i.err; grep -E "^\| " $OUT/r/slow-peers-$i.md | cut -c1-160; done
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train.txt 2>&1; tail -1 $OUT/r/train.txt
