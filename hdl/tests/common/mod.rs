//! Helpers shared by the RTL unit tests that run Verilator: a deterministic random
//! generator, the "is Verilator here" check, building, linting and running a Verilog
//! testbench in a scratch folder, the one request record (a pass of lanes) the
//! memory-side testbenches read, and the pipelined issue's front-end bench (the fetch
//! unit with a random program, its testbench's common part and its head check).

#![allow(dead_code)]

pub mod lane_vectors;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A value in `0..n`.
    pub fn below(&mut self, n: u64) -> u32 {
        (self.next() % n) as u32
    }
}

/// Whether Verilator is on PATH; without it a test of `what` is skipped loudly, except
/// under CI (`CI` set), where that is a failure.
pub fn verilator_present(what: &str) -> bool {
    if Command::new("verilator").arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "verilator is required when CI is set"
    );
    eprintln!("\n*** SKIPPED: verilator not found on PATH; {what} was NOT checked ***\n");
    false
}

/// Asserts that `file` (module `top`) in `dir` passes `verilator --lint-only -Wall` with
/// no message at all.
pub fn lint_clean(dir: &Path, top: &str, file: &str) {
    lint_clean_with(dir, top, file, &[]);
}

/// [`lint_clean`] with more Verilator arguments (`-G` parameters).
pub fn lint_clean_with(dir: &Path, top: &str, file: &str, args: &[String]) {
    let lint = Command::new("verilator")
        .current_dir(dir)
        .args(["--lint-only", "-Wall", "--top-module", top, file])
        .args(args)
        .output()
        .unwrap();
    assert!(
        lint.status.success() && lint.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&lint.stderr)
    );
}

