//! Legacy mnemonics llvm-mc 19 accepts for gfx1100 (`s_load_dwordx2`, `v_add_u32`,
//! `ds_write_b32`, ...) and the table mnemonic each one assembles as. The list is data,
//! `isa/tables/aliases.yaml`, found by probing llvm-mc (`isa/tables/derive/aliases.py`).

use std::collections::HashMap;
use std::sync::OnceLock;

/// The embedded alias list: a map from legacy name to table name.
pub const ALIASES_YAML: &str = include_str!("../tables/aliases.yaml");

/// Parses the alias YAML (`aliases: {legacy: name, ...}`).
pub fn parse_aliases(yaml: &str) -> Result<HashMap<String, String>, String> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        aliases: HashMap<String, String>,
    }
    serde_norway::from_str::<File>(yaml)
        .map(|f| f.aliases)
        .map_err(|e| format!("alias YAML: {e}"))
}

fn aliases() -> &'static HashMap<String, String> {
    static ALIASES: OnceLock<HashMap<String, String>> = OnceLock::new();
    ALIASES.get_or_init(|| match parse_aliases(ALIASES_YAML) {
        Ok(a) => a,
        // Compiled in and checked by the unit test below: a failure is a build defect.
        Err(e) => panic!("embedded alias table is invalid: {e}"),
    })
}

/// The table mnemonic a legacy name stands for, if `name` is one.
pub fn canonical(name: &str) -> Option<&'static str> {
    aliases().get(name).map(String::as_str)
}

/// Every `(legacy, table name)` pair, sorted.
pub fn all() -> Vec<(&'static str, &'static str)> {
    let mut v: Vec<_> = aliases()
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::tables;

    #[test]
    fn every_alias_names_a_table_mnemonic() {
        for (legacy, name) in all() {
            assert!(!tables().by_name(name).is_empty(), "{legacy} -> {name}");
            assert!(
                tables().by_name(legacy).is_empty(),
                "{legacy} is a table name"
            );
        }
    }
}
