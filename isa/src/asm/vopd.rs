//! Dual-issue VOPD pairs `x :: y`: each half fitted to its VOPD_X / VOPD_Y row, one shared
//! literal, at most two scalar values across the pair, and the register bank rules as
//! llvm-mc 19 enforces them: destinations of opposite parity; VGPR sources in the same
//! component slot in different banks (src0 and src1: bank = register mod 4; src2: register
//! mod 2), with its messages at the Y operand (at the X operand when Y's src2 is its own
//! destination). The slots are LLVM's: `v_dual_fmamk_f32 vdst, src0, K, vsrc1` has K as
//! src1 and its VGPR as src2, `v_dual_fmaak_f32` K as src2, and the accumulating
//! `v_dual_fmac_f32` / `v_dual_dot2acc_*` read their destination as src2.

use super::lex::{Fail, Tok, Token};
use super::operand::{fold, kimm, Base, Const, Operand, BAD_OPERAND};
use super::valu::{set_literal, ty_of};
use super::{cursor, operands_and_modifiers};
use crate::encoding::Instr;
use crate::operand::{NULL, SRC_LITERAL, VCC_LO};
use crate::table::{tables, ArgKind, Format, OpInfo};
use crate::Mn;

/// One fitted half: its row, the VGPR of each component slot (dst, src0, src1, src2) and
/// its encoded source codes.
struct Half {
    op: &'static OpInfo,
    vdst: u8,
    src0: u16,
    vsrc1: u16,
    /// VGPR index per slot for the bank check, with the operand's column.
    vgprs: [Option<(u16, usize)>; 4],
}

/// The bits of a VGPR index that name its bank, per source slot (src0, src1, src2), as
/// llvm-mc 19 checks them.
const BANK_MASKS: [u16; 3] = [3, 3, 1];

/// Whether VOPD operation `op` reads its destination as src2.
fn accumulates(op: &OpInfo) -> bool {
    matches!(
        op.mn,
        Mn::v_dual_fmac_f32 | Mn::v_dual_dot2acc_f32_f16 | Mn::v_dual_dot2acc_f32_bf16
    )
}

/// Assembles `x_first x_rest :: y...` (`y` starts at the `::` token).
pub(super) fn parse(
    x_first: &Token,
    x_rest: &[Token],
    y: &[Token],
    end_col: usize,
) -> Result<Instr, Fail> {
    let x_name = match &x_first.tok {
        Tok::Ident(n) => n.to_ascii_lowercase(),
        _ => return Err((x_first.col, "expected a mnemonic".into())),
    };
    let Some(Token {
        tok: Tok::Ident(y_name),
        col: y_col,
    }) = y.get(1)
    else {
        return Err((
            y.first().map_or(end_col, |t| t.col),
            "expected a VOPD Y instruction after `::`".into(),
        ));
    };
    let row = |name: &str, format: Format, col: usize| {
        tables()
            .by_name(name)
            .into_iter()
            .find(|r| r.format == format && r.llvm)
            .ok_or((col, "invalid instruction".to_string()))
    };
    let x_op = row(&x_name, Format::VopdX, x_first.col)?;
    let y_op = row(&y_name.to_ascii_lowercase(), Format::VopdY, *y_col)?;
    let mut literal = None;
    let mut scalars: Vec<u8> = Vec::new();
    let x = half(
        x_op,
        x_rest,
        end_col,
        x_first.col,
        &mut literal,
        &mut scalars,
    )?;
    let y = half(y_op, &y[2..], end_col, *y_col, &mut literal, &mut scalars)?;
    if x.vdst & 1 == y.vdst & 1 {
        return Err((
            y.vgprs[0].map_or(*y_col, |v| v.1),
            "one dst register must be even and the other odd".into(),
        ));
    }
    for (slot, mask) in (1..4).zip(BANK_MASKS) {
        if let (Some((a, x_col)), Some((b, y_col))) = (x.vgprs[slot], y.vgprs[slot]) {
            if a & mask == b & mask {
                let tied = slot == 3 && accumulates(y.op);
                return Err((
                    if tied { x_col } else { y_col },
                    format!("src{} operands must use different VGPR banks", slot - 1),
                ));
            }
        }
    }
    let mut instr = Instr::new(x.op);
    instr.op_y = Some(y.op);
    (instr.vdst, instr.src0, instr.src1) = (x.vdst, x.src0, x.vsrc1);
    (instr.vdst_y, instr.src0_y, instr.src1_y) = (y.vdst, y.src0, y.vsrc1);
    instr.literal = literal;
    Ok(instr)
}

