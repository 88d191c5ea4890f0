//! User text quoted in error messages: at most [`SHOWN_CHARS`] characters (then `…`), with
//! control characters, NUL and the byte-order mark escaped (`\u{0}`), so that a message
//! stays one short printable line whatever the input held ([`shown`] for a quoted piece,
//! [`shown_message`] for a whole message).

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

/// The longest run without a space [`shown_message`] keeps (paths and quoted pieces
/// already cut by [`shown`] fit).
pub const MESSAGE_RUN: usize = 160;

/// A whole message as shown to the user: its lines kept, every run of more than
/// [`MESSAGE_RUN`] characters without a space cut with `…`, control characters other than
/// the line breaks escaped. The last guard for user text a message quotes whole.
pub fn shown_message(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(1 << 16));
    let mut run = 0;
    for c in text.chars() {
        if c == '\n' || c == ' ' {
            run = 0;
            out.push(c);
            continue;
        }
        run += 1;
        if run == MESSAGE_RUN + 1 {
            out.push('…');
        }
        if run > MESSAGE_RUN {
            continue;
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

    #[test]
    fn messages_keep_lines_and_cut_long_runs() {
        let long = "y".repeat(500);
        let text = format!("a: `{long}`\nb\0 c");
        let want = format!("a: `{}…\nb\\u{{0}} c", "y".repeat(159));
        assert_eq!(shown_message(&text), want);
    }
}
