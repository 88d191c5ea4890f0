//! `cu32 cosim`: not built yet.

/// Arguments of `cu32 cosim`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`cu32 cosim` is not implemented yet")
}
