//! Vector memory: FLAT and GLOBAL loads, stores and integer atomics (chapter 16.20), and
//! the memory helpers the LDS shares: reads that see the instruction's own earlier writes
//! (so that lanes of one atomic hitting the same address serialise in lane order), checked
//! global writes, and the integer atomic operations.
//!
//! * Address: GLOBAL with SADDR = an SGPR pair + the lane's 32-bit VGPR (zero-extended) +
//!   the signed 13-bit offset; with SADDR = `off` (and FLAT, which the model treats as
//!   global: there are no LDS/scratch apertures) the lane's VGPR pair + the offset. Any
//!   alignment; every byte must lie in one allocation of [`crate::memory::Memory`].
//! * Only lanes in EXEC access memory and write registers. A failing access stops the wave
//!   with [`ModelError::Memory`] naming the PC, the lane and the address; nothing is
//!   written then.
//! * Loads: `u8`/`i8`/`u16`/`i16` zero-/sign-extend to 32 bits, `b32`..`b128` fill 1 to 4
//!   VGPRs, the `d16` forms write one half of the VGPR and keep the other. Stores: `b8`,
//!   `b16`, `b32`..`b128`, `d16_hi_b8`/`d16_hi_b16` (bits 23:16 / 31:16 of the data).
//! * Atomics (32- and 64-bit): swap, cmpswap (DATA = {cmp, src}), add, sub, csub, min/max
//!   (signed and unsigned), and, or, xor, inc, dec; the pre-op value goes to VDST when GLC
//!   is set (the `_rtn` forms). Float atomics (`add/min/max/cmpswap_f32`): see
//!   `valu_float::atomic_float` and the model documentation (f32 denormals always flushed
//!   for global/flat).
//! * `global_load/store_addtid_b32`: address `SGPR[SADDR]` (64-bit; `off`: 0) + the
//!   offset + lane * 4, no VGPR address.
//! * SCRATCH loads and stores address the lane's own private segment (see `scratch`).
//! * `global_load_lds_*` and `scratch_load_lds_*`: loads whose value goes to the LDS
//!   instead of a VGPR (the model documentation states the choices).

use super::{per_lane, Exec, Lanes, ModelError, Res, VgprWrite, LANES};
use crate::memory::MemoryError;
use crate::trace::{Space, Write};
use cu32_isa::operand::NULL;

/// Where a loaded value goes in its VGPR(s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dest {
    /// Whole dwords (narrow loads zero- or sign-extended to 32 bits).
    Full,
    /// The low half; the high half is kept.
    Lo16,
    /// The high half; the low half is kept.
    Hi16,
}

/// A load kind by its suffix: bytes, sign extension, destination.
pub(super) fn load_kind(kind: &str) -> Option<(usize, bool, Dest)> {
    Some(match kind {
        "u8" => (1, false, Dest::Full),
        "i8" => (1, true, Dest::Full),
        "u16" => (2, false, Dest::Full),
        "i16" => (2, true, Dest::Full),
        "b32" => (4, false, Dest::Full),
        "b64" => (8, false, Dest::Full),
        "b96" => (12, false, Dest::Full),
        "b128" => (16, false, Dest::Full),
        "d16_u8" => (1, false, Dest::Lo16),
        "d16_i8" => (1, true, Dest::Lo16),
        "d16_b16" => (2, false, Dest::Lo16),
        "d16_hi_u8" => (1, false, Dest::Hi16),
        "d16_hi_i8" => (1, true, Dest::Hi16),
        "d16_hi_b16" => (2, false, Dest::Hi16),
        _ => return None,
    })
}

/// A store kind by its suffix: bytes, and the bit of the data where they start.
pub(super) fn store_kind(kind: &str) -> Option<(usize, u32)> {
    Some(match kind {
        "b8" => (1, 0),
        "b16" => (2, 0),
        "b32" => (4, 0),
        "b64" => (8, 0),
        "b96" => (12, 0),
        "b128" => (16, 0),
        "d16_hi_b8" => (1, 16),
        "d16_hi_b16" => (2, 16),
        _ => return None,
    })
}

