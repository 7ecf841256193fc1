#!/bin/bash
# Call 6: float32 4096^3 ran at 31.6 TFLOP/s (s4: 38.9): with and without the simplified
# floor division (_nosym: that one line reverted), interleaved, with DEBUG=2's kernels;
# then BEAM's times of the register-tile plans for it.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-6
mkdir -p $OUT/r
for i in 1 2; do for s in _nosym ""; do
  timeout 60 $C/ingot_gpu_bench$s --device CUDA:0 --only "matmul float32" > $OUT/r/g$s-$i.md 2>&1; echo "$s $(grep '^| matmul' $OUT/r/g$s-$i.md | cut -d'|' -f2,3 | tr '\n' ' ')"
done; done
for s in _nosym ""; do DEBUG=2 timeout 60 $C/ingot_gpu_bench$s --device CUDA:0 --only "matmul float32 4096" > $OUT/r/debug2$s.txt 2>&1; grep -E "^r_4096" $OUT/r/debug2$s.txt | tail -2; done
BEAM=12 DEBUG=2 timeout 120 $C/ingot_gpu_bench --device CUDA:0 --only "matmul float32 4096" > $OUT/r/beam.txt 2>&1; grep -E "^BEAM r_4096" $OUT/r/beam.txt | grep -v " on CUDA" | tail -14
cd $OUT && tar czf r.tgz r && rm -rf r
