// cu32_dispatcher — the compute unit's dispatcher: it runs a dispatch the host loaded
// into the CSRs (cu32_csr), or a plain program, on the scalar spine (cu32_scalar) and the
// vector ALU (cu32_simd).
//
// A dispatch, on csr_start: CHECK refuses what the core cannot run (the codes below,
// ERROR_PC 0) and resets the core (core_reset); the code is loaded, CODE_BYTES from ENTRY
// over the Wishbone master (one word a request), into the instruction memory (word 0 =
// ENTRY: the core's PCs count from the kernel's first instruction). Then every work-group
// (x fastest, then y, z) is set up (GROUP: its size, a tag no live work-group has; CLEAR:
// LDS_BYTES of LDS zeroed, as the golden model gives each work-group: the LDS unit is idle
// then, no wave live since the last one's s_endpgm waited for its DS results), and its
// waves are started in order, each in the lowest free slot:
//   FILL   32 cycles, a lane a cycle: its work-item ids packed into v0 (x bits 9:0, y
//          19:10, z 29:20, as ENABLE_VGPR_WORKITEM_ID names them; 0 in lanes without a
//          work-item) and its EXEC bit (the lanes holding work-items);
//   START  the spine's start: the slot's SGPRs are swept to their initial values
//          (start_pair asks for a pair, sgpr_data gives it: the kernarg pointer at its
//          user SGPR pair, after the private segment buffer, dispatch and queue pointers
//          when KERNEL_CODE_PROPERTIES enables them; the enabled work-group ids from
//          s[USER_SGPR_COUNT]; 0 elsewhere), its VGPRs by the vector ALU's sweep, whose
//          first rows (v0's passes) take v0_data (v0_step: a row written), its EXEC and
//          MODE (from COMPUTE_PGM_RSRC1: round and denormal modes, DX10_CLAMP, IEEE) set;
//          then it runs from PC 0 beside the others.
// A wave is set up only once the spine's previous start is over (start_busy low): the
// sweeps read v0_data and sgpr_data as they go. A work-group's waves are tagged in the
// barrier (cu32_barrier): s_barrier parks a wave (bar_park) until every live wave of its
// work-group has arrived, and none is released until the work-group's last wave has
// started. The next work-group is set up once the last wave of this one has started: at
// once when the kernel uses no LDS, else once no wave is live. A wave that cannot start
// because every slot holds a wave parked at a barrier stops the dispatch with error
// BARRIER (the s_barrier's PC of the wave in slot 0). A wave's fault (`fault`, given
// once the memory instructions before it have completed; the spine runs nothing more)
// stops the dispatch with error INSTRUCTION at its PC. done or error rise as busy falls
// (done_pulse, error_pulse for the CSRs).
//
// A plain program (plain_start: the top's `start`, which also resets the core): one wave
// in slot 0 at PC 0, its SGPRs, VGPRs, MODE 0, EXEC_LO all ones; done at its s_endpgm,
// error (INSTRUCTION) at its fault.
//
// trace_wave: the number (in dispatch order) of the wave in slot trace_slot. running: a
// wave is live.
//
// Refused before anything runs (error codes: hdl/src/dispatch/mod.rs, cu32_dispatch.vh):
// CODE (ENTRY, CODE_BYTES), SIZE (grid and work-group sizes), DESCRIPTOR (what the
// descriptor asks that the core does not give), LDS (LDS_BYTES too large), BUS (an ERR
// while loading the code: ERROR_PC the address).
`default_nettype none

module cu32_dispatcher #(
    parameter integer SLOTS = 8,
    parameter integer SB = 3,          // slot port bits (at least 1)
    parameter integer LANES = 8,
    parameter integer PASS_BITS = 2,   // log2 (32 / LANES)
    parameter integer IMEM_BITS = 10,
    parameter integer LDS_BYTES = 16384,
    parameter integer LDS_BANKS = 16
) (
    input  wire                 clk,
    input  wire                 rst,
    // The CSRs (of these three registers only the descriptor fields are read).
    input  wire                 csr_start,
    input  wire [63:0]          entry,
    input  wire [63:0]          kernarg,
    input  wire [95:0]          grid,
    input  wire [95:0]          block,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [31:0]          rsrc1,
    input  wire [31:0]          rsrc2,
    input  wire [31:0]          properties,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [31:0]          lds_bytes,
    input  wire [31:0]          code_bytes,
    input  wire                 plain_start,
    // The core.
    output wire                 core_reset,
    output wire                 start,
    output reg  [SB-1:0]        start_slot,
    output wire [63:0]          start_exec,
    output wire [31:0]          start_mode,
    input  wire                 start_busy,
    input  wire [5:0]           start_pair,
    output wire [63:0]          sgpr_data,
    input  wire                 v0_step,
    output wire [32*LANES-1:0]  v0_data,
    input  wire [SLOTS-1:0]     ended,
    input  wire                 fault,
    input  wire [31:0]          fault_pc,
    output wire                 bar_park,
    input  wire                 bar_arrive,
    input  wire [SB-1:0]        bar_slot,
    input  wire [31:0]          bar_pc,
    output wire [SLOTS-1:0]     bar_wake,
    input  wire [SB-1:0]        trace_slot,
    output wire [31:0]          trace_wave,
    output wire                 lds_clr,
    output wire [RB-1:0]        lds_clr_row,
    output wire                 imem_we,
    output wire [IMEM_BITS-1:0] imem_addr,
    output wire [31:0]          imem_wdata,
    // Wishbone B4 pipelined master (reads only), for the code.
    output wire                 wb_cyc,
    output wire                 wb_stb,
    output wire [29:0]          wb_adr,
    input  wire                 wb_stall,
    input  wire                 wb_ack,
    input  wire                 wb_err,
    input  wire [31:0]          wb_dat_i,
    // Status: levels until the next start, pulses for the CSRs.
    output wire                 running,
    output wire                 busy,
    output wire                 done,
    output wire                 error,
    output wire [31:0]          error_pc,
    output wire [7:0]           error_code,
    output wire                 done_pulse,
    output wire                 error_pulse
);
`include "cu32_dispatch.vh"
    localparam integer KB = $clog2(LDS_BANKS);
    localparam integer RB = $clog2(LDS_BYTES) - 2 - KB;   // LDS row bits
    localparam integer P = 1 << PASS_BITS;
    localparam integer LB = LANES > 1 ? $clog2(LANES) : 1;
    localparam [3:0] S_IDLE = 4'd0, S_CHECK = 4'd1, S_LREQ = 4'd2, S_LACK = 4'd3,
                     S_GROUP = 4'd4, S_CLEAR = 4'd5, S_PICK = 4'd6, S_FILL = 4'd7,
                     S_START = 4'd8, S_NEXT = 4'd9, S_END = 4'd10, S_PLAIN = 4'd11,
                     S_PRUN = 4'd12;
    reg  [3:0]  state;
    reg         plain, failed, done_r, error_r;
    reg  [31:0] epc;
    reg  [7:0]  ecode;
    reg  [IMEM_BITS:0] lcount;    // code words loaded
    reg  [31:0] wnext;            // the next wave's number
    reg  [SB-1:0] ctag;           // the tag of the work-group being started
    reg         g_open;           // ... which has waves left to start
    reg  [RB:0] crow;             // LDS rows cleared
    reg  [31:0] bpc0;             // the s_barrier PC of the wave parked in slot 0
