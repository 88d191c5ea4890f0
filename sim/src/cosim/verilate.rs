//! Building the Verilated model: `verilator --cc` over the Verilog, then the generated C++,
//! Verilator's runtime and the project's shim (`sim/shim/cosim_shim.cpp`) compiled with the
//! `cc` crate at run time and linked into one executable.
//!
//! Builds are cached under `<cache root>/<hash>/`, where the hash covers everything that goes
//! into the executable: the Verilog files (names and contents), the shim source, Verilator's
//! version, the waveform format ([`WaveFormat`]: VCD or FST) and this recipe. A folder that holds the executable is reused as it is. A build is
//! made in a scratch folder and renamed into place at the end, so an interrupted build
//! leaves nothing that looks finished. Verilator's runtime objects (`verilated.cpp` and
//! friends) do not depend on the design and are cached once per Verilator version in
//! `<cache root>/runtime-<hash>/`.

use super::CosimError;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// The shim's C++ source, written into each build folder.
pub const SHIM_SOURCE: &str = include_str!("../../shim/cosim_shim.cpp");

/// The executable's file name inside a build folder.
pub const EXE_NAME: &str = "cu32_cosim";

/// Changes whenever the flags below change, so that old builds are not reused.
const RECIPE: &str = "cu32 cosim build 2";

/// Verilator's arguments besides the files and `--Mdir`. `CU32_TRACE` enables the RTL's
/// co-simulation-only trace ports (the VGPR writes), which synthesis leaves out.
const VERILATOR_ARGS: &[&str] = &[
    "--cc",
    "+define+CU32_TRACE",
    "--no-timing",
    "-Wno-fatal",
    "-Wno-WIDTH",
    "-Wno-DECLFILENAME",
    "--top-module",
    "cu32_top",
    "--prefix",
    "Vcu32_top",
];

/// The configuration macros `verilated.mk` would pass (tracing on, nothing else; the
/// format's own with [`WaveFormat::defines`]).
const DEFINES: &[(&str, &str)] = &[("VM_COVERAGE", "0"), ("VM_SC", "0"), ("VM_TRACE", "1")];

/// The waveform format a build writes: Verilator makes one model trace one format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WaveFormat {
    #[default]
    Vcd,
    /// FST (GTKWave's compressed format): smaller files, a build of its own.
    Fst,
}

impl WaveFormat {
    /// The format a file name's extension asks for (`.vcd`, `.fst`).
    pub fn of(path: &Path) -> Option<WaveFormat> {
        match path.extension()?.to_str()? {
            "vcd" => Some(WaveFormat::Vcd),
            "fst" => Some(WaveFormat::Fst),
            _ => None,
        }
    }

    /// The file extension of the format.
    pub fn extension(self) -> &'static str {
        match self {
            WaveFormat::Vcd => "vcd",
            WaveFormat::Fst => "fst",
        }
    }

    fn verilator_arg(self) -> &'static str {
        match self {
            WaveFormat::Vcd => "--trace",
            WaveFormat::Fst => "--trace-fst",
        }
    }

    fn defines(self) -> [(&'static str, &'static str); 2] {
        let fst = self == WaveFormat::Fst;
        [
            ("VM_TRACE_FST", if fst { "1" } else { "0" }),
            ("VM_TRACE_VCD", if fst { "0" } else { "1" }),
        ]
    }

    /// Libraries the format's writer links (FST compresses with zlib).
    fn libs(self) -> &'static [&'static str] {
        match self {
            WaveFormat::Vcd => &[],
            WaveFormat::Fst => &["-lz"],
        }
    }
}

/// Linker arguments of Verilator's runtime (`CFG_LDLIBS_THREADS`).
const LINK_LIBS: &[&str] = &["-pthread", "-lpthread", "-latomic"];

/// Serialises builds within one process (tests build the same design from several threads).
static BUILD_LOCK: Mutex<()> = Mutex::new(());

/// Tells scratch folders of one process apart.
static SCRATCH: AtomicUsize = AtomicUsize::new(0);

