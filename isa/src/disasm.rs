//! Disassembler for the scalar formats, printing exactly the instruction text llvm-objdump 19
//! prints for `--mcpu=gfx1100` (the part between the leading tab and the `//` comment).
//!
//! What is deliberately not reproduced: llvm-objdump's address/hex-bytes comment
//! (`// 000000000010: BFB00000`), its `<.text+0x..>` branch-target annotation and its
//! `; Warning: ... scalar reg isn't aligned` notes. [`Line`] carries the address and the
//! words instead; `cu32 disasm` prints them in its own columns. Branch targets are printed
//! as llvm-objdump prints them: the raw SIMM16 field as an unsigned number.
//!
//! Words that do not decode (unknown opcodes, operand codes the register class does not
//! allow, a literal cut off by the end of the buffer) become `.long 0x........` lines of one
//! word each, as in llvm-objdump.

use crate::encoding::{decode, Instr};
use crate::operand::{self, register_name, SRC_LITERAL};
use crate::syntax::{self, hwreg, sendmsg, version};
use crate::table::{Accept, Arg, ArgKind, Format};

/// One disassembled line: byte address, the words it covers, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub addr: u32,
    pub words: Vec<u32>,
    pub text: String,
}

/// Disassembles a whole buffer of instruction words, starting at address 0.
pub fn disassemble(words: &[u32]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let addr = (i * 4) as u32;
        let decoded = decode(&words[i..])
            .ok()
            .and_then(|instr| instr_text(&instr).map(|t| (instr.len_words(), t)));
        let (len, text) = decoded.unwrap_or_else(|| (1, long_text(words[i])));
        lines.push(Line {
            addr,
            words: words[i..i + len].to_vec(),
            text,
        });
        i += len;
    }
    lines
}

/// The LLVM text of one decoded instruction (`pc` is its byte address; branch targets are
/// printed as raw offsets, so it does not change the text). An instruction whose operand
/// codes llvm-objdump refuses prints as `.long` of its first word.
pub fn disasm_instr(instr: &Instr, _pc: u32) -> String {
    instr_text(instr).unwrap_or_else(|| long_text(instr.encode()[0]))
}

fn long_text(word: u32) -> String {
    format!(".long 0x{word:08x}")
}

/// The text, or `None` when an operand code is not valid for its operand.
fn instr_text(instr: &Instr) -> Option<String> {
    if syntax::NOT_IN_LLVM_GFX1100.contains(&instr.op.name.as_str()) {
        return None;
    }
    // Operand-less SOPP opcodes decode only with a zero SIMM16.
    if instr.op.format == Format::Sopp && instr.op.args.is_empty() && instr.simm16 != 0 {
        return None;
    }
    let mut parts = Vec::new();
    for &arg in &instr.op.args {
        if let Some(text) = arg_text(instr, arg)? {
            parts.push(text);
        }
    }
    Some(if parts.is_empty() {
        instr.op.name.clone()
    } else {
        format!("{} {}", instr.op.name, parts.join(", "))
    })
}

/// `Some(None)`: valid but printed as nothing (`s_endpgm` with a zero field).
fn arg_text(instr: &Instr, arg: Arg) -> Option<Option<String>> {
    let imm = instr.simm16;
    let text = match arg.kind {
        ArgKind::Sdst => dst_name(instr.sdst, arg.bits)?,
        ArgKind::Sreg => dst_name(instr.sdst, 32)?,
        ArgKind::Ssrc0 => src_text(instr.ssrc0, arg, instr.literal)?,
        ArgKind::Ssrc1 => src_text(instr.ssrc1, arg, instr.literal)?,
        ArgKind::Simm16 => format!("0x{imm:x}"),
        ArgKind::Uimm16 => small_dec_or_hex(imm),
        ArgKind::Label => imm.to_string(),
        ArgKind::OptImm16 if imm == 0 => return Some(None),
        ArgKind::OptImm16 => imm.to_string(),
        ArgKind::Hwreg => hwreg_text(imm),
        ArgKind::Waitcnt => waitcnt_text(imm),
        ArgKind::Sendmsg => sendmsg_text(imm),
        ArgKind::MsgRtn => sendmsg_text(u16::from(instr.ssrc0)),
        ArgKind::DelayAlu => delay_alu_text(imm),
        ArgKind::Version => version_text(imm),
        ArgKind::Imm32 => literal32_text(instr.literal?),
    };
    Some(Some(text))
}

/// Decimal up to 64, hexadecimal above (LLVM's 16-bit immediate style).
fn small_dec_or_hex(v: u16) -> String {
    if v <= 64 {
        v.to_string()
    } else {
        format!("0x{v:x}")
    }
}

/// Register name of a destination code; 64-bit pairs starting at an odd SGPR or TTMP are
/// printed aligned down, as llvm-objdump does (with a warning we do not reproduce).
fn dst_name(code: u8, bits: u8) -> Option<String> {
    let code = if bits == 64 && (code < operand::NUM_SGPRS || (108..=123).contains(&code)) {
        code & !1
    } else {
        code
    };
    register_name(code, bits)
}

/// Text of a source operand code (register, inline constant, special source or literal).
fn src_text(code: u8, arg: Arg, literal: Option<u32>) -> Option<String> {
    let wide = arg.bits == 64;
    if operand::is_register(code) {
        return dst_name(code, arg.bits);
    }
    if let Some(name) = syntax::special_source_name(code) {
        return Some(name.to_string());
    }
    let text = match code {
        254 if !wide => {
            return Some(
                "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/".into(),
            )
        }
        SRC_LITERAL if wide => literal64_text(literal?),
        SRC_LITERAL => literal32_text(literal?),
        _ => inline_text(code, arg.bits)?,
    };
    Some(if arg.accept == Accept::Registers {
        format!("{text}/*Invalid immediate*/")
    } else {
        text
    })
}

