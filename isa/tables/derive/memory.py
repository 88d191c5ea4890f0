"""Derives the memory rows (SMEM, DS, FLAT, GLOBAL, SCRATCH, MUBUF) by decoding canonical
instruction words with LLVM 19 and reading which fields it prints and how wide they are."""
import re
from llvm import disasm, decoded


def smem(op, sdata=40, sbase=20, glc=0, dlc=0, offset=0x10, soffset=124):
    return [(0x3D << 26) | (op << 18) | (glc << 14) | (dlc << 13) | (sdata << 6) | (sbase >> 1),
            (soffset << 25) | offset]


def ds(op, addr=20, data0=40, data1=60, vdst=10, offset0=0, offset1=0, gds=0):
    return [(0x36 << 26) | (op << 18) | (gds << 17) | (offset1 << 8) | offset0,
            (vdst << 24) | (data1 << 16) | (data0 << 8) | addr]


def flat(op, seg=0, addr=20, data=40, saddr=124, vdst=10, offset=0, glc=0, slc=0, dlc=0, sve=0):
    return [(0x37 << 26) | (op << 18) | (seg << 16) | (slc << 15) | (glc << 14) | (dlc << 13)
            | offset, (vdst << 24) | (sve << 23) | (saddr << 16) | (data << 8) | addr]


def mubuf(op, vaddr=20, vdata=40, srsrc=8, soffset=4, offen=1, idxen=0, tfe=0, glc=0, dlc=0,
          slc=0, offset=0):
    return [(0x38 << 26) | (op << 18) | (glc << 14) | (dlc << 13) | (slc << 12) | offset,
            (soffset << 24) | (idxen << 23) | (offen << 22) | (tfe << 21) | ((srsrc >> 2) << 16)
            | (vdata << 8) | vaddr]


DS_VARIANTS = [dict(), dict(data1=0), dict(vdst=0), dict(data1=0, vdst=0),
               dict(data0=0, data1=0), dict(data0=0, data1=0, vdst=0),
               dict(addr=0, data1=0, vdst=0), dict(addr=0, data0=0, data1=0),
               dict(addr=0, data0=0, data1=0, vdst=0),
               # GDS-only opcodes (ds_ordered_count, ds_*_gs_reg_rtn) decode only with gds set
               dict(data0=0, data1=0, gds=1), dict(addr=0, data1=0, gds=1),
               # ds_gws_*: GDS-only, every field but ADDR (if used) zero
               dict(data0=0, data1=0, vdst=0, gds=1),
               dict(addr=0, data0=0, data1=0, vdst=0, gds=1)]
FLAT_VARIANTS = [dict(), dict(vdst=0), dict(data=0), dict(data=0, vdst=0), dict(addr=0),
                 dict(addr=0, vdst=0), dict(addr=0, data=0, vdst=0)]
MUBUF_VARIANTS = [dict(), dict(vdata=0), dict(vdata=0, vaddr=0, offen=0),
                  dict(vdata=0, vaddr=0, offen=0, srsrc=0, soffset=0)]

FORMATS = {
    # fmt: (encoder, variants, modifier probes [(mod, overrides, printed predicate)])
    "SMEM": (smem, [dict(), dict(sdata=0, sbase=0, offset=0, soffset=0)],
             [("glc", dict(glc=1), r" glc"), ("dlc", dict(dlc=1), r" dlc")]),
    "DS": (ds, DS_VARIANTS,
           [("offset", dict(offset0=5, offset1=7), r" offset:"),
            ("offset0", dict(offset0=5, offset1=7), r" offset0:"),
            ("offset1", dict(offset0=5, offset1=7), r" offset1:"),
            ("gds", dict(gds=1), r" gds")]),
    "FLAT": (lambda op, **k: flat(op, 0, **k), FLAT_VARIANTS,
             [("offset", dict(offset=16), r" offset:"), ("glc", dict(glc=1), r" glc"),
              ("slc", dict(slc=1), r" slc"), ("dlc", dict(dlc=1), r" dlc")]),
    "GLOBAL": (lambda op, **k: flat(op, 2, **{"saddr": 8, **k}), FLAT_VARIANTS,
               [("offset", dict(offset=16), r" offset:"), ("glc", dict(glc=1), r" glc"),
                ("slc", dict(slc=1), r" slc"), ("dlc", dict(dlc=1), r" dlc")]),
    "SCRATCH": (lambda op, **k: flat(op, 1, **{"saddr": 8, "sve": 1, **k}), FLAT_VARIANTS,
                [("offset", dict(offset=16), r" offset:"), ("glc", dict(glc=1), r" glc"),
                 ("slc", dict(slc=1), r" slc"), ("dlc", dict(dlc=1), r" dlc")]),
    "MUBUF": (mubuf, MUBUF_VARIANTS,
              [("offen", dict(), r" offen"), ("idxen", dict(offen=0, idxen=1), r" idxen"),
               ("offset", dict(offset=16), r" offset:"), ("glc", dict(glc=1), r" glc"),
               ("slc", dict(slc=1), r" slc"), ("dlc", dict(dlc=1), r" dlc"),
               ("tfe", dict(tfe=1), r" tfe")]),
}

