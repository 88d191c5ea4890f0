//! The pipelined issue's scalar pipeline (`templates/issue.v.tera`, with the fetch unit,
//! the select stage, the decode tables, the indexers and the SALU) under Verilator, with the
//! VALU on the VGPR file (4 lanes), against the golden model: every program of
//! `kernels/scalar`, `kernels/smem` and `kernels/vector` without DS or GLOBAL instructions
//! runs as several waves at once, one per wave slot, each slot starting again after a
//! random pause once its wave ends (so that a slot's later waves meet its earlier ones'
//! registers; a start sweeps the slot's VGPRs, so the bench starts a wave only while the
//! VALU is between instructions). The bench serves the scalar loads from the
//! co-simulation's data region (`cu32_sim::cosim::data_region`) in the scalar memory
//! unit's protocol, its dwords after random waits, ERR outside the region. Each wave's
//! retirement trace (its instructions in order, with their SGPR, VGPR and SCC writes, a
//! load's dwords, and EXEC) must equal the model's run of the program, and it must end as
//! the model's does (`s_endpgm`, or a fault at the same PC; a load the bus refused
//! retired before its fault came, and is dropped with what its wave retired after it, as
//! `cu32 cosim` does). Needs verilator (installed by scripts/setup.sh); skipped loudly
//! without it unless `CI` is set.

mod common;

use common::{build_testbench, verilator_present, Rng};
use cu32_hdl::shape::Shape;
use cu32_hdl::vector::{ds_fields, vfields};
use cu32_hdl::{Config, CoreKind};
use cu32_sim::cosim::{data_region, rtl::loads_sgprs};
use cu32_sim::memory::Memory;
use cu32_sim::model::Machine;
use cu32_sim::trace::{TraceEvent, Write};
use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::process::Command;