/// A finished build.
#[derive(Clone, Debug)]
pub struct Built {
    /// The build folder, `<cache root>/<hash>`.
    pub dir: PathBuf,
    /// The shim executable.
    pub exe: PathBuf,
    /// Whether an earlier build was reused.
    pub reused: bool,
}

/// Verilator's installation: its version line and its root folder.
#[derive(Clone, Debug)]
pub struct Verilator {
    pub version: String,
    pub root: PathBuf,
}

impl Verilator {
    /// Finds `verilator` on PATH.
    pub fn find() -> Result<Verilator, CosimError> {
        let missing = |e: std::io::Error| CosimError::VerilatorMissing(e.to_string());
        let out = Command::new("verilator")
            .arg("--version")
            .output()
            .map_err(missing)?;
        if !out.status.success() {
            return Err(CosimError::VerilatorMissing(output_text(&out)));
        }
        let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let out = Command::new("verilator")
            .args(["--getenv", "VERILATOR_ROOT"])
            .output()
            .map_err(missing)?;
        let root = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if !out.status.success() || !root.join("include/verilated.cpp").is_file() {
            return Err(CosimError::VerilatorMissing(format!(
                "`verilator --getenv VERILATOR_ROOT` gave `{}`, which holds no include/verilated.cpp",
                root.display()
            )));
        }
        Ok(Verilator { version, root })
    }

    /// Whether `verilator` can be run.
    pub fn available() -> bool {
        Verilator::find().is_ok()
    }
}

/// The cache key of a design: a hex SHA-256 prefix over everything the executable is made of.
pub fn build_hash(
    verilog: &[PathBuf],
    verilator: &Verilator,
    format: WaveFormat,
) -> Result<String, CosimError> {
    let mut h = Sha256::new();
    for part in [RECIPE, &verilator.version, SHIM_SOURCE] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    for arg in VERILATOR_ARGS.iter().chain([&format.verilator_arg()]) {
        h.update(arg.as_bytes());
        h.update([0]);
    }
    for file in verilog.iter().chain(&headers(verilog)?) {
        let text = std::fs::read(file).map_err(|e| CosimError::io(file, "cannot read", e))?;
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        h.update((name.len() as u64).to_le_bytes());
        h.update(name.as_bytes());
        h.update((text.len() as u64).to_le_bytes());
        h.update(&text);
    }
    Ok(hex(&h.finalize()[..10]))
}

