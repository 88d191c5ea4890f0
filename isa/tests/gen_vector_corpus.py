#!/usr/bin/env python3
"""Writes isa/tests/data/corpus.s: every opcode of isa/tables/valu.yaml and memory.yaml that
llvm-mc 19 accepts (rows without `llvm: none`), in varied operand and modifier forms:
registers at the edges of their files, SGPR / VGPR / inline-constant / literal sources per
operand type, every modifier of the row (input modifiers, clamp, omod, op_sel family, DPP16
controls and masks, DPP8, memory offsets and flags), forced and chosen encodings, and VOPD
pairs. Lines llvm-mc rejects are dropped (so the corpus also records which forms LLVM
accepts). Run from the workspace root; then regenerate the expectation with
CU32_REGEN=1 cargo test -p cu32-isa --test llvm_conformance."""
import re
import subprocess
import sys

LLVM_MC = "/usr/lib/llvm-19/bin/llvm-mc"


def load(path):
    """{format: [row dict]} from a table YAML (one flow mapping per row)."""
    out, fmt = {}, None
    for line in open(path):
        m = re.match(r"^([A-Z0-9_]+):\s*$", line)
        if m:
            fmt = m.group(1)
            out[fmt] = []
            continue
        m = re.match(r"\s+- \{op: (\d+), name: (\w+), args: \[(.*?)\](?:, mods: \[(.*?)\])?"
                     r"(, llvm: none)?(?:, source: llvm)?\}", line)
        if m:
            split = lambda s: [x.strip() for x in (s or "").split(",") if x.strip()]
            out[fmt].append(dict(op=int(m.group(1)), name=m.group(2), args=split(m.group(3)),
                                 mods=split(m.group(4)), llvm=not m.group(5)))
    return out


def parse_arg(a):
    parts = a.split(":")
    kind, ty, restr = parts[0], "32", None
    for p in parts[1:]:
        if re.fullmatch(r"\d+|f16|f32|f64|bf16|v2i16|v2f16|v2bf16", p):
            ty = p
        else:
            restr = p
    return kind, ty, restr


def bits(ty):
    return int(re.sub(r"\D", "", ty.replace("v2", "")) or 32) * (2 if ty.startswith("v2") else 1)


