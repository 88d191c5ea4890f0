//! Trailing modifiers after the operands: VOP3 `clamp`, `mul:N`/`div:2`, the `op_sel`
//! family, DPP controls (`quad_perm`, `row_*`, masks, `bound_ctrl`, `fi`, `dpp8`) and memory
//! flags and offsets (`offset`, `offset0/1`, `glc`, `slc`, `dlc`, `gds`, `offen`, `idxen`,
//! `tfe`, and `ds_swizzle_b32`'s `offset:swizzle(...)`). Each is parsed with its column;
//! which ones an opcode accepts is the table row's `mods`.

use super::lex::{no_symbols, Cursor, Fail, Tok};
use super::operand::call;

/// One parsed modifier.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum ModKind {
    Clamp,
    /// OMOD field value: 1 `mul:2`, 2 `mul:4`, 3 `div:2` (0 for `mul:1`).
    Omod(u8),
    OpSel(Vec<u8>),
    OpSelHi(Vec<u8>),
    NegLo(Vec<u8>),
    NegHi(Vec<u8>),
    /// DPP16 control (`quad_perm`, `row_*`): the DPP_CTRL value.
    DppCtrl(u16),
    /// DPP8 lane selects packed 3 bits per lane.
    Dpp8(u32),
    RowMask(u8),
    BankMask(u8),
    BoundCtrl(bool),
    Fi(bool),
    Offset(i128),
    Offset0(i128),
    Offset1(i128),
    Gds,
    Glc,
    Slc,
    Dlc,
    Offen,
    Idxen,
    Tfe,
}

