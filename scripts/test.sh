#!/bin/sh
# Installs what is missing, builds ingot into build/ and runs every test.
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
ensure_packages
build
ctest --test-dir "$INGOT_BUILD" --output-on-failure -j2
