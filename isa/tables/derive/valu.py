"""Derives the VALU rows (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD_X, VOPD_Y) by probing
LLVM 19: each opcode is decoded from a canonical instruction word whose register fields hold
distinct registers (so every printed operand names its field), then each source is assembled
with probe constants to learn the operand type LLVM gives it (see `source_type`)."""
import re
from llvm import disasm, decoded, assemble

# Canonical field values. VGPRs: vdst v10, src0 v20, src1 v40, src2 v60; SGPR alternatives
# src0 s4, src1 s8, src2 s12; VOP3SD sdst s6 (a VOPC-in-VOP3 result is the vdst field: s10).
FIELD_BY_NUM = {("v", 10): "vdst", ("s", 10): "sdst", ("s", 6): "sdst",
                ("v", 20): "src0", ("s", 4): "src0", ("v", 40): "src1", ("s", 8): "src1",
                ("v", 60): "src2", ("s", 12): "src2"}


def vop1(op, src0=276, vdst=10):
    return [(0x3F << 25) | (vdst << 17) | (op << 9) | src0]


def vop2(op, src0=276, vsrc1=40, vdst=10):
    return [(op << 25) | (vdst << 17) | (vsrc1 << 9) | src0]


def vopc(op, src0=276, vsrc1=40, vdst=None):
    return [(0x3E << 25) | (op << 17) | (vsrc1 << 9) | src0]


def vop3(op, vdst=10, src0=276, src1=296, src2=316, abs_=0, opsel=0, clamp=0, omod=0, neg=0,
         sdst=None):
    w0 = (0x35 << 26) | (op << 16) | (clamp << 15) | vdst
    w0 |= (sdst << 8) if sdst is not None else (abs_ << 8) | (opsel << 11)
    return [w0, (neg << 29) | (omod << 27) | (src2 << 18) | (src1 << 9) | src0]


def vop3p(op, vdst=10, src0=276, src1=296, src2=316, neg_hi=0, opsel=0, opsel_hi=3,
          opsel_hi2=1, clamp=0, neg=0):
    w0 = (0xCC << 24) | (op << 16) | (clamp << 15) | (opsel_hi2 << 14) | (opsel << 11) | (
        neg_hi << 8) | vdst
    return [w0, (neg << 29) | (opsel_hi << 27) | (src2 << 18) | (src1 << 9) | src0]


def vopd(opx, opy, srcx0=276, vsrcx1=40, srcy0=277, vsrcy1=41, vdstx=10, vdsty=11):
    return [(0x32 << 26) | (opx << 22) | (opy << 17) | (vsrcx1 << 9) | srcx0,
            (vdstx << 24) | ((vdsty >> 1) << 17) | (vsrcy1 << 9) | srcy0]


def dpp16_dword(src=20):
    # row_mask 0xf, bank_mask 0xf, dpp_ctrl quad_perm:[3,2,1,0] (0x1b)
    return (0xF << 28) | (0xF << 24) | (0x1B << 8) | src


def dpp8_dword(src=20):
    sel = 0
    for lane in range(8):
        sel |= (7 - lane) << (3 * lane)
    return (sel << 8) | src


def split_operands(text):
    """(mnemonic, [operand tokens], [trailing modifier tokens]) of a printed instruction."""
    parts = text.split(None, 1)
    mnem = parts[0]
    if len(parts) == 1:
        return mnem, [], []
    rest = parts[1]
    toks, depth, cur = [], 0, ""
    for ch in rest:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            toks.append(cur.strip())
            cur = ""
        else:
            cur += ch
    toks.append(cur.strip())
    # the last operand may be followed by space-separated modifiers
    last = toks[-1].split()
    mods = []
    if last:
        toks[-1] = last[0]
        mods = last[1:]
        # a modifier-only tail (e.g. `v_nop`) never happens with operands; keep it simple
    return mnem, toks, mods


REG = re.compile(r"^[-|]*(?:abs\(|neg\()?(v|s)(?:(\d+)|\[(\d+):(\d+)\])(\.[lh])?[|)]*$")


def classify(tok):
    """(field, kind-letter, width in bits) for a printed register token, else None."""
    m = REG.match(tok)
    if not m:
        return None
    rf = m.group(1)
    lo = int(m.group(2) or m.group(3))
    hi = int(m.group(4)) if m.group(4) else lo
    field = FIELD_BY_NUM.get((rf, lo))
    return field, rf, 32 * (hi - lo + 1)


