//! Dispatch setup: from a code object and a [`Launch`], place the code object's image
//! (read-only, so PC-relative constant data is reachable) and the argument buffers in a
//! [`Memory`], and build the kernarg segment the kernel's metadata describes:
//!
//! - explicit arguments at their `.offset`: a buffer's address (8 bytes), a scalar's
//!   little-endian bytes;
//! - `hidden_block_count_x/y/z`: the number of full work-groups, `grid / block`;
//! - `hidden_group_size_x/y/z`: the work-group size;
//! - `hidden_remainder_x/y/z`: `grid % block`, the size of a trailing partial work-group;
//! - `hidden_grid_dims`: the number of dimensions given;
//! - every other hidden argument (global offsets, dynamic LDS size, hostcall and heap
//!   pointers, ...) 0: there is no runtime behind them.
//!
//! The kernarg segment is placed read-only after the buffers. A kernel with a private
//! segment (`private_segment_fixed_size` > 0 in its descriptor) gets one writable
//! allocation of private segments: that many bytes for each lane of each wave of a
//! work-group (lane `l` of wave `w` at `(32 * w + l) * size`), which the work-groups
//! reuse (the run zeroes it before each one). The image is also decoded
//! once into the [`Program`] every wave of the dispatch runs.

use crate::launch::{explicit_args, Arg, Init, Launch, LaunchError};
use crate::memory::{Memory, MemoryError};
use crate::model::Program;
use cu32_isa::code_object::CodeObject;
use std::path::PathBuf;
use std::sync::Arc;

/// The image's address `v` (ELF virtual address) is placed at `IMAGE_BIAS + v`.
pub const IMAGE_BIAS: u64 = 0x0001_0000_0000;

/// A dispatch ready to run: where to start and what to write back afterwards.
#[derive(Clone, Debug)]
pub struct Dispatch {
    /// Address of the kernel's first instruction.
    pub entry: u64,
    /// Address of the kernarg segment (`s[0:1]` at wave start).
    pub kernarg: u64,
    /// The buffers to write back after the run, in argument order.
    pub outputs: Vec<Output>,
    /// The code object image as the waves run it (decoded once, shared by every wave).
    pub program: Arc<Program>,
    /// The private segments, when the kernel has a private segment.
    pub private: Option<PrivateSegments>,
    /// The VGPRs a wave can write ([`Program::vgpr_bound`] of the entry).
    vgpr_bound: usize,
    /// Whether the waves run with the memory-wait checker on ([`Machine::check_waits`];
    /// `prepare` leaves it off).
    ///
    /// [`Machine::check_waits`]: crate::Machine::check_waits
    pub check_waits: bool,
}

impl Dispatch {
    /// The VGPRs a wave of the dispatch can write while it runs instructions of the
    /// program's sweep ([`Program::vgpr_bound`] of the entry), found once here.
    pub fn vgpr_bound(&self) -> usize {
        self.vgpr_bound
    }
}

/// The most bytes of private segments a dispatch may need (a descriptor asking for more
/// is refused rather than exhausting the host's memory).
pub const PRIVATE_LIMIT: u64 = 1 << 30;

/// The per-lane private (scratch) memory of a work-group's waves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrivateSegments {
    /// Address of wave 0 lane 0's segment.
    pub base: u64,
    /// Bytes per lane (the descriptor's `private_segment_fixed_size`).
    pub lane_bytes: u32,
    /// Waves of the largest work-group.
    pub waves: u32,
}

impl PrivateSegments {
    /// Address of wave `w`'s lane 0 segment.
    pub fn wave_base(&self, w: u32) -> u64 {
        self.base + u64::from(w) * 32 * u64::from(self.lane_bytes)
    }

    /// Bytes of all segments.
    pub fn len(&self) -> u64 {
        u64::from(self.waves) * 32 * u64::from(self.lane_bytes)
    }

    /// Whether there are no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A buffer written back to a file after the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// The argument's index among the explicit arguments.
    pub arg: usize,
    pub addr: u64,
    pub size: u64,
    pub path: PathBuf,
}

