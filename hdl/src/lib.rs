//! cu32 RTL: the configuration, the rust-hdl blocks of the compute unit and the Verilog
//! generation that assembles them through the tera templates.
//!
//! One wave: a scalar core (SALU) and the first slice of the vector unit (integer VALU,
//! DPP, VOPD; `lanes` copies of the rust-hdl lane replicated by a template). See
//! `hdl/README.md` for the block diagrams and instruction latencies.

pub mod config;
pub mod control;
pub mod core;
pub mod dispatch;
pub mod lane;
pub mod salu;
pub mod valu_control;
pub mod vector;
pub mod verilog;

pub use config::{Config, ConfigError};
pub use verilog::{generate, GenError, GeneratedFile};
