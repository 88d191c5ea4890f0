//! The scalar spine (`cu32_scalar.v`, plain parameterised Verilog): the
//! front end, the decode table, the SGPR file, each wave slot's SCC, VCC, EXEC, M0 and MODE
//! in distributed RAM, the scalar ALU, the memory counters and the scalar memory unit, in
//! the stages the file's header lists. It runs the scalar instructions (SOP1, SOP2, SOPK,
//! SOPC, SOPP) and the scalar loads; its test is the co-simulation of the scalar and
//! scalar-memory programs and of random streams (`core_cosimulates_programs` in the
//! workspace's `tests/cli.rs`). Its M0-relative operands go through [`indexer::Indexer`].

pub mod indexer;

/// The Verilog of the spine, module `cu32_scalar` (it includes the generated `cu32_ctrl.vh`).
pub const VERILOG: &str = include_str!("cu32_scalar.v");
