// cu32_smem_unit — the compute unit's scalar memory unit: an s_load_b*'s 1..16 dwords
// over a Wishbone B4 pipelined master (reads only), one burst a load.
//
// req (one cycle, only while idle): `n` (1..16) dwords from byte address `addr` (dword
// aligned; the core has checked that addr + 4(n-1) stays below 2^32). The unit holds CYC
// from the cycle after req until the last answer, and asks for the dwords in order, one
// a cycle while STALL is low. Each dword goes on to the core the cycle after its
// acknowledge (out_valid, out_data; out_done with the last). An ERR gives a one-cycle
// out_err (dwords before it have been given; the core stops the wave) and ends the
// asking; CYC stays until the answers still owed have come, which go nowhere.
// idle: CYC is low.
`default_nettype none

module cu32_smem_unit (
    input  wire        clk,
    input  wire        rst,
    input  wire        req,
    input  wire [31:0] addr,
    input  wire [4:0]  n,
    output reg         out_valid,
    output reg  [31:0] out_data,
    output reg         out_done,
    output reg         out_err,
    output wire        idle,
    // Wishbone B4, pipelined mode.
    output reg         wb_cyc,
    output wire        wb_stb,
    output wire        wb_we,
    output reg  [29:0] wb_adr,
    output wire [31:0] wb_dat_o,
    output wire [3:0]  wb_sel,
    input  wire        wb_stall,
    input  wire        wb_ack,
    input  wire        wb_err,
    input  wire [31:0] wb_dat_i
);
    reg  [4:0] ask;      // dwords not asked for yet
    reg  [4:0] owed;     // answers owed: dwords asked for, not answered
    reg        failed;   // an ERR came: later answers are dropped
    wire       issue = wb_stb && !wb_stall;
    wire       answer = wb_cyc && (wb_ack || wb_err);
    // (The last answer: of the last dword, or after an ERR of the last owed.)
    wire       last = answer && owed == 5'd1 && !issue && (ask == 5'd0 || wb_err);
    assign wb_stb = wb_cyc && ask != 5'd0;
    assign wb_we = 1'b0;
    assign wb_dat_o = 32'd0;
    assign wb_sel = 4'hf;
    assign idle = !wb_cyc;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [1:0] unused_addr = addr[1:0];
    /* verilator lint_on UNUSEDSIGNAL */

    always @(posedge clk) begin
        if (rst) begin
            wb_cyc <= 1'b0;
            ask <= 5'd0;
            owed <= 5'd0;
        end else if (req) begin
            wb_cyc <= 1'b1;
            wb_adr <= addr[31:2];
            ask <= n;
            owed <= 5'd0;
            failed <= 1'b0;
        end else if (wb_cyc) begin
            if (issue) wb_adr <= wb_adr + 30'd1;
            // (An ERR stops the asking: only the answers owed are waited for.)
            if (answer && wb_err) ask <= 5'd0;
            else if (issue) ask <= ask - 5'd1;
            owed <= owed + {4'd0, issue} - {4'd0, answer};
            if (answer && wb_err) failed <= 1'b1;
            if (last) wb_cyc <= 1'b0;
        end
        out_valid <= !rst && answer && wb_ack && !failed;
        out_data <= wb_dat_i;
        out_done <= !rst && last && wb_ack && !failed;
        out_err <= !rst && answer && wb_err && !failed;
    end
endmodule

`default_nettype wire
