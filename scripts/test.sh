#!/usr/bin/env bash
# cu32's test command (README): installs what is missing, then checks formatting and lints,
# and runs every test of the workspace (unit, ISA conformance against LLVM 19, golden-model
# programs, Verilog lint, co-simulation, synthesis).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
export PATH="$PATH:${XDG_CACHE_HOME:-$HOME/.cache}/cu32/venv/bin"

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== cargo test"
cargo test --workspace
