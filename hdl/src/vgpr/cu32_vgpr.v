// cu32_vgpr — the VGPR file of the compute unit: three copies of the registers, one
// per source port, each copy a block RAM per lane with a read port and a write port (on
// ECP5 DP16KDs side by side in 2048 x 9 mode at 8 lanes, 8 slots, 64 VGPRs; 512 x 36 at
// 32 lanes). A row holds one pass of one register of one wave slot: LANES dwords at row
// {slot, register, pass}.
//
// Why copies rather than banks: every source reads its own copy, so a request's three
// sources are read in the same cycle whatever registers they name, and each source's
// words go from its RAM's output register to rd_data with no multiplexer: block RAM,
// which the ECP5 has plenty of, takes the place of the LUTs a banked file spends on
// choosing each source's bank (three LANES x 32-bit 4:1 multiplexers) and on scheduling
// bank conflicts.
//
// Reads. A request names up to three registers (the sources of one pass of a vector
// instruction; rq_use[k] for each source k used) and is taken in any cycle with
// rq_valid. Stage Q registers its rows, the RAMs read in stage B, stage R registers
// their words again (q_out, beside each RAM: a block RAM's clock-to-output is most of a
// cycle; Yosys maps the RAM without the DP16KD's own output register), and rd_data
// registers them: a request taken in cycle c gives rd_valid, rd_tag and the three
// sources' words in cycle c + 4, one request a cycle; pre_valid and pre_tag give the
// tag a cycle earlier, in c + 3, for the user to prepare the words' use, and early_tag
// (no valid) in c + 1, for the user's block RAMs to read what that needs (and register
// it in the fabric) by then. A source the request does not use reads 0 (the
// flip-flops' synchronous reset), so that the user can OR other operands in.
//
// Writes. Two ports, A (the VALU's results) and B (memory results, and a wave's start
// sweep), each one pass of one register under a lane mask, into all three copies. Each
// writes the 16-bit halves wa_half / wb_half name (a 16-bit result writes its half
// alone). A is always taken; B is taken (wb_ready) in a cycle A does not write, so that
// one write path serves the copies, registered before them (the copies' inputs come
// straight from flip-flops). A write taken in cycle c reaches the RAMs in c + 1 and
// shows to requests from c + 2 on; a read of a row in the cycle it is written gets an
// undefined value (the RAM has no read-during-write logic). The issue orders a wave's
// reads after its writes, so nothing forwards.
`default_nettype none

module cu32_vgpr #(
    parameter integer LANES = 8,
    parameter integer PASS_BITS = 2,   // log2 passes (0: one pass)
    parameter integer SLOT_BITS = 3,   // slot address bits (0: one slot)
    parameter integer VGPR_BITS = 6,   // register index bits (log2 VGPRs rounded up, 3..8)
    parameter integer TAG_BITS = 8
) (
    input  wire                          clk,
    input  wire                          rst,
    input  wire                          rq_valid,
    input  wire [SW-1:0]                 rq_slot,
    input  wire [PW-1:0]                 rq_pass,
    input  wire [2:0]                    rq_use,
    input  wire [7:0]                    rq_reg0,
    input  wire [7:0]                    rq_reg1,
    input  wire [7:0]                    rq_reg2,
    input  wire [TAG_BITS-1:0]           rq_tag,
    output wire [TAG_BITS-1:0]           early_tag,
    output wire                          pre_valid,
    output wire [TAG_BITS-1:0]           pre_tag,
    output reg                           rd_valid,
    output reg  [TAG_BITS-1:0]           rd_tag,
    output wire [LANES*32-1:0]           rd_data0,
    output wire [LANES*32-1:0]           rd_data1,
    output wire [LANES*32-1:0]           rd_data2,
    input  wire                          wa_valid,
    input  wire [SW-1:0]                 wa_slot,
    input  wire [PW-1:0]                 wa_pass,
    input  wire [7:0]                    wa_reg,
    input  wire [LANES-1:0]              wa_mask,
    input  wire [LANES*32-1:0]           wa_data,
    input  wire [1:0]                    wa_half,
    input  wire                          wb_valid,
    output wire                          wb_ready,
    input  wire [SW-1:0]                 wb_slot,
    input  wire [PW-1:0]                 wb_pass,
    input  wire [7:0]                    wb_reg,
    input  wire [LANES-1:0]              wb_mask,
    input  wire [LANES*32-1:0]           wb_data,
    input  wire [1:0]                    wb_half
);
    localparam integer SW = SLOT_BITS > 0 ? SLOT_BITS : 1;
    localparam integer PW = PASS_BITS > 0 ? PASS_BITS : 1;
    localparam integer ROW_BITS = SLOT_BITS + VGPR_BITS + PASS_BITS;
    localparam integer DEPTH = 1 << ROW_BITS;

    // The row of one pass of register r of a slot.
    function automatic [ROW_BITS-1:0] row_of(input [SW-1:0] slot, input [7:0] r,
                                             input [PW-1:0] pass);
        reg [31:0] x;
        begin
            x = SLOT_BITS > 0 ? {{(32 - SW){1'b0}}, slot} : 32'd0;
            x = (x << VGPR_BITS) | ({24'd0, r} & ((32'd1 << VGPR_BITS) - 1));
            x = PASS_BITS > 0 ? (x << PASS_BITS) | {{(32 - PW){1'b0}}, pass} : x;
            row_of = x[ROW_BITS-1:0];
        end
    endfunction

    // ---- Q: the request's rows; B: the RAMs read; R: their output register ----
    reg                 q_valid, b_valid, r_valid;
    reg  [2:0]          q_use, b_use;
    reg  [TAG_BITS-1:0] q_tag, b_tag, r_tag;
    reg  [ROW_BITS-1:0] q_row [0:2];
    always @(posedge clk) begin
        if (rst) {q_valid, b_valid, r_valid, rd_valid} <= 4'd0;
        else {q_valid, b_valid, r_valid, rd_valid} <= {rq_valid, q_valid, b_valid, r_valid};
        {q_use, b_use} <= {rq_use, q_use};
        {q_tag, b_tag, r_tag, rd_tag} <= {rq_tag, q_tag, b_tag, r_tag};
        q_row[0] <= row_of(rq_slot, rq_reg0, rq_pass);
        q_row[1] <= row_of(rq_slot, rq_reg1, rq_pass);
        q_row[2] <= row_of(rq_slot, rq_reg2, rq_pass);
    end
    assign early_tag = q_tag;
    assign pre_valid = r_valid;
    assign pre_tag = r_tag;

    // ---- the write of the cycle: A's, or B's, registered before the copies ----
    assign wb_ready = !wa_valid;
    reg                 w_go;
    reg  [ROW_BITS-1:0] w_row;
    reg  [LANES-1:0]    w_mask;
    reg  [LANES*32-1:0] w_data;
    reg  [1:0]          w_half;
    always @(posedge clk) begin
        w_go <= !rst && (wa_valid || wb_valid);
        w_row <= wa_valid ? row_of(wa_slot, wa_reg, wa_pass) : row_of(wb_slot, wb_reg, wb_pass);
        w_mask <= wa_valid ? wa_mask : wb_mask;
        w_data <= wa_valid ? wa_data : wb_data;
        w_half <= wa_valid ? wa_half : wb_half;
    end

    // ---- the copies ----
    wire [LANES*32-1:0] dout [0:2];
    genvar k, l;
    generate
        for (k = 0; k < 3; k = k + 1) begin : copy
            for (l = 0; l < LANES; l = l + 1) begin : lane
                // (No read-during-write logic: the issue never reads a row written in the
                // same cycle; Yosys then maps the RAM and its read register as they are.)
                (* no_rw_check *)
                reg [31:0] mem [0:DEPTH-1];
                reg [31:0] q, q_out, d;
                reg        zero;   // (the source is not used: its word reads 0)
                (* keep *) always @(posedge clk) zero <= b_valid && !b_use[k];
                always @(posedge clk) begin
                    if (w_go && w_mask[l] && w_half[0]) mem[w_row][15:0] <= w_data[l*32 +: 16];
                    if (w_go && w_mask[l] && w_half[1])
                        mem[w_row][31:16] <= w_data[l*32 + 16 +: 16];
                    q <= mem[q_row[k]];
                    q_out <= q;
                    d <= zero ? 32'd0 : q_out;
                end
                assign dout[k][l*32 +: 32] = d;
            end
        end
    endgenerate
    assign {rd_data2, rd_data1, rd_data0} = {dout[2], dout[1], dout[0]};

endmodule

`default_nettype wire
