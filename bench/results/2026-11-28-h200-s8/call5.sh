#!/bin/bash
# Call 5: the workload rows that moved against last session's call 5 (call 4's suite), last
# session's build (_old) and this one interleaved three times, then DEBUG=2 of this one's
# kernels on them; the float32 matmul rows of the matmul benchmark three times (no _old
# build of it is carried).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-5
mkdir -p $OUT/r
R='conv2d 3x3 \(nn\)|cumsum rows|max pool|matmul float16 1024|logsumexp 2d axis 0|max 2d all|both transposed|layernorm$'
for i in 1 2 3; do for s in _old ""; do
  timeout 60 $C/ingot_workload_bench$s --device CUDA:0 --only "$R" > $OUT/r/w$s-$i.md 2>&1
done; timeout 60 $C/ingot_gpu_bench --device CUDA:0 --only "matmul float32" > $OUT/r/g-$i.md 2>&1
done
python3 - $OUT/r <<'PY'
import sys, glob, collections
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(sys.argv[1] + "/[wg]*.md")):
    tag = "old" if "_old" in f else "new"
    for l in open(f):
        c = [x.strip() for x in l.split("|")]
        if len(c) > 4 and (c[3].endswith("µs") or c[2].endswith("TFLOP/s")):
            rows[c[1]][tag].append(c[3] if c[3].endswith("µs") else c[2])
for k, v in rows.items(): print(f"{k[:45]:45s} old {' '.join(v['old'])} | new {' '.join(v['new'])}")
PY
DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "$R" > $OUT/r/debug2-new.txt 2>&1
DEBUG=2 timeout 60 $C/ingot_workload_bench_old --device CUDA:0 --only "$R" > $OUT/r/debug2-old.txt 2>&1
cd $OUT && tar czf r.tgz r && rm -rf r
