// Testbench of cu32_smem_unit (hdl/src/smem/mod.rs runs it): plays stim.hex, one cycle a
// line, with a Wishbone slave that answers the requests it took in order.
//
//   stim.hex  {go, addr[29:0] (dwords), n[4:0], stall, answer, err} (hex, 39 bits): go
//             asks for a load when the unit is idle; stall is the slave's STALL; answer
//             lets it answer its oldest request taken, with ERR when err is set
//
// Log lines (decimal, data in hex): R cycle addr n (a load asked for), T addr (the slave
// took a request), A addr ack|err (it answered one), D data, E (out_done), X (out_err).
// A dword's data is a hash of its address.
`default_nettype none

module tb;
    localparam integer N = `N;

    reg clk = 1'b0;
    reg rst = 1'b1;
    reg [38:0] stim [0:N-1];
    integer cycle = 0;
    // (After the stimulus the slave answers every cycle.)
    wire [38:0] s = cycle < N ? stim[cycle] : 39'd2;

    wire        idle, out_valid, out_done, out_err;
    wire [31:0] out_data;
    wire        cyc, stb, we;
    wire [29:0] adr;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] dat_o;
    wire [3:0]  sel;
    /* verilator lint_on UNUSEDSIGNAL */
    wire        req = s[38] && idle && !rst;
    // The slave: the requests it took, oldest first.
    reg  [29:0] took [0:31];
    reg  [4:0]  head = 5'd0, tail = 5'd0;
    wire        has = head != tail;
    wire        ans = cyc && has && s[1];
    wire [29:0] at = took[head];
    cu32_smem_unit dut (
        .clk(clk), .rst(rst), .req(req), .addr({s[37:8], 2'b00}), .n(s[7:3]),
        .out_valid(out_valid), .out_data(out_data), .out_done(out_done), .out_err(out_err),
        .idle(idle),
        .wb_cyc(cyc), .wb_stb(stb), .wb_we(we), .wb_adr(adr), .wb_dat_o(dat_o), .wb_sel(sel),
        .wb_stall(s[2]), .wb_ack(ans && !s[0]), .wb_err(ans && s[0]),
        .wb_dat_i(ans && !s[0] ? {at[29:0], 2'b00} * 32'h9e3779b1 : 32'hdeadbeef));

    always @(posedge clk) begin
        if (cyc && stb && !s[2]) begin
            took[tail] <= adr;
            tail <= tail + 5'd1;
        end
        if (ans) head <= head + 5'd1;
        if (!cyc && has) $display("L %0d", cycle);  // (answers owed after CYC fell)
        if (we) $display("W %0d", cycle);
    end

    initial begin
        $readmemh("stim.hex", stim);
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        rst = 1'b0;
        while (cycle < N + 40) begin
            #1;
            if (req) $display("R %0d %0d %0d", cycle, s[37:8], s[7:3]);
            if (cyc && stb && !s[2]) $display("T %0d", adr);
            if (ans) $display("A %0d %s", at, s[0] ? "err" : "ack");
            if (out_valid) $display("D %x", out_data);
            if (out_done) $display("E");
            if (out_err) $display("X");
            clk = 1'b1;
            #1 clk = 1'b0;
            cycle = cycle + 1;
        end
        if (!idle) $display("B");
        $finish;
    end
endmodule

`default_nettype wire