/// The new memory value of integer atomic `op` on `bits`-bit values: `tmp` in memory,
/// `data` and `data2` from the registers (`data2` is the compare value of cmpswap and
/// the OR value of mskor). `None` for an operation the model does not know.
pub(super) fn atomic(
    op: &str,
    signed: bool,
    bits: u32,
    tmp: u64,
    data: u64,
    data2: u64,
) -> Option<u64> {
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let sx = |v: u64| super::operands::sign_extend(v, bits) as i64;
    let new = match op {
        "swap" | "storexchg" => data,
        "cmpswap" | "cmpstore" => {
            if tmp == data2 {
                data
            } else {
                tmp
            }
        }
        "add" => tmp.wrapping_add(data),
        "sub" => tmp.wrapping_sub(data),
        "rsub" => data.wrapping_sub(tmp),
        "csub" => tmp.saturating_sub(data),
        "min" if signed => sx(tmp).min(sx(data)) as u64,
        "max" if signed => sx(tmp).max(sx(data)) as u64,
        "min" => tmp.min(data),
        "max" => tmp.max(data),
        "and" => tmp & data,
        "or" => tmp | data,
        "xor" => tmp ^ data,
        "mskor" => (tmp & !data) | data2,
        "wrap" => {
            if tmp >= data {
                tmp - data
            } else {
                tmp.wrapping_add(data2)
            }
        }
        "inc" => {
            if tmp >= data {
                0
            } else {
                tmp + 1
            }
        }
        "dec" => {
            if tmp == 0 || tmp > data {
                data
            } else {
                tmp - 1
            }
        }
        _ => return None,
    };
    Some(new & mask)
}