/// Fits one half's operands to its row, sharing the literal and the scalar reads.
fn half(
    op: &'static OpInfo,
    toks: &[Token],
    end_col: usize,
    col: usize,
    literal: &mut Option<u32>,
    scalars: &mut Vec<u8>,
) -> Result<Half, Fail> {
    let mut cur = cursor(toks, end_col);
    let (ops, mods) = operands_and_modifiers(&mut cur)?;
    if let Some(m) = mods.first() {
        return Err((m.col, BAD_OPERAND.into()));
    }
    if ops.len() < op.args.len() {
        return Err((col, "too few operands for instruction".into()));
    }
    if let Some(extra) = ops.get(op.args.len()) {
        return Err((extra.col, BAD_OPERAND.into()));
    }
    let mut h = Half {
        op,
        vdst: 0,
        src0: 0,
        vsrc1: 0,
        vgprs: [None; 4],
    };
    // A VGPR operand after the literal (`v_dual_fmamk_f32`) is LLVM's src2.
    let mut after_k = false;
    for (arg, o) in op.args.iter().zip(&ops) {
        let bad = || (o.col, BAD_OPERAND.to_string());
        if o.has_mods() {
            return Err(bad());
        }
        match (arg.kind, o.base) {
            (
                ArgKind::Vdst,
                Base::Vreg {
                    index,
                    count: 1,
                    half: None,
                },
            ) => {
                h.vdst = index as u8;
                h.vgprs[0] = Some((index, o.col));
            }
            (
                ArgKind::Vsrc1,
                Base::Vreg {
                    index,
                    count: 1,
                    half: None,
                },
            ) => {
                h.vsrc1 = 256 + index;
                h.vgprs[if after_k { 3 } else { 2 }] = Some((index, o.col));
            }
            (
                ArgKind::Src0,
                Base::Vreg {
                    index,
                    count: 1,
                    half: None,
                },
            ) => {
                h.src0 = 256 + index;
                h.vgprs[1] = Some((index, o.col));
            }
            (ArgKind::Src0, Base::Sreg { code, count }) if count <= 1 => {
                h.src0 = u16::from(code);
                scalar_read(scalars, code, o)?;
            }
            (ArgKind::Src0, Base::Special(code)) => h.src0 = u16::from(code),
            (ArgKind::Src0, Base::Int(_) | Base::Float(_)) => {
                h.src0 = match fold(o.base, ty_of(arg.ty), (false, false))
                    .map_err(|m| (o.col, m.to_string()))?
                {
                    Const::Inline(code) => u16::from(code),
                    Const::Literal(dword) => {
                        set_literal(literal, dword, o.col)?;
                        u16::from(SRC_LITERAL)
                    }
                };
            }
            (ArgKind::Imm32, _) => {
                let k = kimm(o.base, ty_of(arg.ty)).map_err(|m| (o.col, m.to_string()))?;
                set_literal(literal, k, o.col)?;
                after_k = true;
            }
            _ => return Err(bad()),
        }
    }
    if accumulates(op) {
        h.vgprs[3] = h.vgprs[0];
    }
    // `v_dual_cndmask_b32` reads VCC implicitly.
    if op.name == "v_dual_cndmask_b32" {
        scalar_read(scalars, VCC_LO, ops.last().unwrap_or(&ops[0]))?;
    }
    if literal.is_some() && scalars.len() >= 2 {
        return Err((
            ops.last().map_or(col, |o| o.col),
            "invalid operand (violates constant bus restrictions)".into(),
        ));
    }
    Ok(h)
}

/// Records a scalar register read; a pair reads at most two distinct scalar values.
fn scalar_read(scalars: &mut Vec<u8>, code: u8, o: &Operand) -> Result<(), Fail> {
    if code == NULL || scalars.contains(&code) {
        return Ok(());
    }
    scalars.push(code);
    if scalars.len() > 2 {
        return Err((
            o.col,
            "invalid operand (violates constant bus restrictions)".into(),
        ));
    }
    Ok(())
}
