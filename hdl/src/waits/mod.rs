//! The compute unit's memory counters and `s_waitcnt` (`cu32_waits.v`, plain
//! parameterised Verilog): per wave slot the `vmcnt`, `vscnt` and `lgkmcnt` of its memory
//! instructions in flight, and the slots parked by a wait until their counters allow it.
//! Its test (below) plays random issues, completions and waits under Verilator against a
//! model of the counters and of the wake-up rule the file's header states.

/// The Verilog of the counters, module `cu32_waits`.
pub const VERILOG: &str = include_str!("cu32_waits.v");

/// Its testbench, module `tb` (`tb_waits.v`).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_waits.v");

#[cfg(test)]
mod tests {
    use super::{TESTBENCH, VERILOG};
    use crate::test_common::{run_block, verilator_present, Rng};

    /// One cycle's inputs. `dec` is per unit: the vector memory unit's loads (vmcnt), its
    /// stores (vscnt), the LDS (lgkmcnt) and the scalar memory unit (lgkmcnt).
    #[derive(Clone, Copy, Default)]
    struct Cycle {
        inc: Option<(u32, u32)>,
        dec: [Option<u32>; 4],
        wait: Option<(u32, [u32; 3])>,
    }

    impl Cycle {
        fn hex(&self) -> String {
            let mut v: u64 = 0;
            if let Some((slot, kind)) = self.inc {
                v |= 1 << 50 | u64::from(slot) << 46 | u64::from(kind) << 44;
            }
            for (i, d) in self.dec.iter().enumerate() {
                if let Some(slot) = d {
                    let at = 43 - 5 * i;
                    v |= 1 << at | u64::from(*slot) << (at - 4);
                }
            }
            if let Some((slot, [vm, vs, lgkm])) = self.wait {
                v |= 1 << 23 | u64::from(slot) << 18;
                v |= u64::from(vm) << 12 | u64::from(vs) << 6 | u64::from(lgkm);
            }
            format!("{v:013x}\n")
        }
    }

    /// The counters of one slot: vmcnt, vscnt, lgkmcnt.
    fn counts(out: &[u32; 4]) -> [u32; 3] {
        [out[0], out[1], out[2] + out[3]]
    }

    /// Random traffic as the core would make it: a slot that waits issues nothing, a
    /// counter never passes 63 (bursts of issues on one slot reach it), units complete
    /// only what is in flight, waits name limits (63 for none) around the counts.
    fn stimulus(slots: u32, cycles: usize, rng: &mut Rng) -> Vec<Cycle> {
        let mut out = vec![[0u32; 4]; slots as usize];
        let mut waiting = vec![false; slots as usize];
        let mut stim = Vec::new();
        let burst = rng.below(u64::from(slots));
        for t in 0..cycles {
            let mut c = Cycle::default();
            // (In the first third, slot `burst` mostly issues and nothing completes there.)
            let bursting = t < cycles / 3;
            let slot = if bursting && rng.below(4) != 0 {
                burst
            } else {
                rng.below(u64::from(slots))
            };
            let unit = rng.below(4) as usize;
            let room = counts(&out[slot as usize]).iter().all(|&n| n < 63);
            if !waiting[slot as usize] && room && rng.below(5) < 3 {
                c.inc = Some((slot, [0, 1, 2, 2][unit]));
                out[slot as usize][unit] += 1;
            }
            for (u, dec) in c.dec.iter_mut().enumerate() {
                let busy: Vec<u32> = (0..slots)
                    .filter(|&s| out[s as usize][u] > 0 && !(bursting && s == burst))
                    .collect();
                if !busy.is_empty() && rng.below(10) < 3 {
                    let s = busy[rng.below(busy.len() as u64) as usize];
                    *dec = Some(s);
                    out[s as usize][u] -= 1;
                }
            }
            let w = rng.below(u64::from(slots));
            if !waiting[w as usize] && rng.below(8) == 0 {
                let now = counts(&out[w as usize]);
                let limits = now.map(|n| match rng.below(4) {
                    0 => 63,
                    1 => 0,
                    _ => n.saturating_sub(rng.below(3)),
                });
                c.wait = Some((w, limits));
                waiting[w as usize] = true;
            }
            // (`expected` decides the wake-ups; here a wait ends at random, a rough guide.)
            for w in waiting.iter_mut() {
                if *w && rng.below(16) == 0 {
                    *w = false;
                }
            }
            stim.push(c);
        }
        stim
    }

