// cu32_sgpr — the compute unit's SGPR file: per wave slot 64 rows of a register pair
// (s[2k+1:2k], codes 0..127), in block RAM, with two read ports (A and B, a copy of the
// RAM each) and one write port shared by three writers in this order: W's result, a late
// write (a scalar load's dwords, a slow SALU result: queued here, 16 deep) and the clear
// sweep of a slot starting a wave.
//
// Reads: an address in cycle c (slot, pair) gives the pair in cycle c + 2 (the RAM's read
// register, then an output register in the fabric). A row written in cycle c reads the new
// value from cycle c + 1 on; a read in the cycle of the write is undefined (the issue
// never makes one: a wave's next instruction reads after its last one wrote).
//
// Writes: each writes either half of a pair or both (en_lo, en_hi). W's is always taken.
// A late write is taken into the queue when lw_ready (room), and written in a cycle W
// does not write; lw_idle: the queue is empty (every late write taken has been written).
// clear (one cycle) starts the sweep of clear_slot: its 64 rows are set, in cycles with
// neither a W write nor a queued late write, to their initial values: the sweep asks for
// row clear_pair's value on clear_data (the caller's, combinational: 0 for most rows, a
// wave's kernarg pointer and work-group ids for some), registers it, and writes it when
// the port is free, asking for the next row meanwhile; clear_busy until the last.
// A new clear while one sweeps restarts the sweep with the new slot.
`default_nettype none

module cu32_sgpr #(
    parameter integer SLOT_BITS = 3   // slot address bits (at least 1 here)
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire [SLOT_BITS-1:0] ra_slot,
    input  wire [5:0]           ra_pair,
    output wire [63:0]          ra_data,
    input  wire [SLOT_BITS-1:0] rb_slot,
    input  wire [5:0]           rb_pair,
    output wire [63:0]          rb_data,
    input  wire                 w_lo,
    input  wire                 w_hi,
    input  wire [SLOT_BITS-1:0] w_slot,
    input  wire [5:0]           w_pair,
    input  wire [63:0]          w_data,
    input  wire                 lw_lo,
    input  wire                 lw_hi,
    output wire                 lw_ready,
    output wire                 lw_idle,
    input  wire [SLOT_BITS-1:0] lw_slot,
    input  wire [5:0]           lw_pair,
    input  wire [63:0]          lw_data,
    input  wire                 clear,
    input  wire [SLOT_BITS-1:0] clear_slot,
    output wire [5:0]           clear_pair,
    input  wire [63:0]          clear_data,
    output wire                 clear_busy
);
    localparam integer AB = SLOT_BITS + 6;
    localparam integer QE = 2 + AB + 64;     // a queued write: {hi, lo, row, data}

    // ---- the late-write queue (distributed RAM) ----
    reg  [QE-1:0] q [0:15];
    reg  [3:0]    q_rd, q_wr;
    reg  [4:0]    q_n;
    wire [QE-1:0] q_head = q[q_rd];
    wire          q_any = q_n != 5'd0;
    assign lw_ready = q_n != 5'd16;
    assign lw_idle = q_n == 5'd0;
    wire          lw_take = (lw_lo || lw_hi) && lw_ready;
    wire          w_on = w_lo || w_hi;
    wire          q_go = q_any && !w_on;
    always @(posedge clk) begin
        if (lw_take) q[q_wr] <= {lw_hi, lw_lo, lw_slot, lw_pair, lw_data};
        if (rst) begin
            q_rd <= 4'd0;
            q_wr <= 4'd0;
            q_n <= 5'd0;
        end else begin
            if (lw_take) q_wr <= q_wr + 4'd1;
            if (q_go) q_rd <= q_rd + 4'd1;
            q_n <= q_n + {4'd0, lw_take} - {4'd0, q_go};
        end
    end

    // ---- the clear sweep: c_row asks for its value, c2_* hold a row and its value ----
    reg                 c_on, c2_v;
    reg  [SLOT_BITS-1:0] c_slot;
    reg  [5:0]          c_row, c2_row;
    reg  [63:0]         c2_data;
    wire                c_go = c2_v && !w_on && !q_any;
    wire                c_take = c_on && (!c2_v || c_go);
    assign clear_busy = c_on || c2_v;
    assign clear_pair = c_row;
    always @(posedge clk) begin
        if (rst) begin
            c_on <= 1'b0;
            c2_v <= 1'b0;
        end else if (clear) begin
            c_on <= 1'b1;
            c2_v <= 1'b0;
            c_slot <= clear_slot;
            c_row <= 6'd0;
        end else begin
            if (c_take) begin
                c_row <= c_row + 6'd1;
                if (c_row == 6'd63) c_on <= 1'b0;
            end
            c2_v <= c_take || (c2_v && !c_go);
        end
        if (c_take) begin
            c2_row <= c_row;
            c2_data <= clear_data;
        end
    end

    // ---- the port ----
    wire          p_lo = w_on ? w_lo : q_go ? q_head[QE-2] : c_go;
    wire          p_hi = w_on ? w_hi : q_go ? q_head[QE-1] : c_go;
    wire [AB-1:0] p_row = w_on ? {w_slot, w_pair} : q_go ? q_head[64 +: AB] : {c_slot, c2_row};
    wire [63:0]   p_data = w_on ? w_data : q_go ? q_head[63:0] : c2_data;

    // Two copies (one per read port), each two 32-bit halves so a half is written alone.
    genvar k, h;
    generate
        for (k = 0; k < 2; k = k + 1) begin : copy
            wire [AB-1:0] raddr = k == 0 ? {ra_slot, ra_pair} : {rb_slot, rb_pair};
            wire [63:0] dout;
            for (h = 0; h < 2; h = h + 1) begin : half
                (* no_rw_check *)
                reg [31:0] mem [0:(1 << AB) - 1];
                reg [31:0] q_ram, q_out;
                wire we = h == 0 ? p_lo : p_hi;
                always @(posedge clk) begin
                    if (we) mem[p_row] <= p_data[h*32 +: 32];
                    q_ram <= mem[raddr];
                    q_out <= q_ram;
                end
                assign dout[h*32 +: 32] = q_out;
            end
        end
    endgenerate
    assign ra_data = copy[0].dout;
    assign rb_data = copy[1].dout;
endmodule

`default_nettype wire
