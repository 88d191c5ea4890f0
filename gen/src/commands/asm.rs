//! `cu32 asm`: not built yet.

/// Arguments of `cu32 asm`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`cu32 asm` is not implemented yet")
}