impl ModKind {
    /// Whether this is a DPP modifier (its presence selects a DPP encoding).
    pub fn is_dpp(&self) -> bool {
        matches!(
            self,
            ModKind::DppCtrl(_)
                | ModKind::Dpp8(_)
                | ModKind::RowMask(_)
                | ModKind::BankMask(_)
                | ModKind::BoundCtrl(_)
                | ModKind::Fi(_)
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(super) struct Mod {
    pub kind: ModKind,
    pub col: usize,
}

const NAMES: &[&str] = &[
    "clamp",
    "mul",
    "div",
    "op_sel",
    "op_sel_hi",
    "neg_lo",
    "neg_hi",
    "quad_perm",
    "row_shl",
    "row_shr",
    "row_ror",
    "row_mirror",
    "row_half_mirror",
    "row_share",
    "row_xmask",
    "row_mask",
    "bank_mask",
    "bound_ctrl",
    "fi",
    "dpp8",
    "offset",
    "offset0",
    "offset1",
    "gds",
    "glc",
    "slc",
    "dlc",
    "offen",
    "idxen",
    "tfe",
];

/// Whether the cursor is at a modifier name.
pub(super) fn at_modifier(cur: &Cursor) -> bool {
    cur.ident().is_some_and(|n| NAMES.contains(&n))
}

/// Parses modifiers to the end of the statement (separated by spaces or commas).
pub(super) fn parse_all(cur: &mut Cursor) -> Result<Vec<Mod>, Fail> {
    let mut mods = Vec::new();
    while !cur.at_end() {
        if !mods.is_empty() {
            cur.eat(",");
        }
        let col = cur.col();
        if !at_modifier(cur) {
            return Err((col, "not a valid operand.".into()));
        }
        let kind = parse_one(cur)?;
        // One of each kind: a second would silently replace the first in the encoding.
        if let Some(first) = mods.iter().find(|m: &&Mod| same_field(&m.kind, &kind)) {
            let what = if matches!(kind, ModKind::DppCtrl(_) | ModKind::Dpp8(_)) {
                "a second DPP lane control"
            } else {
                "a modifier given twice"
            };
            return Err((
                col,
                format!("{what} (the first is at column {})", first.col),
            ));
        }
        mods.push(Mod { kind, col });
    }
    Ok(mods)
}

/// Whether two modifiers set the same field of the encoding (the DPP lane controls,
/// `quad_perm`, `row_*` and `dpp8`, all set the lane selection).
fn same_field(a: &ModKind, b: &ModKind) -> bool {
    let lanes = |k: &ModKind| matches!(k, ModKind::DppCtrl(_) | ModKind::Dpp8(_));
    (lanes(a) && lanes(b)) || std::mem::discriminant(a) == std::mem::discriminant(b)
}

fn value(cur: &mut Cursor) -> Result<(usize, i128), Fail> {
    cur.expect(":")?;
    let col = cur.col();
    Ok((col, cur.expr(&no_symbols)?))
}

fn ranged(cur: &mut Cursor, lo: i128, hi: i128, what: &str) -> Result<i128, Fail> {
    let (col, v) = value(cur)?;
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err((col, format!("invalid {what}: expected {lo}..={hi}")))
    }
}

/// `[a, b, ...]` of values in `0..=max`, `min..=max_len` of them.
fn list(cur: &mut Cursor, max: i128, lens: (usize, usize), what: &str) -> Result<Vec<u8>, Fail> {
    cur.expect(":")?;
    let col = cur.col();
    cur.expect("[")?;
    let mut out = Vec::new();
    loop {
        let c = cur.col();
        let v = cur.expr(&no_symbols)?;
        if !(0..=max).contains(&v) {
            return Err((c, format!("invalid {what} value")));
        }
        out.push(v as u8);
        if !cur.eat(",") {
            break;
        }
    }
    cur.expect("]")?;
    if !(lens.0..=lens.1).contains(&out.len()) {
        return Err((
            col,
            format!("expected {}..={} {what} values", lens.0, lens.1),
        ));
    }
    Ok(out)
}

fn parse_one(cur: &mut Cursor) -> Result<ModKind, Fail> {
    let name = cur.ident().unwrap_or_default().to_string();
    let col = cur.col();
    cur.pos += 1;
    Ok(match name.as_str() {
        "clamp" => ModKind::Clamp,
        "mul" | "div" => {
            let (c, v) = value(cur)?;
            ModKind::Omod(match (name.as_str(), v) {
                (_, 1) => 0,
                ("mul", 2) => 1,
                ("mul", 4) => 2,
                ("div", 2) => 3,
                _ => {
                    return Err((
                        c,
                        "invalid output modifier: expected mul:2, mul:4 or div:2".into(),
                    ))
                }
            })
        }
        "op_sel" => ModKind::OpSel(list(cur, 1, (1, 4), "op_sel")?),
        "op_sel_hi" => ModKind::OpSelHi(list(cur, 1, (1, 3), "op_sel_hi")?),
        "neg_lo" => ModKind::NegLo(list(cur, 1, (1, 3), "neg_lo")?),
        "neg_hi" => ModKind::NegHi(list(cur, 1, (1, 3), "neg_hi")?),
        "quad_perm" => {
            let lanes = list(cur, 3, (4, 4), "quad_perm")?;
            ModKind::DppCtrl(
                lanes
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| u16::from(l) << (2 * i))
                    .sum(),
            )
        }
        "row_shl" | "row_shr" | "row_ror" => {
            let base = match name.as_str() {
                "row_shl" => 0x100,
                "row_shr" => 0x110,
                _ => 0x120,
            };
            ModKind::DppCtrl(base + ranged(cur, 1, 15, &name)? as u16)
        }
        "row_mirror" => ModKind::DppCtrl(0x140),
        "row_half_mirror" => ModKind::DppCtrl(0x141),
        "row_share" => ModKind::DppCtrl(0x150 + ranged(cur, 0, 15, "row_share")? as u16),
        "row_xmask" => ModKind::DppCtrl(0x160 + ranged(cur, 0, 15, "row_xmask")? as u16),
        "row_mask" => ModKind::RowMask(ranged(cur, 0, 15, "row_mask")? as u8),
        "bank_mask" => ModKind::BankMask(ranged(cur, 0, 15, "bank_mask")? as u8),
        // LLVM 19 sets BOUND_CTRL only for `bound_ctrl:1` on gfx11.
        "bound_ctrl" => ModKind::BoundCtrl(ranged(cur, 0, 1, "bound_ctrl")? == 1),
        "fi" => ModKind::Fi(ranged(cur, 0, 1, "fi")? == 1),
        "dpp8" => {
            let lanes = list(cur, 7, (8, 8), "dpp8")?;
            ModKind::Dpp8(
                lanes
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| u32::from(l) << (3 * i))
                    .sum(),
            )
        }
        "offset" => {
            cur.expect(":")?;
            if call(cur, "swizzle") {
                ModKind::Offset(i128::from(swizzle(cur)?))
            } else {
                ModKind::Offset(cur.expr(&no_symbols)?)
            }
        }
        "offset0" => ModKind::Offset0(value(cur)?.1),
        "offset1" => ModKind::Offset1(value(cur)?.1),
        "gds" => ModKind::Gds,
        "glc" => ModKind::Glc,
        "slc" => ModKind::Slc,
        "dlc" => ModKind::Dlc,
        "offen" => ModKind::Offen,
        "idxen" => ModKind::Idxen,
        "tfe" => ModKind::Tfe,
        _ => return Err((col, "not a valid operand.".into())),
    })
}

