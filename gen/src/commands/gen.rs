//! `cu32 gen`: not built yet.

/// Arguments of `cu32 gen`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`cu32 gen` is not implemented yet")
}
