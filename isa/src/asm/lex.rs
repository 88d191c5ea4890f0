//! Tokens and absolute expressions: comment blanking, the line lexer, the operand cursor
//! with llvm-mc's integer expression grammar, and the value-fitting helpers.

/// An error before the file name is known: column and message (the line is the
/// statement's).
pub(super) type Fail = (usize, String);

/// Replaces comments with spaces, keeping newlines and columns (strings are left intact).
pub(super) fn blank_comments(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let (mut i, mut in_str, mut in_block, mut in_line) = (0, false, false, false);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            in_line = false;
            in_str = false;
            out.push(c);
        } else if in_line {
            out.push(' ');
        } else if in_block {
            if c == '*' && next == Some('/') {
                in_block = false;
                out.push_str("  ");
                i += 1;
            } else {
                out.push(' ');
            }
        } else if in_str {
            if c == '"' {
                in_str = false;
            }
            out.push(c);
        } else if c == ';' || (c == '/' && next == Some('/')) {
            in_line = true;
            out.push(' ');
        } else if c == '/' && next == Some('*') {
            in_block = true;
            out.push_str("  ");
            i += 1;
        } else {
            in_str = c == '"';
            out.push(c);
        }
        i += 1;
    }
    out
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Ident(String),
    Int(u64),
    Float(f64),
    Punct(&'static str),
    Str(String),
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) col: usize,
}

const PUNCTS: &[&str] = &[
    "::", "<<", ">>", "&&", "||", "==", "!=", "<=", ">=", ",", ":", "(", ")", "[", "]", "+", "-",
    "*", "/", "%", "&", "|", "^", "~", "!", "<", ">", "=",
];

pub(super) fn lex(line: &str) -> Result<Vec<Token>, Fail> {
    let chars: Vec<char> = line.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let starts_number =
            c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit));
        if starts_number {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                // An exponent sign belongs to the number.
                if matches!(chars[i], 'e' | 'E')
                    && !chars[start..i].iter().any(|c| matches!(c, 'x' | 'X'))
                    && matches!(chars.get(i + 1), Some('+' | '-'))
                {
                    i += 1;
                }
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            toks.push(Token {
                tok: number(&text)
                    .ok_or((col, format!("invalid number `{}`", crate::shown(&text))))?,
                col,
            });
        } else if c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '$' | '@') {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || "_.$@".contains(chars[i]))
            {
                i += 1;
            }
            toks.push(Token {
                tok: Tok::Ident(chars[start..i].iter().collect()),
                col,
            });
        } else if c == '\'' {
            // Character literal 'c'.
            match (chars.get(i + 1), chars.get(i + 2)) {
                (Some(&ch), Some('\'')) => {
                    toks.push(Token {
                        tok: Tok::Int(u64::from(u32::from(ch))),
                        col,
                    });
                    i += 3;
                }
                _ => return Err((col, "invalid character literal".into())),
            }
        } else if c == '"' {
            let end = chars[i + 1..].iter().position(|&c| c == '"');
            let end = end.ok_or((col, "unterminated string".to_string()))?;
            toks.push(Token {
                tok: Tok::Str(chars[i + 1..i + 1 + end].iter().collect()),
                col,
            });
            i += end + 2;
        } else {
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let p = PUNCTS.iter().find(|p| rest.starts_with(**p)).ok_or((
                col,
                format!("unexpected character `{}`", crate::shown(&c.to_string())),
            ))?;
            toks.push(Token {
                tok: Tok::Punct(p),
                col,
            });
            i += p.len();
        }
    }
    Ok(toks)
}

/// Integer (decimal, `0x`, `0b`, leading-`0` octal) or float token text.
fn number(text: &str) -> Option<Tok> {
    let lower = text.to_ascii_lowercase();
    let int = |digits: &str, radix| u64::from_str_radix(digits, radix).ok().map(Tok::Int);
    if let Some(hex) = lower.strip_prefix("0x") {
        return int(hex, 16);
    }
    if let Some(bin) = lower.strip_prefix("0b") {
        return int(bin, 2);
    }
    if lower.contains(['.', 'e']) {
        return lower.parse::<f64>().ok().map(Tok::Float);
    }
    if lower.len() > 1 && lower.starts_with('0') {
        return int(&lower[1..], 8);
    }
    int(&lower, 10)
}

