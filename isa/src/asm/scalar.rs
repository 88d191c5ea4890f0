//! The scalar formats (SOP1, SOP2, SOPK, SOPC, SOPP): operands fitted to a row in order,
//! with llvm-mc's rules for 32/64-bit constants, 16-bit immediates and labels, and the
//! symbolic operands `hwreg(...)`, `sendmsg(...)`, `s_waitcnt` counters and
//! `s_delay_alu` fields.

use super::lex::{fit16, fit32, fit64, fit_f32, no_symbols, Cursor, Fail, Tok};
use super::Fixup;
use crate::encoding::Instr;
use crate::operand::{self, EXEC_LO, M0, NULL, SRC_LITERAL, SRC_SCC, TTMP0, VCC_LO};
use crate::syntax::{self, depctr, hwreg, sendmsg, version};
use crate::table::{Accept, Arg, ArgKind, OpInfo};

fn version_symbols(name: &str) -> Option<i128> {
    version::symbol(name).map(i128::from)
}

use super::operand::{register_range, BAD_OPERAND};

/// Scalar operand forms before they are fitted to an operand.
enum Scalar {
    /// A register: first code and number of dwords (0 for `null`, which fits any width).
    Reg {
        code: u8,
        count: u8,
    },
    /// `src_scc`, `src_shared_base`, ...
    Special(u8),
    /// A symbol reference (`sym@rel32@lo+4`): a literal whose value the linker supplies
    /// (encoded as 0, as the RELA relocation leaves it in the object).
    Reloc,
    Int(i128),
    Float(f64),
}

pub(super) fn parse_instr(
    op: &'static OpInfo,
    cur: &mut Cursor,
    mnemonic_col: usize,
    line: usize,
    fixups: &mut Vec<Fixup>,
    word_index: usize,
) -> Result<Instr, Fail> {
    let mut instr = Instr::new(op);
    for (i, &arg) in op.args.iter().enumerate() {
        if arg.kind == ArgKind::OptImm16 && cur.at_end() {
            break;
        }
        if cur.at_end() {
            return Err((mnemonic_col, "too few operands for instruction".into()));
        }
        if i > 0 {
            cur.expect(",")?;
        }
        let col = cur.col();
        match arg.kind {
            ArgKind::Sdst => instr.sdst = dst_code(cur, arg)?,
            ArgKind::Sreg => instr.sdst = dst_code(cur, arg)?,
            ArgKind::Ssrc0 => instr.ssrc0 = src_code(cur, arg, &mut instr.literal)?,
            ArgKind::Ssrc1 => instr.ssrc1 = src_code(cur, arg, &mut instr.literal)?,
            ArgKind::Simm16 => {
                let v = cur.expr(&no_symbols)?;
                if arg.accept == Accept::Unsigned && v < 0 {
                    return Err((col, BAD_OPERAND.into()));
                }
                instr.simm16 = fit16(v).ok_or((col, BAD_OPERAND.into()))?
            }
            ArgKind::Version => {
                instr.simm16 =
                    fit16(cur.expr(&version_symbols)?).ok_or((col, BAD_OPERAND.into()))?
            }
            ArgKind::Uimm16 => instr.simm16 = truncated16(cur)?,
            ArgKind::OptImm16 => {
                instr.simm16 = fit16(cur.expr(&no_symbols)?)
                    .ok_or((col, "expected a 16-bit value".to_string()))?
            }
            ArgKind::Label => {
                instr.simm16 = label(cur, line, fixups, word_index)?;
            }
            ArgKind::Hwreg => instr.simm16 = parse_hwreg(cur)?,
            ArgKind::Waitcnt => instr.simm16 = parse_waitcnt(cur)?,
            ArgKind::DelayAlu => instr.simm16 = parse_delay_alu(cur)?,
            ArgKind::Depctr => instr.simm16 = parse_depctr(cur)?,
            ArgKind::Sendmsg => instr.simm16 = parse_sendmsg(cur, 0xffff)?,
            ArgKind::MsgRtn => instr.ssrc0 = parse_sendmsg(cur, 0xff)? as u8,
            ArgKind::Imm32 => {
                let dword = match scalar(cur)? {
                    Scalar::Int(v) => fit32(v),
                    Scalar::Float(f) => fit_f32(f),
                    _ => None,
                };
                instr.literal = Some(dword.ok_or((col, BAD_OPERAND.to_string()))?);
            }
            _ => {
                return Err((
                    mnemonic_col,
                    format!("`{}` is not a scalar-format opcode", op.name),
                ))
            }
        }
    }
    if !cur.at_end() {
        // An extra operand is reported at the operand, as llvm-mc does.
        cur.eat(",");
        return Err((cur.col(), BAD_OPERAND.into()));
    }
    Ok(instr)
}

