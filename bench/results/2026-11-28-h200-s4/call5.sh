#!/bin/bash
# Call 5 (2026-11-28, fourth session): the dense matmuls (issue 16) after WGMMA's staged
# stores, beside cuBLAS through PyTorch in the same call.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
timeout 300 $C/ingot_gpu_bench --device CUDA:0 --peers bench/matmul_peers.py --only matmul > $OUT/r/matmul.md 2> $OUT/r/matmul.err; cat $OUT/r/matmul.md | grep "|"; tail -3 $OUT/r/matmul.err
cd $OUT && tar czf r.tgz r && rm -rf r
