//! The dispatcher (`templates/dispatch.v.tera`, rendered for the default configuration)
//! under Verilator with a stand-in core and bus: the code it loads, and every wave's initial
//! state (v0 lane by lane, the SGPRs the start sweep would write, EXEC, MODE) for a 3-D
//! dispatch with partial work-groups of odd sizes and for work-groups of several waves,
//! against a reference written from the model's rules (`init_wave` in
//! sim/src/model/workgroup.rs); then the refusals and the BARRIER stop. Needs verilator;
//! skipped loudly without it unless `CI` is set.

mod common;

use common::{lint_clean, run_testbench, verilator_present};
use std::fmt::Write as _;

const TESTBENCH: &str = r#"module tb;
  reg clk = 0, rst = 1, start = 0, core_done = 0, core_error = 0, barrier = 0;
  reg [63:0] entry = 64'h1000, kernarg = 64'h0000_0001_2345_6780;
  reg [95:0] grid = 0, block = 0;
  reg [31:0] rsrc1 = 32'h60af0080, rsrc2 = 0, props = 0, code_bytes = 12;
  reg [6:0] idx = 0;
  reg wb_ack = 0;
  reg [31:0] wb_dat = 0;
  wire core_start, core_reset, imem_we, keep_v0, v0_we, wb_cyc, wb_stb;
  wire busy, done, error, done_p, error_p;
  wire [31:0] init_sgpr, init_exec, init_mode, imem_addr, imem_wdata, v0_val, error_pc;
  wire [4:0] v0_lane;
  wire [29:0] wb_adr;
  wire [7:0] error_code;
  cu32_dispatch dut(.clk(clk), .rst(rst), .csr_start(start), .entry(entry),
      .kernarg(kernarg), .grid(grid), .block(block), .rsrc1(rsrc1), .rsrc2(rsrc2),
      .properties(props), .lds_bytes(32'd0), .code_bytes(code_bytes), .plain_start(1'b0),
      .core_start(core_start), .core_reset(core_reset), .init_idx(idx),
      .init_sgpr(init_sgpr), .init_exec(init_exec), .init_mode(init_mode),
      .core_done(core_done), .core_error(core_error), .core_error_pc(32'h44),
      .retire_barrier(barrier), .retire_pc(32'h88), .imem_we(imem_we),
      .imem_addr(imem_addr), .imem_wdata(imem_wdata), .keep_v0(keep_v0), .v0_we(v0_we),
      .v0_lane(v0_lane), .v0_val(v0_val), .wb_cyc(wb_cyc), .wb_stb(wb_stb),
      .wb_adr(wb_adr), .wb_stall(1'b0), .wb_ack(wb_ack), .wb_err(1'b0), .wb_dat_i(wb_dat),
      .busy(busy), .done(done), .error(error), .error_pc(error_pc),
      .error_code(error_code), .done_pulse(done_p), .error_pulse(error_p));
  // The bus: every read acknowledged the next cycle with its byte address as data.
  always @(posedge clk) begin
    wb_ack <= wb_cyc && wb_stb;
    wb_dat <= {wb_adr, 2'd0};
    if (imem_we) $display("I %0d %08x", imem_addr, imem_wdata);
    if (v0_we) $display("V %0d %08x", v0_lane, v0_val);
  end
  task tick; begin #1 clk = 1; #1 clk = 0; end endtask
  integer i, waves;
  // One dispatch; `stop_at`: the wave (counted from 0) at which s_barrier retires, or -1.
  task dispatch(input integer stop_at);
    begin
      start = 1; tick; start = 0;
      waves = 0;
      while (!done && !error) begin
        if (core_start) begin
          tick;
          // The core's start sweep reads init_sgpr for each SGPR.
          for (i = 0; i < 128; i = i + 1) begin
            idx = i[6:0]; #1;
            if (init_sgpr != 0) $display("S %0d %08x", i, init_sgpr);
          end
          $display("E %08x M %08x keep %0d", init_exec, init_mode, keep_v0);
          tick; tick;
          if (waves == stop_at) begin barrier = 1; tick; barrier = 0; end
          core_done = 1; tick; core_done = 0;
          waves = waves + 1;
        end else tick;
      end
      $display("END done %0d error %0d code %0d pc %08x busy %0d", done, error, error_code,
               error_pc, busy);
      tick;
    end
  endtask
  initial begin
    tick; tick; rst = 0;
    // 3-D: grid 7 x 5 x 3, block 4 x 3 x 2: partial work-groups in every dimension;
    // kernarg pointer (after the dispatch pointer) and work-group ids x, y, z from s4.
    grid = {32'd3, 32'd5, 32'd7}; block = {32'd2, 32'd3, 32'd4};
    props = 32'h0000_040a; rsrc2 = {19'd0, 2'd2, 1'b0, 3'b111, 1'b0, 5'd4, 1'b0};
    dispatch(-1);
    // 1-D, work-groups of 40 work-items (two waves), only work-group id x at s2.
    grid = {32'd1, 32'd1, 32'd80}; block = {32'd1, 32'd1, 32'd40};
    props = 32'h0000_0408; rsrc2 = {19'd0, 2'd0, 1'b0, 3'b001, 1'b0, 5'd2, 1'b0};
    code_bytes = 4;
    dispatch(-1);
    // The same with s_barrier in the first wave: BARRIER at its PC.
    dispatch(0);
    // Refusals: too much code, an empty grid, a wave64 kernel.
    code_bytes = 32'h10000; dispatch(-1); code_bytes = 4;
    grid = 0; dispatch(-1); grid = {32'd1, 32'd1, 32'd80};
    props = 32'h0000_0008; dispatch(-1);
    $finish;
  end
endmodule
"#;

/// The MODE of RSRC1 0x60af0080 (the model's `init_wave`).
fn mode() -> u32 {
    let r1: u32 = 0x60af_0080;
    ((r1 >> 12) & 0xff) | (((r1 >> 21) & 1) << 8) | (((r1 >> 23) & 1) << 9)
}

/// The V, S and E lines of every wave of a dispatch: `wg_at` the first work-group id SGPR,
/// `ids` how many ids are enabled, `dims` ENABLE_VGPR_WORKITEM_ID, `k` the kernarg SGPR.
fn waves(
    out: &mut String,
    grid: [u32; 3],
    block: [u32; 3],
    wg_at: u32,
    ids: usize,
    dims: u32,
    k: u32,
) {
    let groups: Vec<u32> = (0..3).map(|d| grid[d].div_ceil(block[d])).collect();
    for gz in 0..groups[2] {
        for gy in 0..groups[1] {
            for gx in 0..groups[0] {
                let g = [gx, gy, gz];
                let size: Vec<u32> = (0..3)
                    .map(|d| block[d].min(grid[d] - g[d] * block[d]))
                    .collect();
                let items = size[0] * size[1] * size[2];
                for w in 0..items.div_ceil(32) {
                    let mut exec = 0u32;
                    for lane in 0..32 {
                        let t = w * 32 + lane;
                        let mut v = 0;
                        if t < items {
                            exec |= 1 << lane;
                            let (x, y, z) =
                                (t % size[0], t / size[0] % size[1], t / (size[0] * size[1]));
                            let y = if dims >= 1 { y } else { 0 };
                            let z = if dims >= 2 { z } else { 0 };
                            v = x | (y << 10) | (z << 20);
                        }
                        let _ = writeln!(out, "V {lane} {v:08x}");
                    }
                    let mut sgprs = vec![(k, 0x2345_6780u32), (k + 1, 1)];
                    for (i, &id) in g.iter().enumerate().take(ids) {
                        sgprs.push((wg_at + i as u32, id));
                    }
                    sgprs.push((126, exec));
                    for (i, v) in sgprs {
                        if v != 0 {
                            let _ = writeln!(out, "S {i} {v:08x}");
                        }
                    }
                    let _ = writeln!(out, "E {exec:08x} M {:08x} keep 1", mode());
                }
            }
        }
    }
}

/// The transcript the testbench must print, from the model's rules.
fn expected() -> String {
    let mut out = String::new();
    for k in 0..3u32 {
        let _ = writeln!(out, "I {k} {:08x}", 0x1000 + 4 * k);
    }
    waves(&mut out, [7, 5, 3], [4, 3, 2], 4, 3, 2, 2);
    out.push_str("END done 1 error 0 code 0 pc 00000000 busy 0\n");
    out.push_str("I 0 00001000\n");
    waves(&mut out, [80, 1, 1], [40, 1, 1], 2, 1, 0, 0);
    out.push_str("END done 1 error 0 code 0 pc 00000000 busy 0\n");
    // The barrier run: wave 0 of work-group 0 as above, then the stop.
    out.push_str("I 0 00001000\n");
    for lane in 0..32 {
        let _ = writeln!(out, "V {lane} {lane:08x}");
    }
    let _ = writeln!(
        out,
        "S 0 23456780\nS 1 00000001\nS 126 ffffffff\nE ffffffff M {:08x} keep 1",
        mode()
    );
    out.push_str("END done 0 error 1 code 7 pc 00000088 busy 0\n");
    out.push_str("END done 0 error 1 code 2 pc 00000000 busy 0\n");
    out.push_str("END done 0 error 1 code 3 pc 00000000 busy 0\n");
    out.push_str("END done 0 error 1 code 4 pc 00000000 busy 0\n");
    out
}

#[test]
fn dispatcher_starts_every_wave_as_the_model_does() {
    if !verilator_present("the dispatcher") {
        return;
    }
    let verilog =
        cu32_hdl::verilog::render_dispatch(&cu32_hdl::Config::default_config()).expect("renders");
    let dir = std::env::temp_dir().join(format!("cu32-dispatch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cu32_dispatch.v"), verilog).unwrap();
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    lint_clean(&dir, "cu32_dispatch", "cu32_dispatch.v");
    let stdout = run_testbench(&dir, &["tb.v", "cu32_dispatch.v"], &[]);
    let transcript: String = stdout
        .lines()
        .filter(|l| l.starts_with(['I', 'V', 'S', 'E']))
        .map(|l| format!("{l}\n"))
        .collect();
    let want = expected();
    if transcript != want {
        let first = transcript
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "transcripts differ at line {first}:\n got: {:?}\nwant: {:?}",
            transcript.lines().nth(first),
            want.lines().nth(first)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