/// The folders of the Verilog files, where their `include`s are looked for (`-I`).
fn include_dirs(verilog: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    for file in verilog {
        let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
        if !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    dirs
}

/// The headers (`*.vh`) in those folders, sorted: what an `include` may read, so part of
/// the cache key.
fn headers(verilog: &[PathBuf]) -> Result<Vec<PathBuf>, CosimError> {
    let mut found = Vec::new();
    for dir in include_dirs(verilog) {
        let listed = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            &dir
        };
        let entries =
            std::fs::read_dir(listed).map_err(|e| CosimError::io(listed, "cannot list", e))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "vh") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Builds the executable for `verilog` under `cache_root` (writing VCD waveforms), or finds
/// it built. Progress goes to stderr, each line starting with `cosim:`.
pub fn build(verilog: &[PathBuf], cache_root: &Path) -> Result<Built, CosimError> {
    build_with(verilog, cache_root, WaveFormat::Vcd)
}

/// [`build`] for waveforms in `format`.
pub fn build_with(
    verilog: &[PathBuf],
    cache_root: &Path,
    format: WaveFormat,
) -> Result<Built, CosimError> {
    if verilog.is_empty() {
        return Err(CosimError::Build("no Verilog files to co-simulate".into()));
    }
    let verilator = Verilator::find()?;
    let hash = build_hash(verilog, &verilator, format)?;
    let dir = cache_root.join(&hash);
    let exe = dir.join(EXE_NAME);
    if exe.is_file() {
        return Ok(Built {
            dir,
            exe,
            reused: true,
        });
    }
    let _guard = BUILD_LOCK.lock().unwrap_or_else(PoisonError::into_inner);
    if exe.is_file() {
        return Ok(Built {
            dir,
            exe,
            reused: true,
        });
    }

    let started = Instant::now();
    let scratch = cache_root.join(format!(
        "{hash}.tmp{}-{}",
        std::process::id(),
        SCRATCH.fetch_add(1, Ordering::Relaxed)
    ));
    let result = build_in(verilog, &verilator, format, cache_root, &scratch, &dir);
    if let Err(e) = result {
        eprintln!(
            "cosim: build failed; its files are kept in {}",
            scratch.display()
        );
        return Err(e);
    }
    if std::fs::rename(&scratch, &dir).is_err() && exe.is_file() {
        // Another process finished the same build first; use that one.
        let _ = std::fs::remove_dir_all(&scratch);
    }
    if !exe.is_file() {
        return Err(CosimError::Build(format!(
            "cannot move the finished build {} to {}",
            scratch.display(),
            dir.display()
        )));
    }
    eprintln!(
        "cosim: built {} in {:.1} s",
        dir.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(Built {
        dir,
        exe,
        reused: false,
    })
}

/// One C++ translation unit to compile.
struct Job {
    source: PathBuf,
    object: PathBuf,
    /// Verilator's "slow" (run-once) code: compiled without optimisation, which is faster.
    slow: bool,
}

fn build_in(
    verilog: &[PathBuf],
    verilator: &Verilator,
    format: WaveFormat,
    cache_root: &Path,
    scratch: &Path,
    final_dir: &Path,
) -> Result<(), CosimError> {
    let _ = std::fs::remove_dir_all(scratch);
    let mdir = scratch.join("obj");
    std::fs::create_dir_all(&mdir).map_err(|e| CosimError::io(&mdir, "cannot create", e))?;

    // Verilate.
    eprintln!(
        "cosim: verilating {} file(s) ({})...",
        verilog.len(),
        verilator.version
    );
    let t = Instant::now();
    let out = Command::new("verilator")
        .args(VERILATOR_ARGS)
        .arg(format.verilator_arg())
        .arg("--Mdir")
        .arg(&mdir)
        .args(include_dirs(verilog).iter().map(|d| {
            format!(
                "-I{}",
                if d.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    d
                }
                .display()
            )
        }))
        .args(verilog)
        .output()
        .map_err(|e| CosimError::VerilatorMissing(e.to_string()))?;
    let log = output_text(&out);
    let log_path = scratch.join("verilator.log");
    std::fs::write(&log_path, &log).map_err(|e| CosimError::io(&log_path, "cannot write", e))?;
    if !out.status.success() {
        return Err(CosimError::Build(format!(
            "verilator failed:\n{}",
            tail(&log, 60)
        )));
    }
    let warnings = log.lines().filter(|l| l.starts_with("%Warning")).count();
    eprintln!(
        "cosim: verilated in {:.1} s ({warnings} warning(s), see {})",
        t.elapsed().as_secs_f64(),
        final_dir.join("verilator.log").display()
    );

    // What to compile: the lists Verilator writes for its makefile.
    let classes_mk = mdir.join("Vcu32_top_classes.mk");
    let classes = std::fs::read_to_string(&classes_mk)
        .map_err(|e| CosimError::io(&classes_mk, "cannot read", e))?;
    let lists = make_lists(&classes);
    let names = |var: &str| lists.get(var).cloned().unwrap_or_default();

    let shim = scratch.join("cosim_shim.cpp");
    std::fs::write(&shim, SHIM_SOURCE).map_err(|e| CosimError::io(&shim, "cannot write", e))?;

    let mut jobs = Vec::new();
    for (var, slow) in [
        ("VM_CLASSES_FAST", false),
        ("VM_CLASSES_SLOW", true),
        ("VM_SUPPORT_FAST", false),
        ("VM_SUPPORT_SLOW", true),
    ] {
        for name in names(var) {
            jobs.push(Job {
                source: mdir.join(format!("{name}.cpp")),
                object: mdir.join(format!("{name}.o")),
                slow,
            });
        }
    }

    // Verilator's runtime, shared by every design.
    let mut runtime: Vec<String> = names("VM_GLOBAL_FAST");
    runtime.extend(names("VM_GLOBAL_SLOW"));
    let runtime_key = {
        let mut h = Sha256::new();
        h.update(RECIPE.as_bytes());
        h.update(verilator.version.as_bytes());
        h.update(runtime.join(" ").as_bytes());
        hex(&h.finalize()[..8])
    };
    let runtime_dir = cache_root.join(format!("runtime-{runtime_key}"));
    let runtime_scratch = scratch.join("runtime");
    let runtime_objects: Vec<PathBuf> = runtime
        .iter()
        .map(|n| runtime_dir.join(format!("{n}.o")))
        .collect();
    let runtime_cached = runtime_objects.iter().all(|o| o.is_file());
    if !runtime_cached {
        std::fs::create_dir_all(&runtime_scratch)
            .map_err(|e| CosimError::io(&runtime_scratch, "cannot create", e))?;
        for name in &runtime {
            jobs.push(Job {
                source: verilator.root.join(format!("include/{name}.cpp")),
                object: runtime_scratch.join(format!("{name}.o")),
                slow: false,
            });
        }
    }

    // Compile (the shim last in the list, compiled first).
    jobs.push(Job {
        source: shim,
        object: scratch.join("cosim_shim.o"),
        slow: false,
    });
    let compiler = compiler(verilator, &mdir, format)?;
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .min(jobs.len())
        .max(1);
    eprintln!(
        "cosim: compiling {} C++ file(s) on {threads} job(s){}...",
        jobs.len(),
        if runtime_cached {
            " (Verilator runtime cached)"
        } else {
            ""
        }
    );
    let t = Instant::now();
    // The shim first and alone: it fails to compile when the top's ports are not the
    // ones it drives (a `--verilog` design that is not a cu32 top), which is said plainly.
    let (shim_job, rest) = jobs.split_last().expect("the shim's job");
    if let Err(CosimError::Build(log)) = compile_one(&compiler, shim_job) {
        let mut missing: Vec<&str> = log
            .lines()
            .filter_map(|l| l.split("has no member named '").nth(1)?.split('\'').next())
            .collect();
        missing.sort_unstable();
        missing.dedup();
        let what = if missing.is_empty() {
            let errors: Vec<&str> = log
                .lines()
                .filter(|l| l.contains("error:"))
                .take(5)
                .collect();
            format!("(the first errors:)\n{}", errors.join("\n"))
        } else {
            format!("it lacks (at least) {}", missing.join(", "))
        };
        return Err(CosimError::Build(format!(
            "the top module `cu32_top` does not have the ports the co-simulation shim \
             (sim/shim/cosim_shim.cpp) drives: {what}"
        )));
    }
    compile_all(&compiler, rest, threads)?;
    eprintln!("cosim: compiled in {:.1} s", t.elapsed().as_secs_f64());

    if !runtime_cached {
        std::fs::create_dir_all(cache_root)
            .map_err(|e| CosimError::io(cache_root, "cannot create", e))?;
        if let Err(e) = std::fs::rename(&runtime_scratch, &runtime_dir) {
            // Another build may have cached the same runtime meanwhile.
            if !runtime_objects.iter().all(|o| o.is_file()) {
                return Err(CosimError::io(&runtime_dir, "cannot create", e));
            }
        }
    }

    // Link.
    let exe = scratch.join(EXE_NAME);
    let mut link = compiler.to_command();
    for job in &jobs {
        if !job.object.starts_with(&runtime_scratch) {
            link.arg(&job.object);
        }
    }
    link.args(&runtime_objects)
        .arg("-o")
        .arg(&exe)
        .args(LINK_LIBS)
        .args(format.libs());
    let out = link
        .output()
        .map_err(|e| CosimError::Build(format!("cannot run the linker: {e}")))?;
    if !out.status.success() {
        return Err(CosimError::Build(format!(
            "linking {} failed:\n{}",
            exe.display(),
            tail(&output_text(&out), 40)
        )));
    }
    Ok(())
}

/// The C++ compiler, configured like `verilated.mk` would.
fn compiler(
    verilator: &Verilator,
    mdir: &Path,
    format: WaveFormat,
) -> Result<cc::Tool, CosimError> {
    let mut b = cc::Build::new();
    b.cpp(true)
        .opt_level(1)
        .debug(false)
        .warnings(false)
        .extra_warnings(false)
        .target(env!("CU32_TARGET"))
        .host(env!("CU32_HOST"))
        .out_dir(mdir)
        .cargo_metadata(false)
        .cargo_warnings(false)
        .include(mdir)
        .include(verilator.root.join("include"))
        .include(verilator.root.join("include/vltstd"))
        .flag("-std=gnu++17")
        .flag("-faligned-new")
        .flag("-w");
    for (name, value) in DEFINES.iter().chain(&format.defines()) {
        b.define(name, *value);
    }
    b.try_get_compiler()
        .map_err(|e| CosimError::Build(format!("no C++ compiler: {e}")))
}

/// Compiles the jobs on `threads` threads, stopping at the first failure.
fn compile_all(compiler: &cc::Tool, jobs: &[Job], threads: usize) -> Result<(), CosimError> {
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<CosimError>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let failed = failure
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .is_some();
                let i = next.fetch_add(1, Ordering::Relaxed);
                if failed || i >= jobs.len() {
                    break;
                }
                if let Err(e) = compile_one(compiler, &jobs[i]) {
                    let e = compile_error(&jobs[i], e);
                    failure
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .get_or_insert(e);
                }
            });
        }
    });
    match failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Compiles one job; a failure is the compiler's whole output (see [`compile_error`]).
