//! The OpenCL kernel suite in `kernels/opencl/`: the committed code objects are what
//! `build.sh` makes from the sources (checked live when clang 19 and ld.lld 19 are
//! installed, and required in CI), each parses and holds the one kernel named after its
//! file with the expected explicit arguments, and each launch file `NAME.yaml` is valid
//! for its kernel.

use cu32_isa::code_object::CodeObject;
use cu32_sim::dispatch::{prepare, Output};
use cu32_sim::launch::{Arg, Init, Launch};
use cu32_sim::memory::Memory;
use cu32_sim::model::workgroup::run_dispatch;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";

/// An explicit argument: (name, value kind, type name).
type Param = (&'static str, &'static str, &'static str);

/// Every kernel with its explicit arguments, read off the sources (`cu32 info` shows the
/// same).
const KERNELS: &[(&str, &[Param])] = &[
    (
        "atomics",
        &[
            ("in", "global_buffer", "int*"),
            ("result", "global_buffer", "int*"),
            ("slots", "global_buffer", "int*"),
            ("olds", "global_buffer", "int*"),
        ],
    ),
    ("bitonic_sort", &[("data", "global_buffer", "uint*")]),
    (
        "box_blur",
        &[
            ("src", "global_buffer", "uchar*"),
            ("dst", "global_buffer", "uchar*"),
            ("width", "by_value", "uint"),
            ("height", "by_value", "uint"),
        ],
    ),
    (
        "collatz",
        &[
            ("start", "global_buffer", "uint*"),
            ("steps", "global_buffer", "uint*"),
            ("n", "by_value", "uint"),
        ],
    ),
    (
        "crc32",
        &[
            ("data", "global_buffer", "uchar*"),
            ("out", "global_buffer", "uint*"),
            ("blocks", "by_value", "uint"),
        ],
    ),
    (
        "conv2d",
        &[
            ("in", "global_buffer", "float*"),
            ("filter", "global_buffer", "float*"),
            ("out", "global_buffer", "float*"),
            ("width", "by_value", "uint"),
            ("height", "by_value", "uint"),
        ],
    ),
    (
        "daxpy",
        &[
            ("a", "by_value", "double"),
            ("x", "global_buffer", "double*"),
            ("y", "global_buffer", "double*"),
            ("n", "by_value", "uint"),
        ],
    ),
    (
        "half_axpy",
        &[
            ("a", "by_value", "float"),
            ("x", "global_buffer", "half2*"),
            ("y", "global_buffer", "half2*"),
            ("n", "by_value", "uint"),
        ],
    ),
    (
        "histogram_global",
        &[
            ("data", "global_buffer", "uchar*"),
            ("bins", "global_buffer", "uint*"),
            ("n", "by_value", "uint"),
        ],
    ),
    (
        "histogram_local",
        &[
            ("data", "global_buffer", "uint*"),
            ("bins", "global_buffer", "uint*"),
            ("n", "by_value", "uint"),
        ],
    ),
    (
        "mandelbrot",
        &[
            ("iters", "global_buffer", "uint*"),
            ("width", "by_value", "uint"),
            ("height", "by_value", "uint"),
            ("x0", "by_value", "float"),
            ("y0", "by_value", "float"),
            ("step", "by_value", "float"),
            ("max_iter", "by_value", "uint"),
        ],
    ),
    (
        "matmul",
        &[
            ("a", "global_buffer", "float*"),
            ("b", "global_buffer", "float*"),
            ("c", "global_buffer", "float*"),
            ("m", "by_value", "uint"),
            ("n", "by_value", "uint"),
            ("k", "by_value", "uint"),
        ],
    ),
    (
        "nbody",
        &[
            ("pos", "global_buffer", "float4*"),
            ("vel", "global_buffer", "float4*"),
            ("new_pos", "global_buffer", "float4*"),
            ("n", "by_value", "uint"),
            ("dt", "by_value", "float"),
            ("eps2", "by_value", "float"),
        ],
    ),
    (
        "reduce_sum",
        &[
            ("in", "global_buffer", "uint*"),
            ("partial", "global_buffer", "uint*"),
            ("n", "by_value", "uint"),
        ],
    ),
    (
        "saxpy",
        &[
            ("a", "by_value", "float"),
            ("x", "global_buffer", "float*"),
            ("y", "global_buffer", "float*"),
            ("n", "by_value", "uint"),
        ],
    ),
    (
        "scan",
        &[
            ("in", "global_buffer", "int*"),
            ("out", "global_buffer", "int*"),
        ],
    ),
    (
        "transpose",
        &[
            ("in", "global_buffer", "float*"),
            ("out", "global_buffer", "float*"),
            ("width", "by_value", "uint"),
            ("height", "by_value", "uint"),
        ],
    ),
    (
        "vector_add",
        &[
            ("a", "global_buffer", "float*"),
            ("b", "global_buffer", "float*"),
            ("c", "global_buffer", "float*"),
            ("n", "by_value", "uint"),
        ],
    ),
    (
        "wmma",
        &[
            ("a", "global_buffer", "half*"),
            ("b", "global_buffer", "half*"),
            ("c", "global_buffer", "float*"),
            ("d", "global_buffer", "float*"),
            ("n", "by_value", "uint"),
            ("k", "by_value", "uint"),
        ],
    ),
    (
        "wmma_iu8",
        &[
            ("a", "global_buffer", "char*"),
            ("b", "global_buffer", "uchar*"),
            ("c", "global_buffer", "int*"),
            ("d", "global_buffer", "int*"),
            ("n", "by_value", "uint"),
            ("k", "by_value", "uint"),
        ],
    ),
];

fn suite() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/opencl")
}

/// The stems of the files in `dir` ending in `.ext`.
fn stems(dir: &Path, ext: &str) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect()
}

