#!/bin/bash
# Call 6: Nsight Compute on the float32 register-tile matmul (STAGE(64,8x4)) of 1024^3 and
# 1000x999x1001 (the probe's kernels r_1024_1024 and r_1000_1001): where its time goes.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-6
mkdir -p $OUT/r
which ncu; ncu --version | tail -1
timeout 200 ncu --clock-control none --kernel-name regex:'r_10(24_1024|00_1001)$' --launch-count 2 \
  --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis \
  --section ComputeWorkloadAnalysis --section LaunchStats --section Occupancy \
  $C/mmprobe > $OUT/r/ncu.txt 2>&1
grep -v "^==PROF==" $OUT/r/ncu.txt | grep -E "r_10|Duration|Throughput|Pipe|Stall|Warp Cycles|Achieved Occupancy|Registers|Shared Memory|Issue|Eligible|Bank|Theoretical Occupancy|Block Limit" | head -90
