//! Assembler for the scalar formats in LLVM gfx11 syntax, byte-exact with
//! `llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100` on the programs it accepts.
//!
//! Source: one statement per line; `;` and `//` start comments, `/* */` comments may span
//! lines. A line may start with labels (`name:`). Mnemonics are case-insensitive,
//! register names are not (as in llvm-mc).
//!
//! Operands follow llvm-mc's rules, including its quirks:
//! - integers are absolute expressions (`+ - * / % << >> & | ^ ~ !`, parentheses, decimal,
//!   `0x`, `0b`, `0`-octal and `'c'` literals); a 32-bit operand takes any value that fits
//!   in 32 bits signed or unsigned, a 64-bit operand any value whose 64-bit pattern is an
//!   inline constant or fits in 32 bits (the literal dword);
//! - a value equal to an inline constant is encoded inline, also when written as an integer
//!   bit pattern (`0x3f800000` on a 32-bit operand becomes `1.0`);
//! - floats are rounded to f32 for 32-bit operands (out of range: error); on 64-bit operands
//!   only floats that are inline constants are accepted;
//! - two literals in one instruction must have the same value;
//! - 16-bit fields: SOPK immediates, hex-printed SOPP immediates, `s_version` and branch
//!   offsets take -32768..=65535; the decimal SOPP immediates (`s_nop`, ...), raw
//!   `s_waitcnt` and raw `s_delay_alu` values are truncated to 16 bits, as llvm-mc does.
//!
//! Deliberate differences from llvm-mc: `scc` as a destination is an error (llvm-mc silently
//! encodes m0), a float operand of `s_setreg_imm32_b32` is encoded as its f32 bits (llvm-mc encodes 0,
//! so its own disassembly of such a literal does not reassemble),
//! `src_scc` is refused where only registers are accepted, and legacy mnemonics
//! (`s_andn2_b32`, ...) are not accepted.
//!
//! Directives: `.text` and `.p2align N` (padded with `s_nop 0`, as llvm-mc does in code),
//! `.long`/`.word` (raw dwords, which is also how the disassembler prints words it cannot
//! decode); metadata directives (`.amdgcn_target`, `.amdhsa_code_object_version`, `.globl`,
//! `.global`, `.type`, `.size`, `.file`, `.ident`, ...) are accepted and ignored; any other
//! directive is an error.

use crate::encoding::Instr;
use crate::operand::{self, EXEC_LO, M0, NULL, SRC_LITERAL, TTMP0, VCC_LO};
use crate::syntax::{self, hwreg, sendmsg, version};
use crate::table::{tables, Accept, Arg, ArgKind, OpInfo};
use std::collections::HashMap;

/// An assembled program: its words and, for each instruction (and `.long` word), the byte
/// address and 1-based source line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub words: Vec<u32>,
    pub lines: Vec<SourceLine>,
}

/// Where an instruction came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceLine {
    pub addr: u32,
    pub line: usize,
}

/// An assembly error at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{col}: {message}")]
pub struct AsmError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// An error before the file name is known: column and message (the line is the
/// statement's).
type Fail = (usize, String);

/// Assembles `source`; `file` names it in errors.
pub fn assemble(source: &str, file: &str) -> Result<Program, AsmError> {
    let text = blank_comments(source);
    let mut asm = Assembler::default();
    for (i, line) in text.lines().enumerate() {
        asm.statement(line, i + 1)
            .map_err(|(col, message)| AsmError {
                file: file.to_string(),
                line: i + 1,
                col,
                message,
            })?;
    }
    asm.finish(file)
}

/// Replaces comments with spaces, keeping newlines and columns (strings are left intact).
fn blank_comments(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let (mut i, mut in_str, mut in_block, mut in_line) = (0, false, false, false);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            in_line = false;
            in_str = false;
            out.push(c);
        } else if in_line {
            out.push(' ');
        } else if in_block {
            if c == '*' && next == Some('/') {
                in_block = false;
                out.push_str("  ");
                i += 1;
            } else {
                out.push(' ');
            }
        } else if in_str {
            if c == '"' {
                in_str = false;
            }
            out.push(c);
        } else if c == ';' || (c == '/' && next == Some('/')) {
            in_line = true;
            out.push(' ');
        } else if c == '/' && next == Some('*') {
            in_block = true;
            out.push_str("  ");
            i += 1;
        } else {
            in_str = c == '"';
            out.push(c);
        }
        i += 1;
    }
    out
}

