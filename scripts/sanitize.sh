#!/bin/sh
# Builds ingot with sanitizers and runs the suites that opt in (docs/testing.md):
#   address  AddressSanitizer with LeakSanitizer, and UndefinedBehaviorSanitizer, into
#            <build>-asan/: the tests labelled sanitize or sanitize-thread (the unit tests,
#            the op and conformance suites on the CPU and the emulated Metal, the Metal
#            tests with their retain/release checks) and a fuzzing budget. The kernels the
#            CPU and the emulated Metal compile at run time are instrumented too.
#   thread   ThreadSanitizer, into <build>-tsan/: the tests labelled sanitize-thread (the
#            disk cache, the thread pool, threads realizing at once) and the conformance
#            suite's queue and allocator tests.
# With no argument both run, as scripts/test.sh (so CI) does. Both build with clang++-19:
# a kernel is loaded into the process that compiled it and needs that process's
# sanitizer runtime, which is clang's (libclang-rt-19-dev). PoCL (CL:0) is left out: it
# is not instrumented, and its threads and allocations are not ingot's to fix.
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

SUPPRESSIONS="$INGOT_ROOT/scripts/sanitizers"

# Configures and builds the target `target` of a sanitizer build in `dir`: -O1 and line
# tables only, which keeps reports readable at a fraction of a debug build's time, and
# ccache where it is installed.
build_sanitized() {
  sanitizers=$1 dir=$2 target=$3
  launcher=""
  command -v ccache >/dev/null && launcher="-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
  # shellcheck disable=SC2086 # an empty launcher is no argument
  cmake -S "$INGOT_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" \
    -DINGOT_SANITIZE="$sanitizers" -DINGOT_BUILD_BENCH=OFF -DINGOT_BUILD_PYTHON=OFF \
    $launcher >/dev/null
  cmake --build "$dir" --target "$target"
}

# Reports name functions and lines where a symbolizer is installed.
symbolizer=$(command -v llvm-symbolizer-19 || command -v llvm-symbolizer || true)
[ -n "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$(readlink -f "$symbolizer")" \
  TSAN_SYMBOLIZER_PATH="$(readlink -f "$symbolizer")"

# A report stops the process (halt_on_error, and -fno-sanitize-recover in the build), so
# it fails the test that made it: a passing stage has no report.
run_address() {
  dir="$INGOT_BUILD-asan"
  build_sanitized address,undefined "$dir" ingot_sanitize_address_tests
  ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:strict_init_order=1" \
    UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
    LSAN_OPTIONS="suppressions=$SUPPRESSIONS/lsan.supp:print_suppressions=0" \
    ctest --test-dir "$dir" -L '^sanitize' --output-on-failure -j2
}

run_thread() {
  dir="$INGOT_BUILD-tsan"
  build_sanitized thread "$dir" ingot_sanitize_thread_tests
  TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" \
    ctest --test-dir "$dir" -L '^sanitize-thread$' --output-on-failure -j2
}

case "${1:-all}" in
  address) run_address ;;
  thread) run_thread ;;
  all) run_address && run_thread ;;
  *)
    echo "usage: $0 [address|thread]" >&2
    exit 2
    ;;
esac
