#!/bin/sh
# Checks that every tracked C++ file is as clang-format (.clang-format) writes it, so that
# reviews see changes, not reflowed lines. `--fix` rewrites the files instead.
set -eu
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cpp' '*.hpp' '*.h' '*.cc' '*.mm')
if [ "${1:-}" = "--fix" ]; then
  # shellcheck disable=SC2086 # one word per file
  clang-format -i $files
else
  # shellcheck disable=SC2086 # one word per file
  clang-format --dry-run -Werror $files
  echo "ingot: clang-format: $(echo "$files" | wc -l) files formatted"
fi
