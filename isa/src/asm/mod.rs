//! Assembler for gfx1100 in LLVM's syntax, byte-exact with
//! `llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100` on the programs it accepts.
//!
//! Source: one statement per line; `;` and `//` start comments, `/* */` comments may span
//! lines. A line may start with labels (`name:`). Mnemonics are case-insensitive, register
//! names are not (as in llvm-mc). Mnemonics may carry the encoding suffixes `_e32`, `_e64`,
//! `_dpp` and `_e64_dpp`; without one the encoding is chosen as llvm-mc chooses it (the
//! 32-bit form when the operands and modifiers fit it, else VOP3; DPP when a DPP control is
//! given). The legacy names llvm-mc accepts (`s_load_dwordx2`, `v_add_u32`, ...) are
//! mapped to the table names through `isa/tables/aliases.yaml` ([`crate::alias`]).
//!
//! Submodules: [`lex`] (tokens, expressions), [`operand`] (register and constant operands,
//! inline-constant folding), [`modifiers`] (trailing modifiers: `clamp`, `op_sel`, DPP
//! controls, memory flags and offsets), [`scalar`] (SOP formats and their symbolic
//! operands), [`valu`] (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P and their DPP forms),
//! [`vopd`] (dual issue), [`memory`] (SMEM, DS, FLAT, GLOBAL, SCRATCH, MUBUF).
//!
//! Deliberate differences from llvm-mc: `scc` as a destination is an error (llvm-mc silently
//! encodes m0), a float operand of `s_setreg_imm32_b32` is encoded as its f32 bits (llvm-mc
//! encodes 0), modifiers are
//! accepted in any order (llvm-mc wants DPP masks before `bound_ctrl`), and opcodes that
//! LLVM 19 knows only in true16 syntax (`v10.l`) are not accepted.
//!
//! Directives: `.text` / `.section` (only the `.text` section's bytes are the program;
//! data in other sections is skipped), `.p2align N[, fill]` (code padded with `s_nop 0`, as
//! llvm-mc does), `.p2alignl N, word`, `.fill count, size, value`, `.long`/`.word` (raw
//! dwords, which is also how the disassembler prints words it cannot decode). Blocks
//! `.amdhsa_kernel ... .end_amdhsa_kernel` and `.amdgpu_metadata ... .end_amdgpu_metadata`
//! (kernel descriptor and metadata, which live outside `.text`) are skipped; symbol and
//! file metadata (`.globl`, `.type`, `.size`, `.amdgcn_target`, ...) are accepted and
//! ignored. A symbol reference such as `sym@rel32@lo+4` in a scalar literal is encoded as
//! 0, as in the relocatable object. Any other directive is an error.

mod lex;
mod memory;
mod modifiers;
mod operand;
mod scalar;
mod valu;
mod vopd;

use crate::alias;
use crate::encoding::Instr;
use crate::table::{tables, Format, OpInfo};
use lex::{blank_comments, fit32, lex, no_symbols, Cursor, Fail, Tok, Token};
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

/// Assembles `source`; `file` names it in errors.
pub fn assemble(source: &str, file: &str) -> Result<Program, AsmError> {
    let text = blank_comments(source);
    let mut asm = Assembler {
        in_text: true,
        ..Assembler::default()
    };
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

/// A branch whose label is resolved once every label is known.
struct Fixup {
    word: usize,
    label: String,
    line: usize,
    col: usize,
}

/// How a mnemonic suffix forces the encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Forced {
    None,
    E32,
    E64,
    Dpp,
    E64Dpp,
}

#[derive(Default)]
struct Assembler {
    program: Program,
    labels: HashMap<String, u32>,
    fixups: Vec<Fixup>,
    /// Whether statements go to `.text` (other sections' data is skipped).
    in_text: bool,
    /// The block being skipped: its opening and closing directives (`.amdhsa_kernel`,
    /// `.end_amdhsa_kernel`, ...) and the line and column where it opened.
    skip_until: Option<(&'static str, &'static str, usize, usize)>,
}

/// Directives accepted and ignored (object-file metadata with no effect on the code).
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
    ".addrsig",
    ".addrsig_sym",
];

/// Blocks skipped as a whole: opening directive and closing directive.
const SKIPPED_BLOCKS: &[(&str, &str)] = &[
    (".amdhsa_kernel", ".end_amdhsa_kernel"),
    (".amdgpu_metadata", ".end_amdgpu_metadata"),
];

