#!/bin/sh
# Rebuilds the committed gfx1100 code objects (HSA code object v5) from the OpenCL C sources
# here with clang 19 and ld.lld 19: NAME.cl -> NAME.co, written next to the sources or into
# the folder given as the first argument (the tests rebuild into a temporary folder and
# compare). The output is deterministic. LLVM defaults to /usr/lib/llvm-19/bin.
set -eu
out=$(cd "${1:-$(dirname "$0")}" && pwd)
cd "$(dirname "$0")"
LLVM=${LLVM:-/usr/lib/llvm-19/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build() { # build NAME [extra clang flags...]
  name=$1
  shift
  "$LLVM/clang" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 \
    "$@" -c "$name.cl" -o "$tmp/$name.o"
  "$LLVM/ld.lld" -shared "$tmp/$name.o" -o "$out/$name.co"
}
build vecops
build grid2d -cl-kernel-arg-info
build lookup -cl-kernel-arg-info
