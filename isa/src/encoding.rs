//! Binary encoding of every format in the tables: which format a first dword belongs to,
//! decode of instruction words into [`Instr`] and encode back. Field positions are the
//! "Fields" tables of chapter 15 of the RDNA3 reference; field names follow them.

use crate::operand::SRC_LITERAL;
use crate::table::{tables, ArgKind, Format, OpInfo};
use std::fmt;

/// Source code marking a DPP16 dword after a VALU instruction (`src0` = 250).
pub const SRC_DPP16: u16 = 250;
/// Source code marking a DPP8 dword (`src0` = 233); 234 is DPP8 with fetch-inactive.
pub const SRC_DPP8: u16 = 233;
/// Source code marking a DPP8 dword with FI set.
pub const SRC_DPP8_FI: u16 = 234;
/// 9-bit source codes from here up name VGPRs (`v0` = 256).
pub const SRC_VGPR0: u16 = 256;

/// The lane-moving dword of a DPP form. The real `src0` VGPR it carries is placed in
/// [`Instr::src0`] (as `256 + v`), so readers of `src0` need not look here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dpp {
    /// DPP16: `DPP_CTRL` and masks (reference table "DPP16 Fields").
    Dpp16 {
        ctrl: u16,
        /// Fetch inactive lanes (`fi:1`).
        fi: bool,
        /// Bounds control (`bound_ctrl:1`).
        bc: bool,
        /// Bits [23:20] of the DPP dword: src0 neg, src0 abs, src1 neg, src1 abs (the
        /// VOP1/VOP2/VOPC forms carry their input modifiers here).
        mods: u8,
        bank_mask: u8,
        row_mask: u8,
    },
    /// DPP8: eight 3-bit lane selects (`LANE_SEL0` in bits [2:0]).
    Dpp8 { sel: u32, fi: bool },
}

/// One decoded instruction: its table row and its raw field values, named as in the
/// reference's field tables. A field the format lacks stays 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instr {
    pub op: &'static OpInfo,
    /// The Y operation of a VOPD pair (`op` is the X operation).
    pub op_y: Option<&'static OpInfo>,
    /// SDST (SOP2/SOPK/SOP1, 7 bits; VOP3SD carry-out).
    pub sdst: u8,
    /// SSRC0 (SOP2/SOP1/SOPC, 8 bits).
    pub ssrc0: u8,
    /// SSRC1 (SOP2/SOPC, 8 bits).
    pub ssrc1: u8,
    /// SIMM16 (SOPK/SOPP).
    pub simm16: u16,
    /// VDST: destination VGPR (VALU, DS, FLAT); for VOPC/readlane in VOP3 the SGPR code.
    pub vdst: u8,
    /// SRC0/SRC1/SRC2: 9-bit source codes (0..=255 as SSRC, 256 + v for VGPR v). The
    /// VSRC1 field of VOP2/VOPC is stored in `src1` as 256 + v.
    pub src0: u16,
    pub src1: u16,
    pub src2: u16,
    /// ABS (VOP3) bit per source.
    pub abs: u8,
    /// NEG (VOP3, VOP3P low halves) bit per source.
    pub neg: u8,
    /// NEG_HI (VOP3P) bit per source.
    pub neg_hi: u8,
    /// OPSEL: bit per source, bit 3 = destination (VOP3); VOP3P: sources only.
    pub opsel: u8,
    /// OPSEL_HI (VOP3P): bit per source (stored as bits 59, 60 and 14 of the encoding).
    pub opsel_hi: u8,
    pub clamp: bool,
    /// OMOD: 0 none, 1 ×2, 2 ×4, 3 ×0.5.
    pub omod: u8,
    pub dpp: Option<Dpp>,
    /// VOPD Y operation: SRCY0, VSRCY1 (as 256 + v), full VDSTY register number.
    pub src0_y: u16,
    pub src1_y: u16,
    pub vdst_y: u8,
    /// SMEM: SBASE as the SGPR code of the pair/quad's first register, SDATA.
    pub sbase: u8,
    pub sdata: u8,
    /// SOFFSET (SMEM: 7-bit SGPR code, 124 = none; MUBUF: 8-bit source code).
    pub soffset: u8,
    /// OFFSET as a byte count: SMEM 21-bit signed, FLAT 13-bit (signed for GLOBAL and
    /// SCRATCH), MUBUF 12-bit unsigned, DS OFFSET0.
    pub offset: i32,
    /// DS OFFSET1.
    pub offset1: u8,
    /// ADDR (DS, FLAT) / VADDR (MUBUF).
    pub addr: u8,
    /// DATA0 (DS) / DATA (FLAT) / VDATA (MUBUF).
    pub data0: u8,
    /// DATA1 (DS).
    pub data1: u8,
    /// SADDR (FLAT family, 7-bit code, 124 = `off`).
    pub saddr: u8,
    /// SRSRC (MUBUF) as the SGPR code of the quad's first register.
    pub srsrc: u8,
    pub glc: bool,
    pub slc: bool,
    pub dlc: bool,
    pub gds: bool,
    /// SVE (SCRATCH: the address includes a VGPR).
    pub sve: bool,
    pub offen: bool,
    pub idxen: bool,
    pub tfe: bool,
    /// The literal dword that follows, when a source is 255 or the opcode takes `imm32`.
    pub literal: Option<u32>,
}

