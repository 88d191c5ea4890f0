//! Scalar memory (SMEM): `s_load_b32` .. `s_load_b512` read dwords of global memory into
//! consecutive SGPRs. The address is `SBASE` (an SGPR pair) + the signed 21-bit offset +
//! the SGPR named by SOFFSET (none when it is `null`), with its two low bits ignored
//! (reference 16.6). `s_dcache_inv`/`s_gl1_inv` retire with no effect (the model has no
//! caches).
//!
//! `s_buffer_load_b32` .. `_b512` read through the buffer resource in the four SGPRs at
//! SBASE (its two low bits ignored): base address `V#[47:0]`, stride `V#[61:48]`,
//! NUM_RECORDS `V#[95:64]`. The byte offset is the signed 21-bit offset + the SOFFSET SGPR
//! (two low bits ignored); a dword whose offset is at or past `(stride == 0 ? 1 : stride)
//! * NUM_RECORDS` (or negative) reads 0 without touching memory, the others load from
//! base + offset (reference 8.4.1: in-range dwords of a partly out-of-range load return
//! data). `s_atc_probe*` are not modelled.

use super::{Exec, Res, SCALAR_REGS};
use cu32_isa::operand::NULL;

/// The dwords `s_load_b<bits>` reads.
pub(super) fn load_dwords(name: &str) -> Option<u64> {
    let bits: u64 = name.strip_prefix("s_load_b")?.parse().ok()?;
    Some(bits / 32)
}

impl Exec<'_> {
    pub(super) fn smem(&mut self) -> Res<()> {
        let name = self.name();
        if matches!(name, "s_dcache_inv" | "s_gl1_inv") {
            return Ok(());
        }
        let soffset = match self.instr.soffset {
            NULL => 0,
            code => u64::from(self.src32(code)?),
        };
        if let Some(bits) = name.strip_prefix("s_buffer_load_b") {
            let dwords = bits.parse::<u64>().map_err(|_| self.not_modelled())? / 32;
            return self.s_buffer_load(dwords, soffset);
        }
        let dwords = load_dwords(name).ok_or_else(|| self.not_modelled())?;
        let addr = self
            .wave
            .pair(self.instr.sbase)
            .wrapping_add(self.instr.offset as i64 as u64)
            .wrapping_add(soffset)
            & !3;
        for i in 0..dwords {
            let a = addr.wrapping_add(4 * i);
            let value = self.memory.load(a, 4).map_err(|e| self.mem_error(0, e))? as u32;
            self.write_reg(self.instr.sdata + i as u8, value);
        }
        Ok(())
    }

    /// `s_buffer_load_b*` (see the module documentation).
    fn s_buffer_load(&mut self, dwords: u64, soffset: u64) -> Res<()> {
        let sb = usize::from(self.instr.sbase & !3).min(SCALAR_REGS - 4);
        let v: [u32; 4] = std::array::from_fn(|k| self.wave.sgpr[sb + k]);
        let base = u64::from(v[0]) | (u64::from(v[1] & 0xffff) << 32);
        let stride = u64::from((v[1] >> 16) & 0x3fff);
        let limit = stride.max(1) * u64::from(v[2]);
        let offset = (i64::from(self.instr.offset) + soffset as i64) & !3;
        for i in 0..dwords {
            let at = offset + 4 * i as i64;
            let value = if at < 0 || at as u64 >= limit {
                0
            } else {
                let a = base.wrapping_add(at as u64);
                self.memory.load(a, 4).map_err(|e| self.mem_error(0, e))? as u32
            };
            self.write_reg(self.instr.sdata + i as u8, value);
        }
        Ok(())
    }
}
