//! The pipelined issue's front end (`templates/fetch.v.tera`) under Verilator: a program of
//! random words is loaded through the host port, and a random consumer (the testbench)
//! takes head instructions of ready slots, consuming 1 to 3 words or redirecting the slot
//! (`go`, as a branch would), and now and then redirects or halts a slot that is filling.
//! Every head it sees must hold the program's words at the PC this file tracks from the
//! consumer's log, as many as the memory has before its end (and zeros after them), and
//! every slot must keep being served. Needs verilator (installed by scripts/setup.sh);
//! skipped loudly without it unless `CI` is set.

mod common;

use common::{check_head, run_fetch_bench, verilator_present};
use std::path::Path;

const TESTBENCH: &str = r#"module tb;
`include "fetch_tb.vh"
  reg [SB-1:0] pick = 0;
  assign sel = pick;
  integer c, k, r, s, found;
  initial begin
    load_and_start;
    for (c = 0; c < `CYCLES; c = c + 1) begin
      go = 0; halt = 0; pop = 0;
      step_rng;
      r = x[9:0] % 100;
      if (r < 75) begin
        // Take the head of a ready slot, searching from a random one.
        found = 0;
        step_rng;
        for (k = 0; k < S; k = k + 1) begin
          s = (k + x[20:12]) % S;
          if (!found && ready[s]) begin found = 1; pick = s[SB-1:0]; end
        end
        if (found) begin
          #1;
          $display("I %0d %0d %0d %0d %0d %0d %0d", pick, h_pc, h_n, h_end, h_w0, h_w1, h_w2);
          step_rng;
          if (h_n == 0 || x[4:0] < 4) begin
            go = 1; go_slot = pick; random_pc;
            $display("G %0d %0d", pick, go_pc);
          end else begin
            pop = 1; pop_slot = pick; pop_n = 2'd1 + x[12:11] % h_n;
            $display("P %0d %0d", pick, pop_n);
          end
        end
      end else if (r < 82) begin
        step_rng;
        go = 1; go_slot = x[20:12] % S; random_pc;
        $display("G %0d %0d", go_slot, go_pc);
      end else if (r < 84) begin
        step_rng;
        halt = 1; halt_slot = x[20:12] % S;
        $display("H %0d", halt_slot);
      end else if (r < 90) begin
        // Restart a halted slot.
        step_rng;
        found = 0;
        for (k = 0; k < S; k = k + 1) begin
          s = (k + x[20:12]) % S;
          if (!found && !fetch.active[s]) begin found = 1; go_slot = s[SB-1:0]; end
        end
        if (found) begin go = 1; random_pc; $display("G %0d %0d", go_slot, go_pc); end
      end
      tick;
    end
    $finish;
  end
endmodule
"#;

/// Checks the testbench's log against `prog`: returns the heads taken per slot.
fn check(log: &str, prog: &[u32], slots: usize) -> Vec<u32> {
    let words = prog.len() as u32;
    let mut pc: Vec<Option<u32>> = vec![None; slots];
    let mut taken = vec![0; slots];
    for (n, line) in log.lines().enumerate() {
        let f: Vec<&str> = line.split(' ').collect();
        let num = |i: usize| -> u32 { f[i].parse().unwrap() };
        let at = || format!("log line {}: {line}", n + 1);
        match f[0] {
            "G" => pc[num(1) as usize] = Some(num(2) & !3),
            "H" => pc[num(1) as usize] = None,
            "P" => {
                let s = num(1) as usize;
                pc[s] = Some(pc[s].unwrap() + 4 * num(2));
            }
            "I" => {
                let s = num(1) as usize;
                let want = pc[s].unwrap_or_else(|| panic!("{}: a halted slot is ready", at()));
                assert_eq!(num(2), want, "{}: head PC", at());
                let got = [num(5), num(6), num(7)];
                let have = check_head(prog, want, num(3), got, &at());
                // h_end: every word before the memory's end is in the buffer (4 words).
                if have < 3 {
                    assert_eq!(num(4), 1, "{}: a short head is at the end", at());
                }
                if num(4) == 1 {
                    assert!(want / 4 + 4 >= words, "{}: the end is further", at());
                }
                taken[s] += 1;
            }
            _ => {}
        }
    }
    taken
}

fn run(dir: &Path, slots: u32, words: u32, cycles: u32, seed: u64) {
    let defines = [format!("CYCLES={cycles}")];
    let (prog, log) = run_fetch_bench(dir, TESTBENCH, &[], slots, words, &defines, seed);
    let taken = check(&log, &prog, slots as usize);
    let total: u32 = taken.iter().sum();
    println!("fetch: {slots} slots, {words} words, {cycles} cycles: {total} heads taken, per slot {taken:?}");
    assert!(
        taken.iter().all(|&t| t > cycles / slots / 20),
        "every slot is served: {taken:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn fetch_buffers_hold_each_slots_next_words() {
    if !verilator_present("the fetch unit") {
        return;
    }
    let base = std::env::temp_dir().join(format!("cu32-fetch-{}", std::process::id()));
    run(&base.join("a"), 8, 64, 20_000, 1);
    run(&base.join("b"), 3, 128, 20_000, 2);
    run(&base.join("c"), 1, 64, 5_000, 3);
    run(&base.join("d"), 16, 64, 20_000, 4);
}
