//! The instruction tables: one row per opcode, loaded once from the YAML data in
//! `isa/tables/`. Every other part of cu32 (assembler, disassembler, golden model, RTL
//! decode) looks opcodes up here and nowhere else.

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// Microcode formats known to the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    Sop2,
    Sopk,
    Sop1,
    Sopc,
    Sopp,
}

impl Format {
    /// All formats, in table order.
    pub const ALL: [Format; 5] = [
        Format::Sop2,
        Format::Sopk,
        Format::Sop1,
        Format::Sopc,
        Format::Sopp,
    ];

    /// The name the reference uses (`SOP2`, ...), which is also the YAML key.
    pub fn name(self) -> &'static str {
        match self {
            Format::Sop2 => "SOP2",
            Format::Sopk => "SOPK",
            Format::Sop1 => "SOP1",
            Format::Sopc => "SOPC",
            Format::Sopp => "SOPP",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one assembly operand is and where it is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// Scalar destination register in the SDST field (`sdst`, `sdst:64`).
    Sdst,
    /// Scalar source in SSRC0 (`ssrc0`, `ssrc0:64`): register, inline constant or literal.
    Ssrc0,
    /// Scalar source in SSRC1 (`ssrc1`, `ssrc1:64`).
    Ssrc1,
    /// Scalar register read through the SDST field (`sreg`): SOPK compares, `s_setreg_b32`,
    /// `s_waitcnt_*cnt`.
    Sreg,
    /// SIMM16 printed as hexadecimal (`simm16`).
    Simm16,
    /// SIMM16 printed in decimal up to 64 and in hexadecimal above (`uimm16`).
    Uimm16,
    /// SIMM16 branch offset in dwords, relative to the next instruction (`label`); printed
    /// as the raw unsigned field, as llvm-objdump does.
    Label,
    /// SIMM16 holding `hwreg(ID, OFFSET, SIZE)` (`hwreg`).
    Hwreg,
    /// SIMM16 holding `vmcnt/expcnt/lgkmcnt` (`waitcnt`).
    Waitcnt,
    /// SIMM16 holding `sendmsg(MSG, OP, STREAM)` (`sendmsg`).
    Sendmsg,
    /// SSRC0 holding a `sendmsg(MSG_RTN_...)` message id (`msg_rtn`).
    MsgRtn,
    /// SIMM16 holding `instid0/instskip/instid1` (`delay_alu`).
    DelayAlu,
    /// A mandatory 32-bit literal dword after the instruction (`imm32`).
    Imm32,
    /// SIMM16 holding a microcode version, printed with `UC_VERSION_*` names (`version`).
    Version,
    /// Optional SIMM16, printed as unsigned decimal and omitted when zero (`opt_imm16`:
    /// `s_endpgm`).
    OptImm16,
}

/// Which values an operand accepts in assembly, beyond what its kind and width allow. The
/// hardware reads the field the same way; this only narrows what the assembler takes (and
/// marks what the disassembler flags), as llvm-mc does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Accept {
    /// Everything the kind allows.
    Any,
    /// Registers only: no inline constants or literals (`:regs`, e.g. `s_setpc_b64`).
    Registers,
    /// Only `null` (`:null`, the SDST of `s_waitcnt_*cnt`).
    Null,
    /// Only non-negative values, 0..=65535 (`:unsigned`, the `s_cmpk_*_u32` immediates).
    Unsigned,
}

/// One operand of an opcode: its kind, its width in bits (32 or 64 for registers) and
/// which values the assembler accepts. YAML form: `kind[:width][:regs|:null|:unsigned]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arg {
    pub kind: ArgKind,
    pub bits: u8,
    pub accept: Accept,
}

impl Arg {
    fn parse(text: &str) -> Result<Arg, String> {
        let mut parts = text.split(':');
        let kind = parts.next().unwrap_or_default();
        let mut bits = 32;
        let mut accept = Accept::Any;
        for part in parts {
            match part {
                "64" => bits = 64,
                "32" => bits = 32,
                "regs" => accept = Accept::Registers,
                "null" => accept = Accept::Null,
                "unsigned" => accept = Accept::Unsigned,
                w if w.starts_with(|c: char| c.is_ascii_digit()) => {
                    return Err(format!("width `{w}` (allowed: 32, 64)"))
                }
                other => {
                    return Err(format!(
                        "operand restriction `{other}` (allowed: regs, null, unsigned)"
                    ))
                }
            }
        }
        let kind = match kind {
            "sdst" => ArgKind::Sdst,
            "ssrc0" => ArgKind::Ssrc0,
            "ssrc1" => ArgKind::Ssrc1,
            "sreg" => ArgKind::Sreg,
            "simm16" => ArgKind::Simm16,
            "uimm16" => ArgKind::Uimm16,
            "label" => ArgKind::Label,
            "hwreg" => ArgKind::Hwreg,
            "waitcnt" => ArgKind::Waitcnt,
            "sendmsg" => ArgKind::Sendmsg,
            "msg_rtn" => ArgKind::MsgRtn,
            "delay_alu" => ArgKind::DelayAlu,
            "imm32" => ArgKind::Imm32,
            "version" => ArgKind::Version,
            "opt_imm16" => ArgKind::OptImm16,
            other => return Err(format!("operand kind `{other}`")),
        };
        Ok(Arg { kind, bits, accept })
    }
}

/// One table row: an opcode of a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpInfo {
    pub format: Format,
    pub opcode: u16,
    /// Lower-case mnemonic as LLVM prints it (`s_add_u32`).
    pub name: String,
    /// Operands in assembly order.
    pub args: Vec<Arg>,
}

