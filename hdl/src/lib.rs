//! cu32 RTL: the configuration, the rust-hdl blocks of the compute unit and the Verilog
//! generation that assembles them through the tera templates.

pub mod config;

pub use config::{Config, ConfigError};
