//! One module per subcommand: its arguments and what it does.

pub mod asm;
pub mod bench;
pub mod bench_rtl;
pub mod board;
pub mod cosim;
pub mod disasm;
pub mod figures;
pub mod gen;
pub mod info;
pub mod run;
pub mod synth;

use anyhow::Context;
use cu32_hdl::Config;
use cu32_sim::launch::Launch;
use std::path::{Path, PathBuf};

/// The exit status of `cu32` for an outcome other than success (0), an error in the input
/// or the tools (1) and a usage error (2, from clap): `cu32 --help` lists them.
pub mod exit {
    /// A usage error found after parsing the command line (clap's own exit with 2 too).
    pub const USAGE: u8 = 2;
    /// The RTL and the golden model differ (co-simulation).
    pub const DIFFER: u8 = 3;
    /// The configuration does not implement an instruction the program runs.
    pub const UNSUPPORTED: u8 = 4;
}

/// An error that ends `cu32` with a given exit status (see [`exit`]).
#[derive(Debug)]
pub struct Exit {
    pub code: u8,
    pub message: String,
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Exit {}

/// A table's row as a JSON object: each header names its cell; a number is a number, `-`
/// is null, any other cell a string.
pub fn row_json<'a>(
    headers: impl IntoIterator<Item = &'a str>,
    cells: &[String],
) -> serde_json::Map<String, serde_json::Value> {
    headers
        .into_iter()
        .zip(cells)
        .map(|(h, c)| {
            let value = if c == "-" {
                serde_json::Value::Null
            } else if let Ok(n) = c.parse::<i64>() {
                serde_json::json!(n)
            } else {
                match c.parse::<f64>() {
                    Ok(x) if x.is_finite() => serde_json::json!(x),
                    _ => serde_json::Value::String(c.clone()),
                }
            };
            (h.to_string(), value)
        })
        .collect()
}

/// Loads `--config FILE`, or the embedded default when none is given.
pub fn load_config(path: Option<&Path>) -> anyhow::Result<Config> {
    match path {
        Some(p) => Ok(Config::load(p)?),
        None => Ok(Config::default_config()),
    }
}

/// Whether `path` is `-`: standard input (or output).
pub fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads a whole file, or standard input for `-`, naming it in the error.
pub fn read_bytes(path: &Path) -> anyhow::Result<Vec<u8>> {
    if is_stdio(path) {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)
            .context("-: cannot read standard input")?;
        return Ok(bytes);
    }
    std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))
}

/// Reads a whole text file (or standard input for `-`), naming it in the error: a code
/// object is named as such, other bytes that are not UTF-8 by line and column.
pub fn read_text(path: &Path) -> anyhow::Result<String> {
    let bytes = read_bytes(path)?;
    if bytes.starts_with(b"\x7fELF") {
        anyhow::bail!(
            "{}: this is a code object (ELF), not assembly: dispatch one of its kernels with \
             --launch FILE (or --kernel, --grid, --block and --arg); `cu32 info` lists them",
            path.display()
        );
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = good.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        anyhow::anyhow!(
            "{}:{line}:{col}: not UTF-8 text (byte 0x{:02x}); assembly is UTF-8 text",
            path.display(),
            e.as_bytes()[good.len()]
        )
    })
}

/// Reads a raw code file of little-endian 32-bit words (or standard input for `-`),
/// naming the file in every error.
pub fn read_words(path: &Path) -> anyhow::Result<Vec<u32>> {
    words(path, &read_bytes(path)?)
}

/// The little-endian 32-bit words of raw code read from `path`.
// `is_multiple_of` is newer than the workspace's rust-version (1.80).
#[allow(clippy::manual_is_multiple_of)]
pub fn words(path: &Path, bytes: &[u8]) -> anyhow::Result<Vec<u32>> {
    if bytes.len() % 4 != 0 {
        anyhow::bail!(
            "{}: length {} bytes is not a multiple of 4 (raw code is 32-bit words)",
            path.display(),
            bytes.len()
        );
    }
    Ok(cu32_isa::words_le(bytes))
}

/// The output folder for a configuration: `<out>/<config name>`.
pub fn config_dir(out: &Path, config: &Config) -> PathBuf {
    out.join(&config.name)
}

/// How a code object is launched: a launch file, or the kernel, grid, block and arguments
/// on the command line (`cu32 run`, `cu32 cosim`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct LaunchArgs {
    /// Launch file (YAML) for a code object: kernel, grid, block, arguments.
    #[arg(long, conflicts_with_all = ["kernel", "grid", "block", "arg"])]
    pub launch: Option<PathBuf>,
    /// Kernel to dispatch (with `--grid`, `--block` and `--arg`).
    #[arg(long, requires_all = ["grid", "block"])]
    pub kernel: Option<String>,
    /// Grid size in work-items, X[,Y[,Z]].
    #[arg(long, requires = "kernel")]
    pub grid: Option<String>,
    /// Work-group size, X[,Y[,Z]].
    #[arg(long, requires = "kernel")]
    pub block: Option<String>,
    /// One kernel argument, in order: `u32=5`, `f32=2.5`, `buffer=in.bin`,
    /// `buffer=y.bin:out=out/y.bin`, `zeros=4096:out=z.bin`.
    #[arg(long, requires = "kernel")]
    pub arg: Vec<String>,
}

impl LaunchArgs {
    /// The launch the flags describe, if any.
    pub fn launch(&self) -> anyhow::Result<Option<Launch>> {
        if let Some(path) = &self.launch {
            return Ok(Some(Launch::from_file(path)?));
        }
        if let (Some(kernel), Some(grid), Some(block)) = (&self.kernel, &self.grid, &self.block) {
            return Ok(Some(Launch::from_flags(kernel, grid, block, &self.arg)?));
        }
        Ok(None)
    }
}

/// Whether `a` and `b` name the same existing file (through links and `..` too).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Checks, before a dispatch, that no output buffer's file is one of the inputs: the code
/// object, the launch file, or another argument's input buffer (a buffer written back to
/// its own file is what its launch asks for).
pub fn check_outputs(code: &Path, launch: &Launch) -> anyhow::Result<()> {
    use cu32_sim::launch::{Arg, Init};
    let launch_file = Path::new(&launch.origin);
    for (i, arg) in launch.args.iter().enumerate() {
        let Arg::Buffer { out: Some(out), .. } = arg else {
            continue;
        };
        let mut inputs = vec![(code, "the code object".to_string())];
        if launch_file.is_file() {
            inputs.push((launch_file, "the launch file".to_string()));
        }
        for (j, other) in launch.args.iter().enumerate() {
            if let (
                true,
                Arg::Buffer {
                    init: Init::File(f),
                    ..
                },
            ) = (i != j, other)
            {
                inputs.push((f, format!("the input of args[{j}]")));
            }
        }
        if let Some((_, what)) = inputs.iter().find(|(input, _)| same_file(input, out)) {
            anyhow::bail!(
                "{}: args[{i}].out: {} is {what}: the output would overwrite it",
                launch.origin,
                out.display()
            );
        }
    }
    Ok(())
}

/// Reads and parses a code object, naming the file in every error.
pub fn read_code_object(path: &Path) -> anyhow::Result<cu32_isa::code_object::CodeObject> {
    let name = path.display().to_string();
    let file = read_bytes(path)?;
    cu32_isa::code_object::CodeObject::parse(&file).with_context(|| name.clone())
}