/// Why a word sequence does not decode.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("no instruction word")]
    Empty,
    #[error("instruction 0x{word:08x} needs {needed} dwords, but the code ends")]
    Truncated { word: u32, needed: usize },
    #[error("unknown instruction word 0x{word:08x}")]
    Unknown { word: u32 },
}

/// Which format (family) a first dword belongs to, by its fixed encoding bits. VOP3 and
/// VOP3SD share an encoding and are told apart by opcode; FLAT, GLOBAL and SCRATCH by SEG.
pub fn format_of(word: u32) -> Option<Format> {
    if word >> 31 == 0 {
        return Some(match word >> 25 {
            0x3f => Format::Vop1,
            0x3e => Format::Vopc,
            _ => Format::Vop2,
        });
    }
    match word >> 23 {
        0x17d => return Some(Format::Sop1),
        0x17e => return Some(Format::Sopc),
        0x17f => return Some(Format::Sopp),
        _ => {}
    }
    if word >> 28 == 0b1011 {
        return Some(Format::Sopk);
    }
    if word >> 30 == 0b10 {
        return Some(Format::Sop2);
    }
    if word >> 23 == 0x198 {
        return Some(Format::Vop3p);
    }
    match word >> 26 {
        0b111101 => Some(Format::Smem),
        0b110101 => Some(Format::Vop3),
        0b110010 => Some(Format::VopdX),
        0b110110 => Some(Format::Ds),
        0b110111 => match (word >> 16) & 3 {
            0 => Some(Format::Flat),
            1 => Some(Format::Scratch),
            2 => Some(Format::Global),
            _ => None,
        },
        0b111000 => Some(Format::Mubuf),
        _ => None,
    }
}

/// Bits `[lo, lo + width)` of `word`.
fn bits(word: u32, lo: u32, width: u32) -> u32 {
    (word >> lo) & ((1 << width) - 1)
}

/// `value` sign-extended from `width` bits.
fn signed(value: u32, width: u32) -> i32 {
    ((value << (32 - width)) as i32) >> (32 - width)
}

fn opcode_of(format: Format, word: u32) -> u16 {
    (match format {
        Format::Sop2 => bits(word, 23, 7),
        Format::Sopk => bits(word, 23, 5),
        Format::Sop1 => bits(word, 8, 8),
        Format::Sopc | Format::Sopp => bits(word, 16, 7),
        Format::Smem => bits(word, 18, 8),
        Format::Vop2 => bits(word, 25, 6),
        Format::Vop1 => bits(word, 9, 8),
        Format::Vopc => bits(word, 17, 8),
        Format::Vop3 | Format::Vop3sd => bits(word, 16, 10),
        Format::Vop3p => bits(word, 16, 7),
        Format::VopdX => bits(word, 22, 4),
        Format::VopdY => bits(word, 17, 5),
        Format::Ds => bits(word, 18, 8),
        Format::Flat | Format::Global | Format::Scratch => bits(word, 18, 7),
        Format::Mubuf => bits(word, 18, 8),
    }) as u16
}

