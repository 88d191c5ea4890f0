//! The architectural state of one wave: the scalar register space, SCC, PC, MODE and the
//! VGPR file (structure of arrays: one `[u32; 32]` of lane values per VGPR).

use cu32_isa::operand::{EXEC_LO, M0, VCC_LO};

/// Number of codes in the scalar register space (SDST codes 0..=127).
pub const SCALAR_REGS: usize = 128;

/// Lanes of a wave32.
pub const LANES: usize = 32;

/// VGPRs of a wave (v0..v255).
pub const VGPRS: usize = 256;

/// One value per lane.
pub type Lanes = [u32; LANES];

/// `[f(0), f(1), .., f(31)]`: `std::array::from_fn` for a wave, written as a plain loop so
/// that it inlines and vectorizes (the hot VALU paths build every result with it).
#[inline(always)]
pub(crate) fn per_lane<T: Copy + Default>(mut f: impl FnMut(usize) -> T) -> [T; LANES] {
    let mut out = [T::default(); LANES];
    for (l, o) in out.iter_mut().enumerate() {
        *o = f(l);
    }
    out
}

/// Architectural state of one wave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wave {
    /// Scalar register space indexed by SDST code (see the module documentation).
    pub sgpr: [u32; SCALAR_REGS],
    /// Scalar condition code.
    pub scc: bool,
    /// Byte address of the next instruction.
    pub pc: u32,
    /// The MODE hardware register (round and denormal modes, ...).
    pub mode: u32,
    /// The VGPR file: `vgpr[v][lane]`.
    pub vgpr: Box<[Lanes; VGPRS]>,
}

impl Default for Wave {
    fn default() -> Self {
        Wave::new()
    }
}

impl Wave {
    /// The initial state the RTL matches: all registers 0, `exec_lo = 0xffffffff`,
    /// SCC = 0, PC = 0, MODE = 0, every VGPR lane 0.
    pub fn new() -> Wave {
        Wave::with_vgprs(Box::new([[0; LANES]; VGPRS]))
    }

    /// [`Wave::new`] around a VGPR file the caller has zeroed.
    pub(crate) fn with_vgprs(vgpr: Box<[Lanes; VGPRS]>) -> Wave {
        let mut sgpr = [0; SCALAR_REGS];
        sgpr[usize::from(EXEC_LO)] = 0xffff_ffff;
        Wave {
            sgpr,
            scc: false,
            pc: 0,
            mode: 0,
            vgpr,
        }
    }

    /// The 64-bit register pair starting at `code` (low dword first).
    pub fn pair(&self, code: u8) -> u64 {
        let i = usize::from(code & 0x7e);
        u64::from(self.sgpr[i]) | (u64::from(self.sgpr[i + 1]) << 32)
    }

    /// EXEC as `hi:lo`.
    pub fn exec(&self) -> u64 {
        self.pair(EXEC_LO)
    }

    /// VCC as `hi:lo`.
    pub fn vcc(&self) -> u64 {
        self.pair(VCC_LO)
    }

    /// M0.
    pub fn m0(&self) -> u32 {
        self.sgpr[usize::from(M0)]
    }

    /// The lanes a wave32 VALU instruction executes: `exec_lo`.
    pub fn exec_lanes(&self) -> u32 {
        self.sgpr[usize::from(EXEC_LO)]
    }
}
