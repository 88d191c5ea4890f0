//! The pipelined issue's select stage (`templates/select.v.tera`) with the fetch unit
//! (`templates/fetch.v.tera`) under Verilator. The testbench plays the stages after
//! select: each instruction taken stays in flight a random 1 to 6 cycles, then leaves
//! (popping its words, or redirecting its slot as a branch would) or is refused with
//! random reasons, while the reasons' `still` levels change at random. From the log (each
//! cycle's `ready` and `still`, the leaves and refusals, the takes) this file replays the
//! selection rules: a take whenever a slot is eligible (ready, not in flight, no reason it
//! noted still holding), the first eligible one after the last taken, none otherwise; and
//! every take's words against the program at the PC the log gives. Needs verilator
//! (installed by scripts/setup.sh); skipped loudly without it unless `CI` is set.

mod common;

use common::{lint_clean, run_testbench, verilator_present, Rng};
use cu32_hdl::verilog::{render_fetch, render_select, slot_port_bits};
use std::path::Path;

const REASONS: u32 = 3;

const TESTBENCH: &str = r#"module tb;
  localparam integer S = `SLOTS;
  localparam integer SB = `SLOT_BITS;
  localparam integer W = `WORDS;
  localparam integer IB = `IMEM_BITS;
  localparam integer R = `REASONS;
  reg clk = 0, rst = 1, setup = 1;
  reg imem_we = 0;
  reg [IB-1:0] imem_addr = 0;
  reg [31:0] imem_wdata = 0;
  reg go = 0, pop = 0, free = 0, refuse = 0;
  reg [SB-1:0] go_slot = 0, pop_slot = 0, free_slot = 0, refuse_slot = 0;
  reg [31:0] go_pc = 0;
  reg [1:0] pop_n = 0;
  reg [R-1:0] refuse_why = 0;
  reg [S*R-1:0] still = 0, flips = 0;
  wire [S-1:0] ready;
  wire [SB-1:0] sel;
  wire d_valid;
  wire [31:0] h_pc, h_w0, h_w1, h_w2;
  wire [1:0] h_n;
  wire h_end;
  cu32_fetch fetch(.clk(clk), .rst(rst), .imem_we(imem_we), .imem_addr(imem_addr),
                   .imem_wdata(imem_wdata), .go(go), .go_slot(go_slot), .go_pc(go_pc),
                   .halt(1'b0), .halt_slot({SB{1'b0}}), .pop(pop), .pop_slot(pop_slot),
                   .pop_n(pop_n), .ready(ready), .sel(sel), .h_pc(h_pc), .h_w0(h_w0),
                   .h_w1(h_w1), .h_w2(h_w2), .h_n(h_n), .h_end(h_end));
  // (Select stays in reset while the program loads and the slots start.)
  cu32_select select(.clk(clk), .rst(rst || setup), .ready(ready), .free(free), .free_slot(free_slot),
                     .refuse(refuse), .refuse_slot(refuse_slot), .refuse_why(refuse_why),
                     .still(still), .sel(sel), .d_valid(d_valid));
  reg [31:0] prog [0:W-1];
  reg [63:0] x = `SEED;
  // The instruction in flight per slot: its words in (h_n at the take) and the cycle it
  // leaves or is refused.
  reg inq [0:S-1];
  reg [1:0] qn [0:S-1];
  integer due [0:S-1];
  integer i, c, k, s, found;
  task step_rng; begin x = x ^ (x << 13); x = x ^ (x >> 7); x = x ^ (x << 17); end endtask
  task tick; begin #1 clk = 1; #1 clk = 0; end endtask
  task random_pc; begin
    step_rng;
    case (x[3:0])
      0: go_pc = (W - 1 - {29'd0, x[6:4]} % 3) * 4;
      1: go_pc = (W + {29'd0, x[6:4]}) * 4;
      default: go_pc = {x[40:10] % W, 2'b00};
    endcase
  end endtask
  initial begin
    $readmemh("prog.hex", prog);
    tick;
    rst = 0;
    for (i = 0; i < W; i = i + 1) begin
      imem_we = 1; imem_addr = i[IB-1:0]; imem_wdata = prog[i]; tick;
    end
    imem_we = 0;
    for (i = 0; i < S; i = i + 1) begin
      inq[i] = 0;
      go = 1; go_slot = i[SB-1:0]; random_pc; $display("G %0d %0d", i, go_pc); tick;
    end
    go = 0;
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
      $display("Y %0d %b %b", c, ready, still);
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

/// Replays the log: the selection rules and the words taken. Returns the takes per slot
/// and the cycles in which some slot was eligible.
fn check(log: &str, prog: &[u32], slots: usize) -> (Vec<u32>, u32) {
    let r = REASONS as usize;
    let mut pc = vec![0u32; slots];
    let mut flight = vec![false; slots];
    let mut why = vec![0u32; slots];
    let mut last = 0usize;
    let mut taken = vec![0; slots];
    let mut busy_cycles = 0;
    // The expected take of the current cycle, decided at its `Y` line.
    let mut expect: Option<Option<usize>> = None;
    let mut took: Option<usize> = None;
    let lines: Vec<&str> = log.lines().collect();
    let settle = |expect: &mut Option<Option<usize>>,
                  took: &mut Option<usize>,
                  flight: &mut Vec<bool>,
                  why: &mut Vec<u32>,
                  last: &mut usize,
                  at: &str| {
        if let Some(e) = expect.take() {
            assert_eq!(*took, e, "{at}: the slot taken");
            if let Some(s) = took.take() {
                flight[s] = true;
                why[s] = 0;
                *last = s;
            }
        }
    };
    for (n, line) in lines.iter().enumerate() {
        let f: Vec<&str> = line.split(' ').collect();
        let num = |i: usize| -> u32 { f[i].parse().unwrap() };
        let at = format!("log line {}: {line}", n + 1);
        match f[0] {
            "Y" => {
                settle(
                    &mut expect,
                    &mut took,
                    &mut flight,
                    &mut why,
                    &mut last,
                    &at,
                );
                // Bit strings are printed most significant first.
                let ready: Vec<bool> = f[2].chars().rev().map(|c| c == '1').collect();
                let still: Vec<bool> = f[3].chars().rev().map(|c| c == '1').collect();
                let eligible = |s: usize| {
                    ready[s]
                        && !flight[s]
                        && (0..r).all(|k| why[s] >> k & 1 == 0 || !still[s * r + k])
                };
                let pick = (1..=slots)
                    .map(|j| (last + j) % slots)
                    .find(|&s| eligible(s));
                busy_cycles += u32::from(pick.is_some());
                expect = Some(pick);
            }
            "L" => flight[num(1) as usize] = false,
            "R" => {
                let s = num(1) as usize;
                flight[s] = false;
                why[s] = num(2);
            }
            "G" => pc[num(1) as usize] = num(2),
            "P" => pc[num(1) as usize] += 4 * num(2),
            "T" => {
                let s = num(1) as usize;
                took = Some(s);
                assert_eq!(num(2), pc[s], "{at}: head PC");
                let first = pc[s] / 4;
                let have = (prog.len() as u32).saturating_sub(first).min(3);
                assert_eq!(num(3), have, "{at}: words in");
                for k in 0..3 {
                    let w = if k < have {
                        prog[(first + k) as usize]
                    } else {
                        0
                    };
                    assert_eq!(num(4 + k as usize), w, "{at}: word {k}");
                }
                taken[s] += 1;
            }
            _ => {}
        }
    }
    settle(
        &mut expect,
        &mut took,
        &mut flight,
        &mut why,
        &mut last,
        "end of log",
    );
    (taken, busy_cycles)
}

fn run(dir: &Path, slots: u32, words: u32, cycles: u32, seed: u64) {
    std::fs::create_dir_all(dir).unwrap();
    let fetch = render_fetch(slots, words).expect("the fetch template renders");
    let select = render_select(slots, REASONS).expect("the select template renders");
    std::fs::write(dir.join("cu32_fetch.v"), fetch).unwrap();
    std::fs::write(dir.join("cu32_select.v"), select).unwrap();
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    let mut rng = Rng(seed);
    let prog: Vec<u32> = (0..words).map(|_| rng.next() as u32).collect();
    let hex: String = prog.iter().map(|w| format!("{w:08x}\n")).collect();
    std::fs::write(dir.join("prog.hex"), hex).unwrap();
    lint_clean(dir, "cu32_select", "cu32_select.v");
    let slot_bits = slot_port_bits(slots);
    let log = run_testbench(
        dir,
        &["tb.v", "cu32_fetch.v", "cu32_select.v"],
        &[
            format!("SLOTS={slots}"),
            format!("SLOT_BITS={slot_bits}"),
            format!("WORDS={words}"),
            format!("IMEM_BITS={}", words.trailing_zeros()),
            format!("REASONS={REASONS}"),
            format!("CYCLES={cycles}"),
            format!("SEED=64'd{seed}"),
        ],
    );
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
