//! Kernel launches: the kernel to run, the grid and work-group shape, and the kernel's
//! explicit arguments in order, read from a YAML launch file or built from command-line
//! flags, and checked against the kernel's metadata.
//!
//! A launch file (paths in it are relative to the file):
//!
//! ```yaml
//! kernel: saxpy          # the kernel's name in the code object
//! grid: [1024]           # work-items per dimension, a list of 1 to 3
//! block: [256]           # work-group size per dimension, as many entries as grid
//! args:                  # the explicit arguments, in order
//!   - f32: 2.5                               # a by-value scalar
//!   - buffer: data/x.bin                     # a global buffer holding the file's bytes
//!   - buffer: data/y.bin                     # ... written back to `out` after the run
//!     out: out/y.bin
//!   - zeros: 4096                            # a global buffer of zero bytes
//!     out: out/z.bin                         # (`out` optional)
//!   - u32: 1024
//! ```
//!
//! Scalars are `u32`, `i32`, `u64`, `f32` and `f64`. Integers are decimal or `0x`
//! hexadecimal; floats are decimal (`1.5`, `-2e-3`, `inf`, `nan`, or YAML's `.inf`,
//! `-.inf`, `.nan`) or `0x` hexadecimal giving the raw bits (`f32: 0x7fc00001`).
//!
//! The same launch from the command line: `--kernel saxpy --grid 1024 --block 256` and one
//! `--arg` per argument, in order: `f32=2.5`, `buffer=data/x.bin`,
//! `buffer=data/y.bin:out=out/y.bin`, `zeros=4096:out=out/z.bin`, `u32=1024` (paths
//! relative to the working directory; a path cannot contain `:`).
//!
//! A launch's buffers hold at most [`MAX_BUFFER_BYTES`] (1 GiB) in all, checked before
//! anything is allocated.
//!
//! The grid need not be a multiple of the work-group size (OpenCL 2.0 non-uniform
//! work-groups): each dimension has `grid / block` full work-groups and, when
//! `grid % block` is not zero, one more, partial, work-group of `grid % block`
//! work-items. This is what clang's code object v5 implicit arguments describe
//! (`hidden_block_count_*` full groups, `hidden_remainder_*` the partial size).

use cu32_isa::code_object::{KernelArg, KernelMetadata};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The largest work-group: 1024 work-items in all (and per dimension, as work-item ids
/// have 10 bits each).
pub const MAX_BLOCK: u32 = 1024;

/// The most bytes a launch's buffers may hold in all (1 GiB): the golden model keeps them
/// in memory, and co-simulation keeps them below 2^32 (see [`Launch::buffer_bytes`]).
pub const MAX_BUFFER_BYTES: u64 = 1 << 30;

/// A launch: kernel, shape and explicit arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    /// Where the launch came from (the launch file's path, or `command line`), for errors.
    pub origin: String,
    pub kernel: String,
    /// Number of dimensions given (1 to 3).
    pub dims: u32,
    /// Work-items per dimension; unused dimensions are 1.
    pub grid: [u32; 3],
    /// Work-group size per dimension; unused dimensions are 1.
    pub block: [u32; 3],
    pub args: Vec<Arg>,
}

/// One explicit kernel argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A global buffer: its initial contents, and where to write it after the run.
    Buffer {
        init: Init,
        out: Option<PathBuf>,
    },
    Scalar(Scalar),
}

/// A buffer's initial contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Init {
    /// The bytes of a file.
    File(PathBuf),
    /// This many zero bytes.
    Zeros(u64),
}

/// A by-value scalar argument.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    U32(u32),
    I32(i32),
    U64(u64),
    F32(f32),
    F64(f64),
}

impl Scalar {
    /// Its little-endian bytes.
    pub fn bytes(self) -> Vec<u8> {
        match self {
            Scalar::U32(v) => v.to_le_bytes().to_vec(),
            Scalar::I32(v) => v.to_le_bytes().to_vec(),
            Scalar::U64(v) => v.to_le_bytes().to_vec(),
            Scalar::F32(v) => v.to_le_bytes().to_vec(),
            Scalar::F64(v) => v.to_le_bytes().to_vec(),
        }
    }

