#!/usr/bin/env bash
# Runs one of cu32's coverage-guided fuzz targets (fuzz/fuzz_targets/) with cargo fuzz
# (libFuzzer; needs a nightly toolchain and `cargo install cargo-fuzz`).
#
#   scripts/fuzz.sh TARGET [SECONDS]     e.g. scripts/fuzz.sh decode 600
#
# The corpus starts from the project's own test data (instruction encodings of the
# conformance corpora, code objects) and grows under fuzz/corpus/TARGET. Findings land in
# fuzz/artifacts/TARGET; the script prints libFuzzer's final statistics (executions, corpus
# size, coverage) and exits non-zero on a finding.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${1:?usage: scripts/fuzz.sh TARGET [SECONDS]  (targets: $(ls fuzz/fuzz_targets | sed 's/\.rs$//' | tr '\n' ' '))}"
seconds="${2:-600}"
[ -f "fuzz/fuzz_targets/$target.rs" ] || { echo "no fuzz target '$target' in fuzz/fuzz_targets" >&2; exit 2; }
command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2; exit 2; }
rustup toolchain list | grep -q '^nightly' || { echo "cargo fuzz needs a nightly toolchain" >&2; exit 2; }

corpus="fuzz/corpus/$target"
mkdir -p "$corpus"
case "$target" in
    decode)
        # One seed per corpus line: its encoding as little-endian bytes.
        for f in isa/tests/data/*.expected; do
            python3 - "$f" "$corpus" <<'PY'
import hashlib, struct, sys
src, out = sys.argv[1], sys.argv[2]
for line in open(src):
    words = line.split("\t")[0].split()
    data = b"".join(struct.pack("<I", int(w, 16)) for w in words)
    open(f"{out}/{hashlib.sha1(data).hexdigest()}", "wb").write(data)
PY
        done ;;
    code_object)
        cp isa/tests/data/co/*.co kernels/opencl/build/*.co "$corpus"/ ;;
    asm)
        cp kernels/scalar/*.s kernels/vector/*.s isa/tests/data/clang_nbody.s "$corpus"/ ;;
    launch)
        cp kernels/opencl/*.yaml "$corpus"/ ;;
    config)
        cp configs/*.yaml "$corpus"/ ;;
esac

cd fuzz
exec cargo +nightly fuzz run "$target" "corpus/$target" -- -max_total_time="$seconds" -print_final_stats=1
