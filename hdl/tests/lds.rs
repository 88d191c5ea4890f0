//! The LDS template (`templates/lds.v.tera`) under Verilator against a reference written
//! here: random read and write requests (clustered addresses so banks conflict, byte
//! enables, partial masks, addresses past the end) give every lane the data a byte array
//! gives, with writes applied in lane order, and take as many bank cycles as the most
//! contended bank needs (distinct words for reads, lanes for writes); now and then the
//! first rows are cleared (`clr`) before a request, which must then read zeros. Needs verilator
//! (installed by scripts/setup.sh); skipped loudly without it unless `CI` is set.

mod common;

use common::{lint_clean, run_testbench, verilator_present, Request, Rng};
use std::path::Path;

const TEMPLATE: &str = include_str!("../../templates/lds.v.tera");

fn render(lanes: u32, banks: u32, lds_bytes: u32) -> String {
    let words = lds_bytes / 4;
    let mut ctx = tera::Context::new();
    ctx.insert("lanes", &lanes);
    ctx.insert("banks", &banks);
    ctx.insert("lds_bytes", &lds_bytes);
    ctx.insert("words", &words);
    ctx.insert("bank_bits", &banks.trailing_zeros());
    ctx.insert("row_bits", &(words / banks).trailing_zeros());
    tera::Tera::one_off(TEMPLATE, &ctx, false).expect("the LDS template renders")
}

