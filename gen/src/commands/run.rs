//! `cu32 run`: not built yet.

/// Arguments of `cu32 run`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`cu32 run` is not implemented yet")
}
