//! A program decoded once: its words, the address of its first word, and the decoded
//! instruction at every dword where a straight sweep from the first word finds one start.
//! The waves of a dispatch share one [`Program`]; a wave that jumps between the sweep's
//! instruction starts (or onto words the sweep could not decode) decodes there on the fly,
//! so the cache only saves time and never changes what runs.

use super::fast::Fast;
use super::valu::{refusal, resolve_dual, resolve_instr, Dual, Kind, Operands};
use super::UNSUPPORTED;
use cu32_isa::{decode, DecodeError, Format, Instr};

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
            refusal: refusal(&instr, kind, &operands),
            instr,
            len: instr.len_words() as u32,
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
    /// The fast form of every instruction the sweep decoded (see `fast`), by dword;
    /// [`Fast::GENERAL`] at the other dwords.
    fast: Vec<Fast>,
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
        let mut fast: Vec<_> = decoded
            .iter()
            .enumerate()
            .map(|(at, d)| {
                d.as_ref()
                    .map_or(Fast::GENERAL, |d| Fast::of(d, at as u32 * 4, len))
            })
            .collect();
        Fast::fold_nops(&mut fast);
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

    /// The instruction the sweep decoded at dword `index` (inside the program), if any.
    pub(super) fn cached(&self, index: usize) -> Option<&Decoded> {
        self.decoded[index].as_ref()
    }

    /// The fast form of every dword's instruction ([`Fast::GENERAL`] where the sweep
    /// decoded none).
    pub(super) fn fast_table(&self) -> &[Fast] {
        &self.fast
    }

    /// Decodes the instruction starting at dword `index` (inside the program).
    pub(super) fn decode_at(&self, index: usize) -> Result<Decoded, DecodeError> {
        decode(&self.words[index..]).map(Decoded::new)
    }
}
