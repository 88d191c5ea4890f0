// Testbench of cu32_gmem_unit (hdl/src/gmem/mod.rs runs it): plays stim.hex, one pass a
// line, each after `gap` idle cycles, holding it until in_ready; logs the beats out; and
// is the Wishbone B4 pipelined slave over the memory of mem.hex (regions in regions.hex).
//
//   stim.hex     {gap[7:0], kind[2:0], size[4:0], sext, half[1:0], data_hi, aop[3:0],
//                2'b0, bus[1:0], 2'b0, ready[1:0], mask[LANES], bad[LANES],
//                addr[32 LANES], data0[128 LANES], data1[64 LANES]} (hex; lane 0 in the
//                low bits of each)
//   regions.hex  per region {base dword address[31:0], dwords[15:0], first index in
//                mem[15:0]} (3 regions)
//   mem.hex      the regions' dwords, region after region (4096 dwords, the rest 0)
//
// out_ready while a pass's beats are due, by that pass's `ready`: 0 always high, 1 high
// 3 cycles in 4, 2 one in 4, 3 one in 16. The slave, by the `bus` of the pass being
// given (or the last one): 0 answers 1 cycle after taking a request and never stalls;
// 1 answers 1..4 cycles after, stalls 1 cycle in 4; 2: 1..8 cycles, 1 in 2; 3: 1..16
// cycles, 1 in 8. Answers come in order, at most one a cycle: a dword in a region is
// read (or written under SEL) when the request is taken and ACKed, any other ERRed.
//
// Log lines: `I pass first_valid_cycle taken_cycle` per pass taken, `B cycle k last mask
// err data` per beat taken (data: lane LANES-1 first), `R requests` the requests taken,
// `E cycle` at the end, then `M index dword` for every memory dword (decimal cycles and
// indices, hex mask and data).
`default_nettype none

module tb;
    localparam integer LANES = `LANES;
    localparam integer N = `N;
    localparam integer MEMW = 4096;
    localparam integer W = 32 + 2 * LANES + 224 * LANES;
    localparam integer H = W - 32;

    reg clk = 1'b0;
    reg rst = 1'b1;
    reg [W-1:0] stim [0:N-1];
    reg [63:0] regions [0:2];
    reg [31:0] mem [0:MEMW-1];
    integer pass = 0, outs = 0, cycle = 0, gap = 0, first = 0, requests = 0, i = 0;
    reg valid = 1'b0;
    reg taken = 1'b0;
    reg ready = 1'b0;
    reg [31:0] rng = 32'h1234_5678;
    wire [W-1:0] s = stim[pass < N ? pass : N - 1];
    wire [1:0] so = stim[outs < N ? outs : N - 1][H+1:H];   // the pass going out's ready
    wire [1:0] bus = s[H+5:H+4];
    wire in_ready, out_valid, out_last, out_err;
    wire [1:0] out_k;
    wire [LANES-1:0] out_mask;
    wire [32*LANES-1:0] out_data;
    wire wb_cyc, wb_stb, wb_we;
    wire [29:0] wb_adr;
    wire [31:0] wb_dat_o;
    wire [3:0] wb_sel;
    reg wb_stall = 1'b0, wb_ack = 1'b0, wb_err = 1'b0;
    reg [31:0] wb_dat_i = 32'd0;

    // The slave's answers in flight: error, data, the cycle they are due.
    reg q_err [0:255];
    reg [31:0] q_dat [0:255];
    integer q_due [0:255];
    integer qh = 0, qt = 0, last_due = 0, lat = 0, at = 0, b = 0;

    cu32_gmem_unit #(.LANES(LANES)) dut (
        .clk(clk), .rst(rst),
        .in_valid(valid), .in_ready(in_ready),
        .in_kind(s[H+23:H+21]), .in_size(s[H+20:H+16]), .in_sext(s[H+15]),
        .in_half(s[H+14:H+13]), .in_data_hi(s[H+12]), .in_aop(s[H+11:H+8]),
        .in_mask(s[H-1:H-LANES]), .in_bad(s[H-LANES-1:H-2*LANES]),
        .in_addr(s[224*LANES-1:192*LANES]),
        .in_data0(s[192*LANES-1:64*LANES]), .in_data1(s[64*LANES-1:0]),
        .out_valid(out_valid), .out_ready(ready), .out_k(out_k), .out_last(out_last),
        .out_mask(out_mask), .out_data(out_data), .out_err(out_err),
        .wb_cyc(wb_cyc), .wb_stb(wb_stb), .wb_we(wb_we), .wb_adr(wb_adr),
        .wb_dat_o(wb_dat_o), .wb_sel(wb_sel), .wb_stall(wb_stall), .wb_ack(wb_ack),
        .wb_err(wb_err), .wb_dat_i(wb_dat_i));

    // The index in mem of dword address a, or -1.
    function integer find(input [29:0] a);
        integer r;
        begin
            find = -1;
            for (r = 0; r < 3; r = r + 1)
                if ({2'b0, a} >= regions[r][63:32]
                    && {2'b0, a} < regions[r][63:32] + {16'd0, regions[r][31:16]})
                    find = {16'd0, regions[r][15:0]} + {2'b0, a} - regions[r][63:32];
        end
    endfunction

    task step_rng;
        rng = rng ^ (rng << 13);
        rng = rng ^ (rng >> 17);
        rng = rng ^ (rng << 5);
    endtask

    initial begin
        $readmemh("stim.hex", stim);
        $readmemh("regions.hex", regions);
        $readmemh("mem.hex", mem);
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        #1 clk = 1'b1;
        #1 clk = 1'b0;
        rst = 1'b0;
        gap = N > 0 ? {24'd0, stim[0][W-1:W-8]} : 0;
        while (outs < N && cycle < 2000 * N + 1000) begin
            if (!valid && pass < N && gap == 0) begin
                valid = 1'b1;
                first = cycle;
            end
            case (so)
                2'd0: ready = 1'b1;
                2'd1: ready = rng[1:0] != 2'd0;
                2'd2: ready = rng[1:0] == 2'd0;
                default: ready = rng[3:0] == 4'd0;
            endcase
            // The slave's outputs this cycle.
            wb_ack = 1'b0;
            wb_err = 1'b0;
            wb_dat_i = 32'd0;
            if (qh != qt && q_due[qh % 256] <= cycle) begin
                wb_ack = !q_err[qh % 256];
                wb_err = q_err[qh % 256];
                wb_dat_i = q_dat[qh % 256];
                qh = qh + 1;
            end
            case (bus)
                2'd0: wb_stall = 1'b0;
                2'd1: wb_stall = rng[9:8] == 2'd0;
                2'd2: wb_stall = rng[8];
                default: wb_stall = rng[10:8] == 3'd0;
            endcase
            #1;
            if (out_valid && ready) begin
                $display("B %0d %0d %0d %x %0d %x", cycle, out_k, out_last, out_mask, out_err,
                         out_data);
                if (out_last) outs = outs + 1;
            end
            if (wb_cyc && wb_stb && !wb_stall) begin
                requests = requests + 1;
                at = find(wb_adr);
                q_err[qt % 256] = at < 0;
                q_dat[qt % 256] = 32'd0;
                if (at >= 0) begin
                    if (wb_we) begin
                        for (b = 0; b < 4; b = b + 1)
                            if (wb_sel[b]) mem[at][8*b +: 8] = wb_dat_o[8*b +: 8];
                    end else begin
                        q_dat[qt % 256] = mem[at];
                    end
                end
                case (bus)
                    2'd0: lat = 1;
                    2'd1: lat = 1 + {30'd0, rng[21:20]};
                    2'd2: lat = 1 + {29'd0, rng[22:20]};
                    default: lat = 1 + {28'd0, rng[23:20]};
                endcase
                last_due = cycle + lat > last_due ? cycle + lat : last_due + 1;
                q_due[qt % 256] = last_due;
                qt = qt + 1;
            end
            if (wb_ack || wb_err) begin
                if (!wb_cyc) $display("X answer without CYC at %0d", cycle);
            end
            taken = valid && in_ready;
            clk = 1'b1;
            #1 clk = 1'b0;
            step_rng();
            if (taken) begin
                $display("I %0d %0d %0d", pass, first, cycle);
                pass = pass + 1;
                valid = 1'b0;
                gap = pass < N ? {24'd0, stim[pass][W-1:W-8]} : 0;
            end else if (!valid && gap > 0) begin
                gap = gap - 1;
            end
            cycle = cycle + 1;
        end
        $display("R %0d", requests);
        $display("E %0d", cycle);
        for (i = 0; i < MEMW; i = i + 1) $display("M %0d %x", i, mem[i]);
        $finish;
    end
endmodule

`default_nettype wire
