#!/bin/bash
# Call 4, the committed tree (21c918f, TRANSPOSE tiles of 32 x 64 by default): where the
# simplified index arithmetic and the transposing copies leave everything: dense matmuls
# beside cuBLAS, the convolution benchmark beside cuDNN (float16 and float32), the
# training step, the whole workload suite beside PyTorch eager and torch.compile.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-4 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
timeout 150 $C/ingot_gpu_bench --device CUDA:0 --peers bench/matmul_peers.py --only matmul > $OUT/r/matmul.md 2> $OUT/r/matmul.err; grep "^| [lm]" $OUT/r/matmul.md
for dt in float16 float32; do timeout 60 $C/ingot_nn_bench --device CUDA:0 --dtype $dt --large > $OUT/r/nn-$dt.md 2>&1; grep -E "^\| (digits|ResNet|3x3|1x1)" $OUT/r/nn-$dt.md; done
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
for i in 1 2; do timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train-$i.txt 2>&1; tail -1 $OUT/r/train-$i.txt; done
echo "== workloads with peers"; timeout 220 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -7 $OUT/r/workloads.md
cd $OUT && tar czf r.tgz r && rm -rf r