/// A branch whose label is resolved once every label is known.
struct Fixup {
    word: usize,
    label: String,
    line: usize,
    col: usize,
}

#[derive(Default)]
struct Assembler {
    program: Program,
    labels: HashMap<String, u32>,
    fixups: Vec<Fixup>,
}

/// Directives accepted and ignored (object-file metadata with no effect on raw code).
const IGNORED_DIRECTIVES: &[&str] = &[
    ".amdgcn_target",
    ".amdhsa_code_object_version",
    ".globl",
    ".global",
    ".local",
    ".weak",
    ".hidden",
    ".protected",
    ".type",
    ".size",
    ".file",
    ".ident",
];

impl Assembler {
    fn addr(&self) -> u32 {
        (self.program.words.len() * 4) as u32
    }

    fn statement(&mut self, line: &str, lineno: usize) -> Result<(), Fail> {
        let toks = lex(line)?;
        let mut pos = 0;
        // Leading labels.
        while let (Some(Tok::Ident(name)), Some(Tok::Punct(":"))) = (
            toks.get(pos).map(|t| &t.tok),
            toks.get(pos + 1).map(|t| &t.tok),
        ) {
            if self.labels.insert(name.clone(), self.addr()).is_some() {
                return Err((toks[pos].col, format!("label `{name}` is defined twice")));
            }
            pos += 2;
        }
        let Some(first) = toks.get(pos) else {
            return Ok(());
        };
        let Tok::Ident(word) = &first.tok else {
            return Err((first.col, "expected a mnemonic, directive or label".into()));
        };
        let mut cur = Cursor {
            toks: &toks[pos + 1..],
            pos: 0,
            end_col: line.chars().count() + 1,
        };
        if word.starts_with('.') {
            return self.directive(word, first.col, &mut cur, lineno);
        }
        let Some(op) = tables().by_name(&word.to_ascii_lowercase()) else {
            return Err((first.col, format!("invalid instruction `{word}`")));
        };
        if syntax::NOT_IN_LLVM_GFX1100.contains(&op.name.as_str()) {
            return Err((
                first.col,
                format!("`{}` is not supported on gfx1100 by LLVM 19", op.name),
            ));
        }
        let instr = parse_instr(
            op,
            &mut cur,
            first.col,
            lineno,
            &mut self.fixups,
            self.program.words.len(),
        )?;
        self.program.lines.push(SourceLine {
            addr: self.addr(),
            line: lineno,
        });
        self.program.words.extend(instr.encode());
        Ok(())
    }

    fn directive(
        &mut self,
        name: &str,
        col: usize,
        cur: &mut Cursor,
        lineno: usize,
    ) -> Result<(), Fail> {
        match name {
            ".text" => cur.expect_end(),
            ".p2align" => {
                let c = cur.col();
                let n = cur.expr(&no_symbols)?;
                if !(0..=16).contains(&n) {
                    return Err((c, "alignment must be 0..=16".into()));
                }
                // An optional fill value and maximum are not supported.
                cur.expect_end()?;
                while !self.addr().is_multiple_of(1 << n) {
                    // llvm-mc pads code with `s_nop 0`.
                    self.program.words.push(0xbf80_0000);
                }
                Ok(())
            }
            ".long" | ".word" => loop {
                let c = cur.col();
                let v = cur.expr(&no_symbols)?;
                let word = fit32(v).ok_or((c, "value does not fit in 32 bits".to_string()))?;
                self.program.lines.push(SourceLine {
                    addr: self.addr(),
                    line: lineno,
                });
                self.program.words.push(word);
                if !cur.eat(",") {
                    return cur.expect_end();
                }
            },
            _ if IGNORED_DIRECTIVES.contains(&name) => Ok(()),
            _ => Err((col, format!("unsupported directive `{name}`"))),
        }
    }

