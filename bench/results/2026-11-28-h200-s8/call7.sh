#!/bin/bash
# Call 7: the SASS of the float32 4096^3 STAGE kernel rendered with (k_new) and without
# (k_old) the simplified floor division, compiled by nvcc for sm_90 (no disassembler here).
set -u
mkdir -p $OUT/r
which cuobjdump nvdisasm nvcc; ls /usr/local/cuda*/bin 2>/dev/null | head -30
for v in new old; do nvcc -arch=sm_90 -cubin -Xptxas -v .devcarry/sass/k_$v.cu -o $OUT/r/k_$v.cubin 2>&1 | grep -E "registers|spill"; cuobjdump -sass $OUT/r/k_$v.cubin > $OUT/r/k_$v.sass 2>&1; wc -l $OUT/r/k_$v.sass; done
cd $OUT && tar czf r.tgz r && rm -rf r
