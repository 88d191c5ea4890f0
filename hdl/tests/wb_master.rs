//! The vector memory bus master (`templates/wb_master.v.tera`) under Verilator, against a
//! pipelined Wishbone slave in the testbench (a memory with a fixed acknowledge latency
//! and pseudo-random STALL) and a reference written here: random load and store passes
//! (clustered addresses, partial masks, byte selects) give every lane what a byte array
//! gives with stores in lane order, and use one transaction per distinct dword for loads
//! and per lane for stores. Needs verilator; skipped loudly without it unless `CI` is set.

mod common;

use common::{lint_clean, run_testbench, verilator_present, Request, Rng};
use std::path::Path;

const TEMPLATE: &str = include_str!("../../templates/wb_master.v.tera");

/// Dwords of the testbench's memory.
const WORDS: u32 = 1024;

fn render(lanes: u32) -> String {
    let mut ctx = tera::Context::new();
    ctx.insert("lanes", &lanes);
    ctx.insert("lane_bits", &lanes.trailing_zeros());
    tera::Tera::one_off(TEMPLATE, &ctx, false).expect("the bus master template renders")
}

fn requests(lanes: u32, n: usize, rng: &mut Rng) -> Vec<Request> {
    (0..n)
        .map(|i| {
            let we = i < 4 || rng.below(3) == 0;
            let base = rng.below(u64::from(WORDS));
            let pattern = rng.below(3);
            let addr = (0..lanes)
                .map(|l| {
                    let word = match pattern {
                        // consecutive dwords (a coalescable burst)
                        0 => base + l,
                        // a few dwords shared by many lanes
                        1 => base + rng.below(4),
                        _ => rng.below(u64::from(WORDS)),
                    };
                    4 * (word % WORDS) + rng.below(4) * u32::from(pattern == 2)
                })
                .collect();
            Request {
                we,
                mask: if i < 4 || rng.below(2) == 0 {
                    u32::MAX
                } else {
                    rng.next() as u32
                },
                addr,
                wdata: (0..lanes).map(|_| rng.next() as u32).collect(),
                be: (0..lanes)
                    .map(|_| {
                        if rng.below(2) == 0 {
                            0xf
                        } else {
                            rng.below(16) as u8
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Every lane's read data and the number of bus transactions.
fn reference(lanes: u32, mem: &mut [u32], r: &Request) -> (u32, Vec<u32>) {
    let mut rdata = vec![0; lanes as usize];
    let mut words = Vec::new();
    let mut transactions = 0;
    for l in (0..lanes as usize).filter(|&l| r.mask >> l & 1 == 1) {
        let w = (r.addr[l] / 4) as usize;
        if r.we {
            transactions += 1;
            for k in 0..4 {
                if r.be[l] >> k & 1 == 1 {
                    mem[w] = (mem[w] & !(0xff << (8 * k))) | (r.wdata[l] & (0xff << (8 * k)));
                }
            }
        } else {
            if !words.contains(&w) {
                words.push(w);
                transactions += 1;
            }
            rdata[l] = mem[w];
        }
    }
    (transactions, rdata)
}

/// The testbench: the master, and a slave that accepts a transaction whenever STALL is
/// low (STALL from an LFSR) and acknowledges it `LATENCY` cycles later, in order.
const TESTBENCH: &str = r#"module tb;
  localparam integer L = `LANES;
  localparam integer W = 4 + L + 64 * L + 4 * L;
  reg clk = 0, rst = 1, req_valid = 0, req_we = 0;
  reg [L-1:0] req_mask = 0;
  reg [L*32-1:0] req_addr = 0, req_wdata = 0;
  reg [L*4-1:0] req_sel = 0;
  reg [3:0] we_field;
  wire req_ready, resp_valid, resp_error;
  wire [L*32-1:0] resp_rdata;
  wire [7:0] resp_transactions;
  wire cyc, stb, we;
  wire [29:0] adr;
  wire [31:0] dat_o;
  wire [3:0] sel;
  reg [15:0] lfsr = 16'hace1;
  wire stall = lfsr[0] & lfsr[3];
  reg [`LATENCY:1] ack_pipe = 0;
  reg [31:0] dat_pipe [1:`LATENCY];
  reg [31:0] mem [0:1023];
  integer k;
  cu32_wb_master dut(.clk(clk), .rst(rst), .req_valid(req_valid), .req_ready(req_ready),
      .req_we(req_we), .req_mask(req_mask), .req_addr(req_addr), .req_wdata(req_wdata),
      .req_sel(req_sel), .resp_valid(resp_valid), .resp_rdata(resp_rdata),
      .resp_transactions(resp_transactions), .resp_error(resp_error),
      .wb_cyc(cyc), .wb_stb(stb), .wb_we(we), .wb_adr(adr), .wb_dat_o(dat_o),
      .wb_sel(sel), .wb_stall(stall), .wb_ack(ack_pipe[`LATENCY]), .wb_err(1'b0),
      .wb_dat_i(dat_pipe[`LATENCY]));
  always @(posedge clk) begin
    lfsr <= {lfsr[14:0], lfsr[15] ^ lfsr[13] ^ lfsr[12] ^ lfsr[10]};
    ack_pipe <= {ack_pipe[`LATENCY-1:1], cyc && stb && !stall};
    for (k = `LATENCY; k > 1; k = k - 1) dat_pipe[k] <= dat_pipe[k-1];
    dat_pipe[1] <= mem[adr[9:0]];
    if (cyc && stb && !stall && we) begin
      if (sel[0]) mem[adr[9:0]][7:0] <= dat_o[7:0];
      if (sel[1]) mem[adr[9:0]][15:8] <= dat_o[15:8];
      if (sel[2]) mem[adr[9:0]][23:16] <= dat_o[23:16];
      if (sel[3]) mem[adr[9:0]][31:24] <= dat_o[31:24];
    end
  end
  reg [W-1:0] reqs [0:`N-1];
  integer i, guard;
  initial begin
    for (k = 0; k < 1024; k = k + 1) mem[k] = 0;
    $readmemh("reqs.hex", reqs);
    #1 clk = 1; #1 clk = 0;
    rst = 0;
    for (i = 0; i < `N; i = i + 1) begin
      {we_field, req_mask, req_addr, req_wdata, req_sel} = reqs[i];
      req_we = we_field[0];
      req_valid = 1;
      while (!req_ready) begin #1 clk = 1; #1 clk = 0; end
      #1 clk = 1; #1 clk = 0;
      req_valid = 0;
      guard = 0;
      while (!resp_valid && guard < 10000) begin #1 clk = 1; #1 clk = 0; guard = guard + 1; end
      $display("R %0d %0d %x", resp_transactions, resp_error, resp_rdata);
    end
    $finish;
  end
endmodule
"#;

fn run(dir: &Path, lanes: u32, latency: u32, n: usize, seed: u64) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("cu32_wb_master.v"), render(lanes)).unwrap();
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    let reqs = requests(lanes, n, &mut Rng(seed));
    let lines: String = reqs.iter().map(|r| r.hex(lanes, 0) + "\n").collect();
    std::fs::write(dir.join("reqs.hex"), lines).unwrap();
    lint_clean(dir, "cu32_wb_master", "cu32_wb_master.v");
    let stdout = run_testbench(
        dir,
        &["tb.v", "cu32_wb_master.v"],
        &[
            format!("LANES={lanes}"),
            format!("N={n}"),
            format!("LATENCY={latency}"),
        ],
    );
    let results: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("R "))
        .collect();
    assert_eq!(results.len(), n, "{stdout}");
    let mut mem = vec![0u32; WORDS as usize];
    let (mut transactions, mut lane_accesses) = (0, 0);
    for (i, (r, line)) in reqs.iter().zip(results).enumerate() {
        let (want_count, rdata) = reference(lanes, &mut mem, r);
        let mut fields = line.split(' ');
        assert_eq!(
            fields.next(),
            Some(want_count.to_string().as_str()),
            "request {i}: transactions"
        );
        assert_eq!(fields.next(), Some("0"), "request {i}: no bus error");
        let want: String = rdata.iter().rev().map(|v| format!("{v:08x}")).collect();
        assert_eq!(
            fields.next().map(|d| d.trim_start_matches('0')),
            Some(want.trim_start_matches('0')),
            "request {i} (we {}): read data",
            r.we
        );
        transactions += want_count;
        lane_accesses += (0..lanes).filter(|&l| r.mask >> l & 1 == 1).count();
    }
    println!(
        "bus master, {lanes} lanes, ack latency {latency}: {n} requests match, \
         {lane_accesses} lane accesses in {transactions} bus transactions"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bus_master_matches_the_reference() {
    if !verilator_present("the bus master") {
        return;
    }
    let base = std::env::temp_dir().join(format!("cu32-wb-{}", std::process::id()));
    run(&base.join("a"), 8, 1, 300, 3);
    run(&base.join("b"), 32, 4, 300, 4);
    run(&base.join("c"), 2, 2, 300, 5);
}
