// cu32_scalar — the compute unit's scalar spine: the front end (cu32_front), the
// decode table (cu32_decode), the SGPR file (cu32_sgpr), each wave slot's SCC (flip-flops),
// EXEC, VCC, M0 and MODE (block RAM), the scalar ALU (cu32_scalar_alu), the memory counters
// (cu32_waits) and the scalar memory unit (cu32_smem_unit). Select takes one instruction a
// cycle from a ready slot; the slot is made ready again by W, so a wave has one
// instruction in these stages at a time: nothing forwards, and a slot's state read
// anywhere in the stages is the state its instruction found.
//
// Cycles (one each; the registers named after the stage that fills them):
//   S F1 F2 F3  cu32_front: select, PC, the instruction banks; F3's words leave registered
//   D0 D  the decode table reads word 0: its format and opcode registered (D0), then its
//       row (dec_*); the words go on (e_*, d_*); in D0 the slot's SCC and the zero tests
//       of EXEC and VCC (EXEC, VCC and M0 read in F3, block RAM: they go on in registers)
//   C   operand codes (M0-relative ones through cu32_indexer), constants, the literal, the
//       branch condition and the next PC, s_waitcnt limits, a load's place in the queue,
//       the checks that stop a wave; c_* hold the SGPR pair addresses for B
//   B   the SGPR pairs read (block RAM); VCC, M0, EXEC as operands (the slot's, read in
//       F3); EXEC, VCC and MODE read for X1
//   R   registered in the fabric; operands chosen (x_*) and, for s_setpc/s_swappc, the
//       jump target checked
//   X1..X4  cu32_scalar_alu: its registered results (s_*) SALU_LATENCY edges after x_*;
//       beside it a load's address (X1) and its check (X2); in X4 the writes are worked out
//   W   w_*: the SGPR write, the slot's state writes, the next PC and `run` to the front;
//       the instruction retires (trace_*), a load goes into the memory unit's queue, a
//       wait parks its slot, or its wave ends (s_endpgm) or faults
//
// A VALU instruction (cu32_vdecode's rows, VOPD and DPP included, but the memory ones)
// goes through the stages with its SGPR operands read as two pairs, and in X1 to the
// vector ALU (cu32_simd, beside the spine); W parks its wave. When it completes, W
// retires it in a cycle no other instruction takes W: its scalar result (a lane mask to
// VCC, EXEC or SDST, a readlane's value to SDST) written, its trace given, its wave made
// ready again. The slot's VALU instruction waits in RAM meanwhile (vx, vt).
//
// A DS load, store or integer atomic takes at C one of the vector ALU's DS_PLACES queue
// places for DS instructions (dres counts them; ds_free gives one back) and a count of the
// slot's lgkmcnt; with either full it replays. It goes to the vector ALU in X1 like a VALU
// instruction, and W retires it at once (trace_mem: its results come later) and counts it
// in lgkmcnt; the wave goes on. Its completion (mc_done, its results written) counts
// lgkmcnt down. A GLOBAL (or FLAT) load, store or integer atomic goes the same way to the
// vector ALU's GLOBAL unit (trace_gmem), counted in vmcnt or vscnt (a FLAT one in lgkmcnt
// too), and held at C where the memory order needs it (below, gq). ds_nop and the cache
// invalidates go through as no-ops.
//
// A fault stops every wave (the front's hold) and, once the memory instructions retired
// before it have completed, is given with fault_pc: a word in no row of the decode tables,
// words past the memory's end,
// a taken branch or a jump leaving the memory, a load at an address the bus cannot reach
// or one the bus refused (ERR, when it comes), a GLOBAL instruction with a lane's address
// at or above 2^32 or an ERR. s_barrier: with bar_park (a dispatch; a plain program is one
// wave and goes through it) W retires it without making its slot ready (bar_arrive,
// bar_slot, bar_pc: its PC counted from word 0) and the slot waits for its bit in
// bar_wake (cu32_barrier's wake).
//
// A wave starts with `start` (when !start_busy): the slot's SGPRs are set (the SGPR
// file's sweep, pair start_pair getting start_sgpr: the caller's initial values), its
// state set (EXEC start_exec, MODE start_mode, the rest 0), and then it is made ready at
// word start_pc. pc_base: the byte address of instruction word 0 (what
// s_getpc_b64 and s_call_b64 see, and what a jump target is relative to).
`default_nettype none

module cu32_scalar #(
    parameter integer INT_MUL = 1,     // the SALU's multiplier (features.int_mul)
    parameter integer SLOTS = 8,
    parameter integer SB = 3,          // slot port width (at least 1)
    parameter integer IMEM_BITS = 10   // instruction word address bits
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 imem_we,
    input  wire [IMEM_BITS-1:0] imem_addr,
    input  wire [31:0]          imem_wdata,
    input  wire [63:0]          pc_base,
    input  wire                 start,
    input  wire [SB-1:0]        start_slot,
    input  wire [IMEM_BITS-1:0] start_pc,
    input  wire [63:0]          start_exec,
    input  wire [31:0]          start_mode,
    output wire                 start_busy,
    output wire [5:0]           start_pair,
    input  wire [63:0]          start_sgpr,
    input  wire                 bar_park,
    output wire                 bar_arrive,
    output wire [SB-1:0]        bar_slot,
    output wire [31:0]          bar_pc,
    input  wire [SLOTS-1:0]     bar_wake,
    input  wire                 hold,
    output reg  [SLOTS-1:0]     ended,
    output reg                  fault,
    output reg  [31:0]          fault_pc,
    // The scalar memory unit's bus master (Wishbone B4 pipelined).
    output wire                 wb_cyc,
    output wire                 wb_stb,
    output wire                 wb_we,
    output wire [29:0]          wb_adr,
    output wire [31:0]          wb_dat_o,
    output wire [3:0]           wb_sel,
    input  wire                 wb_stall,
    input  wire                 wb_ack,
    input  wire                 wb_err,
    input  wire [31:0]          wb_dat_i,
    // The vector ALU (cu32_simd): a VALU instruction handed over in X1 with its scalar
    // operands (v_*), its completion taken (vd_*) when W is free; a wave's start sweeps
    // its VGPRs too (v_clear .. v_clear_busy).
    output wire                   v_valid,
    output wire [SB-1:0]          v_slot,
    output wire [VCTRL_WIDTH-1:0] v_ctrl,
    output wire [8:0]             v_src0,
    output wire [8:0]             v_src1,
    output wire [8:0]             v_src2,
    output wire [7:0]             v_vdst,
    output wire [3:0]             v_opsel,
    output wire [2:0]             v_srd,
    output wire                   v_vcc2,
    output wire [63:0]            v_vcc,
    output wire [2:0]             v_sport,
    output wire [2:0]             v_shi,
    output wire [63:0]            v_pa,
    output wire [63:0]            v_pb,
    output wire [31:0]            v_lit,
    output wire                   v_scc,
    output wire [31:0]            v_exec,
    output wire                   v_vopd,
    output wire [1:0]             v_dpp,
    output wire [VCTRL_WIDTH-1:0] v_ctrl_y,
    output wire [8:0]             v_src0_y,
    output wire [7:0]             v_src1_y,
    output wire [7:0]             v_vdst_y,
    // (A DS instruction: v_ds, its control and offsets; its VGPR codes in v_src0 (ADDR),
    // v_src1 (DATA0), v_src2 (DATA1), v_vdst. Its places in the vector ALU's queue are
    // counted here: ds_free gives one back.)
    output wire                   v_ds,
    output wire [DSCTRL_WIDTH-1:0] v_dsc,
    output wire [15:0]            v_dsoff,
    // (A GLOBAL instruction comes as a DS one, with v_gm; v_gsa: its SADDR, read as pair
    // A, is not `off`. It shares the DS instructions' places.)
    output wire                   v_gm,
    output wire                   v_gsa,
    input  wire                   ds_free,
    // A memory instruction completed (its results written): a DS one, lgkmcnt counts
    // down, or a GLOBAL one (mc_gm), vmcnt or vscnt; mc_err: the GLOBAL instruction
    // faulted (a bad address, or ERR).
    input  wire                   mc_done,
    input  wire [SB-1:0]          mc_slot,
    input  wire                   mc_gm,
    input  wire                   mc_err,
    input  wire                   vd_valid,
    input  wire [SB-1:0]          vd_slot,
    input  wire [31:0]            vd_val,
    output wire                   vd_take,
    output wire                   v_clear,
    output wire [SB-1:0]          v_clear_slot,
    input  wire                   v_clear_busy,
    output wire                 trace_valid,
    // (trace_vector: the retiring instruction is a VALU one, whose VGPR writes the vector
    // ALU's trace ports give for trace_slot.)
    output wire                 trace_vector,
    // (trace_mem: the retiring instruction is a DS one, whose results come later;
    // trace_gmem a GLOBAL one.)
    output wire                 trace_mem,
    output wire                 trace_gmem,
    output wire [SB-1:0]        trace_slot,
    output wire [31:0]          trace_pc,
    output wire [31:0]          trace_word0,
    output wire [31:0]          trace_word1,
    output wire [31:0]          trace_word2,
    output wire [1:0]           trace_nwords,
    output wire                 trace_has_literal,
    output wire [63:0]          trace_exec,
    output wire [3:0]           trace_we,
    output wire [27:0]          trace_idx,   // four 7-bit SGPR codes
    output wire [127:0]         trace_val,   // four dwords
    output wire                 trace_scc_we,
    output wire                 trace_scc,
    // The retired instruction completes later (a scalar load: tag 1..8), its writes on the
    // S port under that tag: trace_swe a loaded dword written to SGPR code trace_sidx,
    // trace_sdone the load complete (its dwords written, lgkmcnt counted down).
    output wire [7:0]           trace_tag,
    output wire                 trace_swe,
    output wire [6:0]           trace_sidx,
    output wire [31:0]          trace_sval,
    output wire [7:0]           trace_stag,
    output wire                 trace_sdone
);
`include "cu32_ctrl.vh"
    localparam [6:0] VCC_LO = 7'd106, NULL = 7'd124, M0 = 7'd125, EXEC_LO = 7'd126;
    // The vector ALU's queue places for DS instructions (cu32_simd's: as many as slots).
    localparam integer DPB = SB;
    localparam integer DS_PLACES = 1 << SB;

    // ---- the slots' state: one write port (W, a late write, or a wave's start) ----
    // SCC and whether VCC_LO and EXEC_LO are zero in flip-flops (the tests made as they
    // are written); EXEC, VCC, M0 and MODE in block RAM, a copy a read port: EXEC, VCC and
    // M0 read in F3 (D's indexer, C's operands: they go on in registers), EXEC, VCC and
    // MODE in B (for X1), EXEC in X4 (W's trace and counters). The reads for D, C and X1
    // go into registers in the fabric before any logic.
    // A slot is read only while its wave has an instruction in the stages, after W's last
    // write of it (a late write: after the wave's s_waitcnt), so no read meets a write of
    // its slot.
    reg         st_scc     [0:SLOTS-1];
    reg         st_vccz    [0:SLOTS-1];
    reg         st_execz   [0:SLOTS-1];
    (* ram_style = "block", no_rw_check *) reg [31:0] st_exec_lo [0:SLOTS-1];
    (* ram_style = "block", no_rw_check *) reg [31:0] st_exec_hi [0:SLOTS-1];
    (* ram_style = "block", no_rw_check *) reg [31:0] st_vcc_lo [0:SLOTS-1];
    (* ram_style = "block", no_rw_check *) reg [31:0] st_vcc_hi [0:SLOTS-1];
    (* ram_style = "block", no_rw_check *) reg [31:0] st_m0     [0:SLOTS-1];
    (* ram_style = "block", no_rw_check *) reg [31:0] st_mode   [0:SLOTS-1];

    // ---- a wave's start: clear its SGPRs, set its state, make it ready ----
    // go_clear: the SGPR file's sweep begins; go_init: the state is still to be set (in a
    // cycle W does not write it); go_run: the slot's PC written and the slot made ready
    // (in a cycle W will not write a PC: none in X4, no completed VALU instruction
    // waiting).
    reg          go_clear, go_init, go_wait, go_run;
    reg [SB-1:0] go_slot;
    reg [IMEM_BITS-1:0] go_pc;
    reg [63:0]   go_exec;
    reg [31:0]   go_mode;
    wire         clear_busy;
    wire         sweeping = clear_busy || v_clear_busy;
    assign v_clear = go_clear;
    assign v_clear_slot = go_slot;
    reg          w_valid, xo_live;
    reg          f_any;   // (a fault met: below)
    wire         init_now = go_init && !w_valid;
    wire         take = start && !start_busy;
    assign start_busy = go_clear || go_init || go_wait || go_run;
    always @(posedge clk) begin
        if (rst) begin
            go_clear <= 1'b0;
            go_init <= 1'b0;
            go_wait <= 1'b0;
            go_run <= 1'b0;
        end else begin
            go_clear <= take;
            go_init <= take || (go_init && !init_now);
            // (clear_busy rises the cycle after go_clear.)
            go_wait <= go_clear || (go_wait && (sweeping || go_init || xo_live || vd_valid));
            // (W writes a PC in the next cycle for an instruction in X4 now, or for a
            // completed VALU instruction it takes in a cycle without one: vd_valid.)
            go_run <= go_wait && !sweeping && !go_init && !xo_live && !vd_valid;
        end
        if (take) begin
            go_slot <= start_slot;
            go_pc <= start_pc;
            go_exec <= start_exec;
            go_mode <= start_mode;
        end
    end

    // ---- S, F1..F3: the front end ----
    wire                 f_valid;
    wire [SB-1:0]        f_slot;
    wire [IMEM_BITS-1:0] f_pc;
    wire [31:0]          f_w0, f_w1, f_w2;
    wire [1:0]           f_room;
    wire [SLOTS-1:0]     ready;
    reg                  w_run, w_pc_we;
    reg  [SB-1:0]        w_slot;
    reg  [IMEM_BITS-1:0] w_next;
    wire [SLOTS-1:0]     run_wake;
    wire [SLOTS-1:0]     run_w = w_run ? ({{(SLOTS - 1){1'b0}}, 1'b1} << w_slot) : {SLOTS{1'b0}};
    wire [SLOTS-1:0]     run_go = go_run ? ({{(SLOTS - 1){1'b0}}, 1'b1} << go_slot) : {SLOTS{1'b0}};
    cu32_front #(.SLOTS(SLOTS), .SLOT_BITS(SB), .IMEM_BITS(IMEM_BITS)) front (
        .clk(clk), .rst(rst),
        .imem_we(imem_we), .imem_addr(imem_addr), .imem_wdata(imem_wdata),
        .pc_we(w_pc_we || go_run), .pc_slot(w_pc_we ? w_slot : go_slot),
        .pc_val(w_pc_we ? w_next : go_pc), .run(run_w | run_go | run_wake), .hold(hold || f_any),
        .ready(ready), .f_valid(f_valid), .f_slot(f_slot), .f_pc(f_pc),
        .f_w0(f_w0), .f_w1(f_w1), .f_w2(f_w2), .f_room(f_room)
    );
    wire unused_front = &{1'b0, ready};

    // ---- D: decode ----
    wire                   dec_legal, dec_lit;
    wire [CTRL_WIDTH-1:0]  dec;
    wire [63:0]            dec_ka, dec_kb;
    // (The packed `ctrl` carries the fields the decode also gives one by one.)
    /* verilator lint_off PINMISSING */
    cu32_decode #(.SPLIT(1)) decode (
        .clk(clk), .en(1'b1), .word(f_w0), .legal(dec_legal), .lit(dec_lit), .ctrl(dec),
        .a_const(dec_ka), .b_const(dec_kb)
    );
    /* verilator lint_on PINMISSING */
    reg                  d_valid;
    reg  [SB-1:0]        d_slot;
    reg  [IMEM_BITS-1:0] d_pc;
    reg  [31:0]          d_w0, d_w1, d_w2;
    reg  [1:0]           d_room;
    // The decode takes two cycles (D0, D): the words wait in e_*. The slot's SCC, M0 and
    // whether VCC_LO and EXEC_LO are zero are read in D0.
    reg                  e_valid;
    reg  [SB-1:0]        e_slot;
    reg  [IMEM_BITS-1:0] e_pc;
    reg  [31:0]          e_w0, e_w1, e_w2;
    reg  [1:0]           e_room;
    reg         d_scc, d_vccz, d_execz;
    reg  [31:0] d_m0, e_m0;
    reg  [63:0] d_vcc, e_vcc, d_exec, e_exec;
    always @(posedge clk) begin
        e_valid <= f_valid && !rst;
        e_slot <= f_slot;
        e_vcc <= {st_vcc_hi[f_slot], st_vcc_lo[f_slot]};
        e_m0 <= st_m0[f_slot];
        e_exec <= {st_exec_hi[f_slot], st_exec_lo[f_slot]};
        e_pc <= f_pc;
        e_w0 <= f_w0;
        e_w1 <= f_w1;
        e_w2 <= f_w2;
        e_room <= f_room;
        d_valid <= e_valid && !rst;
        d_slot <= e_slot;
        d_scc <= st_scc[e_slot];
        d_vccz <= st_vccz[e_slot];
        d_execz <= st_execz[e_slot];
        d_vcc <= e_vcc;
        d_exec <= e_exec;
        d_m0 <= e_m0;
        d_pc <= e_pc;
        d_w0 <= e_w0;
        d_w1 <= e_w1;
        d_w2 <= e_w2;
        d_room <= e_room;
    end
    wire [W_ALU-1:0]   d_alu   = dec[F_ALU +: W_ALU];
    wire [W_A_SRC-1:0] d_a_src = dec[F_A_SRC +: W_A_SRC];
    wire [W_B_SRC-1:0] d_b_src = dec[F_B_SRC +: W_B_SRC];
    wire [W_KIND-1:0]  d_kind  = dec[F_KIND +: W_KIND];
    wire [W_COND-1:0]  d_cond  = dec[F_COND +: W_COND];
    wire [W_A_REL-1:0] d_a_rel = dec[F_A_REL +: W_A_REL];
    wire [W_D_REL-1:0] d_d_rel = dec[F_D_REL +: W_D_REL];
    wire d_a_wide = dec[F_A_WIDE], d_b_wide = dec[F_B_WIDE], d_d_wide = dec[F_D_WIDE];
    wire d_d_we = dec[F_D_WE], d_d_cond = dec[F_D_COND], d_scc_we = dec[F_SCC_WE];
    wire d_exec_we = dec[F_EXEC_WE], d_lit_sext = dec[F_LIT_SEXT], d_mode_we = dec[F_MODE_WE];
    wire [4:0] d_n = dec[F_SMEM_N +: W_SMEM_N];
    wire [W_MEM_WAIT-1:0] d_mem_wait = dec[F_MEM_WAIT +: W_MEM_WAIT];
    wire unused_dec = &{1'b0, dec[F_LEGAL]};

    // The vector decode, split like the scalar one, reads F3's words: its registered
    // fields (dv_*) are D's.
    wire                   dv_valu, dv_vop3, dv_vopd, dv_ds;
    wire [1:0]             dv_nwords, dv_dpp;
    wire [6:0]             dv_sidx0, dv_sidx1, dv_sidx2, dv_sdst;
    wire [2:0]             dv_sread;
    wire [8:0]             dv_src0, dv_src1, dv_src2;
    wire [7:0]             dv_vdst;
    wire [3:0]             dv_opsel;
    wire [VCTRL_WIDTH-1:0] dv_ctrl, dv_ctrl_y;
    wire [8:0]             dv_src0_y, dv_src1_y;
    wire [7:0]             dv_vdst_y;
    wire                   dv_gm, dv_dmv, dv_gsa, dv_gret, dv_gwr, dv_gfl;
    wire [DSCTRL_WIDTH-1:0] dv_dsc;
    wire [15:0]            dv_dsoff;
    /* verilator lint_off PINMISSING */
    cu32_vdecode #(.SPLIT(1)) vdecode (
        .clk(clk), .en(1'b1), .word0(f_w0), .word1(f_w1), .valu(dv_valu), .nwords(dv_nwords),
        .vop3(dv_vop3), .sidx0(dv_sidx0), .sidx1(dv_sidx1), .sidx2(dv_sidx2),
        .sread(dv_sread), .src0(dv_src0), .src1(dv_src1), .src2(dv_src2), .vdst(dv_vdst),
        .sdst(dv_sdst), .opsel(dv_opsel), .dpp(dv_dpp), .vopd(dv_vopd), .ctrl(dv_ctrl),
        .ctrl_y(dv_ctrl_y), .src0_y(dv_src0_y), .src1_y(dv_src1_y), .vdst_y(dv_vdst_y),
        .ds(dv_ds), .dmv(dv_dmv), .dsc(dv_dsc), .dsoff(dv_dsoff), .gm(dv_gm), .gsa(dv_gsa),
        .gret(dv_gret), .gwr(dv_gwr), .gfl(dv_gfl)
    );
    /* verilator lint_on PINMISSING */
    wire unused_dv = &{1'b0, dv_src1_y[8]};   // (a VOPD's VSRC1Y: always a VGPR)
    // A VALU instruction the vector ALU runs; a DS load, store, integer atomic or lane move
    // it hands to the LDS unit; ds_nop and the cache invalidates, which go through as
    // scalar no-ops.
    wire d_valu = dv_valu && !dv_ds;
    wire [2:0] dv_dskind = dv_dsc[DSF_KIND +: DSW_KIND];
    wire d_dsrow = dv_valu && dv_ds && !dv_gm;
    wire d_ds = d_dsrow && ((dv_dskind == DSK_LOAD) || (dv_dskind == DSK_STORE)
                            || (dv_dskind == DSK_ATOMIC) || dv_dmv);
    wire d_dsnop = d_dsrow && (dv_dskind == DSK_NOP);
    // A GLOBAL (or FLAT) load, store or integer atomic: the vector ALU hands it to its
    // GLOBAL unit.
    wire d_gl = dv_valu && dv_ds && dv_gm;
    wire d_vmem = d_ds || d_dsnop || d_gl;
    // (They go to the vector ALU with their SGPR operands read as pairs: a DS
    // instruction's is M0, the base of addtid and append/consume; a GLOBAL one's SADDR.)
    wire d_vx = d_valu || d_ds || d_gl;

    // ---- C: operands, constants, branch, checks ----
    // M0-relative SSRC0 and SDST.
    wire [6:0]  ia_addr, id_addr;
    wire        ia_ok, id_ok;
    wire [31:0] ia_index = (d_a_rel == REL_M0LO) ? {22'd0, d_m0[9:0]} : d_m0;
    wire [31:0] id_index = (d_d_rel == REL_M0HI) ? {22'd0, d_m0[25:16]} : d_m0;
    cu32_indexer a_ix (.base(d_w0[7:0]), .index(ia_index), .wide(d_a_wide),
                       .addr(ia_addr), .ok(ia_ok));
    cu32_indexer d_ix (.base({1'b0, d_w0[22:16]}), .index(id_index), .wide(d_d_wide),
                       .addr(id_addr), .ok(id_ok));
    // Register codes (a 64-bit operand's pair ignores the low bit); out of range an
    // M0-relative source reads its plain operand and a destination is not written.
    // A scalar memory instruction (two words) reads SBASE (its field holds the pair's code
    // / 2) as operand A and SOFFSET (null reads 0) as operand B; a load's destination is
    // SDATA.
    wire        d_smem = d_kind == KIND_SMEM;
    wire        d_load = d_smem && (d_n != 5'd0);
    // A VALU instruction reads its SGPR operands as two pairs: A the first source's
    // that reads one, B the last's (the other sources name one of them, or the
    // instruction asks for three scalar values: refused, as the constant bus allows two).
    // VCC as the third source (the lane mask of v_cndmask, the carry-ins, VOPD) comes
    // from the slot's state instead (v_s2vcc).
    wire        v_s2vcc = dv_sread[2] && (dv_sidx2[6:1] == VCC_LO[6:1]);
    wire [2:0]  v_sr = {dv_sread[2] && !v_s2vcc, dv_sread[1:0]};
    wire [6:0]  v_a = v_sr[0] ? dv_sidx0 : v_sr[1] ? dv_sidx1 : dv_sidx2;
    wire [6:0]  v_b = v_sr[2] ? dv_sidx2 : v_sr[1] ? dv_sidx1 : dv_sidx0;
    wire [2:0]  v_on_b = {dv_sidx2[6:1] != v_a[6:1], dv_sidx1[6:1] != v_a[6:1],
                          dv_sidx0[6:1] != v_a[6:1]};
    wire        v_three = (&v_sr) && v_on_b[1] && (dv_sidx1[6:1] != v_b[6:1]);
    wire        a_rel = (d_a_rel != REL_NONE) && ia_ok;
    wire [6:0]  a_code = d_vx ? v_a : d_smem ? {d_w0[5:0], 1'b0} : a_rel ? ia_addr
                       : (d_a_src == ASRC_SDST) ? d_w0[22:16] : d_w0[6:0];
    wire [6:0]  b_code = d_vx ? v_b : d_smem ? d_w1[31:25]
                       : (d_b_src == BSRC_SDST) ? d_w0[22:16] : d_w0[14:8];
    wire [6:0]  d_code = d_smem ? d_w0[12:6] : (d_d_rel != REL_NONE) ? id_addr : d_w0[22:16];
    wire        a_reg = d_vx ? (v_sr != 3'd0) : d_smem || (d_a_src == ASRC_SDST)
                        || ((d_a_src == ASRC_SSRC0) && !d_w0[7]);
    wire        b_reg = d_vx ? (v_sr != 3'd0) : d_smem || (d_b_src == BSRC_SDST)
                        || ((d_b_src == BSRC_SSRC1) && !d_w0[15]);
    wire        a_wide = d_a_wide || d_smem || d_vx;
    wire        b_wide = d_b_wide || d_vx;
    // A register in the SGPR file (codes 0..105), or one of the slot's (VCC, M0, EXEC;
    // ttmp and null read 0), as a pair when 64-bit.
    function automatic [63:0] special(input [6:0] code, input wide, input [63:0] vcc,
                                      input [31:0] m0, input [63:0] exec);
        reg [6:0] even;
        reg [63:0] pair;
        begin
            even = {code[6:1], 1'b0};
            if (even == VCC_LO) pair = vcc;
            else if (even == EXEC_LO) pair = exec;
            else if (even == NULL) pair = {m0, 32'd0};
            else pair = 64'd0;
            if (wide) special = pair;
            else special = {32'd0, code[0] ? pair[63:32] : pair[31:0]};
        end
    endfunction
    wire [63:0] lit = (d_lit_sext && d_w1[31]) ? {32'hffffffff, d_w1} : {32'd0, d_w1};
    wire [63:0] simm = {{48{d_w0[15]}}, d_w0[15:0]};
    reg  [63:0] ka, kb;
    always @(*) begin
        ka = 64'd0;
        if (d_a_src == ASRC_SSRC0) begin
            if (d_w0[7:0] == 8'd255) ka = d_a_wide ? lit : {32'd0, d_w1};
            else if (d_w0[7:0] == 8'd253) ka = {63'd0, d_scc};
            else ka = dec_ka;
        end else if (d_a_src == ASRC_IMM32) ka = {32'd0, d_w1};
        kb = 64'd0;
        if (d_b_src == BSRC_SSRC1) begin
            if (d_w0[15:8] == 8'd255) kb = d_b_wide ? lit : {32'd0, d_w1};
            else if (d_w0[15:8] == 8'd253) kb = {63'd0, d_scc};
            else kb = dec_kb;
        end else if (d_b_src == BSRC_SIMMS) kb = simm;
        else if (d_b_src == BSRC_SIMMZ) kb = {48'd0, d_w0[15:0]};
    end
    // The destination: s_cmov* needs SCC; null and ttmp are dropped, and the wave is not
    // privileged, so an instruction writing ttmp0..15 leaves SCC alone (reference 3.3.1.4).
    wire        d_on = d_d_we && ((d_d_rel == REL_NONE) || id_ok) && (!d_d_cond || d_scc);
    wire        ttmp = d_on && (d_code >= 7'd108) && (d_code <= 7'd123);
    // Branches (wave32: VCCZ and EXECZ look at the low halves, reference 2.1).
    reg         taken_if;
    always @(*) begin
        case (d_cond)
            COND_ALWAYS: taken_if = 1'b1;
            COND_SCC0:   taken_if = !d_scc;
            COND_SCC1:   taken_if = d_scc;
            COND_VCCZ:   taken_if = d_vccz;
            COND_VCCNZ:  taken_if = !d_vccz;
            COND_EXECZ:  taken_if = d_execz;
            COND_EXECNZ: taken_if = !d_execz;
            default:     taken_if = 1'b0;
        endcase
    end
    wire        taken = (d_kind == KIND_BRANCH) && taken_if;
    wire [31:0] target = {{(32 - IMEM_BITS){1'b0}}, d_pc} + 32'd1 + simm[31:0];
    wire [1:0]  len = (d_valu || d_vmem) ? dv_nwords : (dec_lit || d_smem) ? 2'd2 : 2'd1;
    wire [31:0] next = taken ? target : {{(32 - IMEM_BITS){1'b0}}, d_pc} + {30'd0, len};
    wire        bad = !(dec_legal || d_valu || d_vmem) || (d_valu && v_three) || (d_room < len)
                      || (taken && (target[31:IMEM_BITS] != 0));
    // Waits (W parks the slot until its counters are at or below the limits, 63: none):
    // the s_waitcnt forms, and s_endpgm for everything (its wave ends then).
    wire        d_end = d_kind == KIND_END;
    wire        waits = d_end || (d_mem_wait == WAIT_WAITCNT) || (d_mem_wait == WAIT_LGKM)
                        || (d_mem_wait == WAIT_VM) || (d_mem_wait == WAIT_VS);
    wire [5:0]  lim_vm = d_end ? 6'd0 : (d_mem_wait == WAIT_WAITCNT) ? d_w0[15:10]
                       : (d_mem_wait == WAIT_VM) ? d_w0[5:0] : 6'd63;
    wire [5:0]  lim_vs = d_end ? 6'd0 : (d_mem_wait == WAIT_VS) ? d_w0[5:0] : 6'd63;
    wire [5:0]  lim_lgkm = d_end ? 6'd0 : (d_mem_wait == WAIT_WAITCNT) ? d_w0[9:4]
                         : (d_mem_wait == WAIT_LGKM) ? d_w0[5:0] : 6'd63;
    // A load takes a place in the scalar memory unit's queue here, and a count of lgkmcnt;
    // a DS instruction one of the vector ALU's DS_PLACES for it, and a count of lgkmcnt;
    // a GLOBAL one such a place, a count of vmcnt (a load, a returning atomic) or vscnt,
    // and a place in gq (below); with any not free it goes through without effect and its
    // slot takes it again (replay). The memory sees them in the golden model's order:
    // a GLOBAL instruction waits while a scalar load is outstanding (resv), and a scalar
    // load while a GLOBAL store or atomic is (gq_wr). A FLAT instruction also counts on
    // lgkmcnt, in order with the DS instructions there (the model's wait rule): it waits
    // while a DS instruction is outstanding (ds_n), and a DS instruction while a FLAT one
    // is (gq_fl).
    wire [SLOTS-1:0] room;
    reg  [3:0]   resv;
    reg  [DPB:0] dres;
    localparam integer GQB = 4;                       // gq: 16 places
    reg  [GQB:0] gq_n, gq_wr, gq_fl;
    reg  [GQB+DPB+1:0] ds_n;
    wire         replay = (d_load && ((resv == 4'd8) || !room[d_slot] || (gq_wr != 0)))
                          || ((d_ds || d_gl) && ((dres == DS_PLACES[DPB:0]) || !room[d_slot]))
                          || (d_gl && ((gq_n[GQB]) || (resv != 4'd0)))
                          || (d_gl && dv_gfl && (ds_n != 0)) || (d_ds && (gq_fl != 0));
    // (`bad` for a load or a DS instruction alone, for a shorter path: a load is legal
    // in the scalar table, a DS instruction in the vector one; neither is a branch)
    wire         reserve = d_valid && d_load && dec_legal && d_room[1] && !replay;
    wire         ds_go = d_valid && (d_ds || d_gl) && d_room[1] && !replay;
    // gq: the GLOBAL instructions from C to their completion, in order (the GLOBAL unit
    // completes them so): {PC, returns data, writes memory, FLAT}; a fault names its PC.
    // ds_n counts the DS instructions from C to their completion.
    reg  [IMEM_BITS+2:0] gq [0:(1 << GQB)-1];
    reg  [GQB-1:0]       gq_in, gq_out;
    wire                 gq_push = ds_go && d_gl;
    wire                 gq_pop = mc_done && mc_gm;
    wire [IMEM_BITS-1:0] gq_pc;
    wire                 gq_ret, gq_wrt, gq_flat;
    assign {gq_pc, gq_ret, gq_wrt, gq_flat} = gq[gq_out];
    always @(posedge clk) begin
        if (gq_push) gq[gq_in] <= {d_pc, dv_gret, dv_gwr, dv_gfl};
        if (rst) begin
            gq_in <= {GQB{1'b0}};
            gq_out <= {GQB{1'b0}};
            gq_n <= {(GQB + 1){1'b0}};
            gq_wr <= {(GQB + 1){1'b0}};
            gq_fl <= {(GQB + 1){1'b0}};
            ds_n <= 0;
        end else begin
            gq_fl <= gq_fl + {{GQB{1'b0}}, gq_push && dv_gfl} - {{GQB{1'b0}}, gq_pop && gq_flat};
            ds_n <= ds_n + {{(GQB + DPB + 1){1'b0}}, ds_go && d_ds}
                    - {{(GQB + DPB + 1){1'b0}}, mc_done && !mc_gm};
            if (gq_push) gq_in <= gq_in + 1'b1;
            if (gq_pop) gq_out <= gq_out + 1'b1;
            gq_n <= gq_n + {{GQB{1'b0}}, gq_push} - {{GQB{1'b0}}, gq_pop};
            gq_wr <= gq_wr + {{GQB{1'b0}}, gq_push && dv_gwr} - {{GQB{1'b0}}, gq_pop && gq_wrt};
        end
    end
    always @(posedge clk) begin
        if (rst) dres <= {(DPB + 1){1'b0}};
        else dres <= dres + {{DPB{1'b0}}, ds_go} - {{DPB{1'b0}}, ds_free};
    end
    reg                  c_valid, c_bad, c_a_ram, c_b_ram, c_a_hi, c_b_hi;
    reg                  c_a_sp, c_b_sp, c_a_lo, c_b_lo;
    reg  [SB-1:0]        c_slot;
    reg  [63:0]          c_vcc, c_exec;
    reg  [31:0]          c_m0;
    reg  [IMEM_BITS-1:0] c_pc, c_next;
    reg  [31:0]          c_w0, c_w1;
    reg  [5:0]           c_a_pair, c_b_pair;
    reg  [63:0]          c_ka, c_kb;
    reg  [W_ALU-1:0]     c_alu;
    reg  [W_KIND-1:0]    c_kind;
    reg  [6:0]           c_d_code;
    reg                  c_lit, c_a_wide, c_b_wide, c_d_wide, c_d_on, c_scc_we, c_exec_we;
    reg                  c_mode_we, c_vmem;
    // The memory side: {load, dwords, replay, wait, vm, vs and lgkm limits}.
    localparam integer MW = 1 + 5 + 1 + 1 + 18;
    reg  [MW-1:0]        c_m;
    always @(posedge clk) begin
        c_valid <= d_valid && !rst;
        c_slot <= d_slot;
        c_vcc <= d_vcc;
        c_exec <= d_exec;
        c_m0 <= d_m0;
        c_pc <= d_pc;
        c_w0 <= d_w0;
        c_w1 <= d_w1;
        c_bad <= bad;
        c_next <= next[IMEM_BITS-1:0];
        c_a_ram <= a_reg && (a_code < VCC_LO);
        c_b_ram <= b_reg && (b_code < VCC_LO);
        c_a_pair <= a_code[6:1];
        c_b_pair <= b_code[6:1];
        c_a_hi <= a_code[0] && !a_wide;
        c_a_sp <= a_reg && (a_code >= VCC_LO);
        c_b_sp <= b_reg && (b_code >= VCC_LO);
        c_a_lo <= a_code[0];
        c_b_lo <= b_code[0];
        c_b_hi <= b_code[0] && !b_wide;
        c_ka <= ka;
        c_kb <= kb;
        c_alu <= d_alu;
        c_kind <= d_kind;
        c_d_code <= d_smem ? d_code : {d_code[6:1], d_code[0] && !d_d_wide};
        c_m <= {reserve, d_n, replay, waits, lim_vm, lim_vs, lim_lgkm};
        c_lit <= dec_lit;
        c_a_wide <= a_wide;
        c_b_wide <= b_wide;
        c_d_wide <= d_d_wide;
        c_d_on <= d_on;
        c_scc_we <= d_scc_we && !ttmp;
        c_exec_we <= d_exec_we;
        c_mode_we <= d_mode_we;
        c_vmem <= d_vmem;
    end

    // The slot's VALU instruction, kept from C on: what X1 hands to the vector ALU (vx,
    // block RAM, read in R into its read register), and what W needs to retire it when
    // it completes (vt, distributed RAM: its PC, next PC, words, and the SGPR code its
    // scalar result goes to, if any). (A slot's instruction is written once, before R
    // reads it: no read meets a write of its slot.)
    localparam integer VXW = VCTRL_WIDTH + 27 + 8 + 4 + 10 + 32 + 1 + VCTRL_WIDTH + 9 + 8 + 8 + 2
                             + 1 + DSCTRL_WIDTH + 16 + 2;
    localparam integer VTW = 2 * IMEM_BITS + 96 + 2 + 1 + 7 + 1;
    (* ram_style = "block", no_rw_check *) reg [VXW-1:0] vx [0:SLOTS-1];
    reg  [VTW-1:0] vt [0:SLOTS-1];
    wire [1:0]  dv_mout = dv_ctrl[VF_MOUT +: VW_MOUT];
    wire [2:0]  dv_special = dv_ctrl[VF_SPECIAL +: VW_SPECIAL];
    wire        dv_rl = (dv_special == SP_READLANE) || (dv_special == SP_READFIRSTLANE);
    wire [6:0]  dv_rcode = (dv_mout == MOUT_VCC) ? VCC_LO : (dv_mout == MOUT_EXEC) ? EXEC_LO
                         : dv_sdst;
    wire        dv_lit = dv_nwords != (dv_vop3 ? 2'd2 : 2'd1);
    always @(posedge clk) begin
        if (d_valid && d_vx) begin
            vx[d_slot] <= {dv_ctrl, dv_src0, dv_src1, dv_src2, dv_vdst, dv_opsel, v_sr, v_s2vcc,
                           v_on_b, dv_sidx2[0], dv_sidx1[0], dv_sidx0[0],
                           dv_vop3 ? d_w2 : d_w1, dv_vopd, dv_ctrl_y, dv_src0_y,
                           dv_src1_y[7:0], dv_vdst_y, dv_dpp, d_ds || d_gl, dv_dsc, dv_dsoff,
                           d_gl, dv_gsa};
            vt[d_slot] <= {d_pc, next[IMEM_BITS-1:0], d_w0, d_w1, d_w2, dv_nwords, dv_lit,
                           dv_rcode, dv_rl || (dv_mout != MOUT_NONE)};
        end
    end
    // (A VALU instruction's way to X1 and W, beside the rest; a DS or GLOBAL one's, with
    // whether it is GLOBAL and returns data.)
    reg         c_valu, b_valu, r_valu, c_dsgo, b_dsgo, r_dsgo;
    reg  [2:0]  c_gl, b_gl, r_gl;
    always @(posedge clk) begin
        c_valu <= d_valu;
        b_valu <= c_valu;
        r_valu <= b_valu;
        c_dsgo <= ds_go;
        b_dsgo <= c_dsgo;
        r_dsgo <= b_dsgo;
        c_gl <= {d_gl, dv_gret, dv_gfl};
        b_gl <= c_gl;
        r_gl <= b_gl;
    end

    // ---- B, R: the SGPR pairs ----
    wire        lw_idle;
    wire [63:0] ra_data, rb_data;
    wire        lw_ready, lw_lo, lw_hi;
    // (The scalar memory unit's, below: the head load's slot, the dword's code and value.)
    wire [SB-1:0] h_slot;
    reg  [6:0]    m_code;
    wire [31:0]   m_data;
    reg         w_lo, w_hi;
    reg  [5:0]  w_pair;
    reg  [63:0] w_data;
    cu32_sgpr #(.SLOT_BITS(SB)) sgpr (
        .clk(clk), .rst(rst),
        .ra_slot(c_slot), .ra_pair(c_a_pair), .ra_data(ra_data),
        .rb_slot(c_slot), .rb_pair(c_b_pair), .rb_data(rb_data),
        .w_lo(w_lo), .w_hi(w_hi), .w_slot(w_slot), .w_pair(w_pair), .w_data(w_data),
        .lw_lo(lw_lo), .lw_hi(lw_hi), .lw_ready(lw_ready), .lw_idle(lw_idle),
        .lw_slot(h_slot), .lw_pair(m_code[6:1]), .lw_data({m_data, m_data}),
        .clear(go_clear), .clear_slot(go_slot), .clear_pair(start_pair),
        .clear_data(start_sgpr), .clear_busy(clear_busy)
    );
    // Everything else waits for the pairs in shift registers: [0] in B, [1] in R.
    reg                  b_valid, r_valid;
    reg  [SB-1:0]        b_slot, r_slot;
    reg  [63:0]          r_vcc, r_exec;    // the slot's VCC, EXEC and MODE for X1 (read in B)
    reg  [31:0]          r_mode;
    reg  [IMEM_BITS-1:0] b_pc, r_pc, b_next, r_next;
    reg  [31:0]          b_w0, r_w0, b_w1, r_w1;
    reg  [63:0]          b_ka, r_ka, b_kb, r_kb;
    reg  [W_ALU-1:0]     b_alu, r_alu;
    reg  [W_KIND-1:0]    b_kind, r_kind;
    reg  [6:0]           b_d_code, r_d_code;
    reg  [11:0]          b_flags, r_flags;
    // VCC, M0 and EXEC as operands: the slot's (read in F3).
    wire [63:0] b_ka_in = c_a_sp ? special({c_a_pair, c_a_lo}, c_a_wide, c_vcc, c_m0, c_exec)
                                 : c_ka;
    wire [63:0] b_kb_in = c_b_sp ? special({c_b_pair, c_b_lo}, c_b_wide, c_vcc, c_m0, c_exec)
                                 : c_kb;
    wire [11:0] c_flags = {c_bad, c_a_ram, c_b_ram, c_a_hi, c_b_hi, c_lit, c_a_wide,
                           c_b_wide, c_d_wide, c_d_on, c_scc_we, c_exec_we};
    reg                  b_mode_we, r_mode_we, b_vmem, r_vmem;
    reg  [MW-1:0]        b_m, r_m;
    always @(posedge clk) begin
        b_valid <= c_valid && !rst;
        r_valid <= b_valid && !rst;
        r_vcc <= {st_vcc_hi[b_slot], st_vcc_lo[b_slot]};
        r_mode <= st_mode[b_slot];
        r_exec <= {st_exec_hi[b_slot], st_exec_lo[b_slot]};
        {b_slot, b_pc, b_next, b_w0, b_w1, b_ka, b_kb, b_alu, b_kind, b_d_code, b_flags,
         b_mode_we, b_vmem, b_m} <= {c_slot, c_pc, c_next, c_w0, c_w1, b_ka_in, b_kb_in, c_alu,
                                     c_kind, c_d_code, c_flags, c_mode_we, c_vmem, c_m};
        {r_slot, r_pc, r_next, r_w0, r_w1, r_ka, r_kb, r_alu, r_kind, r_d_code, r_flags,
         r_mode_we, r_vmem, r_m} <= {b_slot, b_pc, b_next, b_w0, b_w1, b_ka, b_kb, b_alu, b_kind,
                                     b_d_code, b_flags, b_mode_we, b_vmem, b_m};
    end
    wire r_bad, r_a_ram, r_b_ram, r_a_hi, r_b_hi, r_lit, r_a_wide, r_b_wide, r_d_wide;
    wire r_d_on, r_scc_we, r_exec_we;
    assign {r_bad, r_a_ram, r_b_ram, r_a_hi, r_b_hi, r_lit, r_a_wide, r_b_wide, r_d_wide,
            r_d_on, r_scc_we, r_exec_we} = r_flags;
    function automatic [63:0] half(input [63:0] pair, input wide, input hi);
        half = wide ? pair : {32'd0, hi ? pair[63:32] : pair[31:0]};
    endfunction
    wire [63:0] r_a = r_a_ram ? half(ra_data, r_a_wide, r_a_hi) : r_ka;
    wire [63:0] r_b = r_b_ram ? half(rb_data, r_b_wide, r_b_hi) : r_kb;
    // s_setpc_b64 / s_swappc_b64: the target is operand A, relative to pc_base; one
    // outside the memory stops the wave at the jump.
    wire [31:0] jump = r_a[31:0] - pc_base[31:0];
    wire        r_jump = r_kind == KIND_JUMP;
    wire        jump_out = r_jump && ((jump[31:IMEM_BITS+2] != 0) || (jump[1:0] != 2'd0));

    // ---- X1..X4: the SALU ----
    localparam integer SALU_LATENCY = 3;   // x_* to s_*: cu32_scalar_alu's LATENCY
    reg  [63:0]          x_a, x_b, x_exec;
    reg  [31:0]          x_mode;
    reg                  x_scc;
    reg  [W_ALU-1:0]     x_alu;
    reg                  x_wide, x_d_wide;
    reg  [IMEM_BITS-1:0] x_pc;
    always @(posedge clk) begin
        x_a <= r_a;
        x_b <= r_b;
        x_exec <= r_exec;
        x_mode <= r_mode;
        x_scc <= st_scc[r_slot];
        x_alu <= r_alu;
        x_wide <= r_a_wide || r_d_wide;
        x_d_wide <= r_d_wide;
        x_pc <= r_pc;
    end
    wire [63:0] s_result, s_exec;
    wire [31:0] s_mode;
    wire        s_scc;
    cu32_scalar_alu #(.INT_MUL(INT_MUL)) salu (
        .clock(clk), .op(x_alu), .a(x_a), .b(x_b), .wide(x_wide), .d_wide(x_d_wide),
        .scc(x_scc), .exec(x_exec), .mode(x_mode),
        .pc(pc_base + {{(62 - IMEM_BITS){1'b0}}, x_pc, 2'b00}),
        .result(s_result), .scc_out(s_scc), .exec_out(s_exec), .mode_out(s_mode)
    );
    wire unused_salu = &{1'b0, lw_ready};
    // A VALU instruction goes to the vector ALU from X1: its SGPR pairs (x_a, x_b: read
    // whole), SCC, EXEC, VCC, and the rest from vx (read in R, registered); so does a DS
    // instruction that took its place at C (r_dsgo).
    reg           x_vgo;
    reg [SB-1:0]  x_vslot;
    reg [63:0]    x_vcc;
    reg [VXW-1:0] x_vx;
    always @(posedge clk) begin
        x_vgo <= !rst && r_valid && (r_valu || r_dsgo) && !r_bad;
        x_vslot <= r_slot;
        x_vcc <= r_vcc;
        x_vx <= vx[r_slot];
    end
    assign v_vcc = x_vcc;
    assign v_valid = x_vgo;
    assign v_slot = x_vslot;
    assign {v_ctrl, v_src0, v_src1, v_src2, v_vdst, v_opsel, v_srd, v_vcc2, v_sport, v_shi, v_lit,
            v_vopd, v_ctrl_y, v_src0_y, v_src1_y, v_vdst_y, v_dpp, v_ds, v_dsc,
            v_dsoff, v_gm, v_gsa} = x_vx;
    assign v_pa = x_a;
    assign v_pb = x_b;
    assign v_scc = x_scc;
    assign v_exec = x_exec[31:0];
    // What W needs, beside the SALU.
    localparam integer XE = 1 + SB + 2 * IMEM_BITS + 64 + 7 + W_KIND + 12 + 1 + 1 + MW;
    wire [XE-1:0] r_carry = {r_valid, r_slot, r_pc, jump_out ? r_pc : r_jump ?
                             jump[IMEM_BITS+1:2] : r_next, r_w0, r_w1, r_d_code, r_kind,
                             r_flags[11] || jump_out, r_flags[10:0], r_mode_we, r_vmem, r_m};
    // (x_carry[k] is in stage X(k + 1); the last meets the SALU's registered outputs.)
    reg  [XE-1:0] x_carry [0:SALU_LATENCY];
    reg  [SALU_LATENCY:0] x_valu, x_dsgo;
    reg  [2:0]    x_gl [0:SALU_LATENCY];
    integer       xk;
    always @(posedge clk) begin
        x_carry[0] <= r_carry;
        x_valu <= {x_valu[SALU_LATENCY-1:0], r_valu};
        x_dsgo <= {x_dsgo[SALU_LATENCY-1:0], r_dsgo};
        x_gl[0] <= r_gl;
        for (xk = 1; xk <= SALU_LATENCY; xk = xk + 1) x_gl[xk] <= x_gl[xk - 1];
        for (xk = 1; xk <= SALU_LATENCY; xk = xk + 1) x_carry[xk] <= x_carry[xk - 1];
        if (rst) for (xk = 0; xk <= SALU_LATENCY; xk = xk + 1) x_carry[xk][XE-1] <= 1'b0;
    end
    // A load's address beside the SALU: SBASE + the signed 21-bit OFFSET + SOFFSET (the
    // two low bits ignored) in X1, checked in X2 (the bus is 32-bit: an address at or above
    // 2^32, or a load running past it, stops the wave at the load, as the golden model
    // refuses an access outside its memory); in X4 beside the SALU's outputs.
    wire [20:0]  x1_off = x_carry[0][MW + 2 + 12 + W_KIND + 7 +: 21];   // word 1's OFFSET
    wire [4:0]   x2_n = x_carry[1][MW - 2 -: 5];
    reg  [63:2]  ea2;
    reg  [31:2]  ea3, ea4;
    reg          ea_bad3, ea_bad4;
    wire [63:0]  ea_sum = x_a + {{43{x1_off[20]}}, x1_off} + x_b;
    always @(posedge clk) begin
        ea2 <= ea_sum[63:2];
        ea3 <= ea2[31:2];
        ea_bad3 <= (ea2[63:32] != 32'd0) || (ea2[31:2] > 30'h3fffffff - {25'd0, x2_n - 5'd1});
        ea4 <= ea3;
        ea_bad4 <= ea_bad3;
    end
    wire                 xo_valid, xo_lit, xo_d_wide, xo_d_on, xo_scc_we, xo_exec_we;
    wire                 xo_mode_we, xo_a_ram, xo_b_ram, xo_a_hi, xo_b_hi, xo_a_wide;
    wire                 xo_b_wide;
    wire [SB-1:0]        xo_slot;
    wire [IMEM_BITS-1:0] xo_pc, xo_next;
    wire [31:0]          xo_w0, xo_w1;
    wire [6:0]           xo_d_code;
    wire [W_KIND-1:0]    xo_kind;
    wire                 xo_load, xo_replay, xo_wait, xo_vmem;
    wire [4:0]           xo_n;
    wire [17:0]          xo_lims;
    wire                 xo_bad0;
    assign {xo_valid, xo_slot, xo_pc, xo_next, xo_w0, xo_w1, xo_d_code, xo_kind, xo_bad0,
            xo_a_ram, xo_b_ram, xo_a_hi, xo_b_hi, xo_lit, xo_a_wide, xo_b_wide, xo_d_wide,
            xo_d_on, xo_scc_we, xo_exec_we, xo_mode_we, xo_vmem, xo_load, xo_n, xo_replay,
            xo_wait, xo_lims} = x_carry[SALU_LATENCY];
    // (A replay has no effect; a load at a bad address stops its wave there.)
    wire                 xo_bad = xo_bad0 || (xo_load && ea_bad4);
    wire                 xo_valu = x_valu[SALU_LATENCY];
    wire                 xo_dsgo = x_dsgo[SALU_LATENCY];
    wire                 xo_gl, xo_gret, xo_gfl;
    assign {xo_gl, xo_gret, xo_gfl} = x_gl[SALU_LATENCY];
    always @(*) xo_live = xo_valid;
    wire unused_x3 = &{1'b0, ea_sum[1:0], next[31:IMEM_BITS], r_bad, r_lit, r_d_on, r_scc_we, r_exec_we,
                       xo_a_ram, xo_b_ram, xo_a_hi, xo_b_hi, xo_a_wide,
                       xo_b_wide};

    // The destination's halves (a 32-bit one: the low half's code), in pseudocode order:
    // EXEC from a saveexec first, then the destination. Each half goes to the SGPR file
    // (codes 0..105) or to the slot's VCC, M0 or EXEC; ttmp and null are dropped (null as a
    // 64-bit destination too, M0 with it).
    wire [6:0]  lo_code = xo_d_code;
    wire [6:0]  hi_code = xo_d_code + 7'd1;
    wire        dst = xo_valid && xo_d_on && !xo_bad && (lo_code != NULL);
    function automatic kept(input [6:0] code);
        kept = (code < 7'd108) || (code == M0) || (code >= EXEC_LO);
    endfunction
    wire        lo_on = dst && kept(lo_code);
    wire        hi_on = dst && xo_d_wide && kept(hi_code);
    wire        ex_on = xo_valid && xo_exec_we && !xo_bad;
    // Trace slots: 0, 1 a saveexec's EXEC (1 only for a 64-bit one); 2, 3 the destination.
    wire [3:0]  t_we = {hi_on, lo_on, ex_on && xo_d_wide, ex_on};

    // ---- W ----
    // W takes the instruction in X4, or in a cycle without one the oldest completed
    // VALU instruction (inj: its record vt, its scalar result vd_val).
    wire                 inj = !xo_valid && vd_valid && !rst;
    assign vd_take = inj;
    wire [IMEM_BITS-1:0] i_pc, i_next;
    wire [31:0]          i_w0, i_w1, i_w2;
    wire [1:0]           i_nw;
    wire                 i_lit, i_ron;
    wire [6:0]           i_code;
    assign {i_pc, i_next, i_w0, i_w1, i_w2, i_nw, i_lit, i_code, i_ron} = vt[vd_slot];
    wire                 i_on = i_ron && (i_code != NULL) && kept(i_code);
    wire                 i_sgpr = i_on && (i_code < VCC_LO);
    reg                  w_bad, w_end, w_lit, w_inj, w_vpark, w_bar;
    // (s_barrier in a dispatch: its slot waits for the barrier, not made ready by W.)
    wire                 xo_bar = bar_park && (xo_w0[31:16] == S_BARRIER_HI) && !xo_replay;
    reg  [1:0]           w_nw;
    reg  [31:0]          w_w2;
    reg  [IMEM_BITS-1:0] w_pc;
    reg  [31:0]          w_w0, w_w1;
    reg  [3:0]           w_we;
    reg  [27:0]          w_idx;
    reg  [127:0]         w_val;
    reg                  w_scc_we, w_scc, w_mode_we, w_ex_lo, w_ex_hi;
    reg  [31:0]          w_mode, w_exec_lo, w_exec_hi;
    reg                  w_replay, w_park, w_load, w_ds, w_gl, w_gret, w_gfl;
    // A wait (s_waitcnt forms, s_endpgm) goes through twice: the first pass parks its slot
    // at it until its wave's counters allow (waited), the second retires it, so that it
    // and what follows see the loads' results (EXEC, say) as the golden model does.
    reg  [SLOTS-1:0]     waited;
    wire                 park = xo_valid && xo_wait && !xo_bad && !waited[xo_slot];
    reg  [4:0]           w_n;
    reg  [17:0]          w_lims;
    reg  [31:2]          w_ea;
    reg  [6:0]           w_sdata;
    reg  [63:0]          w_exec;   // EXEC as the instruction found it (read before W writes it)
    always @(posedge clk) begin
        w_valid <= (xo_valid || inj) && !rst;
        // (A wait's first pass parks its slot until the counters allow: `wake` below; a
        // VALU instruction's until it completes.)
        w_run <= (xo_valid && !rst && !xo_bad && !park && !xo_valu && (xo_kind != KIND_END)
                  && !xo_bar) || inj;
        w_bar <= !inj && xo_bar;
        w_pc_we <= (xo_valid && !rst && !xo_bad && !park && !xo_valu) || inj;
        w_inj <= inj;
        w_vpark <= !inj && xo_valu;
        w_nw <= inj ? i_nw : (xo_lit || (xo_kind == KIND_SMEM) || xo_vmem) ? 2'd2 : 2'd1;
        w_slot <= inj ? vd_slot : xo_slot;
        w_exec <= {st_exec_hi[inj ? vd_slot : xo_slot], st_exec_lo[inj ? vd_slot : xo_slot]};
        w_pc <= inj ? i_pc : xo_pc;
        w_next <= inj ? i_next : xo_replay ? xo_pc : xo_next;
        w_replay <= !inj && xo_replay;
        w_park <= !inj && park;
        w_load <= !inj && xo_load;
        // (A DS instruction retires here; lgkmcnt counts it until its results are in.)
        w_ds <= !inj && xo_vmem && xo_dsgo;
        w_gl <= !inj && xo_vmem && xo_dsgo && xo_gl;
        w_gret <= xo_gret;
        w_gfl <= xo_gfl;
        w_n <= xo_n;
        w_lims <= xo_lims;
        w_ea <= ea4;
        w_sdata <= xo_d_code;
        w_w0 <= inj ? i_w0 : xo_w0;
        w_w1 <= inj ? i_w1 : xo_w1;
        w_w2 <= inj ? i_w2 : 32'd0;
        w_lit <= inj ? i_lit : xo_lit;
        w_bad <= !inj && xo_bad;
        w_end <= !inj && (xo_kind == KIND_END);
        w_lo <= inj ? i_sgpr && !i_code[0]
              : (lo_on && (lo_code < VCC_LO) && !lo_code[0]) || (hi_on && (hi_code < VCC_LO) && !hi_code[0]);
        w_hi <= inj ? i_sgpr && i_code[0]
              : (lo_on && (lo_code < VCC_LO) && lo_code[0]) || (hi_on && (hi_code < VCC_LO) && hi_code[0]);
        w_pair <= inj ? i_code[6:1] : lo_code[6:1];
        w_data <= inj ? {vd_val, vd_val} : xo_d_wide ? s_result : {s_result[31:0], s_result[31:0]};
        w_we <= inj ? {1'b0, i_on, 2'b00} : t_we;
        w_idx <= {inj ? 7'd0 : hi_code, inj ? i_code : lo_code, 7'd127, 7'd126};
        w_val <= inj ? {32'd0, vd_val, 64'd0}
                     : {s_result[63:32], s_result[31:0], s_exec[63:32], s_exec[31:0]};
        w_scc_we <= !inj && xo_valid && xo_scc_we && !xo_bad;
        w_scc <= s_scc;
        w_mode_we <= !inj && xo_valid && xo_mode_we && !xo_bad;
        w_mode <= s_mode;
        w_ex_lo <= !inj && ex_on;
        w_ex_hi <= !inj && ex_on && xo_d_wide;
        w_exec_lo <= s_exec[31:0];
        w_exec_hi <= s_exec[63:32];
    end
    // The slot's state: a wave's start, or W's writes (a half named by the destination
    // after a saveexec's EXEC).
    wire [31:0] w_lo_val = w_val[95:64], w_hi_val = w_val[127:96];
    wire [6:0]  w_lo_code = w_idx[20:14], w_hi_code = w_idx[27:21];
    function automatic names(input on, input [6:0] code, input [6:0] reg_code);
        names = on && (code == reg_code);
    endfunction

    // ---- Waits: the memory counters ----
    // s_endpgm waits for all of its wave's memory instructions, then ends it.
    wire [SLOTS-1:0] wake;
    wire [SLOTS-1:0] w_one = {{(SLOTS - 1){1'b0}}, 1'b1} << w_slot;
    wire             retire = w_valid && !w_bad && !w_replay && !w_park && !w_vpark;
    wire             m_dec;
    wire [SB-1:0]    m_slot;
    // (W's count and wait reach the counters a cycle on, from flip-flops; the wave's next
    // instruction is many cycles behind.)
    reg              n_inc, n_wait, n_vec, n_gl, n_gret, n_gfl;
    reg  [SB-1:0]    n_slot;
    reg  [17:0]      n_lims;
    always @(posedge clk) begin
        n_inc <= !rst && retire && (w_load || w_ds);
        n_wait <= !rst && w_valid && w_park;
        n_slot <= w_slot;
        n_lims <= w_lims;
        {n_vec, n_gl, n_gret, n_gfl} <= {w_ds, w_gl, w_gret, w_gfl};
    end
    wire             g_dec = mc_done && mc_gm;
    cu32_waits #(.SLOTS(SLOTS), .SLOT_BITS(SB)) counters (
        .clk(clk), .rst(rst),
        .inc(n_inc), .inc_slot(n_slot), .inc_vm(n_gl && n_gret), .inc_vs(n_gl && !n_gret),
        .inc_lgkm(!n_gl || n_gfl),
        .dec_vm(g_dec && gq_ret), .dec_vm_slot(mc_slot), .dec_vs(g_dec && !gq_ret),
        .dec_vs_slot(mc_slot),
        .dec_ds(mc_done && (!mc_gm || gq_flat)), .dec_ds_slot(mc_slot), .dec_sm(m_dec), .dec_sm_slot(m_slot),
        .wait_go(n_wait), .wait_slot(n_slot), .wait_vm(n_lims[17:12]),
        .wait_vs(n_lims[11:6]), .wait_lgkm(n_lims[5:0]), .wake(wake), .room(room)
    );
    always @(posedge clk) begin
        if (rst) waited <= {SLOTS{1'b0}};
        else if (w_valid && w_park) waited <= waited | w_one;
        else if (retire) waited <= waited & ~w_one;
    end
    assign run_wake = wake | bar_wake;

    // ---- The scalar memory unit: a queue of loads, served in order ----
    // W puts a load in (its place reserved at C: resv counts the reserved ones); the head
    // asks cu32_smem_unit for its dwords, which go to SDATA + k (codes mod 128) as late writes:
    // codes 0..105 through the SGPR file's queue, VCC, M0 and EXEC through sq (their
    // state is written in cycles W and a start leave free), null and ttmp dropped. Once
    // all are written, the load completes (lgkmcnt down, trace_sdone) and leaves the queue.
    // A bus error stops the wave at the load.
    localparam integer QE = SB + IMEM_BITS + 30 + 5 + 7;
    reg  [QE-1:0] q [0:7];
    reg  [2:0]    q_rd, q_wr;
    reg  [3:0]    q_n;
    wire [IMEM_BITS-1:0] h_pc;
    wire [31:2]          h_ea;
    wire [4:0]           h_n;
    wire [6:0]           h_sdata;
    assign {h_slot, h_pc, h_ea, h_n, h_sdata} = q[q_rd];
    wire        push = retire && w_load;
    reg         m_busy, m_drain;
    wire        m_idle, m_valid, m_done, m_err;
    wire        m_req = (q_n != 4'd0) && !m_busy && m_idle;
    reg  [3:0]  sq_n;
    reg  [38:0] sq [0:15];   // {code, dword}
    reg  [3:0]  sq_rd, sq_wr;
    wire        sq_go = (sq_n != 4'd0) && !w_valid && !init_now;
    // (The completion is registered: m_fin, one cycle, the head still in place.)
    reg           m_fin;
    reg  [SB-1:0] m_fin_slot;
    always @(posedge clk) begin
        m_fin <= !rst && m_drain && !m_fin && lw_idle && (sq_n == 4'd0);
        m_fin_slot <= h_slot;
    end
    assign m_dec = m_fin;
    assign m_slot = m_fin_slot;
    cu32_smem_unit smem (
        .clk(clk), .rst(rst), .req(m_req), .addr({h_ea, 2'b00}), .n(h_n),
        .out_valid(m_valid), .out_data(m_data), .out_done(m_done), .out_err(m_err),
        .idle(m_idle),
        .wb_cyc(wb_cyc), .wb_stb(wb_stb), .wb_we(wb_we), .wb_adr(wb_adr),
        .wb_dat_o(wb_dat_o), .wb_sel(wb_sel), .wb_stall(wb_stall), .wb_ack(wb_ack),
        .wb_err(wb_err), .wb_dat_i(wb_dat_i)
    );
    wire        m_sgpr = m_code < VCC_LO;
    wire        m_spec = (m_code == VCC_LO) || (m_code == VCC_LO + 7'd1) || (m_code == M0)
                         || (m_code >= EXEC_LO);
    always @(posedge clk) begin
        if (push) q[q_wr] <= {w_slot, w_pc, w_ea, w_n, w_sdata};
        if (m_valid && m_spec) sq[sq_wr] <= {m_code, m_data};
        if (rst) begin
            q_rd <= 3'd0;
            q_wr <= 3'd0;
            q_n <= 4'd0;
            resv <= 4'd0;
            m_busy <= 1'b0;
            m_drain <= 1'b0;
            sq_n <= 4'd0;
            sq_rd <= 4'd0;
            sq_wr <= 4'd0;
        end else begin
            if (push) q_wr <= q_wr + 3'd1;
            if (m_dec) q_rd <= q_rd + 3'd1;
            q_n <= q_n + {3'd0, push} - {3'd0, m_dec};
            resv <= resv + {3'd0, reserve} - {3'd0, m_dec}
                    - {3'd0, w_valid && w_load && w_bad};
            if (m_req) begin
                m_busy <= 1'b1;
                m_code <= h_sdata;
            end
            if (m_valid) m_code <= m_code + 7'd1;
            if (m_done) m_drain <= 1'b1;
            if (m_dec) begin
                m_busy <= 1'b0;
                m_drain <= 1'b0;
            end
            if (m_valid && m_spec) sq_wr <= sq_wr + 4'd1;
            if (sq_go) sq_rd <= sq_rd + 4'd1;
            sq_n <= sq_n + {3'd0, m_valid && m_spec} - {3'd0, sq_go};
        end
    end
    wire [6:0]  sq_code = sq[sq_rd][38:32];
    wire [31:0] sq_val = sq[sq_rd][31:0];
    assign lw_lo = m_valid && m_sgpr && !m_code[0];
    assign lw_hi = m_valid && m_sgpr && m_code[0];
    assign trace_tag = (w_valid && w_load) ? {5'd0, q_wr} + 8'd1 : 8'd0;
    assign trace_swe = m_valid && (m_sgpr || m_spec);
    assign trace_sidx = m_code;
    assign trace_sval = m_data;
    assign trace_stag = {5'd0, q_rd} + 8'd1;
    assign trace_sdone = m_dec;

    // One write port per array: W's writes, or a starting wave's state (init_now).
    // (A late write of the scalar memory unit's (sq) takes a cycle neither uses.)
    wire [SB-1:0] st_slot = init_now ? go_slot : w_valid ? w_slot : h_slot;
    wire [31:0] vcc_lo_val = names(w_we[3], w_hi_code, VCC_LO) ? w_hi_val : w_lo_val;
    wire [31:0] vcc_hi_val = names(w_we[3], w_hi_code, VCC_LO + 7'd1) ? w_hi_val : w_lo_val;
    wire [31:0] m0_val = names(w_we[3], w_hi_code, M0) ? w_hi_val : w_lo_val;
    wire        ex_lo_d = names(w_we[2], w_lo_code, EXEC_LO) || names(w_we[3], w_hi_code, EXEC_LO);
    wire        ex_hi_d = names(w_we[2], w_lo_code, EXEC_LO + 7'd1)
                          || names(w_we[3], w_hi_code, EXEC_LO + 7'd1);
    wire [31:0] ex_lo_val = !ex_lo_d ? w_exec_lo
                          : names(w_we[3], w_hi_code, EXEC_LO) ? w_hi_val : w_lo_val;
    wire [31:0] ex_hi_val = !ex_hi_d ? w_exec_hi
                          : names(w_we[3], w_hi_code, EXEC_LO + 7'd1) ? w_hi_val : w_lo_val;
    wire        we_vcc_lo = names(w_we[2], w_lo_code, VCC_LO) || names(w_we[3], w_hi_code, VCC_LO);
    wire        we_vcc_hi = names(w_we[2], w_lo_code, VCC_LO + 7'd1)
                            || names(w_we[3], w_hi_code, VCC_LO + 7'd1);
    wire        we_m0 = names(w_we[2], w_lo_code, M0) || names(w_we[3], w_hi_code, M0);
    wire        w_st = w_valid && !init_now;
    function automatic [31:0] pick(input init, input [31:0] init_val, input w,
                                   input [31:0] w_val_in, input [31:0] late);
        pick = init ? init_val : w ? w_val_in : late;
    endfunction
    wire        sq_vcc_lo = sq_go && (sq_code == VCC_LO);
    wire        sq_vcc_hi = sq_go && (sq_code == VCC_LO + 7'd1);
    wire        sq_m0 = sq_go && (sq_code == M0);
    wire        sq_ex_lo = sq_go && (sq_code == EXEC_LO);
    wire        sq_ex_hi = sq_go && (sq_code == EXEC_LO + 7'd1);
    wire [31:0] vcc_lo_new = pick(init_now, 32'd0, w_st, vcc_lo_val, sq_val);
    wire [31:0] ex_lo_new = pick(init_now, go_exec[31:0], w_st, ex_lo_val, sq_val);
    always @(posedge clk) begin
        if (init_now || (w_st && w_scc_we)) st_scc[st_slot] <= init_now ? 1'b0 : w_scc;
        if (init_now || (w_st && w_mode_we)) st_mode[st_slot] <= init_now ? go_mode : w_mode;
        if (init_now || (w_st && we_vcc_lo) || sq_vcc_lo) begin
            st_vcc_lo[st_slot] <= vcc_lo_new;
            st_vccz[st_slot] <= vcc_lo_new == 32'd0;
        end
        if (init_now || (w_st && we_vcc_hi) || sq_vcc_hi)
            st_vcc_hi[st_slot] <= pick(init_now, 32'd0, w_st, vcc_hi_val, sq_val);
        if (init_now || (w_st && we_m0) || sq_m0)
            st_m0[st_slot] <= pick(init_now, 32'd0, w_st, m0_val, sq_val);
        if (init_now || (w_st && (ex_lo_d || w_ex_lo)) || sq_ex_lo) begin
            st_exec_lo[st_slot] <= ex_lo_new;
            st_execz[st_slot] <= ex_lo_new == 32'd0;
        end
        if (init_now || (w_st && (ex_hi_d || w_ex_hi)) || sq_ex_hi)
            st_exec_hi[st_slot] <= pick(init_now, go_exec[63:32], w_st, ex_hi_val, sq_val);
    end

    // The wave's end, a cycle after W. A fault: an instruction W stops (w_bad), a load's
    // bus error, a GLOBAL instruction's (mc_err) when they come. The first stops every
    // slot from issuing (the front's hold); the fault is given (fault, fault_pc, one
    // cycle) once the vector memory instructions retired before it have completed (vn
    // counts them from W) and the scalar loads have (or one has failed), so that the trace
    // holds everything before the faulting instruction. Its PC: the oldest's, as the
    // order of issue makes it: a GLOBAL instruction's before a load's (no GLOBAL
    // instruction issues while a load is outstanding), a load's before W's.
    reg                  f_sent, f_gl, f_ld, m_failed;
    reg  [IMEM_BITS-1:0] flt_pc;
    reg  [GQB+DPB+1:0]   vn;
    wire                 f_gnow = mc_done && mc_gm && mc_err;
    wire                 f_wnow = w_valid && w_bad;
    always @(posedge clk) begin
        ended <= (!rst && retire && w_end) ? w_one : {SLOTS{1'b0}};
        if (rst) begin
            f_any <= 1'b0;
            f_sent <= 1'b0;
            f_gl <= 1'b0;
            f_ld <= 1'b0;
            m_failed <= 1'b0;
            vn <= 0;
        end else begin
            vn <= vn + {{(GQB + DPB + 1){1'b0}}, n_inc && n_vec}
                  - {{(GQB + DPB + 1){1'b0}}, mc_done};
            if (m_err) m_failed <= 1'b1;
            if (f_gnow || m_err || f_wnow) f_any <= 1'b1;
            if (f_gnow && !f_gl) begin
                f_gl <= 1'b1;
                flt_pc <= gq_pc;
            end else if (m_err && !f_gl && !f_ld) begin
                f_ld <= 1'b1;
                flt_pc <= h_pc;
            end else if (f_wnow && !f_any) begin
                flt_pc <= w_pc;
            end
            if (f_any && !f_sent && (vn == 0) && ((q_n == 4'd0) || m_failed)) f_sent <= 1'b1;
        end
        fault <= !rst && f_any && !f_sent && (vn == 0) && ((q_n == 4'd0) || m_failed);
        fault_pc <= {{(30 - IMEM_BITS){1'b0}}, flt_pc, 2'b00};
    end

    assign trace_valid = retire;
    assign trace_slot = w_slot;
    assign bar_arrive = retire && w_bar;
    assign bar_slot = w_slot;
    assign bar_pc = {{(30 - IMEM_BITS){1'b0}}, w_pc, 2'b00};
    assign trace_pc = {{(30 - IMEM_BITS){1'b0}}, w_pc, 2'b00};
    assign trace_word0 = w_w0;
    assign trace_word1 = w_w1;
    assign trace_nwords = w_nw;
    assign trace_word2 = w_w2;
    assign trace_vector = w_inj;
    assign trace_mem = w_ds && !w_gl;
    assign trace_gmem = w_gl;
    assign trace_has_literal = w_lit;
    assign trace_exec = w_exec;
    assign trace_we = w_valid ? w_we : 4'd0;
    assign trace_idx = w_idx;
    assign trace_val = w_val;
    assign trace_scc_we = w_valid && w_scc_we;
    assign trace_scc = w_scc;
endmodule

`default_nettype wire