const TESTBENCH: &str = r#"`timescale 1ns/1ps
module tb;
  localparam integer S = `SLOTS;
  localparam integer SB = `SLOT_BITS;
  localparam integer IB = `IMEM_BITS;
  localparam integer W = 1 << IB;
  reg clk = 0, rst = 1;
  reg imem_we = 0;
  reg [IB-1:0] imem_addr = 0;
  reg [31:0] imem_wdata = 0;
  reg start = 0;
  reg [SB-1:0] start_slot = 0;
  wire start_ok, busy, ended, fault, trace_valid, trace_has_literal, trace_scc_we, trace_scc;
  wire [S-1:0] running;
  wire [SB-1:0] ended_slot, fault_slot, trace_slot;
  wire [31:0] fault_pc, trace_pc, trace_word0, trace_word1;
  wire [1:0] trace_nwords;
  wire [63:0] trace_exec;
  wire trace_we0, trace_we1, trace_we2, trace_we3;
  wire [6:0] trace_idx0, trace_idx1, trace_idx2, trace_idx3;
  wire [31:0] trace_val0, trace_val1, trace_val2, trace_val3;
  reg m_idle = 1, m_valid = 0, m_done = 0, m_err = 0;
  reg [31:0] m_data = 0;
  wire m_req, trace_swe, trace_sdone;
  // The vector unit (cu32_valu) on the VGPR file (cu32_vrf), as the top has them; a wave's
  // start sweeps its slot's VGPRs (the bench starts a wave only while the unit is between
  // instructions: it takes `start` in idle or in `done`). (No memory instruction: the
  // vector memory unit would ask for vm_go.)
  wire v_go, vm_go, v_scc, v_vop3, v_vopd, v_dmv, v_sweep, v_done, v_last, v_writes;
  wire v_result, v_tail, v_tdone;
  wire [1:0] v_young;
  wire trace_vdone, trace_mdone;
  wire [1:0] trace_vbg;
  wire [SB-1:0] v_slot;
  wire [31:0] v_exec, v_ir1, v_ir2, v_sval, trace_word2;
  wire [63:0] v_s0, v_s1, v_s2;
  wire [8:0] v_src0, v_src1, v_src2, v_src0_y, v_src1_y;
  wire [7:0] v_vdst, v_vdst_y;
  wire [3:0] v_opsel;
  wire [1:0] v_dpp;
  wire [`VCTRL-1:0] v_ctrl, v_ctrl_y;
  wire [`DSCTRL-1:0] v_dsc;
  wire [15:0] v_dsoff;
  wire [4*`VAB-1:0] va_raddr, va_waddr;
  wire [4*`LANES-1:0] va_we;
  wire [128*`LANES-1:0] va_wdata, vrf_q;
  wire vwe0, vwe1;
  wire [7:0] vidx0, vidx1;
  wire [31:0] vmask;
  wire [1023:0] vval0, vval1;
  wire unused_v = &{1'b0, v_last, v_writes, v_ir2, trace_word2, trace_mdone};
  reg [SB-1:0] sweep_slot = 0;
`ifdef VSLOTS
  wire [`VSLOTS-1:0] va_slot = v_sweep ? sweep_slot[`VSLOTS-1:0] : v_slot[`VSLOTS-1:0];
  wire [`VSLOTS-1:0] va_wslot;
`endif
  cu32_vrf vrf (
    .clk(clk),
`ifdef VSLOTS
    .v_slot(va_slot), .v_wslot(va_wslot), .m_slot(va_slot),
`endif
    .v_raddr(va_raddr), .v_waddr(va_waddr), .v_we(va_we), .v_wdata(va_wdata),
    .m_re(4'd0), .m_raddr({4*`VAB{1'b0}}), .m_waddr({4*`VAB{1'b0}}),
    .m_we({4*`LANES{1'b0}}), .m_wdata({128*`LANES{1'b0}}), .q(vrf_q));
  cu32_valu valu (
    .clk(clk), .rst(rst), .start(start && start_ok), .keep_v0(1'b0), .v0_we(1'b0),
    .v0_lane(5'd0), .v0_val(32'd0), .go(v_go), .result(v_result), .exec(v_exec), .scc(v_scc),
    .s0raw_x(v_s0), .s1raw(v_s1), .s2raw(v_s2), .ir1(v_ir1), .ir2(v_ir2), .vop3(v_vop3),
    .src0_x(v_src0), .src1(v_src1), .src2(v_src2), .vdst_x(v_vdst), .opsel(v_opsel),
    .dpp(v_dpp), .vopd(v_vopd), .ctrl_y(v_ctrl_y), .src0_y(v_src0_y), .src1_y(v_src1_y),
    .vdst_y(v_vdst_y), .ctrl_x(v_ctrl), .dmv(v_dmv), .dsc(v_dsc), .dsoff(v_dsoff),
    .vrf_raddr(va_raddr), .vrf_waddr(va_waddr), .vrf_we(va_we), .vrf_wdata(va_wdata),
    .vrf_q(vrf_q), .m_re(4'd0), .writes(v_writes),
`ifdef VSLOTS
    .slot(va_slot), .cur_slot(va_slot), .m_slot(va_slot), .wslot(va_wslot),
`endif
    .vwe0(vwe0), .vidx0(vidx0), .vmask(vmask), .vval0(vval0), .vwe1(vwe1), .vidx1(vidx1),
    .vval1(vval1), .done(v_done), .last(v_last), .tail(v_tail), .tdone(v_tdone),
    .tail_own(), .tail_m(), .young_own(v_young), .y_vdst(), .y_n(), .y_near(), .sweeping(v_sweep), .sval(v_sval));
  wire [31:0] m_addr, trace_sval;
  wire [4:0] m_n;
  wire [7:0] trace_sidx;
  cu32_issue dut (
    .clk(clk), .rst(rst), .imem_we(imem_we), .imem_addr(imem_addr), .imem_wdata(imem_wdata),
    .pc_base(base), .start(start), .start_slot(start_slot), .start_pc(32'd0),
    .start_exec(64'hffffffff), .start_mode(32'd0), .start_ok(start_ok),
    .init_clr(start && start_ok), .init_we(1'b0), .init_slot(start_slot), .init_idx(7'd0),
    .init_val(32'd0), .init_ok(), .bar_pass({S{1'b1}}), .bar_go(), .bar_slot(), .bar_pc(),
    .hold(1'b0), .v_hold(1'b0), .v_held(), .st_load(), .st_vbg(), .st_vq(), .st_vx(),
    .running(running),
    .busy(busy), .ended(ended), .ended_slot(ended_slot), .fault(fault),
    .fault_slot(fault_slot), .fault_pc(fault_pc), .m_req(m_req), .m_addr(m_addr),
    .m_n(m_n), .m_idle(m_idle), .m_valid(m_valid), .m_data(m_data), .m_done(m_done),
    .m_err(m_err), .v_go(v_go), .v_slot(v_slot), .v_exec(v_exec), .v_scc(v_scc),
    .v_s0(v_s0), .v_s1(v_s1), .v_s2(v_s2), .v_ir1(v_ir1), .v_ir2(v_ir2), .v_vop3(v_vop3),
    .v_src0(v_src0), .v_src1(v_src1), .v_src2(v_src2), .v_vdst(v_vdst), .v_opsel(v_opsel),
    .v_dpp(v_dpp), .v_vopd(v_vopd), .v_ctrl_y(v_ctrl_y), .v_src0_y(v_src0_y),
    .v_src1_y(v_src1_y), .v_vdst_y(v_vdst_y), .v_ctrl(v_ctrl), .v_dmv(v_dmv), .v_dsc(v_dsc),
    .v_dsoff(v_dsoff), .v_sweep(v_sweep), .v_result(v_result),
    .v_young(|v_young), .v_tail(v_tail), .v_tail_m(1'b0), .v_tdone(v_tdone), .v_done(v_done),
    .v_sval(v_sval), .vm_slot(), .vm_cslot(), .vm_next(), .vm_exec(), .vm_s0(), .vm_src0(), .vm_src1(), .vm_src2(),
    .vm_vdst(), .vm_dsc(), .vm_dsoff(), .vm_gm(), .vm_gsa(), .vm_go(vm_go), .vm_done(1'b0),
    .vm_fault(1'b0),
    .trace_valid(trace_valid),
    .trace_slot(trace_slot), .trace_pc(trace_pc), .trace_word0(trace_word0),
    .trace_word1(trace_word1), .trace_word2(trace_word2), .trace_nwords(trace_nwords),
    .trace_vbg(trace_vbg), .trace_vdone(trace_vdone), .trace_mdone(trace_mdone),
    .trace_has_literal(trace_has_literal), .trace_exec(trace_exec),
    .trace_we0(trace_we0), .trace_idx0(trace_idx0), .trace_val0(trace_val0),
    .trace_we1(trace_we1), .trace_idx1(trace_idx1), .trace_val1(trace_val1),
    .trace_we2(trace_we2), .trace_idx2(trace_idx2), .trace_val2(trace_val2),
    .trace_we3(trace_we3), .trace_idx3(trace_idx3), .trace_val3(trace_val3),
    .trace_scc_we(trace_scc_we), .trace_scc(trace_scc), .trace_swe(trace_swe),
    .trace_sidx(trace_sidx), .trace_sval(trace_sval), .trace_sdone(trace_sdone));
  reg [31:0] prog [0:W-1];
  reg [31:0] data [0:`DATA_DWORDS-1];
  reg [31:0] ld_a;
  integer ld_left, ld_wait, idle_wait;
  reg [63:0] x, base;
  integer pause [0:S-1];
  integer waves [0:S-1];
  integer cycle, k, s, left;
  task step_rng; begin x = x ^ (x << 13); x = x ^ (x >> 7); x = x ^ (x << 17); end endtask
  task tick; begin #1 clk = 1; #1 clk = 0; end endtask
  task print_vgprs; begin
    if (vwe0) $display("V %h %h %h", vidx0, vmask, vval0);
    if (vwe1) $display("V %h %h %h", vidx1, vmask, vval1);
  end endtask
  initial begin
    if (!$value$plusargs("seed=%d", x)) x = 1;
    if (!$value$plusargs("base=%h", base)) base = 0;
    for (k = 0; k < W; k = k + 1) prog[k] = 32'd0;
    $readmemh("prog.hex", prog);
    $readmemh("data.hex", data);
    ld_left = 0; ld_wait = 0; idle_wait = 0;
    tick;
    rst = 0;
    for (k = 0; k < W; k = k + 1) begin
      imem_we = 1; imem_addr = k[IB-1:0]; imem_wdata = prog[k]; tick;
    end
    imem_we = 0;
    for (k = 0; k < S; k = k + 1) begin
      step_rng; pause[k] = x[3:0] % 8; waves[k] = 0;
    end
    left = S * `WAVES;
    cycle = 0;
    while ((left > 0 || running != 0 || busy) && cycle < `MAX_CYCLES) begin
      // Start the first slot whose pause is over.
      start = 0;
      for (k = 0; k < S; k = k + 1) begin
        if (!start && !running[k] && waves[k] < `WAVES && pause[k] == 0 && !v_go
            && !v_sweep && !v_tail) begin
          start = 1; start_slot = k[SB-1:0];
        end
      end
      // The scalar memory: a request's dwords in order, the first after 1..8 cycles, then
      // one a cycle with a gap now and then; ERR at the first outside the data region, the
      // unit idle again 0..3 cycles later.
      m_valid = 0; m_done = 0; m_err = 0;
      if (ld_left > 0) begin
        if (ld_wait > 0) begin
          ld_wait = ld_wait - 1;
        end else if (ld_a >= `DATA_BASE && ld_a - `DATA_BASE < 4 * `DATA_DWORDS) begin
          m_valid = 1; m_data = data[(ld_a - `DATA_BASE) >> 2]; m_done = ld_left == 1;
          ld_a = ld_a + 4; ld_left = ld_left - 1;
          step_rng; ld_wait = (x[2:0] == 0) ? 1 : 0;
        end else begin
          m_err = 1; ld_left = 0;
          step_rng; idle_wait = x[1:0];
        end
      end else if (idle_wait > 0) begin
        idle_wait = idle_wait - 1;
      end
      m_idle = ld_left == 0 && idle_wait == 0;
      #1;
      if (m_req) begin
        if (!m_idle) $display("B %0d", cycle);
        ld_a = m_addr; ld_left = m_n;
        step_rng; ld_wait = x[2:0];
      end
      if (trace_swe) $display("W %h %h", trace_sidx, trace_sval);
      if (trace_sdone) $display("L");
      if (vm_go) $display("M %0d", cycle);
      // A VALU instruction runs on in the background after its retirement: its VGPR
      // writes come at its end (trace_vdone: after this cycle's retirement, then a G line),
      // its scalar result before (a W line with bit 7 of the index set).
      if (start && start_ok) begin
        $display("S %0d %0d", start_slot, cycle);
        sweep_slot = start_slot;
        waves[start_slot] = waves[start_slot] + 1;
        left = left - 1;
        step_rng; pause[start_slot] = x[5:0] % 12;
      end
      if (trace_valid)
        $display("T %0d %h %h %h %0d %h %0d %h %h %0d %h %h %0d %h %h %0d %h %h %0d %0d %0d %h %0d",
                 trace_slot, trace_pc, trace_word0, trace_word1, trace_nwords, trace_exec,
                 trace_we0, trace_idx0, trace_val0, trace_we1, trace_idx1, trace_val1,
                 trace_we2, trace_idx2, trace_val2, trace_we3, trace_idx3, trace_val3,
                 trace_scc_we, trace_scc, cycle, trace_word2, trace_vbg);
      if (trace_vdone) begin
        print_vgprs;
        $display("G");
      end
      if (fault) $display("F %0d %h %0d", fault_slot, fault_pc, cycle);
      if (ended) $display("E %0d %0d", ended_slot, cycle);
      for (k = 0; k < S; k = k + 1)
        if (!running[k] && !(start && start_ok && start_slot == k[SB-1:0]) && pause[k] > 0)
          pause[k] = pause[k] - 1;
      #1 clk = 1; #1 clk = 0;
      cycle = cycle + 1;
    end
    $display("D %0d", cycle);
    $finish;
  end
endmodule
"#;

/// How a wave ends: `s_endpgm`, or a fault at a PC.
#[derive(Clone, Debug, PartialEq, Eq)]
enum End {
    Done,
    Fault(u32),
}

/// What the golden model makes of a program at byte address `base` run as one wave from
/// its start, with the data region mapped.
fn model_run(words: &[u32], base: u64) -> (Vec<TraceEvent>, End) {
    let mut machine = Machine::at(words.to_vec(), base, 0);
    let mut memory = Memory::new();
    let (addr, dwords) = data_region();
    let bytes = dwords.iter().flat_map(|w| w.to_le_bytes()).collect();
    memory.map(u64::from(addr), "data", bytes, false).unwrap();
    let mut events = Vec::new();
    loop {
        match machine.step_in(&mut memory, &mut []) {
            Ok(Some(mut e)) => {
                e.normalize();
                events.push(e);
            }
            Ok(None) => return (events, End::Done),
            Err(err) => {
                let pc = format!("{err}");
                let pc = pc
                    .strip_prefix("pc 0x")
                    .and_then(|r| r.split(':').next())
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .unwrap_or_else(|| panic!("model error without a pc: {err}"));
                return (events, End::Fault(pc));
            }
        }
    }
}

/// One wave as the bench logged it.
#[derive(Default)]
struct Wave {
    events: Vec<TraceEvent>,
    end: Option<End>,
}

/// The load whose dwords are arriving: its slot, its wave there and its event.
type Outstanding = Option<(u32, usize, usize)>;

fn hex(s: &str) -> u64 {
    u64::from_str_radix(s, 16).unwrap()
}

/// A `V` line's VGPR write: its register, lane mask and 32 lanes' values (one hex number,
/// lane 0 in its low bits).
fn vgpr_write(f: &[&str]) -> Write {
    let all = format!("{:0>256}", f[3]);
    let mut values = [0u32; 32];
    for (lane, v) in values.iter_mut().enumerate() {
        let at = 256 - 8 * (lane + 1);
        *v = u32::from_str_radix(&all[at..at + 8], 16).unwrap();
    }
    Write::Vgpr {
        index: hex(f[1]) as u8,
        mask: hex(f[2]) as u32,
        values,
    }
}

/// The bench's log, per slot: its waves in start order. Also the run's cycles.
/// A load's dwords (`W` lines, until `L`) are added to its event; a wave stopped by a
/// load's fault loses the load and what it retired after it. A VALU instruction runs on
/// in the background after its retirement: its VGPR writes (`V` lines) come before the
/// `G` line that ends it, its scalar result as a `W` line with bit 7 set in that cycle
/// (several may run on: with tails, and one waiting for the unit; they end in order).
fn parse_log(log: &str) -> (BTreeMap<u32, Vec<Wave>>, u64) {
    let mut slots: BTreeMap<u32, Vec<Wave>> = BTreeMap::new();
    let mut cycles = 0;
    let mut outstanding: Outstanding = None;
    let mut background: VecDeque<(u32, usize, usize)> = VecDeque::new();
    let mut vgprs = Vec::new();
    for line in log.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let slot = || f[1].parse::<u32>().unwrap();
        match f.first().copied() {
            Some("B") => panic!("a load asked for while the unit was busy: {line}"),
            Some("M") => panic!("the vector memory unit asked for: {line}"),
            Some("V") => vgprs.push(vgpr_write(&f)),
            Some("G") => {
                let (s, w, e) = background
                    .pop_front()
                    .expect("a VALU end with no instruction in the background");
                let event = &mut slots.get_mut(&s).unwrap()[w].events[e];
                event.writes.append(&mut vgprs);
                event.normalize();
            }
            Some("W") => {
                // (Bit 7: the scalar result of the VALU instruction ending this cycle.)
                let (s, w, e) = if hex(f[1]) & 0x80 != 0 {
                    *background
                        .front()
                        .expect("a VALU result with no VALU instruction running")
                } else {
                    outstanding.expect("a loaded dword with no load outstanding")
                };
                let event = &mut slots.get_mut(&s).unwrap()[w].events[e];
                event.writes.push(Write::Sgpr {
                    index: (hex(f[1]) & 0x7f) as u8,
                    value: hex(f[2]) as u32,
                });
                event.normalize();
            }
            Some("L") => {
                assert!(outstanding.take().is_some(), "`L` with no load outstanding");
            }
            Some("S") => slots.entry(slot()).or_default().push(Wave::default()),
            Some("T") => {
                let waves = slots.get_mut(&slot()).unwrap();
                let w = waves.len() - 1;
                let wave = &mut waves[w];
                assert!(
                    wave.end.is_none(),
                    "a retirement after its wave ended: {line}"
                );
                let n = f[5].parse::<usize>().unwrap();
                let mut writes = Vec::new();
                for k in 0..4 {
                    if f[7 + 3 * k] == "1" {
                        writes.push(Write::Sgpr {
                            index: hex(f[8 + 3 * k]) as u8,
                            value: hex(f[9 + 3 * k]) as u32,
                        });
                    }
                }
                if f[19] == "1" {
                    writes.push(Write::Scc(f[20] == "1"));
                }
                writes.append(&mut vgprs);
                let mut e = TraceEvent {
                    wave: 0,
                    pc: hex(f[2]) as u32,
                    words: [hex(f[3]) as u32, hex(f[4]) as u32, hex(f[22]) as u32][..n].to_vec(),
                    exec: hex(f[6]),
                    writes,
                };
                e.normalize();
                if f[23] == "1" {
                    background.push_back((slot(), w, wave.events.len()));
                }
                if loads_sgprs(&e) {
                    assert!(outstanding.is_none(), "a second load outstanding: {line}");
                    outstanding = Some((slot(), w, wave.events.len()));
                }
                wave.events.push(e);
            }
            Some("F") | Some("E") => {
                let waves = slots.get_mut(&slot()).unwrap();
                let w = waves.len() - 1;
                let wave = &mut waves[w];
                assert!(wave.end.is_none(), "a wave ended twice: {line}");
                assert!(
                    !background.iter().any(|&(s, lw, _)| s == slot() && lw == w),
                    "a wave ended with its VALU instruction running: {line}"
                );
                if let Some((s, lw, e)) = outstanding {
                    if s == slot() && lw == w {
                        assert_eq!(f[0], "F", "a wave ended with its load outstanding: {line}");
                        assert_eq!(wave.events[e].pc, hex(f[2]) as u32, "{line}");
                        wave.events.truncate(e);
                        outstanding = None;
                    }
                }
                wave.end = Some(if f[0] == "E" {
                    End::Done
                } else {
                    End::Fault(hex(f[2]) as u32)
                });
            }
            Some("D") => cycles = f[1].parse().unwrap(),
            _ => {}
        }
    }
    (slots, cycles)
}

/// Writes the files `cu32 gen` makes for `config` as `core: pipelined` into `dir`, lints
/// the pipeline with its children (the top aside), and builds the testbench; returns the
/// executable.
fn build(dir: &Path, config: &Config, waves: u32) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    // The files `cu32 gen` writes for `core: pipelined`, but for the top (and `files.f`).
    let mut config = config.clone();
    config.core = CoreKind::Pipelined;
    let mut sources = Vec::new();
    for f in cu32_hdl::generate(&config).unwrap() {
        if f.name.ends_with(".v") && f.name != "cu32_top.v" {
            sources.push(f.name.clone());
        }
        std::fs::write(dir.join(&f.name), f.text).unwrap();
    }
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    let sources: Vec<&str> = sources.iter().map(String::as_str).collect();
    let lint = Command::new("verilator")
        .current_dir(dir)
        .args([
            "--lint-only",
            "-Wall",
            "lint.vlt",
            "--top-module",
            "cu32_issue",
        ])
        .args(&sources)
        .output()
        .unwrap();
    assert!(
        lint.status.success() && lint.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&lint.stderr)
    );
    // (CU32_TRACE: the VALU's VGPR write trace.)
    let shape = Shape::of(&config);
    let mut defines = vec![
        "CU32_TRACE".to_string(),
        format!("SLOTS={}", config.wave_slots),
        format!("SLOT_BITS={}", shape.slot_port_bits),
        format!("IMEM_BITS={}", config.imem_words.trailing_zeros()),
        format!("WAVES={waves}"),
        "MAX_CYCLES=200000".to_string(),
        format!("DATA_BASE=32'h{:x}", data_region().0),
        format!("DATA_DWORDS={}", data_region().1.len()),
        format!("LANES={}", config.lanes),
        format!("VAB={}", shape.vgpr_row_bits),
        format!("VCTRL={}", vfields().iter().map(|f| f.width).sum::<usize>()),
        format!(
            "DSCTRL={}",
            ds_fields().iter().map(|f| f.width).sum::<usize>()
        ),
    ];
    if shape.slot_bits > 0 {
        defines.push(format!("VSLOTS={}", shape.slot_bits));
    }
    build_testbench(dir, &[&["tb.v"], &sources[..]].concat(), &defines)
}

