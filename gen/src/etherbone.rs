//! An Etherbone client over TCP, as `litex_server` serves it (the host's path to a LiteX
//! SoC's bus: over UARTBone to a board, or to a `litex_sim` simulation).
//!
//! The wire format (all fields big-endian):
//!
//! - packet header, 8 bytes: magic `0x4e6f`; a byte of version (1) in bits 7..4 with the
//!   flags no-reads (bit 2), probe reply (bit 1) and probe (bit 0); a byte of address size
//!   (bits 7..4) and port size (bits 3..0), 4 bytes each here; 4 bytes of padding;
//! - one record, 4 bytes: flags (0 here), byte enable (`0x0f`), the count of writes, the
//!   count of reads (each at most 255);
//! - writes: the address of the first word, then the words, written to consecutive
//!   addresses;
//! - reads: the address the answers are to be written back to (0), then one address per
//!   word.
//!
//! `litex_server` answers a packet with reads by a packet whose record writes the words
//! read (in order) to the return address, and answers writes with nothing. On connecting
//! it first sends a line that names its link (`CommUART:host:port`, with no end of line);
//! the client reads it before its first request.

use anyhow::{bail, Context};
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

const MAGIC: u16 = 0x4e6f;
const VERSION: u8 = 1;
/// Address and port (data) size, bytes.
const SIZES: u8 = 0x44;
const BYTE_ENABLE: u8 = 0x0f;
/// Words one record carries at most (its counts are bytes).
pub const MAX_WORDS: usize = 255;

/// One packet of one record: `writes` (first address, words) and `reads` (addresses).
pub fn encode(writes: Option<(u32, &[u32])>, reads: &[u32]) -> anyhow::Result<Vec<u8>> {
    let words = writes.map_or(0, |(_, w)| w.len());
    if words > MAX_WORDS || reads.len() > MAX_WORDS {
        bail!("an Etherbone record carries at most {MAX_WORDS} words each way");
    }
    let mut p = Vec::with_capacity(12 + 4 * (words + reads.len() + 2));
    p.extend_from_slice(&MAGIC.to_be_bytes());
    p.extend_from_slice(&[VERSION << 4, SIZES, 0, 0, 0, 0]);
    p.extend_from_slice(&[0, BYTE_ENABLE, words as u8, reads.len() as u8]);
    if let Some((base, data)) = writes.filter(|(_, w)| !w.is_empty()) {
        p.extend_from_slice(&base.to_be_bytes());
        data.iter()
            .for_each(|w| p.extend_from_slice(&w.to_be_bytes()));
    }
    if !reads.is_empty() {
        p.extend_from_slice(&0u32.to_be_bytes());
        reads
            .iter()
            .for_each(|a| p.extend_from_slice(&a.to_be_bytes()));
    }
    Ok(p)
}

/// A decoded packet's record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// First address and words of the writes.
    pub writes: Option<(u32, Vec<u32>)>,
    /// Return address and addresses of the reads.
    pub reads: Option<(u32, Vec<u32>)>,
}

/// The length of the packet whose first 12 bytes (headers) are `head`.
pub fn packet_len(head: &[u8; 12]) -> anyhow::Result<usize> {
    if u16::from_be_bytes([head[0], head[1]]) != MAGIC {
        bail!(
            "not an Etherbone packet (magic {:02x}{:02x})",
            head[0],
            head[1]
        );
    }
    if head[3] != SIZES {
        bail!(
            "Etherbone address/port sizes {:#04x}: only 32-bit is spoken",
            head[3]
        );
    }
    let (w, r) = (usize::from(head[10]), usize::from(head[11]));
    let words = |n: usize| if n == 0 { 0 } else { 4 * (n + 1) };
    Ok(12 + words(w) + words(r))
}

/// Decodes one whole packet (as long as [`packet_len`] says).
pub fn decode(p: &[u8]) -> anyhow::Result<Record> {
    let head: &[u8; 12] = p
        .get(..12)
        .and_then(|h| h.try_into().ok())
        .context("Etherbone packet shorter than its headers")?;
    if p.len() != packet_len(head)? {
        bail!(
            "Etherbone packet of {} bytes, its counts say {}",
            p.len(),
            packet_len(head)?
        );
    }
    let mut words = p[12..]
        .chunks_exact(4)
        .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]));
    let mut take = |n: usize| -> Option<(u32, Vec<u32>)> {
        if n == 0 {
            return None;
        }
        let base = words.next()?;
        Some((base, words.by_ref().take(n).collect()))
    };
    let writes = take(usize::from(p[10]));
    let reads = take(usize::from(p[11]));
    Ok(Record { writes, reads })
}

/// A connection to an Etherbone server (`litex_server`).
pub struct Client {
    stream: TcpStream,
    /// What the server said of itself on connecting (`CommUART:localhost:1234`).
    pub server: String,
}

impl Client {
    /// Connects to `url` (`tcp://HOST:PORT`, or `HOST:PORT`); every later exchange fails
    /// after `timeout` without an answer.
    pub fn connect(url: &str, timeout: Duration) -> anyhow::Result<Client> {
        let hostport = url.strip_prefix("tcp://").unwrap_or(url);
        let addrs: Vec<_> = hostport
            .to_socket_addrs()
            .with_context(|| format!("{url}: not a HOST:PORT address"))?
            .collect();
        let mut last = None;
        for addr in &addrs {
            match TcpStream::connect_timeout(addr, timeout) {
                Ok(stream) => {
                    stream.set_read_timeout(Some(timeout))?;
                    stream.set_write_timeout(Some(timeout))?;
                    stream.set_nodelay(true)?;
                    let mut client = Client {
                        stream,
                        server: String::new(),
                    };
                    let mut info = [0u8; 128];
                    let n = client.stream.read(&mut info).with_context(|| {
                        format!("{url}: the server did not introduce itself (is it litex_server?)")
                    })?;
                    client.server = String::from_utf8_lossy(&info[..n]).into_owned();
                    return Ok(client);
                }
                Err(e) => last = Some(e),
            }
        }
        match last {
            Some(e) => Err(e)
                .with_context(|| format!("{url}: no Etherbone server there (start litex_server)")),
            None => bail!("{url}: the name resolves to no address"),
        }
    }

