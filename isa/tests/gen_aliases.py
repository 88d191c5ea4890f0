#!/usr/bin/env python3
"""Writes isa/tables/aliases.yaml: the legacy mnemonics llvm-mc 19 accepts for gfx1100 and
the table mnemonic each assembles as. Candidates are built from every table mnemonic by
undoing the gfx10 -> gfx11 renaming patterns below (alone and in combination); each
candidate is assembled by llvm-mc with the operands of a corpus line of its table
mnemonic, and kept when llvm-mc accepts it and prints the table mnemonic. Run from the
workspace root after the corpora exist (gen_corpus.py, gen_vector_corpus.py)."""
import itertools
import re
import subprocess

LLVM_MC = "/usr/lib/llvm-19/bin/llvm-mc"

# (gfx11 fragment, legacy fragment): the renamings of the gfx11 ISA.
RULES = [
    ("_b32", "_dword"), ("_b64", "_dwordx2"), ("_b96", "_dwordx3"), ("_b128", "_dwordx4"),
    ("_b256", "_dwordx8"), ("_b512", "_dwordx16"), ("_u8", "_ubyte"), ("_i8", "_sbyte"),
    ("_u16", "_ushort"), ("_i16", "_sshort"), ("_b8", "_byte"), ("_b16", "_short"),
    ("ds_store", "ds_write"), ("ds_load", "ds_read"), ("_2addr_stride64", "2st64"),
    ("_2addr", "2"), ("storexchg", "wrxchg"), ("cmpstore", "cmpst"), ("_nc_", "_"),
    ("and_not1", "andn2"), ("or_not1", "orn2"), ("and_not0", "andn1"), ("or_not0", "orn1"),
    ("ctz_i32_b32", "ff1_i32_b32"), ("ctz_i32_b64", "ff1_i32_b64"),
    ("clz_i32_u32", "flbit_i32_b32"), ("clz_i32_u64", "flbit_i32_b64"),
    ("cls_i32_i64", "flbit_i32_i64"), ("cls_i32", "flbit_i32"), ("v_clz_i32_u32", "v_ffbh_u32"),
    ("v_ctz_i32_b32", "v_ffbl_b32"), ("v_cls_i32", "v_ffbh_i32"), ("nearest_i32", "rpi_i32"),
    ("floor_i32", "flr_i32"), ("dx9_zero", "legacy"), ("pk_rtz", "pkrtz"), ("dot2acc", "dot2c"),
    ("add_co_ci", "addc_co"), ("sub_co_ci", "subb_co"), ("subrev_co_ci", "subbrev_co"),
    ("d16_format", "format_d16"), ("load_d16_u8", "load_ubyte_d16"),
    ("load_d16_hi_u8", "load_ubyte_d16_hi"), ("load_d16_i8", "load_sbyte_d16"),
    ("load_d16_hi_i8", "load_sbyte_d16_hi"), ("load_d16_b16", "load_short_d16"),
    ("load_d16_hi_b16", "load_short_d16_hi"), ("store_d16_hi_b8", "store_byte_d16_hi"),
    ("store_d16_hi_b16", "store_short_d16_hi"), ("s_set_inst_prefetch_distance",
                                                 "s_inst_prefetch"),
    ("_u32_u24", "_u32_u24"), ("_f16_f16", "_f16"), ("v_pk_fmac_f16", "v_pk_fmac_f16"),
]
ATOMICS = [("add", "u32", "add"), ("sub", "u32", "sub"), ("min", "i32", "smin"),
           ("min", "u32", "umin"), ("max", "i32", "smax"), ("max", "u32", "umax"),
           ("and", "b32", "and"), ("or", "b32", "or"), ("xor", "b32", "xor"),
           ("inc", "u32", "inc"), ("dec", "u32", "dec"), ("swap", "b32", "swap"),
           ("cmpswap", "b32", "cmpswap"), ("csub", "u32", "csub"), ("cmpswap", "f32", "fcmpswap"),
           ("min", "f32", "fmin"), ("max", "f32", "fmax"), ("add", "f32", "add_f32")]
for op, ty, legacy in list(ATOMICS):
    RULES.append((f"atomic_{op}_{ty}", f"atomic_{legacy}"))
    wide = {"u32": "u64", "i32": "i64", "b32": "b64", "f32": "f64"}[ty]
    RULES.append((f"atomic_{op}_{wide}", f"atomic_{legacy}_x2"))


def table_names():
    names = []
    for path in ("isa/tables/scalar.yaml", "isa/tables/valu.yaml", "isa/tables/memory.yaml"):
        for line in open(path):
            m = re.search(r"name: (\w+), args: \[.*?\](.*)\}", line)
            if m and "llvm: none" not in m.group(2):
                names.append(m.group(1))
    return sorted(set(names))


def sample_lines():
    """First corpus line of each mnemonic (its suffix stripped), kept without the suffix."""
    out = {}
    for path in ("isa/tests/data/scalar_corpus.s", "isa/tests/data/corpus.s"):
        for line in open(path):
            line = line.strip()
            if not line or line.startswith("//") or "::" in line:
                continue
            mn, _, rest = line.partition(" ")
            base = re.sub(r"(_e32|_e64|_e64_dpp|_dpp)$", "", mn)
            if base == mn and base not in out:
                out[base] = rest
    return out


def candidates(name):
    rules = [r for r in RULES if r[0] in name and r[0] != r[1]]
    out = set()
    for k in range(1, 4):
        for combo in itertools.combinations(rules, k):
            c = name
            for new, old in combo:
                c = c.replace(new, old)
            if c != name:
                out.add(c)
    return out


def main():
    names = table_names()
    known = set(names)
    samples = sample_lines()
    probes = []
    for name in names:
        if name not in samples:
            continue
        for c in sorted(candidates(name)):
            if c not in known:
                probes.append((c, name, f"{c} {samples[name]}".strip()))
    src = "\n".join(p[2] for p in probes) + "\n"
    r = subprocess.run([LLVM_MC, "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1100", "-show-encoding"],
                       input=src, capture_output=True, text=True)
    bad = {int(m.group(1)) for m in re.finditer(r"<stdin>:(\d+):\d+: error", r.stderr)}
    printed = [l.split(";")[0].split()[0] for l in r.stdout.splitlines() if "; encoding:" in l]
    aliases, k = {}, 0
    for i, (cand, name, _) in enumerate(probes):
        if i + 1 in bad:
            continue
        got = re.sub(r"(_e32|_e64)$", "", printed[k])
        k += 1
        if got == name:
            aliases[cand] = name
    lines = ["# Legacy mnemonics llvm-mc 19 accepts for gfx1100 and the table mnemonic each",
             "# assembles as (the assembler maps them; suffixes _e32/_e64/_dpp are kept).",
             "# GENERATED by isa/tests/gen_aliases.py (probing llvm-mc 19 with candidates built",
             "# from the gfx10 -> gfx11 renaming patterns) -- do not edit by hand.",
             "aliases:"]
    lines += [f"  {a}: {aliases[a]}" for a in sorted(aliases)]
    open("isa/tables/aliases.yaml", "w").write("\n".join(lines) + "\n")
    print(f"{len(probes)} candidates probed, {len(aliases)} aliases")


if __name__ == "__main__":
    main()