`include "cu32_grid.vh"
    // The LDS rows holding LDS_BYTES (at most LDS_BYTES when CLEAR runs: CHECK saw to it).
    localparam integer LW = $clog2(LDS_BYTES) + 1;
    localparam integer ROUND_I = 4 * LDS_BANKS - 1;
    localparam [LW-1:0] ROUND = ROUND_I[LW-1:0];
    wire [LW-1:0] clear_bytes = lds_bytes[LW-1:0] + ROUND;
    wire [RB:0] clear_rows = clear_bytes[LW-1:KB+2];
    wire        unused_bytes = &{1'b0, clear_bytes[KB+1:0]};

    // ---- the barrier, and the slots' waves ----
    wire [SLOTS-1:0] live, parked, tags_used;
    reg  [SB-1:0] ended_slot;
    integer k;
    always @(*) begin
        ended_slot = {SB{1'b0}};
        for (k = 0; k < SLOTS; k = k + 1)
            if (ended[k]) ended_slot = k[SB-1:0];
    end
    cu32_barrier #(.SLOTS(SLOTS), .SLOT_BITS(SB)) barrier (
        .clk(clk), .rst(rst || plain_start || state == S_CHECK),
        .enter(start), .enter_slot(start_slot), .enter_tag(ctag),
        .leave(ended != {SLOTS{1'b0}}), .leave_slot(ended_slot),
        .arrive(bar_arrive), .arrive_slot(bar_slot),
        .open(g_open), .open_tag(ctag),
        .wake(bar_wake), .live(live), .parked(parked), .tags_used(tags_used)
    );
    // The lowest slot without a live wave, and the lowest tag no live wave has.
    reg  [SB-1:0] free_slot, free_tag;
    always @(*) begin
        free_slot = {SB{1'b0}};
        free_tag = {SB{1'b0}};
        for (k = SLOTS - 1; k >= 0; k = k - 1) begin
            if (!live[k]) free_slot = k[SB-1:0];
            if (!tags_used[k]) free_tag = k[SB-1:0];
        end
    end
    wire        all_live = live == {SLOTS{1'b1}};
    reg  [31:0] swave [0:SLOTS-1];
    always @(posedge clk) if (start) swave[start_slot] <= wnext;
    assign trace_wave = swave[trace_slot];

    // ---- v0: LANES chains of P work-item ids (lane l's chain holds lanes l, l + LANES,
    // .. from its head), filled in FILL (lane k goes in at the tail of chain k mod LANES)
    // and shifted on by the vector ALU's sweep, a pass at each row it writes (v0's rows
    // come first; 0 shifts in) ----
    // (0 but in FILL: the chains' one input, so that a sweep's shifts bring in 0.)
    wire [31:0] v0_in = (state == S_FILL) ? lane_v0 : 32'd0;
    genvar l, q;
    generate
        for (l = 0; l < LANES; l = l + 1) begin : chain
            localparam [LB-1:0] L = l;
            reg  [31:0] ids [0:P-1];
            wire fill = state == S_FILL && (LANES == 1 || lane[LB-1:0] == L);
            for (q = 0; q < P; q = q + 1) begin : place
                always @(posedge clk) begin
                    if (rst || core_reset || plain_start)
                        ids[q] <= 32'd0;
                    else if (fill || v0_step)
                        ids[q] <= q == P - 1 ? v0_in : ids[(q + 1) % P];
                end
            end
            assign v0_data[32*l +: 32] = ids[0];
        end
    endgenerate

    // ---- the spine's start, and the initial SGPRs its sweep asks for ----
    assign core_reset = state == S_CHECK;
    assign start = state == S_START || state == S_PLAIN;
    assign start_exec = plain ? 64'h0000_0000_ffff_ffff : {32'd0, exec_r};
    assign start_mode = plain ? 32'd0 : grid_mode;
    assign sgpr_data = plain ? 64'd0 : {grid_sgpr({start_pair, 1'b1}), grid_sgpr({start_pair, 1'b0})};
    assign bar_park = !plain;

    assign lds_clr = state == S_CLEAR;
    assign lds_clr_row = crow[RB-1:0];
    assign imem_we = state == S_LACK && wb_ack;
    assign imem_addr = lcount[IMEM_BITS-1:0];
    assign imem_wdata = wb_dat_i;
    assign wb_cyc = state == S_LREQ || state == S_LACK;
    assign wb_stb = state == S_LREQ;
    assign wb_adr = entry[31:2] + {{(29 - IMEM_BITS){1'b0}}, lcount};
    assign running = state != S_IDLE && live != {SLOTS{1'b0}};
    assign busy = state != S_IDLE && !plain;
    assign done = done_r;
    assign error = error_r;
    assign error_pc = epc;
    assign error_code = ecode;
    assign done_pulse = state == S_END && !failed;
    assign error_pulse = state == S_END && failed;

    task automatic fail(input [7:0] code, input [31:0] pc);
        begin
            failed <= 1'b1;
            ecode <= code;
            epc <= pc;
            state <= S_END;
        end
    endtask

    // PICK's choices, in this order: a wave of the work-group being started (a slot
    // free, the previous start over); the next work-group once this one's waves have all
    // started (a slot free; no wave live when it uses LDS); the end, once no wave is live
    // and no work-group is left; BARRIER, when every slot holds a parked wave; else wait.
    wire        pick_wave = !fin && !all_live && !start_busy;
    wire        pick_group = fin && !last && !all_live && !start_busy
                           && (lds_bytes == 32'd0 || live == {SLOTS{1'b0}});
    always @(posedge clk) begin
        case (state)
            S_IDLE: ;
            S_CHECK: begin
                lcount <= 0;
                wnext <= 32'd0;
                grid_begin;
                if (bad_code) fail(E_CODE, 32'd0);
                else if (bad_size) fail(E_SIZE, 32'd0);
                else if (bad_desc) fail(E_DESCRIPTOR, 32'd0);
                else if (bad_lds) fail(E_LDS, 32'd0);
                else state <= S_LREQ;
            end
            S_LREQ: if (!wb_stall) state <= S_LACK;
            S_LACK: begin
                if (wb_err) begin
                    fail(E_BUS, {wb_adr, 2'd0});
                end else if (wb_ack) begin
                    lcount <= lcount + 1'b1;
                    // (CODE_BYTES fits the instruction memory: CHECK saw to it.)
                    state <= ({lcount + 1'b1, 2'd0} >= code_bytes[IMEM_BITS+2:0]) ? S_GROUP : S_LREQ;
                end
            end
            S_GROUP: begin
                group_begin;
                ctag <= free_tag;
                g_open <= 1'b1;
                crow <= 0;
                state <= (lds_bytes != 32'd0) ? S_CLEAR : S_PICK;
            end
            S_CLEAR: begin
                // (LDS_BYTES fits the LDS: CHECK saw to it.)
                crow <= crow + 1'b1;
                if (crow + 1'b1 >= clear_rows) state <= S_PICK;
            end
            S_PICK: begin
                if (pick_wave) begin
                    start_slot <= free_slot;
                    lane <= 5'd0;
                    state <= S_FILL;
                end else if (pick_group) begin
                    state <= S_NEXT;
                end else if (fin && last && live == {SLOTS{1'b0}} && !start_busy) begin
                    state <= S_END;
                end else if (!fin && all_live && parked == {SLOTS{1'b1}}) begin
                    fail(E_BARRIER, bpc0);
                end
            end
            S_FILL: begin
                lane_step;
                if (lane == 5'd31) state <= S_START;
            end
            S_START: begin
                wnext <= wnext + 32'd1;
                if (fin) g_open <= 1'b0;
                state <= S_PICK;
            end
            S_NEXT: begin
                group_next;
                state <= (more_x || more_y || more_z) ? S_GROUP : S_PICK;
            end
            S_END: begin
                done_r <= !failed;
                error_r <= failed;
                state <= S_IDLE;
            end
            S_PLAIN: state <= S_PRUN;
            S_PRUN: if (ended != {SLOTS{1'b0}}) begin
                done_r <= 1'b1;
                state <= S_IDLE;
            end
            default: state <= S_IDLE;
        endcase
        if (bar_arrive && bar_slot == {SB{1'b0}}) bpc0 <= bar_pc;
        // A wave's fault ends the run.
        if (fault && state != S_IDLE && state != S_END) begin
            failed <= 1'b1;
            ecode <= E_INSTRUCTION;
            epc <= fault_pc;
            if (plain) begin
                error_r <= 1'b1;
                state <= S_IDLE;
            end else begin
                state <= S_END;
            end
        end
        if (csr_start && state == S_IDLE) begin
            state <= S_CHECK;
            plain <= 1'b0;
            g_open <= 1'b0;
        end
        if (plain_start) begin
            state <= S_PLAIN;
            plain <= 1'b1;
            start_slot <= {SB{1'b0}};
            ctag <= {SB{1'b0}};
            g_open <= 1'b0;
        end
        if ((csr_start && state == S_IDLE) || plain_start) begin
            failed <= 1'b0;
            done_r <= 1'b0;
            error_r <= 1'b0;
            ecode <= 8'd0;
            epc <= 32'd0;
        end
        if (rst) begin
            state <= S_IDLE;
            plain <= 1'b1;
            failed <= 1'b0;
            done_r <= 1'b0;
            error_r <= 1'b0;
            ecode <= 8'd0;
            epc <= 32'd0;
            g_open <= 1'b0;
            exec_r <= 32'd0;
            start_slot <= {SB{1'b0}};
            ctag <= {SB{1'b0}};
        end
    end
endmodule

`default_nettype wire