fn compile_one(compiler: &cc::Tool, job: &Job) -> Result<(), CosimError> {
    let mut cmd = compiler.to_command();
    if job.slow {
        cmd.arg("-O0");
    }
    cmd.arg("-c").arg(&job.source).arg("-o").arg(&job.object);
    let out = cmd
        .output()
        .map_err(|e| CosimError::Build(format!("cannot run the C++ compiler: {e}")))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(CosimError::Build(output_text(&out)))
    }
}

/// A failed job's error for the user: the end of the compiler's output.
fn compile_error(job: &Job, e: CosimError) -> CosimError {
    match e {
        CosimError::Build(log) => CosimError::Build(format!(
            "compiling {} failed:\n{}",
            job.source.display(),
            tail(&log, 40)
        )),
        other => other,
    }
}

/// The `VAR += \ a \ b` lists of a Verilator makefile fragment.
fn make_lists(text: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let mut lists = std::collections::BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some((var, rest)) = line.split_once("+=") {
            let var = var.trim().to_string();
            let entry: &mut Vec<String> = lists.entry(var.clone()).or_default();
            entry.extend(words_of(rest));
            current = rest.trim_end().ends_with('\\').then_some(var);
        } else if let Some(var) = &current {
            let entry: &mut Vec<String> = lists.entry(var.clone()).or_default();
            entry.extend(words_of(line));
            if !line.ends_with('\\') {
                current = None;
            }
        }
    }
    lists
}

fn words_of(s: &str) -> impl Iterator<Item = String> + '_ {
    s.split_whitespace()
        .filter(|w| *w != "\\")
        .map(str::to_string)
}

fn output_text(out: &Output) -> String {
    let mut s = String::from_utf8_lossy(&out.stdout).into_owned();
    s.push_str(&String::from_utf8_lossy(&out.stderr));
    s
}

/// The last `n` lines of `text`.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(n);
    let mut s = String::new();
    if start > 0 {
        s.push_str(&format!("[... {start} earlier lines]\n"));
    }
    s.push_str(&lines[start..].join("\n"));
    s
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_makefile_lists() {
        let mk = "VM_TRACE = 1\nVM_CLASSES_FAST += \\\n\tVa \\\n\tVb \\\n\nVM_GLOBAL_FAST += \\\n\tverilated \\\n\nVM_GLOBAL_SLOW += \\\n\n";
        let lists = make_lists(mk);
        assert_eq!(lists["VM_CLASSES_FAST"], ["Va", "Vb"]);
        assert_eq!(lists["VM_GLOBAL_FAST"], ["verilated"]);
        assert!(lists["VM_GLOBAL_SLOW"].is_empty());
    }
}