/// A 16-bit immediate that llvm-mc truncates (any value that fits in 64 bits).
fn truncated16(cur: &mut Cursor) -> Result<u16, Fail> {
    let col = cur.col();
    let v = cur.expr(&no_symbols)?;
    fit64(v)
        .map(|v| v as u16)
        .ok_or((col, "value does not fit in 64 bits".into()))
}

fn label(
    cur: &mut Cursor,
    line: usize,
    fixups: &mut Vec<Fixup>,
    word_index: usize,
) -> Result<u16, Fail> {
    let col = cur.col();
    if let Some(name) = cur.ident() {
        fixups.push(Fixup {
            word: word_index,
            label: name.to_string(),
            line,
            col,
        });
        cur.pos += 1;
        return Ok(0);
    }
    fit16(cur.expr(&no_symbols)?).ok_or((col, "expected a 16-bit signed jump offset".into()))
}

/// Parses a register, special source, integer or float operand.
fn scalar(cur: &mut Cursor) -> Result<Scalar, Fail> {
    let col = cur.col();
    if let Some(name) = cur.ident().map(str::to_string) {
        if let Some(reg) = register(cur, &name, col)? {
            return Ok(reg);
        }
        if let Some(code) = syntax::special_source(&name) {
            cur.pos += 1;
            return Ok(Scalar::Special(code));
        }
        if name.contains('@') {
            cur.pos += 1;
            // An addend (`+4`) belongs to the relocation.
            if cur.is_punct("+") || cur.is_punct("-") {
                cur.pos += 1;
                cur.expr(&no_symbols)?;
            }
            return Ok(Scalar::Reloc);
        }
        let message = match name.as_str() {
            "vccz" | "execz" | "src_vccz" | "src_execz" => {
                "execz and vccz are not supported on this GPU"
            }
            "pops_exiting_wave_id" | "src_pops_exiting_wave_id" => {
                "register not available on this GPU"
            }
            _ => BAD_OPERAND,
        };
        return Err((col, message.into()));
    }
    // A float, possibly negated.
    let neg = cur.is_punct("-");
    if let Some(Tok::Float(f)) = if neg { cur.peek2() } else { cur.peek() } {
        let f = if neg { -f } else { *f };
        cur.pos += 1 + usize::from(neg);
        return Ok(Scalar::Float(f));
    }
    match cur.peek() {
        Some(Tok::Int(_) | Tok::Punct("-" | "+" | "~" | "!" | "(")) => {
            Ok(Scalar::Int(cur.expr(&no_symbols)?))
        }
        _ => Err((col, BAD_OPERAND.into())),
    }
}

/// A register at the cursor (`s5`, `s[4:5]`, `ttmp3`, `vcc`, ...), or `None` if the
/// identifier is not a register name.
fn register(cur: &mut Cursor, name: &str, col: usize) -> Result<Option<Scalar>, Fail> {
    let named = match name {
        "vcc" => Some((VCC_LO, 2)),
        "vcc_lo" => Some((VCC_LO, 1)),
        "vcc_hi" => Some((VCC_LO + 1, 1)),
        "exec" => Some((EXEC_LO, 2)),
        "exec_lo" => Some((EXEC_LO, 1)),
        "exec_hi" => Some((EXEC_LO + 1, 1)),
        "m0" => Some((M0, 1)),
        "null" => Some((NULL, 0)),
        _ => None,
    };
    if let Some((code, count)) = named {
        cur.pos += 1;
        return Ok(Some(Scalar::Reg { code, count }));
    }
    if name.starts_with('v') {
        return Ok(None);
    }
    let Some((prefix, first, last)) = register_range(cur, name, col)? else {
        return Ok(None);
    };
    let base = if prefix == "ttmp" { TTMP0 } else { 0 };
    let count = last - first + 1;
    if count > 2 {
        return Err((col, BAD_OPERAND.into()));
    }
    if count == 2 && first % 2 != 0 {
        return Err((col, "invalid register alignment".into()));
    }
    Ok(Some(Scalar::Reg {
        code: base + first as u8,
        count: count as u8,
    }))
}

