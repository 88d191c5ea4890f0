//! The compute unit's performance counters, held once as a table: [`COUNTERS`] gives each
//! counter's index (the CSR word `0x20 + index`), name, meaning and the amount the top adds
//! to it each cycle (a Verilog expression over `cu32_top`'s wires). The CSR template takes
//! the count and its header comment from it, the top its wiring, `cu32 cosim` and
//! `cu32 bench` the names; `hdl/README.md` holds the same table (checked by a test below).
//!
//! Every counter is 32 bits, cleared by CONTROL start (and by reset), and adds an 8-bit
//! amount each cycle. The retired instruction's unit comes from its first word (the format's
//! fixed bits) and the vector decoder's `valu` (DS and GLOBAL run through the vector unit
//! too): the five unit counters add up to `retired`. EXEC of a VALU instruction is EXEC when
//! it issued (the trace's EXEC, bits 31:0 in wave32): a VOPD pair counts once, with one
//! EXEC for both halves; `v_readlane` and friends count EXEC like any other VALU instruction.
//! DS and GLOBAL instructions are not VALU here: their lanes are not in `valu_lanes`.

/// CSR word of counter 0; counter `n` is at `COUNTER_BASE + n`.
pub const COUNTER_BASE: u8 = 0x20;

/// CSR word (read-only) holding the number of counters, [`COUNTERS`]`.len()`.
pub const COUNTER_COUNT_WORD: u8 = 0x06;

/// One performance counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Counter {
    /// Its number: CSR word [`COUNTER_BASE`] + `index`; equal to its place in [`COUNTERS`].
    pub index: u8,
    /// A short snake_case name (the top's wire `count_<name>`).
    pub name: &'static str,
    /// What it counts, one line.
    pub meaning: &'static str,
    /// The 8-bit amount added each cycle: a Verilog expression over `cu32_top`'s wires
    /// (`hdl/src/top/cu32_top.v`, through the generated `cu32_counters.vh`).
    pub amount: &'static str,
}

/// The counters, in index order.
pub const COUNTERS: &[Counter] = &[
    Counter {
        index: 0,
        name: "busy_cycles",
        meaning: "cycles the dispatcher is busy (CHECK to END)",
        amount: "{7'd0, d_busy}",
    },
    Counter {
        index: 1,
        name: "wave_cycles",
        meaning: "cycles any wave runs (the core's `running`)",
        amount: "{7'd0, running}",
    },
    Counter {
        index: 2,
        name: "retired",
        meaning: "instructions retired (all units)",
        amount: "{7'd0, ret_valid}",
    },
    Counter {
        index: 3,
        name: "salu_retired",
        meaning: "SALU instructions retired (SOP1/SOP2/SOPK/SOPC/SOPP: branches, waits, no-ops)",
        amount: "{7'd0, ret_salu}",
    },
    Counter {
        index: 4,
        name: "smem_retired",
        meaning: "SMEM instructions retired (s_load_*)",
        amount: "{7'd0, ret_smem}",
    },
    Counter {
        index: 5,
        name: "valu_retired",
        meaning: "VALU instructions retired (VOP1/VOP2/VOPC/VOP3/VOP3SD, DPP; a VOPD pair once)",
        amount: "{7'd0, ret_valu}",
    },
    Counter {
        index: 6,
        name: "ds_retired",
        meaning: "DS (LDS) instructions retired",
        amount: "{7'd0, ret_ds}",
    },
    Counter {
        index: 7,
        name: "global_retired",
        meaning: "GLOBAL memory instructions retired",
        amount: "{7'd0, ret_global}",
    },
    Counter {
        index: 8,
        name: "valu_lanes",
        meaning: "active lanes of retired VALU instructions: sum of popcount(EXEC)",
        amount: "{2'd0, cnt_lanes}",
    },
    Counter {
        index: 9,
        name: "smem_bus",
        meaning: "cycles the scalar memory unit holds the bus (its CYC)",
        amount: "{7'd0, s_cyc}",
    },
    Counter {
        index: 10,
        name: "global_bus",
        meaning: "cycles the vector unit's GLOBAL master holds the bus (its CYC)",
        amount: "{7'd0, g_cyc}",
    },
    Counter {
        index: 11,
        name: "dispatch_overhead",
        meaning: "cycles the dispatcher is busy while no wave runs (code load, LDS clear, \
                  work-group and wave set-up, picking and resuming waves)",
        amount: "{7'd0, d_busy && !running}",
    },
];

/// The counter called `name`.
pub fn counter(name: &str) -> Option<&'static Counter> {
    COUNTERS.iter().find(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_places_and_names_are_unique_identifiers() {
        for (i, c) in COUNTERS.iter().enumerate() {
            assert_eq!(usize::from(c.index), i, "{}", c.name);
            assert!(
                c.name
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch == '_'),
                "{}",
                c.name
            );
            assert_eq!(counter(c.name), Some(c));
        }
        // The CSR words 0x20.. must stay within the host port's 8-bit word address.
        assert!(usize::from(COUNTER_BASE) + COUNTERS.len() <= 0x100);
    }

    #[test]
    fn readme_lists_every_counter() {
        let readme = include_str!("../README.md");
        for c in COUNTERS {
            let row = format!(
                "| {} | 0x{:02x} | `{}` | {} |",
                c.index,
                usize::from(COUNTER_BASE) + usize::from(c.index),
                c.name,
                c.meaning
            );
            assert!(readme.contains(&row), "hdl/README.md lacks the row\n{row}");
        }
    }
}
