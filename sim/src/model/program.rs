//! A program decoded once: its words, the address of its first word, and the decoded
//! instruction at every dword where a straight sweep from the first word finds one start.
//! The waves of a dispatch share one [`Program`]; a wave that jumps between the sweep's
//! instruction starts (or onto words the sweep could not decode) decodes there on the fly,
//! so the cache only saves time and never changes what runs.

use super::fast::FastCode;
use super::salu::Branch;
use super::valu::{refusal, resolve_dual, resolve_instr, true16_halves, Dual, Kind, Operands};
use super::{UNSUPPORTED, VGPRS};
use cu32_isa::encoding::SRC_VGPR0;
use cu32_isa::{decode, DecodeError, Format, Instr, Mn};

/// One decoded instruction and what execution needs of it before running it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Decoded {
    pub(super) instr: Instr,
    /// Its length in dwords (with the DPP word and the literal).
    pub(super) len: u32,
    /// Why the model refuses the opcode, when it is in [`UNSUPPORTED`].
    pub(super) unsupported: Option<&'static str>,
    /// A VALU opcode's semantics (VOPD: the pair's, with each half in `dual`) and its
    /// operands (non-VOPD VALU).
    pub(super) kind: Kind,
    pub(super) dual: [Dual; 2],
    pub(super) operands: Operands,
    /// Why the model refuses this VALU instruction (see `valu::refusal`).
    pub(super) refusal: Option<&'static str>,
}

impl Decoded {
    fn new(instr: Instr) -> Decoded {
        let len = instr.len_words() as u32;
        let instr = true16_halves(instr);
        let name = instr.op.name.as_str();
        let format = instr.op.format;
        let (kind, dual) = match instr.op_y {
            Some(y) if format == Format::VopdX => (
                Kind::Vopd,
                [resolve_dual(name), resolve_dual(y.name.as_str())],
            ),
            _ if format.is_valu() => (resolve_instr(&instr), [Dual::NotModelled; 2]),
            _ => (Kind::NotModelled, [Dual::NotModelled; 2]),
        };
        let operands = Operands::of(&instr);
        Decoded {
            kind,
            dual,
            operands,
            refusal: refusal(&instr, kind),
            instr,
            len,
            unsupported: UNSUPPORTED
                .iter()
                .find(|(n, _)| *n == name)
                .map(|&(_, reason)| reason),
        }
    }
}

/// The code a wave runs (see the module documentation).
#[derive(Debug)]
pub struct Program {
    words: Vec<u32>,
    base: u64,
    decoded: Vec<Option<Decoded>>,
    /// The fast path of the sweep's instructions (see `fast`).
    fast: FastCode,
}

/// The VGPRs `instr` can write lie below this: its highest VGPR field (any of
/// them, not only destinations) plus the widest register tuple (16), at most 256; all 256
/// for the M0-relative VGPR moves.
fn vgpr_bound(instr: &Instr) -> usize {
    let name = instr.op.name.as_str();
    let names = std::iter::once(name).chain(instr.op_y.map(|y| y.name.as_str()));
    if names
        .into_iter()
        .any(|n| n.starts_with("v_movrel") || n.starts_with("v_swaprel"))
    {
        return VGPRS;
    }
    let vgpr = |code: u16| code.checked_sub(SRC_VGPR0).map_or(0, usize::from);
    let fields = [
        instr.vdst,
        instr.vdst_y,
        instr.addr,
        instr.data0,
        instr.data1,
    ];
    let sources = [
        instr.src0,
        instr.src1,
        instr.src2,
        instr.src0_y,
        instr.src1_y,
    ];
    let highest = fields
        .into_iter()
        .map(usize::from)
        .chain(sources.into_iter().map(vgpr))
        .max()
        .unwrap_or(0);
    (highest + 16).min(VGPRS)
}

impl Program {
    /// Decodes `words`, whose first word lies at byte address `base`.
    pub fn new(words: Vec<u32>, base: u64) -> Program {
        let mut decoded = vec![None; words.len()];
        let mut at = 0;
        while at < words.len() {
            match decode(&words[at..]) {
                Ok(instr) => {
                    let d = Decoded::new(instr);
                    decoded[at] = Some(d);
                    at += d.len as usize;
                }
                Err(_) => at += 1,
            }
        }
        let len = words.len() as u64 * 4;
        let fast = FastCode::new(&decoded, len);
        Program {
            words,
            base,
            decoded,
            fast,
        }
    }

    /// The program's words.
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// Byte address of the first word.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// Size in bytes.
    pub fn len_bytes(&self) -> u64 {
        self.words.len() as u64 * 4
    }

    /// A wave that starts at byte `entry` writes only VGPRs below this (at most 256) as long
    /// as it runs instructions of the sweep (one decoded elsewhere, [`Program::decode_at`],
    /// may write any): the highest [`vgpr_bound`] of the sweep's instructions reachable from
    /// `entry` by falling through, branching and `s_call_b64` (all 256 when one of them is
    /// `s_setpc_b64` or `s_swappc_b64`, whose targets are not known here).
    pub fn vgpr_bound(&self, entry: u32) -> usize {
        let mut seen = vec![false; self.words.len()];
        let mut todo = vec![entry];
        let mut bound = 0;
        while let Some(pc) = todo.pop() {
            let at = pc as usize / 4;
            let Some(d) = self.decoded.get(at).and_then(Option::as_ref) else {
                continue;
            };
            if !pc.is_multiple_of(4) || std::mem::replace(&mut seen[at], true) {
                continue;
            }
            bound = bound.max(vgpr_bound(&d.instr));
            let mn = d.instr.op.mn;
            let target = || (i64::from(pc) + 4 + 4 * i64::from(d.instr.simm16 as i16)) as u32;
            match mn {
                Mn::s_setpc_b64 | Mn::s_swappc_b64 => return VGPRS,
                Mn::s_endpgm => continue,
                Mn::s_branch => todo.push(target()),
                _ if Branch::of(mn).is_some() || mn == Mn::s_call_b64 => {
                    todo.push(target());
                    todo.push(pc + 4 * d.len);
                }
                _ => todo.push(pc + 4 * d.len),
            }
        }
        bound
    }

    /// The instruction the sweep decoded at dword `index` (inside the program), if any.
    pub(super) fn cached(&self, index: usize) -> Option<&Decoded> {
        self.decoded[index].as_ref()
    }

    /// The fast path of the sweep's instructions.
    pub(super) fn fast_code(&self) -> &FastCode {
        &self.fast
    }

    /// Decodes the instruction starting at dword `index` (inside the program).
    pub(super) fn decode_at(&self, index: usize) -> Result<Decoded, DecodeError> {
        decode(&self.words[index..]).map(Decoded::new)
    }
}
