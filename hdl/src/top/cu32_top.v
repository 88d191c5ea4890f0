// cu32_top — the compute unit's top, with the ports the co-simulation harness drives
// (sim/src/cosim/shim.cpp; the trace_* ports only with CU32_TRACE defined, as the harness
// builds it: a synthesis build has none, nor the logic that only feeds them): the scalar spine
// (cu32_scalar.v), the vector ALU (cu32_simd.v, with the LDS and GLOBAL units), the
// dispatcher (cu32_dispatcher.v) and the host's registers (cu32_csr.v), the dispatcher's
// code loads, the scalar loads and the GLOBAL unit sharing the bus port.
//  - a dispatch: the host programs the CSRs through the host_* port (a Wishbone B4
//    pipelined slave, word addresses; the map is in cu32_csr.v's header) and writes
//    CONTROL start; the dispatcher runs its work-groups' waves; STATUS, ERROR_PC,
//    ERROR_CODE and the performance counters tell the host how it went (done / error /
//    error_pc / error_code give the same), trace_wave the retired instruction's wave
//    (numbered in dispatch order);
//  - a plain program: written through imem_we/addr/wdata (writes beyond the memory are
//    ignored), then `start` (a 1-cycle pulse) resets the core and one wave starts in slot
//    0 at PC 0 with EXEC_LO all ones and everything else 0. done: its s_endpgm retired;
//    error / error_pc / error_code (1, INSTRUCTION).
// A wave stops with error INSTRUCTION at an instruction the core does not run (floating
// point, GLOBAL's addtid and LDS-loading rows), its words past the
// memory's end, a branch or jump out of it, a scalar load or GLOBAL instruction the bus
// refused (ERR) or whose address lies at or above 2^32. A scalar load retires with a tag (trace_tag); its dwords
// come with that tag on trace_stag (trace_swe / sidx / sval) and trace_sdone ends it. A
// VALU instruction retires when it completes, its VGPR writes on trace_vwe0/1 (whole
// registers, all 32 lanes) with it; a DS instruction retires at once (trace_vbg 2) and its
// writes come with trace_mdone, a GLOBAL one likewise (trace_vbg 3, trace_gdone).
// rst: synchronous, active high.
`default_nettype none

module cu32_top (
    input  wire        clk,
    input  wire        rst,
    input  wire        imem_we,
    input  wire [31:0] imem_addr,
    input  wire [31:0] imem_wdata,
    input  wire        start,
    output wire        running,
    output wire        done,
    output wire        error,
    output wire [31:0] error_pc,
    output wire [7:0]  error_code,
    input  wire        host_cyc,
    input  wire        host_stb,
    input  wire        host_we,
    input  wire [7:0]  host_adr,
    input  wire [31:0] host_dat_i,
    input  wire [3:0]  host_sel,
    output wire        host_stall,
    output wire        host_ack,
    output wire [31:0] host_dat_o,
    output wire        wb_cyc,
    output wire        wb_stb,
    output wire        wb_we,
    output wire [29:0] wb_adr,
    output wire [31:0] wb_dat_o,
    output wire [3:0]  wb_sel,
    input  wire        wb_stall,
    input  wire        wb_ack,
    input  wire        wb_err,
    input  wire [31:0] wb_dat_i
`ifdef CU32_TRACE
    ,
    output wire        trace_valid,
    output wire [31:0] trace_wave,
    output wire [31:0] trace_pc,
    output wire [31:0] trace_word0,
    output wire [31:0] trace_word1,
    output wire        trace_has_literal,
    output wire [31:0] trace_word2,
    output wire [1:0]  trace_nwords,
    output wire [63:0] trace_exec,
    output wire        trace_swe,
    output wire [7:0]  trace_sidx,
    output wire [31:0] trace_sval,
    output wire        trace_sdone,
    output wire [7:0]  trace_tag,
    output wire [7:0]  trace_stag,
    output wire [1:0]  trace_vbg,
    output wire        trace_vdone,
    output wire        trace_mdone,
    output wire        trace_gdone,
    output wire        trace_vwe0,
    output wire [7:0]  trace_vidx0,
    output wire [31:0] trace_vmask,
    output wire [1023:0] trace_vval0,
    output wire        trace_vwe1,
    output wire [7:0]  trace_vidx1,
    output wire [1023:0] trace_vval1,
    output wire        trace_vwe2,
    output wire [7:0]  trace_vidx2,
    output wire [1023:0] trace_vval2,
    output wire        trace_vwe3,
    output wire [7:0]  trace_vidx3,
    output wire [1023:0] trace_vval3,
    output wire        trace_we0,
    output wire [6:0]  trace_idx0,
    output wire [31:0] trace_val0,
    output wire        trace_we1,
    output wire [6:0]  trace_idx1,
    output wire [31:0] trace_val1,
    output wire        trace_we2,
    output wire [6:0]  trace_idx2,
    output wire [31:0] trace_val2,
    output wire        trace_we3,
    output wire [6:0]  trace_idx3,
    output wire [31:0] trace_val3,
    output wire        trace_scc_we,
    output wire        trace_scc
