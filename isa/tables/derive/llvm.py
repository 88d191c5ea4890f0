"""Thin wrappers around LLVM 19's llvm-mc / llvm-objdump for gfx1100 (batch decode / encode)."""
import os, re, subprocess, tempfile

BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-19/bin/")
MC = [BIN + "llvm-mc", "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1100"]
S_NOP = 0xBF800000
PAD = 4


def disasm(probes):
    """Decodes each probe (a list of at most PAD dwords, padded with s_nop 0 so that a probe
    whose instruction takes a literal or DPP dword consumes padding, not the next probe).
    Returns llvm-objdump's text for the instruction at each probe's first dword."""
    lines = []
    for p in probes:
        assert len(p) <= PAD
        lines += [".long 0x%08x" % w for w in p + [S_NOP] * (PAD - len(p))]
    with tempfile.TemporaryDirectory() as d:
        s, o = os.path.join(d, "a.s"), os.path.join(d, "a.o")
        with open(s, "w") as f:
            f.write("\n".join(lines) + "\n")
        subprocess.run(MC + ["-filetype=obj", s, "-o", o], check=True)
        out = subprocess.run([BIN + "llvm-objdump", "-d", "--mcpu=gfx1100", o],
                             capture_output=True, text=True, check=True).stdout
    by_addr = {}
    for line in out.splitlines():
        m = re.match(r"\s+(.*?)\s*// ([0-9A-F]+):", line)
        if m:
            by_addr[int(m.group(2), 16)] = m.group(1).strip()
    return [by_addr.get(i * PAD * 4) for i in range(len(probes))]


def decoded(text):
    """Whether llvm-objdump decoded the probe cleanly."""
    return bool(text) and not text.startswith(".long") and "Invalid" not in text


def assemble(lines):
    """Assembles each line; returns llvm-mc's re-printed instruction, or None if rejected."""
    r = subprocess.run(MC + ["-show-encoding"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True)
    bad = {int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", r.stderr)}
    outs = [l.split(";")[0].strip() for l in r.stdout.splitlines() if "; encoding:" in l]
    res, k = [], 0
    for i in range(len(lines)):
        if i + 1 in bad:
            res.append(None)
        else:
            res.append(outs[k])
            k += 1
    assert k == len(outs), (k, len(outs))
    return res