fn requests(lanes: u32, words: u32, n: usize, rng: &mut Rng) -> Vec<Request> {
    (0..n)
        .map(|i| {
            // Early requests fill the LDS with writes; later ones mix reads and writes
            // around a random base, with a few addresses past the end.
            let we = i < 8 || rng.below(3) == 0;
            let base = rng.below(u64::from(words));
            let spread = [1, 4, 32, 64, u64::from(words)][rng.below(5) as usize];
            let addr = (0..lanes)
                .map(|l| match rng.below(20) {
                    0 => words + rng.below(100),
                    _ if i < 8 => (i as u32 * lanes + l) % words,
                    _ => (base + rng.below(spread)) % words,
                })
                .collect();
            Request {
                we,
                mask: if i < 8 || rng.below(2) == 0 {
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

/// What the LDS must answer: every lane's read data and the bank cycles.
fn reference(lanes: u32, banks: u32, mem: &mut [u8], r: &Request) -> (u32, Vec<u32>) {
    let words = mem.len() as u32 / 4;
    let active = |l: u32| r.mask >> l & 1 == 1;
    let mut per_bank: Vec<Vec<u32>> = vec![Vec::new(); banks as usize];
    let mut rdata = vec![0; lanes as usize];
    for l in (0..lanes).filter(|&l| active(l)) {
        let a = r.addr[l as usize];
        if a >= words {
            continue;
        }
        let list = &mut per_bank[(a % banks) as usize];
        if r.we || !list.contains(&a) {
            list.push(a);
        }
        let at = 4 * a as usize;
        if r.we {
            for k in 0..4 {
                if r.be[l as usize] >> k & 1 == 1 {
                    mem[at + k] = (r.wdata[l as usize] >> (8 * k)) as u8;
                }
            }
        } else {
            rdata[l as usize] = u32::from_le_bytes(mem[at..at + 4].try_into().unwrap());
        }
    }
    let cycles = per_bank.iter().map(Vec::len).max().unwrap_or(0).max(1) as u32;
    (cycles, rdata)
}

const TESTBENCH: &str = r#"module tb;
  localparam integer L = `LANES;
  localparam integer W = 4 + L + 64 * L + 4 * L;
  reg clk = 0, rst = 1, req_valid = 0, req_we = 0;
  reg [L-1:0] req_mask = 0;
  reg [L*32-1:0] req_addr = 0, req_wdata = 0;
  reg [L*4-1:0] req_be = 0;
  wire req_ready, resp_valid;
  wire [L*32-1:0] resp_rdata;
  wire [7:0] resp_cycles;
  reg [3:0] we_field;
  reg clr = 0;
  reg [`ROW_BITS-1:0] clr_row = 0;
  integer r;
  cu32_lds dut(.clk(clk), .rst(rst), .clr(clr), .clr_row(clr_row),
               .req_valid(req_valid), .req_ready(req_ready),
               .req_we(req_we), .req_mask(req_mask), .req_addr(req_addr),
               .req_wdata(req_wdata), .req_be(req_be), .resp_valid(resp_valid),
               .resp_rdata(resp_rdata), .resp_cycles(resp_cycles));
  reg [W-1:0] reqs [0:`N-1];
  integer i, guard;
  initial begin
    $readmemh("reqs.hex", reqs);
    #1 clk = 1; #1 clk = 0;
    rst = 0;
    for (i = 0; i < `N; i = i + 1) begin
      {we_field, req_mask, req_addr, req_wdata, req_be} = reqs[i];
      req_we = we_field[0];
      // A clear first: rows 0 ..= lane 0's address (mod the rows).
      if (we_field[1]) begin
        for (r = 0; r <= req_addr[`ROW_BITS-1:0]; r = r + 1) begin
          clr = 1; clr_row = r[`ROW_BITS-1:0];
          #1 clk = 1; #1 clk = 0;
        end
        clr = 0;
      end
      req_valid = 1;
      while (!req_ready) begin #1 clk = 1; #1 clk = 0; end
      #1 clk = 1; #1 clk = 0;
      req_valid = 0;
      guard = 0;
      while (!resp_valid && guard < 1000) begin #1 clk = 1; #1 clk = 0; guard = guard + 1; end
      $display("R %0d %x", resp_cycles, resp_rdata);
    end
    $finish;
  end
endmodule
"#;

fn run(dir: &Path, lanes: u32, banks: u32, lds_bytes: u32, n: usize, seed: u64) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("cu32_lds.v"), render(lanes, banks, lds_bytes)).unwrap();
    std::fs::write(dir.join("tb.v"), TESTBENCH).unwrap();
    let mut rng = Rng(seed);
    let reqs = requests(lanes, lds_bytes / 4, n, &mut rng);
    // Every twentieth request after the first writes follows a clear of rows
    // 0 ..= (its lane 0's address mod 2^row_bits).
    let rows = lds_bytes / 4 / banks;
    let clears: Vec<Option<u32>> = (0..n)
        .map(|i| (i >= 8 && i % 20 == 0).then(|| reqs[i].addr[0] % rows + 1))
        .collect();
    let lines: String = reqs
        .iter()
        .zip(&clears)
        .map(|(r, c)| {
            // The we field's bit 1 asks for the clear.
            r.hex(lanes, if c.is_some() { 2 } else { 0 }) + "\n"
        })
        .collect();
    std::fs::write(dir.join("reqs.hex"), lines).unwrap();
    // The template itself must lint clean (the testbench's warnings do not count).
    lint_clean(dir, "cu32_lds", "cu32_lds.v");
    let stdout = run_testbench(
        dir,
        &["tb.v", "cu32_lds.v"],
        &[
            format!("LANES={lanes}"),
            format!("N={n}"),
            format!("ROW_BITS={}", rows.trailing_zeros()),
        ],
    );
    let results: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("R "))
        .collect();
    assert_eq!(results.len(), n, "{stdout}");
    let mut mem = vec![0u8; lds_bytes as usize];
    let mut conflicts = 0;
    let mut cleared = 0;
    for (i, (r, line)) in reqs.iter().zip(results).enumerate() {
        if let Some(k) = clears[i] {
            mem[..(4 * k * banks) as usize].fill(0);
            cleared += 1;
        }
        let (cycles, rdata) = reference(lanes, banks, &mut mem, r);
        let (got_cycles, got_data) = line.split_once(' ').unwrap();
        assert_eq!(got_cycles, cycles.to_string(), "request {i}: bank cycles");
        let got_data = got_data.trim_start_matches('0');
        let want: String = rdata.iter().rev().map(|v| format!("{v:08x}")).collect();
        assert_eq!(
            got_data,
            want.trim_start_matches('0'),
            "request {i} (we {}): read data",
            r.we
        );
        conflicts += u32::from(cycles > 1);
    }
    println!(
        "LDS {lanes} lanes, {banks} banks, {lds_bytes} bytes: {n} requests match, {conflicts} with bank conflicts, {cleared} after a clear"
    );
    assert!(conflicts > n as u32 / 10, "the requests must conflict");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn lds_banks_match_the_reference() {
    if !verilator_present("the LDS") {
        return;
    }
    let base = std::env::temp_dir().join(format!("cu32-lds-{}", std::process::id()));
    run(&base.join("a"), 8, 16, 1024, 400, 1);
    run(&base.join("b"), 32, 32, 2048, 400, 2);
    run(&base.join("c"), 2, 2, 1024, 400, 3);
}
