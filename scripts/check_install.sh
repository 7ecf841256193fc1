#!/bin/sh
# Installs the build folder $1 into a temporary prefix, then configures, builds and runs
# examples/find_package against that prefix with the same compiler: proves that the
# installed headers, library and CMake package work for a consumer.
set -eu
build=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
generator=$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$build/CMakeCache.txt")
cmake -S "$root/examples/find_package" -B "$work/build" -G "$generator" \
  -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build"
INGOT_CACHE="$work/cache" "$work/build/find_package_example"