    /// Writes `data` to consecutive words from byte address `addr`.
    pub fn write(&mut self, addr: u32, data: &[u32]) -> anyhow::Result<()> {
        for (i, chunk) in data.chunks(MAX_WORDS).enumerate() {
            let base = addr.wrapping_add((4 * i * MAX_WORDS) as u32);
            let p = encode(Some((base, chunk)), &[])?;
            self.stream
                .write_all(&p)
                .context("Etherbone: sending writes")?;
        }
        Ok(())
    }

    /// Reads the words at the byte addresses `addrs`.
    pub fn read(&mut self, addrs: &[u32]) -> anyhow::Result<Vec<u32>> {
        let mut out = Vec::with_capacity(addrs.len());
        for chunk in addrs.chunks(MAX_WORDS) {
            self.stream
                .write_all(&encode(None, chunk)?)
                .context("Etherbone: sending reads")?;
            let mut head = [0u8; 12];
            self.stream
                .read_exact(&mut head)
                .context("Etherbone: no answer to reads")?;
            let mut p = head.to_vec();
            p.resize(packet_len(&head)?, 0);
            self.stream
                .read_exact(&mut p[12..])
                .context("Etherbone: answer cut short")?;
            let words = decode(&p)?.writes.map(|(_, w)| w).unwrap_or_default();
            if words.len() != chunk.len() {
                bail!(
                    "Etherbone: {} words answered to {} reads",
                    words.len(),
                    chunk.len()
                );
            }
            out.extend(words);
        }
        Ok(out)
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::net::TcpListener;

    /// An Etherbone server on a loopback port, in a thread, over a word memory: answers
    /// like litex_server (introduces itself, writes silently, reads with one record).
    /// Serves one connection; returns its `HOST:PORT`.
    pub fn fake_server(memory: HashMap<u32, u32>) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        let addr = listener.local_addr().expect("local address").to_string();
        std::thread::spawn(move || {
            let mut memory = memory;
            let Ok((mut s, _)) = listener.accept() else {
                return;
            };
            let _ = s.write_all(b"CommFake:127.0.0.1:0");
            let mut head = [0u8; 12];
            while s.read_exact(&mut head).is_ok() {
                let mut p = head.to_vec();
                p.resize(packet_len(&head).expect("packet"), 0);
                s.read_exact(&mut p[12..]).expect("packet body");
                let record = decode(&p).expect("decode");
                if let Some((base, words)) = record.writes {
                    for (i, w) in words.iter().enumerate() {
                        memory.insert(base + 4 * i as u32, *w);
                    }
                }
                if let Some((_, addrs)) = record.reads {
                    let words: Vec<u32> =
                        addrs.iter().map(|a| *memory.get(a).unwrap_or(&0)).collect();
                    let answer = encode(Some((0, &words)), &[]).expect("encode");
                    s.write_all(&answer).expect("answer");
                }
            }
        });
        addr
    }

    #[test]
    fn packets_are_litex_s() {
        // As LiteX's own encoder writes them (litex.tools.remote.etherbone, 2023.12).
        let reads = encode(None, &[0x2000_0000, 0x2000_0004]).unwrap();
        assert_eq!(
            hex(&reads),
            "4e6f104400000000000f0002000000002000000020000004"
        );
        let writes = encode(Some((0x4000_0000, &[0x1122_3344, 0xdead_beef])), &[]).unwrap();
        assert_eq!(
            hex(&writes),
            "4e6f104400000000000f02004000000011223344deadbeef"
        );
        assert_eq!(
            decode(&writes).unwrap(),
            Record {
                writes: Some((0x4000_0000, vec![0x1122_3344, 0xdead_beef])),
                reads: None
            }
        );
        assert!(encode(None, &[0; 256]).is_err());
        assert!(decode(&writes[..20]).is_err());
        let mut bad = writes.clone();
        bad[0] = 0;
        assert!(decode(&bad).is_err());
    }

    #[test]
    fn reads_and_writes_through_a_server() {
        let url = fake_server(HashMap::from([(0x2000_0000, 0x4355_3332)]));
        let mut c = Client::connect(&format!("tcp://{url}"), Duration::from_secs(5)).unwrap();
        assert_eq!(c.server, "CommFake:127.0.0.1:0");
        assert_eq!(c.read(&[0x2000_0000]).unwrap(), [0x4355_3332]);
        let data: Vec<u32> = (0..600).map(|i| i * 7 + 1).collect();
        c.write(0x4000_0000, &data).unwrap();
        let addrs: Vec<u32> = (0..600).map(|i| 0x4000_0000 + 4 * i).collect();
        assert_eq!(c.read(&addrs).unwrap(), data);
    }

    #[test]
    fn no_server_is_a_clear_error() {
        // A port just bound and released: nothing listens there.
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let e = Client::connect(&format!("tcp://127.0.0.1:{port}"), Duration::from_secs(2))
            .err()
            .unwrap();
        assert!(
            format!("{e:#}").contains("no Etherbone server there"),
            "{e:#}"
        );
        assert!(Client::connect("tcp://no-port", Duration::from_secs(1)).is_err());
    }

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }
}
