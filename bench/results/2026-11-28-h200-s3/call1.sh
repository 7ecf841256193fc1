#!/bin/bash
# Call 1 (2026-11-28, third session): the CUDA op suite's reductions after the horizontal
# reduce became one statement a lane; the workload suite beside PyTorch; BEAM on the rows
# below 0.8; ResNet's 3x3 conv in float16 beside cuDNN.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $OUT/r/gpu.txt
echo "== op suite subset"; ( time timeout 100 $C/ingot_op_tests --gtest_filter='*Reduce*/CUDA*:*Regression*/CUDA*:*Composite*/CUDA*:*Softmax*/CUDA*' --gtest_brief=1 ) > $OUT/r/op-subset-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-subset-cuda.log | tail -8
echo "== workloads with peers"; timeout 240 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads-peers.md 2> $OUT/r/workloads-peers.err
tail -8 $OUT/r/workloads-peers.md
echo "== BEAM on slow rows"
BEAM=2 DEBUG=2 timeout 90 $C/ingot_workload_bench --device CUDA:0 --only 'softmax rows|argmax 2d|skinny long|odd|vecmat|both transposed|a transposed|batch @|var 4d axes 2,3|mean of transposed|float16 1024' > $OUT/r/beam.txt 2>&1
grep "|" $OUT/r/beam.txt | head -20; grep "kept" $OUT/r/beam.txt > $OUT/r/beam-kept.txt
echo "== conv2d float16, ResNet 3x3 256 ch 56x56 batch 64"
timeout 45 $C/ingot_nn_bench --device CUDA:0 --dtype float16 --large > $OUT/r/nn.txt 2>&1; grep -i "resnet" $OUT/r/nn.txt
python3 - > $OUT/r/conv-cudnn.txt 2>&1 <<'PY'
import torch, time
x = torch.randn(64, 256, 56, 56, device="cuda", dtype=torch.float16)
w = torch.randn(256, 256, 3, 3, device="cuda", dtype=torch.float16)
f = lambda: torch.nn.functional.conv2d(x, w, padding=1)
for _ in range(5): f()
torch.cuda.synchronize()
best = 1e9
for _ in range(10):
    t = time.perf_counter(); f(); torch.cuda.synchronize(); best = min(best, time.perf_counter() - t)
flops = 2 * 64 * 256 * 256 * 9 * 56 * 56
print(f"cuDNN conv2d float16 64x256x56x56 3x3: {best*1e3:.3f} ms, {flops/best/1e12:.1f} TFLOP/s")
PY
cat $OUT/r/conv-cudnn.txt
cd $OUT && tar czf r.tgz r && rm -rf r
