//! The compute unit's LDS unit (`cu32_lds_unit.v`, plain parameterised Verilog): the
//! LDS in `lds_banks` banks of block RAM and its DS loads, stores and integer atomics, a
//! pass of lanes at a time, each lane as the golden model (`sim/src/model/lds.rs`) runs
//! it, its results out a VDST dword of every lane a beat (valid/ready). Its test (below)
//! plays random DS instructions of every row the unit takes under Verilator, pass by
//! pass, against the golden model's `Machine` (`cases.rs`), with out_ready held low at
//! random (a pattern per pass): every pass's beats (`out_k` 0, 1, .. and `out_last` on
//! the last, as many as `cases::beats` says), every lane's result, then the whole LDS
//! read back. Twice it clears LDS rows (`clr`, as the dispatcher does at a work-group's
//! start, the first time after half of the random instructions) and reads the whole LDS
//! back: the cleared rows must read 0, every other byte what it held
//! (`cases::Builder::clear` says why a clear that missed any byte, or wrote any other,
//! fails it).

/// The Verilog of the unit, module `cu32_lds_unit` (it instantiates `cu32_atomic_alu`:
/// [`ATOMIC_VERILOG`] goes with it).
pub const VERILOG: &str = include_str!("cu32_lds_unit.v");

/// The Verilog of the integer atomic ALU, module `cu32_atomic_alu` (plain, no
/// parameters): an atomic's new value from its pre-op value, DATA and second operand,
/// the op coded as its index into [`crate::vector::DS_ATOMIC_OPS`], 3 registered stages
/// from the piece in to its new value out. The LDS unit runs the full DS set through it
/// and the GLOBAL unit (`crate::gmem`) the GLOBAL subset.
pub const ATOMIC_VERILOG: &str = include_str!("cu32_atomic_alu.v");

/// Its testbench, module `tb` (`tb_lds_unit.v`).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_lds_unit.v");

#[cfg(test)]
mod cases;

#[cfg(test)]
mod tests {
    use super::cases::{build, Shape, CLEAR_AFTER};
    use super::{ATOMIC_VERILOG, TESTBENCH, VERILOG};
    use crate::test_common::{beat_passes, check_beat_shape, run_block_with, verilator_present};
    use std::time::Instant;

    /// One beat out as the testbench logs it: (cycle, out_k, out_last, out_mask, out_data).
    type Beat<'a> = (u64, usize, bool, &'a str, &'a str);

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
        let t = build(shape, n, seed);
        let passes = &t.passes;
        let stim: String = passes.iter().map(|p| format!("{}\n", p.line)).collect();
        let params = [
            ("LANES", shape.lanes as u32),
            ("BANKS", shape.banks),
            ("BYTES", shape.bytes),
        ];
        let log = run_block_with(
            name,
            "cu32_lds_unit",
            VERILOG,
            &[("cu32_atomic_alu.v", ATOMIC_VERILOG)],
            TESTBENCH,
            &params,
            &[("stim.hex", stim)],
            passes.len(),
        );
        let mut ins = Vec::new();
        let mut end = None;
        let mut fulls = 0u64;
        for line in log.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.first() {
                Some(&"I") => {
                    ins.push((f[2].parse::<u64>().unwrap(), f[3].parse::<u64>().unwrap()))
                }
                Some(&"F") => fulls = f[1].parse::<u64>().unwrap(),
                Some(&"E") => end = Some(f[1].parse::<u64>().unwrap()),
                _ => {}
            }
        }
        assert_eq!(ins.len(), passes.len(), "{name}: lines taken");
        // Beats, grouped into passes at `last` (clears have none).
        let n_out = passes.iter().filter(|p| p.clear.is_none()).count();
        let outs: Vec<Vec<Beat>> = beat_passes(name, &log, n_out)
            .into_iter()
            .map(|pass| {
                pass.iter()
                    .map(|f| {
                        (
                            f[0].parse().unwrap(),
                            f[1].parse().unwrap(),
                            f[2] == "1",
                            f[3],
                            f[4],
                        )
                    })
                    .collect()
            })
            .collect();
        let mut lanes_checked = 0usize;
        let mut outs_at = outs.iter();
        let mut last_beat = 0; // the cycle of the last beat so far
        for (i, p) in passes.iter().enumerate() {
            if let Some((first, rows)) = p.clear {
                // clr high for its rows' cycles, CLEAR_AFTER cycles after the last beat
                // before it; the next pass in the cycle after (a read-back).
                let (on, off) = ins[i];
                assert_eq!(
                    (off + 1 - on, on - last_beat),
                    (u64::from(rows), u64::from(CLEAR_AFTER)),
                    "{name}: line {i}, clear of rows {first}.. : its cycles, and after the \
                     last beat"
                );
                assert_eq!(
                    ins[i + 1].0,
                    off + 1,
                    "{name}: line {i}: the pass after the clear"
                );
                continue;
            }
            let beats = outs_at.next().unwrap();
            last_beat = beats.last().map_or(last_beat, |b| b.0);
            let shape: Vec<(usize, bool, &str)> = beats.iter().map(|b| (b.1, b.2, b.3)).collect();
            check_beat_shape(
                &format!("{name}: pass {i} ({})", p.what),
                &shape,
                p.beats,
                p.mask,
            );
            for (lane, e) in p.expect.iter().enumerate() {
                for &(k, m, v) in e {
                    let data = beats[k].4;
                    let at = data.len() - 8 * (lane + 1);
                    let got = u32::from_str_radix(&data[at..at + 8], 16).unwrap();
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
        // The timed load (out_ready held high): its first pass from in_valid to its
        // beat, and its passes' spacing.
        let np = 32 / shape.lanes;
        let timed = t.timed;
        let bt = passes[..timed].iter().filter(|p| p.clear.is_none()).count();
        let lat = outs[bt][0].0 - ins[timed].0;
        let spacing = if np > 1 {
            (outs[bt + np - 1][0].0 - outs[bt][0].0) / (np as u64 - 1)
        } else {
            0
        };
        let rows = t.count.len();
        let fewest = t.count.values().min().copied().unwrap_or(0);
        let clears: Vec<String> = t
            .clears
            .iter()
            .map(|&(f, r)| format!("{f}..{}", f + r - 1))
            .collect();
        println!(
            "{name}: LANES={} BANKS={} BYTES={}: {n} random DS instructions ({rows} rows, each at least {fewest} times) + \
             {} fill/read-back/timing/clear-setup ones, {} passes, {lanes_checked} lane results checked, \
             rows {} cleared (each then the whole LDS read back); {} cycles ({fulls} waiting on a full result buffer); \
             aligned b32 load pass: out {lat} cycles after in_valid, passes {spacing} cycles \
             apart; {:.1} s",
            shape.lanes,
            shape.banks,
            shape.bytes,
            t.fixed,
            n_out,
            clears.join(", "),
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
