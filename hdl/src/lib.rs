//! cu32 RTL: the configuration, the rust-hdl blocks of the compute unit and the Verilog
//! generation that assembles them through the tera templates.
//!
//! The current cores (`core: pipelined`, `core: sequential`) are built from the rust-hdl
//! blocks and the templates; the interleaved core that is to replace them grows as blocks
//! of plain parameterised Verilog, a folder each with its test: `front`, `sgpr`, `vgpr`,
//! `waits`, `barrier`, `int_lane`, `fp_lane` (not yet joined), `scalar_alu`, `lds`, `gmem`,
//! joined by the scalar spine (`scalar`) and the vector ALU (`simd`) under their top
//! (`top`) as `core: interleaved`. See `hdl/README.md` for the block diagrams, stages and figures.

pub mod barrier;
pub mod config;
pub mod control;
pub mod core;
pub mod counters;
pub mod dispatch;
pub mod fp_lane;
pub mod front;
pub mod gmem;
pub mod int_lane;
pub mod lane;
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

pub use config::{Config, ConfigError, CoreKind};
pub use verilog::{generate, GenError, GeneratedFile};

use cu32_isa::{Format, OpInfo};

/// Whether the RTL of `config` executes the table row `op` (else it decodes as an illegal
/// instruction): the scalar core's control table for SOP*/SOPP/SMEM, the vector unit's
/// tables for VALU (VOPD halves included), DS and GLOBAL. (`core: pipelined` runs the same
/// rows: its issue hands them to the same units.)
pub fn implements(op: &OpInfo, config: &Config) -> bool {
    let in_tables = match op.format {
        Format::Ds => vector::ds_control(op).is_some(),
        Format::Global | Format::Flat => vector::vmem_control(op).is_some(),
        Format::Mubuf => vector::CACHE_INVALIDATES.contains(&op.mn),
        Format::VopdX | Format::VopdY => vector::dual_control(op).is_some(),
        f if f.is_valu() => vector::vector_control(op).is_some(),
        Format::Sop1 | Format::Sop2 | Format::Sopc | Format::Sopk | Format::Sopp | Format::Smem => {
            control::control(op, &config.features).is_some()
        }
        _ => false,
    };
    in_tables && (config.core != CoreKind::Interleaved || interleaved_runs(op, config))
}

/// Whether the interleaved core, as far as it is built, runs `op`: the scalar spine runs
/// every scalar row of the control table, scalar loads included, the vector ALU every
/// VOP1, VOP2, VOPC, VOP3, VOP3SD and VOPD row of the vector tables, DPP forms
/// included, and the LDS unit every DS row of the tables: loads, stores, integer atomics
/// (addtid and append/consume included) and lane moves (`ds_nop` goes through as a
/// no-op), and the GLOBAL unit the GLOBAL and FLAT loads, stores and integer atomics (the MUBUF
/// cache invalidates go through as no-ops).
fn interleaved_runs(op: &OpInfo, config: &Config) -> bool {
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
