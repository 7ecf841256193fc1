#!/bin/sh
# Builds ingot and runs its benchmark; the table goes to the terminal and to
# bench/results/<date>-<device>-<host>.md. Arguments go to ingot_cpu_bench
# (--quick for a smoke run, --device NAME).
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
ensure_packages
build
device=$(echo "$*" | sed -n 's/.*--device[ =]\([^ ]*\).*/\1/p' | tr 'A-Z:' 'a-z-')
results="$INGOT_ROOT/bench/results"
mkdir -p "$results"
# A smoke run is saved apart, so that it never replaces a day's real figures.
case " $* " in *" --quick "*) kind=-quick ;; *) kind= ;; esac
out="$results/$(date +%Y-%m-%d)-${device:-cpu}-$(hostname -s)$kind.md"
"$INGOT_BUILD/bench/ingot_cpu_bench" "$@" | tee "$out"
echo "saved to $out"
