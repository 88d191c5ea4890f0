//! Checks the opcode tables against the RDNA3 reference text: every "Opcodes" table of
//! chapter 15.1 is re-extracted from `../shared/seeds/` and must equal the YAML rows exactly
//! (same formats, opcode numbers and names, nothing missing, nothing extra).

use cu32_isa::{tables, Format};
use std::collections::BTreeSet;
use std::path::PathBuf;

const SPEC: &str = "000_aad9ad0504eac156.txt";

fn spec_text() -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds");
    std::fs::read_to_string(dir.join(SPEC)).ok()
}

/// The `(opcode, NAME)` pairs listed between `Table N. <FMT> Opcodes` and `end`.
fn extract(text: &str, format: &str, end: &str) -> BTreeSet<(u16, String)> {
    let start = text
        .find(&format!("{format} Opcodes"))
        .unwrap_or_else(|| panic!("{format} opcode table not found in the reference"));
    let stop = start + text[start..].find(end).expect("end of table");
    let words: Vec<&str> = text[start..stop].split_whitespace().collect();
    let mut rows = BTreeSet::new();
    for pair in words.windows(2) {
        let is_name = pair[1].starts_with("S_")
            && pair[1]
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        if let (Ok(op), true) = (pair[0].parse::<u16>(), is_name) {
            rows.insert((op, pair[1].to_ascii_lowercase()));
        }
    }
    rows
}

#[test]
fn scalar_tables_match_the_reference() {
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
    let sections = [
        (Format::Sop2, "15.1.2. SOPK"),
        (Format::Sopk, "15.1.3. SOP1"),
        (Format::Sop1, "15.1.4. SOPC"),
        (Format::Sopc, "15.1.5. SOPP"),
        (Format::Sopp, "15.2."),
    ];
    for (format, end) in sections {
        let spec = extract(&text, format.name(), end);
        let ours: BTreeSet<(u16, String)> = tables()
            .of_format(format)
            .map(|o| (o.opcode, o.name.clone()))
            .collect();
        let missing: Vec<_> = spec.difference(&ours).collect();
        let extra: Vec<_> = ours.difference(&spec).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{format}: missing from tables {missing:?}, not in reference {extra:?}"
        );
        println!("{format}: {} opcodes match the reference", spec.len());
    }
}
