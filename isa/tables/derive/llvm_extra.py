"""Opcodes LLVM 19 decodes for gfx1100 that the reference's opcode tables do not list.

Every opcode number of each covered format (SOP*, SMEM, VOP*, VOPD, DS, FLAT/GLOBAL/SCRATCH,
MUBUF) is decoded by llvm-objdump from canonical words (zero fields, VGPR sources, a few
field variants such as DS `gds`); an opcode that decodes and has no reference row is an
extra. derive.py adds the vector and memory extras to the generated tables as rows marked
`source: llvm`; the scalar extras are hand-written rows of scalar.yaml, which `python3
llvm_extra.py` lists for checking."""
from llvm import disasm, decoded

# format: (opcode count, canonical words of an opcode)
SPACES = {
    "SOP2": (0x60, lambda o: [[0x80000000 | o << 23]]),
    "SOPK": (29, lambda o: [[0xB0000000 | o << 23]]),
    "SOP1": (256, lambda o: [[0xBE800000 | o << 8]]),
    "SOPC": (128, lambda o: [[0xBF000000 | o << 16]]),
    "SOPP": (128, lambda o: [[0xBF800000 | o << 16]]),
    "SMEM": (256, lambda o: [[0xF4000000 | o << 18, 0xF8000000]]),
    "VOP1": (256, lambda o: [[0x7E000000 | o << 9 | 0x100]]),
    "VOP2": (62, lambda o: [[o << 25 | 0x100], [o << 25]]),
    "VOPC": (256, lambda o: [[0x7C000000 | o << 17 | 0x100]]),
    "VOP3": (1024, lambda o: [[0xD4000000 | o << 16, 0x100 | 0x101 << 9 | 0x102 << 18]]),
    "VOP3P": (128, lambda o: [[0xCC004000 | o << 16, 0x18000000 | 0x100 | 0x101 << 9 | 0x102 << 18]]),
    # the other half v_dual_fmac_f32 (opcode 0 of both tables)
    "VOPD_X": (16, lambda o: [[0xC8000000 | o << 22 | 0x100, 0x100]]),
    "VOPD_Y": (32, lambda o: [[0xC8000000 | o << 17 | 0x100, 0x100]]),
    "DS": (256, lambda o: [[0xD8000000 | o << 18, 0], [0xD8020000 | o << 18, 0]]),
    "FLAT": (128, lambda o: [[0xDC000000 | o << 18, 0x7C0000]]),
    "SCRATCH": (128, lambda o: [[0xDC010000 | o << 18, 0x7C0000]]),
    "GLOBAL": (128, lambda o: [[0xDC020000 | o << 18, 0x7C0000]]),
    "MUBUF": (256, lambda o: [[0xE0000000 | o << 18, 0x800000]]),
}


def llvm_extras(tables):
    """{format: [(opcode, NAME)]}: decoded opcodes without a row in `tables` (VOP3 opcodes
    count as listed when VOP3SD lists them)."""
    probes, meta = [], []
    for fmt, (n, words) in SPACES.items():
        for op in range(n):
            for w in words(op):
                probes.append(w)
                meta.append((fmt, op))
    listed = {(f, op) for f, rows in tables.items() for op, _ in rows}
    out = {}
    for (fmt, op), text in zip(meta, disasm(probes)):
        if not decoded(text) or (fmt, op) in listed:
            continue
        if fmt == "VOP3" and ("VOP3SD", op) in listed:
            continue
        half = text.split("::")[-1] if fmt == "VOPD_Y" else text
        name = half.split()[0].upper()
        if (op, name) not in out.setdefault(fmt, []):
            out[fmt].append((op, name))
    return {f: rows for f, rows in out.items() if rows}


if __name__ == "__main__":
    from spec import spec_tables
    for fmt, rows in llvm_extras(spec_tables()).items():
        for op, name in rows:
            print(fmt, op, name.lower())
