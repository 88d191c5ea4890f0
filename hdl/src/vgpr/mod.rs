//! The VGPR file of the compute unit (`cu32_vgpr.v`, plain parameterised Verilog): a
//! copy of the registers per source port, a block RAM per copy and lane, three sources
//! read every cycle, two write ports (the VALU's, always taken, and memory results', in
//! cycles without the VALU's). Its test (below) plays random traffic under Verilator
//! against a reference model of the rows and of the timing the file's header states.

/// The Verilog of the VGPR file, module `cu32_vgpr`.
pub const VERILOG: &str = include_str!("cu32_vgpr.v");

/// Its testbench, module `tb` (`tb_vgpr.v`: stimulus files in, a log out).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_vgpr.v");

#[cfg(test)]
mod tests {
    use super::{TESTBENCH, VERILOG};
    use crate::test_common::{run_block, verilator_present, Rng};
    use std::collections::BTreeMap;
    use std::fmt::Write as _;

    /// A file's parameters.
    #[derive(Clone, Copy)]
    struct Dims {
        lanes: u32,
        pass_bits: u32,
        slot_bits: u32,
        vgpr_bits: u32,
    }

    impl Dims {
        fn rows(self) -> usize {
            1 << (self.slot_bits + self.vgpr_bits + self.pass_bits)
        }
        /// A row's index in the reference model (any one-to-one numbering).
        fn row(self, slot: u32, reg: u32, pass: u32) -> usize {
            (((slot << self.vgpr_bits) | reg) << self.pass_bits | pass) as usize
        }
    }

    #[derive(Clone, Copy, Default)]
    struct Read {
        valid: bool,
        used: [bool; 3],
        slot: u32,
        pass: u32,
        regs: [u32; 3],
        tag: u32,
    }

    #[derive(Clone, Default)]
    struct Write {
        valid: bool,
        slot: u32,
        pass: u32,
        reg: u32,
        mask: u32,
        /// The 16-bit halves written: bit 0 the low one, bit 1 the high one.
        half: u32,
        data: Vec<u32>,
    }

    impl Read {
        fn hex(&self) -> String {
            let used = self
                .used
                .iter()
                .rev()
                .fold(0u64, |a, &u| a << 1 | u64::from(u));
            let v = u64::from(self.valid) << 59
                | used << 56
                | u64::from(self.slot) << 48
                | u64::from(self.pass) << 40
                | u64::from(self.regs[0]) << 32
                | u64::from(self.regs[1]) << 24
                | u64::from(self.regs[2]) << 16
                | u64::from(self.tag);
            format!("{v:015x}\n")
        }
    }

    impl Write {
        fn hex(&self) -> String {
            let v = u64::from(self.half) << 57
                | u64::from(self.valid) << 56
                | u64::from(self.slot) << 48
                | u64::from(self.pass) << 40
                | u64::from(self.reg) << 32
                | u64::from(self.mask);
            format!("{v:015x}\n")
        }
        fn data_hex(&self, lanes: u32) -> String {
            let mut s = String::new();
            for l in (0..lanes as usize).rev() {
                write!(s, "{:08x}", self.data.get(l).copied().unwrap_or(0)).unwrap();
            }
            s + "\n"
        }
    }

