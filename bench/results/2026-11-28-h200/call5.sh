#!/bin/bash
# Call 5 (2026-11-28): the rows that read slower in call 4, old build (090c550, before the
# schedule's cuts) beside the final one, in the same call; then the final one beside PyTorch.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
R='^(layernorm|rmsnorm|softmax rows|max 2d all|tiny chain of 1 op|tiny chain of 2 ops|skinny long inner.*|attention|groupnorm 8 groups|depthwise conv 3x3 from pad/slice)$'
for i in 1 2; do
  for v in _old ""; do
    timeout 60 $C/ingot_workload_bench$v --device CUDA:0 --only "$R" > $OUT/r/sub$v-$i.md 2>/dev/null
    echo "$v $i: $(grep '^| [a-z]' $OUT/r/sub$v-$i.md | cut -d'|' -f2,4 | tr '\n' ' ')"
  done
done
timeout 120 $C/ingot_workload_bench --device CUDA:0 --only "$R" --peers bench/workload_peers.py > $OUT/r/sub-peers.md 2>/dev/null; grep '^| [a-z]' $OUT/r/sub-peers.md | cut -d'|' -f2,4,5,7
cd $OUT && tar czf r.tgz r && rm -rf r
