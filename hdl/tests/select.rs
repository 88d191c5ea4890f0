//! The pipelined issue's select stage (`templates/select.v.tera`) with the fetch unit
//! (`templates/fetch.v.tera`) under Verilator. The testbench plays the stages after
//! select: each instruction taken stays in flight a random 1 to 6 cycles, then leaves
//! (popping its words, or redirecting its slot as a branch would) or is refused with
//! random reasons, while the reasons' `still` levels change at random. From the log (each
//! cycle's `ready`, `still` and `hold`, the leaves and refusals, the takes) this file
//! replays the selection rules: a take whenever a slot is eligible (not held, ready, not in
//! flight, no reason it noted still holding), the first eligible one after the last taken,
//! none otherwise; `waiting` (each reason that some slot noted and that still holds); and
//! every take's words against the program at the PC the log gives. Needs verilator
//! (installed by scripts/setup.sh); skipped loudly without it unless `CI` is set.

mod common;

use common::{check_head, run_fetch_bench, verilator_present};
use cu32_hdl::verilog::{render_select, ISSUE_REASONS};
use std::path::Path;

/// As many reasons to wait as the scalar pipeline gives.
const REASONS: u32 = ISSUE_REASONS;

const TESTBENCH: &str = r#"module tb;
`include "fetch_tb.vh"
  localparam integer R = `REASONS;
  reg setup = 1, free = 0, refuse = 0, hold = 0;
  reg [SB-1:0] free_slot = 0, refuse_slot = 0;
  reg [R-1:0] refuse_why = 0;
  reg [S*R-1:0] still = 0, flips = 0;
  wire d_valid;
  wire [R-1:0] waiting;
  // (Select stays in reset while the program loads and the slots start.)
  cu32_select select(.clk(clk), .rst(rst || setup), .ready(ready), .free(free),
                     .free_slot(free_slot), .refuse(refuse), .refuse_slot(refuse_slot),
                     .refuse_why(refuse_why), .still(still), .hold(hold),
                     .waiting(waiting), .sel(sel), .d_valid(d_valid));
  // The instruction in flight per slot: its words in (h_n at the take) and the cycle it
  // leaves or is refused.
  reg inq [0:S-1];
  reg [1:0] qn [0:S-1];
  integer due [0:S-1];
  integer c, k, s, found;
  initial begin
    load_and_start;
    for (k = 0; k < S; k = k + 1) inq[k] = 0;
    setup = 0;
    for (c = 0; c < `CYCLES; c = c + 1) begin
      go = 0; pop = 0; free = 0; refuse = 0;
      // The reasons' levels: each bit flips now and then. (Built in `flips` and written
      // whole: Verilator 5.006 does not wake the logic reading `still` on the writes of
      // single bits at a variable index.)
      flips = 0;
      for (k = 0; k < S * R; k = k + 1) begin
        step_rng;
        flips[k] = x[2:0] == 0;
      end
      still = still ^ flips;
      // Now and then select is held for a few cycles.
      step_rng;
      if (x[4:0] == 0) hold = 1;
      else if (x[1:0] == 0) hold = 0;
      #1;
      $display("Y %0d %b %b %0d %b", c, ready, still, hold, waiting);
      // One instruction whose time has come leaves, and another may be refused.
      step_rng;
      found = 0;
      for (k = 0; k < S; k = k + 1) begin
        s = (k + x[20:12]) % S;
        if (found < 2 && inq[s] && due[s] <= c) begin
          step_rng;
          if (found == 0 && x[3:0] >= 3) begin
            free = 1; free_slot = s[SB-1:0]; pop_slot = s[SB-1:0];
            if (qn[s] == 0 || x[7:4] == 0) begin
              go = 1; go_slot = s[SB-1:0]; random_pc;
              $display("L %0d", s);
              $display("G %0d %0d", s, go_pc);
            end else begin
              pop = 1; pop_n = 2'd1 + x[12:11] % qn[s];
              $display("L %0d", s);
              $display("P %0d %0d", s, pop_n);
            end
            inq[s] = 0; found = found + 1;
          end else if (!refuse) begin
            refuse = 1; refuse_slot = s[SB-1:0];
            refuse_why = x[10:8] == 0 ? 3'd1 : x[10:8];
            $display("R %0d %0d", s, refuse_why);
            inq[s] = 0; found = found + 1;
          end
        end
      end
      tick;
      if (d_valid) begin
        #1;
        $display("T %0d %0d %0d %0d %0d %0d", sel, h_pc, h_n, h_w0, h_w1, h_w2);
        step_rng;
        inq[sel] = 1; qn[sel] = h_n; due[sel] = c + 1 + x[5:3] % 6;
      end
    end
    $finish;
  end
endmodule
"#;

/// The select stage as the rules have it, replayed from the log.
struct Replay {
    flight: Vec<bool>,
    why: Vec<u32>,
    /// The slot taken last.
    last: usize,
    /// The take the rules expect in the current cycle (decided at its `Y` line), and the
    /// one the log shows (its `T` line, after the cycle's leaves and refusals).
    expect: Option<Option<usize>>,
    took: Option<usize>,
}

impl Replay {
    /// Ends the current cycle: its take must be the expected one, and takes effect.
    fn settle(&mut self, at: &str) {
        if let Some(e) = self.expect.take() {
            assert_eq!(self.took, e, "{at}: the slot taken");
            if let Some(s) = self.took.take() {
                self.flight[s] = true;
                self.why[s] = 0;
                self.last = s;
            }
        }
    }
}

/// Replays the log: the selection rules and the words taken. Returns the takes per slot
/// and the cycles in which some slot was eligible.
fn check(log: &str, prog: &[u32], slots: usize) -> (Vec<u32>, u32) {
    let r = REASONS as usize;
    let mut pc = vec![0u32; slots];
    let mut rp = Replay {
        flight: vec![false; slots],
        why: vec![0; slots],
        last: 0,
        expect: None,
        took: None,
    };
    let mut taken = vec![0; slots];
    let mut busy_cycles = 0;
    for (n, line) in log.lines().enumerate() {
        let f: Vec<&str> = line.split(' ').collect();
        let num = |i: usize| -> u32 { f[i].parse().unwrap() };
        let at = format!("log line {}: {line}", n + 1);
        match f[0] {
            "Y" => {
                rp.settle(&at);
                // Bit strings are printed most significant first.
                let ready: Vec<bool> = f[2].chars().rev().map(|c| c == '1').collect();
                let still: Vec<bool> = f[3].chars().rev().map(|c| c == '1').collect();
                let held = f[4] == "1";
                let waiting: Vec<bool> = f[5].chars().rev().map(|c| c == '1').collect();
                for (k, &w) in waiting.iter().enumerate() {
                    let noted = (0..slots).any(|s| rp.why[s] >> k & 1 == 1 && still[s * r + k]);
                    assert_eq!(w, noted, "{at}: waiting for reason {k}");
                }
                let eligible = |s: usize| {
                    !held
                        && ready[s]
                        && !rp.flight[s]
                        && (0..r).all(|k| rp.why[s] >> k & 1 == 0 || !still[s * r + k])
                };
                let pick = (1..=slots)
                    .map(|j| (rp.last + j) % slots)
                    .find(|&s| eligible(s));
                busy_cycles += u32::from(pick.is_some());
                rp.expect = Some(pick);
            }
            "L" => rp.flight[num(1) as usize] = false,
            "R" => {
                let s = num(1) as usize;
                rp.flight[s] = false;
                rp.why[s] = num(2);
            }
            "G" => pc[num(1) as usize] = num(2) & !3,
            "P" => pc[num(1) as usize] += 4 * num(2),
            "T" => {
                let s = num(1) as usize;
                rp.took = Some(s);
                assert_eq!(num(2), pc[s], "{at}: head PC");
                check_head(prog, pc[s], num(3), [num(4), num(5), num(6)], &at);
                taken[s] += 1;
            }
            _ => {}
        }
    }
    rp.settle("end of log");
    (taken, busy_cycles)
}

fn run(dir: &Path, slots: u32, words: u32, cycles: u32, seed: u64) {
    let select = render_select(slots, REASONS).expect("the select template renders");
    let units = [("cu32_select.v", select)];
    let defines = [format!("REASONS={REASONS}"), format!("CYCLES={cycles}")];
    let (prog, log) = run_fetch_bench(dir, TESTBENCH, &units, slots, words, &defines, seed);
    let (taken, busy) = check(&log, &prog, slots as usize);
    let total: u32 = taken.iter().sum();
    println!(
        "select: {slots} slots, {cycles} cycles: {total} takes in the {busy} cycles with an eligible slot, per slot {taken:?}"
    );
    assert_eq!(total, busy, "a take in every cycle with an eligible slot");
    assert!(
        taken.iter().all(|&t| t > cycles / slots / 20),
        "every slot is taken: {taken:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn select_takes_the_next_eligible_slot_each_cycle() {
    if !verilator_present("the select stage") {
        return;
    }
    let base = std::env::temp_dir().join(format!("cu32-select-{}", std::process::id()));
    run(&base.join("a"), 8, 64, 10_000, 5);
    run(&base.join("b"), 3, 128, 10_000, 6);
    run(&base.join("c"), 1, 64, 3_000, 7);
}