fn width_ok(count: u8, bits: u8) -> bool {
    count == 0 || u32::from(count) * 32 == u32::from(bits)
}

/// A destination (SDST field): registers only.
fn dst_code(cur: &mut Cursor, arg: Arg) -> Result<u8, Fail> {
    let col = cur.col();
    let bits = if arg.kind == ArgKind::Sreg {
        32
    } else {
        arg.bits
    };
    match scalar(cur)? {
        Scalar::Reg { code, count } if width_ok(count, bits) && valid_reg(code, bits) => {
            if arg.accept == Accept::Null && code != NULL {
                return Err((col, "src0 must be null".into()));
            }
            Ok(code)
        }
        Scalar::Special(operand::SRC_SCC) => Err((
            col,
            "scc is not a destination (llvm-mc would silently write m0)".into(),
        )),
        _ => Err((col, BAD_OPERAND.into())),
    }
}

/// Registers a 64-bit operand cannot name: m0 and the high halves of vcc/exec.
fn valid_reg(code: u8, bits: u8) -> bool {
    bits == 32 || !matches!(code, M0 | 107 | 127)
}

/// A source (SSRC field): register, special source, inline constant or literal.
fn src_code(cur: &mut Cursor, arg: Arg, literal: &mut Option<u32>) -> Result<u8, Fail> {
    let col = cur.col();
    let bad = || (col, BAD_OPERAND.to_string());
    let parsed = scalar(cur)?;
    let is_float = matches!(parsed, Scalar::Float(_));
    let value = match parsed {
        Scalar::Reg { code, count } if width_ok(count, arg.bits) && valid_reg(code, arg.bits) => {
            return Ok(code)
        }
        Scalar::Reg { .. } => return Err(bad()),
        // llvm-mc 19 takes `src_scc` (and no other special source) as a 32-bit register.
        Scalar::Special(code)
            if arg.accept == Accept::Registers && arg.bits == 32 && code == SRC_SCC =>
        {
            return Ok(code)
        }
        Scalar::Special(_) if arg.accept == Accept::Registers => return Err(bad()),
        Scalar::Special(code) => return Ok(code),
        Scalar::Reloc => return set_literal(literal, 0, col),
        _ if arg.accept == Accept::Registers => return Err(bad()),
        Scalar::Int(v) if arg.bits == 64 => fit64(v).ok_or_else(bad)?,
        Scalar::Int(v) => u64::from(fit32(v).ok_or_else(bad)?),
        Scalar::Float(f) if arg.bits == 64 => f.to_bits(),
        Scalar::Float(f) => u64::from(fit_f32(f).ok_or_else(bad)?),
    };
    if let Some(code) = inline_code(value, arg.bits) {
        return Ok(code);
    }
    // Not inline: a literal dword (64-bit operands: only values that fit in 32 bits, and
    // never floats).
    let dword = if arg.bits == 64 {
        let signed = value as i64;
        if is_float || !(i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&signed) {
            return Err(bad());
        }
        signed as u32
    } else {
        value as u32
    };
    set_literal(literal, dword, col)
}

/// Records the instruction's literal dword; a second, different literal is an error.
fn set_literal(literal: &mut Option<u32>, dword: u32, col: usize) -> Result<u8, Fail> {
    match literal {
        Some(prev) if *prev != dword => {
            Err((col, "only one unique literal operand is allowed".into()))
        }
        _ => {
            *literal = Some(dword);
            Ok(SRC_LITERAL)
        }
    }
}

/// The inline constant code of a value of an operand of `bits` width, if there is one.
fn inline_code(value: u64, bits: u8) -> Option<u8> {
    (128..=208)
        .chain(240..=248)
        .find(|&c| operand::inline_constant(c, bits) == Some(value))
}

use super::operand::call;

