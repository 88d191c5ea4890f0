// cu32_simd — the interleaved core's vector ALU: the VGPR file (cu32_vgpr), LANES integer
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
// An instruction waits in a queue (one place per wave slot; distributed RAM in parts,
// each read by the stages that need it: qr by I, qo by O, qw and qy by W, qv by the
// completion, the slot qs by I, W and the completion) from its arrival until its
// completion moves to the output register. Per pass:
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
//   (cu32_vgpr: 3 + batches cycles; data registered)
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
//       SDST when it retires the instruction (done_take); the completion waits in an
//       output register
//
// A wave's start sweeps its VGPRs to 0 (clear .. clear_busy: VGPRS / 4 * PASSES cycles,
// four registers a cycle on the VGPR file's port B).
//
// Under CU32_TRACE (the co-simulation's build) a shadow of the VGPR file keeps every
// written value, and the t_* ports give, for the wave slot t_slot, the registers its
// last instruction wrote (all 32 lanes, and the lanes written) for the trace's V lines.
`default_nettype none

module cu32_simd #(
    parameter integer LANES = 8,
    parameter integer PASS_BITS = 2,   // log2 (32 / LANES)
    parameter integer SB = 3,          // slot port width (at least 1; the queue's places)
    parameter integer SLOT_BITS = 3,   // slot address bits of the VGPR file (0: one slot)
    parameter integer VGPRS = 64,
    parameter integer VGPR_BITS = 6
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire                   clear,
    input  wire [SB-1:0]          clear_slot,
    output wire                   clear_busy,
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
    output wire                   done_valid,
    output wire [SB-1:0]          done_slot,
    output wire [31:0]            done_val,
    input  wire                   done_take
`ifdef CU32_TRACE
    ,
    input  wire [SB-1:0]          t_slot,
    output wire                   t_vwe0,
    output wire                   t_vwe1,
    output wire [7:0]             t_vidx0,
    output wire [7:0]             t_vidx1,
    output wire [31:0]            t_vmask,
    output wire [1023:0]          t_vval0,
    output wire [1023:0]          t_vval1
