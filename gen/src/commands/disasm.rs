//! `cu32 disasm`: not built yet.

/// Arguments of `cu32 disasm`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`cu32 disasm` is not implemented yet")
}
