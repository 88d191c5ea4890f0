//! One module per subcommand: its arguments and what it does.

pub mod asm;
pub mod cosim;
pub mod disasm;
pub mod gen;
pub mod run;
pub mod synth;

use anyhow::Context;
use cu32_hdl::Config;
use std::path::{Path, PathBuf};

/// Loads `--config FILE`, or the embedded default when none is given.
pub fn load_config(path: Option<&Path>) -> anyhow::Result<Config> {
    match path {
        Some(p) => Ok(Config::load(p)?),
        None => Ok(Config::default_config()),
    }
}

/// Reads a whole text file, naming it in the error.
pub fn read_text(path: &Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("{}: cannot read", path.display()))
}

/// The output folder for a configuration: `<out>/<config name>`.
pub fn config_dir(out: &Path, config: &Config) -> PathBuf {
    out.join(&config.name)
}
