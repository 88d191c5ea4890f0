//! The OpenCL kernel suite in `kernels/opencl/`: the committed code objects are what
//! `build.sh` makes from the sources (checked live when clang 19 and ld.lld 19 are
//! installed, and required in CI), each parses and holds the one kernel named after its
//! file with the expected explicit arguments, and each launch file `NAME.yaml` is valid
//! for its kernel.

use cu32_isa::code_object::CodeObject;
use cu32_sim::dispatch::{prepare, Output};
use cu32_sim::launch::{Arg, Init, Launch};
use cu32_sim::memory::Memory;
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