/// Why a dispatch cannot be set up or its outputs written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DispatchError {
    #[error(transparent)]
    Launch(#[from] LaunchError),
    #[error(transparent)]
    Memory(#[from] MemoryError),
    #[error("{path}: {msg}")]
    Output { path: String, msg: String },
}

/// Places everything `launch` needs in `memory` and returns the dispatch. The launch is
/// checked against the kernel's metadata first ([`Launch::check`]); input files are read
/// here.
pub fn prepare(
    code: &CodeObject,
    launch: &Launch,
    memory: &mut Memory,
) -> Result<Dispatch, DispatchError> {
    prepare_at(code, launch, memory, IMAGE_BIAS)
}

/// [`prepare`] with the image's address `v` placed at `image_bias + v` (the co-simulation
/// keeps the image, like the memory's heap, below 2^32).
pub fn prepare_at(
    code: &CodeObject,
    launch: &Launch,
    memory: &mut Memory,
    image_bias: u64,
) -> Result<Dispatch, DispatchError> {
    let err = |msg: String| LaunchError {
        origin: launch.origin.clone(),
        msg,
    };
    let kernel = code.kernel(&launch.kernel).ok_or_else(|| {
        let names: Vec<&str> = code.kernels().iter().map(|k| k.name.as_str()).collect();
        err(format!(
            "kernel: `{}` is not in the code object (its kernels: {})",
            launch.kernel,
            names.join(", ")
        ))
    })?;
    let meta = &kernel.metadata;
    launch.check(meta)?;
    launch.buffer_bytes()?;
    let (base, image) = code.image();
    let words = cu32_isa::words_le(&image);
    memory.map(image_bias + base, "code object image", image, false)?;

    let mut kernarg = vec![0u8; meta.kernarg_segment_size as usize];
    let mut outputs = Vec::new();
    for (i, (arg, param)) in launch.args.iter().zip(explicit_args(meta)).enumerate() {
        let bytes = match arg {
            Arg::Scalar(s) => s.bytes(),
            Arg::Buffer { init, out } => {
                let data = match init {
                    Init::Zeros(n) => vec![0; *n as usize],
                    Init::File(path) => {
                        let d = std::fs::read(path).map_err(|e| {
                            err(format!("args[{i}].buffer: {}: {e}", path.display()))
                        })?;
                        if d.is_empty() {
                            return Err(err(format!(
                                "args[{i}].buffer: {} is empty; a buffer has at least 1 byte",
                                path.display()
                            ))
                            .into());
                        }
                        d
                    }
                };
                let size = data.len() as u64;
                let name = param.name.as_deref().unwrap_or("?");
                let addr = memory.allocate(&format!("args[{i}] ({name})"), data, true);
                if let Some(path) = out {
                    outputs.push(Output {
                        arg: i,
                        addr,
                        size,
                        path: path.clone(),
                    });
                }
                addr.to_le_bytes().to_vec()
            }
        };
        let at = param.offset as usize;
        kernarg[at..at + bytes.len()].copy_from_slice(&bytes);
    }
    for param in meta
        .args
        .iter()
        .filter(|a| a.value_kind.starts_with("hidden_"))
    {
        let value = hidden_value(&param.value_kind, launch);
        let at = param.offset as usize;
        let bytes = value.to_le_bytes();
        let size = (param.size as usize).min(8);
        if bytes[size..].iter().any(|&b| b != 0) {
            return Err(err(format!(
                "{} = {value} does not fit its {} bytes at kernarg offset {}",
                param.value_kind, param.size, param.offset
            ))
            .into());
        }
        kernarg[at..at + size].copy_from_slice(&bytes[..size]);
    }
    let kernarg = memory.allocate("kernarg segment", kernarg, false);
    let lane_bytes = kernel.descriptor.private_segment_fixed_size;
    let private = if lane_bytes > 0 {
        let waves = Launch::waves_in(launch.block);
        let mut p = PrivateSegments {
            base: 0,
            lane_bytes,
            waves,
        };
        if p.len() > PRIVATE_LIMIT {
            return Err(err(format!(
                "kernel {}: private segments of {lane_bytes} bytes per work-item for {waves} \
                 waves need {} bytes, more than the model's {PRIVATE_LIMIT}",
                launch.kernel,
                p.len()
            ))
            .into());
        }
        p.base = memory.allocate("private segments", vec![0; p.len() as usize], true);
        Some(p)
    } else {
        None
    };
    let program = Program::new(words, image_bias + base);
    let entry = image_bias + kernel.entry;
    Ok(Dispatch {
        private,
        entry,
        kernarg,
        outputs,
        vgpr_bound: program.vgpr_bound(entry.wrapping_sub(program.base()) as u32),
        program: Arc::new(program),
        check_waits: false,
    })
}

/// The value of a hidden argument for `launch`.
fn hidden_value(kind: &str, launch: &Launch) -> u64 {
    let dim = |suffix: &str| match suffix {
        "x" => Some(0),
        "y" => Some(1),
        "z" => Some(2),
        _ => None,
    };
    let per_dim = |prefix: &str| kind.strip_prefix(prefix).and_then(dim);
    if let Some(d) = per_dim("hidden_block_count_") {
        u64::from(launch.grid[d] / launch.block[d])
    } else if let Some(d) = per_dim("hidden_group_size_") {
        u64::from(launch.block[d])
    } else if let Some(d) = per_dim("hidden_remainder_") {
        u64::from(launch.grid[d] % launch.block[d])
    } else if kind == "hidden_grid_dims" {
        u64::from(launch.dims)
    } else {
        0
    }
}

/// Writes every output buffer to its file, creating folders as needed.
pub fn write_outputs(outputs: &[Output], memory: &Memory) -> Result<(), DispatchError> {
    for o in outputs {
        let fail = |e: std::io::Error| DispatchError::Output {
            path: o.path.display().to_string(),
            msg: format!("writing args[{}]: {e}", o.arg),
        };
        let bytes = memory.read(o.addr, o.size)?;
        if let Some(dir) = o.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(fail)?;
        }
        std::fs::write(&o.path, bytes).map_err(fail)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::HEAP_BASE;
    use std::path::Path;

    fn suite() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/opencl")
    }

    /// The committed kernel `name` prepared with its committed launch file.
    fn prepared(name: &str) -> (CodeObject, Launch, Memory, Dispatch) {
        let co = std::fs::read(suite().join(format!("build/{name}.co"))).unwrap();
        let co = CodeObject::parse(&co).unwrap();
        let launch = Launch::from_file(&suite().join(format!("{name}.yaml"))).unwrap();
        let mut memory = Memory::new();
        let d = prepare(&co, &launch, &mut memory).unwrap();
        (co, launch, memory, d)
    }

    fn word(m: &Memory, addr: u64, size: u64) -> u64 {
        m.load(addr, size).unwrap() as u64
    }

    #[test]
    fn a_private_segment_gets_per_lane_memory_zeroed_for_every_work_group() {
        // saxpy with its descriptor's private_segment_fixed_size patched to 24 bytes.
        let file = std::fs::read(suite().join("build/saxpy.co")).unwrap();
        let co = CodeObject::parse(&file).unwrap();
        let k = co.kernel("saxpy").unwrap();
        let (base, image) = co.image();
        let at = (k.descriptor_addr - base) as usize;
        let kd = &image[at..at + 64];
        let pos = file
            .windows(64)
            .position(|w| w == kd)
            .expect("descriptor bytes");
        let mut patched = file.clone();
        patched[pos + 4..pos + 8].copy_from_slice(&24u32.to_le_bytes());
        let co = CodeObject::parse(&patched).unwrap();
        assert_eq!(
            co.kernel("saxpy")
                .unwrap()
                .descriptor
                .private_segment_fixed_size,
            24
        );
        let launch = Launch::from_file(&suite().join("saxpy.yaml")).unwrap();
        let mut memory = Memory::new();
        let d = prepare(&co, &launch, &mut memory).unwrap();
        let p = d.private.expect("private segments");
        let waves = launch.block.iter().product::<u32>().div_ceil(32);
        assert_eq!((p.lane_bytes, p.waves), (24, waves));
        assert_eq!(p.len(), u64::from(waves) * 32 * 24);
        assert_eq!(p.wave_base(1), p.base + 32 * 24);
        assert!(memory
            .read(p.base, p.len())
            .unwrap()
            .iter()
            .all(|&b| b == 0));
        memory.check_write(p.base + p.len() - 1, 1).unwrap();
        // The kernel still runs (and the run zeroes the segments per work-group).
        memory.write(p.base, &[0xab; 8]).unwrap();
        crate::model::workgroup::run_dispatch(&co, &launch, &d, &mut memory, 1 << 24, None)
            .unwrap();
        assert!(memory
            .read(p.base, p.len())
            .unwrap()
            .iter()
            .all(|&b| b == 0));
        // Without a private segment there is none.
        assert!(prepared("saxpy").3.private.is_none());
    }

    #[test]
    fn saxpy_kernarg_holds_scalars_buffers_and_hidden_arguments() {
        let (co, _, m, d) = prepared("saxpy");
        let k = d.kernarg;
        // Offsets as `cu32 info` and llvm-readelf --notes list them.
        assert_eq!(m.read(k, 288).unwrap().len(), 288);
        assert_eq!(word(&m, k, 4), u64::from(2.5f32.to_bits()));
        let (x, y) = (word(&m, k + 8, 8), word(&m, k + 16, 8));
        assert_eq!((x, y), (HEAP_BASE, HEAP_BASE + 0x2000));
        assert_eq!(word(&m, k + 24, 4), 1024);
        let hidden = [
            (32, 4, 4),   // hidden_block_count_x: 1024 / 256
            (36, 4, 1),   // y
            (40, 4, 1),   // z
            (44, 2, 256), // hidden_group_size_x
            (46, 2, 1),
            (48, 2, 1),
            (50, 2, 0), // hidden_remainder_x
            (52, 2, 0),
            (54, 2, 0),
            (72, 8, 0), // hidden_global_offset_x/y/z
            (80, 8, 0),
            (88, 8, 0),
            (96, 2, 1), // hidden_grid_dims
        ];
        for (off, size, want) in hidden {
            assert_eq!(word(&m, k + off, size), want, "kernarg offset {off}");
        }
        // Padding and the rest of the 288 bytes are zero.
        assert_eq!(word(&m, k + 4, 4), 0);
        assert!(m.read(k + 98, 190).unwrap().iter().all(|&b| b == 0));
        // Buffers hold the input files; y is written back.
        let x_file = std::fs::read(suite().join("data/saxpy_x.bin")).unwrap();
        assert_eq!(m.read(x, 4096).unwrap(), x_file);
        assert_eq!(
            d.outputs,
            [Output {
                arg: 2,
                addr: y,
                size: 4096,
                path: suite().join("out/saxpy_y.bin"),
            }]
        );
        // The kernarg segment and the image are read-only; the image holds the code at
        // the entry.
        assert!(matches!(
            Memory::clone(&m).store(k, 4, 0),
            Err(MemoryError::ReadOnly { .. })
        ));
        let kernel = co.kernel("saxpy").unwrap();
        assert_eq!(d.entry, IMAGE_BIAS + kernel.entry);
        let code = m.read(d.entry, kernel.code.len() as u64).unwrap();
        assert_eq!(code, kernel.code);
        let desc = m.read(IMAGE_BIAS + kernel.descriptor_addr, 64).unwrap();
        assert_eq!(desc[8..12], 288u32.to_le_bytes(), "descriptor kernarg_size");
    }

    #[test]
    fn two_dimensional_non_uniform_grid_sets_remainders() {
        let (_, launch, m, d) = prepared("box_blur");
        let k = d.kernarg;
        assert_eq!((word(&m, k + 16, 4), word(&m, k + 20, 4)), (60, 40));
        let hidden = [
            (24, 4, 3), // 60 / 16 full groups in x
            (28, 4, 5), // 40 / 8 in y
            (32, 4, 1),
            (36, 2, 16),
            (38, 2, 8),
            (40, 2, 1),
            (42, 2, 12), // 60 % 16
            (44, 2, 0),
            (46, 2, 0),
            (88, 2, 2), // two dimensions
        ];
        for (off, size, want) in hidden {
            assert_eq!(word(&m, k + off, size), want, "kernarg offset {off}");
        }
        assert_eq!(launch.groups(), [4, 5, 1]);
        assert_eq!(d.outputs[0].size, 2400);
        assert_eq!(m.read(d.outputs[0].addr, 2400).unwrap(), [0; 2400]);
    }

    #[test]
    fn a_kernel_without_hidden_arguments_gets_only_its_own() {
        let (co, _, m, d) = prepared("bitonic_sort");
        let meta = &co.kernels()[0].metadata;
        assert_eq!(meta.kernarg_segment_size, 8);
        assert_eq!(word(&m, d.kernarg, 8), HEAP_BASE);
        assert!(m.read(d.kernarg + 8, 1).is_err());
    }

    #[test]
    fn f64_scalars_and_uneven_buffers_take_their_places() {
        let (_, _, m, d) = prepared("daxpy");
        assert_eq!(word(&m, d.kernarg, 8), (-1.5f64).to_bits());
        let (_, _, m, d) = prepared("half_axpy");
        assert_eq!(word(&m, d.kernarg, 4), u64::from(0.75f32.to_bits()));
        assert_eq!(word(&m, d.kernarg + 24, 4), 512);
    }

    #[test]
    fn outputs_are_written_back() {
        let (_, _, mut m, mut d) = prepared("vector_add");
        let dir = tempfile::tempdir().unwrap();
        let out = &mut d.outputs[0];
        assert_eq!((out.arg, out.size), (2, 4000));
        out.path = dir.path().join("new/c.bin");
        m.store(out.addr + 3996, 4, 0x4049_0fdb).unwrap();
        write_outputs(&d.outputs, &m).unwrap();
        let bytes = std::fs::read(dir.path().join("new/c.bin")).unwrap();
        assert_eq!(bytes.len(), 4000);
        assert_eq!(bytes[3996..], 0x4049_0fdbu32.to_le_bytes());
        d.outputs[0].path = dir.path().to_path_buf();
        let got = write_outputs(&d.outputs, &m).unwrap_err().to_string();
        assert!(
            got.starts_with(&format!("{}: writing args[2]: ", dir.path().display())),
            "{got}"
        );
    }

    #[test]
    fn errors_name_the_launch_and_argument() {
        let co = std::fs::read(suite().join("build/saxpy.co")).unwrap();
        let co = CodeObject::parse(&co).unwrap();
        let dir = Path::new("/nonexistent");
        let launch = |args: &str| {
            let text = format!("kernel: saxpy\ngrid: [4]\nblock: [4]\nargs:\n{args}");
            Launch::from_yaml(&text, dir, "l.yaml").unwrap()
        };
        let fail = |l: &Launch| prepare(&co, l, &mut Memory::new()).unwrap_err().to_string();
        let got = fail(&launch(
            "  - f32: 1\n  - buffer: x.bin\n  - zeros: 4\n  - u32: 1\n",
        ));
        assert!(
            got.starts_with("l.yaml: args[1].buffer: /nonexistent/x.bin: "),
            "{got}"
        );
        let mut l = launch("  - f32: 1\n");
        assert!(fail(&l).contains("l.yaml: args: 1 given; kernel saxpy takes 4"));
        l.kernel = "vector_add".to_string();
        assert_eq!(
            fail(&l),
            "l.yaml: kernel: `vector_add` is not in the code object (its kernels: saxpy)"
        );
        let empty = tempfile::NamedTempFile::new().unwrap();
        let args = format!(
            "  - f32: 1\n  - buffer: {}\n  - zeros: 4\n  - u32: 1\n",
            empty.path().display()
        );
        assert!(fail(&launch(&args)).contains("is empty; a buffer has at least 1 byte"));
    }
}
