//! The trace event: one per retired instruction per wave, emitted alike by the golden model
//! and (through the co-simulation harness) by the RTL's retirement trace port, and compared
//! one by one.

use cu32_isa::operand::register_name;
use std::fmt;

/// One architectural write made by a retired instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Write {
    /// A 32-bit write to the scalar register space: `index` is the SDST code (0..=105 SGPRs,
    /// 106/107 `vcc_lo/hi`, 125 `m0`, 126/127 `exec_lo/hi`). A 64-bit write is two events.
    Sgpr { index: u8, value: u32 },
    /// A write of VGPR `index` in the lanes of `mask`: `values[lane]` for those lanes, 0 for
    /// the others (so that equal effects compare equal). A 64-bit result is two events.
    Vgpr {
        index: u8,
        mask: u32,
        values: [u32; 32],
    },
    /// A write of the scalar condition code.
    Scc(bool),
    /// A memory write of `size` (1 to 16) bytes: the low bytes of `value`, little-endian.
    /// An instruction's memory writes stay in program order (lane order), after the
    /// register writes.
    Mem {
        space: Space,
        addr: u64,
        size: u8,
        value: u128,
    },
}

/// The memory a [`Write::Mem`] goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// Global memory (byte address).
    Global,
    /// The work-group's LDS (byte offset).
    Lds,
}

/// One retired instruction of one wave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceEvent {
    /// The wave: 0 for a single program; in a dispatch its number, the waves of all
    /// work-groups numbered in dispatch order.
    pub wave: u32,
    /// Byte address of the instruction.
    pub pc: u32,
    /// The instruction's dwords (with its literal, if any).
    pub words: Vec<u32>,
    /// EXEC when the instruction issued.
    pub exec: u64,
    /// Architectural writes, in the order: SGPRs by ascending index, VGPRs by ascending
    /// index, SCC, then memory writes in program order.
    pub writes: Vec<Write>,
}

impl TraceEvent {
    /// Puts writes in their canonical order, so that events from different producers compare
    /// equal when they describe the same effects.
    pub fn normalize(&mut self) {
        self.writes.sort_by_key(|w| match *w {
            Write::Sgpr { index, .. } => u16::from(index),
            Write::Vgpr { index, .. } => 0x100 + u16::from(index),
            Write::Scc(_) => 0x200,
            Write::Mem { .. } => 0x300,
        });
    }
}

impl fmt::Display for Write {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Write::Sgpr { index, value } => {
                let name = register_name(index, 32).unwrap_or_else(|| format!("r{index}"));
                write!(f, "{name}=0x{value:08x}")
            }
            Write::Vgpr {
                index,
                mask,
                ref values,
            } => {
                write!(f, "v{index}=[mask 0x{mask:08x}:")?;
                for (lane, v) in values
                    .iter()
                    .enumerate()
                    .filter(|(l, _)| mask >> l & 1 == 1)
                {
                    let sep = if lane == mask.trailing_zeros() as usize {
                        " "
                    } else {
                        ","
                    };
                    write!(f, "{sep}0x{v:08x}")?;
                }
                write!(f, "]")
            }
            Write::Scc(b) => write!(f, "scc={}", u8::from(b)),
            Write::Mem {
                space,
                addr,
                size,
                value,
            } => {
                let space = match space {
                    Space::Global => "mem",
                    Space::Lds => "lds",
                };
                let width = 2 * usize::from(size);
                write!(f, "{space}[0x{addr:x}]=0x{value:0width$x}")
            }
        }
    }
}

impl fmt::Display for TraceEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.words.iter().map(|w| format!("{w:08x}")).collect();
        write!(
            f,
            "wave {} pc 0x{:04x} [{}] exec 0x{:08x}",
            self.wave,
            self.pc,
            words.join(" "),
            self.exec
        )?;
        for w in &self.writes {
            write!(f, " {w}")?;
        }
        Ok(())
    }
}
