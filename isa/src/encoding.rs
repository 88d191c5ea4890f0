//! Binary encoding of the scalar formats: field layout, decode of instruction words into
//! [`Instr`] and encode back. Field positions are chapter 15.1 of the RDNA3 reference.

use crate::operand::SRC_LITERAL;
use crate::table::{tables, ArgKind, Format, OpInfo};
use std::fmt;

/// One decoded instruction: its table row and raw field values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instr {
    pub op: &'static OpInfo,
    /// SDST field (7 bits); 0 where the format has none.
    pub sdst: u8,
    /// SSRC0 field (8 bits); 0 where the format has none.
    pub ssrc0: u8,
    /// SSRC1 field (8 bits); 0 where the format has none.
    pub ssrc1: u8,
    /// SIMM16 field; 0 where the format has none.
    pub simm16: u16,
    /// The literal dword that follows, when a source is 255 or the opcode takes `imm32`.
    pub literal: Option<u32>,
}

/// Why a word sequence does not decode.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("no instruction word")]
    Empty,
    #[error("instruction 0x{word:08x} needs a literal dword, but the code ends")]
    Truncated { word: u32 },
    #[error("unknown instruction word 0x{word:08x}")]
    Unknown { word: u32 },
}

/// Which format a first dword belongs to, by its fixed encoding bits.
pub fn format_of(word: u32) -> Option<Format> {
    match word >> 23 {
        0x17d => return Some(Format::Sop1),
        0x17e => return Some(Format::Sopc),
        0x17f => return Some(Format::Sopp),
        _ => {}
    }
    match word >> 28 {
        0b1011 => Some(Format::Sopk),
        _ if word >> 30 == 0b10 => Some(Format::Sop2),
        _ => None,
    }
}

fn opcode_of(format: Format, word: u32) -> u16 {
    (match format {
        Format::Sop2 => (word >> 23) & 0x7f,
        Format::Sopk => (word >> 23) & 0x1f,
        Format::Sop1 => (word >> 8) & 0xff,
        Format::Sopc | Format::Sopp => (word >> 16) & 0x7f,
    }) as u16
}

impl Instr {
    /// An instruction of `op` with every field zero and no literal.
    pub fn new(op: &'static OpInfo) -> Instr {
        Instr {
            op,
            sdst: 0,
            ssrc0: 0,
            ssrc1: 0,
            simm16: 0,
            literal: None,
        }
    }

    /// Whether this opcode and these fields need a literal dword.
    pub fn needs_literal(&self) -> bool {
        self.op.args.iter().any(|a| match a.kind {
            ArgKind::Ssrc0 => self.ssrc0 == SRC_LITERAL,
            ArgKind::Ssrc1 => self.ssrc1 == SRC_LITERAL,
            ArgKind::Imm32 => true,
            _ => false,
        })
    }

    /// Size in dwords (1, or 2 with a literal).
    pub fn len_words(&self) -> usize {
        1 + usize::from(self.literal.is_some())
    }

    /// The instruction's dwords.
    pub fn encode(&self) -> Vec<u32> {
        let op = u32::from(self.op.opcode);
        let (d, s0, s1, imm) = (
            u32::from(self.sdst) & 0x7f,
            u32::from(self.ssrc0),
            u32::from(self.ssrc1),
            u32::from(self.simm16),
        );
        let word = match self.op.format {
            Format::Sop2 => (0b10 << 30) | (op << 23) | (d << 16) | (s1 << 8) | s0,
            Format::Sopk => (0b1011 << 28) | (op << 23) | (d << 16) | imm,
            Format::Sop1 => (0x17d << 23) | (d << 16) | (op << 8) | s0,
            Format::Sopc => (0x17e << 23) | (op << 16) | (s1 << 8) | s0,
            Format::Sopp => (0x17f << 23) | (op << 16) | imm,
        };
        let mut words = vec![word];
        words.extend(self.literal);
        words
    }
}

/// Decodes the instruction at the start of `words`.
pub fn decode(words: &[u32]) -> Result<Instr, DecodeError> {
    let &word = words.first().ok_or(DecodeError::Empty)?;
    let format = format_of(word).ok_or(DecodeError::Unknown { word })?;
    let op = tables()
        .lookup(format, opcode_of(format, word))
        .ok_or(DecodeError::Unknown { word })?;
    let mut instr = Instr::new(op);
    match format {
        Format::Sop2 | Format::Sopc => {
            instr.ssrc0 = word as u8;
            instr.ssrc1 = (word >> 8) as u8;
        }
        Format::Sop1 => instr.ssrc0 = word as u8,
        Format::Sopk | Format::Sopp => instr.simm16 = word as u16,
    }
    if matches!(format, Format::Sop2 | Format::Sopk | Format::Sop1) {
        instr.sdst = ((word >> 16) & 0x7f) as u8;
    }
    if instr.needs_literal() {
        instr.literal = Some(*words.get(1).ok_or(DecodeError::Truncated { word })?);
    }
    Ok(instr)
}

impl fmt::Display for Instr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.encode().iter().map(|w| format!("{w:08x}")).collect();
        write!(f, "{} [{}]", self.op.name, words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_known_words() {
        // s_add_u32 s0, s1, s2  (llvm-mc: [0x01,0x02,0x00,0x80])
        let i = decode(&[0x8000_0201]).unwrap();
        assert_eq!(i.op.name, "s_add_u32");
        assert_eq!((i.sdst, i.ssrc0, i.ssrc1), (0, 1, 2));
        // s_endpgm  ([0x00,0x00,0xb0,0xbf])
        assert_eq!(decode(&[0xbfb0_0000]).unwrap().op.name, "s_endpgm");
        // s_movk_i32 s0, 0x1234 ([0x34,0x12,0x00,0xb0])
        let i = decode(&[0xb000_1234]).unwrap();
        assert_eq!((i.op.name.as_str(), i.simm16), ("s_movk_i32", 0x1234));
        // s_mov_b32 s0, 0x12345678 ([0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12])
        let i = decode(&[0xbe80_00ff, 0x1234_5678]).unwrap();
        assert_eq!(
            (i.op.name.as_str(), i.literal),
            ("s_mov_b32", Some(0x1234_5678))
        );
    }

    #[test]
    fn decode_errors() {
        assert_eq!(decode(&[]), Err(DecodeError::Empty));
        assert_eq!(
            decode(&[0xbe80_00ff]),
            Err(DecodeError::Truncated { word: 0xbe80_00ff })
        );
        // VOP1-space word: not a scalar format.
        assert!(matches!(
            decode(&[0x7e00_0000]),
            Err(DecodeError::Unknown { .. })
        ));
        // SOP2 opcode 7 is not in the table.
        assert!(matches!(
            decode(&[0x8380_0000]),
            Err(DecodeError::Unknown { .. })
        ));
    }

    #[test]
    fn every_opcode_round_trips() {
        for op in tables().ops() {
            let f = op.format;
            let mut i = Instr::new(op);
            if matches!(f, Format::Sop2 | Format::Sopk | Format::Sop1) {
                i.sdst = 3;
            }
            if matches!(f, Format::Sop2 | Format::Sopc | Format::Sop1) {
                i.ssrc0 = 4;
            }
            if matches!(f, Format::Sop2 | Format::Sopc) {
                i.ssrc1 = 5;
            }
            if matches!(f, Format::Sopk | Format::Sopp) {
                i.simm16 = 0x1234;
            }
            if i.needs_literal() {
                i.literal = Some(0xdead_beef);
            }
            let words = i.encode();
            assert_eq!(decode(&words).unwrap(), i, "{}", op.name);
        }
    }
}
