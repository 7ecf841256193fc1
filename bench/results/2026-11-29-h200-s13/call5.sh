#!/bin/bash
# Call 5: where the tiny transformer's training step spends its time: every kernel of 3
# steps timed alone (DEBUG=2 waits for each), summed by kind; and the workload suite's
# table again (call 4's did not come back).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-5 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
timeout 60 $C/ingot_example_train_gpt $T --steps 4 > /dev/null 2>&1
DEBUG=2 timeout 100 $C/ingot_example_train_gpt $T --steps 3 2> $OUT/r/kernels.err > /dev/null
grep -E "^[a-zA-Z_0-9]+ +[0-9]+ x[0-9]+ +[0-9.]+ ms" $OUT/r/kernels.err | gzip > $OUT/r/kernels.txt.gz
grep -cE " ms " $OUT/r/kernels.err
timeout 230 $C/ingot_workload_bench --device CUDA:0 --peers bench/workload_peers.py > $OUT/r/suite.txt 2> $OUT/r/suite.err; tail -6 $OUT/r/suite.txt
