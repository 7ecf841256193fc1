#!/bin/bash
# Call 4 (2026-11-28, third session): how many parts a reduction over leading axes with few
# outputs is cut into on a GPU. An experiment build (`_exp`, the final tree with
# kLeadingStageOutputs read from EXP_SHIFT: 2^EXP_SHIFT first-stage outputs at most; the
# tree's 2^21) on the rows that split, interleaved.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt
R='^(sum 2d axis 0|var 2d axis 0|mean of transposed 2d|logsumexp 2d axis 0|argmax 2d axis 0|softmax columns|batchnorm statistics over N,H,W|batchnorm train step|sum 4d axis 0|sum 4d axes 0,1|sum 4d axes 0,2|sum 4d axes 0,3|sum 3d axes 0,1|var 3d axes 0,2|groupnorm 8 groups)$'
for i in 1 2; do for s in 21 19 17 15; do
  EXP_SHIFT=$s timeout 60 $C/ingot_workload_bench_exp --device CUDA:0 --only "$R" > $OUT/r/shift$s-$i.md 2>/dev/null
  echo "$s $i: $(grep '^| [a-z]' $OUT/r/shift$s-$i.md | cut -d'|' -f4 | tr -s ' ' | tr '\n' ' ')"
done; done
grep '^| [a-z]' $OUT/r/shift21-1.md | cut -d'|' -f2
cd $OUT && tar czf r.tgz r && rm -rf r
