//! DPP lane moves of a VALU instruction's first source (reference section 7.7): DPP16
//! patterns within rows of 16 lanes with row/bank write masks, bound control and fetch
//! inactive, and DPP8 selects within groups of 8 lanes.

use super::{Exec, Res, LANES};
use cu32_isa::encoding::Dpp;

/// Where lane `lane` reads from under DPP16 control `ctrl`: `Some(Some(source))`,
/// `Some(None)` for a source outside the lane's row, `None` for a reserved control.
pub(super) fn dpp16_source(ctrl: u16, lane: usize) -> Option<Option<usize>> {
    let (row, r) = (lane & !15, lane & 15);
    let n = usize::from(ctrl & 15);
    let source = match ctrl {
        // quad_perm:[a,b,c,d]: lane r of each quad reads lane sel[r] of that quad.
        0x000..=0x0ff => Some((r & !3) | ((usize::from(ctrl) >> (2 * (r & 3))) & 3)),
        // row_shl:n reads lane r + n, row_shr:n lane r - n, row_ror:n lane r - n mod 16.
        0x101..=0x10f => Some(r + n).filter(|&s| s < 16),
        0x111..=0x11f => r.checked_sub(n),
        0x121..=0x12f => Some((r + 16 - n) & 15),
        0x140 => Some(15 - r),                  // row_mirror
        0x141 => Some((r & 8) | (7 - (r & 7))), // row_half_mirror
        0x150..=0x15f => Some(n),               // row_share:n
        0x160..=0x16f => Some(r ^ n),           // row_xmask:n
        _ => return None,
    };
    Some(source.map(|s| row | s))
}

/// Lanes a DPP16 row mask and bank mask leave enabled for writing.
pub(super) fn row_bank_enabled(row_mask: u8, bank_mask: u8) -> u32 {
    (0..LANES)
        .filter(|&l| row_mask >> (l / 16) & 1 == 1 && bank_mask >> ((l % 16) / 4) & 1 == 1)
        .fold(0, |m, l| m | (1 << l))
}

impl Exec<'_> {
    /// Applies the instruction's DPP lane move to `src0` (values of every lane) in place.
    /// Returns the lanes allowed to write: all of them without DPP; with DPP16 the
    /// row/bank-mask lanes minus those whose source is invalid under `bound_ctrl:0`.
    pub(super) fn dpp_move(&self, src0: &mut [u64; LANES]) -> Res<u32> {
        let Some(dpp) = self.instr.dpp else {
            return Ok(u32::MAX);
        };
        let exec = self.wave.exec_lanes();
        let active = |l: usize| exec >> l & 1 == 1;
        let mut out = [0; LANES];
        let enabled = match dpp {
            Dpp::Dpp8 { sel, fi } => {
                for (lane, v) in out.iter_mut().enumerate() {
                    let s = (lane & !7) | ((sel as usize >> (3 * (lane & 7))) & 7);
                    *v = if fi || active(s) { src0[s] } else { 0 };
                }
                u32::MAX
            }
            Dpp::Dpp16 {
                ctrl,
                fi,
                bc,
                row_mask,
                bank_mask,
                ..
            } => {
                let mut enabled = row_bank_enabled(row_mask, bank_mask);
                for (lane, v) in out.iter_mut().enumerate() {
                    let source = dpp16_source(ctrl, lane).ok_or_else(|| {
                        self.unsupported(format!("reserved DPP16 control 0x{ctrl:03x}"))
                    })?;
                    match source {
                        Some(s) if fi || active(s) => *v = src0[s],
                        // Out of range, or in range but inactive without fetch-inactive:
                        // bound_ctrl:1 reads 0, bound_ctrl:0 disables the lane's write.
                        _ if bc => *v = 0,
                        _ => enabled &= !(1 << lane),
                    }
                }
                enabled
            }
        };
        *src0 = out;
        Ok(enabled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dpp16_patterns() {
        // quad_perm:[3,2,1,0] (0x1b)
        assert_eq!(dpp16_source(0x1b, 5), Some(Some(6)));
        assert_eq!(dpp16_source(0x101, 15), Some(None)); // row_shl:1 at the row end
        assert_eq!(dpp16_source(0x101, 16), Some(Some(17)));
        assert_eq!(dpp16_source(0x111, 16), Some(None)); // row_shr:1 at the row start
        assert_eq!(dpp16_source(0x121, 16), Some(Some(31))); // row_ror:1
        assert_eq!(dpp16_source(0x140, 17), Some(Some(30)));
        assert_eq!(dpp16_source(0x141, 9), Some(Some(14)));
        assert_eq!(dpp16_source(0x153, 20), Some(Some(19)));
        assert_eq!(dpp16_source(0x161, 20), Some(Some(21)));
        assert_eq!(dpp16_source(0x100, 0), None);
        assert_eq!(row_bank_enabled(0b10, 0b0001), 0x000f_0000);
    }
}
