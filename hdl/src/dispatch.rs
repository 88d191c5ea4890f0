//! The dispatcher's contract with the host (`templates/dispatch.v.tera`): its error codes
//! (the CSRs' ERROR_CODE) and the kernel-descriptor bit positions it reads, taken from the
//! one definition of the descriptor (`cu32_isa::code_object::descriptor`).

use cu32_isa::code_object::{
    ComputePgmRsrc1, ComputePgmRsrc2, KernargPreload, KernelCodeProperties,
};
use serde::Serialize;

/// One error code of the dispatcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DispatchError {
    pub code: u8,
    /// The Verilog name (`E_<name>`).
    pub name: &'static str,
    pub text: &'static str,
}

/// Every error code the dispatcher sets (0: none).
pub const ERRORS: [DispatchError; 7] = [
    DispatchError {
        code: 1,
        name: "INSTRUCTION",
        text: "a wave stopped with an error (illegal instruction, PC outside the \
               instruction memory, memory fault); ERROR_PC is its PC, counted from ENTRY",
    },
    DispatchError {
        code: 2,
        name: "CODE",
        text: "ENTRY not a 4-byte address below 2^32, or CODE_BYTES 0, past 2^32 or more \
               than the instruction memory holds",
    },
    DispatchError {
        code: 3,
        name: "SIZE",
        text: "a grid or work-group dimension of 0, or a work-group dimension above 1024",
    },
    DispatchError {
        code: 4,
        name: "DESCRIPTOR",
        text: "a wave64 kernel, or one asking for a private segment, the work-group info \
               SGPR or preloaded kernel arguments",
    },
    DispatchError {
        code: 5,
        name: "LDS",
        text: "LDS_BYTES larger than the compute unit's LDS",
    },
    DispatchError {
        code: 6,
        name: "BUS",
        text: "a bus error while loading the code; ERROR_PC is the failing address",
    },
    DispatchError {
        code: 7,
        name: "BARRIER",
        text: "a work-group needs more waves resident than there are wave slots: every \
               slot holds a wave waiting at s_barrier while waves of it are left to start; \
               ERROR_PC is the s_barrier's PC (of the wave in the lowest slot), counted from \
               ENTRY",
    },
];

/// The description of an error code, if it is one.
pub fn error_text(code: u8) -> Option<&'static DispatchError> {
    ERRORS.iter().find(|e| e.code == code)
}

/// The low bit and width of the field `f` reads from a raw register (the bits whose
/// setting alone makes `f` non-zero; they must be contiguous).
fn field(f: impl Fn(u32) -> u32) -> (u32, u32) {
    let bits: Vec<u32> = (0..32).filter(|&b| f(1 << b) != 0).collect();
    let lo = bits.first().copied().unwrap_or(0);
    debug_assert!(bits.iter().enumerate().all(|(i, &b)| b == lo + i as u32));
    (lo, bits.len() as u32)
}

/// The bit positions the dispatcher template needs, as (name, value) pairs for tera.
/// PROPERTIES is descriptor word 56: KERNEL_CODE_PROPERTIES in the low half,
/// KERNARG_PRELOAD in the high half.
pub fn descriptor_positions() -> Vec<(&'static str, u32)> {
    let p = |f: fn(&KernelCodeProperties) -> bool| {
        field(|raw| u32::from(f(&KernelCodeProperties::from_raw(raw & 0xffff)))).0
    };
    let r1 = |f: fn(&ComputePgmRsrc1) -> u32| field(|raw| f(&ComputePgmRsrc1::from_raw(raw)));
    let r2 = |f: fn(&ComputePgmRsrc2) -> u32| field(|raw| f(&ComputePgmRsrc2::from_raw(raw)));
    let preload = field(|raw| KernargPreload::from_raw(raw >> 16).kernarg_preload_spec_length);
    vec![
        ("p_wave32", p(|k| k.enable_wavefront_size32)),
        ("p_kernarg", p(|k| k.enable_sgpr_kernarg_segment_ptr)),
        (
            "p_private_buffer",
            p(|k| k.enable_sgpr_private_segment_buffer),
        ),
        ("p_dispatch", p(|k| k.enable_sgpr_dispatch_ptr)),
        ("p_queue", p(|k| k.enable_sgpr_queue_ptr)),
        ("preload_lo", preload.0),
        ("preload_width", preload.1),
        ("r2_user_count_lo", r2(|r| r.user_sgpr_count).0),
        ("r2_wg_x", r2(|r| u32::from(r.enable_sgpr_workgroup_id_x)).0),
        ("r2_wg_y", r2(|r| u32::from(r.enable_sgpr_workgroup_id_y)).0),
        ("r2_wg_z", r2(|r| u32::from(r.enable_sgpr_workgroup_id_z)).0),
        (
            "r2_wg_info",
            r2(|r| u32::from(r.enable_sgpr_workgroup_info)).0,
        ),
        ("r2_private", r2(|r| u32::from(r.enable_private_segment)).0),
        ("r2_vgpr_id_lo", r2(|r| r.enable_vgpr_workitem_id).0),
        // MODE[7:0] = RSRC1's four float-mode fields, which lie in this order from here.
        ("r1_fp_lo", r1(|r| r.float_round_mode_32).0),
        ("r1_dx10", r1(|r| u32::from(r.enable_dx10_clamp)).0),
        ("r1_ieee", r1(|r| u32::from(r.enable_ieee_mode)).0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_match_the_descriptor_layout() {
        let pos: std::collections::HashMap<_, _> = descriptor_positions().into_iter().collect();
        assert_eq!(pos["p_wave32"], 10);
        assert_eq!(pos["p_kernarg"], 3);
        assert_eq!((pos["preload_lo"], pos["preload_width"]), (16, 7));
        assert_eq!(
            (
                pos["r2_user_count_lo"],
                pos["r2_wg_x"],
                pos["r2_vgpr_id_lo"]
            ),
            (1, 7, 11)
        );
        // The model's MODE: round 32, round 16/64, denorm 32, denorm 16/64 in bits 7:0.
        let r1 = ComputePgmRsrc1::from_raw(0xff << pos["r1_fp_lo"]);
        assert_eq!((r1.float_round_mode_32, r1.float_round_mode_16_64), (3, 3));
        assert_eq!(
            (r1.float_denorm_mode_32, r1.float_denorm_mode_16_64),
            (3, 3)
        );
        assert_eq!((pos["r1_dx10"], pos["r1_ieee"]), (21, 23));
        assert!(ERRORS.iter().all(|e| error_text(e.code) == Some(e)));
    }
}
