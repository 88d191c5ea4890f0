//! The interleaved core's scalar spine (`cu32_scalar.v`, plain parameterised Verilog): the
//! front end, the decode table, the SGPR file, each wave slot's SCC, VCC, EXEC, M0 and MODE
//! in distributed RAM, and the pipelined SALU, in the stages the file's header lists. It
//! runs the scalar instructions (SOP1, SOP2, SOPK, SOPC, SOPP); its test is the
//! co-simulation of the scalar kernels on a `core: interleaved` configuration
//! (`tests/interleaved.rs` of the hdl crate).

/// The Verilog of the spine, module `cu32_scalar` (it includes the generated `cu32_ctrl.vh`).
pub const VERILOG: &str = include_str!("cu32_scalar.v");
