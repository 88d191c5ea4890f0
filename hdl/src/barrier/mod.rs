//! The compute unit's `s_barrier` (`cu32_barrier.v`, plain parameterised Verilog): per
//! wave slot, whether it holds a live wave, its work-group's tag and whether it waits at
//! the barrier; a group's waiting waves are woken together once every live wave of the
//! group has arrived. Its test (below) plays work-groups of random sizes entering free
//! slots, arriving at barriers and ending, under Verilator, against a model of the rule
//! the file's header states.

/// The Verilog of the barrier, module `cu32_barrier`.
pub const VERILOG: &str = include_str!("cu32_barrier.v");

/// Its testbench, module `tb` (`tb_barrier.v`).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_barrier.v");

#[cfg(test)]
mod tests {
    use super::{TESTBENCH, VERILOG};
    use crate::test_common::{run_block, verilator_present, Rng};

    /// One cycle's requests (slot numbers; the tag with `enter`), and the tag of the
    /// group still entering (`open`).
    #[derive(Clone, Copy, Default)]
    struct Cycle {
        enter: Option<(u32, u32)>,
        leave: Option<u32>,
        arrive: Option<u32>,
        open: Option<u32>,
    }

    impl Cycle {
        fn hex(&self) -> String {
            let mut v = 0u32;
            if let Some((slot, tag)) = self.enter {
                v |= 1 << 18 | slot << 14 | tag << 10;
            }
            if let Some(slot) = self.leave {
                v |= 1 << 9 | slot << 5;
            }
            if let Some(slot) = self.arrive {
                v |= 1 << 4 | slot;
            }
            if let Some(tag) = self.open {
                v |= 1 << 23 | tag << 19;
            }
            format!("{v:06x}\n")
        }
    }

    /// The header's rule: per slot, live, its tag, and waiting at the barrier; per tag,
    /// whether the group had a live wave not arrived (or was open) in the cycle before.
    #[derive(Clone, Default)]
    struct Model {
        live: Vec<bool>,
        tag: Vec<u32>,
        parked: Vec<bool>,
        missing: Vec<bool>,
    }

    impl Model {
        fn new(slots: usize) -> Model {
            Model {
                live: vec![false; slots],
                tag: vec![0; slots],
                parked: vec![false; slots],
                missing: vec![false; slots],
            }
        }

        /// One cycle: the mask woken in the next cycle.
        fn step(&mut self, c: &Cycle) -> u32 {
            let n = self.live.len();
            let mut wake = 0;
            for s in 0..n {
                if self.live[s] && self.parked[s] && !self.missing[self.tag[s] as usize] {
                    wake |= 1 << s;
                    self.parked[s] = false;
                }
            }
            for (g, missing) in self.missing.iter_mut().enumerate() {
                *missing = c.open == Some(g as u32)
                    || (0..n).any(|t| {
                        self.live[t]
                            && !self.parked[t]
                            && wake >> t & 1 == 0
                            && self.tag[t] == g as u32
                    });
            }
            if let Some(s) = c.leave {
                self.live[s as usize] = false;
                self.parked[s as usize] = false;
            }
            if let Some(s) = c.arrive {
                self.parked[s as usize] = true;
            }
            if let Some((s, tag)) = c.enter {
                self.live[s as usize] = true;
                self.tag[s as usize] = tag;
            }
            wake
        }
    }

