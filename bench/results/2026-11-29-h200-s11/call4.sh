#!/bin/bash
# Call 4: call 3's comparison again, the tree's way with INGOT_EXP_ASYNC unset.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
W="matmul|conv|attention|MLP|bmm|batch @"
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
for round in 1 2; do
  for v in "" 1; do
    echo "== async='$v' round $round"
    env ${v:+INGOT_EXP_ASYNC=$v} INGOT_CACHE=/tmp/c4-$v timeout 100 $C/ingot_workload_bench_exp --device CUDA:0 --only "$W" 2>/dev/null | grep -E "float32" | awk -F'|' '{printf "%-45s %s\n", $2, $4}'
    env ${v:+INGOT_EXP_ASYNC=$v} INGOT_CACHE=/tmp/c4-$v timeout 60 $C/ingot_example_train_gpt_exp $T --steps 12 2>&1 | tail -1
  done
done
