#!/bin/sh
# Checks that each folder under src/ includes only the layers below it
# (docs/architecture.md): the rule table here is the architecture's, and a change that
# reaches upward fails the test command. With `--graph`, prints the folder graph the
# includes make instead (the picture in docs/architecture.md).
set -eu
cd "$(dirname "$0")/../src"

# folder: the folders its files may include (besides its own and the public ingot/
# headers other than the Tensor API, ingot/tensor.hpp and ingot/ingot.hpp).
allowed() {
  case "$1" in
    core) echo "" ;;
    runtime) echo "core" ;;
    backends) echo "core runtime" ;;
    codegen) echo "core" ;;
    render) echo "core codegen" ;;
    graph) echo "core" ;;
    schedule) echo "core graph codegen" ;;
    engine) echo "core graph schedule codegen render runtime" ;;
    tensor) echo "core graph engine runtime tensor-api" ;;
    nn) echo "tensor-api" ;;
    *) echo "?" ;;
  esac
}

# "folder included-folder file" for every quoted include of another src/ folder or of
# the Tensor API.
edges() {
  for dir in */; do
    dir=${dir%/}
    grep -rHoE '#include "[a-z_]+/[a-z_./]+"' "$dir" |
      sed -E 's|^([^:]+):#include "([a-z_]+)/([a-z_./]+)"|\1 \2 \3|' |
      while read -r file target header; do
        if [ "$target" = ingot ]; then
          case "$header" in tensor.hpp | ingot.hpp) target=tensor-api ;; *) continue ;; esac
        fi
        [ "$target" = "$dir" ] || echo "$dir $target $file"
      done
  done
}

if [ "${1:-}" = "--graph" ]; then
  edges | awk '{print $1 " -> " $2}' | sort | uniq -c | awk '{print $2, $3, $4, "(" $1 " includes)"}'
  exit 0
fi

bad=0
edges | {
  while read -r dir target file; do
    case " $(allowed "$dir") " in
      *" $target "*) continue ;;
    esac
    echo "src/$file: $dir/ includes $target/, which is not below it (docs/architecture.md)"
    bad=1
  done
  exit $bad
} || { echo "ingot: layering check failed" >&2; exit 1; }
# The Python binding stands on the public API alone: <ingot/...> and its own header.
if grep -nE '#include "' ../python/src/*.cpp ../python/src/*.hpp | grep -v '"binding.hpp"'; then
  echo "ingot: python/src/ includes the library's internals; use the public <ingot/...> API" >&2
  exit 1
fi
echo "ingot: layers: every include under src/ points downward; python/ uses the public API"