    fn finish(mut self, file: &str) -> Result<Program, AsmError> {
        for f in &self.fixups {
            let fail = |message: String| AsmError {
                file: file.to_string(),
                line: f.line,
                col: f.col,
                message,
            };
            let target = *self
                .labels
                .get(&f.label)
                .ok_or_else(|| fail(format!("undefined label `{}`", f.label)))?;
            let next = (f.word as i64 + 1) * 4;
            let offset = (i64::from(target) - next) / 4;
            if !(-32768..=32767).contains(&offset) {
                return Err(fail(format!(
                    "branch to `{}` is out of range ({offset} dwords; allowed -32768..=32767)",
                    f.label
                )));
            }
            self.program.words[f.word] =
                (self.program.words[f.word] & 0xffff_0000) | u32::from(offset as i16 as u16);
        }
        Ok(self.program)
    }
}

// ---------------------------------------------------------------------------------------
// Tokens

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(u64),
    Float(f64),
    Punct(&'static str),
    Str,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    col: usize,
}

const PUNCTS: &[&str] = &[
    "<<", ">>", "&&", "||", "==", "!=", "<=", ">=", ",", ":", "(", ")", "[", "]", "+", "-", "*",
    "/", "%", "&", "|", "^", "~", "!", "<", ">", "=",
];

fn lex(line: &str) -> Result<Vec<Token>, Fail> {
    let chars: Vec<char> = line.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let starts_number =
            c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit));
        if starts_number {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                // An exponent sign belongs to the number.
                if matches!(chars[i], 'e' | 'E')
                    && !chars[start..i].iter().any(|c| matches!(c, 'x' | 'X'))
                    && matches!(chars.get(i + 1), Some('+' | '-'))
                {
                    i += 1;
                }
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            toks.push(Token {
                tok: number(&text).ok_or((col, format!("invalid number `{text}`")))?,
                col,
            });
        } else if c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '$') {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || "_.$".contains(chars[i]))
            {
                i += 1;
            }
            toks.push(Token {
                tok: Tok::Ident(chars[start..i].iter().collect()),
                col,
            });
        } else if c == '\'' {
            // Character literal 'c'.
            match (chars.get(i + 1), chars.get(i + 2)) {
                (Some(&ch), Some('\'')) => {
                    toks.push(Token {
                        tok: Tok::Int(u64::from(u32::from(ch))),
                        col,
                    });
                    i += 3;
                }
                _ => return Err((col, "invalid character literal".into())),
            }
        } else if c == '"' {
            let end = chars[i + 1..].iter().position(|&c| c == '"');
            let end = end.ok_or((col, "unterminated string".to_string()))?;
            toks.push(Token { tok: Tok::Str, col });
            i += end + 2;
        } else {
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let p = PUNCTS
                .iter()
                .find(|p| rest.starts_with(**p))
                .ok_or((col, format!("unexpected character `{c}`")))?;
            toks.push(Token {
                tok: Tok::Punct(p),
                col,
            });
            i += p.len();
        }
    }
    Ok(toks)
}

/// Integer (decimal, `0x`, `0b`, leading-`0` octal) or float token text.
fn number(text: &str) -> Option<Tok> {
    let lower = text.to_ascii_lowercase();
    let int = |digits: &str, radix| u64::from_str_radix(digits, radix).ok().map(Tok::Int);
    if let Some(hex) = lower.strip_prefix("0x") {
        return int(hex, 16);
    }
    if let Some(bin) = lower.strip_prefix("0b") {
        return int(bin, 2);
    }
    if lower.contains(['.', 'e']) {
        return lower.parse::<f64>().ok().map(Tok::Float);
    }
    if lower.len() > 1 && lower.starts_with('0') {
        return int(&lower[1..], 8);
    }
    int(&lower, 10)
}

// ---------------------------------------------------------------------------------------
// Operand cursor and expressions

struct Cursor<'a> {
    toks: &'a [Token],
    pos: usize,
    end_col: usize,
}

fn no_symbols(_: &str) -> Option<i128> {
    None
}

fn version_symbols(name: &str) -> Option<i128> {
    version::symbol(name).map(i128::from)
}

