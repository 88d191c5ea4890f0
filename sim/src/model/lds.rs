//! The LDS (DS) instructions, chapter 16.15: loads, stores, the `2addr` forms, integer
//! atomics, and the lane moves `ds_swizzle_b32`, `ds_permute_b32`, `ds_bpermute_b32`.
//!
//! * Address: the lane's ADDR VGPR + the 16-bit offset `{OFFSET1, OFFSET0}` (32-bit
//!   wrap); the `2addr` forms use `ADDR + OFFSETn * size` (`* 64` more for `stride64`).
//!   Any alignment is accepted (the model is in "unaligned" mode).
//! * Out of range (reference 3.3.4.1, "addr >= LDS_size"): a read returns 0 (a whole
//!   multi-dword access when any byte is out), a write is dropped, an atomic writes
//!   nothing and returns 0. The LDS is the work-group's group segment (static plus
//!   dynamic size).
//! * Only lanes in EXEC access LDS and write registers.
//! * Atomics: add, sub, rsub, inc, dec, min/max (signed, unsigned), and, or, xor, mskor
//!   (DATA = mask, DATA2 = bits to set), storexchg (swap), cmpstore (DATA = new value,
//!   DATA2 = compare value), 32 and 64-bit; `_rtn` forms return the pre-op value. Float
//!   atomics `add_f32`, `min/max/cmpstore_f32/f64` as `valu_float::atomic_float` says,
//!   with denormals by the wave's MODE. `ds_wrap_rtn_b32`: `MEM = tmp >= DATA ? tmp - DATA
//!   : tmp + DATA2`, returning `tmp`. `ds_storexchg_2addr[_stride64]_rtn_b32/b64`: per lane
//!   in lane order, read both addresses, write DATA0 to the first and DATA1 to the second,
//!   return both old values (the first in the low half). `ds_load/store_addtid_b32`:
//!   address `{OFFSET1, OFFSET0} + M0[15:0] + lane * 4`, no ADDR operand.
//!   `ds_append`/`ds_consume`: a counter in the LDS at an M0-based address (the model
//!   documentation states the choices). `ds_condxchg32_rtn_b64`,
//!   `ds_ordered_count`, `ds_bvh_stack_rtn_b32`, the GWS and GS-register opcodes and every
//!   GDS form stop with [`super::ModelError::Unsupported`].
//! * `ds_swizzle_b32` moves its ADDR operand's VGPR by the pseudocode's four modes (FFT,
//!   rotate, quad permute, bit masks) within the 32 lanes; a source lane outside EXEC
//!   reads 0.
//!   `ds_permute_b32`/`ds_bpermute_b32` move DATA0 by `(ADDR + offset) / 4 % 32`; EXEC
//!   applies to both the reads and the writes, an inactive source gives 0, and of several
//!   lanes permuted to one destination the highest lane wins.

use super::vmem::{lanes, load_kind, store_kind};

/// Why the model refuses the DS opcode `name` (any encoding of it: GDS forms are refused
/// separately), or `None` when it executes it.
pub fn ds_unsupported(name: &str) -> Option<&'static str> {
    let op = name.strip_prefix("ds_")?;
    match op {
        "ordered_count" => Some("an ordered count is GDS-only and there is no GDS"),
        _ if op.starts_with("gws_") => Some("global wave sync (GWS) needs the GDS: there is none"),
        "add_gs_reg_rtn" | "sub_gs_reg_rtn" => Some("there are no GS (geometry shader) registers"),
        "condxchg32_rtn_b64" => Some("the conditional exchange is not modelled"),
        "bvh_stack_rtn_b32" => Some("the ray-tracing BVH stack is not modelled"),
        _ => None,
    }
}
use super::{per_lane, Exec, Res, LANES};
use crate::trace::Space;

