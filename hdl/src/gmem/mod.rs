//! The compute unit's GLOBAL memory unit (`cu32_gmem_unit.v`, plain parameterised
//! Verilog): GLOBAL (and FLAT) loads, stores and integer atomics, a pass of lanes at a
//! time, on a Wishbone B4 pipelined bus, each lane as the golden model
//! (`sim/src/model/vmem.rs`) runs it; its results come out in beats, a VDST dword of every
//! lane a beat. Its test (below) plays random GLOBAL instructions of every row the unit
//! takes under Verilator, pass by pass, against the golden model's `Machine`
//! (`cases.rs`), with the testbench as the bus slave (random latency and stalls, ERR on
//! unmapped dwords) and random back pressure on the beats: every beat, then the whole
//! memory read back.

/// The Verilog of the unit, module `cu32_gmem_unit` (it instantiates the LDS unit's
/// atomic ALU, `cu32_atomic_alu`: [`crate::lds::ATOMIC_VERILOG`] goes with it).
pub const VERILOG: &str = include_str!("cu32_gmem_unit.v");

/// Its testbench, module `tb` (`tb_gmem_unit.v`).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_gmem_unit.v");

#[cfg(test)]
mod cases;

#[cfg(test)]
mod tests {
    use super::cases::{build, Shape, MEMW, REGIONS};
    use super::{TESTBENCH, VERILOG};
    use crate::lds::ATOMIC_VERILOG;
    use crate::test_common::{beat_passes, check_beat_shape, run_block_with, verilator_present};
    use std::time::Instant;

    /// One beat out: (cycle, k, last, mask, err, data).
    type Beat<'a> = (u64, usize, bool, &'a str, bool, &'a str);

    /// Runs `n` random instructions on the block of `shape` and checks every pass out
    /// against the model, then the memory.
    fn check(name: &str, shape: Shape, n: usize, seed: u64) {
        if !verilator_present("the GLOBAL memory unit") {
            return;
        }
        let t0 = Instant::now();
        // (CU32_GMEM_SEED varies the draw.)
        let seed = seed
            ^ std::env::var("CU32_GMEM_SEED").map_or(0, |s| {
                s.parse()
                    .unwrap_or_else(|_| panic!("CU32_GMEM_SEED={s}: not a decimal number"))
            });
        let b = build(shape, n, seed);
        let passes = &b.passes;
        let stim: String = passes.iter().map(|p| format!("{}\n", p.line)).collect();
        let mut regions = String::new();
        let mut first = 0u64;
        for (base, bytes) in REGIONS {
            regions += &format!("{:08x}{:04x}{:04x}\n", base / 4, bytes / 4, first);
            first += bytes / 4;
        }
        let mem: String = b.mem_in.iter().map(|d| format!("{d:08x}\n")).collect();
        let log = run_block_with(
            name,
            "cu32_gmem_unit",
            VERILOG,
            &[("cu32_atomic_alu.v", ATOMIC_VERILOG)],
            TESTBENCH,
            &[("LANES", shape.lanes as u32)],
            &[
                ("stim.hex", stim),
                ("regions.hex", regions),
                ("mem.hex", mem),
            ],
            passes.len(),
        );
        let mut ins = Vec::new();
        let mut end = None;
        let mut requests = 0u64;
        let mut memory = vec![None; MEMW];
        for line in log.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.first() {
                Some(&"I") => {
                    ins.push((f[2].parse::<u64>().unwrap(), f[3].parse::<u64>().unwrap()))
                }
                Some(&"R") => requests = f[1].parse().unwrap(),
                Some(&"E") => end = Some(f[1].parse::<u64>().unwrap()),
                Some(&"M") => {
                    let i: usize = f[1].parse().unwrap();
                    memory[i] = Some(u32::from_str_radix(f[2], 16).unwrap());
                }
                Some(&"X") => panic!("{name}: {line}"),
                _ => {}
            }
        }
        // Beats, grouped into passes at `last`.
        let outs: Vec<Vec<Beat>> = beat_passes(name, &log, passes.len())
            .into_iter()
            .map(|pass| {
                pass.iter()
                    .map(|f| {
                        (
                            f[0].parse().unwrap(),
                            f[1].parse().unwrap(),
                            f[2] == "1",
                            f[3],
                            f[4] == "1",
                            f[5],
                        )
                    })
                    .collect()
            })
            .collect();
        let mut lanes_checked = 0usize;
        let mut errs = 0usize;
        for (i, (p, beats)) in passes.iter().zip(&outs).enumerate() {
            let shape: Vec<(usize, bool, &str)> = beats.iter().map(|b| (b.1, b.2, b.3)).collect();
            check_beat_shape(
                &format!("{name}: pass {i} ({})", p.what),
                &shape,
                p.beats,
                p.mask,
            );
            for (k, b) in beats.iter().enumerate() {
                assert_eq!(b.4, p.err, "{name}: pass {i} ({}), beat {k}: err", p.what);
            }
            errs += usize::from(p.err);
            for (lane, e) in p.expect.iter().enumerate() {
                for &(k, m, v) in e {
                    let data = beats[k].5;
                    let at = data.len() - 8 * (lane + 1);
                    let got = u32::from_str_radix(&data[at..at + 8], 16).unwrap();
                    assert_eq!(
                        got & m,
                        v & m,
                        "{name}: pass {i} ({}), lane {lane} of the pass, VDST dword {k}: \
                         block {got:08x}, model {v:08x}",
                        p.what
                    );
                }
                lanes_checked += usize::from(!e.is_empty());
            }
        }
        for (i, (&want, got)) in b.mem_out.iter().zip(&memory).enumerate() {
            assert_eq!(
                *got,
                Some(want),
                "{name}: memory dword {i}: block {got:08x?}, model {want:08x}"
            );
        }
        // The timed load (out_ready high, the bus answering in 1 cycle, never stalling):
        // its first pass from in_valid to its first beat, and its passes' spacing.
        let np = 32 / shape.lanes;
        let t = b.timed;
        let lat = outs[t][0].0 - ins[t].0;
        let spacing = if np > 1 {
            let apart = (outs[t + np - 1][0].0 - outs[t][0].0) / (np as u64 - 1);
            format!("passes {apart} cycles apart")
        } else {
            "one pass".to_string()
        };
        let rows = b.count.len();
        let fewest = b.count.values().min().copied().unwrap_or(0);
        println!(
            "{name}: LANES={}: {n} random GLOBAL instructions ({rows} rows, each at least \
             {fewest} times; {} refused by the model) + 1 timed, {} passes ({errs} with \
             out_err), {lanes_checked} lane results checked, the memory read back; {} \
             cycles, {requests} bus requests; aligned b32 load pass: first beat {lat} \
             cycles after in_valid, {spacing}; {:.1} s",
            shape.lanes,
            b.faulting,
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

    #[test]
    fn gmem_eight_lanes() {
        check("eight", Shape { lanes: 8 }, 3000, 0x9e3_0008);
    }

    #[test]
    fn gmem_two_lanes() {
        check("two", Shape { lanes: 2 }, 1500, 0x9e3_0002);
    }

    #[test]
    fn gmem_thirty_two_lanes() {
        check("thirty_two", Shape { lanes: 32 }, 1500, 0x9e3_0020);
    }
}