    /// The stimulus: a write of every row (port A), a read of every row (as source 0,
    /// with the next two registers), then random traffic on a few registers of two
    /// slots, so that reads meet recent writes and shared registers, and
    /// port B meets port A's writes.
    fn stimulus(d: Dims, random: usize, seed: u64) -> (Vec<Read>, Vec<Write>, Vec<Write>) {
        let mut rng = Rng(seed);
        let (slots, vgprs, passes) = (1 << d.slot_bits, 1 << d.vgpr_bits, 1 << d.pass_bits);
        let full = if d.lanes == 32 {
            u32::MAX
        } else {
            (1 << d.lanes) - 1
        };
        let data = |rng: &mut Rng| (0..d.lanes).map(|_| rng.next() as u32).collect();
        let (mut rq, mut wa, mut wb) = (Vec::new(), Vec::new(), Vec::new());
        for slot in 0..slots {
            for reg in 0..vgprs {
                for pass in 0..passes {
                    let data = data(&mut rng);
                    wa.push(Write {
                        valid: true,
                        slot,
                        pass,
                        reg,
                        mask: full,
                        half: 3,
                        data,
                    });
                    rq.push(Read::default());
                    wb.push(Write::default());
                }
            }
        }
        for slot in 0..slots {
            for reg in 0..vgprs {
                for pass in 0..passes {
                    let regs = [reg, (reg + 1) % vgprs, (reg + 2) % vgprs];
                    let tag = rng.below(256);
                    rq.push(Read {
                        valid: true,
                        used: [true; 3],
                        slot,
                        pass,
                        regs,
                        tag,
                    });
                    wa.push(Write::default());
                    wb.push(Write::default());
                }
            }
        }
        let hot_slots = [rng.below(slots as u64), rng.below(slots as u64)];
        let hot: Vec<u32> = (0..6).map(|_| rng.below(vgprs as u64)).collect();
        for _ in 0..random {
            let slot = hot_slots[rng.below(2) as usize];
            let pass = rng.below(passes as u64);
            let mut regs = [0; 3];
            for r in &mut regs {
                *r = hot[rng.below(hot.len() as u64) as usize];
            }
            let used = [rng.below(8) != 0, rng.below(4) != 0, rng.below(2) != 0];
            let tag = rng.below(256);
            rq.push(Read {
                valid: rng.below(4) != 0,
                used,
                slot,
                pass,
                regs,
                tag,
            });
            for w in [&mut wa, &mut wb] {
                let reg = hot[rng.below(hot.len() as u64) as usize];
                let slot = hot_slots[rng.below(2) as usize];
                w.push(Write {
                    valid: rng.below(3) == 0,
                    slot,
                    pass: rng.below(passes as u64),
                    reg,
                    mask: rng.next() as u32 & full,
                    half: [1, 2, 3, 3][rng.below(4) as usize],
                    data: data(&mut rng),
                });
            }
        }
        (rq, wa, wb)
    }

    /// The log the file must give for the stimulus, worked out from the header's rules
    /// with a reference model of the rows: `T`, `B`, `P` and `R` lines keyed by cycle.
    fn expected(d: Dims, rq: &[Read], wa: &[Write], wb: &[Write]) -> Vec<String> {
        // Port B: each write is taken in the first cycle, from the one after the last was
        // taken, in which port A writes nothing. (A's line i is in cycle i.)
        let mut b_taken = Vec::new();
        let mut t = 0usize;
        for w in wb {
            if w.valid {
                while t < wa.len() && wa[t].valid {
                    t += 1;
                }
            }
            b_taken.push(t);
            t += 1;
        }
        // Reads: each taken in its line's cycle, its rows read in the next (stage B), its
        // words out three cycles after that.
        // The rows as each cycle's reads see them: a write taken in a cycle reaches the
        // RAMs in the next (its register) and shows from the one after.
        let mut writes: BTreeMap<usize, Vec<&Write>> = BTreeMap::new();
        for (i, w) in wa.iter().enumerate().filter(|(_, w)| w.valid) {
            writes.entry(i + 1).or_default().push(w);
        }
        for (w, &c) in wb.iter().zip(&b_taken).filter(|(w, _)| w.valid) {
            writes.entry(c + 1).or_default().push(w);
        }
        let mut reads: BTreeMap<usize, Vec<(usize, usize)>> = BTreeMap::new();
        for (i, r) in rq.iter().enumerate().filter(|p| p.1.valid) {
            for s in (0..3).filter(|&s| r.used[s]) {
                reads.entry(i + 1).or_default().push((i, s));
            }
        }
        let last = writes
            .keys()
            .chain(reads.keys())
            .max()
            .copied()
            .unwrap_or(0);
        let mut mem = vec![vec![0u32; d.lanes as usize]; d.rows()];
        let mut got = vec![[None::<Option<Vec<u32>>>, None, None]; rq.len()];
        for cycle in 0..=last {
            let written: Vec<usize> = writes
                .get(&cycle)
                .into_iter()
                .flatten()
                .map(|w| d.row(w.slot, w.reg, w.pass))
                .collect();
            for &(i, s) in reads.get(&cycle).into_iter().flatten() {
                let r = &rq[i];
                let row = d.row(r.slot, r.regs[s], r.pass);
                // (A row read in the cycle it is written is undefined: `?`.)
                got[i][s] = Some(if written.contains(&row) {
                    None
                } else {
                    Some(mem[row].clone())
                });
            }
            for w in writes.get(&cycle).into_iter().flatten() {
                let row = &mut mem[d.row(w.slot, w.reg, w.pass)];
                let bits = |h: u32, m: u32| if w.half & h != 0 { m } else { 0 };
                let written = bits(1, 0x0000_ffff) | bits(2, 0xffff_0000);
                for (l, v) in row.iter_mut().enumerate() {
                    if w.mask >> l & 1 != 0 {
                        *v = (*v & !written) | (w.data[l] & written);
                    }
                }
            }
        }
        let mut lines: Vec<(usize, String)> = Vec::new();
        for (i, c) in b_taken.iter().enumerate().filter(|(i, _)| wb[*i].valid) {
            lines.push((*c, format!("B {c} {i}")));
        }
        for (i, r) in rq.iter().enumerate().filter(|p| p.1.valid) {
            lines.push((i, format!("T {i} {i}")));
            let data: Vec<String> = (0..3)
                .map(|s| match &got[i][s] {
                    Some(Some(v)) => v.iter().rev().map(|x| format!("{x:08x}")).collect(),
                    Some(None) => "?".to_string(),
                    // (a source not used reads 0)
                    None => "0".repeat(8 * d.lanes as usize),
                })
                .collect();
            // (its tag three cycles and a cycle ahead of its words)
            lines.push((i + 1, format!("E {} {:02x}", i + 1, r.tag)));
            lines.push((i + 3, format!("P {} {:02x}", i + 3, r.tag)));
            let at = i + 4;
            lines.push((at, format!("R {at} {:02x} {}", r.tag, data.join(" "))));
        }
        lines.sort();
        lines.into_iter().map(|(_, l)| l).collect()
    }

