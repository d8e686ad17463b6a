#!/usr/bin/env bash
# tools/run-tests.sh - builds and runs every test twice: in the default
# build (gcc, RelWithDebInfo) and under AddressSanitizer + UBSan (clang).
# This is the README's test command and the first thing .ci/run does.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="$(nproc 2>/dev/null || echo 2)"
for preset in default asan; do
    echo "==> $preset: configure and build"
    cmake --preset "$preset" --fresh > /dev/null
    cmake --build --preset "$preset" --parallel "$jobs"
    echo "==> $preset: test"
    ctest --preset "$preset" --output-on-failure --parallel "$jobs"
done
