//! Checks the opcode tables against the RDNA3 reference text: every "Opcodes" table of
//! chapter 15 (scalar, SMEM, vector ALU, VOPD X/Y, DS, FLAT/GLOBAL/SCRATCH, MUBUF) is
//! re-extracted from `../shared/seeds/` and must equal the YAML rows exactly (same formats,
//! opcode numbers and names, nothing missing, nothing extra). Rows marked `source: llvm`
//! (opcodes LLVM 19 decodes for gfx1100 that the reference does not list) are checked the
//! other way: neither their opcode number nor their name may be in the reference table.

use cu32_isa::{tables, Format, Source};
use std::collections::BTreeSet;
use std::path::PathBuf;

const SPEC: &str = "000_aad9ad0504eac156.txt";

/// Reference names that differ from the LLVM 19 mnemonic a row uses (reference, row name).
/// Empty: for every format checked here LLVM's gfx11 name is the reference name lower-cased.
const RENAMED: &[(&str, &str)] = &[];

fn spec_text() -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds");
    std::fs::read_to_string(dir.join(SPEC)).ok()
}

fn is_name(word: &str) -> bool {
    ["S_", "V_", "DS_", "BUFFER_", "FLAT_", "GLOBAL_", "SCRATCH_"]
        .iter()
        .any(|p| word.starts_with(p))
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

fn is_number(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_ascii_digit())
}

/// The `(opcode, name)` pairs listed between `Table N. <label>` and `end`. The tables are
/// laid out in two columns of `opcode NAME` pairs; where the text extraction separated a
/// number from its name (VOPD Y: `9 1 V_DUAL_FMAAK_F32 10 V_DUAL_MAX_F32
/// V_DUAL_CNDMASK_B32`), an orphan number (followed by another `number NAME` pair) is paired
/// with the next orphan name, in order.
fn extract(text: &str, label: &str, end: &str) -> BTreeSet<(u16, String)> {
    let start = text
        .find(&format!(". {label}"))
        .unwrap_or_else(|| panic!("`{label}` table not found in the reference"));
    let stop = start
        + text[start..]
            .find(end)
            .unwrap_or_else(|| panic!("end `{end}` of `{label}` not found"));
    let words: Vec<&str> = text[start..stop].split_whitespace().collect();
    let mut rows = BTreeSet::new();
    let (mut orphan_numbers, mut orphan_names) = (Vec::new(), Vec::new());
    for (i, w) in words.iter().enumerate() {
        if is_name(w) {
            if i > 0 && is_number(words[i - 1]) {
                rows.insert((words[i - 1].parse::<u16>().unwrap(), w.to_string()));
            } else {
                orphan_names.push(w.to_string());
            }
        } else if is_number(w)
            && i + 2 < words.len()
            && is_number(words[i + 1])
            && is_name(words[i + 2])
        {
            orphan_numbers.push(w.parse::<u16>().unwrap());
        }
    }
    assert_eq!(
        orphan_numbers.len(),
        orphan_names.len(),
        "{label}: unpaired numbers {orphan_numbers:?} / names {orphan_names:?}"
    );
    rows.extend(orphan_numbers.into_iter().zip(orphan_names));
    rows.into_iter()
        .map(|(op, name)| {
            let name = RENAMED
                .iter()
                .find(|(r, _)| *r == name)
                .map_or(name.to_ascii_lowercase(), |(_, ours)| ours.to_string());
            (op, name)
        })
        .collect()
}

#[test]
fn opcode_tables_match_the_reference() {
    let Some(text) = spec_text() else {
        // CI and the README's test command always run with ../shared beside the checkout;
        // a bare `cargo test` elsewhere must say loudly that this check did not run.
        eprintln!("warning: {SPEC} not found beside the checkout; table check skipped");
        assert!(
            std::env::var_os("CI").is_none(),
            "the reference text must be present in CI"
        );
        return;
    };
    // (format, table label, text that follows the table)
    let sections = [
        (Format::Sop2, "SOP2 Opcodes", "15.1.2. SOPK"),
        (Format::Sopk, "SOPK Opcodes", "15.1.3. SOP1"),
        (Format::Sop1, "SOP1 Opcodes", "15.1.4. SOPC"),
        (Format::Sopc, "SOPC Opcodes", "15.1.5. SOPP"),
        (Format::Sopp, "SOPP Opcodes", "15.2."),
        (Format::Smem, "SMEM Opcodes", "15.3.1. VOP2"),
        (Format::Vop2, "VOP2 Opcodes", "15.3.2. VOP1"),
        (Format::Vop1, "VOP1 Opcodes", "15.3.3. VOPC"),
        (Format::Vopc, "VOPC Opcodes", "15.3.4. VOP3"),
        (Format::Vop3, "VOP3 Opcodes", "15.3.5. VOP3SD"),
        (Format::Vop3sd, "VOP3SD Opcodes", "15.3.6. VOP3P"),
        (Format::Vop3p, "VOP3P Opcodes", "15.3.7. VOPD"),
        (Format::VopdX, "VOPD X-Opcodes", "VOPD Y-Opcodes"),
        (Format::VopdY, "VOPD Y-Opcodes", "15.3.8. DPP16"),
        (Format::Ds, "DS Opcodes", "15.7.1. MTBUF"),
        (Format::Mubuf, "MUBUF Opcodes", "15.8.1. MIMG"),
        (Format::Flat, "FLAT Opcodes", "15.9.2. GLOBAL"),
        (Format::Global, "GLOBAL Opcodes", "15.9.3. SCRATCH"),
        (Format::Scratch, "SCRATCH Opcodes", "15.10.1. EXP"),
    ];
    let mut checked = BTreeSet::new();
    for (format, label, end) in sections {
        let spec = extract(&text, label, end);
        let ours: BTreeSet<(u16, String)> = tables()
            .of_format(format)
            .filter(|o| o.source == Source::Reference)
            .map(|o| (o.opcode, o.name.clone()))
            .collect();
        let llvm: Vec<_> = tables()
            .of_format(format)
            .filter(|o| o.source == Source::Llvm)
            .collect();
        for o in &llvm {
            assert!(
                spec.iter()
                    .all(|(op, name)| *op != o.opcode && *name != o.name),
                "{format} {} {}: marked `source: llvm` but the reference lists it",
                o.opcode,
                o.name
            );
        }
        let missing: Vec<_> = spec.difference(&ours).collect();
        let extra: Vec<_> = ours.difference(&spec).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{format}: missing from tables {missing:?}, not in reference {extra:?}"
        );
        println!(
            "{format}: {} opcodes match the reference, {} `source: llvm` rows absent from it",
            spec.len(),
            llvm.len()
        );
        checked.insert(format);
    }
    assert_eq!(checked.len(), Format::ALL.len(), "every format is checked");
}

/// The VOP3 table holds the VOP1/VOP2/VOPC opcodes promoted to VOP3 at fixed offsets, with
/// the same names (except the e32-only opcodes the reference leaves out of it).
#[test]
fn promoted_opcodes_keep_their_names() {
    let t = tables();
    for (format, base) in [(Format::Vopc, 0), (Format::Vop2, 256), (Format::Vop1, 384)] {
        for o in t.of_format(format) {
            if let Some(p) = t.lookup(Format::Vop3, o.opcode + base) {
                assert_eq!(p.name, o.name, "{format} {} promoted to VOP3", o.opcode);
            }
        }
    }
}