/// Number of dwords of the format's encoding without DPP or literal.
fn base_words(format: Format) -> usize {
    match format {
        Format::Sop2
        | Format::Sopk
        | Format::Sop1
        | Format::Sopc
        | Format::Sopp
        | Format::Vop1
        | Format::Vop2
        | Format::Vopc => 1,
        _ => 2,
    }
}

impl Instr {
    /// An instruction of `op` with every field zero and no literal.
    pub fn new(op: &'static OpInfo) -> Instr {
        Instr {
            op,
            op_y: None,
            sdst: 0,
            ssrc0: 0,
            ssrc1: 0,
            simm16: 0,
            vdst: 0,
            src0: 0,
            src1: 0,
            src2: 0,
            abs: 0,
            neg: 0,
            neg_hi: 0,
            opsel: 0,
            opsel_hi: 0,
            clamp: false,
            omod: 0,
            dpp: None,
            src0_y: 0,
            src1_y: 0,
            vdst_y: 0,
            sbase: 0,
            sdata: 0,
            soffset: 0,
            offset: 0,
            offset1: 0,
            addr: 0,
            data0: 0,
            data1: 0,
            saddr: 0,
            srsrc: 0,
            glc: false,
            slc: false,
            dlc: false,
            gds: false,
            sve: false,
            offen: false,
            idxen: false,
            tfe: false,
            literal: None,
        }
    }

    /// Whether this opcode and these fields need a literal dword: a source operand of the
    /// row (or of the VOPD Y row) holds code 255, or the row takes `imm32`.
    pub fn needs_literal(&self) -> bool {
        let uses = |op: &OpInfo, y: bool| {
            op.args.iter().any(|a| match a.kind {
                ArgKind::Ssrc0 => self.ssrc0 == SRC_LITERAL,
                ArgKind::Ssrc1 => self.ssrc1 == SRC_LITERAL,
                ArgKind::Src0 if y => self.src0_y == u16::from(SRC_LITERAL),
                ArgKind::Src0 => self.src0 == u16::from(SRC_LITERAL),
                ArgKind::Src1 => self.src1 == u16::from(SRC_LITERAL),
                ArgKind::Src2 => self.src2 == u16::from(SRC_LITERAL),
                // A scalar destination in the 8-bit VDST field (VOPC e64, `v_readlane_b32`,
                // `v_readfirstlane_b32`) and the MUBUF SOFFSET are decoded like sources:
                // code 255 takes a literal there too.
                ArgKind::Sdst => {
                    matches!(op.format, Format::Vop1 | Format::Vop3) && self.vdst == SRC_LITERAL
                }
                ArgKind::Soffset => op.format == Format::Mubuf && self.soffset == SRC_LITERAL,
                ArgKind::Imm32 => true,
                _ => false,
            })
        };
        uses(self.op, false) || self.op_y.is_some_and(|y| uses(y, true))
    }

    /// Size in dwords: the format's dwords, plus one for DPP, plus one for a literal.
    pub fn len_words(&self) -> usize {
        base_words(self.op.format)
            + usize::from(self.dpp.is_some())
            + usize::from(self.literal.is_some())
    }