    /// The launch-format key: `u32`, `i32`, `u64`, `f32` or `f64`.
    pub fn key(self) -> &'static str {
        match self {
            Scalar::U32(_) => "u32",
            Scalar::I32(_) => "i32",
            Scalar::U64(_) => "u64",
            Scalar::F32(_) => "f32",
            Scalar::F64(_) => "f64",
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Scalar::F32(_) | Scalar::F64(_))
    }

    /// Parses the text of a scalar given with `key`.
    fn parse(key: &str, text: &str) -> Result<Scalar, String> {
        let t = text.trim();
        let bad = |what: &str| format!("`{t}` is not {what}");
        Ok(match key {
            "u32" => Scalar::U32(
                parse_uint(t)
                    .and_then(|v| v.try_into().ok())
                    .ok_or_else(|| bad("an unsigned 32-bit integer (decimal or 0x hexadecimal)"))?,
            ),
            "u64" => Scalar::U64(
                parse_uint(t)
                    .ok_or_else(|| bad("an unsigned 64-bit integer (decimal or 0x hexadecimal)"))?,
            ),
            "i32" => Scalar::I32(
                parse_int(t)
                    .ok_or_else(|| bad("a signed 32-bit integer (decimal or 0x hexadecimal)"))?,
            ),
            "f32" => Scalar::F32(
                match t.strip_prefix("0x") {
                    Some(hex) => u32::from_str_radix(hex, 16).ok().map(f32::from_bits),
                    None => yaml_float(t)
                        .ok()
                        .map(|v| v as f32)
                        .or_else(|| t.parse().ok()),
                }
                .ok_or_else(|| bad("a float (decimal, or 0x and its 32 bits in hexadecimal)"))?,
            ),
            "f64" => Scalar::F64(
                match t.strip_prefix("0x") {
                    Some(hex) => u64::from_str_radix(hex, 16).ok().map(f64::from_bits),
                    None => yaml_float(t).ok().or_else(|| t.parse().ok()),
                }
                .ok_or_else(|| bad("a double (decimal, or 0x and its 64 bits in hexadecimal)"))?,
            ),
            _ => return Err(format!("unknown scalar type `{key}`")),
        })
    }
}

/// YAML's spellings of infinities and NaN.
fn yaml_float(t: &str) -> Result<f64, ()> {
    match t {
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Ok(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Ok(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => Ok(f64::NAN),
        _ => Err(()),
    }
}

fn parse_uint(t: &str) -> Option<u64> {
    match t.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None if t.starts_with('+') => None,
        None => t.parse().ok(),
    }
}

fn parse_int(t: &str) -> Option<i32> {
    let (neg, mag) = match t.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, t),
    };
    let m = i64::try_from(parse_uint(mag)?).ok()?;
    i32::try_from(if neg { -m } else { m }).ok()
}

/// Why a launch is unusable: where it came from, the offending field, and what is wrong
/// or allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}: {msg}")]
pub struct LaunchError {
    pub origin: String,
    pub msg: String,
}

/// The scalar keys and what each is.
const SCALARS: [&str; 5] = ["u32", "i32", "u64", "f32", "f64"];

/// What one argument may be, for error messages.
const ARG_FORMS: &str = "one of `buffer: FILE` (with optional `out: FILE`), `zeros: BYTES` \
                         (with optional `out: FILE`), `u32`, `i32`, `u64`, `f32` or `f64`";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLaunch {
    kernel: String,
    grid: Vec<u32>,
    block: Vec<u32>,
    #[serde(default)]
    args: Vec<RawArg>,
}

/// One argument as written: every key is optional here, and [`RawArg::build`] checks
/// that they form one allowed combination. Scalars are read as text so that both forms
/// share one parser.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawArg {
    buffer: Option<String>,
    zeros: Option<String>,
    out: Option<String>,
    u32: Option<String>,
    i32: Option<String>,
    u64: Option<String>,
    f32: Option<String>,
    f64: Option<String>,
}