pub(super) fn parse_hwreg(cur: &mut Cursor) -> Result<u16, Fail> {
    if !call(cur, "hwreg") {
        let col = cur.col();
        return u16::try_from(cur.expr(&no_symbols)?).map_err(|_| {
            (
                col,
                "invalid immediate: only 16-bit values are legal".into(),
            )
        });
    }
    let col = cur.col();
    let id = match cur.ident() {
        Some(name) if name.starts_with("HW_REG_") => {
            let id = hwreg::id(name).ok_or((
                col,
                format!(
                    "invalid hardware register `{}`: not supported on this GPU",
                    crate::shown(name)
                ),
            ))?;
            cur.pos += 1;
            id
        }
        _ => u16::try_from(cur.expr(&no_symbols)?)
            .ok()
            .filter(|&v| v < 64)
            .ok_or((
                col,
                "invalid hardware register: only 6-bit values are legal".to_string(),
            ))?,
    };
    let (mut offset, mut size) = (0, 32);
    if cur.eat(",") {
        let col = cur.col();
        offset = u16::try_from(cur.expr(&no_symbols)?)
            .ok()
            .filter(|&v| v < 32)
            .ok_or((
                col,
                "invalid bit offset: only 5-bit values are legal".to_string(),
            ))?;
        cur.expect(",")?;
        let col = cur.col();
        size = u16::try_from(cur.expr(&no_symbols)?)
            .ok()
            .filter(|v| (1..=32).contains(v))
            .ok_or((
                col,
                "invalid bitfield width: only values from 1 to 32 are legal".to_string(),
            ))?;
    }
    cur.expect(")")?;
    Ok(hwreg::encode(id, offset, size))
}

pub(super) fn parse_sendmsg(cur: &mut Cursor, max: u16) -> Result<u16, Fail> {
    if !call(cur, "sendmsg") {
        let col = cur.col();
        return u16::try_from(cur.expr(&no_symbols)?)
            .ok()
            .filter(|&v| v <= max)
            .ok_or((
                col,
                format!(
                    "invalid immediate: only {}-bit values are legal",
                    max.count_ones()
                ),
            ));
    }
    let col = cur.col();
    if cur.ident() == Some(sendmsg::SYSMSG.1) {
        cur.pos += 1;
        return parse_sysmsg(cur, col, max);
    }
    if let Some(name) = cur.ident().filter(|n| n.starts_with("MSG_")) {
        let id = sendmsg::id(name)
            .ok_or((col, format!("invalid message id `{}`", crate::shown(name))))?;
        cur.pos += 1;
        if cur.is_punct(",") {
            return Err((cur.col() + 2, "message does not support operations".into()));
        }
        cur.expect(")")?;
        return Ok(id);
    }
    let id = u16::try_from(cur.expr(&no_symbols)?)
        .ok()
        .filter(|&v| v <= 0xff)
        .ok_or((col, "invalid message id".to_string()))?;
    let mut value = id;
    for (shift, what) in [
        (sendmsg::OP_SHIFT, "operation"),
        (sendmsg::STREAM_SHIFT, "stream"),
    ] {
        if cur.eat(",") {
            let col = cur.col();
            let v = u16::try_from(cur.expr(&no_symbols)?)
                .ok()
                .filter(|&v| v < 16)
                .ok_or((col, format!("invalid message {what} id")))?;
            value |= v << shift;
        }
    }
    cur.expect(")")?;
    if value > max {
        return Err((col, "invalid message id".into()));
    }
    Ok(value)
}

/// The rest of `sendmsg(MSG_SYSMSG, op)` after the message name at column `col`: the
/// operation by name or number ([`sendmsg::SYSMSG_OPS`]), no stream.
fn parse_sysmsg(cur: &mut Cursor, col: usize, max: u16) -> Result<u16, Fail> {
    if !cur.eat(",") {
        return Err((col, "missing message operation".into()));
    }
    let op_col = cur.col();
    let op = match cur.ident().filter(|n| n.starts_with("SYSMSG_OP_")) {
        Some(name) => {
            let op = sendmsg::SYSMSG_OPS
                .iter()
                .find(|(_, n)| *n == name)
                .map(|(op, _)| *op)
                .ok_or((op_col, format!("invalid operation `{name}` of MSG_SYSMSG")))?;
            cur.pos += 1;
            op
        }
        None => u16::try_from(cur.expr(&no_symbols)?)
            .ok()
            .filter(|op| sendmsg::SYSMSG_OPS.iter().any(|(o, _)| o == op))
            .ok_or((op_col, "invalid operation id".to_string()))?,
    };
    if cur.is_punct(",") {
        return Err((
            cur.col() + 2,
            "message operation does not support streams".into(),
        ));
    }
    cur.expect(")")?;
    let value = sendmsg::SYSMSG.0 | op << sendmsg::OP_SHIFT;
    if value > max {
        return Err((col, "invalid message id".into()));
    }
    Ok(value)
}