    /// The code the SRC0 field holds: the DPP marker for DPP forms, else `src0`.
    fn src0_field(&self) -> u32 {
        u32::from(match self.dpp {
            Some(Dpp::Dpp16 { .. }) => SRC_DPP16,
            Some(Dpp::Dpp8 { fi: false, .. }) => SRC_DPP8,
            Some(Dpp::Dpp8 { fi: true, .. }) => SRC_DPP8_FI,
            None => self.src0,
        })
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
        let src0 = self.src0_field() & 0x1ff;
        let (src1, src2) = (u32::from(self.src1) & 0x1ff, u32::from(self.src2) & 0x1ff);
        let vdst = u32::from(self.vdst);
        let flag = |b: bool, at: u32| u32::from(b) << at;
        // VOP3-family second dword.
        let vop3_hi = |omod: u32| src0 | (src1 << 9) | (src2 << 18) | (omod << 27);
        let mut words = match self.op.format {
            Format::Sop2 => vec![(0b10 << 30) | (op << 23) | (d << 16) | (s1 << 8) | s0],
            Format::Sopk => vec![(0b1011 << 28) | (op << 23) | (d << 16) | imm],
            Format::Sop1 => vec![(0x17d << 23) | (d << 16) | (op << 8) | s0],
            Format::Sopc => vec![(0x17e << 23) | (op << 16) | (s1 << 8) | s0],
            Format::Sopp => vec![(0x17f << 23) | (op << 16) | imm],
            Format::Smem => vec![
                (0b111101 << 26)
                    | (op << 18)
                    | flag(self.glc, 14)
                    | flag(self.dlc, 13)
                    | (u32::from(self.sdata & 0x7f) << 6)
                    | u32::from(self.sbase >> 1),
                (self.offset as u32 & 0x1f_ffff) | (u32::from(self.soffset & 0x7f) << 25),
            ],
            Format::Vop2 => vec![(op << 25) | (vdst << 17) | ((src1 & 0xff) << 9) | src0],
            Format::Vop1 => vec![(0x3f << 25) | (vdst << 17) | (op << 9) | src0],
            Format::Vopc => vec![(0x3e << 25) | (op << 17) | ((src1 & 0xff) << 9) | src0],
            Format::Vop3 => vec![
                (0b110101 << 26)
                    | (op << 16)
                    | flag(self.clamp, 15)
                    | (u32::from(self.opsel & 0xf) << 11)
                    | (u32::from(self.abs & 7) << 8)
                    | vdst,
                vop3_hi(u32::from(self.omod & 3)) | (u32::from(self.neg & 7) << 29),
            ],
            Format::Vop3sd => vec![
                (0b110101 << 26) | (op << 16) | flag(self.clamp, 15) | (d << 8) | vdst,
                vop3_hi(u32::from(self.omod & 3)) | (u32::from(self.neg & 7) << 29),
            ],
            Format::Vop3p => {
                let hi = u32::from(self.opsel_hi);
                vec![
                    (0xcc << 24)
                        | (op << 16)
                        | flag(self.clamp, 15)
                        | ((hi >> 2 & 1) << 14)
                        | (u32::from(self.opsel & 7) << 11)
                        | (u32::from(self.neg_hi & 7) << 8)
                        | vdst,
                    vop3_hi(((hi >> 1 & 1) << 1) | (hi & 1)) | (u32::from(self.neg & 7) << 29),
                ]
            }
            Format::VopdX | Format::VopdY => {
                let op_y = self.op_y.map_or(0, |y| u32::from(y.opcode));
                vec![
                    (0b110010 << 26) | (op << 22) | (op_y << 17) | ((src1 & 0xff) << 9) | src0,
                    (u32::from(self.src0_y) & 0x1ff)
                        | ((u32::from(self.src1_y) & 0xff) << 9)
                        | (u32::from(self.vdst_y >> 1) << 17)
                        | (vdst << 24),
                ]
            }
            Format::Ds => vec![
                (0b110110 << 26)
                    | (op << 18)
                    | flag(self.gds, 17)
                    | (u32::from(self.offset1) << 8)
                    | (self.offset as u32 & 0xff),
                u32::from(self.addr)
                    | (u32::from(self.data0) << 8)
                    | (u32::from(self.data1) << 16)
                    | (vdst << 24),
            ],
            Format::Flat | Format::Global | Format::Scratch => {
                let seg = match self.op.format {
                    Format::Flat => 0,
                    Format::Scratch => 1,
                    _ => 2,
                };
                vec![
                    (0b110111 << 26)
                        | (op << 18)
                        | (seg << 16)
                        | flag(self.slc, 15)
                        | flag(self.glc, 14)
                        | flag(self.dlc, 13)
                        | (self.offset as u32 & 0x1fff),
                    u32::from(self.addr)
                        | (u32::from(self.data0) << 8)
                        | (u32::from(self.saddr & 0x7f) << 16)
                        | flag(self.sve, 23)
                        | (vdst << 24),
                ]
            }
            Format::Mubuf => vec![
                (0b111000 << 26)
                    | (op << 18)
                    | flag(self.glc, 14)
                    | flag(self.dlc, 13)
                    | flag(self.slc, 12)
                    | (self.offset as u32 & 0xfff),
                u32::from(self.addr)
                    | (u32::from(self.data0) << 8)
                    | (u32::from(self.srsrc >> 2) << 16)
                    | flag(self.tfe, 21)
                    | flag(self.offen, 22)
                    | flag(self.idxen, 23)
                    | (u32::from(self.soffset) << 24),
            ],
        };
        match self.dpp {
            Some(Dpp::Dpp16 {
                ctrl,
                fi,
                bc,
                mods,
                bank_mask,
                row_mask,
            }) => words.push(
                (u32::from(self.src0) & 0xff)
                    | (u32::from(ctrl & 0x1ff) << 8)
                    | flag(fi, 18)
                    | flag(bc, 19)
                    | (u32::from(mods & 0xf) << 20)
                    | (u32::from(bank_mask & 0xf) << 24)
                    | (u32::from(row_mask & 0xf) << 28),
            ),
            Some(Dpp::Dpp8 { sel, .. }) => {
                words.push((u32::from(self.src0) & 0xff) | ((sel & 0xff_ffff) << 8))
            }
            None => {}
        }
        words.extend(self.literal);
        words
    }
}