/// Binary operators by precedence level, lowest first.
const BINARY: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!=", "<", "<=", ">", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl Cursor<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    fn peek2(&self) -> Option<&Tok> {
        self.toks.get(self.pos + 1).map(|t| &t.tok)
    }

    /// Column of the current token (or just past the end of the line).
    fn col(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_col, |t| t.col)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    fn is_punct(&self, p: &str) -> bool {
        self.peek() == Some(&Tok::Punct(punct(p)))
    }

    fn eat(&mut self, p: &str) -> bool {
        let hit = self.is_punct(p);
        self.pos += usize::from(hit);
        hit
    }

    fn expect(&mut self, p: &str) -> Result<(), Fail> {
        if self.eat(p) {
            Ok(())
        } else {
            Err((self.col(), format!("expected `{p}`")))
        }
    }

    fn expect_end(&self) -> Result<(), Fail> {
        if self.at_end() {
            Ok(())
        } else {
            Err((self.col(), "unexpected text after the operands".into()))
        }
    }

    fn ident(&self) -> Option<&str> {
        match self.peek() {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }

    /// An absolute integer expression.
    fn expr(&mut self, symbols: &dyn Fn(&str) -> Option<i128>) -> Result<i128, Fail> {
        self.binary(0, symbols)
    }

    fn binary(
        &mut self,
        level: usize,
        symbols: &dyn Fn(&str) -> Option<i128>,
    ) -> Result<i128, Fail> {
        let Some(ops) = BINARY.get(level) else {
            return self.unary(symbols);
        };
        let mut lhs = self.binary(level + 1, symbols)?;
        loop {
            let Some(&Tok::Punct(p)) = self.peek() else {
                return Ok(lhs);
            };
            if !ops.contains(&p) {
                return Ok(lhs);
            }
            let col = self.col();
            self.pos += 1;
            let rhs = self.binary(level + 1, symbols)?;
            let overflow = || (col, "integer overflow in expression".to_string());
            lhs = match p {
                "||" => i128::from(lhs != 0 || rhs != 0),
                "&&" => i128::from(lhs != 0 && rhs != 0),
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => i128::from(lhs == rhs),
                "!=" => i128::from(lhs != rhs),
                "<" => i128::from(lhs < rhs),
                "<=" => i128::from(lhs <= rhs),
                ">" => i128::from(lhs > rhs),
                ">=" => i128::from(lhs >= rhs),
                "<<" => u32::try_from(rhs)
                    .ok()
                    .filter(|&s| s < 64)
                    .and_then(|s| lhs.checked_shl(s))
                    .ok_or_else(overflow)?,
                ">>" => u32::try_from(rhs)
                    .ok()
                    .filter(|&s| s < 64)
                    .map(|s| lhs >> s)
                    .ok_or_else(overflow)?,
                "+" => lhs.checked_add(rhs).ok_or_else(overflow)?,
                "-" => lhs.checked_sub(rhs).ok_or_else(overflow)?,
                "*" => lhs.checked_mul(rhs).ok_or_else(overflow)?,
                _ if rhs == 0 => return Err((col, "division by zero".into())),
                "/" => lhs / rhs,
                _ => lhs % rhs,
            };
            if lhs.unsigned_abs() > u128::from(u64::MAX) {
                return Err(overflow());
            }
        }
    }

    fn unary(&mut self, symbols: &dyn Fn(&str) -> Option<i128>) -> Result<i128, Fail> {
        let col = self.col();
        let Some(tok) = self.peek().cloned() else {
            return Err((col, "expected an integer expression".into()));
        };
        self.pos += 1;
        match tok {
            Tok::Int(v) => Ok(i128::from(v)),
            Tok::Punct("-") => Ok(-self.unary(symbols)?),
            Tok::Punct("+") => self.unary(symbols),
            Tok::Punct("~") => Ok(!self.unary(symbols)?),
            Tok::Punct("!") => Ok(i128::from(self.unary(symbols)? == 0)),
            Tok::Punct("(") => {
                let v = self.expr(symbols)?;
                self.expect(")")?;
                Ok(v)
            }
            Tok::Ident(name) => symbols(&name).ok_or((col, format!("unknown symbol `{name}`"))),
            Tok::Float(_) => Err((col, "expected an integer, not a float".into())),
            _ => Err((col, "expected an integer expression".into())),
        }
    }
}

/// The `&'static str` of a punctuator (so tokens compare by value).
fn punct(p: &str) -> &'static str {
    PUNCTS.iter().find(|q| **q == p).copied().unwrap_or("")
}

/// A value that fits in 32 bits, signed or unsigned, as its dword.
fn fit32(v: i128) -> Option<u32> {
    (i128::from(i32::MIN)..=i128::from(u32::MAX))
        .contains(&v)
        .then_some(v as u32)
}