/// `s_nop 0`, llvm-mc's padding in code sections.
const S_NOP_0: u32 = 0xbf80_0000;

impl Assembler {
    fn addr(&self) -> u32 {
        (self.program.words.len() * 4) as u32
    }

    fn statement(&mut self, line: &str, lineno: usize) -> Result<(), Fail> {
        if let Some((_, end, _, _)) = self.skip_until {
            if line.split_whitespace().next() == Some(end) {
                self.skip_until = None;
            }
            return Ok(());
        }
        let toks = lex(line)?;
        let mut pos = 0;
        // Leading labels.
        while let (Some(Tok::Ident(name)), Some(Tok::Punct(":"))) = (
            toks.get(pos).map(|t| &t.tok),
            toks.get(pos + 1).map(|t| &t.tok),
        ) {
            if self.labels.insert(name.clone(), self.addr()).is_some() {
                return Err((
                    toks[pos].col,
                    format!("label `{}` is defined twice", crate::shown(name)),
                ));
            }
            pos += 2;
        }
        let Some(first) = toks.get(pos) else {
            return Ok(());
        };
        let Tok::Ident(word) = &first.tok else {
            return Err((first.col, "expected a mnemonic, directive or label".into()));
        };
        let end_col = line.chars().count() + 1;
        if word.starts_with('.') {
            let mut cur = Cursor {
                toks: &toks[pos + 1..],
                pos: 0,
                end_col,
                in_bars: false,
            };
            return self.directive(word, first.col, &mut cur, lineno);
        }
        if !self.in_text {
            return Err((first.col, "instructions are only assembled in .text".into()));
        }
        let rest = &toks[pos + 1..];
        let instr = match rest.iter().position(|t| t.tok == Tok::Punct("::")) {
            Some(split) => vopd::parse(first, &rest[..split], &rest[split..], end_col)?,
            None => {
                let mut cur = Cursor {
                    toks: rest,
                    pos: 0,
                    end_col,
                    in_bars: false,
                };
                self.instruction(word, first.col, &mut cur, lineno)?
            }
        };
        self.program.lines.push(SourceLine {
            addr: self.addr(),
            line: lineno,
        });
        self.program.words.extend(instr.encode());
        Ok(())
    }

    fn instruction(
        &mut self,
        word: &str,
        col: usize,
        cur: &mut Cursor,
        lineno: usize,
    ) -> Result<Instr, Fail> {
        let (rows, forced) = resolve(word)
            .ok_or_else(|| (col, format!("invalid instruction `{}`", crate::shown(word))))?;
        let op = rows[0];
        if !op.llvm {
            return Err((
                col,
                format!("`{}` is not supported on gfx1100 by LLVM 19", op.name),
            ));
        }
        let scalar = matches!(
            op.format,
            Format::Sop1 | Format::Sop2 | Format::Sopk | Format::Sopc | Format::Sopp
        );
        if forced != Forced::None && !op.format.is_valu() {
            return Err((col, format!("invalid instruction `{}`", crate::shown(word))));
        }
        match op.format {
            _ if scalar => scalar::parse_instr(
                op,
                cur,
                col,
                lineno,
                &mut self.fixups,
                self.program.words.len(),
            ),
            Format::VopdX | Format::VopdY => Err((
                col,
                format!("`{}` is a dual-issue half: write `x :: y`", op.name),
            )),
            f if f.is_valu() => valu::parse(&rows, forced, col, cur),
            _ => memory::parse(op, col, cur),
        }
    }

