// cu32_top — the interleaved core's top (core: interleaved), with the ports of the other
// cores' tops so that the same co-simulation harness drives it. For now it holds the
// scalar spine (cu32_scalar.v) and the vector ALU (cu32_simd.v, with the LDS and GLOBAL
// units) and runs plain programs of scalar, VALU, DS and GLOBAL/FLAT instructions, the
// scalar loads and the GLOBAL unit sharing the bus port (the LDS starts at 0 as the
// simulator's memories do: nothing clears it yet). A program is written through
// imem_we/addr/wdata (writes beyond the memory are ignored), then `start` (a 1-cycle
// pulse) resets the spine and one wave starts in slot 0 at PC 0 with EXEC_LO all ones and
// everything else 0. done: its s_endpgm retired; error / error_pc / error_code (1,
// INSTRUCTION): it stopped at an instruction the core does not run (floating point, the
// DS lane moves, GLOBAL's addtid and LDS-loading rows), its words past the memory's end, a branch or
// jump out of it, a scalar load or GLOBAL instruction the bus refused (ERR) or whose
// address lies at or above 2^32. A scalar load retires with a tag (trace_tag); its dwords
// come with that tag on trace_stag (trace_swe / sidx / sval) and trace_sdone ends it. A
// VALU instruction retires when it completes, its VGPR writes on trace_vwe0/1 (whole
// registers, all 32 lanes) with it; a DS instruction retires at once (trace_vbg 2) and its
// writes come with trace_mdone, a GLOBAL one likewise (trace_vbg 3, trace_gdone). The
// host port answers nothing (no CSRs yet). rst: synchronous, active high.
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
    output wire        trace_valid,
    output wire [31:0] trace_wave,
    output wire [31:0] trace_pc,
    output wire [31:0] trace_word0,
    output wire [31:0] trace_word1,
    output wire        trace_has_literal,
    output wire [31:0] trace_word2,
    output wire [1:0]  trace_nwords,
    output wire [63:0] trace_exec,
    output wire        wb_cyc,
    output wire        wb_stb,
    output wire        wb_we,
    output wire [29:0] wb_adr,
    output wire [31:0] wb_dat_o,
    output wire [3:0]  wb_sel,
    input  wire        wb_stall,
    input  wire        wb_ack,
    input  wire        wb_err,
    input  wire [31:0] wb_dat_i,
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
`ifdef CU32_TRACE
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
`endif
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
);
`include "cu32_shape.vh"
`include "cu32_ctrl.vh"
    localparam integer SB = CU32_SLOT_PORT_BITS;
    localparam integer IB = CU32_IMEM_BITS;

    // A plain program's run: `start` resets the spine, whose wave 0 starts a cycle later.
    reg         go, live, p_done, p_error;
    wire [CU32_SLOTS-1:0] ended;
    wire        fault;
    wire [31:0] fault_pc;
    always @(posedge clk) begin
        go <= start && !rst;
        if (rst || start) begin
            live <= 1'b0;
            p_done <= 1'b0;
            p_error <= 1'b0;
        end else begin
            if (go) live <= 1'b1;
            if ((|ended) || fault) live <= 1'b0;
            if (|ended) p_done <= 1'b1;
            if (fault) p_error <= 1'b1;
        end
    end
    reg  [31:0] p_error_pc;
    always @(posedge clk) if (fault) p_error_pc <= fault_pc;

    wire        t_valid, t_vector, t_lit, t_scc_we, t_scc, start_busy;
    wire [SB-1:0] t_slot;
    wire [6:0]  t_sidx;
    wire [31:0] t_pc, t_w0, t_w1, t_w2;
    wire [1:0]  t_n;
    wire [63:0] t_exec;
    wire [3:0]  t_we;
    wire [27:0] t_idx;
    wire [127:0] t_val;
    wire        unused = &{1'b0, start_busy, imem_addr[31:IB], host_cyc, host_stb,
                           host_we, host_adr, host_dat_i, host_sel};
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
    // no ACK or ERR.)
    wire                   bus_g = (own_g ? g_cyc : s_cyc) ? own_g
                                 : own_g ? !s_cyc : g_cyc;
    always @(posedge clk) own_g <= !rst && bus_g;
    assign wb_cyc = bus_g ? g_cyc : s_cyc;
    assign wb_stb = bus_g ? g_stb : s_stb;
    assign wb_we = bus_g ? g_we : s_we;
    assign wb_adr = bus_g ? g_adr : s_adr;
    assign wb_dat_o = bus_g ? g_dat : s_dat;
    assign wb_sel = bus_g ? g_sel : s_sel;
    // (A DS instruction's completion, with its trace, in a cycle no VALU instruction
    // retires: the trace's VGPR ports serve one of them.)
    assign mc_take = mc_valid && !(t_valid && t_vector);
    cu32_scalar #(.INT_MUL(CU32_INT_MUL), .SLOTS(CU32_SLOTS), .SB(SB), .IMEM_BITS(IB)) scalar (
        .clk(clk), .rst(rst || start),
        .imem_we(imem_we && (imem_addr[31:IB] == 0)), .imem_addr(imem_addr[IB-1:0]),
        .imem_wdata(imem_wdata), .pc_base(64'd0),
        .start(go), .start_slot({SB{1'b0}}), .start_pc({IB{1'b0}}),
        .start_exec(64'h00000000ffffffff), .start_mode(32'd0), .start_busy(start_busy),
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
        .trace_scc_we(t_scc_we), .trace_scc(t_scc), .trace_tag(trace_tag),
        .trace_swe(trace_swe), .trace_sidx(t_sidx), .trace_sval(trace_sval),
        .trace_stag(trace_stag), .trace_sdone(trace_sdone)
    );

`ifndef CU32_TRACE
    wire          unused_trace = &{1'b0, t_slot};
`else
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
        .clk(clk), .rst(rst || start),
        .clear(v_clear), .clear_slot(v_clear_slot), .clear_busy(v_clear_busy),
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

    assign running = live;
    assign done = p_done;
    assign error = p_error;
    assign error_pc = p_error_pc;
    assign error_code = p_error ? 8'd1 : 8'd0;
    assign host_stall = 1'b0;
    assign host_ack = 1'b0;
    assign host_dat_o = 32'd0;
    assign trace_valid = t_valid;
    assign trace_wave = 32'd0;
    assign trace_pc = t_pc;
    assign trace_word0 = t_w0;
    assign trace_word1 = t_w1;
    assign trace_word2 = t_w2;
    assign trace_has_literal = t_lit;
    assign trace_nwords = t_n;
    assign trace_exec = t_exec;
    assign trace_sidx = {1'b0, t_sidx};
    // A DS instruction retires with trace_vbg 2 (its results to come), and completes with
    // trace_mdone and its VGPR writes; a GLOBAL one with trace_vbg 3 and trace_gdone (not
    // when it faults: the wave stops there).
    assign trace_vbg = {t_mem || t_gmem, t_gmem};
    assign trace_vdone = 1'b0;
    assign trace_mdone = mc_take && !mc_gm;
    assign trace_gdone = mc_take && mc_gm && !mc_err;
`ifdef CU32_TRACE
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
`endif
    assign {trace_we3, trace_we2, trace_we1, trace_we0} = t_we;
    assign {trace_idx3, trace_idx2, trace_idx1, trace_idx0} = t_idx;
    assign {trace_val3, trace_val2, trace_val1, trace_val0} = t_val;
    assign trace_scc_we = t_scc_we;
    assign trace_scc = t_scc;
endmodule

`default_nettype wire
