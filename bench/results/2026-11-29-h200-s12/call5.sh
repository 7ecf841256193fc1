#!/bin/bash
# Call 5: the rows that move between runs (softmax rows: 9.7-10.4 or 13.3-14.3 us in
# s9-s12; conv2d (nn): 45-75 us), each in five processes, with each kernel's time
# (DEBUG=2) in the last; at the committed tree (3325b03).
set -u
C=$PWD/.devcarry
export LD_LIBRARY_PATH=$C/lib:${LD_LIBRARY_PATH:-}
export INGOT_CACHE=/tmp/ingot-cache-5
for w in "softmax rows" "log_softmax rows" "conv2d 3x3 \(nn\)"; do
  echo "== $w"
  for i in 1 2 3 4 5; do
    timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "$w" --runs 15 2>/dev/null | grep "^| [a-z]" | grep -v "^| peer\|^| workload" | awk -F'|' '{printf "%s|", $4} END {print ""}'
  done
  DEBUG=2 timeout 60 $C/ingot_workload_bench --device CUDA:0 --only "$w" --runs 5 2>&1 | grep -E "^ *[rESC]_[0-9a-z_]+ " | awk '{k=$1; o=$0; t=$0; sub(/.*x[0-9]+ +/, "", t); split(t, a, " "); n[k]++; s[k]+=a[1]; if (a[1] < m[k] || m[k] == "") m[k] = a[1]; if (a[1] > x[k]) x[k] = a[1]; line[k] = o} END {for (k in n) printf "%-28s %5d launches, ms mean %.4f min %.4f max %.4f | %s\n", k, n[k], s[k]/n[k], m[k], x[k], line[k]}' | sort -k5 -rn | head -5 | cut -c1-230
done