    fn directive(
        &mut self,
        name: &str,
        col: usize,
        cur: &mut Cursor,
        lineno: usize,
    ) -> Result<(), Fail> {
        if let Some(&(open, end)) = SKIPPED_BLOCKS.iter().find(|(open, _)| *open == name) {
            self.skip_until = Some((open, end, lineno, col));
            return Ok(());
        }
        match name {
            ".text" => {
                self.in_text = true;
                cur.expect_end()
            }
            ".section" => {
                // `.section NAME[, "flags"[, @type]]`: code only in `.text*`.
                self.in_text = cur.ident().is_some_and(|n| n.starts_with(".text"));
                Ok(())
            }
            ".data" | ".rodata" | ".bss" => {
                self.in_text = false;
                Ok(())
            }
            _ if !self.in_text => Ok(()),
            ".p2align" | ".p2alignl" => {
                let c = cur.col();
                let n = cur.expr(&no_symbols)?;
                if !(0..=16).contains(&n) {
                    return Err((c, "alignment must be 0..=16".into()));
                }
                let fill = if cur.eat(",") {
                    let c = cur.col();
                    let v = cur.expr(&no_symbols)?;
                    let v = fit32(v).ok_or((c, "value does not fit in 32 bits".to_string()))?;
                    Some(if name == ".p2align" {
                        (v & 0xff) * 0x0101_0101
                    } else {
                        v
                    })
                } else {
                    None
                };
                cur.expect_end()?;
                while !self.addr().is_multiple_of(1 << n) {
                    self.program.words.push(fill.unwrap_or(S_NOP_0));
                }
                Ok(())
            }
            ".fill" => {
                let c = cur.col();
                let count = cur.expr(&no_symbols)?;
                let (mut size, mut value) = (1, 0);
                if cur.eat(",") {
                    size = cur.expr(&no_symbols)?;
                    if cur.eat(",") {
                        value = cur.expr(&no_symbols)?;
                    }
                }
                cur.expect_end()?;
                if size != 4 || !(0..=1 << 20).contains(&count) {
                    return Err((
                        c,
                        "only `.fill count, 4, value` is supported in code".into(),
                    ));
                }
                let word = fit32(value).ok_or((c, "value does not fit in 32 bits".to_string()))?;
                for _ in 0..count {
                    self.program.words.push(word);
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
            _ => Err((
                col,
                format!("unsupported directive `{}`", crate::shown(name)),
            )),
        }
    }

    fn finish(mut self, file: &str) -> Result<Program, AsmError> {
        if let Some((open, end, line, col)) = self.skip_until {
            return Err(AsmError {
                file: file.to_string(),
                line,
                col,
                message: format!("`{open}` is not closed: no `{end}` before the end of the file"),
            });
        }
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
                .ok_or_else(|| fail(format!("undefined label `{}`", crate::shown(&f.label))))?;
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

/// The table rows of a mnemonic (suffix stripped, legacy name mapped) and the encoding its
/// suffix forces.
fn resolve(word: &str) -> Option<(Vec<&'static OpInfo>, Forced)> {
    let lower = word.to_ascii_lowercase();
    let suffixes = [
        ("", Forced::None),
        ("_e64_dpp", Forced::E64Dpp),
        ("_e32", Forced::E32),
        ("_e64", Forced::E64),
        ("_dpp", Forced::Dpp),
    ];
    suffixes.into_iter().find_map(|(suffix, forced)| {
        let base = lower.strip_suffix(suffix)?;
        let name = alias::canonical(base).unwrap_or(base);
        let rows = tables().by_name(name);
        (!rows.is_empty()).then_some((rows, forced))
    })
}

/// The operands of a statement: comma-separated operands, then modifiers.
fn operands_and_modifiers(
    cur: &mut Cursor,
) -> Result<(Vec<operand::Operand>, Vec<modifiers::Mod>), Fail> {
    let mut ops = Vec::new();
    while !cur.at_end() && !modifiers::at_modifier(cur) {
        if !ops.is_empty() {
            cur.expect(",")?;
        }
        ops.push(operand::parse(cur)?);
        if !cur.is_punct(",") && !cur.at_end() && !modifiers::at_modifier(cur) {
            return Err((cur.col(), operand::BAD_OPERAND.into()));
        }
    }
    let mods = modifiers::parse_all(cur)?;
    Ok((ops, mods))
}

/// The tokens of one half of a VOPD pair, as a cursor.
fn cursor(toks: &[Token], end_col: usize) -> Cursor<'_> {
    Cursor {
        toks,
        pos: 0,
        end_col,
        in_bars: false,
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

    #[test]
    fn vector_and_memory() {
        // Encodings from llvm-mc 19 -show-encoding.
        assert_eq!(words("v_mov_b32 v0, v1"), [0x7e00_0301]);
        assert_eq!(words("v_add_f32 v1, v2, s3"), [0xd503_0001, 0x0000_0702]);
        assert_eq!(
            words("v_cmpx_eq_f32_e64 v1, v2"),
            [0xd492_007e, 0x0002_0501]
        );
        assert_eq!(
            words("v_add_f32 v0, -v1, |v2| quad_perm:[1,0,3,2]"),
            [0x0600_04fa, 0xff90_b101]
        );
        assert_eq!(
            words("global_load_b32 v1, v2, s[2:3] offset:-16 glc slc dlc"),
            [0xdc52_fff0, 0x0102_0002]
        );
        assert_eq!(
            words("v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v5"),
            [0xc8c8_0501, 0x0002_0b04]
        );
    }
}
