//! cu32 RTL: the configuration, the rust-hdl blocks of the compute unit and the Verilog
//! generation that assembles them through the tera templates.
//!
//! First slice: a scalar core (SALU only, one wave). See `hdl/README.md` for the block
//! diagram and instruction latencies.

pub mod config;
pub mod control;
pub mod core;
pub mod lane;
pub mod salu;
pub mod valu_control;
pub mod verilog;

pub use config::{Config, ConfigError};
pub use verilog::{generate, GenError, GeneratedFile};
