//! The compute unit's vector ALU (`cu32_simd.v`, plain parameterised Verilog): the VGPR
//! file, the integer lanes and the sequencer that runs a wave32 VALU instruction through
//! them pass by pass, instructions of different waves back to back, and the DS and GLOBAL
//! instructions' passes to the LDS and GLOBAL units. The spine hands it an
//! instruction with its scalar operands and parks the wave until it completes; the file's
//! header lists the stages. Its test is the co-simulation of the vector programs and of
//! random streams (`core_cosimulates_programs`, `vector_programs_cosimulate` and the others
//! in the workspace's `tests/cli.rs`).

/// The Verilog of the vector ALU, module `cu32_simd` (it includes the generated
/// `cu32_ctrl.vh`; it instantiates `cu32_vgpr`, `cu32_lane`, `cu32_inline_const`, the LDS
/// unit, the GLOBAL unit and `cu32_pass_fifo`).
pub const VERILOG: &str = include_str!("cu32_simd.v");

/// The Verilog of `cu32_pass_fifo`, the queue of a memory unit's passes in `cu32_simd`.
pub const PASS_FIFO_VERILOG: &str = include_str!("cu32_pass_fifo.v");