`endif
);
`include "cu32_ctrl.vh"
    localparam integer L = LANES;
    localparam integer P = 32 / LANES;
    localparam integer PW = PASS_BITS > 0 ? PASS_BITS : 1;
    localparam integer LB = 5 - PASS_BITS;               // lane-in-pass bits
    localparam integer Q = 1 << SB;                      // queue places
    localparam integer TB = SB + PW + 4;                 // VGPR read tag
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
    always @(posedge clk) begin
        i_valid <= in_valid && !rst;
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
            assign sv[gk] = (w != VW16) ? v : half ? {48'd0, v[31:16]} : {48'd0, v[15:0]};
        end
    endgenerate
    // A VOPD's Y half: its SRC0 as a scalar, whether it is a VGPR, its operation.
    wire [63:0] sv_y = sv[3];
    wire [1:0]  i_vg_y = {i_ctrl_y[VF_USE1], i_src0_y[8]};
    wire [OPB-1:0] i_op_y = i_ctrl_y[VF_OP +: VW_OP];
    // The sources read from VGPRs, and those of 64 bits (a second register).
    wire [2:0] i_vg, i_v64;
    generate
        for (gk = 0; gk < 3; gk = gk + 1) begin : vsrc
            assign i_vg[gk] = i_use[gk] && i_src[gk][8] && !(gk == 2 && i_min == MIN_SRC2);
            assign i_v64[gk] = i_vg[gk] && i_w[gk] == VW64;
        end
    endgenerate
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

    // ---- the queue: places tail .. head, issued up to iss, completed up to cpl ----
    reg  [SB:0] tail, iss, cpl, head;
    wire [SB-1:0] qt = tail[SB-1:0];
    localparam integer QRW = 24 + 3 + 3 + 1 + 1 + 16 + 2 + 1;
    localparam integer QOW = OPB + 3 * 64 + 3 + 6 + 3 + 32 + 1 + OPB + 64 + 2 + 2;
    localparam integer QWW = 8 + 2 + 1 + 32 + 1 + 1 + 5 + 1;
    reg  [QRW-1:0] qr [0:Q-1];
    reg  [QOW-1:0] qo [0:Q-1];
    reg  [QWW-1:0] qw [0:Q-1];
    reg  [SB-1:0]  qs [0:Q-1];
    reg  [31:0]    qv [0:Q-1];
    reg  [8:0]     qy [0:Q-1];   // {VOPD, its Y destination}
    reg  [57:0]    qd [0:Q-1];   // {DPP, its dword's bits [31:8], EXEC} for the walk
    // Two writes a pass and no second request: an empty one.
    wire i_bub = (i_dw == DW_64) && (i_v64 == 3'd0);
    always @(posedge clk) begin
        if (i_valid) begin
            qr[qt] <= {i_src[2][7:0], i_src[1][7:0], i_src[0][7:0], i_vg, i_v64, i_bub,
                       i_vopd, i_src1_y, i_src0_y[7:0], i_vg_y, i_dpp != 2'd0};
            qo[qt] <= {i_op, sv[2], sv[1], sv[0], i_vg, i_w[2], i_w[1], i_w[0], i_opsel[2:0],
                       sv[2][31:0], i_vopd, i_op_y, sv_y, i_vg_y,
                       i_dpp != 2'd0, i_dpp == 2'd1 && !i_lit[19]};
            qy[qt] <= {i_vopd, i_vdst_y};
            qw[qt] <= {i_vdst, i_dw, i_opsel[3], i_exec & i_rb, i_special == SP_WRITELANE, i_rl,
                       i_sel, i_mout != MOUT_NONE};
            qs[qt] <= i_slot;
            qd[qt] <= {i_dpp, i_lit[31:8], i_exec};
        end
    end

    // ---- I: the passes' read requests ----
    wire [SB-1:0] qi = iss[SB-1:0];
    wire [7:0]    r_reg0, r_reg1, r_reg2;
    wire [2:0]    r_vg, r_v64;
    wire          r_bub, r_vopd, r_dpp;
    wire [7:0]    r_reg0_y, r_reg1_y;
    wire [1:0]    r_vg_y;
    assign {r_reg2, r_reg1, r_reg0, r_vg, r_v64, r_bub, r_vopd, r_reg1_y, r_reg0_y, r_vg_y,
            r_dpp} = qr[qi];
    wire [SB-1:0] r_slot = qs[qi];
    // (`second`: the pass's second request is next; its tag's `data` bit marks the
    // request that completes the pass's words: not the first of two, nor an empty one, nor
    // a gather. A DPP instruction's row (2^GPB passes) is gathered, then I waits (`wwait`)
    // for the walk to move its S0, then the row is computed, `cmp`.)
    localparam integer GPB = PASS_BITS > 1 ? PASS_BITS - 1 : 0;
    localparam integer GM = (1 << GPB) - 1;
    localparam [PW-1:0] GMASK = GM[PW-1:0];
    reg  [PW-1:0] pass;
    reg           second, cmp, wwait;
    wire          wk_done;
    wire          have = iss != tail;
    wire          gath = r_dpp && !cmp;
    wire          row_end = (pass & GMASK) == GMASK;
    wire          two = (r_v64 != 3'd0) || r_vopd;
    wire          last_req = !(two || r_bub) || second;
    wire          data = !gath && (r_vopd || (second == two));
    wire          last_pass = PASS_BITS == 0 || pass == PLAST;
    wire          rq_valid = have && !wwait;
    wire          rq_ready;
    always @(posedge clk) begin
        if (rst) begin
            pass <= {PW{1'b0}};
            second <= 1'b0;
            cmp <= 1'b0;
            wwait <= 1'b0;
            iss <= {(SB + 1){1'b0}};
        end else if (wk_done) begin
            wwait <= 1'b0;
            cmp <= 1'b1;
        end else if (rq_valid && rq_ready) begin
            if (gath) begin
                wwait <= row_end;
                pass <= row_end ? pass & ~GMASK : pass + 1'b1;
            end else begin
                second <= !last_req;
                if (last_req) begin
                    pass <= last_pass ? {PW{1'b0}} : pass + 1'b1;
                    if (row_end) cmp <= 1'b0;
                    if (last_pass) iss <= iss + 1'b1;
                end
            end
        end
    end

    // ---- the VGPR file ----
    wire                 rd_valid;
    wire [TB-1:0]        rd_tag;
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
    reg  [VGPR_BITS-3:0] sw_r;   // register / 4
    reg  [PW-1:0]        sw_p;
    wire                 wb_ready;
    wire [7:0]           sw_reg = {{(8 - VGPR_BITS){1'b0}}, sw_r, 2'b00};
    cu32_vgpr #(.LANES(L), .PASS_BITS(PASS_BITS), .SLOT_BITS(SLOT_BITS),
                .VGPR_BITS(VGPR_BITS), .TAG_BITS(TB)) vgpr (
        .clk(clk), .rst(rst),
        .rq_valid(rq_valid), .rq_ready(rq_ready), .rq_slot(r_slot[(SLOT_BITS > 0 ? SLOT_BITS : 1)-1:0]),
        .rq_pass(pass),
        .rq_use(gath ? 3'b001 : !second ? (r_vg & {2'b11, !r_dpp}) : r_vopd ? {1'b0, r_vg_y}
                : r_v64),
        .rq_reg0(r_vopd && second ? r_reg0_y : r_reg0 + {7'd0, second}),
        .rq_reg1(r_vopd && second ? r_reg1_y : r_reg1 + {7'd0, second}),
        .rq_reg2(r_reg2 + {7'd0, second}),
        .rq_tag({gath, last_pass, data, second, pass, qi}),
        .rd_valid(rd_valid), .rd_tag(rd_tag), .rd_data0(rd0), .rd_data1(rd1), .rd_data2(rd2),
        .wa_valid(wa_valid), .wa_slot(wa_slot[(SLOT_BITS > 0 ? SLOT_BITS : 1)-1:0]),
        .wa_pass(wa_pass), .wa_reg(wa_reg), .wa_mask(wa_mask), .wa_data(wa_data),
        .wa_half(wa_half),
        .wb_valid(sweep), .wb_ready(wb_ready),
        .wb_slot(sw_slot[(SLOT_BITS > 0 ? SLOT_BITS : 1)-1:0]), .wb_pass(sw_p),
        .wb_reg(sw_reg), .wb_all(1'b1), .wb_mask({L{1'b1}}), .wb_data({L * 32{1'b0}})
    );
    // The start sweep: every pass of registers 4r .. 4r + 3, r = 0 .. VGPRS / 4 - 1.
    localparam integer R_LAST = VGPRS / 4 - 1;
    wire sw_plast = PASS_BITS == 0 || sw_p == PLAST;
    always @(posedge clk) begin
        if (rst) begin
            sweep <= 1'b0;
        end else if (clear) begin
            sweep <= 1'b1;
            sw_slot <= clear_slot;
            sw_r <= 0;
            sw_p <= 0;
        end else if (sweep && wb_ready) begin
            sw_p <= sw_plast ? {PW{1'b0}} : sw_p + 1'b1;
            if (sw_plast) sw_r <= sw_r + 1'b1;
            sweep <= !(sw_plast && sw_r == R_LAST[VGPR_BITS-3:0]);
        end
    end
    assign clear_busy = sweep;

    // ---- O: the lanes' operands ----
    wire          t_gath, t_last_pass, t_data, t_second;
    wire [PW-1:0] t_pass;
    wire [SB-1:0] t_q;
    assign {t_gath, t_last_pass, t_data, t_second, t_pass, t_q} = rd_tag;
    // ---- DPP: the row buffer and the walk ----
    // The row buffer (dbuf) takes a gather's words at their places in the row (every lane
    // of the pass when a pass holds a row or more). Once the row's last gather is in, the
    // walk offers its lanes one a cycle (step k: each row's lane k and whether it is
    // active), and every lane of the moved buffer (pbuf) whose source that is takes it
    // (pval: it did; a lane that takes none reads 0). A cycle first (wk_prep) registers
    // each lane's source, EXEC and fetch inactive; after the 16 steps I goes on with the
    // row's passes.
    localparam integer BL = LANES >= 16 ? LANES : 16;
    localparam integer BB = BL > 16 ? 5 : 4;
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
    reg  [SB-1:0] wk_q;
    reg           wk_row;
    wire [1:0]    wk_dpp;
    wire [23:0]   wk_d;
    wire [31:0]   wk_exec;
    assign {wk_dpp, wk_d, wk_exec} = qd[wk_q];
    wire          wk_fi = (wk_dpp == 2'd3) || (wk_dpp == 2'd1 && wk_d[10]);
    assign wk_done = wk_on && wk_k == 4'd15;
    always @(posedge clk) begin
        if (rst) begin
            wk_prep <= 1'b0;
            wk_on <= 1'b0;
        end else if (rd_valid && t_gath && (t_pass & GMASK) == GMASK) begin
            wk_prep <= 1'b1;
            wk_q <= t_q;
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
            wk_ex <= wk_exec;
            wk_fir <= wk_fi;
        end
    end
    reg  [31:0]   pbuf [0:BL-1];
    reg  [BL-1:0] pval;
    generate
        for (gk = 0; gk < BL; gk = gk + 1) begin : walk
            localparam integer RB = gk / 16;                 // the buffer's row
            reg  [4:0]  src;
            always @(posedge clk) if (wk_prep) src <= dpp_src(wk_dpp, wk_d, gk[3:0]);
            wire        row = FULL != 0 ? RB != 0 : wk_row;
            wire [4:0]  from = {RB != 0, wk_k};
            wire [31:0] v = dbuf[from[BB-1:0]];
            wire        unused_from = &{1'b0, from};
            wire        take = wk_on && src[4] && src[3:0] == wk_k
                               && (wk_fir || wk_ex[{row, wk_k}]);
            always @(posedge clk) begin
                if (take) pbuf[gk] <= v;
                else if (wk_on && wk_k == 4'd0) pbuf[gk] <= 32'd0;
                if (take) pval[gk] <= 1'b1;
                else if (wk_on && wk_k == 4'd0) pval[gk] <= 1'b0;
            end
        end
    endgenerate
    wire unused_wk = &{1'b0, wk_d[11], wk_d[9], wk_d[23:12]};
    reg  [L*32-1:0] h0, h1, h2;   // the first request's words
    always @(posedge clk) if (rd_valid && !t_second) {h2, h1, h0} <= {rd2, rd1, rd0};
    wire [OPB-1:0] o_op_in;
    wire [63:0]    o_sv0, o_sv1, o_sv2;
    wire [2:0]     o_vg, o_opsel;
    wire [1:0]     o_w0, o_w1, o_w2;
    wire [31:0]    o_mask;
    wire           o_vopd;
    wire [OPB-1:0] o_op_y;
    wire [63:0]    o_sv_y;
    wire [1:0]     o_vg_y;
    wire           o_dpp, o_dnb;   // (DPP; DPP16 without bound control)
    assign {o_op_in, o_sv2, o_sv1, o_sv0, o_vg, o_w2, o_w1, o_w0, o_opsel, o_mask, o_vopd,
            o_op_y, o_sv_y, o_vg_y, o_dpp, o_dnb} = qo[t_q];
    // (A VOPD's second request is its Y half, with sources of its own.)
    wire            t_y = t_second && o_vopd;
    // (A DPP S0: its lane of the moved buffer; DPP16 without bound control does not
    // write the lanes whose source was not valid: dp_en.)
    wire [L*32-1:0] dpp0;
    wire [L-1:0]    dp_en;
    generate
        for (gk = 0; gk < L; gk = gk + 1) begin : dsel
            wire [4:0] at = ({{(5 - PW){1'b0}}, t_pass & GMASK} << LB) | gk[4:0];
            wire       unused_at = &{1'b0, at};
            assign dpp0[gk*32 +: 32] = pbuf[at[BB-1:0]];
            assign dp_en[gk] = !(o_dpp && o_dnb) || pval[at[BB-1:0]];
        end
    endgenerate
    wire [L*32-1:0] lo0 = o_dpp ? dpp0 : t_second && !o_vopd ? h0 : rd0;
    wire [L*32-1:0] lo1 = t_second && !o_vopd ? h1 : rd1;
    wire [L*32-1:0] lo2 = t_second && !o_vopd ? h2 : rd2;
    function automatic [63:0] operand(input vg, input [1:0] w, input half, input [31:0] lo,
                                      input [31:0] hi, input [63:0] s);
        if (!vg) operand = s;
        else if (w == VW64) operand = {hi, lo};
        else if (w == VW16) operand = {48'd0, half ? lo[31:16] : lo[15:0]};
        else operand = {32'd0, lo};
    endfunction
    reg                o_valid;
    reg  [OPB-1:0]     o_op;
    reg  [63:0]        o_a [0:L-1];
    reg  [63:0]        o_b [0:L-1];
    reg  [63:0]        o_c [0:L-1];
    reg  [L-1:0]       o_cin, o_en;
    reg  [PW-1:0]      o_pass;
    reg  [SB-1:0]      o_q;
    reg                o_last, o_y;
    wire [31:0]        mask_sh = o_mask >> ({{(5 - PW){1'b0}}, t_pass} * L);
    wire               unused_mask = &{1'b0, mask_sh[31:L-1]};
    integer ol;
    always @(posedge clk) begin
        o_valid <= rd_valid && t_data && !rst;
        o_op <= t_y ? o_op_y : o_op_in;
        o_pass <= t_pass;
        o_q <= t_q;
        o_last <= t_last_pass;
        o_y <= t_y;
        o_cin <= mask_sh[L-1:0];
        o_en <= dp_en;
        for (ol = 0; ol < L; ol = ol + 1) begin
            if (t_y) begin
                o_a[ol] <= operand(o_vg_y[0], VW32, 1'b0, rd0[ol*32 +: 32], 32'd0, o_sv_y);
                o_b[ol] <= operand(o_vg_y[1], VW32, 1'b0, rd1[ol*32 +: 32], 32'd0, 64'd0);
            end else begin
                o_a[ol] <= operand(o_vg[0], o_w0, o_opsel[0], lo0[ol*32 +: 32], rd0[ol*32 +: 32], o_sv0);
                o_b[ol] <= operand(o_vg[1], o_w1, o_opsel[1], lo1[ol*32 +: 32], rd1[ol*32 +: 32], o_sv1);
            end
            o_c[ol] <= operand(o_vg[2], o_w2, o_opsel[2], lo2[ol*32 +: 32], rd2[ol*32 +: 32], o_sv2);
        end
    end

    // ---- L1..L4: the lanes ----
    wire [L-1:0]    l_valid, l_flag;
    wire [L*64-1:0] l_d;
    genvar gl;
    generate
        for (gl = 0; gl < L; gl = gl + 1) begin : lane
            wire [4:0] index = ({{(5 - PW){1'b0}}, o_pass} << LB) | gl[4:0];
            cu32_lane u (
                .clk(clk), .valid(o_valid), .op(o_op), .a(o_a[gl]), .b(o_b[gl]), .c(o_c[gl]),
                .cin(o_cin[gl]), .lane(index), .valid_out(l_valid[gl]),
                .d(l_d[gl*64 +: 64]), .flag(l_flag[gl])
            );
        end
    endgenerate
    // The pass beside the lanes.
    reg  [L+PW+SB+1:0] l_ctx [0:3];
    integer lk;
    always @(posedge clk) begin
        l_ctx[0] <= {o_en, o_y, o_last, o_pass, o_q};
        for (lk = 1; lk < 4; lk = lk + 1) l_ctx[lk] <= l_ctx[lk - 1];
    end
    wire          w_valid = l_valid[0];
    wire          w_y, w_last;
    wire [PW-1:0] w_pass;
    wire [SB-1:0] w_q;
    wire [L-1:0]  w_en;   // (the lanes a DPP instruction may write)
    assign {w_en, w_y, w_last, w_pass, w_q} = l_ctx[3];
    wire unused_lanes = &{1'b0, l_valid};

    // ---- W: the writes, the lane mask, the completion ----
    wire [7:0]  x_vdst;
    wire [1:0]  x_dw;
    wire        x_hi16, x_wl, x_rl, x_mout;
    wire [31:0] x_exec;
    wire [4:0]  x_sel;
    assign {x_vdst, x_dw, x_hi16, x_exec, x_wl, x_rl, x_sel, x_mout} = qw[w_q];
    // (A VOPD pass ends with its Y half.)
    wire        x_vopd;
    wire [7:0]  x_vdst_y;
    assign {x_vopd, x_vdst_y} = qy[w_q];
    wire [SB-1:0] x_slot = qs[w_q];
    wire [31:0] exec_sh = x_exec >> ({{(5 - PW){1'b0}}, w_pass} * L);
    wire        unused_exec = &{1'b0, exec_sh[31:L-1]};
    wire        sel_here = ({3'd0, x_sel} >> LB) == {{(8 - PW){1'b0}}, w_pass};
    wire [L-1:0] sel_one = {{(L - 1){1'b0}}, 1'b1} << x_sel[LB-1:0];
    wire [L-1:0] wmask = x_wl ? (sel_here ? sel_one : {L{1'b0}}) : exec_sh[L-1:0] & w_en;
    reg  [L*32-1:0] d_lo, d_hi;
    integer wl;
    always @(*) begin
        for (wl = 0; wl < L; wl = wl + 1) begin
            d_lo[wl*32 +: 32] = (x_dw == DW_16) ? {2{l_d[wl*64 +: 16]}} : l_d[wl*64 +: 32];
            d_hi[wl*32 +: 32] = l_d[wl*64 + 32 +: 32];
        end
    end
    // The lane mask of this pass's lanes (EXEC's only), and the lane a readlane takes.
    wire [31:0] flags = ({{(32 - L){1'b0}}, l_flag & exec_sh[L-1:0] & w_en}) << ({{(5 - PW){1'b0}}, w_pass} * L);
    wire [31:0] lane_val = l_d[x_sel[LB-1:0]*64 +: 32];
    reg  [31:0] acc, rl_val;
    wire [31:0] acc_now = (w_pass == 0 ? 32'd0 : acc) | flags;
    wire [31:0] rl_now = sel_here ? lane_val : rl_val;
    // A 64-bit destination's high word goes a cycle after its low one (hi_*), and the
    // instruction completes with its last pass's.
    reg              hi_go, hi_last;
    reg  [SB-1:0]    hi_q;
    reg  [31:0]      hi_val;
    reg  [L*32-1:0]  hi_data;
    wire [31:0]      w_val = x_rl ? rl_now : x_mout ? acc_now : 32'd0;
    wire             fin = (w_valid && w_last && x_dw != DW_64 && (w_y || !x_vopd))
                           || (hi_go && hi_last);
    wire [SB-1:0]    fin_q = hi_go ? hi_q : w_q;
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
        hi_data <= d_hi;
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
        wa_data <= hi_go ? hi_data : d_lo;
        if (fin) qv[fin_q] <= fin_val;
    end
    wire unused_w = &{1'b0, l_d};

    // ---- the completions, in order ----
    // The oldest leaves its place for an output register (done_*), which the spine
    // empties (done_take) when W takes it.
    reg           dn_valid;
    reg  [SB-1:0] dn_slot;
    reg  [31:0]   dn_val;
    wire          next = (head != cpl) && (!dn_valid || done_take);
    always @(posedge clk) begin
        if (rst) begin
            tail <= {(SB + 1){1'b0}};
            cpl <= {(SB + 1){1'b0}};
            head <= {(SB + 1){1'b0}};
            dn_valid <= 1'b0;
        end else begin
            if (i_valid) tail <= tail + 1'b1;
            if (fin) cpl <= cpl + 1'b1;
            if (next) head <= head + 1'b1;
            if (next) dn_valid <= 1'b1;
            else if (done_take) dn_valid <= 1'b0;
        end
        if (next) begin
            dn_slot <= qs[head[SB-1:0]];
            dn_val <= qv[head[SB-1:0]];
        end
    end
    assign done_valid = dn_valid;
    assign done_slot = dn_slot;
    assign done_val = dn_val;

`ifdef CU32_TRACE
    // ---- the trace: a shadow of the VGPR file, and each slot's last registers written ----
    // (shadow index: {slot, register, lane of the wave})
    reg  [31:0] shadow [0:(1 << SB) * 256 * 32 - 1];
    reg  [7:0]  tr_reg  [0:Q-1];
    reg  [7:0]  tr_reg1 [0:Q-1];
    reg  [1:0]  tr_n    [0:Q-1];
    reg  [31:0] tr_mask [0:Q-1];
    function automatic [SB+12:0] at(input [SB-1:0] s, input [7:0] r, input [PW-1:0] p,
                                    input [4:0] l);
        at = {s, r, ({{(5 - PW){1'b0}}, p} << LB) | l};
    endfunction
    integer sl, sr;
    always @(posedge clk) begin
        for (sl = 0; sl < L; sl = sl + 1) begin
            if (wa_valid && wa_mask[sl]) begin
                if (wa_half[0])
                    shadow[at(wa_slot, wa_reg, wa_pass, sl[4:0])][15:0] <= wa_data[sl*32 +: 16];
                if (wa_half[1])
                    shadow[at(wa_slot, wa_reg, wa_pass, sl[4:0])][31:16] <= wa_data[sl*32 + 16 +: 16];
            end
            if (sweep && wb_ready)
                for (sr = 0; sr < 4; sr = sr + 1)
                    shadow[at(sw_slot, sw_reg + sr[7:0], sw_p, sl[4:0])] <= 32'd0;
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
`endif
endmodule

`default_nettype wire
