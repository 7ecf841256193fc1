#!/bin/bash
# Call 3 (2026-11-28): where the training step's host time goes (PROFILE trace, perf).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache PYTHONUNBUFFERED=1
mkdir -p $OUT/r
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/r/gpu.txt; nproc
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
timeout 100 $C/ingot_example_train_gpt $T --steps 4 > /dev/null 2>&1   # warm the kernel cache
PROFILE=$OUT/r/trace.json timeout 100 $C/ingot_example_train_gpt $T --steps 5 > $OUT/r/train-profile.txt 2>&1; tail -1 $OUT/r/train-profile.txt
ls -la $OUT/r/trace.json
if which perf > /dev/null 2>&1; then
  perf record -F 2000 -g -o /tmp/perf.data -- timeout 100 $C/ingot_example_train_gpt $T --steps 8 > /dev/null 2>&1
  perf report -i /tmp/perf.data --no-children --sort dso,symbol 2>/dev/null | grep -v "^#" | grep "%" | grep -v "^ *|\|--" | head -60 > $OUT/r/perf.txt
  head -40 $OUT/r/perf.txt
else
  echo "no perf"
fi
gzip $OUT/r/trace.json
cd $OUT && tar czf r.tgz r && rm -rf r
