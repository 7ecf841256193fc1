#!/bin/bash
# Call 5, the final code: a stride-1 convolution's sum over taps of matmuls reads its
# input channels last (every tap's rows whole 16-byte vectors), so float16 convolutions
# take STAGE on matrix tiles (TC STAGE) and float32 ones STAGE's register tiles: the
# convolution, nn, matmul and composite cases of the op suite on CUDA and the
# convolutions' gradients, the convolution benchmark in float32 and float16 with
# ResNet's 3x3 beside cuDNN, the training step, the whole workload suite beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-5 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== op cases"; timeout 200 $C/ingot_op_tests --gtest_filter='Devices/Conv*CUDA*:Devices/Nn*CUDA*:Devices/Composite*CUDA*:Devices/Reduce*CUDA*' --gtest_brief=1 > $OUT/r/op-cases-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure" $OUT/r/op-cases-cuda.log | tail -8
timeout 100 $C/ingot_grad_tests --gtest_filter='*onv*' --gtest_brief=1 > $OUT/r/grad-conv.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/grad-conv.log | tail -3
for dt in float32 float16; do timeout 100 $C/ingot_nn_bench --device CUDA:0 --dtype $dt --large > $OUT/r/nn-$dt.md 2>&1; cat $OUT/r/nn-$dt.md | grep -E "^\| (digits|ResNet|3x3|1x1)"; done
DEBUG=2 timeout 60 $C/ingot_nn_bench --device CUDA:0 --dtype float16 --large --rounds 2 > $OUT/r/nn-float16-debug2.txt 2>&1
python3 - > $OUT/r/cudnn.txt 2>&1 <<'PY'
import torch
torch.backends.cudnn.benchmark = True
torch.backends.cudnn.allow_tf32 = False
for dt in (torch.float32, torch.float16):
    for x_shape, w_shape in (((8, 64, 28, 28), (64, 64, 3, 3)), ((64, 256, 56, 56), (256, 256, 3, 3))):
        x = torch.rand(x_shape, device="cuda", dtype=dt); w = torch.rand(w_shape, device="cuda", dtype=dt)
        for _ in range(3): torch.nn.functional.conv2d(x, w, padding=1)
        torch.cuda.synchronize(); best = 1e9
        for _ in range(10):
            s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
            s.record(); torch.nn.functional.conv2d(x, w, padding=1); e.record(); torch.cuda.synchronize()
            best = min(best, s.elapsed_time(e))
        flop = 2 * x_shape[0] * w_shape[0] * x_shape[2] * x_shape[3] * w_shape[1] * 9
        print(f"cuDNN {dt} {x_shape} x {w_shape}: {best:.3f} ms, {flop / best / 1e9:.1f} GFLOP/s")
PY
cat $OUT/r/cudnn.txt
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
for i in 1 2; do timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train-$i.txt 2>&1; tail -1 $OUT/r/train-$i.txt; done
echo "== workloads with peers"; timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -7 $OUT/r/workloads.md
cd $OUT && tar czf r.tgz r && rm -rf r
