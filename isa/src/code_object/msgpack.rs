//! A small bounded MessagePack reader for the AMDGPU metadata note: nesting depth is capped,
//! every length is checked against the bytes left before anything is allocated, and each
//! value consumes at least one byte, so any input ends in a value or an error.

/// A MessagePack value. Floats, binary and extension values are skipped and kept only as
/// their kind: the metadata uses none of them.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Nil,
    Bool(bool),
    Int(i128),
    Str(String),
    Array(Vec<Value>),
    Map(Vec<(Value, Value)>),
    Other(&'static str),
}

impl Value {
    /// The kind, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Nil => "nil",
            Value::Bool(_) => "boolean",
            Value::Int(_) => "integer",
            Value::Str(_) => "string",
            Value::Array(_) => "array",
            Value::Map(_) => "map",
            Value::Other(kind) => kind,
        }
    }

    /// The value under string key `key` of a map (the first, if repeated).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(entries) => entries
                .iter()
                .find(|(k, _)| matches!(k, Value::Str(s) if s == key))
                .map(|(_, v)| v),
            _ => None,
        }
    }
}

/// What is wrong, at which byte of the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub offset: usize,
    pub msg: String,
}

/// Nesting deeper than this is an error (the metadata nests four deep).
const MAX_DEPTH: usize = 32;

