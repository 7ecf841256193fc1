#!/bin/bash
# Call 2: an experiment binary (matmul_probe, not committed) times float32 products whose
# rows are whole 16-byte vectors against the same sizes with odd extents, built on the
# tree before (old) and after (new) call 1's change to narrow slices' copies.
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-2
for b in old new old new; do echo "== $b"; timeout 100 $C/matmul_probe_$b CUDA:0 | tail -9; done
