#!/bin/bash
# Call 4: STAGE over taps (a stride-1 convolution's sum of matmuls, float32 register
# tiles); slices 16 deep on the small block (the _d16 build) against 32: the CUDA op
# suite, the convolution and matmul rows with their kernels, the training step with its
# kernels, the whole workload suite beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-4 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
echo "== op suite"; ( time timeout 250 $C/ingot_op_tests --gtest_filter='*CUDA*' --gtest_brief=1 ) > $OUT/r/op-suite-cuda.log 2>&1; grep -E "FAILED|PASSED|tests ran|Failure|real" $OUT/r/op-suite-cuda.log | tail -12
R='conv|matmul|bmm|batch @|skinny|MLP|attention$'
DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "$R" --runs 3 > $OUT/r/debug2.txt 2>&1
for i in 1 2; do for b in ingot_workload_bench ingot_workload_bench_d16; do
  echo "== $b $i"; timeout 60 $C/$b --device CUDA:0 --only "$R" > $OUT/r/$b-$i.md 2>&1; grep -E "^\| (conv|matmul|bmm|batch|skinny|MLP)" $OUT/r/$b-$i.md | cut -d'|' -f2,4
done; done
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
DEBUG=2 timeout 100 $C/ingot_example_train_gpt $T --steps 6 > $OUT/r/train-debug2.txt 2>&1; tail -1 $OUT/r/train-debug2.txt
for i in 1 2; do for b in ingot_example_train_gpt ingot_example_train_gpt_d16; do timeout 60 $C/$b $T --steps 12 > $OUT/r/$b-$i.txt 2>&1; echo "$b $(tail -1 $OUT/r/$b-$i.txt)"; done; done
echo "== workloads with peers"; timeout 200 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/workloads.md 2> $OUT/r/workloads.err; tail -7 $OUT/r/workloads.md
cd $OUT && gzip r/train-debug2.txt && tar czf r.tgz r && rm -rf r
