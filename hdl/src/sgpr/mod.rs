//! The compute unit's SGPR file (`cu32_sgpr.v`, plain parameterised Verilog): register
//! pairs per wave slot in block RAM, two read ports, one write port shared by W, a queue of
//! late writes (scalar loads, slow SALU results) and the clear sweep of a starting wave.
//! Its test (below) plays random reads, writes, late writes and clears under Verilator
//! against a model of the rows, the queue and the sweep as the file's header states them.

/// The Verilog of the SGPR file, module `cu32_sgpr`.
pub const VERILOG: &str = include_str!("cu32_sgpr.v");

/// Its testbench, module `tb` (`tb_sgpr.v`).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_sgpr.v");

#[cfg(test)]
mod tests {
    use super::{TESTBENCH, VERILOG};
    use crate::test_common::{run_block, verilator_present, Rng};
    use std::collections::VecDeque;

    /// A write of one pair's halves.
    #[derive(Clone, Copy, Default)]
    struct Write {
        lo: bool,
        hi: bool,
        slot: u32,
        pair: u32,
        data: u64,
    }

    impl Write {
        fn on(&self) -> bool {
            self.lo || self.hi
        }
        fn hex(&self) -> String {
            let head =
                u32::from(self.lo) << 11 | u32::from(self.hi) << 10 | self.slot << 6 | self.pair;
            format!("{head:03x}{:016x}\n", self.data)
        }
    }

    /// One cycle's read addresses and clear.
    #[derive(Clone, Copy, Default)]
    struct Reads {
        a: (u32, u32),
        b: (u32, u32),
        clear: Option<u32>,
    }

    impl Reads {
        fn hex(&self) -> String {
            let (clear, slot) = (self.clear.is_some(), self.clear.unwrap_or(0));
            let v = self.a.0 << 21
                | self.a.1 << 15
                | self.b.0 << 11
                | self.b.1 << 5
                | u32::from(clear) << 4
                | slot;
            format!("{v:07x}\n")
        }
    }

    /// Random traffic on a few rows of a few slots, W writing in about a third of the
    /// cycles, bursts of late writes that fill the queue, a clear now and then.
    fn stimulus(
        slot_bits: u32,
        cycles: usize,
        rng: &mut Rng,
    ) -> (Vec<Reads>, Vec<Write>, Vec<Write>) {
        let slots = 1u64 << slot_bits;
        let hot: Vec<(u32, u32)> = (0..12).map(|_| (rng.below(slots), rng.below(64))).collect();
        let pick = |rng: &mut Rng| {
            if rng.below(4) == 0 {
                (rng.below(slots), rng.below(64))
            } else {
                hot[rng.below(hot.len() as u64) as usize]
            }
        };
        let write = |rng: &mut Rng, p: u32| {
            let (slot, pair) = pick(rng);
            let on = rng.below(100) < p;
            let half = rng.below(3);
            Write {
                lo: on && half != 1,
                hi: on && half != 0,
                slot,
                pair,
                data: rng.next(),
            }
        };
        let (mut rd, mut w, mut lw) = (Vec::new(), Vec::new(), Vec::new());
        for t in 0..cycles {
            let clear = (rng.below(200) == 0).then(|| rng.below(slots));
            rd.push(Reads {
                a: pick(rng),
                b: pick(rng),
                clear,
            });
            // (Bursts: W busy and many late writes for a while, so the queue fills.)
            let burst = (t / 500) % 3 == 1;
            w.push(write(rng, if burst { 70 } else { 35 }));
            lw.push(write(rng, if burst { 90 } else { 20 }));
        }
        (rd, w, lw)
    }

    /// The value the testbench gives for the sweep's row `pair` (its `clear_data`).
    fn clear_data(pair: u32) -> u64 {
        (0xc1ea_0000 | u64::from(pair)) << 32 | 0x5eed_0000 | u64::from(pair)
    }