`endif
);
`include "cu32_shape.vh"
`include "cu32_ctrl.vh"
    localparam integer SB = CU32_SLOT_PORT_BITS;
    localparam integer IB = CU32_IMEM_BITS;

    localparam integer LRB = CU32_LDS_ROW_BITS;
    // The host's registers and the dispatcher (a plain program's `start` resets the core
    // and has the dispatcher start its wave).
    wire        csr_start, d_core_reset, d_start, d_start_busy, d_v0_step, d_bar_park;
    wire        d_bar_arrive, d_lds_clr, d_imem_we, d_busy, d_done_pulse, d_error_pulse;
    wire        running_w;
    wire [SB-1:0] d_start_slot, d_bar_slot;
    wire [63:0] d_start_exec, d_sgpr;
    wire [31:0] d_start_mode, d_bar_pc, d_imem_wdata, d_error_pc;
    wire [7:0]  d_error_code;
    wire [5:0]  d_start_pair;
    wire [32*CU32_LANES-1:0] d_v0;
    wire [CU32_SLOTS-1:0] ended, d_bar_wake;
    wire [LRB-1:0] d_lds_clr_row;
    wire [IB-1:0] d_imem_addr;
    wire        fault;
    wire [31:0] fault_pc;
    wire [63:0] csr_entry, csr_kernarg;
    wire [95:0] csr_grid, csr_block;
    wire [31:0] csr_rsrc1, csr_rsrc2, csr_properties, csr_lds_bytes, csr_code_bytes;
    wire        d_cyc, d_stb;
    wire [29:0] d_adr;
    wire        core_rst = rst || start || d_core_reset;
    // The PC's base: ENTRY in a dispatch, 0 for a plain program.
    reg         plain;
    always @(posedge clk)
        if (rst || start) plain <= 1'b1;
        else if (csr_start) plain <= 1'b0;
    wire [63:0] pc_base = plain ? 64'd0 : csr_entry;

    wire        t_valid, t_vector, t_lit, t_scc_we, t_scc;
    wire [SB-1:0] t_slot;
    wire [6:0]  t_sidx;
    // (the trace's; the ports under CU32_TRACE)
    wire        t_swe, t_sdone;
    wire [7:0]  t_tag, t_stag;
    wire [31:0] t_sval, t_wave;
    wire [31:0] t_pc, t_w0, t_w1, t_w2;
    wire [1:0]  t_n;
    wire [63:0] t_exec;
    wire [3:0]  t_we;
    wire [27:0] t_idx;
    wire [127:0] t_val;
    wire        unused = &{1'b0, imem_addr[31:IB]};
    // The spine and the vector ALU.
    wire                   v_valid, vd_valid, vd_take, v_scc, v_clear, v_clear_busy;
    wire [SB-1:0]          v_slot, vd_slot, v_clear_slot;
    wire [VCTRL_WIDTH-1:0] v_ctrl;
    wire [8:0]             v_src0, v_src1, v_src2;
    wire [7:0]             v_vdst;
    wire [3:0]             v_opsel;
    wire [2:0]             v_srd, v_sport, v_shi;
    wire                   v_vcc2;
    wire [63:0]            v_vcc;
    wire [63:0]            v_pa, v_pb;
    wire [31:0]            v_lit, v_exec, vd_val;
    wire                   v_vopd;
    wire [1:0]             v_dpp;
    wire [VCTRL_WIDTH-1:0] v_ctrl_y;
    wire [8:0]             v_src0_y;
    wire [7:0]             v_src1_y, v_vdst_y;
    wire                   v_ds, v_gm, v_gsa, ds_free, mc_valid, mc_take, mc_gm, mc_err;
    wire [DSCTRL_WIDTH-1:0] v_dsc;
    wire [15:0]            v_dsoff;
    wire [SB-1:0]          mc_slot;
    wire                   t_mem, t_gmem;
    // The bus: the scalar loads' master (s_wb_*) and the GLOBAL unit's (g_wb_*).
    wire                   s_cyc, s_stb, s_we, g_cyc, g_stb, g_we;
    wire [29:0]            s_adr, g_adr;
    wire [31:0]            s_dat, g_dat;
    wire [3:0]             s_sel, g_sel;
    reg                    own_g;
    // (A master keeps the bus while its CYC is high, its requests answered in order; a
    // free bus goes to the one asking, the GLOBAL unit when both do and the scalar
    // master had it last, so that neither waits for ever. The other sees STALL, and
    // no ACK or ERR. The dispatcher's code load has the bus alone: the core is idle then.)
    wire                   bus_g = (own_g ? g_cyc : s_cyc) ? own_g
                                 : own_g ? !s_cyc : g_cyc;
    always @(posedge clk) own_g <= !rst && bus_g;
    assign wb_cyc = d_cyc || (bus_g ? g_cyc : s_cyc);
    assign wb_stb = d_cyc ? d_stb : bus_g ? g_stb : s_stb;
    assign wb_we = !d_cyc && (bus_g ? g_we : s_we);
    assign wb_adr = d_cyc ? d_adr : bus_g ? g_adr : s_adr;
    assign wb_dat_o = bus_g ? g_dat : s_dat;
    assign wb_sel = d_cyc ? 4'hf : bus_g ? g_sel : s_sel;
    // (A DS instruction's completion, with its trace, in a cycle no VALU instruction
    // retires: the trace's VGPR ports serve one of them.)
    assign mc_take = mc_valid && !(t_valid && t_vector);
    cu32_scalar #(.INT_MUL(CU32_INT_MUL), .SLOTS(CU32_SLOTS), .SB(SB), .IMEM_BITS(IB)) scalar (
        .clk(clk), .rst(core_rst),
        .imem_we(d_imem_we || (imem_we && (imem_addr[31:IB] == 0))),
        .imem_addr(d_imem_we ? d_imem_addr : imem_addr[IB-1:0]),
        .imem_wdata(d_imem_we ? d_imem_wdata : imem_wdata), .pc_base(pc_base),
        .start(d_start), .start_slot(d_start_slot), .start_pc({IB{1'b0}}),
        .start_exec(d_start_exec), .start_mode(d_start_mode), .start_busy(d_start_busy),
        .start_pair(d_start_pair), .start_sgpr(d_sgpr), .bar_park(d_bar_park),
        .bar_arrive(d_bar_arrive), .bar_slot(d_bar_slot), .bar_pc(d_bar_pc),
        .bar_wake(d_bar_wake),
        .hold(1'b0), .ended(ended), .fault(fault), .fault_pc(fault_pc),
        .wb_cyc(s_cyc), .wb_stb(s_stb), .wb_we(s_we), .wb_adr(s_adr), .wb_dat_o(s_dat),
        .wb_sel(s_sel), .wb_stall(wb_stall || bus_g), .wb_ack(wb_ack && !bus_g),
        .wb_err(wb_err && !bus_g), .wb_dat_i(wb_dat_i),
        .v_valid(v_valid), .v_slot(v_slot), .v_ctrl(v_ctrl), .v_src0(v_src0),
        .v_src1(v_src1), .v_src2(v_src2), .v_vdst(v_vdst), .v_opsel(v_opsel), .v_srd(v_srd),
        .v_vcc2(v_vcc2), .v_vcc(v_vcc), .v_sport(v_sport), .v_shi(v_shi), .v_pa(v_pa), .v_pb(v_pb), .v_lit(v_lit),
        .v_scc(v_scc), .v_exec(v_exec), .v_vopd(v_vopd), .v_dpp(v_dpp), .v_ctrl_y(v_ctrl_y),
        .v_src0_y(v_src0_y), .v_src1_y(v_src1_y), .v_vdst_y(v_vdst_y),
        .v_ds(v_ds), .v_dsc(v_dsc), .v_dsoff(v_dsoff), .v_gm(v_gm), .v_gsa(v_gsa),
        .ds_free(ds_free), .mc_done(mc_take), .mc_slot(mc_slot), .mc_gm(mc_gm), .mc_err(mc_err),
        .vd_valid(vd_valid), .vd_slot(vd_slot),
        .vd_val(vd_val), .vd_take(vd_take), .v_clear(v_clear), .v_clear_slot(v_clear_slot),
        .v_clear_busy(v_clear_busy),
        .trace_valid(t_valid), .trace_vector(t_vector), .trace_mem(t_mem), .trace_gmem(t_gmem),
        .trace_slot(t_slot),
        .trace_pc(t_pc),
        .trace_word0(t_w0), .trace_word1(t_w1), .trace_word2(t_w2), .trace_nwords(t_n),
        .trace_has_literal(t_lit),
        .trace_exec(t_exec), .trace_we(t_we), .trace_idx(t_idx), .trace_val(t_val),
        .trace_scc_we(t_scc_we), .trace_scc(t_scc), .trace_tag(t_tag),
        .trace_swe(t_swe), .trace_sidx(t_sidx), .trace_sval(t_sval),
        .trace_stag(t_stag), .trace_sdone(t_sdone)
    );

`ifdef CU32_TRACE
    wire          s_vwe0, s_vwe1;
    wire [7:0]    s_vidx0, s_vidx1;
    wire [31:0]   s_vmask;
    wire [1023:0] s_vval0, s_vval1;
    wire [3:0]    s_mwe;
    wire [7:0]    s_midx;
    wire [31:0]   s_mmask;
    wire [4095:0] s_mval;
