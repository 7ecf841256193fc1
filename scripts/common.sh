# shellcheck shell=sh
# Shared by setup.sh, test.sh and bench.sh (sourced, not run): installs the Debian
# packages ingot needs when some are missing, and configures and builds into build/
# (or $INGOT_BUILD_DIR).

set -eu
INGOT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
# INGOT_BUILD_DIR picks another build folder (a second compiler, a debug build).
INGOT_BUILD=${INGOT_BUILD_DIR:-"$INGOT_ROOT/build"}

# The OpenCL packages give a machine without a GPU an OpenCL device (PoCL, on the CPU) so
# that the OpenCL backend is built and tested everywhere; ingot links none of them.
INGOT_PACKAGES="cmake ninja-build g++ clang-19 libgtest-dev libbenchmark-dev libfmt-dev
  libxxhash-dev libboost-context-dev libcli11-dev libopenblas-dev pkg-config clang-format clang-tidy git
  pocl-opencl-icd ocl-icd-libopencl1 ocl-icd-opencl-dev clinfo"

# Prints the packages of INGOT_PACKAGES that are not installed.
missing_packages() {
  for package in $INGOT_PACKAGES; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
      echo "$package"
  done
}

# Installs what is missing: as root with apt-get, refreshing the package lists first so
# that stale lists cannot fail the install; otherwise names the packages and stops.
ensure_packages() {
  if ! command -v dpkg-query >/dev/null; then
    echo "ingot: not a Debian system; make sure these are installed: $INGOT_PACKAGES" >&2
    return 0
  fi
  missing=$(missing_packages | xargs)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "ingot: missing packages: $missing" >&2
    echo "ingot: install them with: sudo apt-get install $missing" >&2
    exit 1
  fi
  echo "ingot: installing $missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  # shellcheck disable=SC2086 # one word per package
  apt-get install -y --no-install-recommends $missing
}

# Configures build/ (once) and builds everything in it.
build() {
  if [ ! -f "$INGOT_BUILD/CMakeCache.txt" ]; then
    cmake -S "$INGOT_ROOT" -B "$INGOT_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release
  fi
  cmake --build "$INGOT_BUILD"
}
