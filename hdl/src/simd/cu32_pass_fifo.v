// cu32_pass_fifo — the passes a memory unit of cu32_simd holds, in order (what their
// result beats are written with): the oldest in a register (head, head_valid), so that the
// writes start from flip-flops, up to 15 more in distributed RAM behind it. push (with
// in_data) when `room`; pop: the head is done (its last beat written). A pass pushed into
// an empty FIFO is the head the next cycle.
`default_nettype none

module cu32_pass_fifo #(
    parameter integer W = 16
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         push,
    input  wire [W-1:0] in_data,
    output wire         room,
    input  wire         pop,
    output reg          head_valid,
    output reg  [W-1:0] head
);
    reg [W-1:0] ram [0:15];
    reg [3:0]   rd, wr;
    reg [4:0]   n;                // (in the RAM)
    wire        ram_empty = n == 5'd0;
    // (a pass pushed goes straight to the head when nothing is ahead of it)
    wire        take = push && (pop ? ram_empty : !head_valid);
    assign room = n < 5'd15;
    always @(posedge clk) begin
        if (push && !take) ram[wr] <= in_data;
        if (pop && !ram_empty) head <= ram[rd];
        else if (take) head <= in_data;
        if (rst) begin
            rd <= 4'd0;
            wr <= 4'd0;
            n <= 5'd0;
            head_valid <= 1'b0;
        end else begin
            if (push && !take) wr <= wr + 4'd1;
            if (pop && !ram_empty) rd <= rd + 4'd1;
            n <= n + {4'd0, push && !take} - {4'd0, pop && !ram_empty};
            if (pop) head_valid <= !ram_empty || push;
            else if (push) head_valid <= 1'b1;
        end
    end
endmodule

`default_nettype wire
