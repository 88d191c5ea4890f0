//! The cu32 golden model: a functional wave32 executor that runs RDNA3 machine code and
//! emits one trace event per retired instruction, plus the Verilator co-simulation harness
//! that runs the generated RTL and compares its trace with the model's.

pub mod cosim;
pub mod dispatch;
pub mod launch;
pub mod memory;
pub mod model;
pub mod streams;
pub mod trace;

pub use model::{Machine, ModelError, RunSummary, Wave};
pub use trace::{Space, TraceEvent, Write};
