//! The RTL's performance counters (`cu32_hdl::counters::COUNTERS`, read by the co-simulation
//! shim after a dispatch) as `cu32 cosim` and `cu32 bench --rtl` show them: named values
//! and the figures derived from them, instructions per cycle (retired / busy cycles, or
//! wave cycles for a plain program), VALU lane utilisation (active lanes / (VALU
//! instructions × 32)) and the cycles over the issue/VALU bound: the cycles waves run (those
//! cycles less the dispatcher's overhead) over max(instructions retired, VALU instructions
//! × passes), the fewest cycles one issue a cycle and the configuration's VALU allow.

use cu32_hdl::counters::{counter, COUNTERS, COUNTER_BASE};
use std::fmt::Write as _;

/// Counter values in index order, as the RTL gave them, and the passes of a wave on the
/// RTL's lanes.
pub struct Figures<'a> {
    values: &'a [u32],
    passes: u64,
}

impl<'a> Figures<'a> {
    /// The figures of `values` from the RTL of `config` (its passes: `Shape`).
    pub fn new(values: &'a [u32], config: &cu32_hdl::Config) -> Figures<'a> {
        Figures {
            values,
            passes: u64::from(cu32_hdl::shape::Shape::of(config).passes),
        }
    }

    /// The value of the counter called `name`, if the RTL has it.
    pub fn get(&self, name: &str) -> Option<u64> {
        let c = counter(name)?;
        self.values.get(usize::from(c.index)).map(|&v| u64::from(v))
    }

    /// The cycles IPC counts: the dispatcher's busy cycles, or for a plain program (no
    /// dispatch) the wave's cycles.
    pub fn cycles(&self) -> Option<u64> {
        match self.get("busy_cycles")? {
            0 => self.get("wave_cycles"),
            busy => Some(busy),
        }
    }

    /// Instructions retired per cycle ([`Figures::cycles`]).
    pub fn ipc(&self) -> Option<f64> {
        ratio(self.get("retired")?, self.cycles()?)
    }

    /// Active lanes over the lanes of every retired VALU instruction (32 each).
    pub fn lane_utilisation(&self) -> Option<f64> {
        ratio(self.get("valu_lanes")?, 32 * self.get("valu_retired")?)
    }

    /// The issue/VALU bound: max(instructions retired, VALU instructions × passes).
    pub fn bound(&self) -> Option<u64> {
        Some(
            self.get("retired")?
                .max(self.get("valu_retired")? * self.passes),
        )
    }

    /// The cycles waves run ([`Figures::cycles`] less `dispatch_overhead`) over
    /// [`Figures::bound`].
    pub fn over_bound(&self) -> Option<f64> {
        let run = self
            .cycles()?
            .saturating_sub(self.get("dispatch_overhead")?);
        ratio(run, self.bound()?)
    }

    /// The counters by name, and the derived figures (null when not defined).
    pub fn json(&self) -> serde_json::Value {
        let counters: serde_json::Map<String, serde_json::Value> = self
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let name = COUNTERS
                    .get(i)
                    .map_or(format!("counter_{i}"), |c| c.name.to_string());
                (name, serde_json::json!(v))
            })
            .collect();
        serde_json::json!({
            "counters": counters,
            "ipc": self.ipc(),
            "valu_lane_utilisation": self.lane_utilisation(),
            "bound": self.bound(),
            "over_bound": self.over_bound(),
        })
    }

    /// One line per counter (name, value, meaning), then the derived figures.
    pub fn listing(&self) -> String {
        let mut out = format!("performance counters (CSR words 0x{COUNTER_BASE:02x}..):\n");
        for (i, v) in self.values.iter().enumerate() {
            let (name, meaning) = COUNTERS
                .get(i)
                .map_or(("(unknown)", ""), |c| (c.name, c.meaning));
            let _ = writeln!(out, "  {i:>2} {name:<18} {v:>12}  {meaning}");
        }
        let _ = writeln!(
            out,
            "IPC {} (retired / busy_cycles, or wave_cycles without a dispatch), VALU lane utilisation {} (valu_lanes / (valu_retired x 32))",
            self.ipc().map_or("-".into(), |x| format!("{x:.3}")),
            self.lane_utilisation()
                .map_or("-".into(), |x| format!("{:.1}%", 100.0 * x)),
        );
        let _ = writeln!(
            out,
            "cycles over the issue/VALU bound {} ((cycles - dispatch_overhead) / max(retired, valu_retired x {} passes))",
            self.over_bound().map_or("-".into(), |x| format!("{x:.2}")),
            self.passes,
        );
        out
    }
}

/// `a / b`, or `None` when `b` is 0.
fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_come_from_the_named_counters() {
        let mut values = vec![0u32; COUNTERS.len()];
        let set = |values: &mut Vec<u32>, name: &str, v: u32| {
            values[usize::from(counter(name).expect("a counter").index)] = v;
        };
        set(&mut values, "busy_cycles", 1000);
        set(&mut values, "retired", 250);
        set(&mut values, "valu_retired", 10);
        set(&mut values, "valu_lanes", 240);
        set(&mut values, "dispatch_overhead", 100);
        let with_lanes = |lanes: u32| {
            let mut c = cu32_hdl::Config::default_config();
            c.lanes = lanes;
            c
        };
        let f = Figures::new(&values, &with_lanes(8));
        assert_eq!(f.ipc(), Some(0.25));
        assert_eq!(f.lane_utilisation(), Some(0.75));
        // 900 cycles run over max(250 retired, 10 VALU x 4 passes).
        assert_eq!(f.bound(), Some(250));
        assert_eq!(f.over_bound(), Some(3.6));
        let text = f.listing();
        assert!(text.contains("busy_cycles"), "{text}");
        assert!(text.contains("IPC 0.250"), "{text}");
        assert!(text.contains("utilisation 75.0%"), "{text}");
        assert!(text.contains("bound 3.60"), "{text}");
        // 30 VALU instructions x 16 passes at 2 lanes.
        set(&mut values, "valu_retired", 30);
        assert_eq!(Figures::new(&values, &with_lanes(2)).bound(), Some(480));
        assert_eq!(Figures::new(&[], &with_lanes(32)).ipc(), None);
        assert!(Figures::new(&[1], &with_lanes(32))
            .listing()
            .contains("busy_cycles"));
    }
}
