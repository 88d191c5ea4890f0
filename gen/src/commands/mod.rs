//! One module per subcommand: its arguments and what it does.

pub mod asm;
pub mod bench;
pub mod cosim;
pub mod disasm;
pub mod gen;
pub mod info;
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

/// Reads a raw code file of little-endian 32-bit words, naming the file in every error.
pub fn read_words(path: &Path) -> anyhow::Result<Vec<u32>> {
    let bytes = std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
    if bytes.len() % 4 != 0 {
        anyhow::bail!(
            "{}: length {} bytes is not a multiple of 4 (raw code is 32-bit words)",
            path.display(),
            bytes.len()
        );
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// The output folder for a configuration: `<out>/<config name>`.
pub fn config_dir(out: &Path, config: &Config) -> PathBuf {
    out.join(&config.name)
}
