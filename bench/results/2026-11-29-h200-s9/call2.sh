#!/bin/bash
# Call 2: cumsum three ways (old: the blocks' scans read back for their totals; fused: the
# totals summed from x inside the kernel scanning them; new: the totals a kernel of their
# own, the scan of them inside the last kernel's rows); per-kernel plans and times of each
# workload below 0.8x eager; ResNet-18's step with half-precision statistics in float32
# beside PyTorch; the training tests on CUDA.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-2 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== cumsum old / fused / new"
for i in 1 2 3; do for b in wb_old wb_fused ingot_workload_bench; do timeout 60 $C/$b --device CUDA:0 --only "^cumsum" 2>/dev/null | grep "^| cumsum" | cut -d'|' -f4 | sed "s/^/$b /"; done; done
for b in wb_old wb_fused ingot_workload_bench; do echo "-- $b"; DEBUG=2 timeout 60 $C/$b --device CUDA:0 --only "^cumsum" 2>&1 | grep -E "^[rE]_" | tail -4; done
echo "== slow rows, kernels"
for w in "conv2d 3x3 \(nn\)" "matmul, both" "matmul odd" "skinny long" "vecmat" "argmax 2d axis 0"; do echo "-- $w"; DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "^$w" 2>&1 | grep -E "^[rE]_" | tail -4; done
echo "== training tests on CUDA"
timeout 150 $C/ingot_grad_tests --gtest_filter='Devices/Training*CUDA*' --gtest_brief=1 > $OUT/r/grad-train.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/grad-train.log | tail -3
echo "== resnet-18"
timeout 300 $C/ingot_resnet_bench --device CUDA:0 --dtype float16 --batch 64 --size 224 --peers bench/resnet_peers.py > $OUT/r/resnet.md 2> $OUT/r/resnet.err; tail -6 $OUT/r/resnet.md; tail -3 $OUT/r/resnet.err
