// cu32_simd — the compute unit's vector ALU: the VGPR file (cu32_vgpr), LANES integer
// lanes (cu32_lane) and the sequencer that takes a wave32 VALU instruction through them
// in PASSES = 32 / LANES passes of LANES lanes.
//
// The spine hands over an instruction (in_*) in its stage X1 with its scalar operands:
// the two SGPR pairs it read (in_pa, in_pb; in_srd, in_sport, in_shi say which source
// takes which pair, and which half), VCC, the literal and SCC; its wave waits, parked, until
// the instruction completes, so a wave has one instruction here at a time and nothing in
// the VGPR file needs ordering: a wave's next instruction reads after its last writes.
// Instructions of different waves follow each other pass by pass with no gap.
//
// An instruction waits in a queue (2 x 2^SB places: one per wave slot for VALU
// instructions, as many for DS ones, which the spine counts; RAM in parts, each read by
// the stages that need it: qo, qm and qg by P (block RAM, read at the VGPR file's early
// tag and registered again), qw by W (block RAM, likewise), qr by I, qy by W, qv by the
// completion, the slot qs by I, P, W and the completion (distributed RAM)) from its
// arrival until its completion moves to the output registers. Per pass:
//   IN  the instruction registered; its scalar operands resolved (an SGPR or a pair,
//       an inline constant, the literal, SCC; a 16-bit one's OPSEL half) and queued
//   I   the pass's VGPR read requests: one for the sources' registers, and a second for
//       the high registers of 64-bit VGPR sources; a pass whose result takes two writes
//       (a 64-bit destination) and no second request asks for an empty one, so that
//       passes leave the VGPR file, and the lanes, at most one write a cycle. A VOPD
//       pass is two operations: the first request reads the X half's sources, the second
//       the Y half's, and each goes on through the lanes with its data. A DPP
//       instruction's passes go a row of 16 lanes at a time: first its S0 register's
//       passes of that row are read into a row buffer (gather requests, which go no
//       further), a walk of 17 cycles moves them as its control says, then the row's
//       passes read the other sources as usual
//   (cu32_vgpr: 4 cycles from the request; data registered)
//   P   (beside the VGPR file's last cycle, from the tag it gives a cycle early) the
//       pass's scalar values, 16-bit halves, mask bits and DPP S0 words, registered
//   O   each lane's S0, S1, S2 from the VGPR words or the scalar values (a DPP S0 from
//       the moved row buffer), its mask bit (VCC or the SRC2 lane mask) and lane index,
//       registered
//   L1..L4  cu32_lane
//   W   the write: the destination's pass under EXEC (v_writelane_b32: its one lane; a
//       DPP instruction's lanes also under its row and bank masks and bound control),
//       a 16-bit result to its OPSEL half alone, a 64-bit one's high word a cycle
//       later; the lane mask result (compare, carry) gathered over the passes under EXEC,
//       or v_readlane/v_readfirstlane's lane taken; after the last pass the instruction
//       completes with that value (done_*), which the spine writes to VCC, EXEC or its
//       SDST when it retires the instruction (done_take); the completion waits in the
//       output registers (two)
//
// A DS load, store, integer atomic or lane move (in_ds) goes through the same stages, in order with
// the VALU instructions: I reads its ADDR and DATA VGPRs (one or two requests a pass),
// O puts each lane's element addresses and data in the LDS pass buffer, and the pass
// goes on through the lanes writing nothing, so that the instruction leaves its place in
// order once its operands are read (ds_free; no completion to the spine). The LDS unit
// (cu32_lds_unit) takes the buffer's pass, and its results come back on the VGPR file's
// port B, VDST's dwords one a cycle; after the instruction's last, it completes
// (mc_valid until mc_take). A 2addr store of several passes goes through them twice
// (every lane's element 0, then every lane's element 1, as the model writes them), and so
// does a lane move (every lane's value into the LDS unit's move buffer, then every lane's
// result out of it).
// A GLOBAL (or FLAT) instruction (in_gm) goes the same way through its own pass buffer
// to the GLOBAL unit (cu32_gmem_unit, the wb_* master), its lanes' 64-bit addresses
// worked out in O and a cycle after; its results take port B in cycles the LDS unit's
// leave free, and it completes on the same port (mc_gm; mc_err when it faulted). Each
// unit completes its instructions in order, the two in any order.
//
// A wave's start sweeps its VGPRs (clear .. clear_busy: VGPRS * PASSES cycles, a
// register's pass a cycle on the VGPR file's port B, in cycles no memory result takes
// it), register by register from v0, each pass written with clear_v0 (the lanes' words;
// the caller's, 0 but for v0's passes), clear_step high in the cycle a pass is written.
// A work-group's start zeroes its LDS: lds_clr, lds_clr_row are the LDS unit's clr,
// clr_row (a row of every bank a cycle, while the unit is idle: cu32_lds_unit.v).
//
// Under CU32_TRACE (the co-simulation's build) a shadow of the VGPR file keeps every
// written value, and the t_* ports give, for the wave slot t_slot, the registers its
// last instruction wrote (all 32 lanes, and the lanes written) for the trace's V lines;
// the t_m* ports the completing memory instruction's VDST registers.
`default_nettype none

module cu32_simd #(
    parameter integer LANES = 8,
    parameter integer PASS_BITS = 2,   // log2 (32 / LANES)
    parameter integer SB = 3,          // slot port width (at least 1; the queue's places)
    parameter integer SLOT_BITS = 3,   // slot address bits of the VGPR file (0: one slot)
    parameter integer VGPRS = 64,
    parameter integer VGPR_BITS = 6,
    parameter integer LDS_BYTES = 16384,
    parameter integer LDS_BANKS = 8
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire                   clear,
    input  wire [SB-1:0]          clear_slot,
    output wire                   clear_busy,
    input  wire                   lds_clr,
    input  wire [$clog2(LDS_BYTES/LDS_BANKS)-3:0] lds_clr_row,
    input  wire [32*LANES-1:0]    clear_v0,
    output wire                   clear_step,
    input  wire                   in_valid,
    input  wire [SB-1:0]          in_slot,
    input  wire [VCTRL_WIDTH-1:0] in_ctrl,
    input  wire [8:0]             in_src0,
    input  wire [8:0]             in_src1,
    input  wire [8:0]             in_src2,
    input  wire [7:0]             in_vdst,
    input  wire [3:0]             in_opsel,
    input  wire [2:0]             in_srd,
    // (in_vcc2: source 2 is VCC, in_vcc, rather than a pair)
    input  wire                   in_vcc2,
    input  wire [63:0]            in_vcc,
    input  wire [2:0]             in_sport,
    input  wire [2:0]             in_shi,
    input  wire [63:0]            in_pa,
    input  wire [63:0]            in_pb,
    input  wire [31:0]            in_lit,
    input  wire                   in_scc,
    input  wire [31:0]            in_exec,
    // A VOPD instruction: in_ctrl, in_src0, in_src1 and in_vdst are its X half, these its
    // Y half (whose SRC0 takes the second SGPR source: in_srd[1], in_sport[1], in_shi[1]).
    input  wire                   in_vopd,
    input  wire [VCTRL_WIDTH-1:0] in_ctrl_y,
    input  wire [8:0]             in_src0_y,
    input  wire [7:0]             in_src1_y,
    input  wire [7:0]             in_vdst_y,
    // A DPP instruction (1: DPP16, 2: DPP8, 3: DPP8 with fetch inactive): in_lit is its
    // DPP dword, whose bits [7:0] name S0's VGPR.
    input  wire [1:0]             in_dpp,
    // A DS instruction (in_ds): its control (hdl/src/vector.rs `ds_fields`) and OFFSET
    // fields; ADDR, DATA0, DATA1 in in_src0..2, VDST in in_vdst. ds_free: one of the
    // DS_PLACES queue places the spine counts is free again (registered).
    input  wire                   in_ds,
    input  wire [DSCTRL_WIDTH-1:0] in_dsc,
    input  wire [15:0]            in_dsoff,
    // A GLOBAL (or FLAT) instruction comes as a DS one (in_ds; its row's control in
    // in_dsc, the signed offset in in_dsoff, ADDR in in_src0, DATA in in_src1) with in_gm;
    // in_gsa: SADDR is not `off`, its SGPR pair in in_pa.
    input  wire                   in_gm,
    input  wire                   in_gsa,
    output reg                    ds_free,
    // A memory instruction complete (its results written), until taken: a DS one, or a
    // GLOBAL one (mc_gm; mc_err: a lane's address was bad or the bus answered ERR).
    output wire                   mc_valid,
    output wire [SB-1:0]          mc_slot,
    output wire                   mc_gm,
    output wire                   mc_err,
    input  wire                   mc_take,
    output wire                   done_valid,
    output wire [SB-1:0]          done_slot,
    output wire [31:0]            done_val,
    input  wire                   done_take,
    // The GLOBAL unit's Wishbone B4 pipelined master.
    output wire                   wb_cyc,
    output wire                   wb_stb,
    output wire                   wb_we,
    output wire [29:0]            wb_adr,
    output wire [31:0]            wb_dat_o,
    output wire [3:0]             wb_sel,
    input  wire                   wb_stall,
    input  wire                   wb_ack,
    input  wire                   wb_err,
    input  wire [31:0]            wb_dat_i
`ifdef CU32_TRACE
    ,
    input  wire [SB-1:0]          t_slot,
    output wire                   t_vwe0,
    output wire                   t_vwe1,
    output wire [7:0]             t_vidx0,
    output wire [7:0]             t_vidx1,
    output wire [31:0]            t_vmask,
    output wire [1023:0]          t_vval0,
    output wire [1023:0]          t_vval1,
    // (The completing DS instruction's VDST registers, t_mwe[k] for VDST + k.)
    output wire [3:0]             t_mwe,
    output wire [7:0]             t_midx,
    output wire [31:0]            t_mmask,
    output wire [4095:0]          t_mval