impl RawArg {
    /// The argument, with paths resolved against `dir`; errors name `at` (`args[2]`).
    fn build(self, at: &str, dir: &Path) -> Result<Arg, String> {
        let scalars = [
            ("u32", self.u32),
            ("i32", self.i32),
            ("u64", self.u64),
            ("f32", self.f32),
            ("f64", self.f64),
        ];
        let mut given: Vec<&str> = scalars
            .iter()
            .filter(|(_, v)| v.is_some())
            .map(|(k, _)| *k)
            .collect();
        if self.buffer.is_some() {
            given.push("buffer");
        }
        if self.zeros.is_some() {
            given.push("zeros");
        }
        if given.len() != 1 {
            return Err(format!(
                "{at}: {} given; an argument is {ARG_FORMS}",
                if given.is_empty() {
                    "nothing".to_string()
                } else {
                    given.join(" and ")
                }
            ));
        }
        let out = self.out.map(|o| dir.join(o));
        if let Some(file) = self.buffer {
            return Ok(Arg::Buffer {
                init: Init::File(dir.join(file)),
                out,
            });
        }
        if let Some(bytes) = self.zeros {
            let n = parse_uint(bytes.trim())
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{at}.zeros: `{bytes}` is not a byte count of 1 or more"))?;
            if n > MAX_BUFFER_BYTES {
                return Err(format!(
                    "{at}.zeros: {n} bytes is more than a launch's buffers may hold \
                     ({MAX_BUFFER_BYTES} bytes, 1 GiB)"
                ));
            }
            return Ok(Arg::Buffer {
                init: Init::Zeros(n),
                out,
            });
        }
        let (key, text) = scalars
            .into_iter()
            .find_map(|(k, v)| v.map(|v| (k, v)))
            .expect("one scalar given");
        if out.is_some() {
            return Err(format!(
                "{at}.out: only a `buffer` or `zeros` argument is written back, not `{key}`"
            ));
        }
        Scalar::parse(key, &text)
            .map(Arg::Scalar)
            .map_err(|e| format!("{at}.{key}: {e}"))
    }
}

/// A grid or block list of 1 to 3 sizes, each at least 1, padded with 1s.
fn shape(field: &str, sizes: &[u32]) -> Result<[u32; 3], String> {
    if sizes.is_empty() || sizes.len() > 3 {
        return Err(format!(
            "{field}: {} sizes; give 1 to 3 (x, y, z)",
            sizes.len()
        ));
    }
    if let Some(d) = sizes.iter().position(|&s| s == 0) {
        return Err(format!("{field}[{d}]: 0; every size is at least 1"));
    }
    let mut out = [1; 3];
    out[..sizes.len()].copy_from_slice(sizes);
    Ok(out)
}

/// Grid and block: same number of dimensions, blocks of at most [`MAX_BLOCK`] work-items.
fn shapes(grid: &[u32], block: &[u32]) -> Result<(u32, [u32; 3], [u32; 3]), String> {
    let g = shape("grid", grid)?;
    let b = shape("block", block)?;
    if grid.len() != block.len() {
        return Err(format!(
            "grid has {} dimensions and block {}; give both the same number",
            grid.len(),
            block.len()
        ));
    }
    let total: u64 = b.iter().map(|&s| u64::from(s)).product();
    if total > u64::from(MAX_BLOCK) {
        return Err(format!(
            "block: {total} work-items in a work-group ({b:?}); at most {MAX_BLOCK}"
        ));
    }
    Ok((grid.len() as u32, g, b))
}

impl Launch {
    /// The bytes the launch's buffers hold in all (files by their size, read from the file
    /// system), checked against [`MAX_BUFFER_BYTES`] before anything is read or allocated.
    pub fn buffer_bytes(&self) -> Result<u64, LaunchError> {
        let err = |msg: String| LaunchError {
            origin: self.origin.clone(),
            msg,
        };
        let mut total: u64 = 0;
        for (i, arg) in self.args.iter().enumerate() {
            let Arg::Buffer { init, .. } = arg else {
                continue;
            };
            let size = match init {
                Init::Zeros(n) => *n,
                Init::File(path) => std::fs::metadata(path)
                    .map_err(|e| err(format!("args[{i}].buffer: {}: {e}", path.display())))?
                    .len(),
            };
            total = total.saturating_add(size);
            if total > MAX_BUFFER_BYTES {
                return Err(err(format!(
                    "args[{i}]: the buffers up to it hold {total} bytes, more than a launch's \
                     buffers may hold ({MAX_BUFFER_BYTES} bytes, 1 GiB)"
                )));
            }
        }
        Ok(total)
    }