impl OpInfo {
    /// Whether the opcode has no architectural effect for one wave of a functional model or
    /// a one-wave core: hints, waits, priorities, messages without a reply, a lone wave's
    /// barrier. Such an instruction retires with no writes. (The one list of them, used by
    /// the golden model and the RTL decode alike.)
    pub fn has_no_effect(&self) -> bool {
        matches!(
            self.name.as_str(),
            "s_nop"
                | "s_setkill"
                | "s_sleep"
                | "s_set_inst_prefetch_distance"
                | "s_clause"
                | "s_delay_alu"
                | "s_waitcnt"
                | "s_wait_idle"
                | "s_wait_event"
                | "s_setprio"
                | "s_icache_inv"
                | "s_barrier"
                | "s_wakeup"
                | "s_incperflevel"
                | "s_decperflevel"
                | "s_sendmsg"
                | "s_version"
                | "s_waitcnt_vscnt"
                | "s_waitcnt_vmcnt"
                | "s_waitcnt_expcnt"
                | "s_waitcnt_lgkmcnt"
        )
    }

    /// The operand of the given kind, if the opcode has one.
    pub fn arg(&self, kind: ArgKind) -> Option<Arg> {
        self.args.iter().copied().find(|a| a.kind == kind)
    }
}

/// All opcodes, with lookups by `(format, opcode)` and by mnemonic.
#[derive(Debug)]
pub struct Tables {
    ops: Vec<OpInfo>,
    by_code: HashMap<(Format, u16), usize>,
    by_name: HashMap<String, usize>,
}

impl Tables {
    /// Every row, in format then opcode order. A row's position is its stable index.
    pub fn ops(&self) -> &[OpInfo] {
        &self.ops
    }

    pub fn lookup(&self, format: Format, opcode: u16) -> Option<&OpInfo> {
        self.by_code.get(&(format, opcode)).map(|&i| &self.ops[i])
    }

    pub fn by_name(&self, name: &str) -> Option<&OpInfo> {
        self.by_name.get(name).map(|&i| &self.ops[i])
    }

    /// Position of a row in [`Tables::ops`].
    pub fn index_of(&self, op: &OpInfo) -> usize {
        self.by_code[&(op.format, op.opcode)]
    }

    pub fn of_format(&self, format: Format) -> impl Iterator<Item = &OpInfo> {
        self.ops.iter().filter(move |o| o.format == format)
    }
}

/// The embedded YAML source of the scalar tables.
pub const SCALAR_YAML: &str = include_str!("../tables/scalar.yaml");

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    op: u16,
    name: String,
    args: Vec<String>,
}

/// Parses table YAML (a map from format name to rows). Errors name the format and row.
pub fn parse_tables(yaml: &str) -> Result<Tables, String> {
    let raw: HashMap<String, Vec<Row>> =
        serde_norway::from_str(yaml).map_err(|e| format!("ISA table YAML: {e}"))?;
    let mut ops = Vec::new();
    for format in Format::ALL {
        let Some(rows) = raw.get(format.name()) else {
            continue;
        };
        for row in rows {
            let args = row
                .args
                .iter()
                .map(|a| Arg::parse(a))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("ISA table {format} `{}`: unknown {e}", row.name))?;
            ops.push(OpInfo {
                format,
                opcode: row.op,
                name: row.name.clone(),
                args,
            });
        }
    }
    if let Some(k) = raw
        .keys()
        .find(|k| !Format::ALL.iter().any(|f| f.name() == k.as_str()))
    {
        return Err(format!("ISA table: unknown format `{k}`"));
    }
    ops.sort_by_key(|o| (o.format, o.opcode));
    let mut by_code = HashMap::new();
    let mut by_name = HashMap::new();
    for (i, o) in ops.iter().enumerate() {
        if by_code.insert((o.format, o.opcode), i).is_some() {
            return Err(format!("ISA table {}: opcode {} twice", o.format, o.opcode));
        }
        if by_name.insert(o.name.clone(), i).is_some() {
            return Err(format!("ISA table: mnemonic `{}` twice", o.name));
        }
    }
    Ok(Tables {
        ops,
        by_code,
        by_name,
    })
}

/// The tables of the embedded YAML, parsed on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| match parse_tables(SCALAR_YAML) {
        Ok(t) => t,
        // The YAML is compiled into the binary and checked by the unit test below, so a
        // failure here is a build defect, not a user error.
        Err(e) => panic!("embedded ISA tables are invalid: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_tables_parse_with_expected_counts() {
        let t = parse_tables(SCALAR_YAML).unwrap();
        let count = |f| t.of_format(f).count();
        assert_eq!(count(Format::Sop2), 52);
        assert_eq!(count(Format::Sopk), 25);
        assert_eq!(count(Format::Sop1), 65);
        assert_eq!(count(Format::Sopc), 18);
        assert_eq!(count(Format::Sopp), 36);
        let add = t.by_name("s_lshl_b64").unwrap();
        assert_eq!((add.format, add.opcode), (Format::Sop2, 9));
        assert_eq!(add.args[0].bits, 64);
        assert_eq!(add.args[2].bits, 32);
    }

    #[test]
    fn bad_rows_are_named() {
        let e = parse_tables("SOP2:\n  - {op: 0, name: s_x, args: [sdst:16]}\n").unwrap_err();
        assert!(e.contains("s_x") && e.contains("width"), "{e}");
        let e = parse_tables("SOPX: []\n").unwrap_err();
        assert!(e.contains("SOPX"), "{e}");
    }
}