`endif
);
`include "cu32_ctrl.vh"
    localparam integer L = LANES;
    localparam integer P = 32 / LANES;
    localparam integer PW = PASS_BITS > 0 ? PASS_BITS : 1;
    localparam integer LB = 5 - PASS_BITS;               // lane-in-pass bits
    // Queue places: one per slot for VALU instructions (a wave has one at a time) and as
    // many for DS ones (the spine counts those).
    localparam integer QB = SB + 1;
    localparam integer Q = 1 << QB;
    localparam integer TB = QB + PW + 5;                 // VGPR read tag
    localparam integer OPB = VW_OP;
    localparam integer P_LAST = P - 1;
    localparam [PW-1:0] PLAST = P_LAST[PW-1:0];         // the last pass

    // ---- IN: the instruction registered, its scalar operands resolved ----
    reg                   i_valid;
    reg  [SB-1:0]         i_slot;
    reg  [VCTRL_WIDTH-1:0] i_ctrl;
    reg  [8:0]            i_src [0:2];
    reg  [7:0]            i_vdst;
    reg  [3:0]            i_opsel;
    reg  [2:0]            i_sport, i_shi;
    reg                   i_vcc2;
    reg  [63:0]           i_vcc;
    reg  [63:0]           i_pa, i_pb;
    reg  [31:0]           i_lit, i_exec;
    reg                   i_scc, i_vopd;
    reg  [VCTRL_WIDTH-1:0] i_ctrl_y;
    reg  [8:0]            i_src0_y;
    reg  [7:0]            i_src1_y, i_vdst_y;
    reg  [1:0]            i_dpp;
    reg                   i_ds;
    reg  [DSCTRL_WIDTH-1:0] i_dsc;
    reg  [15:0]           i_dsoff;
    reg                   i_gm, i_gsa;
    always @(posedge clk) begin
        i_valid <= in_valid && !rst;
        i_ds <= in_ds;
        i_gm <= in_gm;
        i_gsa <= in_gsa;
        i_dsc <= in_dsc;
        i_dsoff <= in_dsoff;
        i_slot <= in_slot;
        i_ctrl <= in_ctrl;
        i_src[0] <= (in_dpp != 2'd0) ? {1'b1, in_lit[7:0]} : in_src0;
        i_src[1] <= in_src1;
        i_src[2] <= in_src2;
        i_vdst <= in_vdst;
        i_opsel <= in_opsel;
        i_vcc2 <= in_vcc2;
        i_vcc <= in_vcc;
        i_sport <= in_sport;
        i_shi <= in_shi;
        i_pa <= in_pa;
        i_pb <= in_pb;
        i_lit <= in_lit;
        i_scc <= in_scc;
        i_exec <= in_exec;
        i_vopd <= in_vopd;
        i_ctrl_y <= in_ctrl_y;
        i_src0_y <= in_src0_y;
        i_src1_y <= in_src1_y;
        i_vdst_y <= in_vdst_y;
        i_dpp <= in_dpp;
    end
    wire [OPB-1:0] i_op = i_ctrl[VF_OP +: VW_OP];
    wire [2:0]     i_use = {i_ctrl[VF_USE2], i_ctrl[VF_USE1], i_ctrl[VF_USE0]};
    wire [1:0]     i_w [0:2];
    assign i_w[0] = i_ctrl[VF_W0 +: 2];
    assign i_w[1] = i_ctrl[VF_W1 +: 2];
    assign i_w[2] = i_ctrl[VF_W2 +: 2];
    wire [1:0]     i_dw = i_ctrl[VF_DW +: 2];
    wire [1:0]     i_mout = i_ctrl[VF_MOUT +: 2];
    wire [1:0]     i_min = i_ctrl[VF_MIN +: 2];
    wire [2:0]     i_special = i_ctrl[VF_SPECIAL +: 3];
    wire           i_lit_sext = i_ctrl[VF_LIT_SEXT];

    // A scalar source: its pair (A or B) and half, or the inline constant of its code in
    // the operand's width, SCC, the literal; a 16-bit one's OPSEL half. Its kind and
    // constant are worked out from the ports and registered with the rest (i_kind,
    // i_kv), so that IN only chooses. Source 3 is a VOPD's SRC0Y (32-bit, through
    // source 1's port).
    localparam [1:0] K_PAIR = 2'd0, K_SCC = 2'd1, K_LIT = 2'd2, K_CONST = 2'd3;
    function automatic [15:0] f16k(input [3:0] i);
        case (i)
            4'd0: f16k = F16_K240;
            4'd1: f16k = F16_K241;
            4'd2: f16k = F16_K242;
            4'd3: f16k = F16_K243;
            4'd4: f16k = F16_K244;
            4'd5: f16k = F16_K245;
            4'd6: f16k = F16_K246;
            4'd7: f16k = F16_K247;
            default: f16k = F16_K248;
        endcase
    endfunction
    wire [8:0] in_code [0:3];
    wire [1:0] in_wk [0:3];
    wire [3:0] in_pair = {in_srd[1], in_srd[2] || in_vcc2, in_srd[1:0]};
    assign in_code[0] = in_src0;
    assign in_code[1] = in_src1;
    assign in_code[2] = in_src2;
    assign in_code[3] = in_src0_y;
    assign in_wk[0] = in_ctrl[VF_W0 +: 2];
    assign in_wk[1] = in_ctrl[VF_W1 +: 2];
    // (The lane-mask source of v_cndmask and the carry-ins is 32-bit: VCC, or the SRC2
    // SGPR or constant.)
    assign in_wk[2] = (in_ctrl[VF_MIN +: 2] != MIN_NONE) ? VW32 : in_ctrl[VF_W2 +: 2];
    assign in_wk[3] = VW32;
    reg  [1:0]  i_kind [0:3];
    reg  [63:0] i_kv [0:3];
    reg  [1:0]  i_wk [0:3];
    genvar gk;
    generate
        for (gk = 0; gk < 4; gk = gk + 1) begin : konst
            wire [63:0] k;
            wire        unused_is;
            cu32_inline_const c (.code(in_code[gk][7:0]), .wide(in_wk[gk] == VW64),
                                 .value(k), .is_const(unused_is));
            wire f16 = (in_wk[gk] == VW16) && (in_code[gk] >= 9'd240)
                       && (in_code[gk] <= 9'd248);
            always @(posedge clk) begin
                i_kind[gk] <= in_pair[gk] ? K_PAIR : (in_code[gk] == 9'd253) ? K_SCC
                              : (in_code[gk] == 9'd255) ? K_LIT : K_CONST;
                i_kv[gk] <= f16 ? {48'd0, f16k(in_code[gk][3:0])} : k;
                i_wk[gk] <= in_wk[gk];
            end
        end
    endgenerate
    // The sources read from VGPRs, and those of 64 bits (a second register).
    wire [2:0] i_vg, i_v64;
    generate
        for (gk = 0; gk < 3; gk = gk + 1) begin : vsrc
            assign i_vg[gk] = i_use[gk] && i_src[gk][8] && !(gk == 2 && i_min == MIN_SRC2);
            assign i_v64[gk] = i_vg[gk] && i_w[gk] == VW64;
        end
    endgenerate
    wire [3:0]  i_vgs = {i_src0_y[8], i_vg};   // (source 3: the VOPD's SRC0Y)
    wire [63:0] sv [0:3];
    generate
        for (gk = 0; gk < 4; gk = gk + 1) begin : resolve
            localparam integer PORT = gk == 3 ? 1 : gk;
            wire [1:0]  w = i_wk[gk];
            wire [63:0] pair = (gk == 2 && i_vcc2) ? i_vcc : i_sport[PORT] ? i_pb : i_pa;
            wire        sext = gk != 3 && i_lit_sext;
            reg  [63:0] v;
            always @(*) begin
                case (i_kind[gk])
                    K_PAIR: v = (w == VW64) ? pair
                                : {32'd0, i_shi[PORT] ? pair[63:32] : pair[31:0]};
                    K_SCC: v = {63'd0, i_scc};
                    K_LIT: v = (w == VW64) ? {{32{sext & i_lit[31]}}, i_lit} : {32'd0, i_lit};
                    default: v = i_kv[gk];
                endcase
            end
            wire half = gk != 3 && i_opsel[PORT];
            // (0 for a VGPR source: O ORs the value with the VGPR file's word, 0 when the
            // source is not read there.)
            wire       vgpr = i_vgs[gk];
            assign sv[gk] = vgpr ? 64'd0
                            : (w != VW16) ? v : half ? {48'd0, v[31:16]} : {48'd0, v[15:0]};
        end
    endgenerate
    // A VOPD's Y half: its SRC0 as a scalar, whether it is a VGPR, its operation.
    wire [63:0] sv_y = sv[3];
    wire [1:0]  i_vg_y = {i_ctrl_y[VF_USE1], i_src0_y[8]};
    wire [OPB-1:0] i_op_y = i_ctrl_y[VF_OP +: VW_OP];
    // The lane a cross-lane instruction reads or writes: S1's, or EXEC's lowest (0 for
    // none; found from the port and registered, i_first).
    wire [31:0] lowest = in_exec & (~in_exec + 32'd1);
    reg  [4:0]  first;
    reg  [4:0]  i_first;
    integer fi;
    always @(*) begin
        first = 5'd0;
        for (fi = 0; fi < 32; fi = fi + 1) first = first | ({5{lowest[fi]}} & fi[4:0]);
    end
    always @(posedge clk) i_first <= first;
    wire [4:0] i_sel = (i_special == SP_READFIRSTLANE) ? i_first : sv[1][4:0];
    wire       i_rl = (i_special == SP_READLANE) || (i_special == SP_READFIRSTLANE);

    // DPP (reference §7.7, the golden model's dpp.rs): the lane s of its row of 16 whose
    // S0 a lane reads, r its place in its row, and whether s lies in the row ({in, s}).
    // d: the DPP dword's bits [31:8]: DPP16's control in [8:0], DPP8's eight 3-bit selects.
    function automatic [4:0] dpp_src(input [1:0] dpp, input [23:0] d, input [3:0] r);
        reg [3:0] n;
        reg [4:0] sum;
        begin
            n = d[3:0];
            sum = {1'b0, r} + {1'b0, n};
            if (dpp != 2'd1) dpp_src = {1'b1, r[3], d[3 * r[2:0] +: 3]};                // DPP8
            else if (!d[8]) dpp_src = {1'b1, r[3:2], d[{2'd0, r[1:0], 1'b0} +: 2]};  // quad_perm
            else case (d[7:4])
                4'h0: dpp_src = {!sum[4], sum[3:0]};                             // row_shl
                4'h1: dpp_src = {r >= n, r - n};                                 // row_shr
                4'h2: dpp_src = {1'b1, r - n};                                   // row_ror
                4'h4: dpp_src = {1'b1, d[0] ? {r[3], ~r[2:0]} : ~r};             // (half) mirror
                4'h5: dpp_src = {1'b1, n};                                       // row_share
                4'h6: dpp_src = {1'b1, r ^ n};                                   // row_xmask
                default: dpp_src = 5'd0;
            endcase
        end
    endfunction
    // A DPP16 instruction writes only the lanes of its row and bank masks (and, without
    // bound control, those whose source the walk below finds valid).
    wire [31:0] i_rb;
    generate
        for (gk = 0; gk < 32; gk = gk + 1) begin : dmask
            assign i_rb[gk] = (i_dpp != 2'd1) || (i_lit[28 + gk / 16] && i_lit[24 + (gk % 16) / 4]);
        end
    endgenerate

    // A DS instruction's operands (the golden model's lds.rs): its passes
    // read ADDR, DATA0 (ndata dwords) and DATA1 (a second data operand: the 2addr
    // stores', storexchg 2addr's, cmpstore's, mskor's, wrap's) in one request, ADDR,
    // DATA0, DATA0 + 1, or two: then the second reads DATA0 + 2, + 3 (b96, b128) or
    // DATA1, DATA1 + 1 (through the VOPD Y half's fields). Its element offsets in bytes:
    // OFFSET, or the 2addr forms' OFFSET0 and OFFSET1 times the size (times 64: stride64).
    wire [2:0]  i_nd = i_dsc[DSF_NDATA +: DSW_NDATA];
    wire [4:0]  i_size = i_dsc[DSF_SIZE +: DSW_SIZE];
    wire        i_two = i_dsc[DSF_TWO];
    wire        i_d1 = i_dsc[DSF_DATA1] || (i_two && (i_nd != 3'd0));
    // A GLOBAL instruction's data, DATA and its compare value (cmpswap), lie in one run
    // of g_tot VGPRs from DATA: its first request reads ADDR, DATA and (SADDR `off`) the
    // address's high half ADDR + 1; a second, DATA + 1 .. DATA + 3, but a 32-bit
    // cmpswap's reads its compare value DATA + 1 through port 1, where a 64-bit one's
    // low dword DATA + 2 comes.
    wire [3:0]  g_tot = {1'b0, i_nd} + (i_dsc[DSF_DATA1] ? {1'b0, i_nd} : 4'd0);
    wire        g_cmp32 = i_dsc[DSF_DATA1] && (i_nd == 3'd1);
    wire        i_ds2 = i_ds && (i_gm ? (g_tot >= 4'd2) : ((i_nd >= 3'd3) || i_d1));
    // (A 2addr store of several passes goes through them twice: every lane's element 0
    // first, as the model writes them; so does a lane move: every lane's value into the
    // LDS unit's move buffer, then every lane's result out of it.)
    function automatic lane_move(input [2:0] kind);
        lane_move = (kind == DSK_SWIZZLE) || (kind == DSK_PERMUTE) || (kind == DSK_BPERMUTE);
    endfunction
    wire [2:0]  i_dsk = i_dsc[DSF_KIND +: DSW_KIND];
    wire        i_st2 = i_ds && (PASS_BITS != 0) && ((i_two && (i_dsk == DSK_STORE)) || lane_move(i_dsk));
    wire [7:0]  i_a0 = i_src[1][7:0];   // DATA0
    wire [7:0]  i_a1 = i_src[2][7:0];   // DATA1
    wire [7:0]  q_src2 = i_gm ? i_src[0][7:0] + 8'd1 : i_ds ? i_a0 + 8'd1 : i_src[2][7:0];
    wire [2:0]  q_vg = i_gm ? {!i_gsa, i_nd != 3'd0, 1'b1}
                     : i_ds ? {i_nd >= 3'd2, i_nd != 3'd0, !(i_dsc[DSF_TID] || i_dsc[DSF_APP])}
                     : i_vg;
    wire [7:0]  q_src0_y = !i_ds ? i_src0_y[7:0] : i_gm ? i_a0 + 8'd1
                         : (i_nd >= 3'd3) ? i_a0 + 8'd2 : i_a1;
    wire [7:0]  q_src1_y = !i_ds ? i_src1_y : i_gm ? i_a0 + (g_cmp32 ? 8'd1 : 8'd2)
                         : (i_nd >= 3'd3) ? i_a0 + 8'd3 : i_a1 + 8'd1;
    wire [7:0]  q_src2_y = i_a0 + 8'd3;
    wire [2:0]  q_vg_y = !i_ds ? {1'b0, i_vg_y}
                       : i_gm ? {g_tot >= 4'd4, (g_tot >= 4'd3) || g_cmp32, 1'b1}
                       : {1'b0, (i_nd == 3'd4) || (i_nd == 3'd2), 1'b1};
    // A GLOBAL instruction's address, the golden model's (64-bit, wrapping): SADDR's pair
    // + ADDR (zero-extended) + OFFSET (signed), or with SADDR `off` the ADDR pair +
    // OFFSET. Here its part common to the lanes, K = the pair + OFFSET (SADDR `off`:
    // OFFSET), as K's low half (g_klo) and whether its high half is 0 or all ones, found
    // without adding the halves (the pair's high half against 0, 1, -1, -2, chosen by the
    // low half's carry c and OFFSET's sign). A lane adds its ADDR to g_klo (O).
    wire        g_neg = i_dsoff[15];
    wire [32:0] g_ksum = {1'b0, i_pa[31:0]} + {1'b0, {16{g_neg}}, i_dsoff};
    wire [31:0] g_klo = i_gsa ? g_ksum[31:0] : {{16{g_neg}}, i_dsoff};
    wire [31:0] g_ph = i_pa[63:32];
    wire        g_c = g_ksum[32];
    wire        g_kz = (g_c == g_neg) ? (g_ph == 32'd0) : g_c ? (&g_ph) : (g_ph == 32'd1);
    wire        g_ko = (g_c == g_neg) ? (&g_ph) : g_c ? (g_ph == 32'hfffffffe) : (g_ph == 32'd0);
    wire [3:0]  i_sh = (i_size == 5'd8 ? 4'd3 : 4'd2) + (i_dsc[DSF_ST64] ? 4'd6 : 4'd0);
    wire [16:0] i_off0 = i_two ? {9'd0, i_dsoff[7:0]} << i_sh : {1'b0, i_dsoff};
    wire [16:0] i_off1 = {9'd0, i_dsoff[15:8]} << i_sh;
    // addtid and append/consume: their base, M0 (pair A: the spine reads it as the DS
    // instruction's scalar operand); append/consume adds or subtracts EXEC's lanes.
    wire [15:0] i_m0 = i_shi[0] ? i_pa[47:32] : i_pa[15:0];
    reg  [5:0]  i_count;
    integer ci;
    always @(*) begin
        i_count = 6'd0;
        for (ci = 0; ci < 32; ci = ci + 1) i_count = i_count + {5'd0, i_exec[ci]};
    end

    // ---- the queue: places tail .. head, issued up to iss, completed up to cpl ----
    reg  [QB:0] tail, iss, cpl, head;
    wire [QB-1:0] qt = tail[QB-1:0];
    localparam integer QRW = 24 + 3 + 3 + 1 + 1 + 1 + 24 + 3 + 1 + 2 + 1;
    localparam integer QOW = OPB + 3 * 64 + 3 + 6 + 3 + 32 + 1 + OPB + 64 + 2;
    localparam integer QWW = 8 + 2 + 1 + 32 + 1 + 1 + 5 + 1;
    reg  [QRW-1:0] qr [0:Q-1];
    (* ram_style = "block", no_rw_check *) reg [QOW-1:0] qo [0:Q-1];
    (* ram_style = "block", no_rw_check *) reg [QWW-1:0] qw [0:Q-1];
    reg  [SB-1:0]  qs [0:Q-1];
    reg            qds [0:Q-1];  // a DS (or GLOBAL) instruction
    reg            qgm [0:Q-1];  // a GLOBAL instruction
    // {K's low half, K's high half 0, all ones, OFFSET's sign, SADDR} of a GLOBAL one
    (* ram_style = "block", no_rw_check *) reg [35:0] qg [0:Q-1];
    // {its control, OFFSET0 and OFFSET1 in bytes, EXEC, VDST, M0[15:0], EXEC's lanes}
    // for O
    localparam integer QMW = DSCTRL_WIDTH + 34 + 32 + 8 + 16 + 6;
    (* ram_style = "block", no_rw_check *) reg [QMW-1:0] qm [0:Q-1];
    reg  [31:0]    qv [0:Q-1];
    reg  [8:0]     qy [0:Q-1];   // {VOPD, its Y destination}
    (* ram_style = "block", no_rw_check *)
    reg  [57:0]    qd [0:Q-1];   // {DPP, its dword's bits [31:8], EXEC} for the walk (block RAM)
    // Two writes a pass and no second request: an empty one. Two writes a pass and two
    // requests (64-bit sources): the last pass's high word is written in the W cycle of
    // the request after it, which must be empty (`hi_gap`).
    wire i_bub = (i_dw == DW_64) && (i_v64 == 3'd0);
    wire i_tail = (i_dw == DW_64) && (i_v64 != 3'd0) && !i_ds;
    always @(posedge clk) begin
        if (i_valid) begin
            qr[qt] <= {q_src2, i_src[1][7:0], i_src[0][7:0], q_vg, i_v64 & {3{!i_ds}},
                       i_bub && !i_ds, i_tail, i_vopd || i_ds2, q_src2_y, q_src1_y, q_src0_y, q_vg_y,
                       i_dpp != 2'd0, i_ds, i_st2, i_gm};
            qds[qt] <= i_ds;
            qgm[qt] <= i_gm;
            qg[qt] <= {g_klo, g_kz, g_ko, g_neg, i_gsa};
            qm[qt] <= {i_dsc, i_off1, i_off0, i_exec, i_vdst, i_m0, i_count};
            qo[qt] <= {i_op, sv[2], sv[1], sv[0], i_v64, i_w[2], i_w[1], i_w[0], i_opsel[2:0],
                       sv[2][31:0], i_vopd, i_op_y, sv_y,
                       i_dpp != 2'd0, i_dpp == 2'd1 && !i_lit[19]};
            qy[qt] <= {i_vopd, i_vdst_y};
            qw[qt] <= {i_vdst, i_dw, i_opsel[3], i_exec & i_rb, i_special == SP_WRITELANE, i_rl,
                       i_sel, i_mout != MOUT_NONE};
            qs[qt] <= i_slot;
            qd[qt] <= {i_dpp, i_lit[31:8], i_exec};
        end
    end

    // ---- I: the passes' read requests ----
    wire [QB-1:0] qi = iss[QB-1:0];
    wire [7:0]    r_reg0, r_reg1, r_reg2;
    wire [2:0]    r_vg, r_v64;
    wire          r_bub, r_tail, r_vopd, r_dpp, r_ds, r_st2;
    wire [7:0]    r_reg0_y, r_reg1_y, r_reg2_y;
    wire [2:0]    r_vg_y;
    wire          r_gm;
    assign {r_reg2, r_reg1, r_reg0, r_vg, r_v64, r_bub, r_tail, r_vopd, r_reg2_y, r_reg1_y, r_reg0_y,
            r_vg_y, r_dpp, r_ds, r_st2, r_gm} = qr[qi];
    wire [SB-1:0] r_slot = qs[qi];
    // (`second`: the pass's second request is next; its tag's `data` bit marks the
    // request that completes the pass's words: not the first of two, nor an empty one, nor
    // a gather. A DPP instruction's row (2^GPB passes) is gathered, then I waits (`wwait`)
    // for the walk to move its S0, then the row is computed, `cmp`.)
    localparam integer GPB = PASS_BITS > 1 ? PASS_BITS - 1 : 0;
    localparam integer GM = (1 << GPB) - 1;
    localparam [PW-1:0] GMASK = GM[PW-1:0];
    reg  [PW-1:0] pass;
    reg           second, cmp, wwait, rnd, hi_gap;
    // (mb_busy: the LDS pass buffer is promised to a DS pass already asked for; gb_busy
    // the GLOBAL one to a GLOBAL pass.)
    reg           mb_busy, gb_busy;
    wire          wk_done;
    wire          have = iss != tail;
    wire          gath = r_dpp && !cmp;
    wire          row_end = (pass & GMASK) == GMASK;
    wire          two = (r_v64 != 3'd0) || r_vopd;
    wire          last_req = !(two || r_bub) || second;
    wire          data = !gath && ((r_vopd && !r_ds) || (second == two));
    wire          last_pass = PASS_BITS == 0 || pass == PLAST;
    wire          again = r_st2 && !rnd;   // (a 2addr store's first round)
    // (The VGPR file takes a request every cycle.)
    wire          rq_valid = have && !wwait && !hi_gap
                             && !(r_ds && !second && (r_gm ? gb_busy : mb_busy));
    always @(posedge clk) begin
        if (rst) begin
            pass <= {PW{1'b0}};
            second <= 1'b0;
            cmp <= 1'b0;
            wwait <= 1'b0;
            rnd <= 1'b0;
            hi_gap <= 1'b0;
            iss <= {(QB + 1){1'b0}};
        end else if (wk_done) begin
            wwait <= 1'b0;
            cmp <= 1'b1;
        end else if (rq_valid) begin
            if (gath) begin
                wwait <= row_end;
                pass <= row_end ? pass & ~GMASK : pass + 1'b1;
            end else begin
                second <= !last_req;
                if (last_req) begin
                    pass <= last_pass ? {PW{1'b0}} : pass + 1'b1;
                    if (row_end) cmp <= 1'b0;
                    if (last_pass) rnd <= again;
                    if (last_pass && !again) iss <= iss + 1'b1;
                end
            end
        end
        // (An empty request cycle after an instruction ending in a high word.)
        if (!rst) hi_gap <= rq_valid && !gath && last_req && last_pass && r_tail;
    end

    // (The DS results' writes on port B, below: mw.)
    wire                 mw;
    wire [SB-1:0]        mw_slot;
    wire [PW-1:0]        mw_pass;
    wire [7:0]           mw_reg;
    wire [1:0]           mw_half;
    wire [L-1:0]         ds_mask;
    wire [L*32-1:0]      ds_data;
    // (The GLOBAL results' writes, gw, take port B in cycles mw does not.)
    wire                 gw, ds_take, gc_take;
    wire [1:0]           gw_half;
    wire [SB-1:0]        wb_slot = mw ? mw_slot : gw ? gf_slot : sw_slot;

    // ---- the VGPR file ----
    wire                 pre_valid, rd_valid;
    wire [TB-1:0]        early_tag, pre_tag, rd_tag;
    wire [L*32-1:0]      rd0, rd1, rd2;
    reg                  wa_valid;
    reg  [SB-1:0]        wa_slot;
    reg  [PW-1:0]        wa_pass;
    reg  [7:0]           wa_reg;
    reg  [L-1:0]         wa_mask;
    reg  [L*32-1:0]      wa_data;
    reg  [1:0]           wa_half;
    reg                  sweep;
    reg  [SB-1:0]        sw_slot;
    reg  [VGPR_BITS-1:0] sw_r;
    reg  [PW-1:0]        sw_p;
    wire                 wb_ready;
    wire [7:0]           sw_reg = {{(8 - VGPR_BITS){1'b0}}, sw_r};
    cu32_vgpr #(.LANES(L), .PASS_BITS(PASS_BITS), .SLOT_BITS(SLOT_BITS),
                .VGPR_BITS(VGPR_BITS), .TAG_BITS(TB)) vgpr (
        .clk(clk), .rst(rst),
        .rq_valid(rq_valid), .rq_slot(r_slot[(SLOT_BITS > 0 ? SLOT_BITS : 1)-1:0]),
        .rq_pass(pass),
        .rq_use(gath ? 3'b001 : !second ? (r_vg & {2'b11, !r_dpp}) : r_vopd ? r_vg_y
                : r_v64),
        .rq_reg0(r_vopd && second ? r_reg0_y : r_reg0 + {7'd0, second}),
        .rq_reg1(r_vopd && second ? r_reg1_y : r_reg1 + {7'd0, second}),
        .rq_reg2(r_vopd && second ? r_reg2_y : r_reg2 + {7'd0, second}),
        .rq_tag({rnd, gath, last_pass && !again, data, second, pass, qi}),
        .early_tag(early_tag), .pre_valid(pre_valid), .pre_tag(pre_tag),
        .rd_valid(rd_valid), .rd_tag(rd_tag), .rd_data0(rd0), .rd_data1(rd1), .rd_data2(rd2),
        .wa_valid(wa_valid), .wa_slot(wa_slot[(SLOT_BITS > 0 ? SLOT_BITS : 1)-1:0]),
        .wa_pass(wa_pass), .wa_reg(wa_reg), .wa_mask(wa_mask), .wa_data(wa_data),
        .wa_half(wa_half),
        .wb_valid(mw || gw || sweep), .wb_ready(wb_ready),
        .wb_slot(wb_slot[(SLOT_BITS > 0 ? SLOT_BITS : 1)-1:0]),
        .wb_pass(mw ? mw_pass : gw ? gf_pass : sw_p),
        .wb_reg(mw ? mw_reg : gw ? gf_vdst + {6'd0, go_k} : sw_reg),
        .wb_mask(mw ? ds_mask : gw ? gf_wmask : {L{1'b1}}),
        .wb_data(mw ? ds_data : gw ? go_data : clear_v0),
        .wb_half(mw ? mw_half : gw ? gw_half : 2'b11)
    );
    // The start sweep: every pass of every register.
    localparam integer R_LAST = VGPRS - 1;
    wire sw_plast = PASS_BITS == 0 || sw_p == PLAST;
    always @(posedge clk) begin
        if (rst) begin
            sweep <= 1'b0;
        end else if (clear) begin
            sweep <= 1'b1;
            sw_slot <= clear_slot;
            sw_r <= 0;
            sw_p <= 0;
        end else if (clear_step) begin
            sw_p <= sw_plast ? {PW{1'b0}} : sw_p + 1'b1;
            if (sw_plast) sw_r <= sw_r + 1'b1;
            sweep <= !(sw_plast && sw_r == R_LAST[VGPR_BITS-1:0]);
        end
    end
    assign clear_busy = sweep;
    assign clear_step = sweep && wb_ready && !mw && !gw;

    // ---- O: the lanes' operands ----
    // (t_second is unused here: P reads the second-request bit from pre_tag)
    wire          t_gath, t_last_pass, t_data, t_second;
    wire [PW-1:0] t_pass;
    wire [QB-1:0] t_q;
    wire          t_rnd;
    assign {t_rnd, t_gath, t_last_pass, t_data, t_second, t_pass, t_q} = rd_tag;
    // ---- DPP: the row buffer and the walk ----
    // The row buffer (dbuf) takes a gather's words at their places in the row (every lane
    // of the pass when a pass holds a row or more). Once the row's last gather is in, the
    // walk fills the moved buffer (pbuf) a lane a cycle: step k works out lane k's source
    // s in its row (one dpp_src for every lane) and whether it is valid (in the row, and
    // active or fetch inactive), registered; a cycle later lane k of each row takes dbuf's
    // word s of that row, or 0 when the source is not valid (pval: it was). A cycle first
    // (wk_prep) registers the instruction's DPP control and EXEC; after the 16 steps I
    // goes on with the row's passes (whose moved words P reads at least three cycles after
    // the last step's write).
    localparam integer BL = LANES >= 16 ? LANES : 16;
    localparam integer BB = BL > 16 ? 5 : 4;
    localparam integer ROWS = BL / 16;
    reg  [31:0] dbuf [0:BL-1];
    generate
        for (gk = 0; gk < BL; gk = gk + 1) begin : dbuf_w
            localparam integer ATI = gk / L;
            localparam [PW-1:0] AT = ATI[PW-1:0];
            always @(posedge clk)
                if (rd_valid && t_gath && (BL == L || (t_pass & GMASK) == AT))
                    dbuf[gk] <= rd0[(gk % L) * 32 +: 32];
        end
    endgenerate
    localparam integer FULL = PASS_BITS == 0 ? 1 : 0;    // (a pass holds both rows)
    reg           wk_prep, wk_on, wk_fir;
    reg  [3:0]    wk_k;
    reg  [31:0]   wk_ex;
    reg  [57:0]   qd_b;   // (the instruction's qd entry: the block RAM's read register)
    reg  [25:0]   wk_e;   // (its DPP and control, registered again)
    reg           wk_row;
    wire [1:0]    wk_dpp, qd_dpp;
    wire [23:0]   wk_d, qd_d;
    wire [31:0]   qd_exec;
    assign {wk_dpp, wk_d} = wk_e;
    assign {qd_dpp, qd_d, qd_exec} = qd_b;
    assign wk_done = wk_on && wk_k == 4'd15;
    always @(posedge clk) begin
        if (rst) begin
            wk_prep <= 1'b0;
            wk_on <= 1'b0;
        end else if (rd_valid && t_gath && (t_pass & GMASK) == GMASK) begin
            wk_prep <= 1'b1;
            qd_b <= qd[t_q];
            wk_row <= t_pass[PW-1];
        end else if (wk_prep) begin
            wk_prep <= 1'b0;
            wk_on <= 1'b1;
            wk_k <= 4'd0;
        end else if (wk_on) begin
            wk_k <= wk_k + 4'd1;
            if (wk_done) wk_on <= 1'b0;
        end
        if (wk_prep) begin
            wk_e <= {qd_dpp, qd_d};
            wk_ex <= qd_exec;
            wk_fir <= (qd_dpp == 2'd3) || (qd_dpp == 2'd1 && qd_d[10]);
        end
    end
    // Step k's source, registered (mv_*): lane mv_k of each row takes word mv_s of its row
    // when mv_ok says the source is valid.
    wire [4:0]      wk_src = dpp_src(wk_dpp, wk_d, wk_k);
    reg             mv_on;
    reg  [3:0]      mv_k, mv_s;
    reg  [ROWS-1:0] mv_ok;
    genvar gr;
    always @(posedge clk) begin
        mv_on <= wk_on && !rst;
        mv_k <= wk_k;
        mv_s <= wk_src[3:0];
    end
    generate
        for (gr = 0; gr < ROWS; gr = gr + 1) begin : wk_valid
            wire row = FULL != 0 ? gr != 0 : wk_row;
            always @(posedge clk) mv_ok[gr] <= wk_src[4] && (wk_fir || wk_ex[{row, wk_src[3:0]}]);
        end
    endgenerate
    // Each row's word mv_s, or 0.
    wire [31:0]   mv_v [0:ROWS-1];
    generate
        for (gr = 0; gr < ROWS; gr = gr + 1) begin : wk_word
            wire [4:0] from = {gr != 0, mv_s};
            wire       unused_from = &{1'b0, from};
            assign mv_v[gr] = mv_ok[gr] ? dbuf[from[BB-1:0]] : 32'd0;
        end
    endgenerate
    reg  [31:0]   pbuf [0:BL-1];
    reg  [BL-1:0] pval;
    generate
        for (gk = 0; gk < BL; gk = gk + 1) begin : walk
            localparam integer KI = gk % 16;
            localparam [3:0] K = KI[3:0];
            always @(posedge clk)
                if (mv_on && mv_k == K) begin
                    pbuf[gk] <= mv_v[gk / 16];
                    pval[gk] <= mv_ok[gk / 16];
                end
        end
    endgenerate
    wire unused_wk = &{1'b0, wk_d[11], wk_d[9], wk_d[23:12]};

    // ---- P: a pass's operand choices, a cycle ahead of its VGPR words ----
    // The VGPR file gives a request's tag a cycle before its words (pre_*). P reads the
    // pass's queue entry then and registers what O does with the words: the scalar
    // values (p_s*), the VOPD half's operation, the mask bits, the DPP S0 (the pass's
    // lanes of the moved row buffer, 0 for other instructions; DPP16 without bound
    // control does not write the lanes whose source was not valid: p_en) and, per lane,
    // the operand registers' enables and which sources take a 16-bit half and which
    // half. O is then the words ORed with registered values, under registered selects
    // each of which drives one lane's registers.
    wire           pt_rnd, pt_gath, pt_last, pt_data, pt_second;
    wire [PW-1:0]  pt_pass;
    wire [QB-1:0]  pt_q;
    assign {pt_rnd, pt_gath, pt_last, pt_data, pt_second, pt_pass, pt_q} = pre_tag;
    wire           unused_pt = &{1'b0, pt_rnd, pt_last, t_second};
    wire [OPB-1:0] q_op;
    wire [63:0]    q_sv0, q_sv1, q_sv2;
    wire [2:0]     q_v64, q_opsel;   // (q_v64: the 64-bit VGPR sources)
    wire [1:0]     q_w0, q_w1, q_w2;
    wire [31:0]    q_mask;
    wire           q_vopd;
    wire [OPB-1:0] q_op_y;
    wire [63:0]    q_sv_y;
    wire           q_dpp, q_dnb;   // (DPP; DPP16 without bound control)
    // (qo, qm and qg read at the early tag's place, two cycles ahead of the pre tag,
    // and registered again in the fabric; an instruction is written before its first
    // request, and stays until complete.)
    wire [QB-1:0]  et_q = early_tag[QB-1:0];
    reg  [QOW-1:0] qo_b, qo_p;
    reg  [QMW-1:0] qm_b, qm_p;
    reg  [35:0]    qg_b, qg_p;
    always @(posedge clk) begin
        qo_b <= qo[et_q];
        qm_b <= qm[et_q];
        qg_b <= qg[et_q];
        {qo_p, qm_p, qg_p} <= {qo_b, qm_b, qg_b};
    end
    wire           unused_et = &{1'b0, early_tag[TB-1:QB]};
    assign {q_op, q_sv2, q_sv1, q_sv0, q_v64, q_w2, q_w1, q_w0, q_opsel, q_mask, q_vopd,
            q_op_y, q_sv_y, q_dpp, q_dnb} = qo_p;
    // (A VOPD's second request is its Y half, with sources of its own.)
    wire           pt_y = pt_second && q_vopd;
    wire [2:0]     pt_h16 = {q_w2 == VW16, q_w1 == VW16, q_w0 == VW16} & {3{!pt_y}};
    wire [31:0]    mask_sh = q_mask >> ({{(5 - PW){1'b0}}, pt_pass} * L);
    wire           unused_mask = &{1'b0, mask_sh[31:L-1]};
    // (A request that completes a pass's operands, the first of a pass or a VOPD's Y
    // half, loads them whole; a pass's second request, for 64-bit VGPR sources, loads
    // their high words, so nothing waits for it.)
    wire           pt_full = pre_valid && !pt_gath && (!pt_second || q_vopd);
    wire [2:0]     pt_high = {3{pre_valid && !pt_gath && pt_second && !q_vopd}} & q_v64;
    reg  [OPB-1:0] p_op;
    reg  [63:0]    p_s0, p_s1, p_s2;
    reg  [L-1:0]   p_cin, p_en;
    reg            p_y;
    reg  [31:0]    p_dpp0 [0:L-1];
    always @(posedge clk) begin
        p_op <= pt_y ? q_op_y : q_op;
        p_s0 <= pt_y ? q_sv_y : q_sv0;
        p_s1 <= pt_y ? 64'd0 : q_sv1;
        p_s2 <= q_sv2;
        p_cin <= mask_sh[L-1:0];
        p_y <= pt_y;
    end
    generate
        for (gk = 0; gk < L; gk = gk + 1) begin : dsel
            wire [4:0] at = ({{(5 - PW){1'b0}}, pt_pass & GMASK} << LB) | gk[4:0];
            wire       unused_at = &{1'b0, at};
            always @(posedge clk) begin
                p_dpp0[gk] <= pbuf[at[BB-1:0]] & {32{q_dpp}};
                p_en[gk] <= !(q_dpp && q_dnb) || pval[at[BB-1:0]];
            end
        end
    endgenerate

    // ---- O: each lane's S0, S1, S2 (registered beside its lane, below), mask bit, index
    // Each operand is the VGPR word (0 when the source is not read from VGPRs; a 16-bit
    // one's OPSEL half) ORed with the scalar value (0 for a VGPR source).
    function automatic [31:0] low(input [31:0] w, input h16, input hi16, input [31:0] s);
        low = (h16 ? {16'd0, hi16 ? w[31:16] : w[15:0]} : w) | s;
    endfunction
    reg                o_valid;
    reg  [L-1:0]       o_cin, o_en;
    reg  [PW-1:0]      o_pass;
    reg  [QB-1:0]      o_q;
    reg                o_last, o_y;
    always @(posedge clk) begin
        o_valid <= rd_valid && t_data && !rst;
        o_pass <= t_pass;
        o_q <= t_q;
        o_last <= t_last_pass;
        o_y <= p_y;
        o_cin <= p_cin;
        o_en <= p_en;
    end

    // ---- the DS passes: the LDS pass buffer, the LDS unit, the results on port B ----
    // O fills the buffer (mb_*) from a DS pass's words: its first request gives each
    // lane's ADDR (the unit adds the element offsets, mb_off0 and mb_off1, as a lane steps
    // in; addtid, append and consume take mb_base, the pass's first lane's address, and 4
    // a lane) and DATA0's first two dwords (mb_f1, mb_f2), its second DATA0's further
    // dwords or DATA1 (mb_e0, mb_e1).
    // The pass's last request hands it to cu32_lds_unit, which reads the buffer until it
    // takes the pass (lds_ready). I asks for a DS pass's first request only while the
    // buffer is free (mb_busy), so O never waits. The unit's results come back in beats,
    // dword k of VDST for every lane of the pass, written on port B (before the sweep)
    // under the pass's EXEC; wf holds each pass's slot, pass, VDST and width, in order.
    // (P reads a DS pass's queue entry a cycle ahead of its words, as for the lanes, and
    // registers its fields (m_*), the pass's base address for addtid and append, and per
    // lane the buffer's enables.)
    wire [DSCTRL_WIDTH-1:0] q_dsc;
    wire [16:0]     q_off0, q_off1;
    wire [31:0]     q_exec;
    wire [7:0]      q_vdst;
    wire [15:0]     q_m0;
    wire [5:0]      q_count;
    assign {q_dsc, q_off1, q_off0, q_exec, q_vdst, q_m0, q_count} = qm_p;
    wire            q_ds = qds[pt_q];
    wire            q_gm = qgm[pt_q];
    wire [31:0]     q_klo;
    wire            q_kz, q_ko, q_neg, q_gsa;
    assign {q_klo, q_kz, q_ko, q_neg, q_gsa} = qg_p;
    wire [31:0]     q_exec_sh = q_exec >> ({{(5 - PW){1'b0}}, pt_pass} * L);
    wire            unused_q_exec = &{1'b0, q_exec_sh[31:L-1]};
    // (addtid: M0[15:0] + lane * 4; append/consume: M0[15:0], lane 0 alone, EXEC's lane
    // count its data, its old value to every lane in EXEC.)
    wire            q_tid = q_dsc[DSF_TID];
    wire            q_app = q_dsc[DSF_APP];
    reg  [DSCTRL_WIDTH-1:0] m_dsc;
    reg  [16:0]     m_off0, m_off1, m_base;
    wire [4:0]      m_first = {{(5 - PW){1'b0}}, pt_pass} << LB;   // (the pass's first lane)
    reg  [7:0]      m_vdst;
    reg  [5:0]      m_count;
    reg             m_tid, m_app, m_go, g_go;
    reg  [31:0]     m_klo;
    reg             m_kz, m_ko, m_neg, m_gsa;
    reg  [L-1:0]    m_mask, m_wmask;
    reg  [SB-1:0]   m_slot;
    always @(posedge clk) begin
        m_dsc <= q_dsc;
        {m_off1, m_off0, m_vdst, m_count, m_tid, m_app} <=
            {q_off1, q_off0, q_vdst, q_count, q_tid, q_app};
        m_base <= {1'b0, q_m0} + (q_tid ? {10'd0, m_first, 2'b00} : 17'd0);
        m_go <= pre_valid && q_ds && !q_gm && pt_data;
        g_go <= pre_valid && q_gm && pt_data;
        {m_klo, m_kz, m_ko, m_neg, m_gsa} <= {q_klo, q_kz, q_ko, q_neg, q_gsa};
        m_mask <= !q_app ? q_exec_sh[L-1:0]
                  : {{(L - 1){1'b0}}, pt_pass == {PW{1'b0}} && q_exec != 32'd0};
        m_wmask <= q_exec_sh[L-1:0];
        m_slot <= qs[pt_q];
    end
    reg                     mb_valid;
    reg  [DSCTRL_WIDTH-1:0] mb_dsc;
    reg  [1:0]              mb_sweep;
    reg  [L-1:0]            mb_mask;
    reg  [L*32-1:0]         mb_addr;
    reg  [16:0]             mb_off0, mb_off1, mb_base;
    reg                     mb_tid;
    reg  [L*32-1:0]         mb_f1, mb_f2, mb_e0, mb_e1;
    reg  [SB-1:0]           mb_slot;
    reg  [L-1:0]            mb_wmask;   // (the lanes written: EXEC's)
    reg                     mb_app;
    reg  [PW-1:0]           mb_pass;
    reg  [7:0]              mb_vdst;
    reg                     mb_last;
    wire                    lds_ready;
    generate
        for (gk = 0; gk < L; gk = gk + 1) begin : mlane
            reg         go0, go1;   // (the pass's first request; its second)
            (* keep *) always @(posedge clk)
                {go0, go1} <= {pre_valid && q_ds && !q_gm && !pt_second,
                               pre_valid && q_ds && !q_gm && pt_second};
            wire [31:0] d0 = rd0[gk*32 +: 32];
            always @(posedge clk) begin
                if (go0) begin
                    mb_addr[gk*32 +: 32] <= d0;
                    mb_f1[gk*32 +: 32] <= m_app ? {26'd0, m_count} : rd1[gk*32 +: 32];
                    mb_f2[gk*32 +: 32] <= rd2[gk*32 +: 32];
                end
                if (go1) begin
                    mb_e0[gk*32 +: 32] <= d0;
                    mb_e1[gk*32 +: 32] <= rd1[gk*32 +: 32];
                end
            end
        end
    endgenerate
    always @(posedge clk) begin
        if (m_go) begin
            mb_dsc <= m_dsc;
            {mb_off0, mb_off1, mb_base, mb_tid} <= {m_off0, m_off1, m_base, m_tid || m_app};
            mb_sweep <= (PASS_BITS == 0) ? 2'd3 : t_rnd ? 2'd2 : 2'd1;
            mb_mask <= m_mask;
            mb_wmask <= m_wmask;
            mb_app <= m_app;
            mb_slot <= m_slot;
            mb_pass <= t_pass;
            mb_vdst <= m_vdst;
            mb_last <= t_last_pass;
        end
        if (rst) begin
            mb_valid <= 1'b0;
            mb_busy <= 1'b0;
        end else begin
            if (m_go) mb_valid <= 1'b1;
            else if (lds_ready) mb_valid <= 1'b0;
            if (rq_valid && r_ds && !r_gm && !second) mb_busy <= 1'b1;
            else if (lds_ready) mb_busy <= 1'b0;
        end
    end
    wire unused_mb = &{1'b0, m_dsc};

    // wf: the passes in the LDS unit, {slot, pass, VDST, its dwords, d16 half, last, the
    // lanes written, append/consume}, in order: the oldest in a register (wh), the others
    // in distributed RAM behind it, so that the results' writes start from flip-flops.
    localparam integer WFW = SB + PW + 8 + 3 + 2 + 1 + L + 1;
    wire [WFW-1:0] wh;
    wire           wf_room, wh_v;
    wire [SB-1:0]  wf_slot;
    wire [PW-1:0]  wf_pass;
    wire [7:0]     wf_vdst;
    wire [2:0]     wf_ndst;
    wire [1:0]     wf_half;
    wire           wf_last, wf_app;
    wire [L-1:0]   wf_wmask;
    assign {wf_slot, wf_pass, wf_vdst, wf_ndst, wf_half, wf_last, wf_wmask, wf_app} = wh;
    wire           lo_valid, lo_last;
    wire [1:0]     lo_k;
    wire [L-1:0]   lo_mask;
    wire [L*32-1:0] lo_data;
    wire           lo_ready;
    wire           wf_push = mb_valid && lds_ready;
    wire           wf_pop = lo_valid && lo_ready && lo_last;
    // (A lane move's first sweep writes no VGPR.)
    wire           mb_mv1 = (mb_sweep == 2'd1) && lane_move(mb_dsc[DSF_KIND +: DSW_KIND]);
    wire [WFW-1:0] wf_in = {mb_slot, mb_pass, mb_vdst, mb_mv1 ? 3'd0 : mb_dsc[DSF_NDST +: DSW_NDST],
                            mb_dsc[DSF_HALF +: DSW_HALF], mb_last, mb_wmask, mb_app};
    cu32_pass_fifo #(.W(WFW)) wf (
        .clk(clk), .rst(rst), .push(wf_push), .in_data(wf_in), .room(wf_room), .pop(wf_pop),
        .head_valid(wh_v), .head(wh)
    );
    wire unused_wf = &{1'b0, wh_v};
    wire [L*128-1:0] mb_d0;
    wire [L*64-1:0]  mb_d1;
    generate
        for (gk = 0; gk < L; gk = gk + 1) begin : mbd
            assign mb_d0[gk*128 +: 128] = {mb_e1[gk*32 +: 32], mb_e0[gk*32 +: 32],
                                           mb_f2[gk*32 +: 32], mb_f1[gk*32 +: 32]};
            assign mb_d1[gk*64 +: 64] = {mb_e1[gk*32 +: 32], mb_e0[gk*32 +: 32]};
        end
    endgenerate
    cu32_lds_unit #(.LANES(L), .BANKS(LDS_BANKS), .BYTES(LDS_BYTES)) lds (
        .clk(clk), .rst(rst), .clr(lds_clr), .clr_row(lds_clr_row),
        .in_valid(mb_valid && wf_room), .in_ready(lds_ready),
        .in_kind(mb_dsc[DSF_KIND +: DSW_KIND]), .in_size(mb_dsc[DSF_SIZE +: DSW_SIZE]),
        .in_sext(mb_dsc[DSF_SEXT]), .in_half(mb_dsc[DSF_HALF +: DSW_HALF]),
        .in_data_hi(mb_dsc[DSF_DATA_HI]), .in_two(mb_dsc[DSF_TWO]),
        .in_aop(mb_dsc[DSF_AOP +: DSW_AOP]), .in_sweep(mb_sweep), .in_mask(mb_mask),
        .in_addr(mb_addr), .in_off0(mb_off0), .in_off1(mb_off1), .in_tid(mb_tid),
        .in_base(mb_base), .in_lane0({{(5 - PW){1'b0}}, mb_pass} << LB),
        .in_data0(mb_d0), .in_data1(mb_d1),
        .out_valid(lo_valid), .out_ready(lo_ready), .out_k(lo_k), .out_last(lo_last),
        .out_mask(lo_mask), .out_data(lo_data)
    );
    // A beat is written when VDST has its dword (stores and atomics without a return
    // have none); the instruction's last beat completes it (mc_*), once the completion
    // before it is taken.
    reg           mc_v;
    reg  [SB-1:0] mc_s;
    reg  [7:0]    mc_vdst;
    reg  [2:0]    mc_n;
    reg           mc_app;
    reg  [31:0]   mc_mask, m_acc;
    wire          m_end = lo_last && wf_last;
    assign mw = lo_valid && ({1'b0, lo_k} < wf_ndst);
    assign mw_slot = wf_slot;
    assign mw_pass = wf_pass;
    assign mw_reg = wf_vdst + {6'd0, lo_k};
    assign mw_half = (wf_half == 2'd1) ? 2'b01 : (wf_half == 2'd2) ? 2'b10 : 2'b11;
    // (append/consume: pass 0's lane 0 result, kept for the later passes.)
    reg  [31:0]   app_val;
    wire [31:0]   app_now = (wf_pass == {PW{1'b0}}) ? lo_data[31:0] : app_val;
    always @(posedge clk) if (lo_valid && wf_app) app_val <= app_now;
    assign ds_mask = wf_wmask;
    assign ds_data = wf_app ? {L{app_now}} : lo_data;
    // (The last beat waits for the completion before it to be taken: a cycle later than
    // it could, so that this does not depend on the spine's take.)
    assign lo_ready = lo_valid && (!mw || wb_ready) && !(m_end && mc_v);
    wire          m_beat = lo_valid && lo_ready;
    wire [31:0]   m_acc_now = (lo_k != 2'd0) ? m_acc
                  : (wf_pass == {PW{1'b0}} ? 32'd0 : m_acc)
                    | ({{(32 - L){1'b0}}, wf_wmask} << ({{(5 - PW){1'b0}}, wf_pass} * L));
    always @(posedge clk) begin
        if (rst) mc_v <= 1'b0;
        else if (m_beat && m_end) mc_v <= 1'b1;
        else if (ds_take) mc_v <= 1'b0;
        if (m_beat) m_acc <= m_acc_now;
        if (m_beat && m_end) begin
            mc_s <= wf_slot;
            mc_vdst <= wf_vdst;
            mc_n <= wf_ndst;
            mc_app <= wf_app;
            mc_mask <= m_acc_now;
        end
    end
    wire unused_mc = &{1'b0, mc_vdst, mc_n, mc_mask, mc_app, lo_mask};

    // ---- the GLOBAL passes: the GLOBAL pass buffer, cu32_gmem_unit, results on port B ----
    // As the DS passes': O fills the buffer (gb_*) from a GLOBAL pass's words, I asking
    // for a pass's first request only while the buffer is free (gb_busy), and the unit
    // takes the buffer's pass; its results come back in beats, written on port B after
    // the LDS unit's, and gf holds each pass's slot, pass, VDST and width. Per lane, the
    // first request's words give the address: ADDR + g_klo (g_sum, with its carry) and
    // ADDR + 1's compares (the high half of an ADDR pair), then a cycle later the byte
    // address and whether it is bad (its 64 bits at or above 2^32, or its last byte); DATA
    // (gb_d0), and from the second request DATA + 1 .. + 3 (gb_d1..3; cmpswap's compare
    // value's low dword in gb_d2 for both widths). The buffer is the
    // unit's pass two cycles after the first request's words, or one after the second's.
    reg  [L-1:0]    gb_bad;
    reg  [L*32-1:0] gb_a, gb_d0, gb_d1, gb_d2, gb_d3;
    reg             gb_valid, g_go_d, g_first;
    reg  [DSCTRL_WIDTH-1:0] gb_dsc;
    reg  [L-1:0]    gb_mask;
    reg  [SB-1:0]   gb_slot;
    reg  [PW-1:0]   gb_pass;
    reg  [7:0]      gb_vdst;
    reg             gb_last;
    reg             g2_gsa, g2_kz, g2_ko, g2_neg;
    reg  [4:0]      g2_size;
    wire            g_ready;
    always @(posedge clk) begin
        g_first <= pre_valid && q_gm && !pt_second;
        if (g_first) {g2_gsa, g2_kz, g2_ko, g2_neg, g2_size} <=
            {m_gsa, m_kz, m_ko, m_neg, m_dsc[DSF_SIZE +: DSW_SIZE]};
    end
    generate
        for (gk = 0; gk < L; gk = gk + 1) begin : glane
            reg         gg0, gg1, gg0d;
            (* keep *) always @(posedge clk)
                {gg0, gg1} <= {pre_valid && q_gm && !pt_second, pre_valid && q_gm && pt_second};
            reg  [32:0] g_sum;
            reg         g_hz, g_ho, g_h1;
            wire [31:0] hi = rd2[gk*32 +: 32];
            // (the 64-bit address's high half is 0; its last byte lies past 2^32)
            wire        c = g_sum[32];
            wire        hi0 = g2_gsa ? (c ? g2_ko : g2_kz)
                            : c ? (g2_neg ? g_hz : g_ho) : (g2_neg ? g_h1 : g_hz);
            wire [4:0]  end4 = {1'b0, g_sum[3:0]} + g2_size - 5'd1;
            wire        over = (&g_sum[31:4]) && end4[4];
            wire        unused_end = &{1'b0, end4[3:0]};
            always @(posedge clk) begin
                gg0d <= gg0;
                if (gg0) begin
                    g_sum <= {1'b0, rd0[gk*32 +: 32]} + {1'b0, m_klo};
                    {g_hz, g_ho, g_h1} <= {hi == 32'd0, &hi, hi == 32'd1};
                    gb_d0[gk*32 +: 32] <= rd1[gk*32 +: 32];
                end
                if (gg1) begin
                    gb_d1[gk*32 +: 32] <= rd0[gk*32 +: 32];
                    gb_d2[gk*32 +: 32] <= rd1[gk*32 +: 32];
                    gb_d3[gk*32 +: 32] <= rd2[gk*32 +: 32];
                end
                if (gg0d) begin
                    gb_a[gk*32 +: 32] <= g_sum[31:0];
                    gb_bad[gk] <= !hi0 || over;
                end
            end
        end
    endgenerate
    always @(posedge clk) begin
        if (g_go) begin
            gb_dsc <= m_dsc;
            gb_mask <= m_wmask;
            gb_slot <= m_slot;
            gb_pass <= t_pass;
            gb_vdst <= m_vdst;
            gb_last <= t_last_pass;
        end
        g_go_d <= !rst && g_go;
        if (rst) begin
            gb_valid <= 1'b0;
            gb_busy <= 1'b0;
        end else begin
            if (g_go_d) gb_valid <= 1'b1;
            else if (g_ready) gb_valid <= 1'b0;
            if (rq_valid && r_ds && r_gm && !second) gb_busy <= 1'b1;
            else if (g_ready) gb_busy <= 1'b0;
        end
    end
    localparam integer GFW = SB + PW + 8 + 3 + 2 + 1 + L;
    wire [GFW-1:0] gh;
    wire           gf_room, gh_v;
    wire [SB-1:0]  gf_slot;
    wire [PW-1:0]  gf_pass;
    wire [7:0]     gf_vdst;
    wire [2:0]     gf_ndst;
    wire [1:0]     gf_half;
    wire           gf_last;
    wire [L-1:0]   gf_wmask;
    assign {gf_slot, gf_pass, gf_vdst, gf_ndst, gf_half, gf_last, gf_wmask} = gh;
    wire           go_valid, go_last, go_err, go_ready;
    wire [1:0]     go_k;
    wire [L-1:0]   go_mask;
    wire [L*32-1:0] go_data;
    wire           gf_pop = go_valid && go_ready && go_last;
    cu32_pass_fifo #(.W(GFW)) gf (
        .clk(clk), .rst(rst), .push(gb_valid && g_ready),
        .in_data({gb_slot, gb_pass, gb_vdst, gb_dsc[DSF_NDST +: DSW_NDST],
                  gb_dsc[DSF_HALF +: DSW_HALF], gb_last, gb_mask}),
        .room(gf_room), .pop(gf_pop), .head_valid(gh_v), .head(gh)
    );
    wire [L*128-1:0] gb_data0;
    wire [L*64-1:0]  gb_data1;
    generate
        for (gk = 0; gk < L; gk = gk + 1) begin : gbd
            assign gb_data0[gk*128 +: 128] = {gb_d3[gk*32 +: 32], gb_d2[gk*32 +: 32],
                                              gb_d1[gk*32 +: 32], gb_d0[gk*32 +: 32]};
            assign gb_data1[gk*64 +: 64] = {gb_d3[gk*32 +: 32], gb_d2[gk*32 +: 32]};
        end
    endgenerate
    cu32_gmem_unit #(.LANES(L)) gmem (
        .clk(clk), .rst(rst),
        .in_valid(gb_valid && gf_room), .in_ready(g_ready),
        .in_kind(gb_dsc[DSF_KIND +: DSW_KIND]), .in_size(gb_dsc[DSF_SIZE +: DSW_SIZE]),
        .in_sext(gb_dsc[DSF_SEXT]), .in_half(gb_dsc[DSF_HALF +: DSW_HALF]),
        .in_data_hi(gb_dsc[DSF_DATA_HI]), .in_aop(gb_dsc[DSF_AOP +: DSW_AOP]),
        .in_mask(gb_mask), .in_bad(gb_bad), .in_addr(gb_a), .in_data0(gb_data0),
        .in_data1(gb_data1),
        .out_valid(go_valid), .out_ready(go_ready), .out_k(go_k), .out_last(go_last),
        .out_mask(go_mask), .out_data(go_data), .out_err(go_err),
        .wb_cyc(wb_cyc), .wb_stb(wb_stb), .wb_we(wb_we), .wb_adr(wb_adr), .wb_dat_o(wb_dat_o),
        .wb_sel(wb_sel), .wb_stall(wb_stall), .wb_ack(wb_ack), .wb_err(wb_err),
        .wb_dat_i(wb_dat_i)
    );
    // A beat is written when VDST has its dword, in a cycle the LDS unit's beat leaves
    // port B free; the instruction's last beat completes it (gc_*: its lanes, and whether
    // any of its passes had a bad lane or an ERR), once the completion before it is taken.
    reg           gc_v, gc_err;
    reg  [SB-1:0] gc_s;
    reg  [7:0]    gc_vdst;
    reg  [2:0]    gc_n;
    reg  [31:0]   gc_mask, g_acc;
    reg           g_eacc;
    wire          g_end = go_last && gf_last;
    assign gw = go_valid && ({1'b0, go_k} < gf_ndst);
    assign gw_half = (gf_half == 2'd1) ? 2'b01 : (gf_half == 2'd2) ? 2'b10 : 2'b11;
    assign go_ready = go_valid && (!gw || (wb_ready && !mw)) && !(g_end && gc_v);
    wire          g_beat = go_valid && go_ready;
    wire          g_first_beat = (go_k == 2'd0) && (gf_pass == {PW{1'b0}});
    wire [31:0]   g_acc_now = (go_k != 2'd0) ? g_acc
                  : (gf_pass == {PW{1'b0}} ? 32'd0 : g_acc)
                    | ({{(32 - L){1'b0}}, gf_wmask} << ({{(5 - PW){1'b0}}, gf_pass} * L));
    wire          g_err_now = (!g_first_beat && g_eacc) || go_err;
    always @(posedge clk) begin
        if (rst) gc_v <= 1'b0;
        else if (g_beat && g_end) gc_v <= 1'b1;
        else if (gc_take) gc_v <= 1'b0;
        if (g_beat) begin
            g_acc <= g_acc_now;
            g_eacc <= g_err_now;
        end
        if (g_beat && g_end) begin
            gc_s <= gf_slot;
            gc_vdst <= gf_vdst;
            gc_n <= gf_ndst;
            gc_mask <= g_acc_now;
            gc_err <= g_err_now;
        end
    end
    wire unused_g = &{1'b0, go_mask, gh_v, gc_vdst, gc_n, gc_mask};
    // One completion port for both units: a DS instruction's first.
    assign mc_valid = mc_v || gc_v;
    assign mc_gm = !mc_v;
    assign mc_slot = mc_v ? mc_s : gc_s;
    assign mc_err = !mc_v && gc_err;
    assign ds_take = mc_take && mc_v;
    assign gc_take = mc_take && !mc_v;

    // ---- L1..L4: the lanes ----
    wire [L-1:0]    l_valid, l_flag;
    wire [L*64-1:0] l_d;
    genvar gl;
    generate
        for (gl = 0; gl < L; gl = gl + 1) begin : lane
            wire [4:0] index = ({{(5 - PW){1'b0}}, o_pass} << LB) | gl[4:0];
            // (Each lane has its own copy of the operand registers' enables and half
            // selects, so that each drives one lane's registers; `keep` on the process
            // keeps Yosys from merging the copies. The lane registers its own decode of
            // p_op, a cycle ahead of the operands.)
            reg            full;
            reg  [2:0]     high, h16, hi16;
            (* keep *) always @(posedge clk)
                {full, high, h16, hi16} <= {pt_full, pt_high, pt_h16, pt_h16 & q_opsel};
            reg  [63:0]    a, b, c;
            always @(posedge clk) begin
                if (full) begin
                    a <= {p_s0[63:32], low(rd0[gl*32 +: 32] | p_dpp0[gl], h16[0], hi16[0],
                                           p_s0[31:0])};
                    b <= {p_s1[63:32], low(rd1[gl*32 +: 32], h16[1], hi16[1], p_s1[31:0])};
                    c <= {p_s2[63:32], low(rd2[gl*32 +: 32], h16[2], hi16[2], p_s2[31:0])};
                end
                if (high[0]) a[63:32] <= rd0[gl*32 +: 32];
                if (high[1]) b[63:32] <= rd1[gl*32 +: 32];
                if (high[2]) c[63:32] <= rd2[gl*32 +: 32];
            end
            cu32_lane u (
                .clk(clk), .valid(o_valid), .op(p_op), .a(a), .b(b), .c(c),
                .cin(o_cin[gl]), .lane(index), .valid_out(l_valid[gl]),
                .d(l_d[gl*64 +: 64]), .flag(l_flag[gl])
            );
        end
    endgenerate
    // The pass beside the lanes.
    reg  [L+PW+QB+1:0] l_ctx [0:3];
    integer lk;
    always @(posedge clk) begin
        l_ctx[0] <= {o_en, o_y, o_last, o_pass, o_q};
        for (lk = 1; lk < 4; lk = lk + 1) l_ctx[lk] <= l_ctx[lk - 1];
    end
    wire          w_valid = l_valid[0];
    wire          w_y, w_last;
    wire [PW-1:0] w_pass;
    wire [QB-1:0] w_q;
    wire [L-1:0]  w_en;   // (the lanes a DPP instruction may write)
    assign {w_en, w_y, w_last, w_pass, w_q} = l_ctx[3];
    wire unused_lanes = &{1'b0, l_valid};

    // ---- W: the writes, the lane mask, the completion ----
    // (The pass's queue entry is read a cycle ahead, from the lanes' third stage's
    // context, and registered: x_*; with it the pass's EXEC bits and v_writelane's and
    // v_readlane's lane. qw, block RAM, is read two cycles before that, at the first
    // stage's context, and registered again.)
    wire [QB-1:0] v_q;
    wire [PW-1:0] v_pass;
    wire [L+1:0]  unused_v;
    assign {unused_v, v_pass, v_q} = l_ctx[2];
    wire [7:0]    v_vdst;
    wire [1:0]    v_dw;
    wire          v_hi16, v_wl, v_rl, v_mout;
    wire [31:0]   v_exec;
    wire [4:0]    v_sel;
    reg  [QWW-1:0] qw_b, qw_v;
    always @(posedge clk) begin
        qw_b <= qw[l_ctx[0][QB-1:0]];
        qw_v <= qw_b;
    end
    assign {v_vdst, v_dw, v_hi16, v_exec, v_wl, v_rl, v_sel, v_mout} = qw_v;
    wire [31:0]   v_exec_sh = v_exec >> ({{(5 - PW){1'b0}}, v_pass} * L);
    wire          unused_v_exec = &{1'b0, v_exec_sh[31:L-1]};
    reg  [7:0]    x_vdst, x_vdst_y;
    reg  [1:0]    x_dw;
    reg           x_hi16, x_wl, x_rl, x_mout, x_vopd;
    reg  [LB-1:0] x_sel;   // (the lane within the pass)
    reg  [SB-1:0] x_slot;
    reg  [L-1:0]  exec_sh, sel_one;
    reg           sel_here;
    always @(posedge clk) begin
        {x_vdst, x_dw, x_hi16, x_wl, x_rl, x_sel, x_mout} <=
            {v_vdst, v_dw, v_hi16, v_wl, v_rl, v_sel[LB-1:0], v_mout};
        {x_vopd, x_vdst_y} <= qy[v_q];
        x_slot <= qs[v_q];
        exec_sh <= v_exec_sh[L-1:0];
        sel_here <= ({3'd0, v_sel} >> LB) == {{(8 - PW){1'b0}}, v_pass};
        sel_one <= {{(L - 1){1'b0}}, 1'b1} << v_sel[LB-1:0];
    end
    wire [L-1:0] wmask = x_wl ? (sel_here ? sel_one : {L{1'b0}}) : exec_sh & w_en;
    // Each lane's word written: a 64-bit result's high word in the cycle after its low
    // one, a 16-bit result in both halves (the write takes its half), else the low word;
    // the choices registered per lane (kept apart: they would merge), each driving one
    // lane's 32 bits.
    reg  [L*32-1:0] hi_data;
    generate
        for (gk = 0; gk < L; gk = gk + 1) begin : wsel
            reg hg, h16;
            (* keep *) always @(posedge clk)
                {hg, h16} <= {w_valid && x_dw == DW_64, v_dw == DW_16};
            always @(posedge clk) begin
                hi_data[gk*32 +: 32] <= l_d[gk*64 + 32 +: 32];
                wa_data[gk*32 +: 32] <= hg ? hi_data[gk*32 +: 32]
                                      : h16 ? {2{l_d[gk*64 +: 16]}} : l_d[gk*64 +: 32];
            end
        end
    endgenerate
    // The lane mask of this pass's lanes (EXEC's only), and the lane a readlane takes.
    wire [31:0] flags = ({{(32 - L){1'b0}}, l_flag & exec_sh & w_en}) << ({{(5 - PW){1'b0}}, w_pass} * L);
    wire [31:0] lane_val = l_d[x_sel*64 +: 32];
    reg  [31:0] acc, rl_val;
    wire [31:0] acc_now = (w_pass == 0 ? 32'd0 : acc) | flags;
    wire [31:0] rl_now = sel_here ? lane_val : rl_val;
    // A 64-bit destination's high word goes a cycle after its low one (hi_*), and the
    // instruction completes with its last pass's.
    reg              hi_go, hi_last;
    reg  [QB-1:0]    hi_q;
    reg  [31:0]      hi_val;
    wire [31:0]      w_val = x_rl ? rl_now : x_mout ? acc_now : 32'd0;
    wire             fin = (w_valid && w_last && x_dw != DW_64 && (w_y || !x_vopd))
                           || (hi_go && hi_last);
    wire [QB-1:0]    fin_q = hi_go ? hi_q : w_q;
    wire [31:0]      fin_val = hi_go ? hi_val : w_val;
    always @(posedge clk) begin
        if (w_valid) begin
            acc <= acc_now;
            rl_val <= rl_now;
        end
        hi_go <= !rst && w_valid && x_dw == DW_64;
        hi_last <= w_last;
        hi_q <= w_q;
        hi_val <= w_val;
        wa_valid <= !rst && ((w_valid && x_dw != DW_NONE) || hi_go);
        if (hi_go) begin
            wa_reg <= wa_reg + 8'd1;
        end else begin
            wa_slot <= x_slot;
            wa_pass <= w_pass;
            wa_reg <= w_y ? x_vdst_y : x_vdst;
            wa_mask <= wmask;
            wa_half <= (x_dw != DW_16) ? 2'b11 : x_hi16 ? 2'b10 : 2'b01;
        end
        if (fin) qv[fin_q] <= fin_val;
    end
    wire unused_w = &{1'b0, l_d};

    // ---- the completions, in order ----
    // The oldest leaves its place for the output registers (done_*, and one behind them),
    // which the spine empties (done_take) when W takes it. (Two, so that whether the
    // oldest may leave depends on this unit's registers alone, not on the spine's take.)
    reg  [1:0]    dn_n;
    reg  [SB-1:0] dn_slot, dn_slot1;
    reg  [31:0]   dn_val, dn_val1;
    // (A DS instruction leaves its place once its passes have left O; it has no
    // completion here, and its place goes back to the spine's count: ds_free.)
    wire          h_ds = qds[head[QB-1:0]];
    wire          next = (head != cpl) && (h_ds || !dn_n[1]);
    wire          dn_in = next && !h_ds;
    wire [SB-1:0] h_slot = qs[head[QB-1:0]];
    wire [31:0]   h_val = qv[head[QB-1:0]];
    always @(posedge clk) begin
        if (rst) begin
            tail <= {(QB + 1){1'b0}};
            cpl <= {(QB + 1){1'b0}};
            head <= {(QB + 1){1'b0}};
            dn_n <= 2'd0;
        end else begin
            if (i_valid) tail <= tail + 1'b1;
            if (fin) cpl <= cpl + 1'b1;
            if (next) head <= head + 1'b1;
            dn_n <= dn_n + {1'b0, dn_in} - {1'b0, done_take};
        end
        ds_free <= !rst && next && h_ds;
        // (the output register takes the second, or the new one when it is empty or
        // emptied now; the second takes the new one otherwise)
        if (done_take) begin
            dn_slot <= (dn_n == 2'd2) ? dn_slot1 : h_slot;
            dn_val <= (dn_n == 2'd2) ? dn_val1 : h_val;
        end else if (dn_n == 2'd0) begin
            dn_slot <= h_slot;
            dn_val <= h_val;
        end
        if (dn_in) begin
            dn_slot1 <= h_slot;
            dn_val1 <= h_val;
        end
    end
    assign done_valid = dn_n != 2'd0;
    assign done_slot = dn_slot;
    assign done_val = dn_val;

`ifdef CU32_TRACE
    // ---- the trace: a shadow of the VGPR file, and each slot's last registers written ----
    // (shadow index: {slot, register, lane of the wave})
    reg  [31:0] shadow [0:(1 << SB) * 256 * 32 - 1];
    reg  [7:0]  tr_reg  [0:(1 << SB)-1];
    reg  [7:0]  tr_reg1 [0:(1 << SB)-1];
    reg  [1:0]  tr_n    [0:(1 << SB)-1];
    reg  [31:0] tr_mask [0:(1 << SB)-1];
    function automatic [SB+12:0] at(input [SB-1:0] s, input [7:0] r, input [PW-1:0] p,
                                    input [4:0] l);
        at = {s, r, ({{(5 - PW){1'b0}}, p} << LB) | l};
    endfunction
    integer sl;
    always @(posedge clk) begin
        for (sl = 0; sl < L; sl = sl + 1) begin
            if (wa_valid && wa_mask[sl]) begin
                if (wa_half[0])
                    shadow[at(wa_slot, wa_reg, wa_pass, sl[4:0])][15:0] <= wa_data[sl*32 +: 16];
                if (wa_half[1])
                    shadow[at(wa_slot, wa_reg, wa_pass, sl[4:0])][31:16] <= wa_data[sl*32 + 16 +: 16];
            end
            if (mw && wb_ready && ds_mask[sl]) begin
                if (mw_half[0])
                    shadow[at(mw_slot, mw_reg, mw_pass, sl[4:0])][15:0] <= ds_data[sl*32 +: 16];
                if (mw_half[1])
                    shadow[at(mw_slot, mw_reg, mw_pass, sl[4:0])][31:16] <= ds_data[sl*32 + 16 +: 16];
            end
            if (gw && wb_ready && !mw && gf_wmask[sl]) begin
                if (gw_half[0])
                    shadow[at(gf_slot, gf_vdst + {6'd0, go_k}, gf_pass, sl[4:0])][15:0]
                        <= go_data[sl*32 +: 16];
                if (gw_half[1])
                    shadow[at(gf_slot, gf_vdst + {6'd0, go_k}, gf_pass, sl[4:0])][31:16]
                        <= go_data[sl*32 + 16 +: 16];
            end
            if (clear_step)
                shadow[at(sw_slot, sw_reg, sw_p, sl[4:0])] <= clear_v0[sl*32 +: 32];
        end
        if (w_valid) begin
            tr_reg[x_slot] <= x_vdst;
            tr_reg1[x_slot] <= x_vopd ? x_vdst_y : x_vdst + 8'd1;
            tr_n[x_slot] <= (x_dw == DW_NONE) ? 2'd0 : (x_dw == DW_64 || x_vopd) ? 2'd2 : 2'd1;
            tr_mask[x_slot] <= (w_pass == 0 ? 32'd0 : tr_mask[x_slot])
                               | ({{(32 - L){1'b0}}, wmask} << ({{(5 - PW){1'b0}}, w_pass} * L));
        end
    end
    genvar gt;
    generate
        for (gt = 0; gt < 32; gt = gt + 1) begin : tlane
            // (0 in the lanes not written, as the trace has them)
            wire on = tr_mask[t_slot][gt];
            assign t_vval0[gt*32 +: 32] = on ? shadow[{t_slot, tr_reg[t_slot], gt[4:0]}] : 32'd0;
            assign t_vval1[gt*32 +: 32] = on ? shadow[{t_slot, tr_reg1[t_slot], gt[4:0]}] : 32'd0;
        end
    endgenerate
    // (No lane written, no write: EXEC 0.)
    assign t_vwe0 = tr_n[t_slot] != 2'd0 && tr_mask[t_slot] != 32'd0;
    assign t_vwe1 = tr_n[t_slot] == 2'd2 && tr_mask[t_slot] != 32'd0;
    assign t_vidx0 = tr_reg[t_slot];
    assign t_vidx1 = tr_reg1[t_slot];
    assign t_vmask = tr_mask[t_slot];
    // The completing memory instruction's registers (mc_*: a DS one's, else gc_*).
    wire [SB-1:0] tm_s = mc_v ? mc_s : gc_s;
    wire [7:0]    tm_vdst = mc_v ? mc_vdst : gc_vdst;
    wire [31:0]   tm_mask = mc_v ? mc_mask : gc_mask;
    genvar gq;
    generate
        for (gq = 0; gq < 4; gq = gq + 1) begin : tmem
            for (gt = 0; gt < 32; gt = gt + 1) begin : tl
                assign t_mval[(gq * 32 + gt) * 32 +: 32] = tm_mask[gt]
                    ? shadow[{tm_s, tm_vdst + gq[7:0], gt[4:0]}] : 32'd0;
            end
            // (with EXEC 0 too, as the model gives it, but for append/consume)
            assign t_mwe[gq] = mc_v ? (gq < mc_n) && !(mc_app && mc_mask == 32'd0)
                             : gc_v && (gq < gc_n);
        end
    endgenerate
    assign t_midx = tm_vdst;
    assign t_mmask = tm_mask;
`endif
endmodule

`default_nettype wire
