#!/bin/sh
# Installs what is missing, checks the formatting and the layering (docs/architecture.md),
# builds ingot into build/ and runs every test, then the sanitizer stages
# (scripts/sanitize.sh, docs/testing.md) unless INGOT_SKIP_SANITIZERS=1.
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
ensure_packages
"$INGOT_ROOT/scripts/check_format.sh"
"$INGOT_ROOT/scripts/check_layers.sh"
build
if [ "${INGOT_SKIP_SANITIZERS:-0}" != 1 ]; then
  # The emulated Metal's tests that the address stage runs are left to it (the label
  # runs-sanitized, tests/CMakeLists.txt): each runs once, instrumented.
  ctest --test-dir "$INGOT_BUILD" --output-on-failure -j2 -LE runs-sanitized
  "$INGOT_ROOT/scripts/sanitize.sh"
else
  ctest --test-dir "$INGOT_BUILD" --output-on-failure -j2
fi