fn load(name: &str) -> CodeObject {
    let path = suite().join("build").join(format!("{name}.co"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    CodeObject::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn committed_objects_are_what_build_sh_makes() {
    if !["clang", "ld.lld"]
        .iter()
        .all(|tool| Path::new(LLVM_BIN).join(tool).exists())
    {
        // CI installs LLVM 19; a bare `cargo test` elsewhere must say loudly that this
        // check did not run.
        eprintln!("warning: clang/ld.lld 19 not found in {LLVM_BIN}; rebuild check skipped");
        assert!(
            std::env::var_os("CI").is_none(),
            "LLVM 19 must be installed in CI"
        );
        return;
    }
    let out = Command::new("sh")
        .arg(suite().join("build.sh"))
        .arg("--check")
        .output()
        .expect("run build.sh --check");
    assert!(
        out.status.success(),
        "kernels/opencl/build.sh --check failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_suite_is_every_source_with_its_object_and_launch() {
    let listed: BTreeSet<String> = KERNELS.iter().map(|(k, _)| k.to_string()).collect();
    assert_eq!(
        stems(&suite(), "cl"),
        listed,
        "sources vs the KERNELS table"
    );
    assert_eq!(stems(&suite().join("build"), "co"), listed, "build/*.co");
    assert_eq!(stems(&suite(), "yaml"), listed, "launch files");
}

#[test]
fn every_object_has_its_kernel_and_arguments() {
    for (name, args) in KERNELS {
        let co = load(name);
        assert_eq!(co.machine(), "gfx1100", "{name}");
        assert_eq!(co.code_object_version(), 5, "{name}");
        let names: Vec<&str> = co.kernels().iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, [*name], "{name}.co kernels");
        let k = &co.kernels()[0];
        assert_eq!(k.metadata.wavefront_size, 32, "{name}");
        let explicit: Vec<(&str, &str, &str)> = k
            .metadata
            .args
            .iter()
            .filter(|a| !a.value_kind.starts_with("hidden_"))
            .map(|a| {
                (
                    a.name.as_deref().unwrap_or("?"),
                    a.value_kind.as_str(),
                    a.type_name.as_deref().unwrap_or("?"),
                )
            })
            .collect();
        assert_eq!(&explicit, args, "{name}.co explicit arguments");
    }
}

#[test]
fn every_launch_file_prepares_a_dispatch() {
    for (name, _) in KERNELS {
        let path = suite().join(format!("{name}.yaml"));
        let launch = Launch::from_file(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(launch.kernel, *name, "{}", path.display());
        // Input files stay small, and outputs go to the ignored out/ folder.
        for arg in &launch.args {
            if let Arg::Buffer { init, out } = arg {
                if let Init::File(f) = init {
                    let len = std::fs::metadata(f).map(|m| m.len()).unwrap_or(0);
                    assert!((1..=8192).contains(&len), "{}: {len} bytes", f.display());
                }
                if let Some(o) = out {
                    assert!(o.starts_with(suite().join("out")), "{}", o.display());
                }
            }
        }
        let mut memory = Memory::new();
        let d = prepare(&load(name), &launch, &mut memory).unwrap_or_else(|e| panic!("{e}"));
        assert!(!d.outputs.is_empty(), "{name}: nothing is written back");
        for Output { addr, size, .. } in &d.outputs {
            assert_eq!(
                memory.read(*addr, *size).map(<[u8]>::len),
                Ok(*size as usize)
            );
        }
    }
}

/// The quiet run (the model's fast path, as `cu32 run` and `cu32 bench` use it) and the
/// traced run (the general executor only, as co-simulation uses it) of every kernel end in
/// the same memory with the same statistics.
#[test]
fn every_kernel_runs_the_same_traced_and_quiet() {
    for (name, _) in KERNELS {
        let launch = Launch::from_file(&suite().join(format!("{name}.yaml"))).unwrap();
        let code = load(name);
        let mut quiet_mem = Memory::new();
        let d = prepare(&code, &launch, &mut quiet_mem).unwrap_or_else(|e| panic!("{e}"));
        let mut traced_mem = quiet_mem.clone();
        let quiet = run_dispatch(&code, &launch, &d, &mut quiet_mem, 50_000_000, None)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut events = 0u64;
        let mut sink = |_: &cu32_sim::TraceEvent| events += 1;
        let traced = run_dispatch(
            &code,
            &launch,
            &d,
            &mut traced_mem,
            50_000_000,
            Some(&mut sink),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(quiet, traced, "{name}: statistics");
        assert_eq!(
            events,
            traced.retired(),
            "{name}: one event per instruction"
        );
        for o in &d.outputs {
            assert_eq!(
                quiet_mem.read(o.addr, o.size),
                traced_mem.read(o.addr, o.size),
                "{name}: output {}",
                o.path.display()
            );
        }
    }
}

// ---- integer kernels run end to end on the golden model ---------------------------------

/// Little-endian u32s (as i32 when the reference wants signed values).
fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn bytes_of(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn input(name: &str) -> Vec<u8> {
    std::fs::read(suite().join("data").join(name)).unwrap()
}

/// Runs `cu32 run build/NAME.co --launch` with the committed launch file, its outputs
/// redirected into a temporary folder, and returns each output file's bytes by name.
fn run_on_model(name: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(suite().join(format!("{name}.yaml"))).unwrap();
    let data = suite().join("data");
    let text = text
        .replace("buffer: data/", &format!("buffer: {}/", data.display()))
        .replace("out: out/", &format!("out: {}/", dir.path().display()));
    let launch = dir.path().join("launch.yaml");
    std::fs::write(&launch, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cu32"))
        .arg("run")
        .arg(suite().join(format!("build/{name}.co")))
        .arg("--launch")
        .arg(&launch)
        .args(["--max-instructions", "50000000"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("work-groups = "), "{name}: {stdout}");
    std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .map(|p| {
            let stem = p.file_name().unwrap().to_string_lossy().to_string();
            (stem, std::fs::read(&p).unwrap())
        })
        .collect()
}

/// Checks one output against the CPU reference, word by word for a clear message.
fn same(name: &str, got: &[u8], want: &[u8]) {
    assert_eq!(got.len(), want.len(), "{name}: size");
    if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
        panic!(
            "{name}: first difference at byte {i}: model {:#04x}, reference {:#04x}",
            got[i], want[i]
        );
    }
}

#[test]
fn collatz_runs_on_the_model() {
    let start = u32s(&input("collatz_start.bin"));
    let steps: Vec<u32> = start
        .iter()
        .take(256)
        .map(|&x| {
            let (mut x, mut s) = (x, 0u32);
            while x > 1 {
                x = if x & 1 == 1 {
                    x.wrapping_mul(3).wrapping_add(1)
                } else {
                    x >> 1
                };
                s += 1;
            }
            s
        })
        .collect();
    let out = run_on_model("collatz");
    same("collatz", &out["collatz_steps.bin"], &bytes_of(&steps));

    // The same launch from command-line flags.
    let dir = tempfile::tempdir().unwrap();
    let steps_out = dir.path().join("steps.bin");
    let run = Command::new(env!("CARGO_BIN_EXE_cu32"))
        .arg("run")
        .arg(suite().join("build/collatz.co"))
        .args([
            "--kernel", "collatz", "--grid", "256", "--block", "64", "--arg",
        ])
        .arg(format!(
            "buffer={}",
            suite().join("data/collatz_start.bin").display()
        ))
        .arg("--arg")
        .arg(format!("zeros=1024:out={}", steps_out.display()))
        .args(["--arg", "u32=256"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.starts_with("work-groups = 4\nwaves = 8\n"),
        "{stdout}"
    );
    same(
        "collatz (flags)",
        &std::fs::read(steps_out).unwrap(),
        &bytes_of(&steps),
    );
}

/// CRC-32 (zlib's: reflected polynomial 0xEDB88320, initial and final inversion) of each
/// 16-byte block, bit by bit (the kernel uses a __constant table, reached PC-relatively).
#[test]
fn crc32_runs_on_the_model() {
    let crc32 = |bytes: &[u8]| {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    };
    // zlib's check value: CRC-32 of "123456789".
    assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    let want: Vec<u32> = input("histogram_global_data.bin")[..4096]
        .chunks(16)
        .map(crc32)
        .collect();
    let out = run_on_model("crc32");
    same("crc32", &out["crc32.bin"], &bytes_of(&want));
}

#[test]
fn histograms_run_on_the_model() {
    let mut bins = vec![0u32; 256];
    for &b in &input("histogram_global_data.bin")[..4096] {
        bins[usize::from(b)] += 1;
    }
    let out = run_on_model("histogram_global");
    same(
        "histogram_global",
        &out["histogram_global_bins.bin"],
        &bytes_of(&bins),
    );

    let mut bins = vec![0u32; 64];
    for &w in &u32s(&input("histogram_local_data.bin"))[..1024] {
        bins[(w % 64) as usize] += 1;
    }
    let out = run_on_model("histogram_local");
    same(
        "histogram_local",
        &out["histogram_local_bins.bin"],
        &bytes_of(&bins),
    );
}

#[test]
fn scan_and_reduce_run_on_the_model() {
    let input_words = u32s(&input("scan_in.bin"));
    let mut want = Vec::new();
    for group in input_words.chunks(128) {
        let mut acc = 0u32;
        for &v in group {
            acc = acc.wrapping_add(v);
            want.push(acc);
        }
    }
    let out = run_on_model("scan");
    same("scan", &out["scan_out.bin"], &bytes_of(&want));

    let words = u32s(&input("reduce_sum_in.bin"));
    let partial: Vec<u32> = words
        .chunks(256)
        .map(|c| c.iter().fold(0u32, |a, &v| a.wrapping_add(v)))
        .collect();
    let out = run_on_model("reduce_sum");
    same(
        "reduce_sum",
        &out["reduce_sum_partial.bin"],
        &bytes_of(&partial),
    );
}

#[test]
fn transpose_and_bitonic_sort_run_on_the_model() {
    let (w, h) = (32usize, 16usize);
    let inp = u32s(&input("transpose_in.bin"));
    let mut want = vec![0u32; w * h];
    for y in 0..h {
        for x in 0..w {
            want[x * h + y] = inp[y * w + x];
        }
    }
    let out = run_on_model("transpose");
    same("transpose", &out["transpose_out.bin"], &bytes_of(&want));

    let mut data = u32s(&input("bitonic_sort_data.bin"));
    data.chunks_mut(256).for_each(|c| c.sort_unstable());
    let out = run_on_model("bitonic_sort");
    same(
        "bitonic_sort",
        &out["bitonic_sort_data.bin"],
        &bytes_of(&data),
    );
}

#[test]
fn box_blur_runs_on_the_model() {
    let (w, h) = (60i32, 40i32);
    let src = input("box_blur_src.bin");
    let mut want = vec![0u8; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let mut sum = 0u32;
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let sx = (x + dx).clamp(0, w - 1);
                    let sy = (y + dy).clamp(0, h - 1);
                    sum += u32::from(src[(sy * w + sx) as usize]);
                }
            }
            want[(y * w + x) as usize] = ((sum + 4) / 9) as u8;
        }
    }
    let out = run_on_model("box_blur");
    same("box_blur", &out["box_blur_dst.bin"], &want);
}

#[test]
fn atomics_run_on_the_model() {
    let inp: Vec<i32> = u32s(&input("atomics_in.bin"))
        .iter()
        .map(|&v| v as i32)
        .collect();
    let mut result: Vec<i32> = u32s(&input("atomics_result.bin"))
        .iter()
        .map(|&v| v as i32)
        .collect();
    let mut slots: Vec<i32> = u32s(&input("atomics_slots.bin"))
        .iter()
        .map(|&v| v as i32)
        .collect();
    let mut olds = vec![0i32; 1024];
    for group in 0..2 {
        let vals = &inp[group * 256..][..256];
        result[0] = result[0].min(*vals.iter().min().unwrap());
        result[1] = result[1].max(*vals.iter().max().unwrap());
        result[2] = result[2].wrapping_add(1);
        for (l, &v) in vals.iter().enumerate() {
            let i = group * 256 + l;
            // mine[l] = l; swapped = xchg(mine[l], v) = l; cmpxchg(mine[l], v, l + 1)
            // finds v and stores l + 1.
            let (mine, found) = (l as i32 + 1, v);
            olds[2 * i] = slots[i];
            slots[i] = v;
            olds[2 * i + 1] = v;
            if v == if i & 1 == 1 { v } else { v.wrapping_add(1) } {
                slots[i] = v.wrapping_neg();
            }
            slots[i] = slots[i].wrapping_add(mine.wrapping_add(found));
        }
    }
    let words = |v: &[i32]| bytes_of(&v.iter().map(|&x| x as u32).collect::<Vec<_>>());
    let out = run_on_model("atomics");
    same(
        "atomics result",
        &out["atomics_result.bin"],
        &words(&result),
    );
    same("atomics slots", &out["atomics_slots.bin"], &words(&slots));
    same("atomics olds", &out["atomics_olds.bin"], &words(&olds));
}

/// A kernel reading past its buffer stops with an error naming the work-group, wave, PC,
/// instruction, lane and address.
#[test]
fn a_kernel_reading_past_its_buffer_names_the_access() {
    let dir = tempfile::tempdir().unwrap();
    let start = dir.path().join("start.bin");
    std::fs::write(&start, 7u32.to_le_bytes()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cu32"))
        .arg("run")
        .arg(suite().join("build/collatz.co"))
        .args([
            "--kernel", "collatz", "--grid", "64", "--block", "64", "--arg",
        ])
        .arg(format!("buffer={}", start.display()))
        .args(["--arg", "zeros=256", "--arg", "u32=64"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("kernel collatz failed: work-group (0, 0, 0) wave 0: pc 0x")
            && stderr.contains(": global_load_b32 (0x")
            && stderr.contains("lane 1: 4-byte access at 0x200000004 is outside every allocation"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_wrong_argument_list_names_the_kernels_arguments() {
    for args in [
        vec!["zeros=256"],
        vec!["zeros=256", "u32=1", "f32=2", "u32=5"],
    ] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_cu32"));
        cmd.arg("run")
            .arg(suite().join("build/collatz.co"))
            .args(["--kernel", "collatz", "--grid", "64", "--block", "64"]);
        for a in &args {
            cmd.args(["--arg", a]);
        }
        let out = cmd.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        let want = format!(
            "args: {} given; kernel collatz takes 3: start: uint*, steps: uint*, n: uint",
            args.len()
        );
        assert!(stderr.contains(&want), "{stderr}");
    }
}

#[test]
fn a_kernel_over_its_instruction_budget_stops_with_a_message() {
    let out = Command::new(env!("CARGO_BIN_EXE_cu32"))
        .arg("run")
        .arg(suite().join("build/collatz.co"))
        .arg("--launch")
        .arg(suite().join("collatz.yaml"))
        .args(["--max-instructions", "100"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "kernel collatz failed: work-group (0, 0, 0) wave 0: instruction budget of 100 \
             exhausted at pc 0x"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

// ---- floating-point kernels run end to end on the golden model --------------------------
//
// Each reference computes, in Rust, exactly the operations the committed code object
// executes (read off `cu32 disasm`): `v_fma_f32`/`v_fmac_f32` are `f32::mul_add`, the
// operand order and the constants are the compiled ones. The model rounds every f32/f64
// add, mul and fma once to nearest even and keeps f32 denormals (clang's default MODE),
// as IEEE does, so these kernels are checked bit for bit. The committed inputs are
// multiples of 1/256, which make vector_add, saxpy, daxpy, matmul and conv2d exact in any
// order and with or without contraction, so each of those (and half_axpy, mandelbrot)
// also runs inputs generated here that use every mantissa bit (plus denormals and signed
// zeros for vector_add, f16 denormals for half_axpy). nbody's `v_rsq_f32` is checked
// both ways: bit for bit with the model's documented choice for it, and within a stated
// bound of an f64 reference.

fn f32s(bytes: &[u8]) -> Vec<f32> {
    u32s(bytes).into_iter().map(f32::from_bits).collect()
}

fn f64s(bytes: &[u8]) -> Vec<f64> {
    bytes
        .chunks(8)
        .map(|c| f64::from_bits(u64::from_le_bytes(c.try_into().unwrap())))
        .collect()
}

/// Checks f32 results bit for bit; the message names the kernel, index and both values.
fn same_f32(name: &str, got: &[u8], want: &[f32]) {
    let got = f32s(got);
    assert_eq!(got.len(), want.len(), "{name}: number of results");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            g.to_bits() == w.to_bits(),
            "{name}[{i}]: expected {w:e} ({:#010x}), model {g:e} ({:#010x})",
            w.to_bits(),
            g.to_bits()
        );
    }
}

/// A finite f16 as an exact integer significand and power of two (value = m * 2^e).
fn f16_parts(h: u16) -> (i128, i32) {
    let (exp, frac) = (i32::from(h >> 10 & 0x1f), i128::from(h & 0x3ff));
    assert!(exp != 0x1f, "f16 {h:#06x} is not finite");
    let m = if exp == 0 { frac } else { frac | 0x400 };
    let e = if exp == 0 { -24 } else { exp - 25 };
    (if h & 0x8000 != 0 { -m } else { m }, e)
}

/// `m * 2^e` rounded once to the nearest f16, ties to even (denormals kept, overflow to
/// infinity). An exact zero is +0 unless `negative_zero`.
fn f16_round(m: i128, e: i32, negative_zero: bool) -> u16 {
    let sign: u16 = if m < 0 || (m == 0 && negative_zero) {
        0x8000
    } else {
        0
    };
    let mag = m.unsigned_abs();
    if mag == 0 {
        return sign;
    }
    // The value lies in [2^top, 2^(top + 1)); its f16 quantum is 2^q.
    let top = 127 - mag.leading_zeros() as i32 + e;
    let mut q = (top - 10).max(-24);
    let shift = q - e;
    let mut sig = if shift <= 0 {
        mag << -shift
    } else {
        let (kept, rest) = (mag >> shift, mag & ((1u128 << shift) - 1));
        let half = 1u128 << (shift - 1);
        kept + u128::from(rest > half || (rest == half && kept & 1 == 1))
    };
    if sig == 0x800 {
        sig = 0x400;
        q += 1;
    }
    let biased = q + 25; // 1 for denormals (sig < 0x400) and the smallest normals
    if biased >= 31 {
        return sign | 0x7c00;
    }
    let bits = if sig < 0x400 {
        sig as u16
    } else {
        ((biased as u16) << 10) | (sig as u16 - 0x400)
    };
    sign | bits
}

/// An f32 to the nearest f16 (`v_cvt_f16_f32`, round to nearest even), for finite values.
fn f16_from_f32(x: f32) -> u16 {
    let b = x.to_bits();
    let (exp, frac) = ((b >> 23 & 0xff) as i32, i128::from(b & 0x7f_ffff));
    assert!(exp != 0xff, "{x} is not finite");
    let m = if exp == 0 { frac } else { frac | 0x80_0000 };
    let e = if exp == 0 { -149 } else { exp - 150 };
    f16_round(if b >> 31 == 1 { -m } else { m }, e, b >> 31 == 1)
}

/// The fused f16 multiply-add `a * b + c` with one rounding (`v_pk_fma_f16` per half):
/// the product and sum are exact as integers in units of 2^-48.
fn f16_fma(a: u16, b: u16, c: u16) -> u16 {
    let ((ma, ea), (mb, eb), (mc, ec)) = (f16_parts(a), f16_parts(b), f16_parts(c));
    let sum = ((ma * mb) << (ea + eb + 48)) + (mc << (ec + 48));
    // An exact zero sum is -0 only when both the product and c are -0.
    let product_negative = (a ^ b) & 0x8000 != 0;
    f16_round(sum, -48, product_negative && c & 0x8000 != 0)
}

/// The model's `v_rsq_f32` as documented in `sim/src/model/mod.rs` (Floating point,
/// Transcendentals): 1/sqrt(x) evaluated in f64, then rounded to f32 (nearest even).
fn rsq_f32(x: f32) -> f32 {
    (1.0 / f64::from(x).sqrt()) as f32
}

/// Runs `build/NAME.co` with a launch written here, for inputs that use every mantissa
/// bit (the committed inputs are multiples of 1/256, which make most of these kernels'
/// results exact whatever the rounding, contraction or order). `launch` names its files
/// relative to a temporary folder that first receives `files`; returns the contents of the
/// files named in `outputs`.
fn run_generated(
    name: &str,
    launch: &str,
    files: &[(&str, Vec<u8>)],
    outputs: &[&str],
) -> Vec<Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    for (file, bytes) in files {
        std::fs::write(dir.path().join(file), bytes).unwrap();
    }
    let path = dir.path().join("launch.yaml");
    std::fs::write(&path, launch).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cu32"))
        .arg("run")
        .arg(suite().join(format!("build/{name}.co")))
        .arg("--launch")
        .arg(&path)
        .args(["--max-instructions", "50000000"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name} (generated inputs): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    outputs
        .iter()
        .map(|f| std::fs::read(dir.path().join(f)).unwrap())
        .collect()
}

/// xorshift64* (as `gen_inputs.py`), for the generated inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A normal f32 with a random sign and 23-bit fraction, magnitude in [2^lo, 2^hi).
    fn f32(&mut self, lo: i32, hi: i32) -> f32 {
        assert!((-126..hi).contains(&lo) && hi <= 128, "[2^{lo}, 2^{hi})");
        let r = self.next();
        let exp = (lo + (r >> 40) as i32 % (hi - lo) + 127) as u32;
        f32::from_bits(((r >> 63) as u32) << 31 | exp << 23 | (r as u32 & 0x7f_ffff))
    }
}

fn bytes_of_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn vector_add_runs_on_the_model() {
    // v_add_f32 for i < n.
    let reference =
        |a: &[f32], b: &[f32]| -> Vec<f32> { a.iter().zip(b).map(|(x, y)| x + y).collect() };
    let (a, b) = (
        f32s(&input("vector_add_a.bin")),
        f32s(&input("vector_add_b.bin")),
    );
    let out = run_on_model("vector_add");
    same_f32(
        "vector_add c",
        &out["vector_add_c.bin"],
        &reference(&a[..1000], &b[..1000]),
    );

    // Full-precision inputs over 136 binades, with denormals, exact cancellations (+0) and
    // signed zeros among them.
    let mut r = Rng(0x7665_6374_6f72);
    let mut a: Vec<f32> = (0..1000).map(|_| r.f32(-126, 10)).collect();
    let mut b: Vec<f32> = (0..1000).map(|_| r.f32(-126, 10)).collect();
    for i in (0..1000).step_by(7) {
        b[i] = -a[i];
    }
    for i in (3..1000).step_by(11) {
        (a[i], b[i]) = (
            f32::from_bits(r.next() as u32 & 0x807f_ffff),
            f32::from_bits(r.next() as u32 & 0x807f_ffff),
        );
    }
    (a[1], b[1], a[2], b[2]) = (-0.0, -0.0, -0.0, 0.0);
    let launch = "kernel: vector_add\ngrid: [1000]\nblock: [128]\nargs:\n  - buffer: a.bin\n  - buffer: b.bin\n  - zeros: 4000\n    out: c.bin\n  - u32: 1000\n";
    let out = run_generated(
        "vector_add",
        launch,
        &[("a.bin", bytes_of_f32(&a)), ("b.bin", bytes_of_f32(&b))],
        &["c.bin"],
    );
    same_f32("vector_add c (generated)", &out[0], &reference(&a, &b));
}

#[test]
fn saxpy_runs_on_the_model() {
    // v_fmac_f32 y, a, x: one rounding of a * x + y.
    let reference = |a: f32, x: &[f32], y: &[f32]| -> Vec<f32> {
        x.iter().zip(y).map(|(x, y)| a.mul_add(*x, *y)).collect()
    };
    let (x, y) = (f32s(&input("saxpy_x.bin")), f32s(&input("saxpy_y.bin")));
    let out = run_on_model("saxpy");
    same_f32("saxpy y", &out["saxpy_y.bin"], &reference(2.5, &x, &y));

    let mut r = Rng(0x0073_6178_7079);
    let a = r.f32(-1, 2);
    let x: Vec<f32> = (0..1024).map(|_| r.f32(-8, 8)).collect();
    let y: Vec<f32> = (0..1024).map(|_| r.f32(-8, 8)).collect();
    let launch = format!("kernel: saxpy\ngrid: [1024]\nblock: [256]\nargs:\n  - f32: {:#010x}\n  - buffer: x.bin\n  - buffer: y.bin\n    out: y_out.bin\n  - u32: 1024\n", a.to_bits());
    let out = run_generated(
        "saxpy",
        &launch,
        &[("x.bin", bytes_of_f32(&x)), ("y.bin", bytes_of_f32(&y))],
        &["y_out.bin"],
    );
    same_f32("saxpy y (generated)", &out[0], &reference(a, &x, &y));
}

#[test]
fn daxpy_runs_on_the_model() {
    // v_fma_f64 y, a, x, y.
    let check = |what: &str, got: &[u8], a: f64, x: &[f64], y: &[f64]| {
        let got = f64s(got);
        assert_eq!(got.len(), x.len(), "{what}: number of results");
        for (i, g) in got.iter().enumerate() {
            let w = a.mul_add(x[i], y[i]);
            assert!(
                g.to_bits() == w.to_bits(),
                "{what}[{i}]: expected {w:e} ({:#018x}), model {g:e} ({:#018x})",
                w.to_bits(),
                g.to_bits()
            );
        }
    };
    let (x, y) = (f64s(&input("daxpy_x.bin")), f64s(&input("daxpy_y.bin")));
    let out = run_on_model("daxpy");
    check("daxpy y", &out["daxpy_y.bin"], -1.5, &x, &y);

    let mut r = Rng(0x0064_6178_7079);
    let mut f64_of = |lo: i32, hi: i32| {
        let v = r.next();
        let exp = (lo + (v >> 52) as i32 % (hi - lo) + 1023) as u64;
        f64::from_bits(r.next() & 0x800f_ffff_ffff_ffff | exp << 52)
    };
    let a = f64_of(-1, 2);
    let x: Vec<f64> = (0..256).map(|_| f64_of(-10, 10)).collect();
    let y: Vec<f64> = (0..256).map(|_| f64_of(-10, 10)).collect();
    let bytes = |v: &[f64]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let launch = format!("kernel: daxpy\ngrid: [256]\nblock: [64]\nargs:\n  - f64: {:#018x}\n  - buffer: x.bin\n  - buffer: y.bin\n    out: y_out.bin\n  - u32: 256\n", a.to_bits());
    let out = run_generated(
        "daxpy",
        &launch,
        &[("x.bin", bytes(&x)), ("y.bin", bytes(&y))],
        &["y_out.bin"],
    );
    check("daxpy y (generated)", &out[0], a, &x, &y);
}

#[test]
fn half_axpy_runs_on_the_model() {
    let halves = |b: &[u8]| -> Vec<u16> {
        b.chunks(2)
            .map(|c| u16::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    // v_cvt_f16_f32 a, then v_pk_fma_f16 with op_sel_hi:[0,1,1]: both halves use the low
    // half of the converted a, one rounding to f16 per half.
    let check = |what: &str, got: &[u8], a: f32, x: &[u16], y: &[u16]| {
        let got = halves(got);
        let a = f16_from_f32(a);
        assert_eq!(got.len(), x.len(), "{what}: number of halves");
        for (i, g) in got.iter().enumerate() {
            let w = f16_fma(a, x[i], y[i]);
            assert!(
                *g == w,
                "{what} half {i} (pair {}, {}): expected {w:#06x}, model {g:#06x} \
                 (x {:#06x}, y {:#06x}, a {a:#06x})",
                i / 2,
                if i % 2 == 0 { "low" } else { "high" },
                x[i],
                y[i]
            );
        }
    };
    let (x, y) = (
        halves(&input("half_axpy_x.bin")),
        halves(&input("half_axpy_y.bin")),
    );
    let out = run_on_model("half_axpy");
    check("half_axpy y", &out["half_axpy_y.bin"], 0.75, &x, &y);

    // Every f16 fraction, exponents from denormal to 2^5, both signs: products and sums
    // round, some results are denormal. a = 0.7 rounds when converted.
    let mut r = Rng(0x6861_6c66);
    let mut half = || {
        let v = r.next();
        ((v >> 32) as u16 & 0x83ff) | (((v >> 48) % 21) as u16) << 10
    };
    let x: Vec<u16> = (0..1024).map(|_| half()).collect();
    let y: Vec<u16> = (0..1024).map(|_| half()).collect();
    let bytes = |v: &[u16]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let a = 0.7f32;
    let launch = format!("kernel: half_axpy\ngrid: [512]\nblock: [128]\nargs:\n  - f32: {:#010x}\n  - buffer: x.bin\n  - buffer: y.bin\n    out: y_out.bin\n  - u32: 512\n", a.to_bits());
    let out = run_generated(
        "half_axpy",
        &launch,
        &[("x.bin", bytes(&x)), ("y.bin", bytes(&y))],
        &["y_out.bin"],
    );
    check("half_axpy y (generated)", &out[0], a, &x, &y);
}

#[test]
fn matmul_runs_on_the_model() {
    let (m, n, k) = (32usize, 16usize, 32usize);
    let reference = |a: &[f32], b: &[f32]| {
        let mut c = vec![0f32; m * n];
        for row in 0..m {
            for col in 0..n {
                // acc starts at +0; v_fmac_f32 acc, as[ly][j], bs[j][lx] for j in order.
                c[row * n + col] =
                    (0..k).fold(0f32, |acc, j| a[row * k + j].mul_add(b[j * n + col], acc));
            }
        }
        c
    };
    let (a, b) = (f32s(&input("matmul_a.bin")), f32s(&input("matmul_b.bin")));
    let out = run_on_model("matmul");
    same_f32("matmul c", &out["matmul_c.bin"], &reference(&a, &b));

    let mut r = Rng(0x6d61_746d_756c);
    let a: Vec<f32> = (0..m * k).map(|_| r.f32(-3, 1)).collect();
    let b: Vec<f32> = (0..k * n).map(|_| r.f32(-3, 1)).collect();
    let launch = "kernel: matmul\ngrid: [16, 32]\nblock: [16, 16]\nargs:\n  - buffer: a.bin\n  - buffer: b.bin\n  - zeros: 2048\n    out: c.bin\n  - u32: 32\n  - u32: 16\n  - u32: 32\n";
    let out = run_generated(
        "matmul",
        launch,
        &[("a.bin", bytes_of_f32(&a)), ("b.bin", bytes_of_f32(&b))],
        &["c.bin"],
    );
    same_f32("matmul c (generated)", &out[0], &reference(&a, &b));
}

#[test]
fn conv2d_runs_on_the_model() {
    let (w, h) = (32i32, 24i32);
    let reference = |inp: &[f32], filter: &[f32]| {
        let mut out = vec![0f32; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                // v_fma_f32 acc, f[0], in, 0 then v_fmac_f32 acc, f[t], in for t = 1..8.
                let mut acc = 0f32;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let sx = (x + dx).clamp(0, w - 1);
                        let sy = (y + dy).clamp(0, h - 1);
                        let f = filter[((dy + 1) * 3 + dx + 1) as usize];
                        acc = f.mul_add(inp[(sy * w + sx) as usize], acc);
                    }
                }
                out[(y * w + x) as usize] = acc;
            }
        }
        out
    };
    let (inp, filter) = (
        f32s(&input("conv2d_in.bin")),
        f32s(&input("conv2d_filter.bin")),
    );
    let out = run_on_model("conv2d");
    same_f32(
        "conv2d out",
        &out["conv2d_out.bin"],
        &reference(&inp, &filter),
    );

    let mut r = Rng(0x636f_6e76);
    let inp: Vec<f32> = (0..w * h).map(|_| r.f32(-4, 1)).collect();
    let filter: Vec<f32> = (0..9).map(|_| r.f32(-4, 0)).collect();
    let launch = "kernel: conv2d\ngrid: [32, 24]\nblock: [8, 8]\nargs:\n  - buffer: in.bin\n  - buffer: filter.bin\n  - zeros: 3072\n    out: out.bin\n  - u32: 32\n  - u32: 24\n";
    let out = run_generated(
        "conv2d",
        launch,
        &[
            ("in.bin", bytes_of_f32(&inp)),
            ("filter.bin", bytes_of_f32(&filter)),
        ],
        &["out.bin"],
    );
    same_f32("conv2d out (generated)", &out[0], &reference(&inp, &filter));
}

#[test]
fn mandelbrot_runs_on_the_model() {
    let (w, h) = (32u32, 32u32);
    let reference = |x0: f32, y0: f32, step: f32, max_iter: u32| {
        let mut iters = Vec::new();
        for py in 0..h {
            for px in 0..w {
                // As compiled: cr = fma(float(px), step, x0), ci likewise; per iteration
                // |z|^2 = fma(zr, zr, zi * zi), t = cr + fma(zr, zr, -(zi * zi)),
                // zi = fma(zr + zr, zi, ci).
                let cr = (px as f32).mul_add(step, x0);
                let ci = (py as f32).mul_add(step, y0);
                let (mut zr, mut zi, mut n) = (0f32, 0f32, 0u32);
                while n < max_iter && zr.mul_add(zr, zi * zi) <= 4.0 {
                    let t = cr + zr.mul_add(zr, -(zi * zi));
                    zi = (zr + zr).mul_add(zi, ci);
                    zr = t;
                    n += 1;
                }
                iters.push(n);
            }
        }
        iters
    };
    let check = |what: &str, got: &[u8], want: &[u32]| {
        let got = u32s(got);
        assert_eq!(got.len(), want.len(), "{what}: number of results");
        for (i, (g, e)) in got.iter().zip(want).enumerate() {
            assert_eq!(
                g,
                e,
                "{what} iters[{i}] (px {}, py {}): expected {e}, model {g}",
                i as u32 % w,
                i as u32 / w
            );
        }
    };
    let out = run_on_model("mandelbrot");
    check(
        "mandelbrot",
        &out["mandelbrot_iters.bin"],
        &reference(-2.0, -1.25, 0.078125, 64),
    );

    // A grid whose points round, near the boundary of the set (around -0.75 + 0.12i)
    // where the counts depend on every rounding of the iteration, up to 256 iterations.
    let (x0, y0, step) = (-0.7712f32, 0.1021f32, 0.00131f32);
    let launch = format!(
        "kernel: mandelbrot\ngrid: [32, 32]\nblock: [16, 8]\nargs:\n  - zeros: 4096\n    out: iters.bin\n  - u32: 32\n  - u32: 32\n  - f32: {:#010x}\n  - f32: {:#010x}\n  - f32: {:#010x}\n  - u32: 256\n",
        x0.to_bits(),
        y0.to_bits(),
        step.to_bits()
    );
    let out = run_generated("mandelbrot", &launch, &[], &["iters.bin"]);
    let want = reference(x0, y0, step, 256);
    check("mandelbrot (generated)", &out[0], &want);
}

/// The error bound of nbody's outputs against an f64 evaluation of the same step.
///
/// `v_rsq_f32` is specified to 1 ulp, so besides the bit-exact check against the model's
/// documented rsq the outputs are checked to a bound that holds for any 1-ulp rsq. In units
/// of u = 2^-24 (half an ulp, relative): the differences d carry 1u; d2 (three fmas on
/// them) 2 + 3 = 5u; inv = rsq(d2) 5/2 + 2 (its ulp) = 4.5u; inv^3 13.5u; s (three
/// products) 16.5u; the term d * s 17.5u, below 32u. Each of the 64 accumulating fmas
/// rounds by at most 1u of the sum of |terms|, so |a - a64| <= NBODY_K * u * sum |term|
/// with NBODY_K = 32 + 64. Then v = fma(dt, a, v0) carries dt times that plus half an ulp,
/// and p = fma(dt, v, p0) dt times the velocity bound plus half an ulp; the outputs are
/// checked to one ulp (covering the f64 reference's own rounding too) plus the propagated
/// term. On the committed data the largest error is under half of its bound.
const NBODY_K: f64 = 96.0;

#[test]
fn nbody_runs_on_the_model() {
    let n = 64usize;
    let (dt, eps2) = (0.01f32, 0.0625f32);
    let pos = f32s(&input("nbody_pos.bin"));
    let vel0 = f32s(&input("nbody_vel.bin"));
    let (mut vel, mut new_pos) = (vel0.clone(), vec![0f32; 4 * n]);
    // The f64 step and the error bound of each output.
    let (mut vel64, mut pos64) = (vec![0f64; 4 * n], vec![0f64; 4 * n]);
    let (mut vel_tol, mut pos_tol) = (vec![0f64; 4 * n], vec![0f64; 4 * n]);
    let ulp = |x: f64| {
        let x = (x as f32).abs();
        f64::from(f32::from_bits(x.to_bits() + 1) - x)
    };
    for i in 0..n {
        let p = &pos[4 * i..][..4];
        // As compiled: d2 = fma(dx, dx, fma(dy, dy, fma(dz, dz, eps2))), inv = v_rsq_f32,
        // s = ((q.w * inv) * inv) * inv, a = fma(d, s, a) over j in order;
        // v = fma(dt, a, v); new p = fma(dt, v, p), w kept.
        let (mut a, mut a64, mut mag) = ([0f32; 3], [0f64; 3], [0f64; 3]);
        for q in pos.chunks(4) {
            let d = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
            let d2 = d[0].mul_add(d[0], d[1].mul_add(d[1], d[2].mul_add(d[2], eps2)));
            let inv = rsq_f32(d2);
            let s = q[3] * inv * inv * inv;
            for c in 0..3 {
                a[c] = d[c].mul_add(s, a[c]);
            }
            let d64 = [0, 1, 2].map(|c| f64::from(q[c]) - f64::from(p[c]));
            let r2 = d64[0] * d64[0] + d64[1] * d64[1] + d64[2] * d64[2] + f64::from(eps2);
            let s64 = f64::from(q[3]) / (r2 * r2.sqrt());
            for c in 0..3 {
                a64[c] += d64[c] * s64;
                mag[c] += (d64[c] * s64).abs();
            }
        }
        let dt64 = f64::from(dt);
        for c in 0..3 {
            let k = 4 * i + c;
            vel[k] = dt.mul_add(a[c], vel0[k]);
            new_pos[k] = dt.mul_add(vel[k], p[c]);
            vel64[k] = dt64 * a64[c] + f64::from(vel0[k]);
            pos64[k] = dt64 * vel64[k] + f64::from(p[c]);
            let a_tol = NBODY_K * 2f64.powi(-24) * mag[c];
            vel_tol[k] = dt64 * a_tol + ulp(vel64[k]);
            pos_tol[k] = dt64 * vel_tol[k] + ulp(pos64[k]);
        }
        new_pos[4 * i + 3] = p[3];
        vel64[4 * i + 3] = f64::from(vel0[4 * i + 3]);
        pos64[4 * i + 3] = f64::from(p[3]);
    }
    let out = run_on_model("nbody");
    let (got_vel, got_pos) = (&out["nbody_vel.bin"], &out["nbody_new_pos.bin"]);
    // Bit for bit with the model's documented v_rsq_f32.
    same_f32("nbody vel", got_vel, &vel);
    same_f32("nbody new_pos", got_pos, &new_pos);
    // Within the bound of the f64 step, whatever the (1 ulp) rsq; w is passed through.
    for (what, got, want, tol) in [
        ("vel", f32s(got_vel), &vel64, &vel_tol),
        ("new_pos", f32s(got_pos), &pos64, &pos_tol),
    ] {
        for (i, g) in got.iter().enumerate() {
            let err = (f64::from(*g) - want[i]).abs();
            assert!(
                err <= tol[i],
                "nbody {what}[{i}]: expected {:e} (f64 reference, bound {:e}), model {g:e}",
                want[i],
                tol[i]
            );
        }
    }
}

// ---- WMMA kernels -----------------------------------------------------------------------

/// An f32 that is a multiple of 2^-48 as an exact integer in units of 2^-48.
fn units_2m48(x: f32) -> i128 {
    let b = x.to_bits();
    let (exp, frac) = ((b >> 23 & 0xff) as i32, i128::from(b & 0x7f_ffff));
    assert!(exp != 0xff, "{x} is not finite");
    let m = if exp == 0 { frac } else { frac | 0x80_0000 };
    let shift = if exp == 0 { -149 } else { exp - 150 } + 48;
    let m = if shift >= 0 {
        m << shift
    } else {
        assert_eq!(m & ((1 << -shift) - 1), 0, "{x} is not a multiple of 2^-48");
        m >> -shift
    };
    if b >> 31 == 1 {
        -m
    } else {
        m
    }
}

/// One `v_wmma_f32_16x16x16_f16` element as `sim/src/model/mod.rs` documents it (WMMA):
/// the 16 products of f16 values and the f32 addend `c` summed exactly and rounded once to
/// f32, nearest even; an exact zero is -0 only when every term is -0. Here every term is a
/// multiple of 2^-48 (f16 products; `c` an f16 value or an earlier such sum rounded to 24
/// bits), so the sum is an integer in units of 2^-48, and `as f32` rounds it (to nearest
/// even) before the exact scaling by 2^-48 (the results are normal f32 values).
fn wmma_f32_f16(a: &[u16], b: &[u16], c: f32) -> f32 {
    let mut sum = units_2m48(c);
    let mut negative_zero = c == 0.0 && c.is_sign_negative();
    for (&x, &y) in a.iter().zip(b) {
        let ((mx, ex), (my, ey)) = (f16_parts(x), f16_parts(y));
        sum += (mx * my) << (ex + ey + 48);
        negative_zero &= mx * my == 0 && (x ^ y) & 0x8000 != 0;
    }
    match sum {
        0 if negative_zero => -0.0,
        0 => 0.0,
        _ => sum as f32 * f32::from_bits((127 - 48) << 23),
    }
}

/// `wmma.cl`'s D = A * B + C (m x k, k x n f16; f32 C): per 16-deep step of k one
/// [`wmma_f32_f16`] per element.
fn wmma_reference(a: &[u16], b: &[u16], c: &[f32], (m, n, k): (usize, usize, usize)) -> Vec<f32> {
    let mut d = c.to_vec();
    for row in 0..m {
        for col in 0..n {
            for t in (0..k).step_by(16) {
                let av = &a[row * k + t..][..16];
                let bv: Vec<u16> = (t..t + 16).map(|e| b[e * n + col]).collect();
                d[row * n + col] = wmma_f32_f16(av, &bv, d[row * n + col]);
            }
        }
    }
    d
}

#[test]
fn wmma_runs_on_the_model() {
    let halves = |b: &[u8]| -> Vec<u16> {
        b.chunks(2)
            .map(|c| u16::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    let shape = (32, 32, 48);
    let (a, b, c) = (
        halves(&input("wmma_a.bin")),
        halves(&input("wmma_b.bin")),
        f32s(&input("wmma_c.bin")),
    );
    let out = run_on_model("wmma");
    same_f32(
        "wmma d",
        &out["wmma_d.bin"],
        &wmma_reference(&a, &b, &c, shape),
    );

    // Every f16 fraction, both signs, magnitudes from denormal to 2^4, some zeros: the sums
    // round at every step; C from f16 values.
    let mut r = Rng(0x776d_6d61);
    let mut half = || {
        let v = r.next();
        match v % 16 {
            0 => (v >> 32) as u16 & 0x8000,
            _ => ((v >> 32) as u16 & 0x83ff) | (((v >> 48) % 20) as u16) << 10,
        }
    };
    let a: Vec<u16> = (0..32 * 48).map(|_| half()).collect();
    let b: Vec<u16> = (0..48 * 32).map(|_| half()).collect();
    let c: Vec<f32> = (0..32 * 32)
        .map(|_| {
            let (m, e) = f16_parts(half());
            m as f32 * 2f32.powi(e)
        })
        .collect();
    let bytes = |v: &[u16]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let launch = "kernel: wmma\ngrid: [64, 2]\nblock: [32, 1]\nargs:\n  - buffer: a.bin\n  - buffer: b.bin\n  - buffer: c.bin\n  - zeros: 4096\n    out: d.bin\n  - u32: 32\n  - u32: 48\n";
    let out = run_generated(
        "wmma",
        launch,
        &[
            ("a.bin", bytes(&a)),
            ("b.bin", bytes(&b)),
            ("c.bin", bytes_of_f32(&c)),
        ],
        &["d.bin"],
    );
    same_f32(
        "wmma d (generated)",
        &out[0],
        &wmma_reference(&a, &b, &c, shape),
    );
}

#[test]
fn wmma_iu8_runs_on_the_model() {
    let (m, n, k) = (32usize, 16usize, 32usize);
    let (a, b) = (input("wmma_iu8_a.bin"), input("wmma_iu8_b.bin"));
    let c = u32s(&input("wmma_iu8_c.bin"));
    // v_wmma_i32_16x16x16_iu8 neg_lo:[1,0,0] clamp: A signed, B unsigned, each 16-deep step
    // exact and saturated to the i32 range.
    let mut want = c.clone();
    for row in 0..m {
        for col in 0..n {
            for t in (0..k).step_by(16) {
                let sum = (t..t + 16).fold(i64::from(want[row * n + col] as i32), |s, e| {
                    s + i64::from(a[row * k + e] as i8) * i64::from(b[e * n + col])
                });
                want[row * n + col] = sum.clamp(i32::MIN.into(), i32::MAX.into()) as i32 as u32;
            }
        }
    }
    let saturated = |v: u32| want.iter().filter(|&&w| w == v).count();
    assert!(
        saturated(i32::MAX as u32) > 0 && saturated(i32::MIN as u32) > 0,
        "the data saturates both ways"
    );
    let out = run_on_model("wmma_iu8");
    same("wmma_iu8 d", &out["wmma_iu8_d.bin"], &bytes_of(&want));
}
