//! Decode and disassembly throughput over a large code buffer, in bytes per second.
//!
//! The buffer is real instruction words: every `*.expected` file under `tests/data/` (the
//! conformance corpora, whose first column is the encoding of each line) concatenated and
//! repeated to at least 4 MiB. `decode` walks the buffer instruction by instruction;
//! `disassemble` also prints every line as text. Run with `cargo bench -p cu32-isa`;
//! criterion prints the throughput (MiB/s) of each.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use cu32_isa::decode;
use cu32_isa::disasm::disassemble;
use std::path::Path;

const TARGET_BYTES: usize = 4 << 20;

fn code_buffer() -> Vec<u32> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "expected"))
        .collect();
    files.sort();
    let mut corpus = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("expectation file");
        for line in text.lines() {
            let encoding = line.split('\t').next().unwrap_or_default();
            corpus.extend(
                encoding
                    .split_whitespace()
                    .map(|w| u32::from_str_radix(w, 16).expect("hex word")),
            );
        }
    }
    assert!(
        !corpus.is_empty(),
        "no corpus words under {}",
        dir.display()
    );
    let mut words = Vec::with_capacity(TARGET_BYTES / 4 + corpus.len());
    while words.len() * 4 < TARGET_BYTES {
        words.extend_from_slice(&corpus);
    }
    words
}

fn bench(c: &mut Criterion) {
    let words = code_buffer();
    let mut group = c.benchmark_group("code buffer");
    group.throughput(Throughput::Bytes((words.len() * 4) as u64));
    group.sample_size(10);
    group.bench_function("decode", |b| {
        b.iter(|| {
            let (mut at, mut count) = (0, 0usize);
            while at < words.len() {
                at += decode(&words[at..]).map_or(1, |i| i.len_words());
                count += 1;
            }
            black_box(count)
        })
    });
    group.bench_function("disassemble", |b| {
        b.iter(|| black_box(disassemble(black_box(&words)).len()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