impl Exec<'_> {
    pub(super) fn ds(&mut self) -> Res<()> {
        if self.instr.gds {
            return Err(self.unsupported("GDS is not modelled"));
        }
        let name = self.name();
        let op = &name[3..];
        let mask = self.wave.exec_lanes();
        if let Some(reason) = ds_unsupported(name) {
            return Err(self.unsupported(reason));
        }
        match op {
            "nop" => return Ok(()),
            "swizzle_b32" => return self.swizzle(mask),
            "permute_b32" | "bpermute_b32" => return self.permute(mask, op == "bpermute_b32"),
            _ => {}
        }
        let offset = (u32::from(self.instr.offset1) << 8) | self.instr.offset as u32;
        if let "append" | "consume" = op {
            return self.append(offset, mask, op == "append");
        }
        if let Some(kind) = op.strip_suffix("_addtid_b32") {
            // {OFFSET1, OFFSET0} + M0[15:0] + lane * 4 (16.15).
            let at = offset.wrapping_add(self.wave.m0() & 0xffff);
            let addrs: [u64; LANES] = per_lane(|l| u64::from(at.wrapping_add(4 * l as u32)));
            return match kind {
                "load" => self.load(
                    Space::Lds,
                    (4, false, super::vmem::Dest::Full),
                    &addrs,
                    mask,
                ),
                "store" => self.store(Space::Lds, (4, 0), self.instr.data0, &addrs, mask),
                _ => Err(self.not_modelled()),
            };
        }
        let base = *self.vgpr(u16::from(self.instr.addr))?;
        let addrs: [u64; LANES] = per_lane(|l| u64::from(base[l].wrapping_add(offset)));
        let (data0, data1) = (self.instr.data0, self.instr.data1);
        if let Some(kind) = op.strip_prefix("load_") {
            if let Some((size, stride)) = two_addr(kind) {
                return self.load_2addr(&base, size, stride, mask);
            }
            let kind = match kind {
                "u8_d16" => "d16_u8",
                "i8_d16" => "d16_i8",
                "u16_d16" => "d16_b16",
                "u8_d16_hi" => "d16_hi_u8",
                "i8_d16_hi" => "d16_hi_i8",
                "u16_d16_hi" => "d16_hi_b16",
                k => k,
            };
            if let Some(kind) = load_kind(kind) {
                return self.load(Space::Lds, kind, &addrs, mask);
            }
        }
        if let Some(kind) = op.strip_prefix("store_") {
            if let Some((size, stride)) = two_addr(kind) {
                let a0 = self.pair_addrs(&base, self.instr.offset as u32, size, stride);
                let a1 = self.pair_addrs(&base, u32::from(self.instr.offset1), size, stride);
                let kind = (size, 0);
                self.store(Space::Lds, kind, data0, &a0, mask)?;
                return self.store(Space::Lds, kind, data1, &a1, mask);
            }
            let kind = match kind {
                "b8_d16_hi" => "d16_hi_b8",
                "b16_d16_hi" => "d16_hi_b16",
                k => k,
            };
            if let Some(kind) = store_kind(kind) {
                return self.store(Space::Lds, kind, data0, &addrs, mask);
            }
        }
        if let Some(kind) = op.strip_prefix("storexchg_") {
            if let Some((size, stride)) = kind.strip_suffix("_rtn_b32").map_or_else(
                || {
                    kind.strip_suffix("_rtn_b64")
                        .and_then(|k| two_addr(&format!("{k}_b64")))
                },
                |k| two_addr(&format!("{k}_b32")),
            ) {
                return self.storexchg_2addr(&base, size, stride, mask);
            }
        }
        let ret = op.contains("_rtn_");
        let atomic = op.replacen("rtn_", "", 1);
        let two_data = atomic.starts_with("cmpstore_")
            || atomic.starts_with("mskor_")
            || atomic.starts_with("wrap_");
        if atomic.contains("2addr") || !atomic.contains('_') {
            return Err(self.not_modelled());
        }
        let data2 = two_data.then_some(data1);
        self.atomic_op(Space::Lds, &atomic, data0, data2, &addrs, mask, ret)
    }

    /// `ds_append` (`up`) / `ds_consume`: the dword counter at `M0[15:0] + offset` goes up
    /// (down) by the number of lanes in `mask`, and those lanes get its old value; nothing
    /// happens when `mask` is 0. Out of range as the other atomics: no write, 0 returned.
    fn append(&mut self, offset: u32, mask: u32, up: bool) -> Res<()> {
        if mask == 0 {
            return Ok(());
        }
        let addr = u64::from((self.wave.m0() & 0xffff) + offset);
        let lane = mask.trailing_zeros() as usize;
        let old = self.read_mem(Space::Lds, addr, 4, lane)? as u32;
        let n = mask.count_ones();
        let new = if up {
            old.wrapping_add(n)
        } else {
            old.wrapping_sub(n)
        };
        self.write_mem(Space::Lds, addr, 4, u128::from(new), lane)?;
        self.set_vgpr_wide(self.instr.vdst, 1, mask, &[u128::from(old); LANES])
    }

    /// The addresses `base + offset * size * (64 if stride64)` of a `2addr` form.
    fn pair_addrs(
        &self,
        base: &[u32; LANES],
        offset: u32,
        size: usize,
        stride: u32,
    ) -> [u64; LANES] {
        let step = offset * size as u32 * stride;
        per_lane(|l| u64::from(base[l].wrapping_add(step)))
    }

    fn load_2addr(&mut self, base: &[u32; LANES], size: usize, stride: u32, mask: u32) -> Res<()> {
        let a0 = self.pair_addrs(base, self.instr.offset as u32, size, stride);
        let a1 = self.pair_addrs(base, u32::from(self.instr.offset1), size, stride);
        let mut values = [0u128; LANES];
        for lane in lanes(mask) {
            let lo = self.read_mem(Space::Lds, a0[lane], size, lane)?;
            let hi = self.read_mem(Space::Lds, a1[lane], size, lane)?;
            values[lane] = lo | (hi << (8 * size));
        }
        self.set_vgpr_wide(self.instr.vdst, size / 2, mask, &values)
    }

    /// `ds_storexchg_2addr[_stride64]_rtn_b32/b64`: per lane (in lane order) read both
    /// addresses, write DATA0 to the first and DATA1 to the second, return the two old
    /// values (first in the low half of VDST).
    fn storexchg_2addr(
        &mut self,
        base: &[u32; LANES],
        size: usize,
        stride: u32,
        mask: u32,
    ) -> Res<()> {
        let a0 = self.pair_addrs(base, self.instr.offset as u32, size, stride);
        let a1 = self.pair_addrs(base, u32::from(self.instr.offset1), size, stride);
        let d0 = self.vgpr_wide(self.instr.data0, size / 4)?;
        let d1 = self.vgpr_wide(self.instr.data1, size / 4)?;
        let mut values = [0u128; LANES];
        for lane in lanes(mask) {
            let lo = self.read_mem(Space::Lds, a0[lane], size, lane)?;
            let hi = self.read_mem(Space::Lds, a1[lane], size, lane)?;
            self.write_mem(Space::Lds, a0[lane], size, d0[lane], lane)?;
            self.write_mem(Space::Lds, a1[lane], size, d1[lane], lane)?;
            values[lane] = lo | (hi << (8 * size));
        }
        self.set_vgpr_wide(self.instr.vdst, size / 2, mask, &values)
    }

    fn swizzle(&mut self, mask: u32) -> Res<()> {
        let offset = (u32::from(self.instr.offset1) << 8) | self.instr.offset as u32;
        // The data is the ADDR operand (`ds_swizzle_b32 vdst, addr`).
        let src = *self.vgpr(u16::from(self.instr.addr))?;
        let mut values = [0u128; LANES];
        for i in lanes(mask) {
            let j = swizzle_source(offset, i);
            if mask >> j & 1 == 1 {
                values[i] = u128::from(src[j]);
            }
        }
        self.set_vgpr_wide(self.instr.vdst, 1, mask, &values)
    }

    fn permute(&mut self, mask: u32, backward: bool) -> Res<()> {
        let offset = (u32::from(self.instr.offset1) << 8) | self.instr.offset as u32;
        let addr = *self.vgpr(u16::from(self.instr.addr))?;
        let data = *self.vgpr(u16::from(self.instr.data0))?;
        let mut tmp = [0u128; LANES];
        for i in lanes(mask) {
            let other = (addr[i].wrapping_add(offset) / 4 % 32) as usize;
            if backward {
                if mask >> other & 1 == 1 {
                    tmp[i] = u128::from(data[other]);
                }
            } else {
                tmp[other] = u128::from(data[i]);
            }
        }
        self.set_vgpr_wide(self.instr.vdst, 1, mask, &tmp)
    }
}

