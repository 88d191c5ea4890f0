//! The dispatcher (`templates/dispatch.v.tera`, rendered for the default configuration)
//! under Verilator with a stand-in core and bus: the code it loads, and every wave's initial
//! state (v0 lane by lane, the SGPRs the start sweep would write, EXEC, MODE) for a 3-D
//! dispatch with partial work-groups of odd sizes and for work-groups of several waves,
//! against a reference written from the model's rules (`init_wave` in
//! sim/src/model/workgroup.rs); the wave slots: waves parked at `s_barrier` resumed round
//! by round in wave order with their saved state (the model's `run_group`), and the
//! BARRIER stop when a wave's slot still holds a parked wave; then the refusals. Needs
//! verilator; skipped loudly without it unless `CI` is set.

mod common;

use common::{lint_clean, run_testbench, verilator_present};
use std::fmt::Write as _;

const TESTBENCH: &str = r#"module tb;
  reg clk = 0, rst = 1, start = 0, core_done = 0, core_error = 0, parked = 0;
  reg [31:0] park_mask = 0, ctx_pc = 0, lds_bytes = 0, clears = 0;
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
  wire [2:0] slot;
  wire [4:0] wave;
  wire park_ok, resume, resume_scc;
  wire [31:0] resume_pc, resume_mode;
  wire [63:0] pc_base;
  wire lds_clr;
  wire [6:0] lds_clr_row;
  cu32_dispatch dut(.clk(clk), .rst(rst), .csr_start(start), .entry(entry),
      .kernarg(kernarg), .grid(grid), .block(block), .rsrc1(rsrc1), .rsrc2(rsrc2),
      .properties(props), .lds_bytes(lds_bytes), .code_bytes(code_bytes), .plain_start(1'b0),
      .core_start(core_start), .core_reset(core_reset), .init_idx(idx),
      .init_sgpr(init_sgpr), .init_exec(init_exec), .init_mode(init_mode),
      .core_done(core_done), .core_error(core_error), .core_error_pc(32'h44),
      .slot(slot), .wave(wave), .park_ok(park_ok), .core_parked(parked),
      .ctx_pc(ctx_pc), .ctx_scc(wave[0]), .ctx_mode({27'd0, wave}), .core_resume(resume),
      .resume_pc(resume_pc), .resume_scc(resume_scc), .resume_mode(resume_mode),
      .pc_base(pc_base), .lds_clr(lds_clr), .lds_clr_row(lds_clr_row),
      .imem_we(imem_we),
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
    // The LDS clear walks the rows in order (32 rows a work-group in the one test with LDS).
    if (lds_clr) begin
      if ({25'd0, lds_clr_row} != clears % 32) $display("LDS row %0d, expected %0d", lds_clr_row, clears % 32);
      clears <= clears + 1;
    end
  end
  task tick; begin #1 clk = 1; #1 clk = 0; end endtask
  integer i, waves;
  // One dispatch. A started wave w of a work-group parks at s_barrier when bit w of
  // park_mask is set (saving PC 0x100 + 4w, SCC w[0], MODE w), else it ends; a resumed wave
  // ends.
  task dispatch;
    begin
      start = 1; tick; start = 0;
      waves = 0;
      clears = 0;
      while (!done && !error) begin
        if (core_start) begin
          tick;
          // The core's start sweep reads init_sgpr for each SGPR.
          for (i = 0; i < 128; i = i + 1) begin
            idx = i[6:0]; #1;
            if (init_sgpr != 0) $display("S %0d %08x", i, init_sgpr);
          end
          $display("E %08x M %08x keep %0d slot %0d wave %0d base %0x", init_exec, init_mode,
                   keep_v0, slot, wave, pc_base);
          tick; tick;
          if (park_mask[wave] && park_ok) begin
            ctx_pc = 32'h100 + 4 * wave;
            parked = 1; tick; parked = 0;
          end else begin
            core_done = 1; tick; core_done = 0;
          end
          waves = waves + 1;
        end else if (resume) begin
          $display("R slot %0d wave %0d pc %08x scc %0d mode %0d", slot, wave, resume_pc,
                   resume_scc, resume_mode);
          tick; tick;
          core_done = 1; tick; core_done = 0;
        end else tick;
      end
      $display("END done %0d error %0d code %0d pc %08x busy %0d clears %0d", done, error,
               error_code, error_pc, busy, clears);
      tick;
    end
  endtask
  initial begin
    tick; tick; rst = 0;
    // 3-D: grid 7 x 5 x 3, block 4 x 3 x 2: partial work-groups in every dimension;
    // kernarg pointer (after the dispatch pointer) and work-group ids x, y, z from s4.
    grid = {32'd3, 32'd5, 32'd7}; block = {32'd2, 32'd3, 32'd4};
    props = 32'h0000_040a; rsrc2 = {19'd0, 2'd2, 1'b0, 3'b111, 1'b0, 5'd4, 1'b0};
    dispatch;
    // 1-D, work-groups of 80 work-items (three waves), only work-group id x at s2.
    grid = {32'd1, 32'd1, 32'd160}; block = {32'd1, 32'd1, 32'd80};
    props = 32'h0000_0408; rsrc2 = {19'd0, 2'd0, 1'b0, 3'b001, 1'b0, 5'd2, 1'b0};
    code_bytes = 4;
    dispatch;
    // The same with s_barrier in waves 0 and 2: round 2 resumes them in order. 4000 bytes
    // of LDS: 32 rows of 32 banks cleared before each work-group.
    park_mask = 32'b101;
    lds_bytes = 4000;
    dispatch;
    lds_bytes = 0;
    // Ten waves (eight slots), wave 0 waiting at s_barrier in the slot wave 8 needs:
    // BARRIER at wave 0's s_barrier.
    grid = {32'd1, 32'd1, 32'd300}; block = {32'd1, 32'd1, 32'd300};
    park_mask = 32'b1;
    dispatch;
    park_mask = 0;
    // Refusals: too much code, an empty grid, a wave64 kernel.
    code_bytes = 32'h10000; dispatch; code_bytes = 4;
    grid = 0; dispatch; grid = {32'd1, 32'd1, 32'd80};
    props = 32'h0000_0008; dispatch;
    $finish;
  end
endmodule
"#;

/// The MODE of RSRC1 0x60af0080 (the model's `init_wave`).
fn mode() -> u32 {
    let r1: u32 = 0x60af_0080;
    ((r1 >> 12) & 0xff) | (((r1 >> 21) & 1) << 8) | (((r1 >> 23) & 1) << 9)
}

/// How the stand-in core runs a dispatch's waves: those of `parks` park at s_barrier in
/// the first round; `last` stops after that wave of the first work-group (an error).
struct Script {
    parks: &'static [u32],
    last: Option<u32>,
}

/// Wave slots of the default configuration.
const SLOTS: u32 = 8;

/// The V, S, E (and R) lines of every wave of a dispatch: `wg_at` the first work-group id
/// SGPR, `ids` how many ids are enabled, `dims` ENABLE_VGPR_WORKITEM_ID, `k` the kernarg
/// SGPR; waves that park are resumed after the first round, in wave order, as the model's
/// `run_group` does.
#[allow(clippy::too_many_arguments)]
fn waves(
    out: &mut String,
    grid: [u32; 3],
    block: [u32; 3],
    wg_at: u32,
    ids: usize,
    dims: u32,
    k: u32,
    script: &Script,
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
                let n = items.div_ceil(32);
                for w in 0..n {
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
                    let _ = writeln!(
                        out,
                        "E {exec:08x} M {:08x} keep 1 slot {} wave {w} base 1000",
                        mode(),
                        w % SLOTS
                    );
                    if script.last == Some(w) {
                        return;
                    }
                }
                for &w in script.parks.iter().filter(|&&w| w < n && n > 1) {
                    let _ = writeln!(
                        out,
                        "R slot {} wave {w} pc {:08x} scc {} mode {w}",
                        w % SLOTS,
                        0x100 + 4 * w,
                        w & 1
                    );
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
    let plain = Script {
        parks: &[],
        last: None,
    };
    waves(&mut out, [7, 5, 3], [4, 3, 2], 4, 3, 2, 2, &plain);
    out.push_str("END done 1 error 0 code 0 pc 00000000 busy 0 clears 0\n");
    out.push_str("I 0 00001000\n");
    waves(&mut out, [160, 1, 1], [80, 1, 1], 2, 1, 0, 0, &plain);
    out.push_str("END done 1 error 0 code 0 pc 00000000 busy 0 clears 0\n");
    out.push_str("I 0 00001000\n");
    let barrier = Script {
        parks: &[0, 2],
        last: None,
    };
    waves(&mut out, [160, 1, 1], [80, 1, 1], 2, 1, 0, 0, &barrier);
    out.push_str("END done 1 error 0 code 0 pc 00000000 busy 0 clears 64\n");
    // Wave 8 needs slot 0, where wave 0 waits at the s_barrier before PC 0x100.
    out.push_str("I 0 00001000\n");
    let full = Script {
        parks: &[0],
        last: Some(SLOTS - 1),
    };
    waves(&mut out, [300, 1, 1], [300, 1, 1], 2, 1, 0, 0, &full);
    out.push_str("END done 0 error 1 code 7 pc 000000fc busy 0 clears 0\n");
    out.push_str("END done 0 error 1 code 2 pc 00000000 busy 0 clears 0\n");
    out.push_str("END done 0 error 1 code 3 pc 00000000 busy 0 clears 0\n");
    out.push_str("END done 0 error 1 code 4 pc 00000000 busy 0 clears 0\n");
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
        .filter(|l| l.starts_with(['I', 'V', 'S', 'E', 'R', 'L']))
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
