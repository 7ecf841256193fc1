#!/bin/bash
# Call 6: rows whose ingot time differed from the last session's call 7 in call 5
# (softmax rows 10.1 -> 13.3 us; skinny long inner, bmm): the build before this session's
# codegen change (call 1's) and the final one, interleaved, to tell the change from the
# machine.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-6 PYTHONUNBUFFERED=1
mkdir -p $OUT/r
for i in 1 2 3; do for b in ingot_workload_bench_old ingot_workload_bench; do
  echo "== $b $i"; timeout 90 $C/$b --device CUDA:0 --only 'softmax rows|^bmm|skinny long' > $OUT/r/$b-$i.md 2>&1; grep -E "^\| (softmax|bmm|skinny)" $OUT/r/$b-$i.md | cut -d'|' -f2,4 | tr '\n' ';'; echo
done; done
cd $OUT && tar czf r.tgz r && rm -rf r