impl Exec<'_> {
    pub(super) fn mem_error(&self, lane: usize, error: MemoryError) -> ModelError {
        ModelError::Memory {
            pc: self.pc,
            word: self.word,
            name: self.name().to_string(),
            lane,
            error: Box::new(error),
        }
    }

    /// `size` (1..=16) bytes of `space` at `addr` as this instruction sees them: memory
    /// with its own earlier writes applied. An LDS access outside the LDS reads 0.
    pub(super) fn read_mem(&self, space: Space, addr: u64, size: usize, lane: usize) -> Res<u128> {
        let mut raw = [0u8; 16];
        match space {
            Space::Global => {
                // The allocation of the last global read, looked up again only when the
                // address leaves it.
                let (mut base, mut bytes) = self.region.get();
                let end = addr.wrapping_sub(base).checked_add(size as u64);
                if addr < base || end.is_none_or(|e| e > bytes.len() as u64) {
                    (base, bytes) = self
                        .memory
                        .region(addr, size as u64)
                        .map_err(|e| self.mem_error(lane, e))?;
                    self.region.set((base, bytes));
                }
                raw[..size].copy_from_slice(&bytes[(addr - base) as usize..][..size]);
            }
            Space::Lds => {
                if !self.lds_in_range(addr, size) {
                    return Ok(0);
                }
                raw[..size].copy_from_slice(&self.lds[addr as usize..][..size]);
            }
        }
        for w in &self.buffers.mem_writes {
            if let Write::Mem {
                space: s,
                addr: a,
                size: n,
                value,
            } = *w
            {
                let bytes = value.to_le_bytes();
                for i in 0..u64::from(n) {
                    let at = a.wrapping_add(i).wrapping_sub(addr);
                    if s == space && at < size as u64 {
                        raw[at as usize] = bytes[i as usize];
                    }
                }
            }
        }
        Ok(u128::from_le_bytes(raw))
    }

    fn lds_in_range(&self, addr: u64, size: usize) -> bool {
        addr.checked_add(size as u64)
            .is_some_and(|end| end <= self.lds.len() as u64)
    }

    /// Records a write of the low `size` bytes of `value`; a global write is checked
    /// now, an LDS write outside the LDS is dropped.
    pub(super) fn write_mem(
        &mut self,
        space: Space,
        addr: u64,
        size: usize,
        value: u128,
        lane: usize,
    ) -> Res<()> {
        match space {
            Space::Global => self
                .memory
                .check_write(addr, size as u64)
                .map_err(|e| self.mem_error(lane, e))?,
            Space::Lds if !self.lds_in_range(addr, size) => return Ok(()),
            Space::Lds => {}
        }
        let value = if size == 16 {
            value
        } else {
            value & ((1u128 << (8 * size)) - 1)
        };
        self.buffers.mem_writes.push(Write::Mem {
            space,
            addr,
            size: size as u8,
            value,
        });
        Ok(())
    }

    /// `dwords` consecutive VGPRs from `v` as one value per lane (low dword first).
    pub(super) fn vgpr_wide(&self, v: u8, dwords: usize) -> Res<[u128; LANES]> {
        let mut out = [0u128; LANES];
        for k in 0..dwords {
            let regs = self.vgpr(u16::from(v) + k as u16)?;
            for (o, r) in out.iter_mut().zip(regs) {
                *o |= u128::from(*r) << (32 * k);
            }
        }
        Ok(out)
    }

    /// Writes `dwords` VGPRs from `v` in the lanes of `mask` from one value per lane.
    pub(super) fn set_vgpr_wide(
        &mut self,
        v: u8,
        dwords: usize,
        mask: u32,
        values: &[u128; LANES],
    ) -> Res<()> {
        if usize::from(v) + dwords > 256 {
            return Err(self.bad_vgpr(format!("VGPR destination runs past v255 (v{v})")));
        }
        for k in 0..dwords {
            let lanes: Lanes = per_lane(|l| (values[l] >> (32 * k)) as u32);
            self.buffers.vgpr_writes.push(VgprWrite {
                index: v + k as u8,
                mask,
                values: lanes,
            });
        }
        Ok(())
    }

    /// A load of kind `kind` from `addrs` (lanes of `mask`) into VDST.
    pub(super) fn load(
        &mut self,
        space: Space,
        kind: (usize, bool, Dest),
        addrs: &[u64; LANES],
        mask: u32,
    ) -> Res<()> {
        let (size, signed, dest) = kind;
        let old = self.vgpr_wide(self.instr.vdst, 1)?;
        let mut values = [0u128; LANES];
        for lane in lanes(mask) {
            let raw = self.read_mem(space, addrs[lane], size, lane)?;
            let v = if signed {
                super::operands::sign_extend(raw as u64, 8 * size as u32) as u128
            } else {
                raw
            };
            let o = old[lane];
            values[lane] = match dest {
                Dest::Full => v,
                Dest::Lo16 => (o & 0xffff_0000) | (v & 0xffff),
                Dest::Hi16 => (o & 0xffff) | ((v & 0xffff) << 16),
            };
        }
        let dwords = if dest == Dest::Full {
            size.div_ceil(4)
        } else {
            1
        };
        self.set_vgpr_wide(self.instr.vdst, dwords, mask, &values)
    }

    /// A store of kind `kind` of the VGPRs from `data` to `addrs` (lanes of `mask`).
    pub(super) fn store(
        &mut self,
        space: Space,
        kind: (usize, u32),
        data: u8,
        addrs: &[u64; LANES],
        mask: u32,
    ) -> Res<()> {
        let (size, shift) = kind;
        let values = self.vgpr_wide(data, size.div_ceil(4))?;
        for lane in lanes(mask) {
            self.write_mem(space, addrs[lane], size, values[lane] >> shift, lane)?;
        }
        Ok(())
    }

    /// Integer atomic `op` (`add_u32`, `cmpswap_b64`, ...) at `addrs` with DATA from
    /// `data` (and `data2`: `None` takes the second operand from the registers after
    /// DATA, as cmpswap does); the pre-op value goes to VDST when `ret`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn atomic_op(
        &mut self,
        space: Space,
        op: &str,
        data: u8,
        data2: Option<u8>,
        addrs: &[u64; LANES],
        mask: u32,
        ret: bool,
    ) -> Res<()> {
        let Some((name, ty)) = op.rsplit_once('_') else {
            return Err(self.not_modelled());
        };
        let bits = match &ty[1..] {
            "32" => 32,
            "64" => 64,
            _ => return Err(self.not_modelled()),
        };
        let float = ty.starts_with('f');
        // Float atomics: global/flat flush f32 denormals (MODE FP_DENORM = 0), the LDS
        // follows the wave's MODE.
        let fmode = match space {
            Space::Global => 0,
            Space::Lds => self.wave.mode,
        };
        let known = if float {
            super::valu_float::atomic_float(name, bits, 0, 0, 0, 0).is_some()
        } else {
            atomic(name, false, bits, 0, 0, 0).is_some()
        };
        if !known {
            return Err(self.unsupported("this atomic operation is not modelled"));
        }
        let signed = ty.starts_with('i');
        let dwords = (bits / 32) as usize;
        let cmp_in_data = data2.is_none() && matches!(name, "cmpswap");
        let src = self.vgpr_wide(data, if cmp_in_data { 2 * dwords } else { dwords })?;
        let src2 = match data2 {
            Some(d) => self.vgpr_wide(d, dwords)?,
            None => [0; LANES],
        };
        let size = dwords * 4;
        let mut olds = [0u128; LANES];
        for lane in lanes(mask) {
            let tmp = self.read_mem(space, addrs[lane], size, lane)? as u64;
            let d = src[lane] as u64;
            let d = if cmp_in_data && bits == 32 {
                d & 0xffff_ffff
            } else {
                d
            };
            let d2 = if cmp_in_data {
                (src[lane] >> bits) as u64
            } else {
                src2[lane] as u64
            };
            let new = if float {
                super::valu_float::atomic_float(name, bits, fmode, tmp, d, d2)
            } else {
                atomic(name, signed, bits, tmp, d, d2)
            }
            .expect("checked above");
            self.write_mem(space, addrs[lane], size, u128::from(new), lane)?;
            olds[lane] = u128::from(tmp);
        }
        if ret {
            self.set_vgpr_wide(self.instr.vdst, dwords, mask, &olds)?;
        }
        Ok(())
    }

    /// FLAT and GLOBAL instructions.
    pub(super) fn vmem(&mut self) -> Res<()> {
        let name = self.name();
        let op = name.split_once('_').map_or("", |(_, op)| op);
        let mask = self.wave.exec_lanes();
        if let Some(kind) = op.strip_suffix("_addtid_b32") {
            // SGPR[SADDR] (64-bit; `off`: 0) + offset + lane * 4 (16.20).
            let base = if self.instr.saddr == NULL {
                0
            } else {
                self.wave.pair(self.instr.saddr)
            };
            let offset = self.instr.offset as i64 as u64;
            let tid: [u64; LANES] =
                per_lane(|l| base.wrapping_add(offset).wrapping_add(4 * l as u64));
            return match kind {
                "load" => self.load(Space::Global, (4, false, Dest::Full), &tid, mask),
                "load_lds" => self.load_lds((4, false, Dest::Full), &tid, mask),
                "store" => self.store(Space::Global, (4, 0), self.instr.data0, &tid, mask),
                _ => Err(self.not_modelled()),
            };
        }
        let addrs = self.vmem_addresses(mask)?;
        if let Some(kind) = op.strip_prefix("load_lds_").and_then(load_kind) {
            return self.load_lds(kind, &addrs, mask);
        }
        if let Some(kind) = op.strip_prefix("load_").and_then(load_kind) {
            return self.load(Space::Global, kind, &addrs, mask);
        }
        if let Some(kind) = op.strip_prefix("store_").and_then(store_kind) {
            return self.store(Space::Global, kind, self.instr.data0, &addrs, mask);
        }
        if let Some(a) = op.strip_prefix("atomic_") {
            let (data, glc) = (self.instr.data0, self.instr.glc);
            return self.atomic_op(Space::Global, a, data, None, &addrs, mask, glc);
        }
        Err(self.not_modelled())
    }

    /// SCRATCH loads and stores: the lane's private offset is `SGPR[SADDR]` (unless SADDR
    /// is `off`) + the lane's VGPR (when SVE) + the signed 13-bit offset, 32-bit wrap; the
    /// access must lie inside the lane's segment (offset + size at most the per-lane size),
    /// else the wave stops with [`ModelError::Memory`] naming the lane and the offset.
    pub(super) fn scratch(&mut self) -> Res<()> {
        let name = self.name();
        let op = name.strip_prefix("scratch_").unwrap_or("");
        let to_lds = op.strip_prefix("load_lds_").and_then(load_kind);
        let load = op.strip_prefix("load_").and_then(load_kind);
        let store = op.strip_prefix("store_").and_then(store_kind);
        let size = match (to_lds.or(load), store) {
            (Some((n, _, _)), _) | (_, Some((n, _))) => n,
            _ => return Err(self.not_modelled()),
        };
        let mask = self.wave.exec_lanes();
        let i = self.instr;
        let sbase = if i.saddr == NULL {
            0
        } else {
            self.src32(i.saddr)?
        };
        let vaddr = if i.sve {
            *self.vgpr(u16::from(i.addr))?
        } else {
            [0; LANES]
        };
        let (base, limit) = self.private;
        let mut addrs = [0u64; LANES];
        for l in lanes(mask) {
            let off = sbase.wrapping_add(vaddr[l]).wrapping_add(i.offset as u32);
            if u64::from(off) + size as u64 > u64::from(limit) {
                let error = MemoryError::Private {
                    offset: u64::from(off),
                    size: size as u64,
                    limit: u64::from(limit),
                };
                return Err(self.mem_error(l, error));
            }
            addrs[l] = base + l as u64 * u64::from(limit) + u64::from(off);
        }
        match (to_lds, load, store) {
            (Some(kind), _, _) => self.load_lds(kind, &addrs, mask),
            (_, Some(kind), _) => self.load(Space::Global, kind, &addrs, mask),
            (_, _, Some(kind)) => self.store(Space::Global, kind, i.data0, &addrs, mask),
            _ => unreachable!("checked above"),
        }
    }

    /// `global_load_lds_*` / `scratch_load_lds_*`: each lane of `mask` loads `kind` from
    /// `addrs` (global memory) and writes it, extended to a dword, to the LDS at `M0[15:0]
    /// + offset + lane * 4` (the model documentation states the choices).
    fn load_lds(&mut self, kind: (usize, bool, Dest), addrs: &[u64; LANES], mask: u32) -> Res<()> {
        let (size, signed, _) = kind;
        let at = (self.wave.m0() & 0xffff).wrapping_add(self.instr.offset as u32);
        for lane in lanes(mask) {
            let raw = self.read_mem(Space::Global, addrs[lane], size, lane)? as u64;
            let value = if signed {
                super::operands::sign_extend(raw, 8 * size as u32)
            } else {
                raw
            };
            let to = at.wrapping_add(4 * lane as u32);
            self.write_mem(Space::Lds, u64::from(to), 4, u128::from(value as u32), lane)?;
        }
        Ok(())
    }

    /// Per-lane addresses of a FLAT/GLOBAL instruction (lanes of `mask`; others 0).
    fn vmem_addresses(&self, mask: u32) -> Res<[u64; LANES]> {
        let offset = self.instr.offset as i64 as u64;
        let lo = self.vgpr(u16::from(self.instr.addr))?;
        let mut out = [0u64; LANES];
        if self.instr.saddr != NULL && self.instr.op.format == cu32_isa::Format::Global {
            let base = self.wave.pair(self.instr.saddr);
            for l in lanes(mask) {
                out[l] = base.wrapping_add(u64::from(lo[l])).wrapping_add(offset);
            }
        } else {
            let hi = self.vgpr(u16::from(self.instr.addr) + 1)?;
            for l in lanes(mask) {
                let a = u64::from(lo[l]) | (u64::from(hi[l]) << 32);
                out[l] = a.wrapping_add(offset);
            }
        }
        Ok(out)
    }
}

/// The lanes set in `mask`, ascending.
pub(super) fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        let lane = (rest != 0).then(|| rest.trailing_zeros() as usize)?;
        rest &= rest - 1;
        Some(lane)
    })
}
