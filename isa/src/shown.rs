//! User text quoted in error messages: at most [`SHOWN_CHARS`] characters (then `…`), with
//! control characters, NUL and the byte-order mark escaped (`\u{0}`), so that a message
//! stays one short printable line whatever the input held.

/// The characters of user text a message quotes before cutting it with `…`.
pub const SHOWN_CHARS: usize = 80;

/// `text` as an error message quotes it (see the module's documentation).
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == SHOWN_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || c == '\u{feff}' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_and_control_bytes_escaped() {
        assert_eq!(shown("s_nop"), "s_nop");
        assert_eq!(shown("a\0b\u{feff}\t"), "a\\u{0}b\\u{feff}\\t");
        let long = "x".repeat(1000);
        assert_eq!(shown(&long), format!("{}…", "x".repeat(80)));
        assert_eq!(shown(&"x".repeat(80)), "x".repeat(80));
    }
}