def regs(ty):
    return max(1, bits(ty) // 32)


def vreg(i, n):
    return f"v{i}" if n == 1 else f"v[{i}:{i + n - 1}]"


def sreg(i, n, prefix="s"):
    return f"{prefix}{i}" if n == 1 else f"{prefix}[{i}:{i + n - 1}]"


INV2PI = {"f16": "0.15915494", "f32": "0.15915494", "f64": "0.15915494309189532",
          "bf16": "0.15915494", "v2f16": "0.15915494", "v2bf16": "0.15915494"}


def src_forms(ty):
    """Alternative source operands for a general source of type `ty`."""
    n = regs(ty)
    forms = [vreg(255 - n + 1, n), vreg(0, n), sreg(104 if n == 2 else 105, n) if n <= 2 else None,
             sreg(6, n) if n <= 2 else None, "vcc_lo" if n == 1 else "vcc",
             "exec_lo" if n == 1 else "exec", "null", sreg(2 if n == 2 else 3, n, "ttmp"),
             "m0" if n == 1 else None, "0", "64", "-16", "-1", "0.5", "-4.0", "1.0",
             INV2PI.get(ty, "0.15915494"), "1.5", "-17", "65", "0x3c00", "0x3f800000",
             "0x12345678", "0xffff", "0xffffffff", "src_scc", "src_shared_base",
             "0x3ff0000000000000", "0x3118", "0x3e22f983", "2.0", "-0.5", "0.1", "65504.0"]
    return [f for f in forms if f]


def base_operand(kind, ty, restr, slot=0):
    n = regs(ty)
    if kind == "vdst":
        return vreg(5, n)
    if kind == "sdst":
        return sreg(4, n) if n == 1 else sreg(4, n)
    if kind == "vcc":
        return "vcc_lo"
    if kind in ("src0", "src1", "src2"):
        if restr in ("sgpr", "scalar", "scalar_inline"):
            return sreg(10 + 2 * slot, n)
        return vreg(10 + 8 * slot, n)
    if kind == "vsrc1":
        return vreg(20, n)
    if kind == "imm32":
        return "0x1234" if ty != "f16" else "0x3c00"
    raise KeyError(kind)


# Opcodes that get every form; the others get a rotating sample of each form list (as in
# gen_corpus.py), so that every form occurs across the opcodes of a format.
FULL = {"v_mov_b32", "v_add_f32", "v_add_f16", "v_fma_f32", "v_fma_f64", "v_add_f64",
        "v_cmp_eq_f32", "v_cmp_class_f16", "v_cmpx_lt_i64", "v_cndmask_b32", "v_add_co_ci_u32",
        "v_add_co_u32", "v_pk_add_f16", "v_pk_add_u16", "v_pk_fma_f16", "v_fma_mix_f32",
        "v_dot2_f32_f16", "v_lshlrev_b64", "v_mad_u64_u32", "v_readlane_b32", "v_writelane_b32",
        "v_cvt_f32_f16", "v_cvt_f16_f32", "v_add_nc_u16", "v_fmamk_f32", "v_fmaak_f16",
        "v_dot2_bf16_bf16", "v_wmma_f32_16x16x16_f16", "v_ldexp_f16", "v_div_scale_f32",
        "v_perm_b32", "v_med3_f16", "v_cvt_f64_i32", "v_cmp_lt_f64", "v_mul_lo_u16",
        "v_fmac_f16", "v_readfirstlane_b32", "s_load_b64", "s_buffer_load_b128", "ds_store_b32",
        "ds_load_2addr_b64", "ds_add_rtn_u32", "ds_swizzle_b32", "flat_load_b64",
        "flat_atomic_cmpswap_b64", "global_load_b32", "global_atomic_add_u32", "scratch_store_b96",
        "buffer_load_b32", "buffer_atomic_cmpswap_b32", "buffer_store_d16_format_xyzw",
        "s_atc_probe", "ds_gws_init"}
ROW = [0]


def pick(forms, n, name):
    """All forms for FULL opcodes, else `n` of them, rotating with the row number."""
    forms = [f for f in forms if f is not None]
    if name in FULL or len(forms) <= n:
        return forms
    k = ROW[0]
    return [forms[(k + j) % len(forms)] for j in range(n)]


def op_line(name, ops, mods=""):
    s = f"{name} {', '.join(ops)}".rstrip()
    return (s + " " + mods).strip() if mods else s


def valu_lines(fmt, row, e32_names, e64_names):
    name = row["name"]
    args = [parse_arg(a) for a in row["args"]]
    mods = set(row["mods"])
    e32 = fmt in ("VOP1", "VOP2", "VOPC")
    both = name in e32_names and name in e64_names
    mn = name + ("_e32" if e32 else "_e64") if both else name
    srcs = [i for i, (k, _, _) in enumerate(args) if k in ("src0", "src1", "src2", "vsrc1")]
    base = [base_operand(k, t, r, i) for i, (k, t, r) in enumerate(args)]
    if "t16" in mods:
        # True16 syntax: 16-bit VGPR operands are register halves.
        halves = [["v5.l", "v1.l"], ["v5.h", "v1.h"], ["v127.h", "v0.l"], ["v0.l", "v127.l"],
                  ["v5.l", "s1"], ["v5.h", "0x1234"], ["v5.l", "1.0"], ["v5.l", "-1"]]
        lines = [op_line(mn if not both else name + "_e32", h) for h in halves]
        lines += [op_line(name, h) for h in halves[:2]]
        lines += [op_line(name + "_dpp", ["v5.l", "v1.h"], c)
                  for c in ("quad_perm:[0,1,2,3]", "row_shl:1", "dpp8:[7,6,5,4,3,2,1,0]")]
        return lines
    lines = [op_line(mn, base)]
    if both:
        lines.append(op_line(name, base))  # the encoding llvm-mc chooses
    # Registers at the edges and constants, one operand at a time.
    for i, (k, t, r) in enumerate(args):
        n = regs(t)
        if k == "vdst":
            alts = [vreg(0, n), vreg(256 - n, n), vreg(127, n) if n == 1 else vreg(126, n),
                    vreg(128, n)]
        elif k == "sdst":
            alts = [sreg(0, n), sreg(104 if n == 2 else 105, n), "vcc_lo" if n == 1 else "vcc",
                    "null", "exec_lo" if n == 1 else "exec", sreg(2 if n == 2 else 3, n, "ttmp"),
                    "m0"]
        elif k == "vsrc1":
            alts = [vreg(0, n), vreg(256 - n, n), vreg(127, n), vreg(128, n)]
        elif k in ("src0", "src1", "src2"):
            alts = src_forms(t)
        elif k == "imm32":
            alts = ["0x12345678", "1.5", "-1", "0x3c00", "1.0", "0xffff", "-0.5"]
        else:
            alts = []
        for a in pick(alts, 4, name):
            v = list(base)
            v[i] = a
            lines.append(op_line(mn, v))
            if both and k in ("src0", "src1", "vsrc1", "sdst", "vdst"):
                lines.append(op_line(name, v))
    # Input modifiers. A VOP3SD float opcode (v_div_scale_*) has no ABS field, but llvm-mc
    # accepts |x| on it (and encodes nothing).
    abs_dropped = fmt == "VOP3SD" and "neg" in mods
    if "abs" in mods or "neg" in mods:
        forms = []
        if "neg" in mods:
            forms += ["-{}", "neg({})"]
        if "abs" in mods or abs_dropped:
            forms += ["|{}|", "abs({})"]
        if "neg" in mods and ("abs" in mods or abs_dropped):
            forms += ["-|{}|", "neg(abs({}))"]
        for i in srcs:
            k, t, r = args[i]
            for f in pick(forms, 2, name):
                v = list(base)
                v[i] = f.format(base[i])
                lines.append(op_line(mn, v))
                if both:
                    lines.append(op_line(name, v))
            for c in pick(["1.0", "-2.0", "0x12345678", "s1"], 1, name):
                v = list(base)
                v[i] = forms[0].format(c)
                lines.append(op_line(mn, v))
    if e32 and fmt != "VOPC":
        for i in srcs[:1]:
            for c in pick(["neg(1.0)", "-|2.0|", "neg(0.5)"], 1, name):
                v = list(base)
                v[i] = c
                lines.append(op_line(name, v))
    if "clamp" in mods:
        lines.append(op_line(mn, base, "clamp"))
        if both:
            lines.append(op_line(name, base, "clamp"))
    if "omod" in mods:
        for m in pick(["mul:2", "mul:4", "div:2", "clamp mul:2", "mul:1"], 2, name):
            lines.append(op_line(mn, base, m))
    nsrc = len(srcs)
    if "op_sel" in mods and fmt != "VOP3P":
        for pat in pick(list(range(1, 1 << (nsrc + 1))), 3, name):
            sel = ",".join(str((pat >> j) & 1) for j in range(nsrc + 1))
            lines.append(op_line(mn, base, f"op_sel:[{sel}]"))
    if fmt == "VOP3P":
        for m in ("op_sel", "op_sel_hi", "neg_lo", "neg_hi"):
            if m not in mods:
                continue
            for pat in pick(list(range(1 << nsrc)), 3, name):
                sel = ",".join(str((pat >> j) & 1) for j in range(nsrc))
                lines.append(op_line(mn, base, f"{m}:[{sel}]"))
        if "clamp" in mods and "op_sel" in mods:
            lines.append(op_line(mn, base, "op_sel:[1,0,1] op_sel_hi:[0,1,0] clamp"[: None]))
        # Inline constants on packed operands with the halves selected (an f16 or f32 bit
        # pattern becomes the inline code the operand's type has for it).
        if "op_sel" in mods and srcs and args[srcs[0]][0] == "src0":
            zeros = ",".join("0" for _ in range(nsrc))
            for c in pick(["-1", "1.0", "0x3c00", "0x3f800000", "0.15915494", "-16", "0x3118"], 3, name):
                v = list(base)
                v[srcs[0]] = c
                lines.append(op_line(mn, v))
                lines.append(op_line(mn, v, "op_sel:[1%s] op_sel_hi:[0%s]" % (
                    zeros[1:], "".join("," + "1" for _ in range(nsrc - 1)))))
                lines.append(op_line(mn, v, f"op_sel_hi:[{zeros}]"))
    if {"dpp", "dpp16", "dpp8"} & mods:
        dbase = list(base)
        for i in srcs:
            k, t, r = args[i]
            if regs(t) == 1 and r not in ("sgpr", "scalar", "scalar_inline"):
                dbase[i] = vreg(30 + i, 1)
        dmn = name + ("_dpp" if e32 else "_e64_dpp")
        ctrls = ["quad_perm:[3,2,1,0]", "quad_perm:[0,1,2,3]", "row_shl:1", "row_shl:15",
                 "row_shr:1", "row_shr:15", "row_ror:1", "row_ror:15", "row_mirror",
                 "row_half_mirror", "row_share:0", "row_share:15", "row_xmask:0",
                 "row_xmask:15", "row_shl:1 row_mask:0x0 bank_mask:0x5",
                 "quad_perm:[1,0,3,2] row_mask:0xa bank_mask:0x3 bound_ctrl:1",
                 "row_ror:7 bound_ctrl:0", "row_mirror fi:1", "row_share:3 bound_ctrl:1 fi:1",
                 "row_xmask:2 row_mask:0x1 bank_mask:0xe fi:0"]
        dpp8 = ["dpp8:[7,6,5,4,3,2,1,0]", "dpp8:[0,1,2,3,4,5,6,7] fi:1",
                "dpp8:[1,1,1,1,1,1,1,1] fi:0"]
        forms = (ctrls if mods & {"dpp", "dpp16"} else []) + (dpp8 if mods & {"dpp", "dpp8"}
                                                             else [])
        for c in pick(forms, 5, name):
            lines.append(op_line(dmn, dbase, c))
        lines.append(op_line(name, dbase, forms[0]))
        for i in srcs:
            for f in pick(["-{}", "|{}|", "-|{}|"], 1, name):
                v = list(dbase)
                v[i] = f.format(dbase[i])
                for c in pick(["quad_perm:[2,3,0,1]", "dpp8:[7,6,5,4,3,2,1,0]"], 1, name):
                    lines.append(op_line(dmn, v, c))
        for k2 in range(len(args)):
            if args[k2][0] in ("vdst", "vsrc1"):
                for r in pick(["v255", "v128", "v127"], 1, name):
                    v = list(dbase)
                    v[k2] = r
                    lines.append(op_line(dmn, v, "row_shr:3"))
        if not e32:
            for m in pick(["clamp", "mul:2", "op_sel:[1,0,0,1]", "op_sel:[0,1,1]"], 2, name):
                lines.append(op_line(dmn, dbase, "quad_perm:[0,0,0,0] " + m))
                lines.append(op_line(name, dbase, "row_mirror " + m))
            lines.append(op_line(dmn, dbase, "dpp8:[0,0,0,0,0,0,0,0] clamp"))
            for i in srcs[1:]:
                for a in pick(["s3", "1.0", "0x12345"], 1, name):
                    v = list(dbase)
                    v[i] = a
                    lines.append(op_line(dmn, v, "quad_perm:[0,1,2,3]"))
    return lines


def vopd_lines(x_rows, y_rows):
    lines = []

    def half(row, dst, s0, s1):
        ops = []
        for a in row["args"]:
            k = a.split(":")[0]
            ops.append({"vdst": dst, "src0": s0, "vsrc1": s1, "imm32": "0x1234"}[k])
        return f"{row['name']} {', '.join(ops)}"

    for x in x_rows:
        for y in y_rows:
            lines.append(half(x, "v0", "v1", "v2") + " :: " + half(y, "v3", "v6", "v7"))
        for y in y_rows[:4]:
            lines.append(half(x, "v254", "s1", "v255") + " :: " + half(y, "v255", "2.0", "v0"))
            lines.append(half(x, "v10", "0x12345678", "v12") + " :: " +
                         half(y, "v11", "v14", "v13"))
            lines.append(half(x, "v10", "v12", "v14") + " :: " + half(y, "v11", "s5", "v13"))
            lines.append(half(x, "v1", "1.5", "v12") + " :: " + half(y, "v0", "1.5", "v13"))
            lines.append(half(x, "v1", "vcc_lo", "v12") + " :: " + half(y, "v0", "-1", "v13"))
        # The bank rule by LLVM's component slots: the VGPR after fmamk's K is src2 (parity
        # only), fmac/dot2acc read their destination as src2; llvm-mc drops the pairs it
        # refuses.
        for y in y_rows:
            lines.append(half(x, "v0", "v1", "v6") + " :: " + half(y, "v3", "v4", "v2"))
            lines.append(half(x, "v7", "v2", "v5") + " :: " + half(y, "v6", "v1", "v3"))
    return lines


def mem_lines(fmt, row):
    name = row["name"]
    args = [parse_arg(a) for a in row["args"]]
    mods = set(row["mods"])
    rtn = "rtn" in mods and args and args[0][0] == "vdst" and fmt != "MUBUF"
    lines = []

    def base(saddr_off=False, vaddr_off=False, idx=(False, True)):
        ops = []
        for k, t, r in args:
            n = regs(t)
            if k == "vdst":
                ops.append(vreg(5, n))
            elif k == "sdata":
                ops.append(sreg(8, n))
            elif k == "sdata_imm":
                ops.append("7")
            elif k == "sbase":
                ops.append(sreg(4, n))
            elif k == "smem_offset":
                ops.append("0x10")
            elif k == "addr":
                ops.append("v1")
            elif k in ("data0", "vdata"):
                ops.append(vreg(2, n))
            elif k == "data1":
                ops.append(vreg(3 + n, n))
            elif k == "vaddr":
                if fmt == "GLOBAL":
                    ops.append("v[6:7]" if saddr_off else "v6")
                elif fmt == "SCRATCH":
                    ops.append("off" if vaddr_off else "v6")
                elif fmt == "MUBUF":
                    cnt = sum(idx)
                    ops.append("off" if cnt == 0 else vreg(6, cnt))
                else:
                    ops.append("v[6:7]")
            elif k == "saddr":
                ops.append("off" if saddr_off else sreg(10, n))
            elif k == "srsrc":
                ops.append("s[12:15]")
            elif k == "soffset":
                ops.append("s3")
            else:
                raise KeyError(k)
        return ops

    def fl(idx):
        return " ".join(f for f, on in zip(("idxen", "offen"), idx) if on)

    flag_sets = [m for m in ("glc", "slc", "dlc", "gds", "tfe") if m in mods]
    variants = [dict()]
    if fmt == "GLOBAL" and any(k == "saddr" for k, _, _ in args):
        variants.append(dict(saddr_off=True))
    if fmt == "SCRATCH":
        variants += [dict(saddr_off=True), dict(vaddr_off=True), dict(vaddr_off=True,
                                                                       saddr_off=True)]
    if fmt == "MUBUF" and any(k == "vaddr" for k, _, _ in args):
        variants = [dict(idx=(False, True)), dict(idx=(True, False)), dict(idx=(True, True)),
                    dict(idx=(False, False))]
    offsets = {"SMEM": [], "DS": ["0", "1", "255", "256", "65535", "0x1234"],
               "FLAT": ["0", "1", "4095", "0x800"], "GLOBAL": ["-4096", "-1", "0", "4095", "16"],
               "SCRATCH": ["-4096", "-1", "4095", "16"], "MUBUF": ["0", "1", "4095", "0x10"]}
    for var in variants:
        ops = base(**var)
        idx = var.get("idx", (False, False))
        pre = fl(idx) if fmt == "MUBUF" else ""
        all_ops = [ops]
        if rtn:
            all_ops = [ops[1:], ops]
        for o in all_ops:
            glc_needed = rtn and len(o) == len(args)
            g = "glc" if glc_needed else ""
            lines.append(op_line(name, o, " ".join(x for x in (pre, g) if x)))
            if "offset" in mods:
                for off in pick(offsets[fmt], 2, name):
                    lines.append(op_line(name, o, " ".join(x for x in (pre, f"offset:{off}", g)
                                                           if x)))
            for f in flag_sets:
                if rtn and f == "glc":
                    continue
                lines.append(op_line(name, o, " ".join(x for x in (pre, f, g) if x)))
            combo = [f for f in flag_sets if f not in ("gds", "tfe")]
            if combo:
                lines.append(op_line(name, o, " ".join(x for x in (pre, "offset:8" if
                                                                    "offset" in mods else "",
                                                                    *combo) if x)))
    if "offset0" in mods:
        ops = base()
        for a, b in (("0", "0"), ("255", "0"), ("0", "255"), ("7", "9"), ("255", "255")):
            lines.append(op_line(name, ops, f"offset0:{a} offset1:{b}"))
        lines.append(op_line(name, ops, "offset1:4"))
        if "gds" in mods:
            lines.append(op_line(name, ops, "offset0:1 offset1:2 gds"))
    # Registers at the edges.
    ops = base()
    for i, (k, t, r) in enumerate(args):
        n = regs(t)
        alts = []
        if k in ("vdst", "addr", "data0", "data1", "vdata"):
            alts = [vreg(0, n), vreg(256 - n, n)]
        elif k == "vaddr" and fmt in ("FLAT",):
            alts = ["v[0:1]", "v[254:255]"]
        elif k == "sdata":
            alts = [sreg(0, n), sreg(106 - n - (106 - n) % min(n, 4), n) if n < 8 else
                    sreg(96 if n == 8 else 88, n), "vcc_lo" if n == 1 else None,
                    sreg(4 if n <= 4 else 8, n, "ttmp") if n <= 8 else None,
                    "m0" if n == 1 else None, "null" if n == 1 else None]
        elif k == "sdata_imm":
            alts = ["0", "64", "0x41", "0x7f", "-1", "128"]
        elif k == "sbase":
            alts = [sreg(0, n), sreg(104 if n == 2 else 100, n), "vcc" if n == 2 else None,
                    sreg(4, n, "ttmp")]
        elif k == "smem_offset":
            alts = ["0", "-1", "0xfffff", "-0x100000", "s5", "m0", "s5 offset:0x10",
                    "s105 offset:-8", "m0 offset:0xfffff", "null", "vcc_lo", "exec_hi"]
        elif k == "saddr" and fmt != "SCRATCH":
            alts = ["s[0:1]", "s[104:105]", "vcc", "ttmp[2:3]"]
        elif k == "saddr":
            alts = ["s0", "s105", "vcc_lo", "m0", "ttmp3"]
        elif k == "srsrc":
            alts = ["s[0:3]", "s[100:103]", "ttmp[4:7]"]
        elif k == "soffset":
            alts = ["s0", "s105", "m0", "vcc_lo", "0", "64", "-16", "0.5", "null", "exec_lo",
                    "src_scc", "1.0"]
        for a in pick(alts, 3, name):
            v = list(ops)
            if k == "smem_offset" and " " in a:
                reg, mod = a.split(" ", 1)
                v[i] = reg
                o = v[1:] if rtn else v
                lines.append(op_line(name, o, mod + (" " + fl((False, True)) if False else "")))
                continue
            v[i] = a
            o = v[1:] if rtn and k != "vdst" else v
            if rtn and k == "vdst":
                lines.append(op_line(name, v, "glc"))
                continue
            lines.append(op_line(name, o, "offen" if fmt == "MUBUF" and any(
                x == "vaddr" for x, _, _ in args) else ""))
    if name.startswith("ds_gws_"):
        # GDS-only: every form with `gds`
        lines = [l if l.endswith(" gds") else l + " gds" for l in lines]
    return lines


def main():
    valu = load("isa/tables/valu.yaml")
    mem = load("isa/tables/memory.yaml")
    e32_names = {r["name"] for f in ("VOP1", "VOP2", "VOPC") for r in valu[f]}
    e64_names = {r["name"] for f in ("VOP3", "VOP3SD", "VOP3P") for r in valu[f]}
    groups = []
    for fmt in ("VOP1", "VOP2", "VOPC", "VOP3", "VOP3SD", "VOP3P"):
        lines = []
        for row in valu[fmt]:
            if row["llvm"]:
                ROW[0] += 1
                lines += valu_lines(fmt, row, e32_names, e64_names)
        groups.append((fmt, lines))
    groups.append(("VOPD", vopd_lines([r for r in valu["VOPD_X"] if r["llvm"]],
                                      [r for r in valu["VOPD_Y"] if r["llvm"]])))
    for fmt in ("SMEM", "DS", "FLAT", "GLOBAL", "SCRATCH", "MUBUF"):
        lines = []
        for row in mem[fmt]:
            if row["llvm"]:
                ROW[0] += 1
                lines += mem_lines(fmt, row)
        groups.append((fmt, lines))
    out = []
    total_bad = 0
    for fmt, lines in groups:
        seen, uniq = set(), []
        for l in lines:
            if l not in seen:
                seen.add(l)
                uniq.append(l)
        src = "\n".join(uniq) + "\n"
        r = subprocess.run([LLVM_MC, "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1100",
                            "-o", "/dev/null"], input=src, capture_output=True, text=True)
        bad = {int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", r.stderr)}
        good = [l for i, l in enumerate(uniq) if i + 1 not in bad]
        total_bad += len(bad)
        print(f"{fmt}: {len(good)} lines kept, {len(bad)} rejected by llvm-mc", file=sys.stderr)
        out.append(f"// {fmt}")
        out += good
    header = """// Vector and memory corpus for the LLVM conformance test (isa/tests/llvm_conformance.rs):
// every opcode of isa/tables/valu.yaml and memory.yaml that llvm-mc 19 accepts, in varied
// operand and modifier forms, one instruction per line, grouped by format (`// FMT`).
// Written by isa/tests/gen_vector_corpus.py (keeps only lines llvm-mc 19 accepts);
// expectations in corpus.expected (CU32_REGEN=1 cargo test -p cu32-isa --test
// llvm_conformance). Rows marked `llvm: none` in the tables are not in it.
"""
    open("isa/tests/data/corpus.s", "w").write(header + "\n".join(out) + "\n")
    n = sum(1 for l in out if not l.startswith("//"))
    print(f"{n} lines ({total_bad} rejected)", file=sys.stderr)


if __name__ == "__main__":
    main()
