// cu32_front — the compute unit's front end: select, the wave slots' PCs and the
// instruction memory. Each cycle select takes one ready slot (round robin from the last
// taken) and the slot stops being ready; four cycles later its instruction's words leave
// with f_valid. A slot is ready again only when the core says so (run), so a wave has at
// most one instruction in the pipeline and the front end needs no instruction buffer.
//
//   S   select: the first ready slot after the last taken (ready is cleared as it goes)
//   F1  the slot's PC from the PC RAM (distributed RAM, asynchronous read); each of the
//       four instruction banks gets its row of the words PC, PC + 1, PC + 2
//   F2  the banks read (block RAM, registered read)
//   F3  the banks' words registered (the block RAM's clock-to-output time is most of a
//       cycle), rotated by PC mod 4
//   out f_valid, f_slot, f_pc and the three words; f_room: how many of them lie in the
//       memory (3, or fewer at its end; the words past it read 0)
//
// The instruction memory holds 2^IMEM_BITS words in four banks by word address mod 4,
// written through imem_we (the code load). pc_we writes a slot's PC (a word address), as
// W does with the next PC or a start with the entry; run sets slots ready (in the same
// cycle as their pc_we, or later: a wave released from s_waitcnt or a barrier); a slot
// set ready in a cycle also taken then stays ready. hold: select takes no slot.
`default_nettype none

module cu32_front #(
    parameter integer SLOTS = 8,
    parameter integer SLOT_BITS = 3,   // slot port width (at least 1)
    parameter integer IMEM_BITS = 10   // word address bits (at least 2)
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 imem_we,
    input  wire [IMEM_BITS-1:0] imem_addr,
    input  wire [31:0]          imem_wdata,
    input  wire                 pc_we,
    input  wire [SLOT_BITS-1:0] pc_slot,
    input  wire [IMEM_BITS-1:0] pc_val,
    input  wire [SLOTS-1:0]     run,
    input  wire                 hold,
    output reg  [SLOTS-1:0]     ready,
    output reg                  f_valid,
    output reg  [SLOT_BITS-1:0] f_slot,
    output reg  [IMEM_BITS-1:0] f_pc,
    output reg  [31:0]          f_w0,
    output reg  [31:0]          f_w1,
    output reg  [31:0]          f_w2,
    output reg  [1:0]           f_room
);
    localparam integer RB = IMEM_BITS - 2;   // row bits of a bank

    // ---- S: round robin over the ready slots ----
    reg  [SLOT_BITS-1:0] last;
    // The nearest ready slot after `after` (`after` itself last), as {found, slot}.
    function automatic [SLOT_BITS:0] round_robin(input [SLOTS-1:0] set,
                                                 input [SLOT_BITS-1:0] after);
        integer n;
        reg [SLOT_BITS:0] c;
        begin
            round_robin = {1'b0, after};
            // From the farthest candidate to the nearest, so that the nearest wins.
            for (n = SLOTS; n >= 1; n = n - 1) begin
                c = {1'b0, after} + n[SLOT_BITS:0];
                if (c >= SLOTS[SLOT_BITS:0]) c = c - SLOTS[SLOT_BITS:0];
                if (set[c[SLOT_BITS-1:0]]) round_robin = {1'b1, c[SLOT_BITS-1:0]};
            end
        end
    endfunction
    wire                 found;
    wire [SLOT_BITS-1:0] pick_slot;
    assign {found, pick_slot} = round_robin(ready, last);
    wire pick = found && !hold;
    reg                  s_valid;
    reg  [SLOT_BITS-1:0] s_slot;
    always @(posedge clk) begin
        if (rst) begin
            ready <= {SLOTS{1'b0}};
            last <= {SLOT_BITS{1'b0}};
            s_valid <= 1'b0;
        end else begin
            ready <= (ready & ~(pick ? {{(SLOTS - 1){1'b0}}, 1'b1} << pick_slot : {SLOTS{1'b0}}))
                     | run;
            if (pick) last <= pick_slot;
            s_valid <= pick;
        end
        s_slot <= pick_slot;
    end

    // ---- F1: the PC, the banks' rows ----
    reg [IMEM_BITS-1:0] pcs [0:SLOTS-1];
    always @(posedge clk) if (pc_we) pcs[pc_slot] <= pc_val;
    wire [IMEM_BITS-1:0] pc = pcs[s_slot];
    reg                  f1_valid;
    reg  [SLOT_BITS-1:0] f1_slot;
    reg  [IMEM_BITS-1:0] f1_pc;
    always @(posedge clk) begin
        f1_valid <= s_valid && !rst;
        f1_slot <= s_slot;
        f1_pc <= pc;
    end

    wire [31:0] bank_q [0:3];
    genvar k;
    generate
        for (k = 0; k < 4; k = k + 1) begin : bank
            // Bank k holds the words 4 * row + k: of PC .. PC + 3 the one in this bank is
            // PC + (k - PC) mod 4.
            localparam [2:0] K = k;
            /* verilator lint_off UNUSEDSIGNAL */
            wire [2:0] d = K - {1'b0, pc[1:0]};   // d[2] (the borrow): k < PC mod 4
            /* verilator lint_on UNUSEDSIGNAL */
            wire [RB-1:0] row = pc[IMEM_BITS-1:2] + {{(RB - 1){1'b0}}, d[2]};
            (* no_rw_check *)
            reg [31:0] mem [0:(1 << RB) - 1];
            reg [31:0] q, q_out;
            always @(posedge clk) begin
                if (imem_we && imem_addr[1:0] == k) mem[imem_addr[IMEM_BITS-1:2]] <= imem_wdata;
                q <= mem[row];
                q_out <= q;
            end
            assign bank_q[k] = q_out;
        end
    endgenerate

    // ---- F2: the banks read; the words left in the memory ----
    reg                  f2_valid;
    reg  [SLOT_BITS-1:0] f2_slot;
    reg  [IMEM_BITS-1:0] f2_pc;
    reg  [1:0]           f2_room;
    wire [IMEM_BITS:0]   left = (1 << IMEM_BITS) - {1'b0, f1_pc};
    always @(posedge clk) begin
        f2_valid <= f1_valid && !rst;
        f2_slot <= f1_slot;
        f2_pc <= f1_pc;
        f2_room <= left > 2 ? 2'd3 : left[1:0];
    end

    // ---- F3: rotate ----
    always @(posedge clk) begin
        f_valid <= f2_valid && !rst;
        f_slot <= f2_slot;
        f_pc <= f2_pc;
        f_w0 <= bank_q[f2_pc[1:0]];
        f_w1 <= f2_room > 2'd1 ? bank_q[f2_pc[1:0] + 2'd1] : 32'd0;
        f_w2 <= f2_room > 2'd2 ? bank_q[f2_pc[1:0] + 2'd2] : 32'd0;
        f_room <= f2_room;
    end
endmodule

`default_nettype wire
