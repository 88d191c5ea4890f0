//! The compute unit's top (`cu32_top.v`, plain Verilog over the generated
//! `cu32_shape.vh`): the ports every cu32 top has (instruction memory, start, status, host
//! port, bus port, trace), around the scalar spine for now.

/// The Verilog of the top, module `cu32_top`.
pub const VERILOG: &str = include_str!("cu32_top.v");