TYPE_TOKEN = re.compile(r"^(f|i|u|b|bf|iu)(4|8|16|32|64)$")


def type_tokens(name):
    return [t for t in name.split("_")[1:] if TYPE_TOKEN.match(t)]


def dst_bits(name, printed_bits):
    """Destination width: what llvm-objdump prints (a register range), narrowed to 16 when the
    opcode's result type (first type token of the mnemonic) is a 16-bit type."""
    if printed_bits != 32:
        return printed_bits
    tt = type_tokens(name)
    special32 = {"v_sad_u16", "v_cvt_pk_u8_f32", "v_lerp_u8", "v_sad_u8", "v_sad_hi_u8",
                 "v_msad_u8", "v_mqsad_u32_u8", "v_qsad_pk_u16_u8", "v_mqsad_pk_u16_u8",
                 "v_pack_b32_f16"}
    if name in special32 or "_pk_" in name and name != "v_sat_pk_u8_i16" or name.startswith(
            "v_pk_") or name.startswith("v_dot") and not name.endswith(("_f16_f16",
                                                                        "_bf16_bf16")):
        return 32
    if name == "v_sat_pk_u8_i16":
        return 16
    if tt and tt[0].endswith("16") and not name.startswith("v_cmp"):
        return 16
    return 32


# Probe constants for `source_type`, and what llvm-mc re-prints for each LLVM operand type.
PROBES = ["0x3c00", "0x3f800000", "0x3ff0000000000000", "1.5", "0xffff", "0x12345678"]
SIGNATURES = {
    ("1.0", None, None, "0x3e00", "-1", None): "f16",
    ("0x3c00", None, None, "0x0", "0xffff", None): "16",
    ("0x3c00", "1.0", None, "0x3fc00000", "0xffff", "0x12345678"): "32",
    ("0x3c00", "0x3f800000", "1.0", "0x3ff80000", "0xffff", "0x12345678"): "f64",
    ("0x3c00", "0x3f800000", "1.0", None, "0xffff", "0x12345678"): "64",
    ("0x3c00", None, None, "0x3fc0", "-1", None): "bf16",
    # operands that take no literal (`nolit`, `scalar_inline`): only inline probes fold
    (None, "1.0", None, None, None, None): "32",
    ("1.0", None, None, None, "-1", None): "f16",
    ("0x3c00", "0x3f800000", None, "0x3fc0", "0xffff", "0x12345678"): "v2bf16",
    ("1.0", "0x3f800000", None, "0x3e00", "0xffff", "0x12345678"): "v2f16",
}

FLOAT_SRC1_INT = ("v_ldexp_", "v_cmp_class_", "v_cmpx_class_", "v_trig_preop_")


def src_is_float(name, idx):
    if name.startswith(FLOAT_SRC1_INT) and idx == 1:
        return False
    tt = type_tokens(name)
    if not tt:
        return False
    if name.startswith("v_cvt_pk_u8_f32"):
        return idx == 0
    if "_cvt_" in name and len(tt) == 1:
        return False  # v_cvt_f32_ubyte0: integer source
    t = tt[-1] if "_cvt_" in name or name.startswith("v_frexp") else tt[0]
    if name.startswith(("v_cvt_pk_rtz", "v_cvt_pk_norm", "v_cvt_pk_i16_f32", "v_cvt_pk_u16_f32",
                        "v_cvt_pk_u8_f32")):
        t = tt[-1] if idx == 0 or "norm" in name or "rtz" in name else t
    return t.startswith("f")


def operand_template(fmt, text):
    """[(kind, bits, token)] for the operands llvm-objdump printed for a canonical word."""
    mnem, toks, mods = split_operands(text)
    out = []
    for t in toks:
        if t == "vcc_lo":
            out.append(("vcc", 32, t))
            continue
        if re.fullmatch(r"0x[0-9a-f]+", t):
            out.append(("imm32", 32, t))
            continue
        c = classify(t)
        assert c and c[0], (fmt, text, t)
        field, rf, bits = c
        kind = field
        if fmt in ("VOP1", "VOP2", "VOPC") and field == "src1":
            kind = "vsrc1"
        if field == "vdst" and rf == "s":
            kind = "sdst"
        out.append((kind, bits, t))
    return mnem, out, mods


