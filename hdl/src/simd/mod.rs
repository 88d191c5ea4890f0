//! The interleaved core's vector ALU (`cu32_simd.v`, plain parameterised Verilog): the VGPR
//! file, the integer lanes and the sequencer that runs a wave32 VALU instruction through
//! them pass by pass, instructions of different waves back to back. The spine hands it an
//! instruction with its scalar operands and parks the wave until it completes; the file's
//! header lists the stages. Its test is the co-simulation of the vector programs and of
//! random streams on a `core: interleaved` configuration (`interleaved_core_cosimulates_*`
//! in the workspace's `tests/cli.rs`).

/// The Verilog of the vector ALU, module `cu32_simd` (it includes the generated
/// `cu32_ctrl.vh`; it instantiates `cu32_vgpr`, `cu32_lane` and `cu32_inline_const`).
pub const VERILOG: &str = include_str!("cu32_simd.v");