pub(super) struct Cursor<'a> {
    pub(super) toks: &'a [Token],
    pub(super) pos: usize,
    pub(super) end_col: usize,
    /// Inside `|...|`: `|` closes the operand instead of being an operator.
    pub(super) in_bars: bool,
}

pub(super) fn no_symbols(_: &str) -> Option<i128> {
    None
}

/// Binary operators by precedence level, lowest first.
const BINARY: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!=", "<", "<=", ">", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl Cursor<'_> {
    pub(super) fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    pub(super) fn peek2(&self) -> Option<&Tok> {
        self.toks.get(self.pos + 1).map(|t| &t.tok)
    }

    /// Column of the current token (or just past the end of the line).
    pub(super) fn col(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_col, |t| t.col)
    }

    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    pub(super) fn is_punct(&self, p: &str) -> bool {
        self.peek() == Some(&Tok::Punct(punct(p)))
    }

    pub(super) fn eat(&mut self, p: &str) -> bool {
        let hit = self.is_punct(p);
        self.pos += usize::from(hit);
        hit
    }

    pub(super) fn expect(&mut self, p: &str) -> Result<(), Fail> {
        if self.eat(p) {
            Ok(())
        } else {
            Err((self.col(), format!("expected `{p}`")))
        }
    }

    pub(super) fn expect_end(&self) -> Result<(), Fail> {
        if self.at_end() {
            Ok(())
        } else {
            Err((self.col(), "unexpected text after the operands".into()))
        }
    }

    pub(super) fn ident(&self) -> Option<&str> {
        match self.peek() {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }

    /// An absolute integer expression. Parsed without recursion (an operator stack), so
    /// that deep nesting is a located error ([`MAX_NESTING`]), not a stack overflow.
    pub(super) fn expr(&mut self, symbols: &dyn Fn(&str) -> Option<i128>) -> Result<i128, Fail> {
        let mut values: Vec<i128> = Vec::new();
        let mut ops: Vec<Pending> = Vec::new();
        // Open parentheses and unary operators on `ops`.
        let mut nesting = 0;
        loop {
            // An operand, after any unary operators and open parentheses.
            loop {
                let col = self.col();
                let Some(tok) = self.peek().cloned() else {
                    return Err((col, "expected an integer expression".into()));
                };
                self.pos += 1;
                match tok {
                    Tok::Int(v) => {
                        values.push(i128::from(v));
                        break;
                    }
                    Tok::Ident(name) => {
                        let v = symbols(&name)
                            .ok_or((col, format!("unknown symbol `{}`", crate::shown(&name))))?;
                        values.push(v);
                        break;
                    }
                    Tok::Punct(p @ ("-" | "+" | "~" | "!")) => ops.push(Pending::Unary(p)),
                    Tok::Punct("(") => ops.push(Pending::Open),
                    Tok::Float(_) => return Err((col, "expected an integer, not a float".into())),
                    _ => return Err((col, "expected an integer expression".into())),
                }
                nesting += 1;
                if nesting > MAX_NESTING {
                    return Err((
                        col,
                        format!(
                            "expression nested more than {MAX_NESTING} deep (parentheses and \
                             unary operators)"
                        ),
                    ));
                }
            }
            // Unary operators and closing parentheses, then a binary operator or the end.
            loop {
                while let Some(&Pending::Unary(u)) = ops.last() {
                    ops.pop();
                    nesting -= 1;
                    let v = values.last_mut().expect("an operand");
                    *v = match u {
                        "-" => -*v,
                        "~" => !*v,
                        "!" => i128::from(*v == 0),
                        _ => *v,
                    };
                }
                let col = self.col();
                let binary = match self.peek() {
                    Some(&Tok::Punct(p)) if !(p == "|" && self.in_bars) => BINARY
                        .iter()
                        .position(|ops| ops.contains(&p))
                        .map(|l| (p, l)),
                    _ => None,
                };
                if let Some((p, level)) = binary {
                    reduce(&mut values, &mut ops, level)?;
                    ops.push(Pending::Binary(p, level, col));
                    self.pos += 1;
                    break;
                }
                let open = ops.iter().any(|o| matches!(o, Pending::Open));
                if open {
                    self.expect(")")?;
                    reduce(&mut values, &mut ops, 0)?;
                    ops.pop(); // the Open
                    nesting -= 1;
                    continue;
                }
                reduce(&mut values, &mut ops, 0)?;
                return Ok(values.pop().expect("the expression's value"));
            }
        }
    }
}

