//! `cu32 synth`: not built yet.

/// Arguments of `cu32 synth`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`cu32 synth` is not implemented yet")
}
