//! The compute unit's front end (`cu32_front.v`, plain parameterised Verilog): select
//! (round robin over the ready wave slots), the slots' PCs in distributed RAM and the
//! instruction memory in four word-interleaved block-RAM banks, three words a cycle. Its
//! test (below) plays random PC writes, releases and holds under Verilator against a model
//! of the rules the file's header states.

/// The Verilog of the front end, module `cu32_front`.
pub const VERILOG: &str = include_str!("cu32_front.v");

/// Its testbench, module `tb` (`tb_front.v`).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_front.v");

/// Cycles from select taking a slot to its words leaving with `f_valid`.
pub const LATENCY: usize = 4;

#[cfg(test)]
mod tests {
    use super::{LATENCY, TESTBENCH, VERILOG};
    use crate::test_common::{run_block, verilator_present, Rng};

    /// One cycle's inputs.
    #[derive(Clone, Copy, Default)]
    struct Ctl {
        hold: bool,
        run: u32,
        pc_we: bool,
        pc_slot: u32,
        pc_val: u32,
    }

    impl Ctl {
        fn hex(&self) -> String {
            let v = u64::from(self.hold) << 37
                | u64::from(self.run) << 21
                | u64::from(self.pc_we) << 20
                | u64::from(self.pc_slot) << 16
                | u64::from(self.pc_val);
            format!("{v:010x}\n")
        }
    }

    /// Random inputs: every slot's PC written first, then PC writes (mostly in the program,
    /// some in its last words), releases (a slot at a time, sometimes several) and holds.
    fn stimulus(slots: u32, words: u32, cycles: usize, rng: &mut Rng) -> Vec<Ctl> {
        let mut ctl: Vec<Ctl> = (0..slots)
            .map(|s| Ctl {
                pc_we: true,
                pc_slot: s,
                pc_val: rng.below(u64::from(words)),
                ..Ctl::default()
            })
            .collect();
        let all = if slots == 32 {
            u32::MAX
        } else {
            (1 << slots) - 1
        };
        for _ in 0..cycles {
            let pc_val = match rng.below(6) {
                0 => words - 1 - rng.below(3).min(words - 1),
                _ => rng.below(u64::from(words)),
            };
            let run = match rng.below(8) {
                0..=2 => 1 << rng.below(u64::from(slots)),
                3 => rng.next() as u32 & all,
                _ => 0,
            };
            ctl.push(Ctl {
                hold: rng.below(10) == 0,
                run,
                pc_we: rng.below(2) == 0,
                pc_slot: rng.below(u64::from(slots)),
                pc_val,
            });
        }
        ctl
    }

    /// The `F` lines the header's rules give for `ctl` on `prog`, in the testbench's
    /// cycles (`ctl`, then 8 more with no input).
    fn expected(
        slots: u32,
        slot_bits: u32,
        imem_bits: u32,
        prog: &[u32],
        ctl: &[Ctl],
    ) -> Vec<String> {
        let words = prog.len() as u32;
        let end = ctl.len() + 8;
        let (mut ready, mut last) = (0u32, 0u32);
        let mut pcs = vec![0u32; slots as usize];
        let mut out = Vec::new();
        for t in 0..end {
            let c = ctl.get(t).copied().unwrap_or_default();
            let pick = (1..=slots)
                .map(|n| (last + n) % slots)
                .find(|&s| ready >> s & 1 != 0);
            let pick = pick.filter(|_| !c.hold);
            if let Some(p) = pick {
                ready &= !(1 << p);
                last = p;
            }
            ready |= c.run;
            if c.pc_we {
                pcs[c.pc_slot as usize] = c.pc_val;
            }
            // (The PC is read in the next cycle, after this cycle's write.)
            if let Some(slot) = pick.filter(|_| t + LATENCY < end) {
                let pc = pcs[slot as usize];
                let word = |i: u32| {
                    if pc + i < words {
                        prog[(pc + i) as usize]
                    } else {
                        0
                    }
                };
                out.push(format!(
                    "F {} {:0sw$x} {:0pw$x} {:08x} {:08x} {:08x} {:x}",
                    t + LATENCY,
                    slot,
                    pc,
                    word(0),
                    word(1),
                    word(2),
                    (words - pc).min(3),
                    sw = slot_bits.div_ceil(4) as usize,
                    pw = imem_bits.div_ceil(4) as usize,
                ));
            }
        }
        out
    }

    fn check(name: &str, slots: u32, imem_bits: u32, cycles: usize, seed: u64) {
        if !verilator_present("the front end") {
            return;
        }
        let slot_bits = slots.next_power_of_two().trailing_zeros().max(1);
        let mut rng = Rng(seed);
        let words = 1u32 << imem_bits;
        let prog: Vec<u32> = (0..words).map(|_| rng.next() as u32).collect();
        let ctl = stimulus(slots, words, cycles, &mut rng);
        let inputs = [
            (
                "prog.hex",
                prog.iter().map(|w| format!("{w:08x}\n")).collect(),
            ),
            ("ctl.hex", ctl.iter().map(Ctl::hex).collect()),
        ];
        let params = [
            ("SLOTS", slots),
            ("SLOT_BITS", slot_bits),
            ("IMEM_BITS", imem_bits),
        ];
        let log = run_block(
            name,
            "cu32_front",
            VERILOG,
            TESTBENCH,
            &params,
            &inputs,
            ctl.len(),
        );
        let got: Vec<&str> = log.lines().filter(|l| l.starts_with("F ")).collect();
        let want = expected(slots, slot_bits, imem_bits, &prog, &ctl);
        // (Every slot is taken, and most cycles take one.)
        for s in 0..slots {
            let tag = format!("{:0w$x}", s, w = slot_bits.div_ceil(4) as usize);
            let taken = want
                .iter()
                .any(|l| l.split(' ').nth(2) == Some(tag.as_str()));
            assert!(taken, "{name}: slot {s} never taken");
        }
        assert!(
            want.len() * 3 > cycles,
            "{name}: {} takes in {cycles} cycles",
            want.len()
        );
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            assert_eq!(w, g, "{name}: line {i} of the log");
        }
        assert_eq!(want.len(), got.len(), "{name}: the log's length");
    }

    #[test]
    fn eight_slots_1024_words() {
        check("s8", 8, 10, 3000, 11);
    }

    #[test]
    fn one_slot_64_words() {
        check("s1", 1, 6, 2000, 12);
    }

    #[test]
    fn five_slots_16384_words() {
        check("s5", 5, 14, 2000, 13);
    }

    #[test]
    fn sixteen_slots_256_words() {
        check("s16", 16, 8, 3000, 14);
    }
}