/// Decodes the instruction at the start of `words`.
pub fn decode(words: &[u32]) -> Result<Instr, DecodeError> {
    let &word = words.first().ok_or(DecodeError::Empty)?;
    let unknown = DecodeError::Unknown { word };
    let mut format = format_of(word).ok_or(unknown.clone())?;
    let opcode = opcode_of(format, word);
    let t = tables();
    let op = match format {
        Format::Vop3 => t
            .lookup(Format::Vop3, opcode)
            .or_else(|| t.lookup(Format::Vop3sd, opcode)),
        _ => t.lookup(format, opcode),
    }
    .ok_or(unknown.clone())?;
    format = op.format;
    let mut instr = Instr::new(op);
    let need = |n: usize| {
        if words.len() < n {
            Err(DecodeError::Truncated { word, needed: n })
        } else {
            Ok(())
        }
    };
    let base = base_words(format);
    need(base)?;
    let hi = if base == 2 { words[1] } else { 0 };
    let flag = |w: u32, at: u32| bits(w, at, 1) == 1;
    match format {
        Format::Sop2 | Format::Sopc => {
            instr.ssrc0 = word as u8;
            instr.ssrc1 = (word >> 8) as u8;
        }
        Format::Sop1 => instr.ssrc0 = word as u8,
        Format::Sopk | Format::Sopp => instr.simm16 = word as u16,
        _ => {}
    }
    if matches!(format, Format::Sop2 | Format::Sopk | Format::Sop1) {
        instr.sdst = bits(word, 16, 7) as u8;
    }
    match format {
        Format::Sop2 | Format::Sopc | Format::Sop1 | Format::Sopk | Format::Sopp => {}
        Format::Smem => {
            instr.sbase = (bits(word, 0, 6) << 1) as u8;
            instr.sdata = bits(word, 6, 7) as u8;
            instr.dlc = flag(word, 13);
            instr.glc = flag(word, 14);
            instr.offset = signed(bits(hi, 0, 21), 21);
            instr.soffset = bits(hi, 25, 7) as u8;
        }
        Format::Vop2 | Format::Vopc => {
            instr.src0 = bits(word, 0, 9) as u16;
            instr.src1 = SRC_VGPR0 + bits(word, 9, 8) as u16;
            if format == Format::Vop2 {
                instr.vdst = bits(word, 17, 8) as u8;
            }
        }
        Format::Vop1 => {
            instr.src0 = bits(word, 0, 9) as u16;
            instr.vdst = bits(word, 17, 8) as u8;
        }
        Format::Vop3 | Format::Vop3sd | Format::Vop3p => {
            instr.vdst = word as u8;
            instr.clamp = flag(word, 15);
            instr.src0 = bits(hi, 0, 9) as u16;
            instr.src1 = bits(hi, 9, 9) as u16;
            instr.src2 = bits(hi, 18, 9) as u16;
            instr.neg = bits(hi, 29, 3) as u8;
            match format {
                Format::Vop3 => {
                    instr.abs = bits(word, 8, 3) as u8;
                    instr.opsel = bits(word, 11, 4) as u8;
                    instr.omod = bits(hi, 27, 2) as u8;
                }
                Format::Vop3sd => {
                    instr.sdst = bits(word, 8, 7) as u8;
                    instr.omod = bits(hi, 27, 2) as u8;
                }
                _ => {
                    instr.neg_hi = bits(word, 8, 3) as u8;
                    instr.opsel = bits(word, 11, 3) as u8;
                    instr.opsel_hi = (bits(hi, 27, 2) | (bits(word, 14, 1) << 2)) as u8;
                }
            }
        }
        Format::VopdX | Format::VopdY => {
            instr.op_y = Some(
                t.lookup(Format::VopdY, bits(word, 17, 5) as u16)
                    .ok_or(unknown.clone())?,
            );
            instr.src0 = bits(word, 0, 9) as u16;
            instr.src1 = SRC_VGPR0 + bits(word, 9, 8) as u16;
            instr.src0_y = bits(hi, 0, 9) as u16;
            instr.src1_y = SRC_VGPR0 + bits(hi, 9, 8) as u16;
            instr.vdst = bits(hi, 24, 8) as u8;
            instr.vdst_y = ((bits(hi, 17, 7) << 1) | (!instr.vdst as u32 & 1)) as u8;
        }
        Format::Ds => {
            instr.offset = bits(word, 0, 8) as i32;
            instr.offset1 = bits(word, 8, 8) as u8;
            instr.gds = flag(word, 17);
            instr.addr = hi as u8;
            instr.data0 = (hi >> 8) as u8;
            instr.data1 = (hi >> 16) as u8;
            instr.vdst = (hi >> 24) as u8;
        }
        Format::Flat | Format::Global | Format::Scratch => {
            let offset = bits(word, 0, 13);
            instr.offset = if format == Format::Flat {
                offset as i32
            } else {
                signed(offset, 13)
            };
            instr.dlc = flag(word, 13);
            instr.glc = flag(word, 14);
            instr.slc = flag(word, 15);
            instr.addr = hi as u8;
            instr.data0 = (hi >> 8) as u8;
            instr.saddr = bits(hi, 16, 7) as u8;
            instr.sve = flag(hi, 23);
            instr.vdst = (hi >> 24) as u8;
        }
        Format::Mubuf => {
            instr.offset = bits(word, 0, 12) as i32;
            instr.slc = flag(word, 12);
            instr.dlc = flag(word, 13);
            instr.glc = flag(word, 14);
            instr.addr = hi as u8;
            instr.data0 = (hi >> 8) as u8;
            instr.srsrc = (bits(hi, 16, 5) << 2) as u8;
            instr.tfe = flag(hi, 21);
            instr.offen = flag(hi, 22);
            instr.idxen = flag(hi, 23);
            instr.soffset = (hi >> 24) as u8;
        }
    }
    let mut next = base;
    // Opcodes without sources (`v_nop`) ignore SRC0: no DPP dword follows.
    if format.is_valu()
        && op.arg(ArgKind::Src0).is_some()
        && matches!(instr.src0, SRC_DPP16 | SRC_DPP8 | SRC_DPP8_FI)
    {
        need(next + 1)?;
        let d = words[next];
        next += 1;
        instr.dpp = Some(if instr.src0 == SRC_DPP16 {
            Dpp::Dpp16 {
                ctrl: bits(d, 8, 9) as u16,
                fi: flag(d, 18),
                bc: flag(d, 19),
                mods: bits(d, 20, 4) as u8,
                bank_mask: bits(d, 24, 4) as u8,
                row_mask: bits(d, 28, 4) as u8,
            }
        } else {
            Dpp::Dpp8 {
                sel: d >> 8,
                fi: instr.src0 == SRC_DPP8_FI,
            }
        });
        instr.src0 = SRC_VGPR0 + (d & 0xff) as u16;
    }
    if instr.needs_literal() {
        need(next + 1)?;
        instr.literal = Some(words[next]);
    }
    Ok(instr)
}

