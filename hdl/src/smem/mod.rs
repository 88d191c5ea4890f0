//! The compute unit's scalar memory unit (`cu32_smem_unit.v`, plain Verilog): an
//! `s_load_b*`'s dwords over a Wishbone B4 pipelined master, one burst a load. Its test
//! (below) serves random loads from a slave that stalls, answers late and sometimes
//! answers ERR, and checks each load's dwords, ends and errors against the file's header.

/// The Verilog of the unit, module `cu32_smem_unit`.
pub const VERILOG: &str = include_str!("cu32_smem_unit.v");

/// Its testbench, module `tb` (`tb_smem_unit.v`).
#[cfg(test)]
const TESTBENCH: &str = include_str!("tb_smem_unit.v");

#[cfg(test)]
mod tests {
    use super::{TESTBENCH, VERILOG};
    use crate::test_common::{run_block, verilator_present, Rng};

    /// One cycle's inputs: a load asked for (dword address, dwords), the slave's STALL, its
    /// answer, and whether that answer is ERR.
    #[derive(Clone, Copy, Default)]
    struct Cycle {
        go: Option<(u32, u32)>,
        stall: bool,
        answer: bool,
        err: bool,
    }

    impl Cycle {
        fn hex(&self) -> String {
            let mut v = u64::from(self.stall) << 2 | u64::from(self.answer) << 1;
            v |= u64::from(self.err);
            if let Some((addr, n)) = self.go {
                v |= 1 << 38 | u64::from(addr) << 8 | u64::from(n) << 3;
            }
            format!("{v:010x}\n")
        }
    }

    /// Random traffic: loads of 1 to 16 dwords (a third of them 16), asked for often;
    /// STALL in runs, answers late or at once, one answer in 30 an ERR.
    fn stimulus(cycles: usize, rng: &mut Rng) -> Vec<Cycle> {
        let mut stall = false;
        (0..cycles)
            .map(|_| {
                if rng.below(6) == 0 {
                    stall = !stall;
                }
                let n = if rng.below(3) == 0 {
                    16
                } else {
                    rng.below(16) + 1
                };
                Cycle {
                    go: (rng.below(3) == 0).then(|| (rng.below(1 << 29), n)),
                    stall,
                    answer: rng.below(3) != 0,
                    err: rng.below(30) == 0,
                }
            })
            .collect()
    }

    /// The data the testbench's slave answers for dword address `addr`.
    fn data(addr: u32) -> u32 {
        (addr << 2).wrapping_mul(0x9e37_79b1)
    }

    /// A load in the log: its dword address and dwords, the requests the slave took (dword
    /// addresses) and its answers (address, ERR).
    type Load = (u32, u32, Vec<u32>, Vec<(u32, bool)>);

    /// Checks the log against the header's rules: each load's requests are its dwords in
    /// order (all of them without an ERR, the answers owed after one), its outputs the
    /// acknowledged dwords' data up to the first ERR, then out_done or out_err. Returns the
    /// loads, those with an ERR, and the 16-dword ones.
    fn check_log(log: &str) -> (usize, usize, usize) {
        let mut loads: Vec<Load> = Vec::new();
        let mut outs: Vec<String> = Vec::new();
        for line in log.lines() {
            let f: Vec<&str> = line.split(' ').collect();
            let load = loads.last_mut();
            match (f[0], load) {
                ("R", _) => {
                    loads.push((f[2].parse().unwrap(), f[3].parse().unwrap(), vec![], vec![]))
                }
                ("T", Some(l)) => l.2.push(f[1].parse().unwrap()),
                ("A", Some(l)) => l.3.push((f[1].parse().unwrap(), f[2] == "err")),
                ("D" | "E" | "X", _) => outs.push(line.to_string()),
                ("L" | "W" | "B", _) => panic!("the unit broke the bus rules: {line}"),
                _ => {}
            }
        }
        let mut want: Vec<String> = Vec::new();
        let (mut errs, mut full) = (0, 0);
        for (i, (addr, n, took, answers)) in loads.iter().enumerate() {
            let first_err = answers.iter().position(|&(_, e)| e);
            for (k, &t) in took.iter().enumerate() {
                assert_eq!(t, addr + k as u32, "load {i}: request {k}");
            }
            let asked: Vec<u32> = answers.iter().map(|&(a, _)| a).collect();
            assert_eq!(asked, *took, "load {i}: the answers are the requests'");
            match first_err {
                None => {
                    assert_eq!(took.len(), *n as usize, "load {i}: every dword asked for");
                    want.extend((0..*n).map(|k| format!("D {:08x}", data(addr + k))));
                    want.push("E".into());
                }
                Some(j) => {
                    errs += 1;
                    want.extend((0..j as u32).map(|k| format!("D {:08x}", data(addr + k))));
                    want.push("X".into());
                }
            }
            full += usize::from(*n == 16);
        }
        assert_eq!(outs, want, "the unit's outputs");
        (loads.len(), errs, full)
    }

    #[test]
    fn random_loads() {
        if !verilator_present("the scalar memory unit") {
            return;
        }
        let stim = stimulus(6000, &mut Rng(7));
        let inputs = [("stim.hex", stim.iter().map(Cycle::hex).collect())];
        let log = run_block(
            "random",
            "cu32_smem_unit",
            VERILOG,
            TESTBENCH,
            &[],
            &inputs,
            stim.len(),
        );
        let (loads, errs, full) = check_log(&log);
        assert!(
            loads > 200 && errs > 20 && full > 50,
            "{loads} loads, {errs} with an ERR, {full} of 16 dwords"
        );
    }
}