/// Builds testbench module `tb` from `files` in `dir` with the `+define+` `defines`, runs
/// it there, and returns what it printed.
pub fn run_testbench(dir: &Path, files: &[&str], defines: &[String]) -> String {
    let run = Command::new(build_testbench(dir, files, defines))
        .current_dir(dir)
        .output()
        .unwrap();
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// Builds testbench module `tb` from `files` in `dir` with the `+define+` `defines`;
/// returns the executable (to run in `dir`).
pub fn build_testbench(dir: &Path, files: &[&str], defines: &[String]) -> PathBuf {
    let build = Command::new("verilator")
        .current_dir(dir)
        .args(["--binary", "-Wno-fatal", "-O1"])
        .args(defines.iter().map(|d| format!("+define+{d}")))
        .args(["--top-module", "tb", "-o", "tb"])
        .args(files)
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    dir.join("obj_dir/tb")
}

/// Runs the testbench of a block of plain parameterised Verilog in a scratch folder named
/// after `name`: module `top` (`verilog`, written as `top.v`) must lint clean with its
/// defaults and with `params` (`-G`); testbench module `tb` (`testbench`) must lint clean
/// too, and is built with `params` and `N` = `n` as `+define+`s and run beside the
/// `inputs` (file name, text).
/// Returns what it printed.
pub fn run_block(
    name: &str,
    top: &str,
    verilog: &str,
    testbench: &str,
    params: &[(&str, u32)],
    inputs: &[(&str, String)],
    n: usize,
) -> String {
    run_block_with(name, top, verilog, &[], testbench, params, inputs, n)
}

/// [`run_block`] for a block that instantiates modules of other files: `sources` (file
/// name, text) are written beside `top.v` and go with it into every lint and the build.
#[allow(clippy::too_many_arguments)]
pub fn run_block_with(
    name: &str,
    top: &str,
    verilog: &str,
    sources: &[(&str, &str)],
    testbench: &str,
    params: &[(&str, u32)],
    inputs: &[(&str, String)],
    n: usize,
) -> String {
    let dir = std::env::temp_dir().join(format!("{top}_{name}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = format!("{top}.v");
    std::fs::write(dir.join(&file), verilog).unwrap();
    let mut files = vec![file.clone()];
    for (source, text) in sources {
        std::fs::write(dir.join(source), text).unwrap();
        files.push(source.to_string());
    }
    std::fs::write(dir.join("tb.v"), testbench).unwrap();
    for (input, text) in inputs {
        std::fs::write(dir.join(input), text).unwrap();
    }
    let others = &files[1..];
    let mut set: Vec<String> = params.iter().map(|(p, v)| format!("-G{p}={v}")).collect();
    set.extend(others.iter().cloned());
    lint_clean_with(&dir, top, &file, &set);
    lint_clean_with(&dir, top, &file, others);
    let mut defines: Vec<String> = params.iter().map(|(p, v)| format!("{p}={v}")).collect();
    defines.push(format!("N={n}"));
    let mut tb_lint: Vec<String> = defines.iter().map(|d| format!("+define+{d}")).collect();
    tb_lint.push("--timing".to_string());
    tb_lint.extend(files.iter().cloned());
    lint_clean_with(&dir, "tb", "tb.v", &tb_lint);
    let mut build: Vec<&str> = vec!["tb.v"];
    build.extend(files.iter().map(String::as_str));
    let tb = build_testbench(&dir, &build, &defines);
    let run = Command::new(tb).current_dir(&dir).output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// One request of a pass of lanes to a memory-side unit under `mask`: every lane's address
/// (a dword address for the LDS, a byte address for the bus master), write data and byte
/// enables.
pub struct Request {
    pub we: bool,
    pub mask: u32,
    pub addr: Vec<u32>,
    pub wdata: Vec<u32>,
    pub be: Vec<u8>,
}

impl Request {
    /// The request as one `$readmemh` line of `lanes` lanes: `{we[3:0], mask, addr[lanes-1]
    /// .. addr[0], wdata[lanes-1] .. wdata[0], be[lanes-1] .. be[0]}`, with `flags` or'ed
    /// into the `we` field. (Every field after the mask is a whole number of hex digits;
    /// the `we` field and the mask lead as one number, so a mask of 2 lanes fits too.)
    pub fn hex(&self, lanes: u32, flags: u8) -> String {
        let mask = u64::from(self.mask) & ((1u64 << lanes) - 1);
        let head = u64::from(u8::from(self.we) | flags) << lanes | mask;
        let mut s = format!("{head:x}");
        for v in self.addr.iter().rev().chain(self.wdata.iter().rev()) {
            s += &format!("{v:08x}");
        }
        for v in self.be.iter().rev() {
            s += &format!("{v:x}");
        }
        s
    }
}

/// The common part of the fetch unit's testbenches (`` `include "fetch_tb.vh" `` in module
/// `tb`): the unit (`cu32_fetch fetch`) and its inputs, the program (`prog.hex`), a
/// xorshift generator `x` (`step_rng`), `tick`, `random_pc` (a go's PC: mostly in the
/// program, sometimes in its last words or past its end, with random low bits) and
/// `load_and_start` (the program through the host port, then a logged go of every slot).
const FETCH_TB: &str = r#"  localparam integer S = `SLOTS;
  localparam integer SB = `SLOT_BITS;
  localparam integer W = `WORDS;
  localparam integer IB = `IMEM_BITS;
  reg clk = 0, rst = 1;
  reg imem_we = 0;
  reg [IB-1:0] imem_addr = 0;
  reg [31:0] imem_wdata = 0;
  reg go = 0, halt = 0, pop = 0;
  reg [SB-1:0] go_slot = 0, halt_slot = 0, pop_slot = 0;
  wire [SB-1:0] sel;
  reg [31:0] go_pc = 0;
  reg [1:0] pop_n = 0;
  wire [S-1:0] ready;
  wire [31:0] h_pc, h_w0, h_w1, h_w2;
  wire [1:0] h_n;
  wire h_end;
  cu32_fetch fetch(.clk(clk), .rst(rst), .imem_we(imem_we), .imem_addr(imem_addr),
                   .imem_wdata(imem_wdata), .go(go), .go_slot(go_slot), .go_pc(go_pc),
                   .halt(halt), .halt_slot(halt_slot), .pop(pop), .pop_slot(pop_slot),
                   .pop_n(pop_n), .ready(ready), .sel(sel), .h_pc(h_pc), .h_w0(h_w0),
                   .h_w1(h_w1), .h_w2(h_w2), .h_n(h_n), .h_end(h_end));
  reg [31:0] prog [0:W-1];
  reg [63:0] x = `SEED;
  integer p;
  task step_rng; begin x = x ^ (x << 13); x = x ^ (x >> 7); x = x ^ (x << 17); end endtask
  task tick; begin #1 clk = 1; #1 clk = 0; end endtask
  task random_pc; begin
    step_rng;
    case (x[3:0])
      0: go_pc = (W - 1 - {29'd0, x[6:4]} % 3) * 4;
      1: go_pc = (W + {29'd0, x[6:4]}) * 4;
      default: go_pc = {x[40:10] % W, x[9:8]};
    endcase
  end endtask
  task load_and_start; begin
    $readmemh("prog.hex", prog);
    tick;
    rst = 0;
    for (p = 0; p < W; p = p + 1) begin
      imem_we = 1; imem_addr = p[IB-1:0]; imem_wdata = prog[p]; tick;
    end
    imem_we = 0;
    for (p = 0; p < S; p = p + 1) begin
      go = 1; go_slot = p[SB-1:0]; random_pc; $display("G %0d %0d", p, go_pc); tick;
    end
    go = 0;
  end endtask
"#;

/// Runs a testbench of the fetch unit (and `units`, rendered Verilog files by name) in
/// `dir`: `testbench` is module `tb`, which includes `fetch_tb.vh` ([`FETCH_TB`]); the
/// program is `words` random words from `seed`. Each unit file must lint clean. Returns
/// the program and what the testbench printed.
pub fn run_fetch_bench(
    dir: &Path,
    testbench: &str,
    units: &[(&str, String)],
    slots: u32,
    words: u32,
    defines: &[String],
    seed: u64,
) -> (Vec<u32>, String) {
    std::fs::create_dir_all(dir).unwrap();
    let fetch = cu32_hdl::verilog::render_fetch(slots, words).expect("the fetch template renders");
    let mut files = vec!["tb.v".to_string(), "cu32_fetch.v".to_string()];
    std::fs::write(dir.join("cu32_fetch.v"), fetch).unwrap();
    lint_clean(dir, "cu32_fetch", "cu32_fetch.v");
    for (name, text) in units {
        std::fs::write(dir.join(name), text).unwrap();
        lint_clean(dir, name.trim_end_matches(".v"), name);
        files.push(name.to_string());
    }
    std::fs::write(dir.join("fetch_tb.vh"), FETCH_TB).unwrap();
    std::fs::write(dir.join("tb.v"), testbench).unwrap();
    let mut rng = Rng(seed);
    let prog: Vec<u32> = (0..words).map(|_| rng.next() as u32).collect();
    let hex: String = prog.iter().map(|w| format!("{w:08x}\n")).collect();
    std::fs::write(dir.join("prog.hex"), hex).unwrap();
    let mut all = vec![
        format!("SLOTS={slots}"),
        format!("SLOT_BITS={}", cu32_hdl::shape::slot_port_bits(slots)),
        format!("WORDS={words}"),
        format!("IMEM_BITS={}", words.trailing_zeros()),
        format!("SEED=64'd{seed}"),
    ];
    all.extend_from_slice(defines);
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let log = run_testbench(dir, &files, &all);
    (prog, log)
}

/// Asserts that a head taken at byte PC `pc` shows the program's words there: as many as
/// lie before the memory's end (at most 3) in `n`, those in `got`, zeros after them.
/// Returns how many there are.
pub fn check_head(prog: &[u32], pc: u32, n: u32, got: [u32; 3], at: &str) -> u32 {
    let first = pc / 4;
    let have = (prog.len() as u32).saturating_sub(first).min(3);
    assert_eq!(n, have, "{at}: words in");
    for k in 0..3 {
        let want = if k < have {
            prog[(first + k) as usize]
        } else {
            0
        };
        assert_eq!(got[k as usize], want, "{at}: word {k}");
    }
    have
}

/// The beats a memory unit's block test logged (`B cycle out_k out_last ...` lines of
/// `cu32_lds_unit`'s and `cu32_gmem_unit`'s testbenches), each line's fields after the
/// `B`, grouped into passes at `out_last`; asserts that they make exactly `passes`
/// passes, none left open.
pub fn beat_passes<'a>(name: &str, log: &'a str, passes: usize) -> Vec<Vec<Vec<&'a str>>> {
    let mut outs: Vec<Vec<Vec<&str>>> = vec![Vec::new()];
    for line in log.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.first() == Some(&"B") {
            let last = f.get(3) == Some(&"1");
            if let Some(pass) = outs.last_mut() {
                pass.push(f[1..].to_vec());
            }
            if last {
                outs.push(Vec::new());
            }
        }
    }
    assert!(
        outs.pop().is_some_and(|rest| rest.is_empty()),
        "{name}: beats after the last pass's last beat"
    );
    assert_eq!(
        outs.len(),
        passes,
        "{name}: {} passes out of {passes}\n{}",
        outs.len(),
        log.lines().rev().take(5).collect::<Vec<_>>().join("\n")
    );
    outs
}

/// Checks the beats a memory unit's block test logged for one pass (`cu32_lds_unit`,
/// `cu32_gmem_unit`): each beat's `(out_k, out_last, out_mask in hex)` must be
/// `0, 1, .. beats - 1`, the last alone flagged, every mask `mask`. `what` names the pass
/// in messages.
pub fn check_beat_shape(what: &str, shape: &[(usize, bool, &str)], beats: usize, mask: u32) {
    let ks: Vec<usize> = shape.iter().map(|b| b.0).collect();
    assert_eq!(
        ks,
        (0..beats).collect::<Vec<_>>(),
        "{what}: out_k of its beats"
    );
    let lasts: Vec<bool> = shape.iter().map(|b| b.1).collect();
    assert_eq!(
        lasts,
        (0..beats).map(|k| k + 1 == beats).collect::<Vec<_>>(),
        "{what}: out_last of its beats"
    );
    for (k, b) in shape.iter().enumerate() {
        assert_eq!(
            u32::from_str_radix(b.2, 16).unwrap(),
            mask,
            "{what}, beat {k}: mask"
        );
    }
}
