// cu32_scalar — the interleaved core's scalar spine: the front end (cu32_front), the
// decode table (cu32_decode), the SGPR file (cu32_sgpr), each wave slot's SCC, VCC, EXEC,
// M0 and MODE in distributed RAM, and the pipelined SALU (cu32_salu_pipe). Select takes
// one instruction a cycle from a ready slot; the slot is made ready again by W, so a wave
// has one instruction in these stages at a time: nothing forwards, and a slot's state
// read anywhere in the stages is the state its instruction found.
//
// Cycles (one each; the registers named after the stage that fills them):
//   S F1 F2 F3  cu32_front: select, PC, the instruction banks; F3's words leave registered
//   D   the decode table reads word 0 (registered: dec_*); the words go on (d_*)
//   C   operand codes (M0-relative ones through cu32_indexer), constants, the literal, a
//       special register's value (VCC, M0, EXEC: the slot's, read here), the branch
//       condition and the next PC, the checks that stop a wave; c_* hold the SGPR pair
//       addresses for B
//   B   the SGPR pairs read (block RAM)
//   R   registered in the fabric; operands chosen (x_*) and, for s_setpc/s_swappc, the
//       jump target checked
//   X1..X4  the SALU: cu32_salu_pipe (results two edges after x_*) and its outputs
//       registered here (s_*), SALU_LATENCY edges after x_*; in X4 the writes are worked
//       out
//   W   w_*: the SGPR write, the slot's state writes, the next PC and `run` to the front;
//       the instruction retires (trace_*), or its wave ends (s_endpgm) or faults
//
// A fault stops the wave with fault_pc: a word in no row of the decode table (vector and
// memory instructions included, until their units join), words past the memory's end, a
// taken branch or a jump leaving the memory. s_waitcnt and s_barrier go through as no-ops
// (no memory unit yet; a plain program is one wave).
//
// A wave starts with `start` (when !start_busy): the slot's SGPRs are cleared (the SGPR
// file's sweep), its state set (EXEC start_exec, MODE start_mode, the rest 0), and then
// it is made ready at word start_pc. pc_base: the byte address of instruction word 0 (what
// s_getpc_b64 and s_call_b64 see, and what a jump target is relative to).
`default_nettype none

module cu32_scalar #(
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
    input  wire                 hold,
    output reg                  ended,
    output reg                  fault,
    output reg  [SB-1:0]        end_slot,
    output reg  [31:0]          fault_pc,
    output wire                 trace_valid,
    output wire [SB-1:0]        trace_slot,
    output wire [31:0]          trace_pc,
    output wire [31:0]          trace_word0,
    output wire [31:0]          trace_word1,
    output wire [1:0]           trace_nwords,
    output wire                 trace_has_literal,
    output wire [63:0]          trace_exec,
    output wire [3:0]           trace_we,
    output wire [27:0]          trace_idx,   // four 7-bit SGPR codes
    output wire [127:0]         trace_val,   // four dwords
    output wire                 trace_scc_we,
    output wire                 trace_scc
);
`include "cu32_ctrl.vh"
    localparam [6:0] VCC_LO = 7'd106, NULL = 7'd124, M0 = 7'd125, EXEC_LO = 7'd126;

    // ---- the slots' state: distributed RAM, one write port (W, or a wave's start) ----
    reg         st_scc     [0:SLOTS-1];
    reg  [31:0] st_vcc_lo  [0:SLOTS-1];
    reg  [31:0] st_vcc_hi  [0:SLOTS-1];
    reg  [31:0] st_exec_lo [0:SLOTS-1];
    reg  [31:0] st_exec_hi [0:SLOTS-1];
    reg  [31:0] st_m0      [0:SLOTS-1];
    reg  [31:0] st_mode    [0:SLOTS-1];

    // ---- a wave's start: clear its SGPRs, set its state, make it ready ----
    // go_clear: the SGPR file's sweep begins; go_init: the state is still to be set (in a
    // cycle W does not write it); go_run: the slot's PC written and the slot made ready
    // (in a cycle W will not write a PC: none in X4).
    reg          go_clear, go_init, go_wait, go_run;
    reg [SB-1:0] go_slot;
    reg [IMEM_BITS-1:0] go_pc;
    reg [63:0]   go_exec;
    reg [31:0]   go_mode;
    wire         clear_busy;
    reg          w_valid, xo_live;
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
            go_wait <= go_clear || (go_wait && (clear_busy || go_init || xo_live));
            go_run <= go_wait && !clear_busy && !go_init && !xo_live;
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
    reg                  w_run;
    reg  [SB-1:0]        w_slot;
    reg  [IMEM_BITS-1:0] w_next;
    wire [SLOTS-1:0]     run_w = w_run ? ({{(SLOTS - 1){1'b0}}, 1'b1} << w_slot) : {SLOTS{1'b0}};
    wire [SLOTS-1:0]     run_go = go_run ? ({{(SLOTS - 1){1'b0}}, 1'b1} << go_slot) : {SLOTS{1'b0}};
    cu32_front #(.SLOTS(SLOTS), .SLOT_BITS(SB), .IMEM_BITS(IMEM_BITS)) front (
        .clk(clk), .rst(rst),
        .imem_we(imem_we), .imem_addr(imem_addr), .imem_wdata(imem_wdata),
        .pc_we(w_run || go_run), .pc_slot(w_run ? w_slot : go_slot),
        .pc_val(w_run ? w_next : go_pc), .run(run_w | run_go), .hold(hold),
        .ready(ready), .f_valid(f_valid), .f_slot(f_slot), .f_pc(f_pc),
        .f_w0(f_w0), .f_w1(f_w1), .f_w2(f_w2), .f_room(f_room)
    );
    wire unused_front = &{1'b0, ready, f_w2};

    // ---- D: decode ----
    wire                   dec_legal, dec_lit;
    wire [CTRL_WIDTH-1:0]  dec;
    wire [63:0]            dec_ka, dec_kb;
    // (The packed `ctrl` carries the fields the decode also gives one by one.)
    /* verilator lint_off PINMISSING */
    cu32_decode decode (
        .clk(clk), .en(1'b1), .word(f_w0), .legal(dec_legal), .lit(dec_lit), .ctrl(dec),
        .a_const(dec_ka), .b_const(dec_kb)
    );
    /* verilator lint_on PINMISSING */
    reg                  d_valid;
    reg  [SB-1:0]        d_slot;
    reg  [IMEM_BITS-1:0] d_pc;
    reg  [31:0]          d_w0, d_w1;
    reg  [1:0]           d_room;
    always @(posedge clk) begin
        d_valid <= f_valid && !rst;
        d_slot <= f_slot;
        d_pc <= f_pc;
        d_w0 <= f_w0;
        d_w1 <= f_w1;
        d_room <= f_room;
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
    wire unused_dec = &{1'b0, dec[F_LEGAL], dec[F_SMEM_N +: W_SMEM_N],
                        dec[F_MEM_WAIT +: W_MEM_WAIT]};

    // ---- C: operands, constants, branch, checks ----
    wire        d_scc = st_scc[d_slot];
    wire [63:0] d_vcc = {st_vcc_hi[d_slot], st_vcc_lo[d_slot]};
    wire [63:0] d_exec = {st_exec_hi[d_slot], st_exec_lo[d_slot]};
    wire [31:0] d_m0 = st_m0[d_slot];
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
    wire        a_rel = (d_a_rel != REL_NONE) && ia_ok;
    wire [6:0]  a_code = a_rel ? ia_addr : (d_a_src == ASRC_SDST) ? d_w0[22:16] : d_w0[6:0];
    wire [6:0]  b_code = (d_b_src == BSRC_SDST) ? d_w0[22:16] : d_w0[14:8];
    wire [6:0]  d_code = (d_d_rel != REL_NONE) ? id_addr : d_w0[22:16];
    wire        a_reg = (d_a_src == ASRC_SDST) || ((d_a_src == ASRC_SSRC0) && !d_w0[7]);
    wire        b_reg = (d_b_src == BSRC_SDST) || ((d_b_src == BSRC_SSRC1) && !d_w0[15]);
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
        if (a_reg) ka = special(a_code, d_a_wide, d_vcc, d_m0, d_exec);
        else if (d_a_src == ASRC_SSRC0) begin
            if (d_w0[7:0] == 8'd255) ka = d_a_wide ? lit : {32'd0, d_w1};
            else if (d_w0[7:0] == 8'd253) ka = {63'd0, d_scc};
            else ka = dec_ka;
        end else if (d_a_src == ASRC_IMM32) ka = {32'd0, d_w1};
        kb = 64'd0;
        if (b_reg) kb = special(b_code, d_b_wide, d_vcc, d_m0, d_exec);
        else if (d_b_src == BSRC_SSRC1) begin
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
            COND_VCCZ:   taken_if = d_vcc[31:0] == 32'd0;
            COND_VCCNZ:  taken_if = d_vcc[31:0] != 32'd0;
            COND_EXECZ:  taken_if = d_exec[31:0] == 32'd0;
            COND_EXECNZ: taken_if = d_exec[31:0] != 32'd0;
            default:     taken_if = 1'b0;
        endcase
    end
    wire        taken = (d_kind == KIND_BRANCH) && taken_if;
    wire [31:0] target = {{(32 - IMEM_BITS){1'b0}}, d_pc} + 32'd1 + simm[31:0];
    wire [1:0]  len = dec_lit ? 2'd2 : 2'd1;
    wire [31:0] next = taken ? target : {{(32 - IMEM_BITS){1'b0}}, d_pc} + {30'd0, len};
    wire        bad = !dec_legal || (d_kind == KIND_SMEM) || (d_room < len)
                      || (taken && (target[31:IMEM_BITS] != 0));
    reg                  c_valid, c_bad, c_a_ram, c_b_ram, c_a_hi, c_b_hi;
    reg  [SB-1:0]        c_slot;
    reg  [IMEM_BITS-1:0] c_pc, c_next;
    reg  [31:0]          c_w0, c_w1;
    reg  [5:0]           c_a_pair, c_b_pair;
    reg  [63:0]          c_ka, c_kb;
    reg  [W_ALU-1:0]     c_alu;
    reg  [W_KIND-1:0]    c_kind;
    reg  [6:0]           c_d_code;
    reg                  c_lit, c_a_wide, c_b_wide, c_d_wide, c_d_on, c_scc_we, c_exec_we;
    reg                  c_mode_we;
    always @(posedge clk) begin
        c_valid <= d_valid && !rst;
        c_slot <= d_slot;
        c_pc <= d_pc;
        c_w0 <= d_w0;
        c_w1 <= d_w1;
        c_bad <= bad;
        c_next <= next[IMEM_BITS-1:0];
        c_a_ram <= a_reg && (a_code < VCC_LO);
        c_b_ram <= b_reg && (b_code < VCC_LO);
        c_a_pair <= a_code[6:1];
        c_b_pair <= b_code[6:1];
        c_a_hi <= a_code[0] && !d_a_wide;
        c_b_hi <= b_code[0] && !d_b_wide;
        c_ka <= ka;
        c_kb <= kb;
        c_alu <= d_alu;
        c_kind <= d_kind;
        c_d_code <= {d_code[6:1], d_code[0] && !d_d_wide};
        c_lit <= dec_lit;
        c_a_wide <= d_a_wide;
        c_b_wide <= d_b_wide;
        c_d_wide <= d_d_wide;
        c_d_on <= d_on;
        c_scc_we <= d_scc_we && !ttmp;
        c_exec_we <= d_exec_we;
        c_mode_we <= d_mode_we;
    end

    // ---- B, R: the SGPR pairs ----
    wire [63:0] ra_data, rb_data;
    wire        lw_ready;
    reg         w_lo, w_hi;
    reg  [5:0]  w_pair;
    reg  [63:0] w_data;
    cu32_sgpr #(.SLOT_BITS(SB)) sgpr (
        .clk(clk), .rst(rst),
        .ra_slot(c_slot), .ra_pair(c_a_pair), .ra_data(ra_data),
        .rb_slot(c_slot), .rb_pair(c_b_pair), .rb_data(rb_data),
        .w_lo(w_lo), .w_hi(w_hi), .w_slot(w_slot), .w_pair(w_pair), .w_data(w_data),
        .lw_lo(1'b0), .lw_hi(1'b0), .lw_ready(lw_ready), .lw_slot({SB{1'b0}}), .lw_pair(6'd0),
        .lw_data(64'd0),
        .clear(go_clear), .clear_slot(go_slot), .clear_busy(clear_busy)
    );
    // Everything else waits for the pairs in shift registers: [0] in B, [1] in R.
    reg                  b_valid, r_valid;
    reg  [SB-1:0]        b_slot, r_slot;
    reg  [IMEM_BITS-1:0] b_pc, r_pc, b_next, r_next;
    reg  [31:0]          b_w0, r_w0, b_w1, r_w1;
    reg  [63:0]          b_ka, r_ka, b_kb, r_kb;
    reg  [W_ALU-1:0]     b_alu, r_alu;
    reg  [W_KIND-1:0]    b_kind, r_kind;
    reg  [6:0]           b_d_code, r_d_code;
    reg  [11:0]          b_flags, r_flags;
    wire [11:0] c_flags = {c_bad, c_a_ram, c_b_ram, c_a_hi, c_b_hi, c_lit, c_a_wide,
                           c_b_wide, c_d_wide, c_d_on, c_scc_we, c_exec_we};
    reg                  b_mode_we, r_mode_we;
    always @(posedge clk) begin
        b_valid <= c_valid && !rst;
        r_valid <= b_valid && !rst;
        {b_slot, b_pc, b_next, b_w0, b_w1, b_ka, b_kb, b_alu, b_kind, b_d_code, b_flags,
         b_mode_we} <= {c_slot, c_pc, c_next, c_w0, c_w1, c_ka, c_kb, c_alu, c_kind,
                        c_d_code, c_flags, c_mode_we};
        {r_slot, r_pc, r_next, r_w0, r_w1, r_ka, r_kb, r_alu, r_kind, r_d_code, r_flags,
         r_mode_we} <= {b_slot, b_pc, b_next, b_w0, b_w1, b_ka, b_kb, b_alu, b_kind,
                        b_d_code, b_flags, b_mode_we};
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
    localparam integer SALU_LATENCY = 3;   // x_* to s_*: cu32_salu_pipe's 2, then s_*
    reg                  x_valid;
    reg  [SB-1:0]        x_slot;
    reg  [63:0]          x_a, x_b, x_exec;
    reg  [31:0]          x_mode;
    reg                  x_scc;
    reg  [W_ALU-1:0]     x_alu;
    reg                  x_wide, x_d_wide;
    reg  [IMEM_BITS-1:0] x_pc;
    always @(posedge clk) begin
        x_valid <= r_valid && !rst;
        x_slot <= r_slot;
        x_a <= r_a;
        x_b <= r_b;
        x_exec <= {st_exec_hi[r_slot], st_exec_lo[r_slot]};
        x_mode <= st_mode[r_slot];
        x_scc <= st_scc[r_slot];
        x_alu <= r_alu;
        x_wide <= r_a_wide || r_d_wide;
        x_d_wide <= r_d_wide;
        x_pc <= r_pc;
    end
    wire [63:0] p_result, p_exec;
    wire [31:0] p_mode;
    wire        p_scc, p_quick;
    cu32_salu_pipe salu (
        .clock(clk), .op(x_alu), .a(x_a), .b(x_b), .wide(x_wide), .d_wide(x_d_wide),
        .scc(x_scc), .exec(x_exec), .mode(x_mode),
        .pc(pc_base + {{(62 - IMEM_BITS){1'b0}}, x_pc, 2'b00}),
        .result(p_result), .scc_out(p_scc), .exec_out(p_exec), .mode_out(p_mode), .quick(p_quick)
    );
    wire unused_salu = &{1'b0, x_valid, x_slot, p_quick, lw_ready};
    // What W needs, beside the SALU.
    localparam integer XE = 1 + SB + 2 * IMEM_BITS + 64 + 7 + W_KIND + 12 + 1;
    wire [XE-1:0] r_carry = {r_valid, r_slot, r_pc, jump_out ? r_pc : r_jump ?
                             jump[IMEM_BITS+1:2] : r_next, r_w0, r_w1, r_d_code, r_kind,
                             r_flags[11] || jump_out, r_flags[10:0], r_mode_we};
    // (x_carry[k] is in stage X(k + 1); the last meets the SALU's registered outputs.)
    reg  [XE-1:0] x_carry [0:SALU_LATENCY];
    reg  [63:0]   s_result, s_exec;
    reg  [31:0]   s_mode;
    reg           s_scc;
    integer       xk;
    always @(posedge clk) begin
        x_carry[0] <= r_carry;
        for (xk = 1; xk <= SALU_LATENCY; xk = xk + 1) x_carry[xk] <= x_carry[xk - 1];
        if (rst) for (xk = 0; xk <= SALU_LATENCY; xk = xk + 1) x_carry[xk][XE-1] <= 1'b0;
        s_result <= p_result;
        s_exec <= p_exec;
        s_mode <= p_mode;
        s_scc <= p_scc;
    end
    wire                 xo_valid, xo_bad, xo_lit, xo_d_wide, xo_d_on, xo_scc_we, xo_exec_we;
    wire                 xo_mode_we, xo_a_ram, xo_b_ram, xo_a_hi, xo_b_hi, xo_a_wide;
    wire                 xo_b_wide;
    wire [SB-1:0]        xo_slot;
    wire [IMEM_BITS-1:0] xo_pc, xo_next;
    wire [31:0]          xo_w0, xo_w1;
    wire [6:0]           xo_d_code;
    wire [W_KIND-1:0]    xo_kind;
    assign {xo_valid, xo_slot, xo_pc, xo_next, xo_w0, xo_w1, xo_d_code, xo_kind, xo_bad,
            xo_a_ram, xo_b_ram, xo_a_hi, xo_b_hi, xo_lit, xo_a_wide, xo_b_wide, xo_d_wide,
            xo_d_on, xo_scc_we, xo_exec_we, xo_mode_we} = x_carry[SALU_LATENCY];
    always @(*) xo_live = xo_valid;
    wire unused_x3 = &{1'b0, next[31:IMEM_BITS], r_bad, r_lit, r_d_on, r_scc_we, r_exec_we,
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
    reg                  w_bad, w_end, w_lit;
    reg  [IMEM_BITS-1:0] w_pc;
    reg  [31:0]          w_w0, w_w1;
    reg  [3:0]           w_we;
    reg  [27:0]          w_idx;
    reg  [127:0]         w_val;
    reg                  w_scc_we, w_scc, w_mode_we, w_ex_lo, w_ex_hi;
    reg  [31:0]          w_mode, w_exec_lo, w_exec_hi;
    always @(posedge clk) begin
        w_valid <= xo_valid && !rst;
        w_run <= xo_valid && !rst && !xo_bad && (xo_kind != KIND_END);
        w_slot <= xo_slot;
        w_pc <= xo_pc;
        w_next <= xo_next;
        w_w0 <= xo_w0;
        w_w1 <= xo_w1;
        w_lit <= xo_lit;
        w_bad <= xo_bad;
        w_end <= xo_kind == KIND_END;
        w_lo <= (lo_on && (lo_code < VCC_LO) && !lo_code[0]) || (hi_on && (hi_code < VCC_LO) && !hi_code[0]);
        w_hi <= (lo_on && (lo_code < VCC_LO) && lo_code[0]) || (hi_on && (hi_code < VCC_LO) && hi_code[0]);
        w_pair <= lo_code[6:1];
        w_data <= xo_d_wide ? s_result : {s_result[31:0], s_result[31:0]};
        w_we <= t_we;
        w_idx <= {hi_code, lo_code, 7'd127, 7'd126};
        w_val <= {s_result[63:32], s_result[31:0], s_exec[63:32], s_exec[31:0]};
        w_scc_we <= xo_valid && xo_scc_we && !xo_bad;
        w_scc <= s_scc;
        w_mode_we <= xo_valid && xo_mode_we && !xo_bad;
        w_mode <= s_mode;
        w_ex_lo <= ex_on;
        w_ex_hi <= ex_on && xo_d_wide;
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
    // One write port per array: W's writes, or a starting wave's state (init_now).
    wire [SB-1:0] st_slot = init_now ? go_slot : w_slot;
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
    always @(posedge clk) begin
        if (init_now || (w_st && w_scc_we)) st_scc[st_slot] <= init_now ? 1'b0 : w_scc;
        if (init_now || (w_st && w_mode_we)) st_mode[st_slot] <= init_now ? go_mode : w_mode;
        if (init_now || (w_st && we_vcc_lo)) st_vcc_lo[st_slot] <= init_now ? 32'd0 : vcc_lo_val;
        if (init_now || (w_st && we_vcc_hi)) st_vcc_hi[st_slot] <= init_now ? 32'd0 : vcc_hi_val;
        if (init_now || (w_st && we_m0)) st_m0[st_slot] <= init_now ? 32'd0 : m0_val;
        if (init_now || (w_st && (ex_lo_d || w_ex_lo)))
            st_exec_lo[st_slot] <= init_now ? go_exec[31:0] : ex_lo_val;
        if (init_now || (w_st && (ex_hi_d || w_ex_hi)))
            st_exec_hi[st_slot] <= init_now ? go_exec[63:32] : ex_hi_val;
    end

    // The wave's end or fault, a cycle after W.
    always @(posedge clk) begin
        ended <= w_valid && !w_bad && w_end && !rst;
        fault <= w_valid && w_bad && !rst;
        end_slot <= w_slot;
        fault_pc <= {{(30 - IMEM_BITS){1'b0}}, w_pc, 2'b00};
    end

    assign trace_valid = w_valid && !w_bad;
    assign trace_slot = w_slot;
    assign trace_pc = pc_base[31:0] + {{(30 - IMEM_BITS){1'b0}}, w_pc, 2'b00};
    assign trace_word0 = w_w0;
    assign trace_word1 = w_w1;
    assign trace_nwords = w_lit ? 2'd2 : 2'd1;
    assign trace_has_literal = w_lit;
    assign trace_exec = {st_exec_hi_w, st_exec_lo_w};
    assign trace_we = w_valid ? w_we : 4'd0;
    assign trace_idx = w_idx;
    assign trace_val = w_val;
    assign trace_scc_we = w_valid && w_scc_we;
    assign trace_scc = w_scc;
    // EXEC as the instruction found it: the slot's, read before W writes it.
    wire [31:0] st_exec_lo_w = st_exec_lo[w_slot];
    wire [31:0] st_exec_hi_w = st_exec_hi[w_slot];
endmodule

`default_nettype wire