    /// The log the header's rules give (`?` for an undefined half), and how many cycles a
    /// late write waited for room.
    fn expected(slot_bits: u32, rd: &[Reads], w: &[Write], lw: &[Write]) -> (Vec<String>, usize) {
        let n = rd.len();
        let rows = 64usize << slot_bits;
        let mut mem: Vec<[Option<u32>; 2]> = vec![[None, None]; rows];
        let mut queue: VecDeque<Write> = VecDeque::new();
        let (mut il, mut c_on, mut c_slot, mut c_row) = (0usize, false, 0u32, 0u32);
        // The sweep's registered row (its value is the testbench's `clear_data`).
        let mut c2: Option<u32> = None;
        let mut reads: Vec<[[Option<u32>; 2]; 2]> = Vec::new();
        let mut lines = Vec::new();
        let mut full = 0;
        let mut t = 0;
        while t < n + 80 || il < n {
            let r = rd.get(t).copied().unwrap_or_default();
            let wt = w.get(t).copied().unwrap_or_default();
            let late = lw.get(il).copied().filter(|_| il < n).unwrap_or_default();
            if c_on || c2.is_some() {
                lines.push((t, format!("C {t}")));
            }
            if queue.is_empty() {
                lines.push((t, format!("I {t}")));
            }
            let ready = queue.len() < 16;
            let take = late.on() && ready;
            full += usize::from(late.on() && !ready);
            if take {
                lines.push((t, format!("L {t} {il}")));
            }
            // The port's writer: W, else the queue's head, else the sweep.
            let port = if wt.on() {
                Some(wt)
            } else if let Some(q) = queue.pop_front() {
                Some(q)
            } else {
                c2.take().map(|pair| Write {
                    lo: true,
                    hi: true,
                    slot: c_slot,
                    pair,
                    data: clear_data(pair),
                })
            };
            if let Some(s) = r.clear {
                (c_on, c_slot, c_row, c2) = (true, s, 0, None);
            } else if c_on && c2.is_none() {
                c2 = Some(c_row);
                c_on = c_row != 63;
                c_row = (c_row + 1) % 64;
            }
            let row = |slot: u32, pair: u32| ((slot << 6) | pair) as usize;
            let mut got = [[None; 2]; 2];
            for (g, (slot, pair)) in got.iter_mut().zip([r.a, r.b]) {
                let at = row(slot, pair);
                *g = mem[at];
                if let Some(p) = port.filter(|p| row(p.slot, p.pair) == at) {
                    // (Read in the cycle of its write: undefined.)
                    g[0] = if p.lo { None } else { g[0] };
                    g[1] = if p.hi { None } else { g[1] };
                }
            }
            reads.push(got);
            if let Some(p) = port {
                let m = &mut mem[row(p.slot, p.pair)];
                if p.lo {
                    m[0] = Some(p.data as u32);
                }
                if p.hi {
                    m[1] = Some((p.data >> 32) as u32);
                }
            }
            if take {
                queue.push_back(late);
            }
            if il < n && (!late.on() || ready) {
                il += 1;
            }
            t += 1;
        }
        let half = |v: Option<u32>| v.map_or("????????".to_string(), |x| format!("{x:08x}"));
        for (t, got) in reads.iter().enumerate().take(t - 2) {
            let [a, b] = got;
            let line = format!(
                "R {} {}{} {}{}",
                t + 2,
                half(a[1]),
                half(a[0]),
                half(b[1]),
                half(b[0])
            );
            lines.push((t + 2, line));
        }
        lines.sort();
        (lines.into_iter().map(|(_, l)| l).collect(), full)
    }

    fn check(name: &str, slot_bits: u32, cycles: usize, seed: u64) {
        if !verilator_present("the SGPR file") {
            return;
        }
        let (rd, w, lw) = stimulus(slot_bits, cycles, &mut Rng(seed));
        let inputs = [
            ("rd.hex", rd.iter().map(Reads::hex).collect()),
            ("w.hex", w.iter().map(Write::hex).collect()),
            ("lw.hex", lw.iter().map(Write::hex).collect()),
        ];
        let params = [("SLOT_BITS", slot_bits)];
        let log = run_block(
            name,
            "cu32_sgpr",
            VERILOG,
            TESTBENCH,
            &params,
            &inputs,
            rd.len(),
        );
        let mut got: Vec<(usize, &str)> = log
            .lines()
            .filter_map(|l| Some((l.split(' ').nth(1)?.parse().ok()?, l)))
            .collect();
        got.sort();
        let (want, full) = expected(slot_bits, &rd, &w, &lw);
        // (The test reaches a full queue, sweeps and defined reads of written rows.)
        assert!(full > 0, "{name}: the queue never filled");
        assert!(want.iter().any(|l| l.starts_with("C ")), "{name}: no sweep");
        let defined = want
            .iter()
            .filter(|l| l.starts_with("R ") && !l.contains('?'))
            .count();
        assert!(
            defined * 4 > cycles,
            "{name}: {defined} reads fully defined"
        );
        let mut taken = 0;
        for (i, (w, (_, g))) in want.iter().zip(&got).enumerate() {
            let same =
                w.len() == g.len() && w.chars().zip(g.chars()).all(|(a, b)| a == b || a == '?');
            assert!(same, "{name}: line {i} of the log:\n want {w}\n got  {g}");
            taken += usize::from(w.starts_with("L "));
        }
        assert_eq!(want.len(), got.len(), "{name}: the log's length");
        let offered = lw.iter().filter(|l| l.on()).count();
        assert_eq!(taken, offered, "{name}: every late write taken");
    }

    #[test]
    fn eight_slots() {
        check("s8", 3, 6000, 31);
    }

    #[test]
    fn two_slots() {
        check("s2", 1, 4000, 32);
    }

    #[test]
    fn sixteen_slots() {
        check("s16", 4, 6000, 33);
    }
}
