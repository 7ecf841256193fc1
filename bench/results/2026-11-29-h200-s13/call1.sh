#!/bin/bash
# Call 1: where softmax rows' time goes (host path per call beside the kernel), and BEAM's
# candidates for softmax rows and the odd matmul, at 8142ec4.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-1 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
lscpu | grep -E "Model name|^CPU\(s\)|MHz" | head -4
timeout 120 $C/gpu_probe CUDA:0 2>&1 | tee $OUT/r/probe.txt
for i in 1 2; do timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "^softmax rows|^log_softmax rows|^layernorm$|^rmsnorm" --runs 15 2>/dev/null | grep "^| [a-z]" | cut -c1-100; done
BEAM=2 DEBUG=2 timeout 200 $C/ingot_workload_bench --device CUDA:0 --only "^softmax rows|matmul odd" --runs 5 > $OUT/r/beam.md 2> $OUT/r/beam.err
grep "^BEAM" $OUT/r/beam.err | sort -t' ' -k3 | head -80
grep "^| [a-z]" $OUT/r/beam.md | cut -c1-100