`endif
    cu32_simd #(.LANES(CU32_LANES), .PASS_BITS(CU32_PASS_BITS), .SB(SB),
                .SLOT_BITS(CU32_SLOT_BITS), .VGPRS(CU32_VGPRS), .VGPR_BITS(CU32_VGPR_BITS),
                .LDS_BYTES(CU32_LDS_BYTES), .LDS_BANKS(CU32_LDS_BANKS)) simd (
        .clk(clk), .rst(core_rst),
        .clear(v_clear), .clear_slot(v_clear_slot), .clear_busy(v_clear_busy),
        .lds_clr(d_lds_clr), .lds_clr_row(d_lds_clr_row), .clear_v0(d_v0),
        .clear_step(d_v0_step),
        .in_valid(v_valid), .in_slot(v_slot), .in_ctrl(v_ctrl), .in_src0(v_src0),
        .in_src1(v_src1), .in_src2(v_src2), .in_vdst(v_vdst), .in_opsel(v_opsel),
        .in_srd(v_srd), .in_vcc2(v_vcc2), .in_vcc(v_vcc), .in_sport(v_sport), .in_shi(v_shi), .in_pa(v_pa), .in_pb(v_pb),
        .in_lit(v_lit), .in_scc(v_scc), .in_exec(v_exec), .in_vopd(v_vopd), .in_dpp(v_dpp),
        .in_ctrl_y(v_ctrl_y), .in_src0_y(v_src0_y), .in_src1_y(v_src1_y),
        .in_vdst_y(v_vdst_y), .in_ds(v_ds), .in_dsc(v_dsc), .in_dsoff(v_dsoff),
        .in_gm(v_gm), .in_gsa(v_gsa),
        .ds_free(ds_free), .mc_valid(mc_valid), .mc_slot(mc_slot), .mc_gm(mc_gm),
        .mc_err(mc_err), .mc_take(mc_take),
        .done_valid(vd_valid), .done_slot(vd_slot), .done_val(vd_val), .done_take(vd_take),
        .wb_cyc(g_cyc), .wb_stb(g_stb), .wb_we(g_we), .wb_adr(g_adr), .wb_dat_o(g_dat),
        .wb_sel(g_sel), .wb_stall(wb_stall || !bus_g), .wb_ack(wb_ack && bus_g),
        .wb_err(wb_err && bus_g), .wb_dat_i(wb_dat_i)
`ifdef CU32_TRACE
        ,
        .t_slot(t_slot), .t_vwe0(s_vwe0), .t_vwe1(s_vwe1), .t_vidx0(s_vidx0),
        .t_vidx1(s_vidx1), .t_vmask(s_vmask), .t_vval0(s_vval0), .t_vval1(s_vval1),
        .t_mwe(s_mwe), .t_midx(s_midx), .t_mmask(s_mmask), .t_mval(s_mval)