impl fmt::Display for Instr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.encode().iter().map(|w| format!("{w:08x}")).collect();
        write!(f, "{} [{}]", self.op.name, words.join(" "))
    }
}

/// Little-endian dwords of `bytes` (code, a memory image); a trailing partial dword is
/// padded with zeros.
pub fn words_le(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(words: &[u32]) -> String {
        decode(words).unwrap().op.name.clone()
    }

    #[test]
    fn decode_known_scalar_words() {
        // s_add_u32 s0, s1, s2  (llvm-mc: [0x01,0x02,0x00,0x80])
        let i = decode(&[0x8000_0201]).unwrap();
        assert_eq!(i.op.name, "s_add_u32");
        assert_eq!((i.sdst, i.ssrc0, i.ssrc1), (0, 1, 2));
        // s_endpgm  ([0x00,0x00,0xb0,0xbf])
        assert_eq!(name(&[0xbfb0_0000]), "s_endpgm");
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
    fn decode_known_vector_and_memory_words() {
        // Encodings from llvm-mc 19 -show-encoding (little-endian byte lists → dwords).
        // v_add_f32_e64 v1, |v2|, -v3 clamp mul:2: [0x01,0x81,0x03,0xd5,0x02,0x07,0x02,0x48]
        let i = decode(&[0xd503_8101, 0x4802_0702]).unwrap();
        assert_eq!(
            (i.op.name.as_str(), i.op.format),
            ("v_add_f32", Format::Vop3)
        );
        assert_eq!((i.vdst, i.src0, i.src1), (1, 258, 259));
        assert_eq!((i.abs, i.neg, i.clamp, i.omod), (1, 2, true, 1));
        // v_add_co_u32 v1, s3, v2, v3: [0x01,0x03,0x00,0xd7,0x02,0x07,0x02,0x00]
        let i = decode(&[0xd700_0301, 0x0002_0702]).unwrap();
        assert_eq!((i.op.format, i.sdst), (Format::Vop3sd, 3));
        // v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2]: [0xfa,0x02,0x02,0x7e,0x02,0xb1,0x00,0xff]
        let i = decode(&[0x7e02_02fa, 0xff00_b102]).unwrap();
        assert_eq!(i.src0, 258);
        assert!(matches!(
            i.dpp,
            Some(Dpp::Dpp16 {
                ctrl: 0xb1,
                row_mask: 0xf,
                ..
            })
        ));
        assert_eq!(i.len_words(), 2);
        // v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0]
        let i = decode(&[0xcc0f_4801, 0x3002_0702]).unwrap();
        assert_eq!((i.opsel, i.opsel_hi, i.neg), (1, 0b110, 1));
        // v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v5
        let i = decode(&[0xc8c8_0501, 0x0002_0b04]).unwrap();
        assert_eq!(i.op.name, "v_dual_mul_f32");
        assert_eq!(i.op_y.unwrap().name, "v_dual_add_f32");
        assert_eq!((i.vdst, i.vdst_y, i.src0_y, i.src1_y), (0, 3, 260, 261));
        // global_load_b32 v1, v2, s[2:3] offset:-16 glc slc dlc
        let i = decode(&[0xdc52_fff0, 0x0102_0002]).unwrap();
        assert_eq!((i.op.format, i.offset, i.saddr), (Format::Global, -16, 2));
        assert!(i.glc && i.slc && i.dlc);
        // s_load_b64 s[0:1], s[2:3], 0x10: [0x01,0x00,0x04,0xf4,0x10,0x00,0x00,0xf8]
        let i = decode(&[0xf404_0001, 0xf800_0010]).unwrap();
        assert_eq!((i.sbase, i.sdata, i.offset, i.soffset), (2, 0, 16, 124));
        // ds_store_2addr_b32 v1, v2, v3 offset0:1 offset1:2
        let i = decode(&[0xd838_0201, 0x0003_0201]).unwrap();
        assert_eq!((i.offset, i.offset1, i.data1), (1, 2, 3));
        // buffer_load_b32 v1, v2, s[4:7], s3 offen offset:4 glc
        let i = decode(&[0xe050_4004, 0x0341_0102]).unwrap();
        assert_eq!((i.srsrc, i.soffset, i.offen, i.offset), (4, 3, true, 4));
    }

    #[test]
    fn decode_errors() {
        assert_eq!(decode(&[]), Err(DecodeError::Empty));
        assert_eq!(
            decode(&[0xbe80_00ff]),
            Err(DecodeError::Truncated {
                word: 0xbe80_00ff,
                needed: 2
            })
        );
        assert!(matches!(
            decode(&[0xd503_8101]),
            Err(DecodeError::Truncated { needed: 2, .. })
        ));
        // SOP2 opcode 7 is not in the table.
        assert!(matches!(
            decode(&[0x8380_0000]),
            Err(DecodeError::Unknown { .. })
        ));
        // EXP encoding: a format outside the tables.
        assert!(matches!(
            decode(&[0xf800_0000, 0]),
            Err(DecodeError::Unknown { .. })
        ));
    }

    /// Sets every field an encoding has to a distinctive value; decode(encode) must give
    /// the instruction back.
    #[test]
    fn every_opcode_round_trips() {
        for op in tables().ops() {
            let f = op.format;
            if f == Format::VopdY {
                continue;
            }
            let mut i = Instr::new(op);
            match f {
                Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp => {
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
                }
                Format::Smem => {
                    (i.sbase, i.sdata, i.offset, i.soffset) = (4, 7, -5, 9);
                    (i.glc, i.dlc) = (true, true);
                }
                Format::Vop1 | Format::Vop2 | Format::Vopc => {
                    (i.src0, i.src1) = (300, 257);
                    if f != Format::Vopc {
                        i.vdst = 9;
                    }
                    if f == Format::Vop1 {
                        i.src1 = 0;
                    }
                }
                Format::Vop3 | Format::Vop3sd | Format::Vop3p => {
                    (i.vdst, i.src0, i.src1, i.src2) = (9, 300, 3, 511);
                    (i.neg, i.clamp) = (5, true);
                    match f {
                        Format::Vop3 => (i.abs, i.opsel, i.omod) = (3, 9, 2),
                        Format::Vop3sd => (i.sdst, i.omod) = (106, 1),
                        _ => (i.neg_hi, i.opsel, i.opsel_hi) = (6, 3, 5),
                    }
                }
                Format::VopdX | Format::VopdY => {
                    i.op_y = tables().of_format(Format::VopdY).next();
                    (i.src0, i.src1, i.vdst) = (260, 261, 8);
                    (i.src0_y, i.src1_y, i.vdst_y) = (5, 300, 13);
                }
                Format::Ds => {
                    (i.offset, i.offset1, i.gds) = (200, 17, true);
                    (i.addr, i.data0, i.data1, i.vdst) = (1, 2, 3, 4);
                }
                Format::Flat | Format::Global | Format::Scratch => {
                    i.offset = if f == Format::Flat { 4095 } else { -4096 };
                    (i.glc, i.slc, i.dlc, i.sve) = (true, true, true, f == Format::Scratch);
                    (i.addr, i.data0, i.saddr, i.vdst) = (1, 2, 124, 4);
                }
                Format::Mubuf => {
                    (i.offset, i.glc, i.slc, i.dlc) = (4095, true, true, true);
                    (i.tfe, i.offen, i.idxen) = (true, true, true);
                    (i.addr, i.data0, i.srsrc, i.soffset) = (1, 2, 8, 128);
                }
            }
            if i.needs_literal() {
                i.literal = Some(0xdead_beef);
            }
            let words = i.encode();
            assert_eq!(words.len(), i.len_words(), "{}", op.name);
            assert_eq!(decode(&words).unwrap(), i, "{}", op.name);
        }
    }
}
