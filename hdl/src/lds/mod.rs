//! The interleaved core's LDS unit (`cu32_lds_unit.v`, plain parameterised Verilog): the
//! LDS in `lds_banks` banks of block RAM and its DS loads, stores and integer atomics, a
//! pass of lanes at a time, each lane as the golden model (`sim/src/model/lds.rs`) runs
//! it. Its test (below) plays random DS instructions of every row the unit takes under
//! Verilator, pass by pass, against the golden model's `Machine` (`cases.rs`): every
//! lane's result, then the whole LDS read back.

/// The Verilog of the unit, module `cu32_lds_unit`.
pub const VERILOG: &str = include_str!("cu32_lds_unit.v");

/// Its testbench, module `tb` (`tb_lds_unit.v`).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_lds_unit.v");

#[cfg(test)]
mod cases;

#[cfg(test)]
mod tests {
    use super::cases::{build, Shape};
    use super::{TESTBENCH, VERILOG};
    use crate::test_common::{run_block, verilator_present};
    use std::time::Instant;

    /// Runs `n` random instructions (with the LDS filled before and read back after) on
    /// the block of `shape` and checks every pass out against the model.
    fn check(name: &str, shape: Shape, n: usize, seed: u64) {
        if !verilator_present("the LDS unit") {
            return;
        }
        let t0 = Instant::now();
        // (CU32_LDS_SEED varies the draw.)
        let seed = seed
            ^ std::env::var("CU32_LDS_SEED").map_or(0, |s| {
                s.parse()
                    .unwrap_or_else(|_| panic!("CU32_LDS_SEED={s}: not a decimal number"))
            });
        let (passes, count, timed) = build(shape, n, seed);
        let stim: String = passes.iter().map(|p| format!("{}\n", p.line)).collect();
        let params = [
            ("LANES", shape.lanes as u32),
            ("BANKS", shape.banks),
            ("BYTES", shape.bytes),
        ];
        let log = run_block(
            name,
            "cu32_lds_unit",
            VERILOG,
            TESTBENCH,
            &params,
            &[("stim.hex", stim)],
            passes.len(),
        );
        let mut outs = Vec::new();
        let mut ins = Vec::new();
        let mut end = None;
        for line in log.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.first() {
                Some(&"O") => outs.push((f[1].parse::<u64>().unwrap(), f[2], f[3])),
                Some(&"I") => {
                    ins.push((f[2].parse::<u64>().unwrap(), f[3].parse::<u64>().unwrap()))
                }
                Some(&"E") => end = Some(f[1].parse::<u64>().unwrap()),
                _ => {}
            }
        }
        assert_eq!(
            outs.len(),
            passes.len(),
            "{name}: {} passes out of {}\n{}",
            outs.len(),
            passes.len(),
            log.lines().rev().take(5).collect::<Vec<_>>().join("\n")
        );
        let mut lanes_checked = 0usize;
        for (i, (p, (_, mask, data))) in passes.iter().zip(&outs).enumerate() {
            assert_eq!(
                u32::from_str_radix(mask, 16).unwrap(),
                p.mask,
                "{name}: pass {i} ({}): mask",
                p.what
            );
            for (lane, e) in p.expect.iter().enumerate() {
                let at = data.len() - 32 * (lane + 1);
                let lane_hex = &data[at..at + 32];
                for &(k, m, v) in e {
                    let got = u32::from_str_radix(&lane_hex[24 - 8 * k..32 - 8 * k], 16).unwrap();
                    assert_eq!(
                        got & m,
                        v & m,
                        "{name}: pass {i} ({}), lane {} of the pass, VDST dword {k}: block \
                         {got:08x}, model {v:08x}",
                        p.what,
                        lane
                    );
                }
                lanes_checked += usize::from(!e.is_empty());
            }
        }
        // The timed load: its first pass from in_valid to out, and its passes' spacing.
        let np = 32 / shape.lanes;
        let lat = outs[timed].0 - ins[timed].0;
        let spacing = if np > 1 {
            (outs[timed + np - 1].0 - outs[timed].0) / (np as u64 - 1)
        } else {
            0
        };
        let rows = count.len();
        let fewest = count.values().min().copied().unwrap_or(0);
        println!(
            "{name}: LANES={} BANKS={} BYTES={}: {n} random DS instructions ({rows} rows, each at least {fewest} times) + \
             {} fill/read-back/timing ones, {} passes, {lanes_checked} lane results checked, \
             the whole LDS read back; {} cycles; aligned b32 load pass: out {lat} cycles \
             after in_valid, passes {spacing} cycles apart; {:.1} s",
            shape.lanes,
            shape.banks,
            shape.bytes,
            2 * shape.bytes / 512 + 1,
            passes.len(),
            end.unwrap_or(0),
            t0.elapsed().as_secs_f64()
        );
        assert_eq!(
            rows,
            super::cases::rows().len(),
            "{name}: rows not all drawn"
        );
    }

    /// The block of `lanes` lanes, `banks` banks and `bytes` of LDS.
    fn shape(lanes: usize, banks: u32, bytes: u32) -> Shape {
        Shape {
            lanes,
            banks,
            bytes,
        }
    }

    #[test]
    fn lds_eight_lanes() {
        check("eight", shape(8, 8, 16384), 6000, 0x1d5_0008);
    }

    #[test]
    fn lds_two_lanes() {
        check("two", shape(2, 4, 4096), 2500, 0x1d5_0002);
    }

    #[test]
    fn lds_thirty_two_lanes() {
        check("thirty_two", shape(32, 16, 65536), 2500, 0x1d5_0020);
    }
}