`endif
    );

    // The retirement for the performance counters: an instruction, a vector one (VALU,
    // DS or GLOBAL).
    wire        ret_valid = t_valid;
    wire        ret_vec = t_vector || t_mem || t_gmem;
`include "cu32_counters.vh"
    cu32_csr csr (
        .clk(clk), .rst(rst),
        .wb_cyc(host_cyc), .wb_stb(host_stb), .wb_we(host_we), .wb_adr(host_adr),
        .wb_dat_i(host_dat_i), .wb_sel(host_sel), .wb_stall(host_stall), .wb_ack(host_ack),
        .wb_dat_o(host_dat_o),
        .start(csr_start), .busy(d_busy), .done_pulse(d_done_pulse),
        .error_pulse(d_error_pulse), .error_pc(d_error_pc), .error_code(d_error_code),
        .count_add(count_add),
        .entry(csr_entry), .kernarg(csr_kernarg), .grid(csr_grid), .block(csr_block),
        .rsrc1(csr_rsrc1), .rsrc2(csr_rsrc2), .properties(csr_properties),
        .lds_bytes(csr_lds_bytes), .code_bytes(csr_code_bytes)
    );
    cu32_dispatcher #(.SLOTS(CU32_SLOTS), .SB(SB), .LANES(CU32_LANES),
                      .PASS_BITS(CU32_PASS_BITS), .IMEM_BITS(IB),
                      .LDS_BYTES(CU32_LDS_BYTES), .LDS_BANKS(CU32_LDS_BANKS)) dispatcher (
        .clk(clk), .rst(rst),
        .csr_start(csr_start), .entry(csr_entry), .kernarg(csr_kernarg), .grid(csr_grid),
        .block(csr_block), .rsrc1(csr_rsrc1), .rsrc2(csr_rsrc2),
        .properties(csr_properties), .lds_bytes(csr_lds_bytes),
        .code_bytes(csr_code_bytes), .plain_start(start),
        .core_reset(d_core_reset), .start(d_start), .start_slot(d_start_slot),
        .start_exec(d_start_exec), .start_mode(d_start_mode), .start_busy(d_start_busy),
        .start_pair(d_start_pair), .sgpr_data(d_sgpr), .v0_step(d_v0_step), .v0_data(d_v0),
        .ended(ended), .fault(fault), .fault_pc(fault_pc), .bar_park(d_bar_park),
        .bar_arrive(d_bar_arrive), .bar_slot(d_bar_slot), .bar_pc(d_bar_pc),
        .bar_wake(d_bar_wake), .trace_slot(t_slot), .trace_wave(t_wave),
        .lds_clr(d_lds_clr), .lds_clr_row(d_lds_clr_row),
        .imem_we(d_imem_we), .imem_addr(d_imem_addr), .imem_wdata(d_imem_wdata),
        .wb_cyc(d_cyc), .wb_stb(d_stb), .wb_adr(d_adr), .wb_stall(wb_stall),
        .wb_ack(wb_ack && d_cyc), .wb_err(wb_err && d_cyc), .wb_dat_i(wb_dat_i),
        .running(running_w), .busy(d_busy), .done(done), .error(error),
        .error_pc(d_error_pc), .error_code(d_error_code), .done_pulse(d_done_pulse),
        .error_pulse(d_error_pulse)
    );
    assign running = running_w;
    assign error_pc = d_error_pc;
    assign error_code = d_error_code;
