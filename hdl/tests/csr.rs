//! The control and status registers (`templates/csr.v.tera`) under Verilator: a testbench
//! plays a host's Wishbone accesses and the compute unit's pulses, and the transcript must
//! be what the register map in the template's header says (identification, byte-select
//! writes, the dispatch outputs, unmapped words, the number of counters, counters adding
//! their amounts over many cycles, counters cleared by start,
//! start refused while busy, done and error latched with the error PC and code, cleared by
//! the next start). Needs verilator; skipped loudly without it unless `CI` is set.

mod common;

use common::{lint_clean, run_testbench, verilator_present};

const TESTBENCH: &str = r#"module tb;
  reg clk = 0, rst = 1, cyc = 0, stb = 0, we = 0;
  reg [7:0] adr = 0;
  reg [31:0] dat = 0;
  reg [3:0] sel = 0;
  reg busy = 0, done_p = 0, err_p = 0;
  reg [31:0] epc = 0;
  reg [7:0] ecode = 0;
  reg [63:0] add = 0;
  wire stall, ack, start;
  wire [31:0] dat_o, rsrc1, rsrc2, props, lds, code;
  wire [63:0] entry, kernarg;
  wire [95:0] grid, block;
  cu32_csr dut(.clk(clk), .rst(rst), .wb_cyc(cyc), .wb_stb(stb), .wb_we(we), .wb_adr(adr),
      .wb_dat_i(dat), .wb_sel(sel), .wb_stall(stall), .wb_ack(ack), .wb_dat_o(dat_o),
      .start(start), .busy(busy), .done_pulse(done_p), .error_pulse(err_p),
      .error_pc(epc), .error_code(ecode), .count_add(add), .entry(entry),
      .kernarg(kernarg), .grid(grid), .block(block), .rsrc1(rsrc1), .rsrc2(rsrc2),
      .properties(props), .lds_bytes(lds), .code_bytes(code));
  task tick; begin #1 clk = 1; #1 clk = 0; end endtask
  task wr(input [7:0] a, input [31:0] d, input [3:0] s);
    begin
      cyc = 1; stb = 1; we = 1; adr = a; dat = d; sel = s;
      tick;
      stb = 0; we = 0; cyc = 0;
      $display("W %02x ack %0d start %0d stall %0d", a, ack, start, stall);
    end
  endtask
  task rd(input [7:0] a);
    begin
      cyc = 1; stb = 1; we = 0; adr = a;
      tick;
      stb = 0; cyc = 0;
      $display("R %02x %08x ack %0d", a, dat_o, ack);
    end
  endtask
  integer i;
  initial begin
    tick; rst = 0;
    rd(8'h00); rd(8'h01);
    wr(8'h08, 32'h11223344, 4'hf); wr(8'h09, 32'haabbccdd, 4'h3);
    rd(8'h08); rd(8'h09);
    wr(8'h0c, 32'd256, 4'hf); wr(8'h0e, 32'd2, 4'hf); wr(8'h10, 32'd64, 4'hf);
    wr(8'h17, 32'h1000, 4'hf); wr(8'h13, 32'h200, 4'hf);
    $display("O entry %016x grid %024x block %024x lds %08x code %08x", entry, grid, block, lds,
             code);
    wr(8'h06, 32'hffffffff, 4'hf); rd(8'h06); rd(8'h30); rd(8'hff);
    add = {8'd0, 8'd0, 8'd0, 8'd0, 8'd9, 8'd5, 8'd0, 8'd1}; for (i = 0; i < 5; i = i + 1) tick;
    add = {8'd200, 8'd0, 8'd0, 8'd0, 8'd0, 8'd0, 8'd1, 8'd0}; for (i = 0; i < 3; i = i + 1) tick;
    add = 0;
    rd(8'h20); rd(8'h21); rd(8'h22); rd(8'h23); rd(8'h27);
    add = {8'd255, 8'd0, 8'd0, 8'd0, 8'd0, 8'd0, 8'd0, 8'd0}; for (i = 0; i < 301; i = i + 1) tick;
    add = 0;
    rd(8'h27);
    wr(8'h02, 32'h1, 4'hf); tick;
    rd(8'h20); rd(8'h03);
    busy = 1; wr(8'h02, 32'h1, 4'hf);
    epc = 32'h1234; ecode = 8'd7; err_p = 1; done_p = 1; tick; err_p = 0; done_p = 0;
    epc = 0; ecode = 0;
    rd(8'h03); rd(8'h04); rd(8'h05);
    busy = 0; wr(8'h02, 32'h1, 4'hf); tick;
    rd(8'h03); rd(8'h04);
    $finish;
  end
endmodule
"#;

const EXPECTED: &str = "\
R 00 43553332 ack 1
R 01 10100408 ack 1
W 08 ack 1 start 0 stall 0
W 09 ack 1 start 0 stall 0
R 08 11223344 ack 1
R 09 0000ccdd ack 1
W 0c ack 1 start 0 stall 0
W 0e ack 1 start 0 stall 0
W 10 ack 1 start 0 stall 0
W 17 ack 1 start 0 stall 0
W 13 ack 1 start 0 stall 0
O entry 0000ccdd11223344 grid 000000020000000000000100 block 000000000000000000000040 lds 00001000 code 00000200
W 06 ack 1 start 0 stall 0
R 06 00000008 ack 1
R 30 00000000 ack 1
R ff 00000000 ack 1
R 20 00000005 ack 1
R 21 00000003 ack 1
R 22 00000019 ack 1
R 23 0000002d ack 1
R 27 00000258 ack 1
R 27 00012e2b ack 1
W 02 ack 1 start 1 stall 0
R 20 00000000 ack 1
R 03 00000000 ack 1
W 02 ack 1 start 0 stall 0
R 03 00000007 ack 1
R 04 00001234 ack 1
R 05 00000007 ack 1
W 02 ack 1 start 1 stall 0
R 03 00000000 ack 1
R 04 00001234 ack 1
";

#[test]
fn csr_transcript_matches_the_register_map() {
    if !verilator_present("the CSRs") {
        return;
    }
    // 8 counters; CONFIG as 8 lanes, 4 wave slots, 16 KiB of LDS in 16 banks.
    let verilog =
        cu32_hdl::verilog::render_csr_sized(8, 0x1010_0408).expect("the CSR template renders");
    let dir = std::env::temp_dir().join(format!("cu32-csr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cu32_csr.v"), verilog).unwrap();
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    lint_clean(&dir, "cu32_csr", "cu32_csr.v");
    let stdout = run_testbench(&dir, &["tb.v", "cu32_csr.v"], &[]);
    let transcript: String = stdout
        .lines()
        .filter(|l| l.starts_with(['R', 'W', 'O']))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(transcript, EXPECTED);
    std::fs::remove_dir_all(&dir).unwrap();
}
