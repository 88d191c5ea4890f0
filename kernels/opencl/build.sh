#!/bin/sh
# Builds the OpenCL C kernel suite for gfx1100 (HSA code object v5) with clang 19 and
# ld.lld 19: NAME.cl -> build/NAME.co, one kernel per file, with the project's header
# cu32.h force-included (-nogpulib: no AMD device library). The output is deterministic
# and committed.
#
#   build.sh           rebuild every build/NAME.co
#   build.sh --check   rebuild into a temporary folder and compare with the committed
#                      build/*.co; fails naming each object that differs, is missing, or
#                      has no source
#
# LLVM defaults to /usr/lib/llvm-19/bin.
set -eu
cd "$(dirname "$0")"
LLVM=${LLVM:-/usr/lib/llvm-19/bin}
CFLAGS="-x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2
  -cl-kernel-arg-info -include cu32.h"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case "${1:-}" in
  "") out=build check=0 ;;
  --check) out=$tmp/co check=1 ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac
mkdir -p "$out"
for src in *.cl; do
  name=${src%.cl}
  # shellcheck disable=SC2086 # CFLAGS is a list of words
  "$LLVM/clang" $CFLAGS -c "$src" -o "$tmp/$name.o"
  "$LLVM/ld.lld" -shared "$tmp/$name.o" -o "$out/$name.co"
done
[ "$check" = 1 ] || exit 0
status=0
for co in "$out"/*.co; do
  name=$(basename "$co")
  if [ ! -f "build/$name" ]; then
    echo "build/$name is missing: run kernels/opencl/build.sh" >&2
    status=1
  elif ! cmp -s "$co" "build/$name"; then
    echo "build/$name differs from what build.sh makes now: run kernels/opencl/build.sh" >&2
    status=1
  fi
done
for co in build/*.co; do
  [ -f "$co" ] || continue
  name=$(basename "$co" .co)
  if [ ! -f "$name.cl" ]; then
    echo "$co has no source $name.cl: remove it" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "all $(ls "$out" | wc -l) code objects match their sources"
exit "$status"
