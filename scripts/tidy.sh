#!/bin/sh
# Runs clang-tidy with the repository's checks (.clang-tidy) over every source file under
# src/, using build/compile_commands.json; exits non-zero on any finding. About ten
# minutes on two cores, so it is run by hand before a change lands, not by CI.
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
ensure_packages
build
run-clang-tidy -p "$INGOT_BUILD" -quiet -j "$(nproc)" "$INGOT_ROOT/src/"
