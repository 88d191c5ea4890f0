//! The dispatcher (`templates/dispatch.v.tera`, rendered for the default configuration of
//! 8 wave slots) under Verilator with a stand-in core and bus, against a transcript that a
//! reference written from the dispatcher's rules predicts:
//! - the code it loads;
//! - every wave's initial state (v0 lane by lane, the SGPRs the start sweep would write,
//!   EXEC, MODE, as the model's `init_wave` in sim/src/model/workgroup.rs) for a 3-D
//!   dispatch with partial work-groups of odd sizes and for work-groups of several waves;
//! - the wave numbers (`wave`, in the E and R lines): all waves of the dispatch numbered
//!   in dispatch order;
//! - the scheduling. Whenever the dispatcher picks (after the set-up, and whenever the core
//!   stops: its start sweep ends in `core_yielded`; a resumed wave yields, parks at
//!   `s_barrier` or ends), it does the first of:
//!   1. start the next wave of the work-group being started, in the first free slot, when
//!      the VALU is idle (`v_busy` low, and `v_tail`, which the stand-in has none of and
//!      ties low; the memory unit may be busy);
//!   2. release the waiting waves of every work-group whose waves have all started and
//!      none of which is runnable (live and not waiting) (F line);
//!   3. once every wave of the work-group has started, with a slot free and either no LDS
//!      (several work-groups in flight) or no live wave: set up the next work-group (the
//!      LDS cleared for it: C line), or note that none is left;
//!   4. resume the first runnable slot after the current one (cyclically), preferring a
//!      ready one: not waiting for a busy unit (a wave that gave way waits for the unit
//!      the core named, `core_yield_v` or `core_yield_m`; one that started or left the
//!      barrier since waits for none); the resume hands back the PC, SCC, MODE, VCC, EXEC
//!      and M0 saved when that wave last stopped, and the instruction words it handed over
//!      then with `ctx_kept` (`resume_kept`; the stand-in keeps them when it gives way, not
//!      after its start sweep or a park). A wave that gives way raises
//!      `core_gave_way` for a cycle (as the core at Check): when another wave is ready and
//!      none of 1 to 3 applies (`direct_ok`), the core takes that wave's state from
//!      resume_* in that cycle (the R line's `direct`), else it stops in `core_yielded`
//!      and the dispatcher picks; so does a wave parking at `s_barrier` (`core_parking`,
//!      `direct_park_ok`, else `core_parked`), where releasing its work-group is choice 2;
//!   5. end, with no wave live and no work-group left;
//!   6. with every slot live (so all waiting): stop with error BARRIER at the `s_barrier`
//!      of the lowest waiting slot;
//! - the work-groups' tags (E and R lines): a work-group takes the first tag no live wave
//!   uses; `park_ok` is whether the current slot's work-group has several waves, and
//!   `yield_ok` whether another wave is ready (both checked at every resume);
//! - every start begins afresh (no wave live or waiting, wave numbers from 0), also after
//!   a BARRIER stop;
//! - the LDS clear before each work-group, and the refusals.
//!
//! The tags and the releases are not on ports: the testbench reads them inside the
//! dispatcher (`stag`, and `freed` in PICK).
//!
//! Needs verilator; skipped loudly without it unless `CI` is set.

mod common;

use common::{lint_clean, run_testbench, verilator_present};
use std::fmt::Write as _;

