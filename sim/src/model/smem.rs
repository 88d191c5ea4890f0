//! Scalar memory (SMEM): `s_load_b32` .. `s_load_b512` read dwords of global memory into
//! consecutive SGPRs. The address is `SBASE` (an SGPR pair) + the signed 21-bit offset +
//! the SGPR named by SOFFSET (none when it is `null`), with its two low bits ignored
//! (reference 16.6). `s_dcache_inv`/`s_gl1_inv` retire with no effect (the model has no
//! caches); `s_buffer_load_*` and the other SMEM opcodes are not modelled.

use super::{Exec, Res};
use cu32_isa::operand::NULL;

impl Exec<'_> {
    pub(super) fn smem(&mut self) -> Res<()> {
        let name = self.name();
        if matches!(name, "s_dcache_inv" | "s_gl1_inv") {
            return Ok(());
        }
        let dwords = match name.strip_prefix("s_load_b") {
            Some(bits) => bits.parse::<u64>().map_err(|_| self.not_modelled())? / 32,
            None => return Err(self.not_modelled()),
        };
        let soffset = match self.instr.soffset {
            NULL => 0,
            code => u64::from(self.src32(code)?),
        };
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
}
