# shellcheck shell=sh
# Shared by setup.sh, test.sh and bench.sh (sourced, not run): installs the Debian
# packages ingot needs when some are missing, and configures and builds into build/
# (or $INGOT_BUILD_DIR).

set -eu
INGOT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
# INGOT_BUILD_DIR picks another build folder (a second compiler, a debug build).
INGOT_BUILD=${INGOT_BUILD_DIR:-"$INGOT_ROOT/build"}
# The Python package builds and tests in a virtual environment of its own, never the
# system's site-packages; INGOT_VENV picks another.
INGOT_VENV=${INGOT_VENV:-"$INGOT_ROOT/.venv"}

# The OpenCL packages give a machine without a GPU an OpenCL device (PoCL, on the CPU) so
# that the OpenCL backend is built and tested everywhere; ingot links none of them.
# libclang-rt-19-dev: clang's sanitizer runtimes, for scripts/sanitize.sh; ccache keeps
# its builds' objects between runs.
INGOT_PACKAGES="cmake ninja-build g++ clang-19 libclang-rt-19-dev ccache libgtest-dev libbenchmark-dev libfmt-dev
  libxxhash-dev libboost-context-dev libcli11-dev nlohmann-json3-dev libopenblas-dev pkg-config clang-format clang-tidy git
  pocl-opencl-icd ocl-icd-libopencl1 ocl-icd-opencl-dev clinfo
  python3 python3-venv python3-dev"

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

# Makes the virtual environment (once) and installs into it the Python requirements
# pinned in pyproject.toml: the build's (scikit-build-core, nanobind) and the tests'
# (NumPy, pytest, ml_dtypes, tinygrad, scikit-learn), again only when the pins change.
ensure_venv() {
  if [ ! -x "$INGOT_VENV/bin/python" ]; then
    python3 -m venv "$INGOT_VENV"
  fi
  requirements=$("$INGOT_VENV/bin/python" - "$INGOT_ROOT/pyproject.toml" <<'PY'
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    project = tomllib.load(f)
print(" ".join(project["build-system"]["requires"] + project["project"]["optional-dependencies"]["test"]))
PY
)
  stamp="$INGOT_VENV/.ingot-requirements"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$requirements" ]; then
    # shellcheck disable=SC2086 # one word per requirement
    "$INGOT_VENV/bin/pip" install --quiet --disable-pip-version-check $requirements
    echo "$requirements" >"$stamp"
  fi
}

# Configures build/ with the Python module on and builds everything in it.
build() {
  ensure_venv
  cmake -S "$INGOT_ROOT" -B "$INGOT_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DINGOT_BUILD_PYTHON=ON -DPython_EXECUTABLE="$INGOT_VENV/bin/python" >/dev/null
  cmake --build "$INGOT_BUILD"
}
