#!/bin/bash
# Call 8: register-tile STAGE stores the next slice after the products, in the iteration
# that loads it (ptxas had sunk the loads below the products once the simpler addresses let
# it predicate them): the reduction, composite, conv and nn cases on CUDA; float32 matmuls
# of the matmul benchmark beside the build before the simplification (_nosym) and the
# suite's float32 matmul rows beside last session's build (_old), interleaved; the
# training step; the fixed kernel's SASS.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-8
mkdir -p $OUT/r
timeout 200 $C/ingot_op_tests --gtest_filter='Devices/Reduce*CUDA*:Devices/Composite*CUDA*:Devices/Conv*CUDA*:Devices/Nn*CUDA*' --gtest_brief=1 > $OUT/r/op-cases-cuda.log 2>&1; grep -E "FAILED|PASSED|Failure" $OUT/r/op-cases-cuda.log | tail -5
R='matmul|bmm|batch @|skinny|MLP'
for i in 1 2; do
  for s in _nosym ""; do timeout 60 $C/ingot_gpu_bench$s --device CUDA:0 --only "matmul float32" > $OUT/r/g$s-$i.md 2>&1; echo "g$s $(grep '^| matmul' $OUT/r/g$s-$i.md | cut -d'|' -f3 | tr '\n' ' ')"; done
  for s in _old ""; do timeout 60 $C/ingot_workload_bench$s --device CUDA:0 --only "$R" > $OUT/r/w$s-$i.md 2>&1; done
done
python3 - $OUT/r <<'PY'
import sys, glob, collections
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(sys.argv[1] + "/w*.md")):
    tag = "old" if "_old" in f else "new"
    for l in open(f):
        c = [x.strip() for x in l.split("|")]
        if len(c) > 4 and c[3].endswith("µs"): rows[c[1]][tag].append(c[3])
for k, v in rows.items(): print(f"{k[:45]:45s} old {' '.join(v['old'])} | new {' '.join(v['new'])}")
PY
T="--device CUDA:0 --dim 384 --layers 6 --heads 6 --seq 256 --batch 32 --sample 0 --text docs/engine.md"
for i in 1 2; do timeout 60 $C/ingot_example_train_gpt $T --steps 12 > $OUT/r/train-$i.txt 2>&1; tail -1 $OUT/r/train-$i.txt; done
nvcc -arch=sm_90 -cubin -Xptxas -v $C/sass/k_fix.cu -o $OUT/r/k_fix.cubin 2>&1 | grep registers; cuobjdump -sass $OUT/r/k_fix.cubin > $OUT/r/k_fix.sass
cd $OUT && tar czf r.tgz r && rm -rf r
