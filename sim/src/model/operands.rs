//! Source operands: scalar sources (registers, inline constants, SCC, the literal) as the
//! SALU reads them, and VALU sources read per lane (VGPRs, or a scalar value broadcast to
//! every lane), with the widths and types the tables give.

use super::{Exec, ModelError, Res, LANES};
use cu32_isa::encoding::SRC_VGPR0;
use cu32_isa::operand::{self, INLINE_F16, M0, NULL, SRC_LITERAL, SRC_SCC};
use cu32_isa::{Accept, Arg};

/// Sign-extends the low `bits` bits of `value` (1..=64).
pub(super) fn sign_extend(value: u64, bits: u32) -> u64 {
    match bits {
        0 => 0,
        64.. => value,
        _ => (((value << (64 - bits)) as i64) >> (64 - bits)) as u64,
    }
}

impl Exec<'_> {
    /// A 32-bit source operand.
    pub(super) fn src32(&self, code: u8) -> Res<u32> {
        match code {
            0..=127 => Ok(self.wave.sgpr[usize::from(code)]),
            SRC_SCC => Ok(u32::from(self.wave.scc)),
            SRC_LITERAL => Ok(self.instr.literal.unwrap_or(0)),
            _ => operand::inline_constant(code, 32)
                .map(|v| v as u32)
                .ok_or_else(|| self.bad_operand(code)),
        }
    }

    /// A 64-bit source operand; a literal is sign-extended for `_i64` mnemonics.
    pub(super) fn src64(&self, code: u8) -> Res<u64> {
        match code {
            NULL | M0 => Ok(0),
            0..=127 => Ok(self.wave.pair(code)),
            SRC_SCC => Ok(u64::from(self.wave.scc)),
            SRC_LITERAL => {
                let lit = u64::from(self.instr.literal.unwrap_or(0));
                Ok(if self.name().contains("_i64") {
                    sign_extend(lit, 32)
                } else {
                    lit
                })
            }
            _ => operand::inline_constant(code, 64).ok_or_else(|| self.bad_operand(code)),
        }
    }

    pub(super) fn bad_operand(&self, code: u8) -> ModelError {
        ModelError::BadOperand {
            pc: self.pc,
            word: self.word,
            name: self.name().to_string(),
            code,
        }
    }

    pub(super) fn s0(&self) -> Res<u32> {
        self.src32(self.instr.ssrc0)
    }

    pub(super) fn s1(&self) -> Res<u32> {
        self.src32(self.instr.ssrc1)
    }

    pub(super) fn s0_64(&self) -> Res<u64> {
        self.src64(self.instr.ssrc0)
    }

    pub(super) fn s1_64(&self) -> Res<u64> {
        self.src64(self.instr.ssrc1)
    }

    /// The SDST field read as a 32-bit source (SOPK `sreg`, read-modify-write forms).
    pub(super) fn d0(&self) -> Res<u32> {
        self.src32(self.instr.sdst)
    }

    pub(super) fn d0_64(&self) -> Res<u64> {
        self.src64(self.instr.sdst)
    }

    /// SIMM16 sign-extended to 32 bits.
    pub(super) fn simm32(&self) -> u32 {
        self.instr.simm16 as i16 as i32 as u32
    }

    /// The lanes of VGPR `v` (an operand's `v + k`); a register past v255 stops the wave.
    pub(super) fn vgpr(&self, v: u16) -> Res<&super::Lanes> {
        self.wave
            .vgpr
            .get(usize::from(v))
            .ok_or_else(|| self.bad_vgpr(format!("VGPR operand runs past v255 (v{v})")))
    }

    pub(super) fn bad_vgpr(&self, what: String) -> ModelError {
        ModelError::BadVgpr {
            pc: self.pc,
            word: self.word,
            name: self.name().to_string(),
            what,
        }
    }

    /// A VALU source operand per lane, as wide as its table type, into `out`: a VGPR
    /// (`256 + v`; 64-bit: `v` and `v + 1`), or a scalar source (SGPR, SGPR pair, inline
    /// constant, literal) broadcast to every lane. A 16-bit operand is the low half of its
    /// 32-bit value, or the high half when `hi` (OPSEL); float inline constants on 16-bit
    /// operands are f16.
    pub(super) fn vsrc(&self, code: u16, arg: Arg, hi: bool, out: &mut [u64; LANES]) -> Res<()> {
        let bits = arg.ty.bits();
        if code < SRC_VGPR0 && arg.accept == Accept::Vgpr {
            return Err(self.bad_vgpr(format!("source code {code} is not a VGPR")));
        }
        if code >= SRC_VGPR0 {
            let v = code - SRC_VGPR0;
            let lo = self.vgpr(v)?;
            if bits == 64 {
                let hi = self.vgpr(v + 1)?;
                for l in 0..LANES {
                    out[l] = u64::from(lo[l]) | (u64::from(hi[l]) << 32);
                }
            } else {
                for l in 0..LANES {
                    out[l] = u64::from(lo[l]);
                }
            }
        } else {
            let code = code as u8;
            let value = match (bits, code) {
                (64, _) => self.src64(code)?,
                (16, 240..=248) => u64::from(INLINE_F16[usize::from(code - 240)]),
                _ => u64::from(self.src32(code)?),
            };
            *out = [value; LANES];
        }
        if bits == 16 {
            let shift = if hi { 16 } else { 0 };
            for v in out.iter_mut() {
                *v = (*v >> shift) & 0xffff;
            }
        }
        Ok(())
    }
}