/// `swizzle(MODE, ...)` of `ds_swizzle_b32` (after `swizzle(`): the 16-bit pattern.
fn swizzle(cur: &mut Cursor) -> Result<u16, Fail> {
    let col = cur.col();
    let mode = cur.ident().unwrap_or_default().to_string();
    cur.pos += 1;
    let arg = |cur: &mut Cursor, lo: i128, hi: i128| -> Result<u16, Fail> {
        cur.expect(",")?;
        let c = cur.col();
        let v = cur.expr(&no_symbols)?;
        if (lo..=hi).contains(&v) {
            Ok(v as u16)
        } else {
            Err((c, format!("swizzle argument must be in {lo}..={hi}")))
        }
    };
    // BITMASK_PERM form: and, or, xor masks of 5 bits.
    let bitmask = |and: u16, or: u16, xor: u16| and | (or << 5) | (xor << 10);
    let value = match mode.as_str() {
        "QUAD_PERM" => {
            let mut v = 0x8000;
            for i in 0..4 {
                v |= arg(cur, 0, 3)? << (2 * i);
            }
            v
        }
        "BITMASK_PERM" => {
            cur.expect(",")?;
            let c = cur.col();
            let Some(Tok::Str(text)) = cur.peek().cloned() else {
                return Err((c, "expected a 5-character mask".into()));
            };
            cur.pos += 1;
            if text.len() != 5 {
                return Err((c, "expected a 5-character mask".into()));
            }
            let (mut and, mut or, mut xor) = (0, 0, 0);
            for (i, ch) in text.chars().enumerate() {
                let bit = 1 << (4 - i);
                match ch {
                    '0' => {}
                    '1' => or |= bit,
                    'p' => and |= bit,
                    'i' => {
                        and |= bit;
                        xor |= bit;
                    }
                    _ => return Err((c, "invalid mask character".into())),
                }
            }
            bitmask(and, or, xor)
        }
        "BROADCAST" => {
            let group = arg(cur, 2, 32)?;
            if !group.is_power_of_two() {
                return Err((col, "group size must be a power of two".into()));
            }
            let lane = arg(cur, 0, i128::from(group) - 1)?;
            bitmask(0x1f & !(group - 1), lane, 0)
        }
        "SWAP" => {
            let n = arg(cur, 1, 16)?;
            if !n.is_power_of_two() {
                return Err((col, "group size must be a power of two".into()));
            }
            bitmask(0x1f, 0, n)
        }
        "REVERSE" => {
            let n = arg(cur, 2, 32)?;
            if !n.is_power_of_two() {
                return Err((col, "group size must be a power of two".into()));
            }
            bitmask(0x1f, 0, n - 1)
        }
        _ => return Err((col, "expected a swizzle mode".into())),
    };
    cur.expect(")")?;
    Ok(value)
}
