//! The M0-relative operand indexer (`cu32_indexer`, written by rust-hdl): the register an
//! M0-relative scalar operand reaches, and whether it is in range. The scalar spine
//! (`cu32_scalar.v`) instantiates it for SSRC0 and SDST.

use rust_hdl::prelude::*;

/// M0-relative addressing of one operand (reference 3.3.1.4, as the golden model applies it):
/// the register `base + index` when it stays in the base's range, SGPRs and VCC (0..=107)
/// or TTMPs (108..=123); a `null`, `m0` or `exec` base is in range only with index 0, a
/// non-register base (constant, SCC, literal) never. A 64-bit access ignores the low bit of
/// base and index and needs both registers of the pair in range. Out of range, a source
/// reads its plain operand and a destination is not written (the core's job).
#[derive(LogicBlock, Default)]
pub struct Indexer {
    /// The operand code (SSRC0, or SDST zero-extended).
    pub base: Signal<In, Bits<8>>,
    pub index: Signal<In, Bits<32>>,
    pub wide: Signal<In, bool>,
    /// The register reached (meaningful when `ok`).
    pub addr: Signal<Out, Bits<7>>,
    /// The access is in range.
    pub ok: Signal<Out, bool>,
    b: Signal<Local, Bits<8>>,
    i: Signal<Local, Bits<32>>,
    sum: Signal<Local, Bits<8>>,
    last: Signal<Local, Bits<8>>,
}

impl Logic for Indexer {
    #[hdl_gen]
    fn update(&mut self) {
        self.b.next = self.base.val();
        self.i.next = self.index.val();
        if self.wide.val() {
            self.b.next = self.base.val() & 0xfe_u64;
            self.i.next = self.index.val() & 0xffff_fffe_u64;
        }
        // base + index: when `ok`, the base is at most 123 and the index below 128, or the
        // index is 0, so 8 bits hold the sum.
        self.sum.next = self.b.val() + bit_cast::<8, 7>(self.i.val().get_bits::<7>(0));
        // The last register of the base's range: vcc_hi or ttmp15. A pair starts at an even
        // register, so an in-range start leaves room for its odd half.
        self.last.next = 107.into();
        if self.b.val() >= 108 {
            self.last.next = 123.into();
        }
        self.addr.next = self.sum.val().get_bits::<7>(0);
        self.ok.next = (self.i.val() == 0) && (self.b.val() <= 127);
        if self.b.val() <= 123 {
            self.ok.next =
                (self.i.val().get_bits::<25>(7) == 0) && (self.sum.val() <= self.last.val());
        }
    }
}