/// The programs: every `kernels/scalar/*.s`, `kernels/smem` and `kernels/vector` program
/// without DS or GLOBAL instructions, and three that fault (a word no table has, a taken
/// branch and a jump out of the instruction memory).
fn programs(imem_words: u32) -> Vec<(String, Vec<u32>)> {
    let kernels = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels");
    let mut paths = Vec::new();
    for dir in ["scalar", "smem", "vector"] {
        let mut found: Vec<_> = std::fs::read_dir(kernels.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "s"))
            .collect();
        found.sort();
        paths.extend(found);
    }
    // (No memory instruction but SMEM: the waves of a program would share the LDS and
    // the memory their stores write.)
    let scalar = |words: &[u32]| {
        let mut pos = 0;
        while pos < words.len() {
            let Ok(i) = cu32_isa::decode(&words[pos..]) else {
                return false;
            };
            if matches!(
                i.op.format,
                cu32_isa::Format::Ds
                    | cu32_isa::Format::Global
                    | cu32_isa::Format::Flat
                    | cu32_isa::Format::Mubuf
            ) {
                return false;
            }
            pos += i.len_words();
        }
        true
    };
    let mut progs: Vec<(String, Vec<u32>)> = paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let words = cu32_isa::asm::assemble(&text, &name).unwrap().words;
            (name, words)
        })
        .filter(|(_, words)| scalar(words))
        .collect();
    // s_mov_b32 s0, 1 and s_add_u32 s1, s0, s0, then a SOPP word whose opcode no table
    // has.
    let bad = 0xbfff_0000;
    assert!(cu32_isa::decode(&[bad]).is_err(), "0x{bad:08x} decodes");
    let mut illegal = cu32_isa::asm::assemble("s_mov_b32 s0, 1\ns_add_u32 s1, s0, s0\n", "f")
        .unwrap()
        .words;
    illegal.push(bad);
    progs.push(("fault_illegal".into(), illegal));
    // s_mov_b32 s0, 1, then s_branch past the instruction memory's end (the model: outside
    // the program), then s_endpgm.
    let word = |name: &str| {
        let op = cu32_isa::tables().by_name(name)[0];
        cu32_isa::Instr::new(op).encode()[0]
    };
    let mov = cu32_isa::asm::assemble("s_mov_b32 s0, 1\n", "f")
        .unwrap()
        .words;
    let branch = [mov[0], word("s_branch") | imem_words, word("s_endpgm")];
    progs.push(("fault_branch".into(), branch.to_vec()));
    // kernels/faults/jump_beyond.s: s_swappc_b64 64 KiB past its PC.
    let path = kernels.join("faults/jump_beyond.s");
    let text = std::fs::read_to_string(&path).unwrap();
    let jump = cu32_isa::asm::assemble(&text, "jump_beyond.s")
        .unwrap()
        .words;
    progs.push(("fault_jump".into(), jump));
    progs
}

