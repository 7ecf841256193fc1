#!/bin/bash
# Call 7: Nsight Compute's shared-memory counters of the float32 register-tile matmuls
# (1024^3 aligned, 1000x999x1001 narrow): instructions, wavefronts and bank conflicts of
# its loads and stores.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-7
mkdir -p $OUT/r
M=smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed.sum,gpu__time_duration.sum,l1tex__throughput.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_global_ld.sum
timeout 200 ncu --clock-control none --kernel-name regex:'r_10' --launch-count 4 --metrics $M $C/mmprobe > $OUT/r/ncu-smem.txt 2>&1
grep -v "^==PROF==" $OUT/r/ncu-smem.txt | grep -E "r_10|sum|pct|duration" | head -60