# printed register -> kind, per format (canonical field values above)
FIELDS = {
    "SMEM": {("s", 40): "sdata", ("s", 20): "sbase"},
    "DS": {("v", 10): "vdst", ("v", 20): "addr", ("v", 40): "data0", ("v", 60): "data1"},
    "FLAT": {("v", 10): "vdst", ("v", 20): "vaddr", ("v", 40): "vdata", ("s", 8): "saddr"},
    "MUBUF": {("v", 40): "vdata", ("v", 20): "vaddr", ("s", 8): "srsrc", ("s", 4): "soffset"},
}
FIELDS["GLOBAL"] = FIELDS["SCRATCH"] = FIELDS["FLAT"]
REG = re.compile(r"^(v|s)(?:(\d+)|\[(\d+):(\d+)\])$")


def template(fmt, text):
    parts = text.split(None, 1)
    toks = [t.strip() for t in parts[1].split(",")] if len(parts) > 1 else []
    if toks:
        toks[-1] = toks[-1].split()[0]
    if toks == ["gds"]:
        toks = []  # ds_gws_sema_*: no operands, only the modifier
    args = []
    for i, t in enumerate(toks):
        if re.fullmatch(r"0x[0-9a-f]+|\d+", t) and fmt == "SMEM" and i == 0:
            args.append("sdata_imm")  # s_atc_probe*: SDATA holds an immediate
            continue
        if re.fullmatch(r"0x[0-9a-f]+|\d+", t) and fmt == "SMEM":
            args.append("smem_offset")
            continue
        m = REG.match(t)
        assert m, (fmt, text, t)
        if (m.group(1), int(m.group(2) or m.group(3))) not in FIELDS[fmt]:
            raise KeyError(text)
        lo = int(m.group(2) or m.group(3))
        hi = int(m.group(4)) if m.group(4) else lo
        kind = FIELDS[fmt][(m.group(1), lo)]
        bits = 32 * (hi - lo + 1)
        if fmt == "GLOBAL" and kind == "vaddr":
            bits = 64  # a 64-bit address with saddr `off`, a 32-bit offset with an SGPR saddr
        args.append(kind if bits == 32 else f"{kind}:{bits}")
    return parts[0], args


def derive_memory(tables, errors):
    out = {}
    for fmt, (make, variants, mod_probes) in FORMATS.items():
        rows = tables[fmt]
        found, pending = {}, [op for op, _ in rows]
        for v in variants:
            texts = disasm([make(op, **v) for op in pending])
            nxt = []
            for op, t in zip(pending, texts):
                if decoded(t):
                    found[op] = (t, v)
                else:
                    nxt.append(op)
            pending = nxt
        mods = {op: [] for op in found}
        for mod, kw, pat in mod_probes:
            ops = list(found)
            texts = disasm([make(op, **{**found[op][1], **kw}) for op in ops])
            for op, t in zip(ops, texts):
                if decoded(t) and re.search(pat, t) and (
                        mod in ("offen", "gds") or not re.search(pat, found[op][0])):
                    mods[op].append(mod)
        # atomics that return the pre-op value only with glc (FLAT/GLOBAL/SCRATCH: a vdst
        # operand appears; MUBUF: vdata is overwritten): decode with glc and compare
        rtn = set()
        if fmt in ("FLAT", "GLOBAL", "SCRATCH", "MUBUF"):
            ops = [op for op, n in rows if op in found and "_ATOMIC_" in n]
            texts = disasm([make(op, **{**found[op][1], "glc": 1}) for op in ops])
            for op, t in zip(ops, texts):
                if decoded(t):
                    rtn.add(op)
                    if fmt != "MUBUF":
                        assert template(fmt, t)[1][0].startswith("vdst"), t
        entries = []
        for op, NAME in rows:
            e = {"op": op, "NAME": NAME, "fmt": fmt}
            if op in found:
                mnem, args = template(fmt, found[op][0])
                if op in rtn and fmt != "MUBUF":
                    _, args = template(fmt, disasm([make(op, **{**found[op][1], "glc": 1})])[0])
                m = mods[op]
                if op in rtn:
                    m = m + ["rtn"]
                e.update(name=mnem, args=args, mods=m)
            entries.append(e)
        out[fmt] = entries
    return out


if __name__ == "__main__":
    from spec import spec_tables
    errs = []
    for fmt, es in derive_memory(spec_tables(), errs).items():
        for e in es:
            print(fmt, e["op"], e.get("name", "??" + e["NAME"]), e.get("args"), e.get("mods"))
    print("\n".join(errs))
