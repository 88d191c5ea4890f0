//! The pipelined issue's front end (`templates/fetch.v.tera`) under Verilator: a program of
//! random words is loaded through the host port, and a random consumer (the testbench)
//! takes head instructions of ready slots, consuming 1 to 3 words or redirecting the slot
//! (`go`, as a branch would), and now and then redirects or halts a slot that is filling.
//! Every head it sees must hold the program's words at the PC this file tracks from the
//! consumer's log, as many as the memory has before its end (and zeros after them), and
//! every slot must keep being served. Needs verilator (installed by scripts/setup.sh);
//! skipped loudly without it unless `CI` is set.

mod common;

use common::{lint_clean, run_testbench, verilator_present, Rng};
use cu32_hdl::verilog::{render_fetch, slot_port_bits};
use std::path::Path;

const TESTBENCH: &str = r#"module tb;
  localparam integer S = `SLOTS;
  localparam integer SB = `SLOT_BITS;
  localparam integer W = `WORDS;
  localparam integer IB = `IMEM_BITS;
  reg clk = 0, rst = 1;
  reg imem_we = 0;
  reg [IB-1:0] imem_addr = 0;
  reg [31:0] imem_wdata = 0;
  reg go = 0, halt = 0, pop = 0;
  reg [SB-1:0] go_slot = 0, halt_slot = 0, pop_slot = 0, sel = 0;
  reg [31:0] go_pc = 0;
  reg [1:0] pop_n = 0;
  wire [S-1:0] ready;
  wire [31:0] h_pc, h_w0, h_w1, h_w2;
  wire [1:0] h_n;
  wire h_end;
  cu32_fetch dut(.clk(clk), .rst(rst), .imem_we(imem_we), .imem_addr(imem_addr),
                 .imem_wdata(imem_wdata), .go(go), .go_slot(go_slot), .go_pc(go_pc),
                 .halt(halt), .halt_slot(halt_slot), .pop(pop), .pop_slot(pop_slot),
                 .pop_n(pop_n), .ready(ready), .sel(sel), .h_pc(h_pc), .h_w0(h_w0),
                 .h_w1(h_w1), .h_w2(h_w2), .h_n(h_n), .h_end(h_end));
  reg [31:0] prog [0:W-1];
  reg [63:0] x = `SEED;
  integer i, c, k, r, s, found;
  // xorshift64
  task step_rng; begin x = x ^ (x << 13); x = x ^ (x >> 7); x = x ^ (x << 17); end endtask
  task tick; begin #1 clk = 1; #1 clk = 0; end endtask
  // A PC for a go: mostly in the program, sometimes in its last words or past its end,
  // with random low bits (ignored).
  task random_pc; begin
    step_rng;
    case (x[3:0])
      0: go_pc = (W - 1 - {29'd0, x[6:4]} % 3) * 4;
      1: go_pc = (W + {29'd0, x[6:4]}) * 4;
      default: go_pc = {x[40:10] % W, x[9:8]};
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
      go = 1; go_slot = i[SB-1:0]; random_pc; $display("G %0d %0d", i, go_pc); tick;
    end
    go = 0;
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
          if (!found && ready[s]) begin found = 1; sel = s[SB-1:0]; end
        end
        if (found) begin
          #1;
          $display("I %0d %0d %0d %0d %0d %0d %0d", sel, h_pc, h_n, h_end, h_w0, h_w1, h_w2);
          step_rng;
          if (h_n == 0 || x[4:0] < 4) begin
            go = 1; go_slot = sel; random_pc;
            $display("G %0d %0d", sel, go_pc);
          end else begin
            pop = 1; pop_slot = sel; pop_n = 2'd1 + x[12:11] % h_n;
            $display("P %0d %0d", sel, pop_n);
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
          if (!found && !dut.active[s]) begin found = 1; go_slot = s[SB-1:0]; end
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
                let first = want / 4;
                let have = words.saturating_sub(first).min(3);
                assert_eq!(num(3), have, "{}: words in", at());
                // h_end: every word before the memory's end is in the buffer (4 words).
                if have < 3 {
                    assert_eq!(num(4), 1, "{}: a short head is at the end", at());
                }
                if num(4) == 1 {
                    assert!(first + 4 >= words, "{}: the end is further", at());
                }
                for k in 0..3 {
                    let expect = if k < have {
                        prog[(first + k) as usize]
                    } else {
                        0
                    };
                    assert_eq!(num(5 + k as usize), expect, "{}: word {k}", at());
                }
                taken[s] += 1;
            }
            _ => {}
        }
    }
    taken
}

fn run(dir: &Path, slots: u32, words: u32, cycles: u32, seed: u64) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(
        dir.join("cu32_fetch.v"),
        render_fetch(slots, words).expect("the fetch template renders"),
    )
    .unwrap();
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    let mut rng = Rng(seed);
    let prog: Vec<u32> = (0..words).map(|_| rng.next() as u32).collect();
    let hex: String = prog.iter().map(|w| format!("{w:08x}\n")).collect();
    std::fs::write(dir.join("prog.hex"), hex).unwrap();
    lint_clean(dir, "cu32_fetch", "cu32_fetch.v");
    let slot_bits = slot_port_bits(slots);
    let log = run_testbench(
        dir,
        &["tb.v", "cu32_fetch.v"],
        &[
            format!("SLOTS={slots}"),
            format!("SLOT_BITS={slot_bits}"),
            format!("WORDS={words}"),
            format!("IMEM_BITS={}", words.trailing_zeros()),
            format!("CYCLES={cycles}"),
            format!("SEED=64'd{seed}"),
        ],
    );
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
