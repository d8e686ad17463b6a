#!/usr/bin/env bash
# tools/format.sh [--check] - the house C style (.clang-format) over every
# tracked .c and .h file.  Without an option it rewrites the files in place;
# with --check it changes nothing and fails, naming each file and line that
# differs (.ci/run runs it so).  Hand-laid tables (the rule rows, which read
# like the rules) sit between "clang-format off" and "clang-format on"
# comments.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v clang-format > /dev/null; then
    echo "format.sh: clang-format not found (debian-packages.txt lists it: ./install-deps.sh)" >&2
    exit 2
fi
mapfile -t files < <(git ls-files '*.c' '*.h')
case "${1:-}" in
"")
    clang-format -i "${files[@]}"
    ;;
--check)
    clang-format --dry-run -Werror "${files[@]}"
    echo "format.sh: ${#files[@]} files in the house style"
    ;;
*)
    echo "usage: tools/format.sh [--check]" >&2
    exit 2
    ;;
esac