/// The deepest nesting of parentheses and unary operators an expression may have: above
/// what llvm-mc 19 accepts (10,000 parentheses; it crashes at 20,000).
pub const MAX_NESTING: usize = 16_384;

/// An operator of [`Cursor::expr`] waiting for its operands.
enum Pending {
    Unary(&'static str),
    Open,
    /// The operator, its level in [`BINARY`] and its column.
    Binary(&'static str, usize, usize),
}

/// Applies the binary operators on top of `ops` (down to an open parenthesis) whose level
/// is `level` or tighter.
fn reduce(values: &mut Vec<i128>, ops: &mut Vec<Pending>, level: usize) -> Result<(), Fail> {
    while let Some(&Pending::Binary(p, l, col)) = ops.last() {
        if l < level {
            break;
        }
        ops.pop();
        let rhs = values.pop().expect("a right operand");
        let lhs = values.pop().expect("a left operand");
        values.push(binary(p, lhs, rhs, col)?);
    }
    Ok(())
}

/// `lhs p rhs`, with the overflow and division checks.
fn binary(p: &str, lhs: i128, rhs: i128, col: usize) -> Result<i128, Fail> {
    let overflow = || (col, "integer overflow in expression".to_string());
    let v = match p {
        "||" => i128::from(lhs != 0 || rhs != 0),
        "&&" => i128::from(lhs != 0 && rhs != 0),
        "|" => lhs | rhs,
        "^" => lhs ^ rhs,
        "&" => lhs & rhs,
        "==" => i128::from(lhs == rhs),
        "!=" => i128::from(lhs != rhs),
        "<" => i128::from(lhs < rhs),
        "<=" => i128::from(lhs <= rhs),
        ">" => i128::from(lhs > rhs),
        ">=" => i128::from(lhs >= rhs),
        "<<" => u32::try_from(rhs)
            .ok()
            .filter(|&s| s < 64)
            .and_then(|s| lhs.checked_shl(s))
            .ok_or_else(overflow)?,
        ">>" => u32::try_from(rhs)
            .ok()
            .filter(|&s| s < 64)
            .map(|s| lhs >> s)
            .ok_or_else(overflow)?,
        "+" => lhs.checked_add(rhs).ok_or_else(overflow)?,
        "-" => lhs.checked_sub(rhs).ok_or_else(overflow)?,
        "*" => lhs.checked_mul(rhs).ok_or_else(overflow)?,
        _ if rhs == 0 => return Err((col, "division by zero".into())),
        "/" => lhs / rhs,
        _ => lhs % rhs,
    };
    if v.unsigned_abs() > u128::from(u64::MAX) {
        return Err(overflow());
    }
    Ok(v)
}

/// The `&'static str` of a punctuator (so tokens compare by value).
pub(super) fn punct(p: &str) -> &'static str {
    PUNCTS.iter().find(|q| **q == p).copied().unwrap_or("")
}

/// A value that fits in 32 bits, signed or unsigned, as its dword.
pub(super) fn fit32(v: i128) -> Option<u32> {
    (i128::from(i32::MIN)..=i128::from(u32::MAX))
        .contains(&v)
        .then_some(v as u32)
}

/// The f32 bits of a float, unless it is beyond the f32 range.
pub(super) fn fit_f32(f: f64) -> Option<u32> {
    (!f.is_finite() || f.abs() <= f64::from(f32::MAX)).then_some((f as f32).to_bits())
}

/// A value that fits in 64 bits, signed or unsigned, as its 64-bit pattern.
pub(super) fn fit64(v: i128) -> Option<u64> {
    (i128::from(i64::MIN)..=i128::from(u64::MAX))
        .contains(&v)
        .then_some(v as u64)
}

/// A 16-bit field that llvm-mc range-checks: -32768..=65535.
pub(super) fn fit16(v: i128) -> Option<u16> {
    (-32768..=65535).contains(&v).then_some(v as u16)
}
