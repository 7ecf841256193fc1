#!/bin/sh
# The example end to end, as its test runs it: export the MLP for DEVICE with the `ingot`
# command, build main.c against it with this folder's CMakeLists.txt, run it. On CL, also
# run it where no OpenCL driver is found: an error code and a message. Exits with 77
# (a skipped test) where DEVICE does not open.
#   run.sh INGOT WORK_DIR DEVICE [CMAKE_GENERATOR]
set -eu
ingot=$1 work=$2 device=$3 generator=${4:-Unix Makefiles}
here=$(cd "$(dirname "$0")" && pwd)
if ! "$ingot" devices | grep -qE "^$device( |$)"; then
  echo "run.sh: $device does not open here; skipped"
  exit 77
fi
rm -rf "$work"
"$ingot" export mlp --device "$device" --out "$work/mlp" --seq 8 --dim 32
cmake -S "$here" -B "$work/build" -G "$generator" -DMLP_DIR="$work/mlp" >/dev/null
cmake --build "$work/build" >/dev/null
"$work/build/mlp_demo" "$work/mlp" 8 32
case $device in
  CL:*)
    if OCL_ICD_VENDORS=/nonexistent "$work/build/mlp_demo" "$work/mlp" 8 32 2>"$work/missing.txt"; then
      echo "run.sh: the demo ran without an OpenCL driver" >&2
      exit 1
    fi
    grep "no OpenCL device" "$work/missing.txt"
    ;;
esac
rm -rf "$work"
