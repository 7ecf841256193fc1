#!/bin/bash
# Call 6: float32 convolutions' taps with the input channels last (the final code)
# against channels first (the _nchw build, call 4's layout), interleaved: the workload
# suite's convolution rows and the convolution benchmark in float32.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-6
mkdir -p $OUT/r
for i in 1 2 3; do for b in ingot_workload_bench ingot_workload_bench_nchw; do
  timeout 60 $C/$b --device CUDA:0 --only 'conv' > $OUT/r/$b-$i.md 2>&1; echo "$b $i $(grep -E '^\| conv' $OUT/r/$b-$i.md | cut -d'|' -f2,4 | tr '\n' ' ')"
done; done
for b in ingot_nn_bench ingot_nn_bench_nchw; do timeout 60 $C/$b --device CUDA:0 --dtype float32 > $OUT/r/$b.md 2>&1; echo "$b"; grep -E "^\| (digits|ResNet)" $OUT/r/$b.md; done
cd $OUT && tar czf r.tgz r && rm -rf r
