// Stand-in `cu32_top` for the harness self-tests (sim/tests/cosim_harness.rs): it retires
// nothing and calls $finish three cycles after `start`.
module cu32_top(
  input clk, input rst,
  input imem_we, input [31:0] imem_addr, input [31:0] imem_wdata,
  input start,
  output running, output done, output error, output [31:0] error_pc,
  output [7:0] error_code,
  input host_cyc, input host_stb, input host_we, input [7:0] host_adr,
  input [31:0] host_dat_i, input [3:0] host_sel,
  output host_stall, output host_ack, output [31:0] host_dat_o,
  output trace_valid, output [4:0] trace_wave,
  output [31:0] trace_pc, output [31:0] trace_word0, output [31:0] trace_word1,
  output trace_has_literal,
  output [31:0] trace_word2, output [1:0] trace_nwords,
  output trace_vwe0, output [7:0] trace_vidx0, output [31:0] trace_vmask,
  output [1023:0] trace_vval0,
  output trace_vwe1, output [7:0] trace_vidx1, output [1023:0] trace_vval1,
  output trace_vwe2, output [7:0] trace_vidx2, output [1023:0] trace_vval2,
  output trace_vwe3, output [7:0] trace_vidx3, output [1023:0] trace_vval3,
  output [63:0] trace_exec,
  output trace_we0, output [6:0] trace_idx0, output [31:0] trace_val0,
  output trace_we1, output [6:0] trace_idx1, output [31:0] trace_val1,
  output trace_we2, output [6:0] trace_idx2, output [31:0] trace_val2,
  output trace_we3, output [6:0] trace_idx3, output [31:0] trace_val3,
  output trace_scc_we, output trace_scc,
  output wb_cyc, output wb_stb, output wb_we, output [29:0] wb_adr,
  output [31:0] wb_dat_o, output [3:0] wb_sel,
  input wb_stall, input wb_ack, input wb_err, input [31:0] wb_dat_i,
  output trace_swe, output [6:0] trace_sidx, output [31:0] trace_sval, output trace_sdone,
  output [7:0] trace_tag, output [7:0] trace_stag,
  output [1:0] trace_vbg, output trace_vdone, output trace_mdone, output trace_gdone);

  reg [3:0] count;
  reg started;
  assign running = started;
  assign {done, error, error_pc, trace_valid, trace_pc, trace_word0, trace_word1} = 0;
  assign {trace_has_literal, trace_exec, trace_scc_we, trace_scc} = 0;
  assign {trace_word2, trace_nwords, trace_vwe0, trace_vidx0, trace_vmask, trace_vval0} = 0;
  assign {trace_vwe1, trace_vidx1, trace_vval1} = 0;
  assign {trace_vwe2, trace_vidx2, trace_vval2} = 0;
  assign {trace_vwe3, trace_vidx3, trace_vval3} = 0;
  assign {trace_we0, trace_idx0, trace_val0, trace_we1, trace_idx1, trace_val1} = 0;
  assign {trace_we2, trace_idx2, trace_val2, trace_we3, trace_idx3, trace_val3} = 0;
  assign {wb_cyc, wb_stb, wb_we, wb_adr, wb_dat_o, wb_sel} = 0;
  // The host (CSR) port and error code: unused by this stand-in.
  assign {error_code, host_stall, host_ack, host_dat_o} = 0;
  assign {trace_swe, trace_sidx, trace_sval, trace_sdone, trace_tag, trace_stag, trace_vbg, trace_vdone, trace_mdone, trace_gdone} = 0;
  assign trace_wave = 0;

  always @(posedge clk) begin
    if (rst) begin
      started <= 1'b0;
      count <= 4'd0;
    end else if (start) begin
      started <= 1'b1;
    end else if (started) begin
      count <= count + 4'd1;
      if (count == 4'd2) $finish;
    end
  end
endmodule