/// Text of an inline constant code (128..=208 integers, 240..=248 floats).
fn inline_text(code: u8, bits: u8) -> Option<String> {
    match code {
        128..=208 => {
            let v = operand::inline_constant(code, 64)? as i64;
            Some(v.to_string())
        }
        248 if bits == 64 => Some("0.15915494309189532".into()),
        248 => Some("0.15915494".into()),
        240..=247 => {
            let v = f64::from_bits(operand::inline_constant(code, 64)?);
            Some(format!("{v:.1}"))
        }
        _ => None,
    }
}

/// A 32-bit literal: values that equal an inline constant print as that constant.
fn literal32_text(v: u32) -> String {
    let signed = v as i32;
    if (-16..=64).contains(&signed) {
        return signed.to_string();
    }
    (240..=248u8)
        .find(|&c| operand::inline_constant(c, 32) == Some(u64::from(v)))
        .and_then(|c| inline_text(c, 32))
        .unwrap_or_else(|| format!("0x{v:x}"))
}

/// A literal of a 64-bit operand: the dword is zero-extended for printing.
fn literal64_text(v: u32) -> String {
    if v <= 64 {
        v.to_string()
    } else {
        format!("0x{v:x}")
    }
}

fn hwreg_text(imm: u16) -> String {
    let (id, offset, size) = hwreg::decode(imm);
    let name = hwreg::name(id).map_or_else(|| id.to_string(), str::to_string);
    if offset == 0 && size == 32 {
        format!("hwreg({name})")
    } else {
        format!("hwreg({name}, {offset}, {size})")
    }
}

fn sendmsg_text(imm: u16) -> String {
    let id = imm & 0xff;
    match sendmsg::name(id) {
        Some(name) => format!("sendmsg({name})"),
        None if imm == id => format!("sendmsg({id}, 0, 0)"),
        None => imm.to_string(),
    }
}

fn field(v: u16, shift: u32, width: u32) -> u16 {
    (v >> shift) & ((1 << width) - 1)
}

fn waitcnt_text(imm: u16) -> String {
    let values: Vec<(&str, u16, bool)> = syntax::WAITCNT_FIELDS
        .iter()
        .map(|&(name, shift, width)| {
            let v = field(imm, shift, width);
            (name, v, v == (1 << width) - 1)
        })
        .collect();
    let all_default = values.iter().all(|&(_, _, d)| d);
    values
        .iter()
        .filter(|&&(_, _, d)| all_default || !d)
        .map(|(name, v, _)| format!("{name}({v})"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn delay_alu_text(imm: u16) -> String {
    let parts: Vec<String> = syntax::DELAY_ALU_FIELDS
        .iter()
        .filter_map(|&(name, shift, width, names)| {
            let v = usize::from(field(imm, shift, width));
            let value = match names.get(v) {
                _ if v == 0 => return None,
                Some(n) => *n,
                None if name == "instskip" => "/* invalid instskip value */",
                None => "/* invalid instid value */",
            };
            Some(format!("{name}({value})"))
        })
        .collect();
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" | ")
    }
}

/// `s_version`: symbolic when only the version byte and the flag bits are set; flags are
/// OR-ed on left to right, with the parentheses LLVM's expression printer adds.
fn version_text(imm: u16) -> String {
    let flag_bits: u16 = version::FLAGS.iter().map(|(b, _)| b).sum();
    if imm & !(version::VERSION_MASK | flag_bits) != 0 {
        return format!("0x{imm:x}");
    }
    let number = imm & version::VERSION_MASK;
    let mut text = version::NAMES
        .iter()
        .find(|(v, _)| *v == number)
        .map_or_else(|| number.to_string(), |(_, n)| n.to_string());
    let mut first = true;
    for (bit, name) in version::FLAGS {
        if imm & bit != 0 {
            text = if first {
                format!("{text}|{name}")
            } else {
                format!("({text})|{name}")
            };
            first = false;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(words: &[u32]) -> String {
        disassemble(words)[0].text.clone()
    }

    #[test]
    fn known_words() {
        assert_eq!(text(&[0x8000_0201]), "s_add_u32 s0, s1, s2");
        assert_eq!(text(&[0xbe80_00ff, 0x3f80_0000]), "s_mov_b32 s0, 1.0");
        assert_eq!(
            text(&[0xbe80_01ff, 0xffff_fff0]),
            "s_mov_b64 s[0:1], 0xfffffff0"
        );
        assert_eq!(text(&[0xbf89_0007]), "s_waitcnt vmcnt(0) lgkmcnt(0)");
        assert_eq!(
            text(&[0xbf87_0091]),
            "s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)"
        );
        assert_eq!(
            text(&[0xb080_c006]),
            "s_version (UC_VERSION_GFX11|UC_VERSION_W32_BIT)|UC_VERSION_MDP_BIT"
        );
        assert_eq!(text(&[0xbfa0_fffe]), "s_branch 65534");
        assert_eq!(text(&[0xbe80_00d1]), ".long 0xbe8000d1");
        // Literal cut off by the end of the buffer.
        assert_eq!(text(&[0xbe80_00ff]), ".long 0xbe8000ff");
    }
}
