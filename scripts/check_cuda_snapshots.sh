#!/bin/sh
# Compiles every CUDA snapshot (tests/snapshots/*.cu) with its prelude for sm_90a, with
# nvcc where the machine has one, so that a renderer change that writes CUDA the compiler
# refuses fails here, on a machine without a GPU (the device runs what CI cannot).
#   scripts/check_cuda_snapshots.sh INGOT_SNAPSHOTS NVCC SNAPSHOT_DIR
set -eu
snapshots=$1 nvcc=$2 dir=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# NVRTC compiles without the host's headers, so the prelude names the fixed-width types
# itself; nvcc brings them from <cstdint>.
{
  echo '#include <cstdint>'
  "$snapshots" --prelude cuda | grep -v '^typedef .*int[0-9]*_t;$'
} > "$work/prelude.cuh"
failed=0
for source in "$dir"/*.cu; do
  name=$(basename "$source")
  cat "$work/prelude.cuh" "$source" > "$work/$name"
  if ! "$nvcc" -gencode arch=compute_90a,code=sm_90a -std=c++17 -w -c "$work/$name" \
      -o "$work/$name.o" > "$work/$name.log" 2>&1; then
    echo "$name: nvcc refused it:"
    cat "$work/$name.log"
    failed=1
  fi
done
[ "$failed" = 0 ] && echo "every CUDA snapshot compiles for sm_90a"
exit "$failed"