/// The f32 bits of a float, unless it is beyond the f32 range.
fn fit_f32(f: f64) -> Option<u32> {
    (!f.is_finite() || f.abs() <= f64::from(f32::MAX)).then_some((f as f32).to_bits())
}

/// A value that fits in 64 bits, signed or unsigned, as its 64-bit pattern.
fn fit64(v: i128) -> Option<u64> {
    (i128::from(i64::MIN)..=i128::from(u64::MAX))
        .contains(&v)
        .then_some(v as u64)
}

/// A 16-bit field that llvm-mc range-checks: -32768..=65535.
fn fit16(v: i128) -> Option<u16> {
    (-32768..=65535).contains(&v).then_some(v as u16)
}

// ---------------------------------------------------------------------------------------
// Instructions

const BAD_OPERAND: &str = "invalid operand for instruction";

/// Scalar operand forms before they are fitted to an operand.
enum Scalar {
    /// A register: first code and number of dwords (0 for `null`, which fits any width).
    Reg {
        code: u8,
        count: u8,
    },
    /// `src_scc`, `src_shared_base`, ...
    Special(u8),
    Int(i128),
    Float(f64),
}

fn parse_instr(
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
    let (base, limit) = if name.starts_with("ttmp") {
        (TTMP0, 16u32)
    } else if name.starts_with('s') {
        (0, u32::from(operand::NUM_SGPRS))
    } else {
        return Ok(None);
    };
    let prefix = if base == TTMP0 { "ttmp" } else { "s" };
    let digits = &name[prefix.len()..];
    let out_of_range = || (col, "register index is out of range".to_string());
    let (first, last) = if digits.is_empty() && cur.peek2() == Some(&Tok::Punct("[")) {
        cur.pos += 2;
        let index = |cur: &mut Cursor| match cur.peek() {
            Some(&Tok::Int(v)) => {
                cur.pos += 1;
                Ok(v)
            }
            _ => Err((cur.col(), "expected a register index".to_string())),
        };
        let first = index(cur)?;
        let last = if cur.eat(":") { index(cur)? } else { first };
        cur.expect("]")?;
        if last < first {
            return Err((
                col,
                "first register index should not exceed second index".into(),
            ));
        }
        (first, last)
    } else if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        cur.pos += 1;
        let n = digits.parse::<u64>().map_err(|_| out_of_range())?;
        (n, n)
    } else {
        return Ok(None);
    };
    if last >= u64::from(limit) {
        return Err(out_of_range());
    }
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
        Scalar::Special(_) if arg.accept == Accept::Registers => return Err(bad()),
        Scalar::Special(code) => return Ok(code),
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

// ---------------------------------------------------------------------------------------
// Symbolic 16-bit operands

/// Parses `name(` and returns the column of what follows, if the cursor is at `name(`.
fn call(cur: &mut Cursor, name: &str) -> bool {
    if cur.ident() == Some(name) && cur.peek2() == Some(&Tok::Punct("(")) {
        cur.pos += 2;
        true
    } else {
        false
    }
}

fn parse_hwreg(cur: &mut Cursor) -> Result<u16, Fail> {
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
                format!("invalid hardware register `{name}`: not supported on this GPU"),
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

fn parse_sendmsg(cur: &mut Cursor, max: u16) -> Result<u16, Fail> {
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
    if let Some(name) = cur.ident().filter(|n| n.starts_with("MSG_")) {
        let id = sendmsg::id(name).ok_or((col, format!("invalid message id `{name}`")))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn words(src: &str) -> Vec<u32> {
        assemble(src, "t.s").unwrap().words
    }

    #[test]
    fn basics() {
        assert_eq!(words("s_add_u32 s0, s1, s2"), [0x8000_0201]);
        assert_eq!(words("s_mov_b32 s0, 0x3f800000"), [0xbe80_00f2]);
        assert_eq!(
            words("s_mov_b32 s0, 0x12345678"),
            [0xbe80_00ff, 0x1234_5678]
        );
        assert_eq!(words("s_mov_b64 s[0:1], -17"), [0xbe80_01ff, 0xffff_ffef]);
        assert_eq!(words("l: s_branch l"), [0xbfa0_ffff]);
        assert_eq!(words("s_waitcnt vmcnt(0) lgkmcnt(0)"), [0xbf89_0007]);
        assert_eq!(words("s_endpgm\n.p2align 3\n").len(), 2);
    }
}