/// Reads one value that must span all of `bytes`.
pub fn parse(bytes: &[u8]) -> Result<Value, Error> {
    let mut r = Reader { bytes, pos: 0 };
    let value = r.value(0)?;
    if r.pos != bytes.len() {
        return Err(r.error(format!("{} bytes follow the document", bytes.len() - r.pos)));
    }
    Ok(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn error(&self, msg: String) -> Error {
        Error {
            offset: self.pos,
            msg,
        }
    }

    fn left(&self) -> usize {
        self.bytes.len() - self.pos
    }

    /// The next `n` bytes (`n` as read from the input, so possibly huge).
    fn take(&mut self, n: u64) -> Result<&'a [u8], Error> {
        match usize::try_from(n) {
            Ok(n) if n <= self.left() => {
                let bytes = &self.bytes[self.pos..self.pos + n];
                self.pos += n;
                Ok(bytes)
            }
            _ => Err(self.error(format!("needs {n} bytes, {} left", self.left()))),
        }
    }

    /// A big-endian unsigned integer of `n` (at most 8) bytes.
    fn uint(&mut self, n: u64) -> Result<u64, Error> {
        Ok(self
            .take(n)?
            .iter()
            .fold(0, |acc, &b| (acc << 8) | u64::from(b)))
    }

    fn value(&mut self, depth: usize) -> Result<Value, Error> {
        let start = self.pos;
        let b = self.take(1)?[0];
        Ok(match b {
            0x00..=0x7f => Value::Int(i128::from(b)),
            0x80..=0x8f => self.map(u64::from(b & 0x0f), depth)?,
            0x90..=0x9f => self.array(u64::from(b & 0x0f), depth)?,
            0xa0..=0xbf => self.string(u64::from(b & 0x1f))?,
            0xc0 => Value::Nil,
            0xc1 => {
                return Err(Error {
                    offset: start,
                    msg: "byte 0xc1 is not a MessagePack value".to_string(),
                })
            }
            0xc2 => Value::Bool(false),
            0xc3 => Value::Bool(true),
            0xc4..=0xc6 => {
                let n = self.uint(1 << (b - 0xc4))?;
                self.take(n)?;
                Value::Other("binary")
            }
            0xc7..=0xc9 => {
                let n = self.uint(1 << (b - 0xc7))?;
                self.take(n + 1)?;
                Value::Other("extension")
            }
            0xca | 0xcb => {
                self.take(if b == 0xca { 4 } else { 8 })?;
                Value::Other("float")
            }
            0xcc..=0xcf => Value::Int(i128::from(self.uint(1 << (b - 0xcc))?)),
            0xd0..=0xd3 => {
                let n = 1u64 << (b - 0xd0);
                let shift = 64 - 8 * n;
                let v = ((self.uint(n)? << shift) as i64) >> shift;
                Value::Int(i128::from(v))
            }
            0xd4..=0xd8 => {
                self.take(1 + (1 << (b - 0xd4)))?;
                Value::Other("extension")
            }
            0xd9..=0xdb => {
                let n = self.uint(1 << (b - 0xd9))?;
                self.string(n)?
            }
            0xdc | 0xdd => {
                let n = self.uint(2 << (b - 0xdc))?;
                self.array(n, depth)?
            }
            0xde | 0xdf => {
                let n = self.uint(2 << (b - 0xde))?;
                self.map(n, depth)?
            }
            0xe0..=0xff => Value::Int(i128::from(b as i8)),
        })
    }

    fn string(&mut self, n: u64) -> Result<Value, Error> {
        let start = self.pos;
        let bytes = self.take(n)?;
        match std::str::from_utf8(bytes) {
            Ok(s) => Ok(Value::Str(s.to_string())),
            Err(_) => Err(Error {
                offset: start,
                msg: "string is not UTF-8".to_string(),
            }),
        }
    }

    /// Checks that `n` items of at least `min_bytes` each can fit and nesting allows one
    /// more level; returns `n` as a safe capacity.
    fn container(&self, n: u64, min_bytes: u64, depth: usize) -> Result<usize, Error> {
        if depth >= MAX_DEPTH {
            return Err(self.error(format!("nested deeper than {MAX_DEPTH} levels")));
        }
        match n.checked_mul(min_bytes) {
            Some(need) if need <= self.left() as u64 => Ok(n as usize),
            _ => Err(self.error(format!(
                "{n} items cannot fit in the {} bytes left",
                self.left()
            ))),
        }
    }

    fn array(&mut self, n: u64, depth: usize) -> Result<Value, Error> {
        let mut items = Vec::with_capacity(self.container(n, 1, depth)?);
        for _ in 0..n {
            items.push(self.value(depth + 1)?);
        }
        Ok(Value::Array(items))
    }

    fn map(&mut self, n: u64, depth: usize) -> Result<Value, Error> {
        let mut entries = Vec::with_capacity(self.container(n, 2, depth)?);
        for _ in 0..n {
            let key = self.value(depth + 1)?;
            let value = self.value(depth + 1)?;
            entries.push((key, value));
        }
        Ok(Value::Map(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_the_metadata_uses() {
        // {"a": [1, -1, -200, 300, true, nil], "bb": "xy"} with assorted widths.
        let doc = [
            0x82, 0xa1, b'a', 0x96, 0x01, 0xff, 0xd1, 0xff, 0x38, 0xcd, 0x01, 0x2c, 0xc3, 0xc0,
            0xd9, 0x02, b'b', b'b', 0xa2, b'x', b'y',
        ];
        let v = parse(&doc).unwrap();
        let a = [1, -1, -200, 300].map(Value::Int);
        let mut items = a.to_vec();
        items.extend([Value::Bool(true), Value::Nil]);
        assert_eq!(v.get("a"), Some(&Value::Array(items)));
        assert_eq!(v.get("bb"), Some(&Value::Str("xy".to_string())));
        assert_eq!(v.get("c"), None);
        let floats = [0xcb, 0, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(parse(&floats).unwrap().kind(), "float");
        assert_eq!(parse(&[0xd4, 1, 2]).unwrap().kind(), "extension");
        assert_eq!(parse(&[0xc4, 1, 9]).unwrap().kind(), "binary");
        let i64_min = [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(parse(&i64_min).unwrap(), Value::Int(i128::from(i64::MIN)));
    }

    #[test]
    fn malformed_input_is_an_error_at_an_offset() {
        let err = |doc: &[u8]| parse(doc).unwrap_err();
        assert_eq!(err(&[]).offset, 0);
        assert_eq!(err(&[0x92, 0x01]).offset, 1); // 2 items cannot fit in 1 byte
        assert_eq!(err(&[0x92, 0x01, 0xcd]).offset, 3); // a u16 without its 2 bytes
        assert_eq!(err(&[0x01, 0x02]).msg, "1 bytes follow the document");
        assert_eq!(err(&[0x91, 0xc1]).offset, 1);
        assert_eq!(err(&[0xa2, 0xff, 0xfe]).msg, "string is not UTF-8");
        // Lengths from the input are checked before anything is allocated.
        let huge = [0xdd, 0xff, 0xff, 0xff, 0xff, 0x00];
        assert!(err(&huge).msg.contains("cannot fit"));
        let huge_map = [0xdf, 0xff, 0xff, 0xff, 0xff];
        assert!(err(&huge_map).msg.contains("cannot fit"));
        let huge_str = [0xdb, 0xff, 0xff, 0xff, 0xff, b'x'];
        assert!(err(&huge_str).msg.contains("needs 4294967295 bytes"));
        // Deep nesting stops at the cap instead of exhausting the stack.
        let deep = vec![0x91; 100_000];
        assert!(err(&deep).msg.contains("nested deeper"));
    }
}