    /// The `W` lines the header's rules give.
    fn expected(slots: u32, stim: &[Cycle]) -> Vec<String> {
        let mut cnt = vec![[0u32; 3]; slots as usize];
        let mut limit: Vec<Option<[u32; 3]>> = vec![None; slots as usize];
        let width = slots.div_ceil(4) as usize;
        let mut lines = Vec::new();
        // (The testbench runs 4 cycles past the stimulus.)
        let idle = [Cycle::default(); 4];
        for (t, c) in stim.iter().chain(&idle).enumerate() {
            // (The counts compared are those the cycle starts with.)
            if let Some((s, l)) = c.wait {
                limit[s as usize] = Some(l);
            }
            let mut mask = 0u32;
            for s in 0..slots as usize {
                if let Some(l) = limit[s] {
                    if (0..3).all(|k| cnt[s][k] <= l[k]) {
                        mask |= 1 << s;
                        limit[s] = None;
                    }
                }
            }
            if mask != 0 {
                lines.push(format!("W {} {mask:0width$x}", t + 1));
            }
            if let Some((s, kind)) = c.inc {
                cnt[s as usize][kind as usize] += 1;
            }
            for (u, d) in c.dec.iter().enumerate() {
                if let Some(s) = d {
                    cnt[*s as usize][[0, 1, 2, 2][u]] -= 1;
                }
            }
        }
        lines
    }

    fn check(name: &str, slots: u32, cycles: usize, seed: u64) {
        if !verilator_present("the memory counters") {
            return;
        }
        let slot_bits = slots.next_power_of_two().trailing_zeros().max(1);
        let stim = stimulus(slots, cycles, &mut Rng(seed));
        let inputs = [("stim.hex", stim.iter().map(Cycle::hex).collect())];
        let params = [("SLOTS", slots), ("SLOT_BITS", slot_bits)];
        let log = run_block(
            name,
            "cu32_waits",
            VERILOG,
            TESTBENCH,
            &params,
            &inputs,
            stim.len(),
        );
        let got: Vec<&str> = log.lines().filter(|l| l.starts_with("W ")).collect();
        let want = expected(slots, &stim);
        // (The traffic reaches a full counter, and waits end both at once and later.)
        let mut peak = 0;
        let mut cnt = vec![[0u32; 3]; slots as usize];
        for c in &stim {
            if let Some((s, kind)) = c.inc {
                cnt[s as usize][kind as usize] += 1;
                peak = peak.max(cnt[s as usize][kind as usize]);
            }
            for (u, d) in c.dec.iter().enumerate() {
                if let Some(s) = d {
                    cnt[*s as usize][[0, 1, 2, 2][u]] -= 1;
                }
            }
        }
        assert!(
            peak == 63 || slots == 1,
            "{name}: the counters peak at {peak}"
        );
        let waits = stim.iter().filter(|c| c.wait.is_some()).count();
        assert!(
            want.len() * 4 > waits,
            "{name}: {} wake-ups for {waits} waits",
            want.len()
        );
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            assert_eq!(w, g, "{name}: line {i} of the log");
        }
        assert_eq!(want.len(), got.len(), "{name}: the log's length");
    }

    #[test]
    fn eight_slots() {
        check("s8", 8, 20000, 21);
    }

    #[test]
    fn one_slot() {
        check("s1", 1, 5000, 22);
    }

    #[test]
    fn sixteen_slots() {
        check("s16", 16, 20000, 23);
    }
}