`ifndef CU32_TRACE
    // (A synthesis build: the trace goes nowhere; Yosys removes what only feeds it.)
    wire unused_trace = &{1'b0, t_lit, t_scc_we, t_scc, t_sidx, t_swe, t_sdone, t_tag, t_stag,
                          t_sval, t_wave, t_pc, t_w0[25:0], t_w1, t_w2, t_n, t_we, t_idx,
                          t_val};
`endif
`ifdef CU32_TRACE
    assign trace_valid = t_valid;
    assign trace_pc = t_pc;
    assign trace_word0 = t_w0;
    assign trace_word1 = t_w1;
    assign trace_word2 = t_w2;
    assign trace_has_literal = t_lit;
    assign trace_nwords = t_n;
    assign trace_exec = t_exec;
    assign trace_sidx = {1'b0, t_sidx};
    assign {trace_swe, trace_sval, trace_stag, trace_sdone, trace_tag} =
        {t_swe, t_sval, t_stag, t_sdone, t_tag};
    assign trace_wave = t_wave;
    // A DS instruction retires with trace_vbg 2 (its results to come), and completes with
    // trace_mdone and its VGPR writes; a GLOBAL one with trace_vbg 3 and trace_gdone (not
    // when it faults: the wave stops there).
    assign trace_vbg = {t_mem || t_gmem, t_gmem};
    assign trace_vdone = 1'b0;
    assign trace_mdone = mc_take && !mc_gm;
    assign trace_gdone = mc_take && mc_gm && !mc_err;
    wire   mt = trace_mdone || trace_gdone;
    assign trace_vwe0 = mt ? s_mwe[0] : t_valid && t_vector && s_vwe0;
    assign trace_vwe1 = mt ? s_mwe[1] : t_valid && t_vector && s_vwe1;
    assign trace_vwe2 = mt && s_mwe[2];
    assign trace_vwe3 = mt && s_mwe[3];
    assign trace_vidx0 = mt ? s_midx : s_vidx0;
    assign trace_vidx1 = mt ? s_midx + 8'd1 : s_vidx1;
    assign trace_vidx2 = s_midx + 8'd2;
    assign trace_vidx3 = s_midx + 8'd3;
    assign trace_vmask = mt ? s_mmask : s_vmask;
    assign trace_vval0 = mt ? s_mval[1023:0] : s_vval0;
    assign trace_vval1 = mt ? s_mval[2047:1024] : s_vval1;
    assign trace_vval2 = s_mval[3071:2048];
    assign trace_vval3 = s_mval[4095:3072];
    assign {trace_we3, trace_we2, trace_we1, trace_we0} = t_we;
    assign {trace_idx3, trace_idx2, trace_idx1, trace_idx0} = t_idx;
    assign {trace_val3, trace_val2, trace_val1, trace_val0} = t_val;
    assign trace_scc_we = t_scc_we;
    assign trace_scc = t_scc;
`endif
endmodule

`default_nettype wire
