#!/bin/bash -eu
# .clusterfuzzlite/build.sh - the ClusterFuzzLite / OSS-Fuzz build step: the
# image (Dockerfile) holds the source at $SRC/undead, and fuzz/build.sh builds
# every target fuzz/targets.sh lists into $OUT with $CC, $CFLAGS and
# $LIB_FUZZING_ENGINE, with its seed corpus and dictionary.  Tested without
# Docker by the CTest fuzz_clusterfuzzlite (fuzz/CMakeLists.txt).
exec bash "$SRC/undead/fuzz/build.sh"
