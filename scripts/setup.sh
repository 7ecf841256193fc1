#!/bin/sh
# Installs what is missing, builds ingot into build/ and runs its demo.
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
ensure_packages
build
"$INGOT_BUILD/ingot" demo