fn parse_waitcnt(cur: &mut Cursor) -> Result<u16, Fail> {
    let is_field = |cur: &Cursor| {
        cur.ident().is_some_and(|n| {
            let base = n.strip_suffix("_sat").unwrap_or(n);
            syntax::WAITCNT_FIELDS.iter().any(|f| f.0 == base)
        })
    };
    if !is_field(cur) {
        return truncated16(cur);
    }
    let mut value: u16 = syntax::WAITCNT_FIELDS
        .iter()
        .map(|&(_, shift, width)| ((1u16 << width) - 1) << shift)
        .sum();
    loop {
        let col = cur.col();
        let name = cur.ident().unwrap_or_default().to_string();
        if !is_field(cur) {
            return Err((col, "expected vmcnt, expcnt or lgkmcnt".into()));
        }
        let (base, sat) = match name.strip_suffix("_sat") {
            Some(b) => (b, true),
            None => (name.as_str(), false),
        };
        let (_, shift, width) = syntax::WAITCNT_FIELDS
            .iter()
            .copied()
            .find(|f| f.0 == base)
            .unwrap_or(syntax::WAITCNT_FIELDS[0]);
        cur.pos += 1;
        cur.expect("(")?;
        let vcol = cur.col();
        let v = cur.expr(&no_symbols)?;
        cur.expect(")")?;
        let max = (1i128 << width) - 1;
        let v = if sat { v.clamp(0, max) } else { v };
        if !(0..=max).contains(&v) {
            return Err((vcol, format!("too large value for {base}")));
        }
        let mask = (max as u16) << shift;
        value = (value & !mask) | ((v as u16) << shift);
        if cur.at_end() {
            return Ok(value);
        }
        if !cur.eat("&") {
            cur.eat(",");
        }
    }
}

/// `s_waitcnt_depctr`: a 16-bit value, or `name(value)` fields separated by spaces, `&` or
/// `,`; omitted fields are at their maximum, the unused bits zero (as llvm-mc encodes).
fn parse_depctr(cur: &mut Cursor) -> Result<u16, Fail> {
    if cur.ident().is_none() || cur.peek2() != Some(&Tok::Punct("(")) {
        let col = cur.col();
        return fit16(cur.expr(&no_symbols)?).ok_or((col, BAD_OPERAND.into()));
    }
    let mut value = depctr::all_max();
    let mut seen = Vec::new();
    loop {
        let col = cur.col();
        let name = cur.ident().unwrap_or_default().to_string();
        let &(_, shift, width) = depctr::FIELDS
            .iter()
            .find(|f| f.0 == name)
            .ok_or((col, format!("invalid counter name {name}")))?;
        if seen.contains(&shift) {
            return Err((col, format!("duplicate counter name {name}")));
        }
        seen.push(shift);
        cur.pos += 1;
        cur.expect("(")?;
        let v = cur.expr(&no_symbols)?;
        cur.expect(")")?;
        let max = (1i128 << width) - 1;
        if !(0..=max).contains(&v) {
            return Err((col, format!("invalid value for {name}")));
        }
        let mask = (max as u16) << shift;
        value = (value & !mask) | ((v as u16) << shift);
        if cur.at_end() {
            return Ok(value);
        }
        if !cur.eat("&") {
            cur.eat(",");
        }
    }
}

fn parse_delay_alu(cur: &mut Cursor) -> Result<u16, Fail> {
    let field_of = |name: &str| {
        syntax::DELAY_ALU_FIELDS
            .iter()
            .find(|f| f.0 == name)
            .copied()
    };
    if cur.ident().and_then(field_of).is_none() {
        return truncated16(cur);
    }
    let mut value = 0u16;
    loop {
        let col = cur.col();
        let (name, shift, _, names) = cur
            .ident()
            .and_then(field_of)
            .ok_or((col, "expected instid0, instskip or instid1".to_string()))?;
        cur.pos += 1;
        cur.expect("(")?;
        let vcol = cur.col();
        let v = cur
            .ident()
            .and_then(|n| names.iter().position(|x| x == &n))
            .ok_or((vcol, format!("invalid value name for {name}")))?;
        cur.pos += 1;
        cur.expect(")")?;
        value |= (v as u16) << shift;
        if cur.at_end() {
            return Ok(value);
        }
        if !cur.eat("|") {
            return Err((cur.col(), BAD_OPERAND.into()));
        }
    }
}