const TESTBENCH: &str = r#"module tb;
  reg clk = 0, rst = 1, start = 0, core_done = 0, core_error = 0, parked = 0, yielded = 0;
  reg gave_way = 0, parking = 0, direct = 0, rscc = 0;
  reg [31:0] rpc = 0, rmode = 0, rm0 = 0;
  reg [63:0] rvcc = 0, rexec = 0;
  reg vbusy = 0, ctx_scc = 0, busy_mem = 0, yv = 0, ym = 0;
  reg [31:0] ctx_pc = 0, ctx_mode = 0, ctx_m0 = 0, s = 0, ctx_w0 = 0, ctx_w1 = 0;
  reg ctx_kept = 0, rkept = 0;
  reg [31:0] rw0 = 0, rw1 = 0;
  reg [63:0] ctx_vcc = 0, ctx_exec = 0;
  reg [31:0] park_mask = 0, yield_mask = 0, lds_bytes = 0, clears = 0, cycles = 0;
  reg [31:0] busy_wave = 32'hffff_ffff;
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
  wire [31:0] wave;
  wire park_ok, yield_ok, direct_ok, direct_park_ok, start_yields, resume, resume_scc;
  wire [31:0] resume_pc, resume_mode, resume_m0, resume_w0, resume_w1;
  wire resume_kept;
  wire [63:0] resume_vcc, resume_exec;
  wire [63:0] pc_base;
  wire lds_clr;
  wire [6:0] lds_clr_row;
  // The current slot's work-group tag (internal: the tags are not on a port).
  wire [2:0] tag = dut.stag[slot];
  cu32_dispatch dut(.clk(clk), .rst(rst), .csr_start(start), .entry(entry),
      .kernarg(kernarg), .grid(grid), .block(block), .rsrc1(rsrc1), .rsrc2(rsrc2),
      .properties(props), .lds_bytes(lds_bytes), .code_bytes(code_bytes), .plain_start(1'b0),
      .core_start(core_start), .core_reset(core_reset), .init_idx(idx),
      .init_sgpr(init_sgpr), .init_exec(init_exec), .init_mode(init_mode),
      .core_done(core_done), .core_error(core_error), .core_error_pc(32'h44),
      .slot(slot), .wave(wave), .park_ok(park_ok), .core_parked(parked),
      .core_parking(parking),
      .core_yielded(yielded), .core_gave_way(gave_way), .core_yield_v(yv), .core_yield_m(ym),
      .core_yield_q(ym), .core_yield_o(ym), .v_busy(vbusy && !busy_mem), .v_tail(1'b0),
      .mu_busy(vbusy && busy_mem), .mq_busy(vbusy && busy_mem),
      .mu_slots({8{vbusy && busy_mem}}), .yield_ok(yield_ok),
      .direct_ok(direct_ok), .direct_park_ok(direct_park_ok), .start_yields(start_yields),
      .ctx_pc(ctx_pc), .ctx_scc(ctx_scc), .ctx_mode(ctx_mode), .ctx_vcc(ctx_vcc),
      .ctx_exec(ctx_exec), .ctx_m0(ctx_m0), .ctx_kept(ctx_kept), .ctx_w0(ctx_w0),
      .ctx_w1(ctx_w1), .core_resume(resume),
      .resume_pc(resume_pc), .resume_scc(resume_scc), .resume_mode(resume_mode),
      .resume_vcc(resume_vcc), .resume_exec(resume_exec), .resume_m0(resume_m0),
      .resume_kept(resume_kept), .resume_w0(resume_w0), .resume_w1(resume_w1),
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
    // The LDS clear walks the rows in order (32 rows a work-group in the tests with LDS);
    // C as one begins.
    if (lds_clr) begin
      if (clears % 32 == 0) $display("C");
      if ({25'd0, lds_clr_row} != clears % 32) $display("LDS row %0d, expected %0d", lds_clr_row, clears % 32);
      clears <= clears + 1;
    end
    // Slots released from the barrier (internal: PICK's `freed` as it applies them).
    if (dut.state == 4'd11 && dut.freed != 8'd0) $display("F %b", dut.freed);
  end
  task tick;
    begin
      #1 clk = 1; #1 clk = 0;
      cycles = cycles + 1;
      if (cycles > 1000000) begin $display("END TIMEOUT"); $finish; end
    end
  endtask
  // The stand-in core. Per wave (by its number in the dispatch): its stops so far,
  // whether it gave way once after a resume (a yield_mask bit), whether it parked at
  // s_barrier (a park_mask bit); the dispatch's stops so far.
  integer i;
  reg [7:0] nstop [0:31];
  reg [31:0] gave = 0, held = 0, stops = 0;
  // The current wave stops: 0 yielded, 1 parked, 2 done (levels until the next start or
  // resume); a resumed wave that gives way (`gives`) waits for the VALU, or with busy_mem
  // the memory unit, and raises gave_way for a cycle first (as the core at Check): with
  // direct_ok it takes the wave on resume_* in that cycle, else it stops in yielded. So
  // does a park: parking, then with direct_park_ok the wave on resume_*, else parked.
  // ctx_* name the wave, its stop and the dispatch's stop count (a give-way keeps its
  // instruction's words: ctx_kept); that unit is busy from busy_wave's yields to the next
  // stop.
  task stop(input integer how, input integer gives);
    begin
      stops = stops + 1;
      s = {stops[23:0], wave[7:0]};
      ctx_pc = 32'h200 + 32'h100 * {24'd0, nstop[wave[4:0]]} + 32'd4 * wave;
      ctx_scc = stops[0];
      ctx_mode = s;
      ctx_vcc = {~s, s};
      ctx_exec = {s, ~s};
      ctx_m0 = 32'h4d00_0000 | s;
      ctx_kept = how == 0 && gives != 0;
      ctx_w0 = s ^ 32'h5a5a_5a5a;
      ctx_w1 = {s[15:0], s[31:16]};
      nstop[wave[4:0]] = nstop[wave[4:0]] + 8'd1;
      // The unit goes busy (or idle) a cycle before the stop, as an instruction issued
      // before the one that stops makes it busy.
      vbusy = how == 0 && wave == busy_wave;
      tick;
      yielded = how == 0 && gives == 0;
      gave_way = how == 0 && gives != 0;
      parking = how == 1;
      core_done = how == 2;
      yv = gives != 0 && !busy_mem;
      ym = gives != 0 && busy_mem;
      #1;
    end
  endtask
  // One dispatch. A started wave sweeps its SGPRs and yields. A resumed wave gives way
  // once when its yield_mask bit is set and yield_ok, else parks once when its park_mask
  // bit is set and park_ok, else ends.
  task dispatch;
    begin
      {yielded, gave_way, parked, parking, core_done, vbusy, yv, ym} = 8'd0;
      stops = 0;
      clears = 0;
      start = 1; tick; start = 0;
      while (!done && !error) begin
        if (core_start) begin
          {yielded, parked, core_done} = 3'd0;
          nstop[wave[4:0]] = 8'd0;
          gave[wave[4:0]] = 1'b0;
          held[wave[4:0]] = 1'b0;
          tick;
          // The core's start sweep reads init_sgpr for each SGPR.
          for (i = 0; i < 128; i = i + 1) begin
            idx = i[6:0]; #1;
            if (init_sgpr != 0) $display("S %0d %08x", i, init_sgpr);
          end
          $display("E %08x M %08x keep %0d slot %0d wave %0d tag %0d park_ok %0d base %0x start_yields %0d",
                   init_exec, init_mode, keep_v0, slot, wave, tag, park_ok, pc_base, start_yields);
          tick; tick;
          stop(0, 0);
        end else if (resume || (gave_way && direct_ok) || (parking && direct_park_ok)) begin
          // The state handed over in the resume cycle; the slot and what goes with it
          // a cycle later (after a direct switch the slot changes with that cycle).
          direct = gave_way || parking;
          {rpc, rscc, rmode, rvcc, rexec, rm0} = {resume_pc, resume_scc, resume_mode,
                                                  resume_vcc, resume_exec, resume_m0};
          {rkept, rw0, rw1} = {resume_kept, resume_w0, resume_w1};
          {yielded, parked, core_done} = 3'd0;
          tick;
          {gave_way, parking} = 2'd0;
          $display("R slot %0d wave %0d tag %0d park_ok %0d pc %08x scc %0d mode %08x vcc %016x exec %016x m0 %08x kept %0d w0 %08x w1 %08x yield_ok %0d direct %0d",
                   slot, wave, tag, park_ok, rpc, rscc, rmode, rvcc, rexec, rm0, rkept, rw0,
                   rw1, yield_ok, direct);
          tick;
          if (yield_mask[wave[4:0]] && !gave[wave[4:0]] && yield_ok) begin
            gave[wave[4:0]] = 1'b1;
            stop(0, 1);
          end else if (park_mask[wave[4:0]] && !held[wave[4:0]] && park_ok) begin
            held[wave[4:0]] = 1'b1;
            stop(1, 0);
          end else begin
            stop(2, 0);
          end
        end else begin
          tick;
          if (gave_way) begin
            gave_way = 0;
            yielded = 1;
          end
          if (parking) begin
            parking = 0;
            parked = 1;
          end
        end
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
    // Eight one-wave work-groups, no LDS: all eight in flight (tags 0..7) before any runs.
    grid = {32'd3, 32'd5, 32'd7}; block = {32'd2, 32'd3, 32'd4};
    props = 32'h0000_040a; rsrc2 = {19'd0, 2'd2, 1'b0, 3'b111, 1'b0, 5'd4, 1'b0};
    dispatch;
    // 1-D, two work-groups of 80 work-items (three waves), only work-group id x at s2:
    // waves 3..5 start before waves 0..2 run; every wave gives way once (wave 5 to wave 0:
    // a wave that gave way is ready again, no unit being busy).
    grid = {32'd1, 32'd1, 32'd160}; block = {32'd1, 32'd1, 32'd80};
    props = 32'h0000_0408; rsrc2 = {19'd0, 2'd0, 1'b0, 3'b001, 1'b0, 5'd2, 1'b0};
    code_bytes = 4;
    yield_mask = 32'h3f;
    dispatch;
    yield_mask = 0;
    // The same with s_barrier in the first and last wave of each work-group, released
    // when both wait. 4000 bytes of LDS: one work-group at a time, 32 rows of 32 banks
    // cleared before each.
    park_mask = 32'b101101;
    lds_bytes = 4000;
    dispatch;
    lds_bytes = 0;
    // Ten waves (eight slots), wave 0 at s_barrier: waves 8 and 9 take the slots of
    // waves that ended, then wave 0 is released.
    grid = {32'd1, 32'd1, 32'd300}; block = {32'd1, 32'd1, 32'd300};
    park_mask = 32'b1;
    dispatch;
    // The same with waves 0..7 at s_barrier (wave 3 gives way first): every slot waits
    // with waves 8 and 9 left: BARRIER at slot 0's s_barrier.
    park_mask = 32'hff; yield_mask = 32'b1000;
    dispatch;
    park_mask = 0; yield_mask = 0;
    // Three waves, the VALU busy after wave 1's start sweep: wave 2 does not start until
    // wave 0 has run and stopped (and then takes wave 0's slot). (After the BARRIER stop:
    // the slots are free again, the waves numbered from 0.) With the memory unit busy
    // instead, wave 2 starts at once.
    grid = {32'd1, 32'd1, 32'd80}; block = {32'd1, 32'd1, 32'd80};
    busy_wave = 1;
    dispatch;
    busy_mem = 1;
    dispatch;
    busy_mem = 0;
    // Ten waves; waves 0, 1, 3..7 give way once, wave 7 with the vector unit busy: the
    // ready wave 8 (started in wave 2's slot) is resumed before slots 0 and 1.
    grid = {32'd1, 32'd1, 32'd300}; block = {32'd1, 32'd1, 32'd300};
    yield_mask = 32'hfb; busy_wave = 7;
    dispatch;
    // The same with the memory unit busy (the waves that gave way wait for it).
    busy_mem = 1;
    dispatch;
    busy_mem = 0; yield_mask = 0; busy_wave = 32'hffff_ffff;
    // 1-D, 340 work-items in work-groups of 80: four of three waves and a last one of one
    // (wave 12), no LDS: several work-groups in flight. Waves 2..5 give way once; waves 2
    // and 6..12 park once if park_ok. Work-group 2 (waves 6..8) is released when wave 8
    // parks, while work-group 3 is still being started; wave 2 at once (the others of its
    // work-group ended); work-group 3's wave 9 parks before waves 10 and 11 start and is
    // released only once wave 11 parks, other work-groups' waves running meanwhile.
    // Work-group 4 takes tag 1 as wave 5, work-group 1's last, ends (tag 0 still wave
    // 2's); wave 10 still parks after that (its own work-group's park_ok), wave 12 cannot.
    grid = {32'd1, 32'd1, 32'd340}; block = {32'd1, 32'd1, 32'd80};
    yield_mask = 32'h3c; park_mask = 32'h1fc4;
    dispatch;
    // The same with 4000 bytes of LDS: one work-group at a time (all tag 0), each after an
    // LDS clear.
    lds_bytes = 4000;
    dispatch;
    lds_bytes = 0; yield_mask = 0;
    // 288 work-items in work-groups of 64: four of two waves fill the slots (tags 0..3),
    // then one of one wave. Wave 0 parks and wave 1 ends: the release comes before the
    // next work-group (tag 4: wave 0 still holds tag 0), whose wave 8 takes slot 1.
    grid = {32'd1, 32'd1, 32'd288}; block = {32'd1, 32'd1, 32'd64};
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

/// Wave slots of the default configuration.
const SLOTS: usize = 8;

/// A dispatch's sizes and where its descriptor puts things: `wg_at` the first work-group
/// id SGPR, `ids` how many ids are enabled, `dims` ENABLE_VGPR_WORKITEM_ID, `k` the
/// kernarg SGPR.
struct Shape {
    grid: [u32; 3],
    block: [u32; 3],
    wg_at: u32,
    ids: usize,
    dims: u32,
    k: u32,
}

/// What the stand-in core does (bit w for wave w of the dispatch): a resumed wave gives
/// way once if its `yields` bit is set and `yield_ok`, else parks once at s_barrier if
/// its `parks` bit is set and its work-group has several waves, else ends; whenever wave
/// `busy` yields (its start sweep included) the VALU (with `mem` the memory unit) is busy
/// until the next stop, and a wave that gives way waits for that unit.
#[derive(Default)]
struct Script {
    parks: u32,
    yields: u32,
    busy: Option<u32>,
    mem: bool,
}

/// The state on ctx_* when a wave stops, as the stand-in core sets it: `n` counts the
/// dispatch's stops, `k` the wave's own (0: its start sweep). The instruction's words are
/// kept when it gives way (set by the caller).
#[derive(Clone, Copy)]
struct Ctx {
    pc: u32,
    scc: u32,
    mode: u32,
    vcc: u64,
    exec: u64,
    m0: u32,
    kept: bool,
    w0: u32,
    w1: u32,
}

fn ctx(n: u32, k: u32, w: u32) -> Ctx {
    let s = (n << 8) | w;
    Ctx {
        pc: 0x200 + 0x100 * k + 4 * w,
        scc: n & 1,
        mode: s,
        vcc: (u64::from(!s) << 32) | u64::from(s),
        exec: (u64::from(s) << 32) | u64::from(!s),
        m0: 0x4d00_0000 | s,
        kept: false,
        w0: s ^ 0x5a5a_5a5a,
        w1: s.rotate_left(16),
    }
}

/// The work-group whose waves are being started: its ids, size, waves, how many have
/// started, and its tag.
struct Group {
    ids: [u32; 3],
    size: [u32; 3],
    waves: u32,
    started: u32,
    tag: usize,
}

impl Group {
    fn new(d: &Shape, ids: [u32; 3], tag: usize) -> Group {
        let size = [0, 1, 2].map(|i| d.block[i].min(d.grid[i] - ids[i] * d.block[i]));
        Group {
            ids,
            size,
            waves: (size[0] * size[1] * size[2]).div_ceil(32),
            started: 0,
            tag,
        }
    }
}

/// A live wave in a slot.
struct Slot {
    wave: u32,
    tag: usize,
    /// Its work-group has several waves.
    multi: bool,
    waiting: bool,
    /// It gave way when it last stopped: it waits for the busy unit.
    needs: bool,
    stops: u32,
    gave: bool,
    parked: bool,
    saved: Ctx,
}

/// The first slot after `from` (cyclically, `from` itself last) for which `f` holds.
fn after(from: usize, f: impl Fn(usize) -> bool) -> Option<usize> {
    (1..=SLOTS).map(|d| (from + d) % SLOTS).find(|&i| f(i))
}

/// One dispatch as the dispatcher and the stand-in core run it: the C, V, S, E, F and R
/// lines; the LDS clears (with `lds`); Err(ERROR_PC) on a BARRIER stop.
fn run(out: &mut String, d: &Shape, script: &Script, lds: bool) -> (u32, Result<(), u32>) {
    let n = [0, 1, 2].map(|i| d.grid[i].div_ceil(d.block[i]));
    let mut ids = vec![];
    for z in 0..n[2] {
        for y in 0..n[1] {
            for x in 0..n[0] {
                ids.push([x, y, z]);
            }
        }
    }
    let mut slots: Vec<Option<Slot>> = (0..SLOTS).map(|_| None).collect();
    // The work-group being started (the first takes tag 0), whether it was the last.
    let (mut k, mut group, mut last) = (0, Group::new(d, ids[0], 0), false);
    let mut clears = 0;
    if lds {
        out.push_str("C\n");
        clears += 1;
    }
    // The next wave's number, the dispatch's stops, the current slot, the vector unit busy.
    let (mut wnext, mut stops, mut cur, mut vbusy) = (0, 0, 0, false);
    // The current wave has just given way or parked: the dispatcher may switch directly,
    // in the same cycle, when none of choices 1 to 3 applies and another wave is ready.
    let mut handing = false;
    loop {
        let free = slots.iter().position(Option::is_none);
        let no_live = slots.iter().all(Option::is_none);
        let fin = group.started == group.waves;
        let runnable = |i: usize| slots[i].as_ref().is_some_and(|s| !s.waiting);
        // 1. Start the work-group's next wave (the VALU idle).
        if let (false, false, Some(i)) = (fin, vbusy && !script.mem, free) {
            start_lines(out, d, &group, wnext, i);
            stops += 1;
            slots[i] = Some(Slot {
                wave: wnext,
                tag: group.tag,
                multi: group.waves > 1,
                waiting: false,
                needs: false,
                stops: 1,
                gave: false,
                parked: false,
                saved: ctx(stops, 0, wnext),
            });
            vbusy = script.busy == Some(wnext);
            handing = false;
            group.started += 1;
            wnext += 1;
            cur = i;
            continue;
        }
        // 2. Release the waiting waves of work-groups all started, none of them runnable.
        let runs =
            |t: usize| (0..SLOTS).any(|j| runnable(j) && slots[j].as_ref().unwrap().tag == t);
        let freed: u32 = (0..SLOTS)
            .filter(|&i| {
                slots[i]
                    .as_ref()
                    .is_some_and(|s| s.waiting && (s.tag != group.tag || fin) && !runs(s.tag))
            })
            .map(|i| 1 << i)
            .sum();
        if freed != 0 {
            let _ = writeln!(out, "F {freed:08b}");
            handing = false;
            for (i, s) in slots.iter_mut().enumerate() {
                if let Some(s) = s.as_mut().filter(|_| freed & (1 << i) != 0) {
                    s.waiting = false;
                }
            }
            continue;
        }
        // 3. The next work-group, with the first tag no live wave uses, or none left.
        if fin && !last && free.is_some() && (!lds || no_live) {
            handing = false;
            k += 1;
            if k == ids.len() {
                last = true;
            } else {
                let tag = (0..SLOTS)
                    .find(|&t| slots.iter().flatten().all(|s| s.tag != t))
                    .unwrap();
                group = Group::new(d, ids[k], tag);
                if lds {
                    out.push_str("C\n");
                    clears += 1;
                }
            }
            continue;
        }
        // 4. Resume a runnable wave, a ready one first; the stand-in core then gives way,
        // parks or ends.
        let ready = |i: usize| runnable(i) && !(slots[i].as_ref().unwrap().needs && vbusy);
        if let Some(i) = after(cur, ready).or_else(|| after(cur, runnable)) {
            let direct = handing && (0..SLOTS).any(|j| j != cur && ready(j));
            // (A held wave gives way to choices 1 to 3 as well, which do not apply here.)
            let yield_ok = (0..SLOTS).any(|j| j != i && ready(j));
            cur = i;
            let s = slots[i].as_mut().unwrap();
            let c = s.saved;
            let _ = writeln!(
                out,
                "R slot {i} wave {} tag {} park_ok {} pc {:08x} scc {} mode {:08x} \
                 vcc {:016x} exec {:016x} m0 {:08x} kept {} w0 {:08x} w1 {:08x} yield_ok {} \
                 direct {}",
                s.wave,
                s.tag,
                u8::from(s.multi),
                c.pc,
                c.scc,
                c.mode,
                c.vcc,
                c.exec,
                c.m0,
                u8::from(c.kept),
                c.w0,
                c.w1,
                u8::from(yield_ok),
                u8::from(direct)
            );
            stops += 1;
            s.saved = ctx(stops, s.stops, s.wave);
            s.stops += 1;
            vbusy = false;
            let bit = 1 << s.wave;
            s.needs = false;
            handing = false;
            if script.yields & bit != 0 && !s.gave && yield_ok {
                s.gave = true;
                s.needs = true;
                s.saved.kept = true;
                handing = true;
                vbusy = script.busy == Some(s.wave);
            } else if script.parks & bit != 0 && !s.parked && s.multi {
                s.parked = true;
                s.waiting = true;
                handing = true;
            } else {
                slots[i] = None;
            }
            continue;
        }
        // 5. The end.
        if no_live && last {
            return (clears, Ok(()));
        }
        // 6. Every slot waits: BARRIER at the lowest one's s_barrier.
        assert!(free.is_none(), "the dispatcher would wait for ever");
        let first = slots.iter().flatten().find(|s| s.waiting).unwrap();
        return (clears, Err(first.saved.pc - 4));
    }
}

/// The V, S and E lines of the next wave of work-group `g`, wave `wave` of the dispatch,
/// starting in `slot`.
fn start_lines(out: &mut String, d: &Shape, g: &Group, wave: u32, slot: usize) {
    let size = g.size;
    let items = size[0] * size[1] * size[2];
    let mut exec = 0u32;
    for lane in 0..32 {
        let t = g.started * 32 + lane;
        let mut v = 0;
        if t < items {
            exec |= 1 << lane;
            let (x, y, z) = (t % size[0], t / size[0] % size[1], t / (size[0] * size[1]));
            let y = if d.dims >= 1 { y } else { 0 };
            let z = if d.dims >= 2 { z } else { 0 };
            v = x | (y << 10) | (z << 20);
        }
        let _ = writeln!(out, "V {lane} {v:08x}");
    }
    let mut sgprs = vec![(d.k, 0x2345_6780u32), (d.k + 1, 1)];
    for (i, &id) in g.ids.iter().enumerate().take(d.ids) {
        sgprs.push((d.wg_at + i as u32, id));
    }
    sgprs.push((126, exec));
    for (i, v) in sgprs {
        if v != 0 {
            let _ = writeln!(out, "S {i} {v:08x}");
        }
    }
    let _ = writeln!(
        out,
        "E {exec:08x} M {:08x} keep 1 slot {slot} wave {wave} tag {} park_ok {} base 1000 \
         start_yields 1",
        mode(),
        g.tag,
        u8::from(g.waves > 1)
    );
}

/// A dispatch that runs: its code load (`words` words from ENTRY 0x1000), its waves and
/// its END line (32 LDS rows cleared per work-group with `lds`).
fn dispatch(out: &mut String, words: u32, d: &Shape, script: &Script, lds: bool) {
    for k in 0..words {
        let _ = writeln!(out, "I {k} {:08x}", 0x1000 + 4 * k);
    }
    let (clears, result) = run(out, d, script, lds);
    let (done, code, pc) = match result {
        Ok(()) => (1, 0, 0),
        Err(pc) => (0, 7, pc),
    };
    let _ = writeln!(
        out,
        "END done {done} error {} code {code} pc {pc:08x} busy 0 clears {}",
        1 - done,
        32 * clears
    );
}

/// The transcript the testbench must print, from the rules.
fn expected() -> String {
    let mut out = String::new();
    let d3 = Shape {
        grid: [7, 5, 3],
        block: [4, 3, 2],
        wg_at: 4,
        ids: 3,
        dims: 2,
        k: 2,
    };
    dispatch(&mut out, 3, &d3, &Script::default(), false);
    let d1 = |n, b| Shape {
        grid: [n, 1, 1],
        block: [b, 1, 1],
        wg_at: 2,
        ids: 1,
        dims: 0,
        k: 0,
    };
    let yields = Script {
        yields: 0x3f,
        ..Script::default()
    };
    dispatch(&mut out, 1, &d1(160, 80), &yields, false);
    let barrier = Script {
        parks: 0b101101,
        ..Script::default()
    };
    dispatch(&mut out, 1, &d1(160, 80), &barrier, true);
    let reuse = Script {
        parks: 0b1,
        ..Script::default()
    };
    dispatch(&mut out, 1, &d1(300, 300), &reuse, false);
    // Slot 0's wave 0 parked at PC 0x300 (its second stop): ERROR_PC 0x2fc.
    let full = Script {
        parks: 0xff,
        yields: 0b1000,
        ..Script::default()
    };
    dispatch(&mut out, 1, &d1(300, 300), &full, false);
    let busy = Script {
        busy: Some(1),
        ..Script::default()
    };
    dispatch(&mut out, 1, &d1(80, 80), &busy, false);
    let busy_mem = Script { mem: true, ..busy };
    dispatch(&mut out, 1, &d1(80, 80), &busy_mem, false);
    let prefer = Script {
        yields: 0xfb,
        busy: Some(7),
        ..Script::default()
    };
    dispatch(&mut out, 1, &d1(300, 300), &prefer, false);
    let prefer_mem = Script {
        mem: true,
        ..prefer
    };
    dispatch(&mut out, 1, &d1(300, 300), &prefer_mem, false);
    let groups = Script {
        yields: 0x3c,
        parks: 0x1fc4,
        ..Script::default()
    };
    dispatch(&mut out, 1, &d1(340, 80), &groups, false);
    dispatch(&mut out, 1, &d1(340, 80), &groups, true);
    dispatch(&mut out, 1, &d1(288, 64), &reuse, false);
    out.push_str("END done 0 error 1 code 2 pc 00000000 busy 0 clears 0\n");
    out.push_str("END done 0 error 1 code 3 pc 00000000 busy 0 clears 0\n");
    out.push_str("END done 0 error 1 code 4 pc 00000000 busy 0 clears 0\n");
    out
}

#[test]
fn dispatcher_starts_and_schedules_waves_by_the_rules() {
    if !verilator_present("the dispatcher") {
        return;
    }
    let verilog =
        cu32_hdl::verilog::render_dispatch(&cu32_hdl::Config::default_config()).expect("renders");
    let dir = std::env::temp_dir().join(format!("cu32-dispatch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cu32_dispatch.v"), verilog).unwrap();
    std::fs::write(dir.join("cu32_dispatch.vh"), cu32_hdl::dispatch::header()).unwrap();
    std::fs::write(dir.join("cu32_grid.vh"), cu32_hdl::dispatch::GRID).unwrap();
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    lint_clean(&dir, "cu32_dispatch", "cu32_dispatch.v");
    let stdout = run_testbench(&dir, &["tb.v", "cu32_dispatch.v"], &[]);
    let transcript: String = stdout
        .lines()
        .filter(|l| l.starts_with(['I', 'V', 'S', 'E', 'R', 'L', 'C', 'F']))
        .map(|l| format!("{l}\n"))
        .collect();
    let want = expected();
    if transcript != want {
        // Both kept for a look: got.txt and want.txt in the scratch folder.
        std::fs::write(dir.join("got.txt"), &transcript).unwrap();
        std::fs::write(dir.join("want.txt"), &want).unwrap();
        let first = transcript
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(transcript.lines().count().min(want.lines().count()));
        panic!(
            "transcripts differ at line {first} (both in {}):\n got: {:?}\nwant: {:?}",
            dir.display(),
            transcript.lines().nth(first),
            want.lines().nth(first)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
