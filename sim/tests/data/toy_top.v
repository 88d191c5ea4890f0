// Stand-in for the generated `cu32_top`, used only by the co-simulation harness self-tests
// (sim/tests/cosim_*.rs). It has the real top's ports and runs a toy subset of RDNA3 scalar
// code, a few cycles per instruction:
//   s_mov_b32 sdst, src        (SOP1 op 0)
//   s_add_u32 sdst, src0, src1 (SOP2 op 0; SCC = carry out)
//   s_branch simm16            (SOPP op 0x20)
//   s_endpgm                   (SOPP op 0x30)
// Sources: s0..s127 (the 128-entry register file holds vcc, m0 and exec too), inline
// integers 0..64 and -1..-16, and a 32-bit literal. Anything else stops with `error`.
// Registers start at zero, except exec_lo (126) = 0xffffffff.
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
  // The scalar memory port and SMEM trace: unused by the toy (idle, never written).
  output wb_cyc, output wb_stb, output wb_we, output [29:0] wb_adr,
  output [31:0] wb_dat_o, output [3:0] wb_sel,
  input wb_stall, input wb_ack, input wb_err, input [31:0] wb_dat_i,
  output trace_swe, output [6:0] trace_sidx, output [31:0] trace_sval, output trace_sdone,
  output [7:0] trace_tag, output [7:0] trace_stag,
  output [1:0] trace_vbg, output trace_vdone, output trace_mdone, output trace_gdone);

  localparam IDLE = 2'd0, FETCH = 2'd1, LIT = 2'd2, EXEC = 2'd3;

  reg [31:0] imem [0:255];
  reg [31:0] sgpr [0:127];
  reg [1:0] state;
  reg [31:0] pc;
  reg [31:0] ir;
  reg [31:0] lit;
  reg running_r, done_r, error_r;
  reg [31:0] error_pc_r;

  reg tv, tlit, twe0, twe2, tscc_we, tscc;
  reg [31:0] tpc, tw0, tw1, tval0, tval2;
  reg [6:0] tidx0, tidx2;
  reg [63:0] texec;

  assign running = running_r;
  assign done = done_r;
  assign error = error_r;
  assign error_pc = error_pc_r;
  assign trace_valid = tv;
  assign trace_pc = tpc;
  assign trace_word0 = tw0;
  assign trace_word1 = tw1;
  assign trace_has_literal = tlit;
  assign trace_word2 = 32'd0;
  assign trace_nwords = tlit ? 2'd2 : 2'd1;
  assign {trace_vwe0, trace_vidx0, trace_vmask, trace_vval0} = 0;
  assign {trace_vwe1, trace_vidx1, trace_vval1} = 0;
  assign {trace_vwe2, trace_vidx2, trace_vval2} = 0;
  assign {trace_vwe3, trace_vidx3, trace_vval3} = 0;
  assign trace_exec = texec;
  assign trace_we0 = twe0;
  assign trace_idx0 = tidx0;
  assign trace_val0 = tval0;
  assign trace_we1 = 1'b0;
  assign trace_idx1 = 7'd0;
  assign trace_val1 = 32'd0;
  assign trace_we2 = twe2;
  assign trace_idx2 = tidx2;
  assign trace_val2 = tval2;
  assign trace_we3 = 1'b0;
  assign trace_idx3 = 7'd0;
  assign trace_val3 = 32'd0;
  assign trace_scc_we = tscc_we;
  assign trace_scc = tscc;
  assign {wb_cyc, wb_stb, wb_we, wb_adr, wb_dat_o, wb_sel} = 0;
  // The host (CSR) port and error code: unused by this stand-in.
  assign {error_code, host_stall, host_ack, host_dat_o} = 0;
  assign {trace_swe, trace_sidx, trace_sval, trace_sdone, trace_tag, trace_stag, trace_vbg, trace_vdone, trace_mdone, trace_gdone} = 0;
  assign trace_wave = 0;

  // Instruction classes.
  wire [31:0] fw = imem[pc[9:2]];
  wire is_sop1 = ir[31:23] == 9'h17d && ir[15:8] == 8'd0;
  wire is_sop2 = ir[31:23] == 9'h100;
  wire is_branch = ir[31:23] == 9'h17f && ir[22:16] == 7'h20;
  wire is_endpgm = ir[31:23] == 9'h17f && ir[22:16] == 7'h30;
  wire f_sop1 = fw[31:23] == 9'h17d;
  wire f_sop2 = fw[31:23] == 9'h100;
  wire fetch_literal = (f_sop1 && fw[7:0] == 8'hff)
                    || (f_sop2 && (fw[7:0] == 8'hff || fw[15:8] == 8'hff));

  // Source operand decode.
  function src_ok(input [7:0] code);
    src_ok = code < 8'd128 || (code >= 8'd128 && code <= 8'd208) || code == 8'd255;
  endfunction
  function [31:0] src_val(input [7:0] code, input [31:0] literal, input [31:0] reg_val);
    if (code < 8'd128) src_val = reg_val;
    else if (code <= 8'd192) src_val = {24'd0, code} - 32'd128;
    else if (code <= 8'd208) src_val = 32'd192 - {24'd0, code};
    else src_val = literal;
  endfunction

  wire [31:0] s0 = src_val(ir[7:0], lit, sgpr[ir[6:0]]);
  wire [31:0] s1 = src_val(ir[15:8], lit, sgpr[ir[14:8]]);
  wire [32:0] sum = {1'b0, s0} + {1'b0, s1};
  wire has_lit = (is_sop1 && ir[7:0] == 8'hff) || (is_sop2 && (ir[7:0] == 8'hff || ir[15:8] == 8'hff));
  wire [31:0] next_pc = pc + (has_lit ? 32'd8 : 32'd4);

  integer i;
  always @(posedge clk) begin
    tv <= 1'b0;
    if (imem_we) imem[imem_addr[7:0]] <= imem_wdata;
    if (rst) begin
      state <= IDLE;
      running_r <= 1'b0;
      done_r <= 1'b0;
      error_r <= 1'b0;
      error_pc_r <= 32'd0;
      pc <= 32'd0;
    end else begin
      case (state)
        IDLE: if (start) begin
          pc <= 32'd0;
          running_r <= 1'b1;
          done_r <= 1'b0;
          error_r <= 1'b0;
          for (i = 0; i < 128; i = i + 1) sgpr[i] = (i == 126) ? 32'hffffffff : 32'd0;
          state <= FETCH;
        end
        FETCH: begin
          ir <= fw;
          state <= fetch_literal ? LIT : EXEC;
        end
        LIT: begin
          lit <= imem[pc[9:2] + 8'd1];
          state <= EXEC;
        end
        EXEC: begin
          tpc <= pc;
          tw0 <= ir;
          tw1 <= lit;
          tlit <= has_lit;
          texec <= {sgpr[127], sgpr[126]};
          twe0 <= 1'b0;
          twe2 <= 1'b0;
          tscc_we <= 1'b0;
          state <= FETCH;
          if (is_sop1 && src_ok(ir[7:0])) begin
            tv <= 1'b1;
            twe0 <= 1'b1;
            tidx0 <= ir[22:16];
            tval0 <= s0;
            sgpr[ir[22:16]] <= s0;
            pc <= next_pc;
          end else if (is_sop2 && src_ok(ir[7:0]) && src_ok(ir[15:8])) begin
            tv <= 1'b1;
            twe2 <= 1'b1;
            tidx2 <= ir[22:16];
            tval2 <= sum[31:0];
            tscc_we <= 1'b1;
            tscc <= sum[32];
            sgpr[ir[22:16]] <= sum[31:0];
            pc <= next_pc;
          end else if (is_branch) begin
            tv <= 1'b1;
            pc <= pc + 32'd4 + {{14{ir[15]}}, ir[15:0], 2'b00};
          end else if (is_endpgm) begin
            tv <= 1'b1;
            done_r <= 1'b1;
            running_r <= 1'b0;
            state <= IDLE;
          end else begin
            error_r <= 1'b1;
            error_pc_r <= pc;
            running_r <= 1'b0;
            state <= IDLE;
          end
        end
      endcase
    end
  end
endmodule
