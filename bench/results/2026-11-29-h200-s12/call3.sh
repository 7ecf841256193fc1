#!/bin/bash
# Call 3: call 2 again, the two binaries now built from the two trees (call 2's were both
# the tree before: a stale library), and with a @ b^T rows whose output rows alone are
# narrow (1001 columns) beside whole ones (1004).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-3
for b in old new old new; do echo "== $b"; timeout 100 $C/matmul_probe_$b CUDA:0 | tail -11; done
