//! cu32 RTL: the configuration, the compute unit's blocks and the Verilog generation.
//!
//! The compute unit interleaves waves in a fixed pipeline with their state in RAM. Its
//! blocks are plain parameterised Verilog, a folder each with its Rust module and test:
//! `front`, `sgpr`, `vgpr`, `waits`, `barrier`, `int_lane`, `fp_lane` (not yet joined),
//! `scalar_alu`, `smem`, `lds`, `gmem`, `dispatch`, joined by the scalar spine (`scalar`)
//! and the vector ALU (`simd`) under their top (`top`). The tera templates generate the
//! data: decode tables, the CSR map, the counters. See `hdl/README.md` for the block
//! diagram, stages and figures.

pub mod barrier;
pub mod config;
pub mod control;
pub mod counters;
pub mod dispatch;
pub mod fp_lane;
pub mod front;
pub mod gmem;
pub mod int_lane;
pub mod lds;
pub mod salu;
pub mod scalar;
pub mod scalar_alu;
pub mod sgpr;
pub mod shape;
pub mod simd;
pub mod smem;
pub mod top;
pub mod valu_control;
pub mod vector;
pub mod verilog;
pub mod vgpr;
pub mod waits;

// The Verilator helpers of the block tests (tests/common, shared with the integration
// tests, which name this crate).
#[cfg(test)]
extern crate self as cu32_hdl;
#[cfg(test)]
#[path = "../tests/common/mod.rs"]
mod test_common;

pub use config::{Config, ConfigError};
pub use verilog::{generate, GenError, GeneratedFile};

use cu32_isa::{Format, OpInfo};

/// Whether the RTL of `config` executes the table row `op` (else it decodes as an illegal
/// instruction): the scalar spine every scalar row of the control table, scalar loads
/// included; the vector ALU every VOP1, VOP2, VOPC, VOP3, VOP3SD and VOPD row of the vector
/// tables, DPP forms included; the LDS unit every DS row (loads, stores, integer atomics,
/// addtid, append/consume and the lane moves; `ds_nop` goes through as a no-op); the
/// GLOBAL unit the GLOBAL and FLAT loads, stores and integer atomics (the MUBUF cache
/// invalidates go through as no-ops).
pub fn implements(op: &OpInfo, config: &Config) -> bool {
    match op.format {
        Format::Global | Format::Flat => vector::vmem_control(op).is_some(),
        Format::Mubuf => vector::CACHE_INVALIDATES.contains(&op.mn),
        Format::Ds => vector::ds_control(op).is_some(),
        Format::Sop1 | Format::Sop2 | Format::Sopc | Format::Sopk | Format::Sopp | Format::Smem => {
            control::control(op, &config.features).is_some()
        }
        Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3 | Format::Vop3sd => {
            vector::vector_control(op).is_some()
        }
        Format::VopdX | Format::VopdY => vector::dual_control(op).is_some(),
        _ => false,
    }
}
