//! `cu32 gen`: writes the compute unit's Verilog for a configuration to
//! `<out>/<config name>/` (`cu32_top.v`, `cu32_decode.v`, ..., the parameter header
//! `cu32_shape.vh`, `files.f`).

use super::{config_dir, load_config};
use anyhow::Context;
use std::path::{Path, PathBuf};

/// Arguments of `cu32 gen`.
#[derive(clap::Args)]
pub struct Args {
    /// Configuration YAML (default: the embedded default configuration).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Output root; files go to `<out>/<config name>/`.
    #[arg(long, default_value = "build")]
    pub out: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let config = load_config(args.config.as_deref())?;
    let dir = write_verilog(&config, &args.out, &mut std::io::stdout())?;
    println!("generated {} into {}", config.name, dir.display());
    Ok(())
}

/// Generates and writes the configuration's Verilog; returns the folder. Names each file
/// written on `log`.
pub fn write_verilog(
    config: &cu32_hdl::Config,
    out: &Path,
    log: &mut dyn std::io::Write,
) -> anyhow::Result<PathBuf> {
    let dir = config_dir(out, config);
    std::fs::create_dir_all(&dir).with_context(|| format!("{}: cannot create", dir.display()))?;
    for file in cu32_hdl::generate(config)? {
        let path = dir.join(&file.name);
        std::fs::write(&path, &file.text)
            .with_context(|| format!("{}: cannot write", path.display()))?;
        writeln!(
            log,
            "wrote {} ({} lines)",
            path.display(),
            file.text.lines().count()
        )?;
    }
    Ok(dir)
}