/// `(bytes per element, stride multiplier)` of a `2addr` kind.
pub(super) fn two_addr(kind: &str) -> Option<(usize, u32)> {
    Some(match kind {
        "2addr_b32" => (4, 1),
        "2addr_stride64_b32" => (4, 64),
        "2addr_b64" => (8, 1),
        "2addr_stride64_b64" => (8, 64),
        _ => return None,
    })
}

/// The lane `ds_swizzle_b32` with OFFSET `offset` reads for lane `i` (the pseudocode).
fn swizzle_source(offset: u32, i: usize) -> usize {
    let i = i as u32;
    let j = if offset >= 0xe000 {
        let m = offset & 0x1f;
        let j = (i & 0x1f).reverse_bits() >> 27;
        (j >> m.count_ones()) | (i & m)
    } else if offset >= 0xc000 {
        let m = offset & 0x1f;
        let mut rotate = (offset >> 5) & 0x1f;
        if offset >> 10 & 1 == 1 {
            rotate = rotate.wrapping_neg();
        }
        (i & m) | (i.wrapping_add(rotate) & !m)
    } else if offset >> 15 & 1 == 1 {
        (i & !3) | ((offset >> (2 * (i & 3))) & 3)
    } else {
        let (and, or, xor) = (offset & 0x1f, (offset >> 5) & 0x1f, (offset >> 10) & 0x1f);
        ((i & and) | or) ^ xor
    };
    (j & 0x1f) as usize
}