    /// Work-groups of 1 to 4 waves (mostly several) entering free slots, one wave a cycle
    /// at random cycles, `open` until the last enters (the waves entered run meanwhile);
    /// the waves of a group meet at 1 to 3 barriers and then end
    /// (one in eight groups has a wave that ends a barrier early, releasing the others);
    /// arrivals and ends come at random cycles, and a parked wave does neither.
    fn stimulus(slots: u32, cycles: usize, rng: &mut Rng) -> Vec<Cycle> {
        let n = slots as usize;
        let mut model = Model::new(n);
        // Barriers each slot's wave has still to meet; the group still entering.
        let mut todo = vec![0u32; n];
        let mut entering: Vec<(u32, u32)> = Vec::new();
        let mut stim = Vec::new();
        for _ in 0..cycles {
            let mut c = Cycle::default();
            if entering.is_empty() && rng.below(4) == 0 {
                let free: Vec<u32> = (0..slots).filter(|&s| !model.live[s as usize]).collect();
                let used: Vec<u32> = (0..n)
                    .filter(|&s| model.live[s])
                    .map(|s| model.tag[s])
                    .collect();
                let tag = (0..slots).find(|t| !used.contains(t));
                let size = if rng.below(8) == 0 {
                    1
                } else {
                    rng.below(3) as usize + 2
                };
                if let (Some(tag), false) = (tag, free.is_empty()) {
                    let first = rng.below(free.len() as u64) as usize;
                    let barriers = rng.below(3) + 1;
                    for k in 0..size.min(free.len()) {
                        let s = free[(first + k) % free.len()];
                        entering.push((s, tag));
                        todo[s as usize] = barriers;
                    }
                    if size > 1 && rng.below(8) == 0 {
                        todo[entering[0].0 as usize] = barriers - 1;
                    }
                }
            }
            c.open = entering.first().map(|e| e.1);
            if rng.below(2) == 0 {
                c.enter = entering.pop();
            }
            if c.enter.is_none() {
                let running: Vec<u32> = (0..slots)
                    .filter(|&s| model.live[s as usize] && !model.parked[s as usize])
                    .collect();
                // (A wave with barriers left may arrive; one with none left may end.)
                let pick = |rng: &mut Rng, v: Vec<u32>| {
                    (!v.is_empty()).then(|| v[rng.below(v.len() as u64) as usize])
                };
                let meet: Vec<u32> = running
                    .iter()
                    .copied()
                    .filter(|&s| todo[s as usize] > 0)
                    .collect();
                let done: Vec<u32> = running
                    .iter()
                    .copied()
                    .filter(|&s| todo[s as usize] == 0)
                    .collect();
                c.arrive = pick(rng, meet).filter(|_| rng.below(2) == 0);
                c.leave = pick(rng, done).filter(|_| rng.below(3) == 0);
            }
            let wake = model.step(&c);
            for (s, t) in todo.iter_mut().enumerate() {
                if wake >> s & 1 != 0 {
                    *t -= 1;
                }
            }
            stim.push(c);
        }
        // (Idle cycles at the end, for the wakes still on their way.)
        stim.extend([Cycle::default(); 4]);
        stim
    }

    fn check(name: &str, slots: u32, cycles: usize, seed: u64) {
        if !verilator_present("the barrier") {
            return;
        }
        let slot_bits = slots.next_power_of_two().trailing_zeros().max(1);
        let stim = stimulus(slots, cycles, &mut Rng(seed));
        let mut model = Model::new(slots as usize);
        let width = slots.div_ceil(4) as usize;
        let mut want = Vec::new();
        let mut by_end = 0;
        for (t, c) in stim.iter().enumerate() {
            let wake = model.step(c);
            by_end += usize::from(wake != 0 && c.leave.is_some() && c.arrive.is_none());
            if wake != 0 {
                want.push(format!("W {} {wake:0width$x}", t + 1));
            }
        }
        let inputs = [("stim.hex", stim.iter().map(Cycle::hex).collect())];
        let params = [("SLOTS", slots), ("SLOT_BITS", slot_bits)];
        let log = run_block(
            name,
            "cu32_barrier",
            VERILOG,
            TESTBENCH,
            &params,
            &inputs,
            stim.len(),
        );
        let got: Vec<&str> = log.lines().filter(|l| l.starts_with("W ")).collect();
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            assert_eq!(w, g, "{name}: line {i} of the log");
        }
        assert_eq!(want.len(), got.len(), "{name}: the log's length");
        // (Groups of several waves are released together, and ends release some.)
        let many = want
            .iter()
            .filter(|l| {
                u32::from_str_radix(&l[l.rfind(' ').unwrap() + 1..], 16)
                    .unwrap()
                    .count_ones()
                    > 1
            })
            .count();
        assert!(
            slots == 1 || many * 10 > want.len(),
            "{name}: {many} of {} wake-ups release several",
            want.len()
        );
        assert!(
            slots == 1 || by_end > 0,
            "{name}: no wave's end released a barrier"
        );
        assert!(
            want.len() * 20 > cycles,
            "{name}: {} wake-ups in {cycles} cycles",
            want.len()
        );
    }

    #[test]
    fn eight_slots() {
        check("s8", 8, 20000, 51);
    }

    #[test]
    fn one_slot() {
        check("s1", 1, 4000, 52);
    }

    #[test]
    fn sixteen_slots() {
        check("s16", 16, 20000, 53);
    }
}