fn run(slots: u32, waves: u32, seed: u64) {
    if !verilator_present("the pipelined issue's scalar pipeline") {
        return;
    }
    let mut config = Config::default_config();
    config.wave_slots = slots;
    // (4 lanes: a wave in 8 passes; the bench builds quicker than with 32.)
    config.lanes = 4;
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("issue_{slots}"));
    let exe = build(&dir, &config, waves);
    let data: String = data_region()
        .1
        .iter()
        .map(|w| format!("{w:08x}\n"))
        .collect();
    std::fs::write(dir.join("data.hex"), data).unwrap();
    let mut rng = Rng(seed);
    let (mut instructions, mut cycles, mut count) = (0u64, 0u64, 0u32);
    for (name, words) in programs(config.imem_words) {
        // The code's address (`pc_base`: what s_getpc_b64 and s_call_b64 see, and what
        // s_setpc_b64's target is taken from): random, below 2^31 as a dispatch's ENTRY
        // is below 2^32 (the programs form jump targets with 32-bit adds).
        let base = rng.next() & 0x7fff_fffc;
        let (want, want_end) = model_run(&words, base);
        let text: String = words.iter().map(|w| format!("{w:08x}\n")).collect();
        std::fs::write(dir.join("prog.hex"), text).unwrap();
        let run_seed = rng.next() | 1;
        let out = Command::new(&exe)
            .current_dir(&dir)
            .arg(format!("+seed={run_seed}"))
            .arg(format!("+base={base:x}"))
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&out.stdout);
        let (got, run_cycles) = parse_log(&log);
        let at = format!("{name} ({slots} slots, seed {run_seed}, base 0x{base:x})");
        assert!(run_cycles < 200_000, "{at}: did not finish");
        assert_eq!(got.len() as u32, slots, "{at}: slots that ran");
        for (slot, slot_waves) in &got {
            assert_eq!(slot_waves.len() as u32, waves, "{at}: slot {slot}'s waves");
            for (k, wave) in slot_waves.iter().enumerate() {
                let at = format!("{at}, slot {slot}, wave {k}");
                for (i, (g, w)) in wave.events.iter().zip(&want).enumerate() {
                    assert_eq!(g, w, "{at}: retirement {i}");
                }
                assert_eq!(wave.events.len(), want.len(), "{at}: retirements");
                assert_eq!(wave.end.as_ref(), Some(&want_end), "{at}: end");
                instructions += wave.events.len() as u64;
            }
        }
        cycles += run_cycles;
        count += 1;
    }
    println!(
        "{slots} slots: {count} programs × {} waves passed; {instructions} instructions in \
         {cycles} cycles ({:.3} per cycle)",
        slots * waves,
        instructions as f64 / cycles as f64
    );
}

#[test]
fn scalar_programs_run_as_many_waves_as_the_model_runs_them() {
    run(8, 2, 0x15_50e);
    run(3, 3, 0x3_3);
    run(1, 2, 0x1);
}