    /// The file's log, its `A` lines dropped (port A takes every write).
    fn observed(log: &str) -> Vec<String> {
        let mut lines: Vec<(usize, String)> = Vec::new();
        for line in log.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let cycle: usize = f.get(1).and_then(|c| c.parse().ok()).unwrap_or(usize::MAX);
            if matches!(f.first().copied(), Some("T" | "B" | "E" | "P" | "R")) {
                lines.push((cycle, line.to_string()));
            }
        }
        lines.sort();
        lines.into_iter().map(|(_, l)| l).collect()
    }

    fn check(name: &str, d: Dims, random: usize, seed: u64) {
        if !verilator_present("the VGPR file") {
            return;
        }
        let (rq, wa, wb) = stimulus(d, random, seed);
        let lines = |f: &dyn Fn(usize) -> String| (0..rq.len()).map(f).collect::<String>();
        let inputs = [
            ("rq.hex", lines(&|i| rq[i].hex())),
            ("wa.hex", lines(&|i| wa[i].hex())),
            ("wb.hex", lines(&|i| wb[i].hex())),
            ("wad.hex", lines(&|i| wa[i].data_hex(d.lanes))),
            ("wbd.hex", lines(&|i| wb[i].data_hex(d.lanes))),
        ];
        let params = [
            ("LANES", d.lanes),
            ("PASS_BITS", d.pass_bits),
            ("SLOT_BITS", d.slot_bits),
            ("VGPR_BITS", d.vgpr_bits),
        ];
        let log = run_block(
            name,
            "cu32_vgpr",
            VERILOG,
            TESTBENCH,
            &params,
            &inputs,
            rq.len(),
        );
        let want = expected(d, &rq, &wa, &wb);
        let got = observed(&log);
        let reads = rq.iter().filter(|r| r.valid).count();
        assert_eq!(want.iter().filter(|l| l.starts_with('R')).count(), reads);
        let undefined = want.iter().filter(|l| l.contains(" ?")).count();
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            let (wf, gf): (Vec<&str>, Vec<&str>) = (w.split(' ').collect(), g.split(' ').collect());
            let same = wf.len() == gf.len() && wf.iter().zip(&gf).all(|(a, b)| a == b || *a == "?");
            assert!(
                same,
                "{name}: line {i} of the log differs:\n want {w}\n got  {g}"
            );
        }
        // (Most reads are defined, even with 8 rows in all.)
        assert!(
            undefined * 3 < reads,
            "{name}: {undefined} of {reads} reads undefined"
        );
        assert_eq!(want.len(), got.len(), "{name}: the log's length");
    }

    #[test]
    fn eight_lanes_eight_slots() {
        let d = Dims {
            lanes: 8,
            pass_bits: 2,
            slot_bits: 3,
            vgpr_bits: 6,
        };
        check("l8", d, 4000, 1);
    }

    #[test]
    fn thirty_two_lanes_one_slot_one_pass() {
        let d = Dims {
            lanes: 32,
            pass_bits: 0,
            slot_bits: 0,
            vgpr_bits: 3,
        };
        check("l32", d, 3000, 2);
    }

    #[test]
    fn two_lanes_sixteen_slots_256_vgprs() {
        let d = Dims {
            lanes: 2,
            pass_bits: 4,
            slot_bits: 4,
            vgpr_bits: 8,
        };
        check("l2", d, 3000, 3);
    }
}
