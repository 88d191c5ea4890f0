//! Generates `Mn`, one enum variant per mnemonic of the ISA tables (`tables/*.yaml`), so
//! that code can match on mnemonics as values instead of comparing strings.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

#[derive(serde::Deserialize)]
struct Row {
    name: String,
}

const TABLES: [&str; 3] = [
    "tables/scalar.yaml",
    "tables/valu.yaml",
    "tables/memory.yaml",
];

fn main() {
    let mut names = BTreeSet::new();
    for path in TABLES {
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let formats: BTreeMap<String, Vec<Row>> =
            serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        names.extend(formats.into_values().flatten().map(|r| r.name));
    }
    let mut out = String::new();
    out.push_str(
        "/// A mnemonic of the ISA tables (variants in name order, named as LLVM prints them).\n\
         #[allow(non_camel_case_types)]\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub enum Mn {\n",
    );
    for name in &names {
        let _ = writeln!(out, "    {name},");
    }
    out.push_str("}\n\nimpl Mn {\n    /// Every mnemonic, in variant order.\n    pub const ALL: &'static [Mn] = &[\n");
    for name in &names {
        let _ = writeln!(out, "        Mn::{name},");
    }
    out.push_str("    ];\n\n    /// The names, in variant order.\n    pub const NAMES: &'static [&'static str] = &[\n");
    for name in &names {
        let _ = writeln!(out, "        \"{name}\",");
    }
    out.push_str("    ];\n}\n");
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(format!("{dir}/mnemonic.rs"), out).expect("OUT_DIR is writable");
}