    /// Reads a launch file.
    pub fn from_file(path: &Path) -> Result<Launch, LaunchError> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| LaunchError {
            origin: origin.clone(),
            msg: format!("cannot read: {e}"),
        })?;
        Launch::from_yaml(&text, path.parent().unwrap_or(Path::new("")), &origin)
    }

    /// Parses launch-file text; paths in it are relative to `dir`, errors are prefixed by
    /// `origin`.
    pub fn from_yaml(text: &str, dir: &Path, origin: &str) -> Result<Launch, LaunchError> {
        let err = |msg: String| LaunchError {
            origin: origin.to_string(),
            msg,
        };
        let raw: RawLaunch = serde_norway::from_str(text).map_err(|e| err(e.to_string()))?;
        let (dims, grid, block) = shapes(&raw.grid, &raw.block).map_err(err)?;
        let args = raw
            .args
            .into_iter()
            .enumerate()
            .map(|(i, a)| a.build(&format!("args[{i}]"), dir))
            .collect::<Result<_, _>>()
            .map_err(err)?;
        Ok(Launch {
            origin: origin.to_string(),
            kernel: raw.kernel,
            dims,
            grid,
            block,
            args,
        })
    }

    /// Builds a launch from command-line flags: `--kernel`, `--grid X[,Y[,Z]]`,
    /// `--block X[,Y[,Z]]` and the `--arg` values in order (see the module doc). Paths
    /// are taken as given.
    pub fn from_flags(
        kernel: &str,
        grid: &str,
        block: &str,
        args: &[String],
    ) -> Result<Launch, LaunchError> {
        let err = |msg: String| LaunchError {
            origin: "command line".to_string(),
            msg,
        };
        let sizes = |flag: &str, text: &str| {
            text.split(',')
                .map(|s| {
                    parse_uint(s.trim())
                        .and_then(|v| u32::try_from(v).ok())
                        .ok_or_else(|| {
                            err(format!(
                                "--{flag} {text}: `{s}` is not a size; give X[,Y[,Z]]"
                            ))
                        })
                })
                .collect::<Result<Vec<u32>, _>>()
        };
        let (dims, g, b) = shapes(&sizes("grid", grid)?, &sizes("block", block)?).map_err(err)?;
        let args = args
            .iter()
            .enumerate()
            .map(|(i, a)| flag_arg(i, a).map_err(err))
            .collect::<Result<_, _>>()?;
        Ok(Launch {
            origin: "command line".to_string(),
            kernel: kernel.to_string(),
            dims,
            grid: g,
            block: b,
            args,
        })
    }

    /// Work-groups per dimension: the full ones and a partial one where the grid is not a
    /// multiple of the block.
    pub fn groups(&self) -> [u32; 3] {
        std::array::from_fn(|d| self.grid[d].div_ceil(self.block[d]))
    }

    /// The work-group ids in dispatch order: x fastest, then y, then z.
    pub fn group_ids(&self) -> impl Iterator<Item = [u32; 3]> {
        let g = self.groups();
        (0..g[2]).flat_map(move |z| (0..g[1]).flat_map(move |y| (0..g[0]).map(move |x| [x, y, z])))
    }

    /// The size of work-group `group` (its id per dimension): the block, or the remainder
    /// in a dimension where it is the last, partial, group.
    pub fn group_size(&self, group: [u32; 3]) -> [u32; 3] {
        std::array::from_fn(|d| {
            let full = self.grid[d] / self.block[d];
            if group[d] < full {
                self.block[d]
            } else {
                self.grid[d] % self.block[d]
            }
        })
    }

    /// The waves (of 32 work-items) of a work-group of `size` work-items per dimension.
    pub fn waves_in(size: [u32; 3]) -> u32 {
        size.iter().product::<u32>().div_ceil(32)
    }

    /// Checks the launch against the kernel's metadata: its name, the work-group size
    /// against `.max_flat_workgroup_size`, the number of explicit arguments, and each
    /// argument's form against its `.value_kind` (a `global_buffer` takes `buffer` or
    /// `zeros`; a `by_value` takes a scalar of its size, a float type a float scalar).
    pub fn check(&self, meta: &KernelMetadata) -> Result<(), LaunchError> {
        let err = |msg: String| LaunchError {
            origin: self.origin.clone(),
            msg,
        };
        if meta.name != self.kernel {
            return Err(err(format!(
                "kernel: `{}`, but the metadata is kernel `{}`",
                self.kernel, meta.name
            )));
        }
        let total: u64 = self.block.iter().map(|&s| u64::from(s)).product();
        if total > meta.max_flat_workgroup_size {
            return Err(err(format!(
                "block: {total} work-items in a work-group; kernel {} allows at most {} \
                 (.max_flat_workgroup_size)",
                meta.name, meta.max_flat_workgroup_size
            )));
        }
        let explicit = explicit_args(meta);
        if explicit.len() != self.args.len() {
            let names: Vec<String> = explicit.iter().map(|a| describe(a)).collect();
            return Err(err(format!(
                "args: {} given; kernel {} takes {}: {}",
                self.args.len(),
                meta.name,
                explicit.len(),
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
        for (i, (arg, param)) in self.args.iter().zip(explicit).enumerate() {
            let at = format!("args[{i}] ({})", describe(param));
            match (param.value_kind.as_str(), arg) {
                ("global_buffer", Arg::Buffer { .. }) => {}
                ("global_buffer", Arg::Scalar(s)) => {
                    return Err(err(format!(
                        "{at}: a global_buffer takes `buffer` or `zeros`, not `{}`",
                        s.key()
                    )))
                }
                ("by_value", Arg::Scalar(s)) => {
                    let size = s.bytes().len() as u64;
                    let float_type = param
                        .type_name
                        .as_deref()
                        .is_some_and(|t| matches!(t, "float" | "double" | "half"));
                    if size != param.size
                        || (param.type_name.is_some() && float_type != s.is_float())
                    {
                        return Err(err(format!(
                            "{at}: a by_value argument of {} bytes{} does not take `{}`; {}",
                            param.size,
                            param
                                .type_name
                                .as_deref()
                                .map_or(String::new(), |t| format!(" ({t})")),
                            s.key(),
                            scalars_for(param.size)
                        )));
                    }
                }
                ("by_value", Arg::Buffer { .. }) => {
                    return Err(err(format!(
                        "{at}: a by_value argument of {} bytes takes a scalar, not a buffer; {}",
                        param.size,
                        scalars_for(param.size)
                    )))
                }
                (kind, _) => {
                    return Err(err(format!(
                        "{at}: {kind} arguments are not supported (only global_buffer and \
                         by_value)"
                    )))
                }
            }
        }
        Ok(())
    }
}

/// The metadata's explicit arguments: those whose kind is not `hidden_*`.
pub fn explicit_args(meta: &KernelMetadata) -> Vec<&KernelArg> {
    meta.args
        .iter()
        .filter(|a| !a.value_kind.starts_with("hidden_"))
        .collect()
}

/// `name: type` of an argument, or its offset when the metadata has no name.
fn describe(a: &KernelArg) -> String {
    match (&a.name, &a.type_name) {
        (Some(n), Some(t)) => format!("{n}: {t}"),
        (Some(n), None) => n.clone(),
        _ => format!("at kernarg offset {}", a.offset),
    }
}

/// The scalar keys of `size` bytes.
fn scalars_for(size: u64) -> String {
    let fit: Vec<&str> = SCALARS
        .iter()
        .copied()
        .filter(|k| Scalar::parse(k, "0").is_ok_and(|s| s.bytes().len() as u64 == size))
        .collect();
    if fit.is_empty() {
        format!("no scalar has {size} bytes (u32, i32, f32: 4; u64, f64: 8)")
    } else {
        format!("give {}", fit.join(" or "))
    }
}

/// One `--arg` value: `KEY=VALUE` parts joined by `:`.
fn flag_arg(index: usize, text: &str) -> Result<Arg, String> {
    let at = format!("--arg {text} (args[{index}])");
    let mut raw = RawArg::default();
    for part in text.split(':') {
        let (key, value) = part.split_once('=').ok_or_else(|| {
            format!("{at}: `{part}` is not KEY=VALUE; an argument is {ARG_FORMS}")
        })?;
        let slot = match key {
            "buffer" => &mut raw.buffer,
            "zeros" => &mut raw.zeros,
            "out" => &mut raw.out,
            "u32" => &mut raw.u32,
            "i32" => &mut raw.i32,
            "u64" => &mut raw.u64,
            "f32" => &mut raw.f32,
            "f64" => &mut raw.f64,
            _ => {
                return Err(format!(
                    "{at}: unknown key `{key}`; an argument is {ARG_FORMS}"
                ))
            }
        };
        if slot.replace(value.to_string()).is_some() {
            return Err(format!("{at}: `{key}` given twice"));
        }
    }
    raw.build(&format!("args[{index}]"), Path::new(""))
        .map_err(|e| format!("--arg {text}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cu32_isa::code_object::CodeObject;

    fn metadata(name: &str) -> KernelMetadata {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../kernels/opencl/build")
            .join(format!("{name}.co"));
        let co = CodeObject::parse(&std::fs::read(&path).unwrap()).unwrap();
        co.kernels()[0].metadata.clone()
    }

    fn yaml(text: &str) -> Result<Launch, LaunchError> {
        Launch::from_yaml(text, Path::new("/k"), "t.yaml")
    }

    fn yaml_err(text: &str) -> String {
        yaml(text).expect_err("an error").to_string()
    }

    const SAXPY: &str = "kernel: saxpy\ngrid: [1000]\nblock: [128]\nargs:\n  - f32: 2.5\n  \
                         - buffer: x.bin\n  - buffer: y.bin\n    out: out/y.bin\n  - u32: 1000\n";

    #[test]
    fn a_launch_file_reads_into_a_launch() {
        let l = yaml(SAXPY).unwrap();
        assert_eq!(l.kernel, "saxpy");
        assert_eq!((l.dims, l.grid, l.block), (1, [1000, 1, 1], [128, 1, 1]));
        assert_eq!(
            l.args,
            [
                Arg::Scalar(Scalar::F32(2.5)),
                Arg::Buffer {
                    init: Init::File("/k/x.bin".into()),
                    out: None
                },
                Arg::Buffer {
                    init: Init::File("/k/y.bin".into()),
                    out: Some("/k/out/y.bin".into())
                },
                Arg::Scalar(Scalar::U32(1000)),
            ]
        );
        assert_eq!(l.groups(), [8, 1, 1]);
        assert_eq!(l.group_size([6, 0, 0]), [128, 1, 1]);
        assert_eq!(l.group_size([7, 0, 0]), [1000 - 7 * 128, 1, 1]);
        l.check(&metadata("saxpy")).unwrap();
    }

    #[test]
    fn flags_build_the_same_launch() {
        let args: Vec<String> = [
            "f32=2.5",
            "buffer=x.bin",
            "buffer=y.bin:out=out/y.bin",
            "u32=1000",
        ]
        .map(String::from)
        .to_vec();
        let l = Launch::from_flags("saxpy", "1000", "128", &args).unwrap();
        let mut want = Launch::from_yaml(SAXPY, Path::new(""), "command line").unwrap();
        want.origin = "command line".to_string();
        assert_eq!(l, want);
        let l =
            Launch::from_flags("k", "60, 40", "16,8", &["zeros=0x10:out=o.bin".into()]).unwrap();
        assert_eq!((l.dims, l.grid, l.block), (2, [60, 40, 1], [16, 8, 1]));
        assert_eq!(l.groups(), [4, 5, 1]);
        assert_eq!(l.group_size([3, 4, 0]), [12, 8, 1]);
        assert_eq!(
            l.args,
            [Arg::Buffer {
                init: Init::Zeros(16),
                out: Some("o.bin".into())
            }]
        );
    }

    #[test]
    fn scalars_parse_in_every_form() {
        let cases = [
            ("u32", "5", Scalar::U32(5)),
            ("u32", "0xffffffff", Scalar::U32(u32::MAX)),
            ("i32", "-1", Scalar::I32(-1)),
            ("i32", "-2147483648", Scalar::I32(i32::MIN)),
            ("i32", "0x7fffffff", Scalar::I32(i32::MAX)),
            ("u64", "18446744073709551615", Scalar::U64(u64::MAX)),
            ("f32", "1.5", Scalar::F32(1.5)),
            ("f32", "-2e-3", Scalar::F32(-2e-3)),
            ("f32", "0x3fc00000", Scalar::F32(1.5)),
            ("f32", "-.inf", Scalar::F32(f32::NEG_INFINITY)),
            ("f32", "inf", Scalar::F32(f32::INFINITY)),
            ("f64", "0.1", Scalar::F64(0.1)),
            ("f64", "0x8000000000000000", Scalar::F64(-0.0)),
        ];
        for (key, text, want) in cases {
            let got = Scalar::parse(key, text).unwrap();
            assert_eq!(got.bytes(), want.bytes(), "{key}: {text}");
        }
        // 0.1 rounds straight to f32, not through f64.
        assert_eq!(Scalar::parse("f32", "0.1").unwrap(), Scalar::F32(0.1));
        assert!(matches!(Scalar::parse("f32", ".nan"), Ok(Scalar::F32(v)) if v.is_nan()));
        for (key, text) in [
            ("u32", "4294967296"),
            ("u32", "-1"),
            ("u32", "+1"),
            ("i32", "2147483648"),
            ("i32", "1.0"),
            ("u64", "x"),
            ("f32", "1,5"),
            ("f32", "0x1ffffffff"),
        ] {
            assert!(Scalar::parse(key, text).is_err(), "{key}: {text}");
        }
    }

    #[test]
    fn file_errors_name_the_file_and_field() {
        let cases = [
            (
                "kernel: k\ngrid: [1]\nblock: [1]\nargs:\n  - bufer: x\n",
                "t.yaml: args[0]: unknown field `bufer`",
            ),
            ("kernel: k\ngrid: [1]\n", "t.yaml: missing field `block`"),
            (
                "kernel: k\ngrid: [1]\nblock: [1]\nextra: 1\n",
                "unknown field `extra`",
            ),
            (
                "kernel: k\ngrid: [-1]\nblock: [1]\n",
                "t.yaml: grid[0]: invalid type",
            ),
            (
                "kernel: k\ngrid: []\nblock: [1]\n",
                "grid: 0 sizes; give 1 to 3",
            ),
            ("kernel: k\ngrid: [1,1,1,1]\nblock: [1]\n", "grid: 4 sizes"),
            (
                "kernel: k\ngrid: [8, 0]\nblock: [1, 1]\n",
                "grid[1]: 0; every size",
            ),
            (
                "kernel: k\ngrid: [8, 8]\nblock: [8]\n",
                "grid has 2 dimensions and block 1",
            ),
            (
                "kernel: k\ngrid: [64, 64]\nblock: [64, 32]\n",
                "block: 2048 work-items",
            ),
            (
                "kernel: k\ngrid: [1]\nblock: [1]\nargs:\n  - u32: 1\n  - {u32: 1, f32: 2}\n",
                "t.yaml: args[1]: u32 and f32 given; an argument is one of `buffer",
            ),
            (
                "kernel: k\ngrid: [1]\nblock: [1]\nargs:\n  - out: o\n",
                "args[0]: nothing given",
            ),
            (
                "kernel: k\ngrid: [1]\nblock: [1]\nargs:\n  - {u32: 1, out: o}\n",
                "args[0].out: only a `buffer` or `zeros` argument is written back, not `u32`",
            ),
            (
                "kernel: k\ngrid: [1]\nblock: [1]\nargs:\n  - zeros: 0\n",
                "args[0].zeros: `0` is not a byte count of 1 or more",
            ),
            (
                "kernel: k\ngrid: [1]\nblock: [1]\nargs:\n  - i32: 3000000000\n",
                "args[0].i32: `3000000000` is not a signed 32-bit integer",
            ),
            (
                "kernel: k\ngrid: [1]\nblock: [1]\nargs:\n  - f32: [1]\n",
                "args[0].f32: invalid type: sequence",
            ),
        ];
        for (text, want) in cases {
            let got = yaml_err(text);
            assert!(got.contains(want), "`{got}` lacks `{want}`");
        }
        let got = Launch::from_file(Path::new("/nonexistent/l.yaml"))
            .unwrap_err()
            .to_string();
        assert!(got.starts_with("/nonexistent/l.yaml: cannot read"), "{got}");
    }

    #[test]
    fn flag_errors_name_the_flag() {
        let cases: [(&str, &[&str], &str); 6] = [
            (
                "1,x",
                &[],
                "command line: --grid 1,x: `x` is not a size; give X[,Y[,Z]]",
            ),
            ("1", &["u32"], "--arg u32 (args[0]): `u32` is not KEY=VALUE"),
            (
                "1",
                &["buffer=a:bufer=b"],
                "--arg buffer=a:bufer=b (args[0]): unknown key `bufer`",
            ),
            (
                "1",
                &["buffer=a:buffer=b"],
                "(args[0]): `buffer` given twice",
            ),
            (
                "1",
                &["u32=1", "buffer=a:u32=1"],
                "--arg buffer=a:u32=1: args[1]: u32 and buffer",
            ),
            (
                "1",
                &["u32=x"],
                "--arg u32=x: args[0].u32: `x` is not an unsigned 32-bit",
            ),
        ];
        for (grid, args, want) in cases {
            let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            let got = Launch::from_flags("k", grid, "1", &args)
                .unwrap_err()
                .to_string();
            assert!(got.contains(want), "`{got}` lacks `{want}`");
        }
    }

    #[test]
    fn local_pointer_arguments_are_refused() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../isa/tests/data/co/vecops.co");
        let co = CodeObject::parse(&std::fs::read(path).unwrap()).unwrap();
        let meta = &co.kernel("reverse").unwrap().metadata;
        let l = yaml(
            "kernel: reverse\ngrid: [64]\nblock: [64]\nargs:\n  - zeros: 256\n  - zeros: 256\n",
        )
        .unwrap();
        let got = l.check(meta).unwrap_err().to_string();
        let want =
            "args[1] (at kernarg offset 8): dynamic_shared_pointer arguments are not supported";
        assert!(got.contains(want), "`{got}` lacks `{want}`");
    }

    #[test]
    fn checks_against_metadata_name_the_argument() {
        let meta = metadata("saxpy");
        let with = |args: &str| {
            let l = yaml(&format!(
                "kernel: saxpy\ngrid: [64]\nblock: [64]\nargs:\n{args}"
            ))
            .unwrap();
            l.check(&meta).map_err(|e| e.to_string())
        };
        let ok = "  - f32: 1\n  - buffer: x\n  - zeros: 4\n  - u32: 1\n";
        with(ok).unwrap();
        let cases = [
            (
                "  - f32: 1\n",
                "t.yaml: args: 1 given; kernel saxpy takes 4: a: float, x: float*, y: float*, n: uint",
            ),
            (
                "  - u32: 1\n  - buffer: x\n  - zeros: 4\n  - u32: 1\n",
                "args[0] (a: float): a by_value argument of 4 bytes (float) does not take `u32`; \
                 give u32 or i32 or f32",
            ),
            (
                "  - f64: 1\n  - buffer: x\n  - zeros: 4\n  - u32: 1\n",
                "args[0] (a: float): a by_value argument of 4 bytes (float) does not take `f64`",
            ),
            (
                "  - f32: 1\n  - u64: 1\n  - zeros: 4\n  - u32: 1\n",
                "args[1] (x: float*): a global_buffer takes `buffer` or `zeros`, not `u64`",
            ),
            (
                "  - f32: 1\n  - buffer: x\n  - zeros: 4\n  - buffer: n\n",
                "args[3] (n: uint): a by_value argument of 4 bytes takes a scalar, not a buffer",
            ),
        ];
        for (args, want) in cases {
            let got = with(args).unwrap_err();
            assert!(got.contains(want), "`{got}` lacks `{want}`");
        }
        let l = yaml(&format!(
            "kernel: saxpy\ngrid: [512]\nblock: [512]\nargs:\n{ok}"
        ))
        .unwrap();
        let got = l.check(&meta).unwrap_err().to_string();
        assert!(
            got.contains("block: 512 work-items in a work-group; kernel saxpy allows at most 256"),
            "{got}"
        );
        let l = yaml(&format!("kernel: sax\ngrid: [1]\nblock: [1]\nargs:\n{ok}")).unwrap();
        let got = l.check(&meta).unwrap_err().to_string();
        assert!(
            got.contains("kernel: `sax`, but the metadata is kernel `saxpy`"),
            "{got}"
        );
    }
}