def reg_text(rf, base, bits):
    n = max(1, bits // 32)
    return f"{rf}{base}" if n == 1 else f"{rf}[{base}:{base + n - 1}]"


def probe_sources(entries):
    """For each entry (row dict with 'mnem' and 'tmpl'), fills e['src'][i] = (type or None,
    signature, accept) for every source operand i, by assembling substitutions: the PROBES
    constants (their re-printed form is the type's signature), then a VGPR, an SGPR, an inline
    constant and a literal (which of these llvm-mc accepts gives the restriction)."""
    lines, where = [], []
    for e in entries:
        base = [t for _, _, t in e["tmpl"]]
        for i, (kind, bits, tok) in enumerate(e["tmpl"]):
            if kind == "imm32":
                base[i] = "0x1234"  # a K every type accepts (objdump printed the padding)
        for i, (kind, bits, tok) in enumerate(e["tmpl"]):
            if kind not in ("src0", "src1", "src2", "imm32"):
                continue
            half = tok[-2:] if tok[-2:] in (".l", ".h") else ""
            subs = list(PROBES) + [reg_text("v", 44, bits) + half, reg_text("s", 4, bits), "1",
                                   "0x1234"]
            for k, sub in enumerate(subs):
                toks = list(base)
                toks[i] = sub
                lines.append(f"{e['mnem']} {', '.join(toks)}")
                where.append((e, i, k))
    res = assemble(lines)
    got = {}
    for (e, i, k), r in zip(where, res):
        val = None
        if r is not None:
            _, toks, _ = split_operands(r)
            val = toks[i] if i < len(toks) else "?"
        got.setdefault((id(e), i), []).append(val)
    for e in entries:
        e["src"] = {}
        for i, (kind, bits, tok) in enumerate(e["tmpl"]):
            if (id(e), i) not in got:
                continue
            vals = got[(id(e), i)]
            sig = tuple(vals[:len(PROBES)])
            accept = tuple(v is not None for v in vals[len(PROBES):])  # vgpr, sgpr, inline, lit
            ty = SIGNATURES.get(sig)
            if kind == "imm32" and ty is None:
                ty = IMM32_SIGNATURES.get(sig)
            e["src"][i] = (ty, sig, accept)


# (VGPR, SGPR, inline constant, literal) accepted -> restriction
RESTRICTIONS = {
    (True, True, True, True): None,
    (False, False, True, True): None,  # imm32 (a literal by construction)
    (True, False, False, False): "vgpr",
    (False, True, False, False): "sgpr",
    (False, True, True, True): "scalar",
    (False, True, True, False): "scalar_inline",
    (True, True, True, False): "nolit",
    (True, False, True, False): "vgpr_inline",
}
IMM32_SIGNATURES = {
    ("0x3c00", "0x3f800000", None, "0x3fc00000", "0xffff", "0x12345678"): "32",
    ("0x3c00", None, None, "0x3e00", "0xffff", None): "f16",
}


def src_type_from_name(name, kind, bits):
    """Type of an operand llvm-mc cannot be probed for (VGPR-only): from the mnemonic."""
    idx = {"src0": 0, "src1": 1, "vsrc1": 1, "src2": 2}.get(kind, 0)
    if bits != 32:
        return ("f64" if src_is_float(name, idx) else "64") if bits == 64 else str(bits)
    tt = type_tokens(name)
    t = tt[-1] if tt else "b32"
    if t.endswith("16") and not name.startswith("v_pk_"):
        return "f16" if t.startswith("f") else "16"
    return "f32" if src_is_float(name, idx) else "32"


def finalize_args(fmt, name, tmpl, src, errors, inherit=None):
    """YAML operand strings. `inherit` maps a kind to a type learned elsewhere (the VOP3 form
    of the same opcode) for operands that cannot be probed here (e32 `vsrc1`)."""
    args = []
    types = {}
    for i, (kind, bits, tok) in enumerate(tmpl):
        ty = restr = None
        if kind == "vdst":
            b = dst_bits(name, bits)
            ty = None if b == 32 else str(b)
        elif kind == "sdst":
            ty = None if bits == 32 else str(bits)
        elif kind == "vcc":
            pass
        else:
            cls, sig, accept = src.get(i, (None, None, None))
            if accept is not None:
                if accept not in RESTRICTIONS:
                    errors.append(f"{fmt} {name} operand {i}: unknown acceptance {accept}")
                restr = RESTRICTIONS.get(accept)
                if kind == "imm32":
                    restr = None
            if restr in ("sgpr", "scalar", "scalar_inline") and cls is None:
                cls = "32" if bits == 32 else str(bits)  # lane masks, lane selects
            if cls is None and inherit and kind in inherit:
                cls = inherit[kind]
            if cls is None and kind == "vsrc1" and types.get("src0"):
                cls = types["src0"]
            if cls is None:
                cls = src_type_from_name(name, kind, bits)
                if sig is not None and any(x is not None for x in sig) and bits <= 64:
                    errors.append(f"{fmt} {name} operand {i}: unknown type signature {sig}")
            idx = {"src0": 0, "src1": 1, "vsrc1": 1, "src2": 2}.get(kind, 0)
            if cls == "32" and bits == 32:
                if fmt == "VOP3P" and "_pk_" in name and not src_is_float(name, idx):
                    cls = "v2i16"
                elif src_is_float(name, idx) and fmt != "VOP3P":
                    cls = "f32"
                elif fmt == "VOP3P" and kind == "src2" and name.startswith("v_dot2_f32_"):
                    cls = "f32"
            elif cls == "32" and bits > 32:
                cls = str(bits)
            types[kind] = cls
            ty = None if cls == "32" else cls
        args.append(kind + (f":{ty}" if ty else "") + (f":{restr}" if restr else ""))
    return args


def first_decoding(make, ops, variants):
    """For each opcode, the first variant (kwargs for `make`) whose word LLVM decodes cleanly:
    {op: (text, variant)}."""
    found, pending = {}, list(ops)
    for v in variants:
        if not pending:
            break
        out = disasm([make(op, **v) for op in pending])
        nxt = []
        for op, text in zip(pending, out):
            if decoded(text):
                found[op] = (text, v)
            else:
                nxt.append(op)
        pending = nxt
    return found


def with_extra(words, extra):
    return words + [extra]


E32 = {"VOP1": (vop1, [dict(), dict(src0=4), dict(src0=0, vdst=0)]),
       # all-zero word: v_illegal (VOP2 opcode 0, which the reference does not list)
       "VOP2": (vop2, [dict(), dict(src0=0, vsrc1=0, vdst=0)]),
       "VOPC": (vopc, [dict()])}
VOP3_VARIANTS = [dict(), dict(src2=12), dict(src1=8, src2=12), dict(src2=0), dict(src1=8, src2=0),
                 dict(src0=4, src1=8, src2=0), dict(src1=0, src2=0),
                 dict(src0=0, src1=0, src2=0), dict(vdst=0, src0=0, src1=0, src2=0)]
# modifier -> (field overrides, predicate on the printed text)
VOP3_MODS = [("abs", [dict(abs_=v) for v in (7, 3, 1)], lambda t: "|" in t),
             ("neg", [dict(neg=v) for v in (7, 3, 1)],
              lambda t: re.search(r"(, |^\S+ )-[vs]|neg\(", t) is not None),
             ("clamp", [dict(clamp=1)], lambda t: " clamp" in t),
             ("omod", [dict(omod=1)], lambda t: "mul:2" in t),
             ("op_sel", [dict(opsel=v) for v in (15, 11, 9, 8, 7, 3, 1)],
              lambda t: "op_sel:" in t)]
VOP3P_MODS = [("neg_lo", [dict(neg=v) for v in (7, 3, 1)], lambda t: "neg_lo:" in t),
              ("neg_hi", [dict(neg_hi=v) for v in (7, 3, 1)], lambda t: "neg_hi:" in t),
              ("abs", [dict(neg_hi=v) for v in (7, 3, 1)], lambda t: "|" in t),
              ("neg", [dict(neg=v) for v in (7, 3, 1)],
               lambda t: re.search(r"(, |^\S+ )-[vs]|neg\(", t) is not None),
              ("clamp", [dict(clamp=1)], lambda t: " clamp" in t),
              ("op_sel", [dict(opsel=v) for v in (7, 3, 1)], lambda t: "op_sel:" in t),
              ("op_sel_hi", [dict(opsel_hi=0, opsel_hi2=0), dict(opsel_hi=0)],
               lambda t: "op_sel_hi:" in t)]


def probe_mods(make, found, mods, base_kw):
    res = {op: [] for op in found}
    for mod, kws, pred in mods:
        for kw in kws:
            ops = [op for op in found if mod not in res[op]]
            out = disasm([make(op, **{**found[op][1], **base_kw, **kw}) for op in ops])
            for op, text in zip(ops, out):
                if decoded(text) and pred(text) and not pred(found[op][0]):
                    res[op].append(mod)
    return res


def probe_dpp(make, found, base_kw, src_field="src0"):
    """Whether the DPP16 and DPP8 forms of each opcode decode."""
    res = {op: [] for op in found}
    for tag, src, dword in (("dpp16", 250, dpp16_dword()), ("dpp8", 233, dpp8_dword())):
        ops = list(found)
        out = disasm([make(op, **{**found[op][1], **base_kw, src_field: src}) + [dword]
                      for op in ops])
        for op, text in zip(ops, out):
            if decoded(text) and ("dpp" in text.split()[0] or "quad_perm" in text
                                  or "dpp8" in text):
                res[op].append(tag)
    return res


def dpp_mod(tags):
    if "dpp16" in tags and "dpp8" in tags:
        return ["dpp"]
    return tags


def arg_type(arg):
    """The type part of a YAML operand string (`src1:f16:vgpr` -> `f16`; default `32`)."""
    parts = arg.split(":")[1:]
    return parts[0] if parts and parts[0] not in RESTRICTION_NAMES else "32"


RESTRICTION_NAMES = {"vgpr", "sgpr", "scalar", "scalar_inline", "nolit", "regs", "null",
                     "unsigned"}


def derive_vop(tables, errors):
    """Rows for VOP3 and VOP3SD (e64 forms), then VOP1, VOP2, VOPC (e32 forms)."""
    out = {}
    e64_types = {}
    for fmt in ("VOP3", "VOP3SD", "VOP1", "VOP2", "VOPC"):
        rows = tables[fmt]
        ops = [op for op, _ in rows]
        if fmt in E32:
            make, variants = E32[fmt]
            found = first_decoding(make, ops, variants)
            mods = {op: [] for op in found}
        else:
            base_kw = dict(sdst=6) if fmt == "VOP3SD" else {}
            make = (lambda op, _b=base_kw, **kw: vop3(op, **{**_b, **kw}))
            found = first_decoding(make, ops, VOP3_VARIANTS)
            mods = probe_mods(make, found, VOP3_MODS if fmt == "VOP3" else VOP3_MODS[1:4], {})
        dpp = probe_dpp(make, found, {})
        entries = []
        for op, NAME in rows:
            e = {"op": op, "NAME": NAME, "fmt": fmt}
            if op in found:
                text = found[op][0]
                mnem, tmpl, _ = operand_template(fmt, text)
                t16 = ["t16"] if any(t.endswith((".l", ".h")) for _, _, t in tmpl) else []
                e.update(mnem=mnem, tmpl=tmpl, mods=mods[op] + dpp_mod(dpp[op]) + t16)
            entries.append(e)
        probe_sources([e for e in entries if "tmpl" in e])
        for e in entries:
            if "tmpl" not in e:
                continue
            name = re.sub(r"_e(32|64)$", "", e["mnem"])
            e["name"] = name
            inherit = None
            if fmt in E32 and name in e64_types:
                inherit = {"vsrc1": e64_types[name].get("src1")}
            e["args"] = finalize_args(fmt, name, e["tmpl"], e["src"], errors, inherit)
            if fmt not in E32:
                e64_types[name] = {a.split(":")[0]: arg_type(a) for a in e["args"]}
        out[fmt] = entries
    return out


if __name__ == "__main__":
    import sys
    from spec import spec_tables
    errs = []
    r = derive_vop(spec_tables(), errs)
    for fmt, es in r.items():
        for e in es:
            print(fmt, e["op"], e.get("name", "??" + e["NAME"]), e.get("args"), e.get("mods"),
                  {k: v[1:] for k, v in e.get("src", {}).items() if v[0] is None})
    print("\n".join(errs))


VOP3P_VARIANTS = [dict(), dict(src2=0), dict(src1=0, src2=0)]


def derive_vop3p(tables, errors):
    rows = tables["VOP3P"]
    ops = [op for op, _ in rows]
    found = first_decoding(vop3p, ops, VOP3P_VARIANTS)
    mods = probe_mods(vop3p, found, VOP3P_MODS, {})
    dpp = probe_dpp(vop3p, found, {})
    entries = []
    for op, NAME in rows:
        e = {"op": op, "NAME": NAME, "fmt": "VOP3P"}
        if op in found:
            mnem, tmpl, _ = operand_template("VOP3P", found[op][0])
            m = mods[op]
            if "abs" in m and "neg_hi" in m:
                m.remove("neg_hi")
            if "neg" in m and "neg_lo" in m:
                m.remove("neg")
            if "op_sel_hi:" in found[op][0] and "op_sel_hi" not in m:
                m.append("op_sel_hi")  # printed by default (v_fma_mix*: op_sel_hi:[1,1,1])
            e.update(mnem=mnem, tmpl=tmpl, mods=m + dpp_mod(dpp[op]))
        entries.append(e)
    probe_sources([e for e in entries if "tmpl" in e])
    for e in entries:
        if "tmpl" in e:
            e["name"] = e["mnem"]
            e["args"] = finalize_args("VOP3P", e["name"], e["tmpl"], e["src"], errors)
    return {"VOP3P": entries}


VOPD_FIELDS = {("v", 10): "vdst", ("v", 20): "src0", ("v", 40): "vsrc1",
               ("v", 11): "vdst", ("v", 21): "src0", ("v", 41): "vsrc1"}


def derive_vopd(tables, errors, e32_rows):
    """VOPD_X / VOPD_Y rows: each X opcode decoded paired with Y v_dual_mov_b32 and each Y
    opcode with X v_dual_mov_b32. Operand types come from the VOP1/VOP2 opcode of the same
    name without `dual_` (LLVM gives VOPD components the operand types of their e32 forms)."""
    mov_x = dict((n, o) for o, n in tables["VOPD_X"])["V_DUAL_MOV_B32"]
    mov_y = dict((n, o) for o, n in tables["VOPD_Y"])["V_DUAL_MOV_B32"]
    out = {}
    for fmt, half in (("VOPD_X", 0), ("VOPD_Y", 1)):
        rows = tables[fmt]
        # fields the mov half does not read must be zero; try the probed half with and
        # without its VSRC1
        texts = [None] * len(rows)
        for v1 in (True, False):
            words = [vopd(op, mov_y, vsrcx1=40 if v1 else 0, vsrcy1=0) if half == 0 else
                     vopd(mov_x, op, vsrcx1=0, vsrcy1=41 if v1 else 0) for op, _ in rows]
            for i, t in enumerate(disasm(words)):
                if texts[i] is None and decoded(t):
                    texts[i] = t
        entries = []
        for (op, NAME), text in zip(rows, texts):
            e = {"op": op, "NAME": NAME, "fmt": fmt}
            if decoded(text):
                part = text.split("::")[half].strip()
                mnem, toks, _ = split_operands(part)
                args = []
                ref = e32_rows.get(mnem.replace("v_dual_", "v_"), {})
                ref_types = {a.split(":")[0]: arg_type(a) for a in ref.get("args", [])}
                for t in toks:
                    if t == "vcc_lo":
                        args.append("vcc")
                        continue
                    if re.fullmatch(r"0x[0-9a-f]+", t):
                        ty = ref_types.get("imm32", "32")
                        args.append("imm32" + (f":{ty}" if ty != "32" else ""))
                        continue
                    c = classify(t)
                    m = REG.match(t)
                    lo = int(m.group(2) or m.group(3))
                    kind = VOPD_FIELDS[(c[1], lo)]
                    if kind == "vdst":
                        args.append("vdst")
                        continue
                    ty = ref_types.get(kind) or ref_types.get("src1" if kind == "vsrc1" else kind)
                    if ty is None:
                        ty = "v2bf16" if "bf16" in mnem else src_type_from_name(mnem, kind, 32)
                    args.append(kind + (f":{ty}" if ty != "32" else ""))
                e.update(name=mnem, args=args, mods=[])
            entries.append(e)
        out[fmt] = entries
    return out
