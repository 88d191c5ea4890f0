//! Code objects (`cu32_isa::code_object`) over the committed clang 19 / ld.lld 19 objects in
//! `data/co/` (sources and `build.sh` beside them). Fixed expectations were read off
//! `llvm-readelf --notes -s` and the kernels' disassembly; with LLVM present the tests also
//! check live that the committed objects are what `build.sh` makes, that the metadata equals
//! llvm-readelf's, that symbols and section bytes equal llvm-readelf's, that every
//! descriptor field equals the `.amdhsa_*` directives clang emits (and llvm-objdump decodes),
//! and that PC-relative read-only data is reachable in the image. Truncated and corrupted
//! files must give errors, never panics.

use cu32_isa::code_object::{
    CodeObject, CodeObjectError, KernelArg, KernelDescriptor, SgprInit, SgprValue,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";

/// The committed objects: (name, extra clang flags build.sh uses).
const OBJECTS: [(&str, &[&str]); 3] = [
    ("vecops", &[]),
    ("grid2d", &["-cl-kernel-arg-info"]),
    ("lookup", &["-cl-kernel-arg-info"]),
];

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/co")
        .join(name)
}

fn bytes(name: &str) -> Vec<u8> {
    std::fs::read(data(&format!("{name}.co"))).expect("committed code object")
}

fn load(name: &str) -> CodeObject {
    CodeObject::parse(&bytes(name)).unwrap_or_else(|e| panic!("{name}.co: {e}"))
}

fn llvm_present() -> bool {
    ["llvm-readelf", "llvm-objdump", "clang", "ld.lld"]
        .iter()
        .all(|tool| Path::new(LLVM_BIN).join(tool).exists())
}

fn llvm(tool: &str, args: &[&str], file: &Path) -> String {
    let out = Command::new(Path::new(LLVM_BIN).join(tool))
        .args(args)
        .arg(file)
        .output()
        .expect("run LLVM tool");
    assert!(
        out.status.success(),
        "{tool} {args:?} {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// A fresh folder per call: tests run in parallel.
fn temp_dir() -> PathBuf {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("cu32-co-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sgpr(first: u32, count: u32, value: SgprValue) -> SgprInit {
    SgprInit {
        first,
        count,
        value,
    }
}

/// (offset, size, value_kind, address_space, type_name) of one argument.
type ArgRow<'a> = (u64, u64, &'a str, Option<&'a str>, Option<&'a str>);

fn arg_table(args: &[KernelArg]) -> Vec<ArgRow<'_>> {
    args.iter()
        .map(|a| {
            (
                a.offset,
                a.size,
                a.value_kind.as_str(),
                a.address_space.as_deref(),
                a.type_name.as_deref(),
            )
        })
        .collect()
}

/// The hidden arguments clang 19 appends (code object v5), from byte `at`.
fn hidden_args(at: u64) -> Vec<ArgRow<'static>> {
    let kinds = [
        (0, 4, "hidden_block_count_x"),
        (4, 4, "hidden_block_count_y"),
        (8, 4, "hidden_block_count_z"),
        (12, 2, "hidden_group_size_x"),
        (14, 2, "hidden_group_size_y"),
        (16, 2, "hidden_group_size_z"),
        (18, 2, "hidden_remainder_x"),
        (20, 2, "hidden_remainder_y"),
        (22, 2, "hidden_remainder_z"),
        (40, 8, "hidden_global_offset_x"),
        (48, 8, "hidden_global_offset_y"),
        (56, 8, "hidden_global_offset_z"),
        (64, 2, "hidden_grid_dims"),
    ];
    kinds
        .iter()
        .map(|&(off, size, kind)| (at + off, size, kind, None, None))
        .collect()
}

#[test]
fn vecops_kernels_descriptors_and_arguments() {
    let co = load("vecops");
    assert_eq!(co.machine(), "gfx1100");
    assert_eq!(co.code_object_version(), 5);
    assert_eq!(co.metadata_version(), [1, 2]);
    assert_eq!(co.target(), "amdgcn-amd-amdhsa--gfx1100");
    let names: Vec<&str> = co.kernels().iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["scale", "reverse"]);

    let scale = co.kernel("scale").unwrap();
    assert_eq!(
        (scale.entry, scale.code.len(), scale.code_offset),
        (0x1b00, 128, 0xb00)
    );
    assert_eq!(
        (scale.descriptor_symbol.as_str(), scale.descriptor_addr),
        ("scale.kd", 0xa40)
    );
    let d = &scale.descriptor;
    assert_eq!(d.kernel_code_entry_byte_offset, 0x1b00 - 0xa40);
    assert_eq!(d.kernarg_size, 280);
    assert_eq!(scale.metadata.kernarg_segment_size, 280);
    assert_eq!(d.compute_pgm_rsrc2.user_sgpr_count, 15);
    assert_eq!(d.wavefront_size(), 32);
    assert_eq!(d.vgprs(), 8);
    assert_eq!(d.user_sgprs(), [sgpr(0, 2, SgprValue::KernargSegmentPtr)]);
    assert_eq!(d.enabled_user_sgpr_count(), 2);
    // The code reads the work-group id from s15 (v_mad_u64_u32 v[1:2], null, s15, s2, ...).
    assert_eq!(d.system_sgprs(), [sgpr(15, 1, SgprValue::WorkgroupIdX)]);
    let mut expected = vec![
        (0, 8, "global_buffer", Some("global"), Some("float*")),
        (8, 8, "global_buffer", Some("global"), Some("float*")),
        (16, 4, "by_value", None, Some("float")),
    ];
    expected.extend(hidden_args(24));
    assert_eq!(arg_table(&scale.metadata.args), expected);
    assert!(scale.metadata.args.iter().all(|a| a.name.is_none()));

    let reverse = co.kernel("reverse").unwrap();
    assert_eq!((reverse.entry, reverse.code.len()), (0x1c00, 172));
    assert_eq!(reverse.descriptor.group_segment_fixed_size, 256);
    assert_eq!(reverse.metadata.group_segment_fixed_size, 256);
    assert_eq!(reverse.descriptor.kernarg_size, 12);
    assert_eq!(
        arg_table(&reverse.metadata.args),
        [
            (0, 8, "global_buffer", Some("global"), Some("int*")),
            (8, 4, "dynamic_shared_pointer", Some("local"), Some("int*")),
        ]
    );
    assert_eq!(reverse.metadata.vgpr_count, 8);
    assert_eq!(reverse.metadata.sgpr_count, 18);
}

#[test]
fn grid2d_has_two_dimensional_ids() {
    let co = load("grid2d");
    let k = co.kernel("fill2d").unwrap();
    let d = &k.descriptor;
    assert_eq!(d.compute_pgm_rsrc2.user_sgpr_count, 14);
    // The code scales s14 and s15 by the group sizes x and y.
    assert_eq!(
        d.system_sgprs(),
        [
            sgpr(14, 1, SgprValue::WorkgroupIdX),
            sgpr(15, 1, SgprValue::WorkgroupIdY)
        ]
    );
    assert_eq!(d.compute_pgm_rsrc2.enable_vgpr_workitem_id, 1);
    assert_eq!(d.kernarg_size, 272);
    let mut expected = vec![
        (0, 8, "global_buffer", Some("global"), Some("int*")),
        (8, 4, "by_value", None, Some("int")),
    ];
    expected.extend(hidden_args(16));
    assert_eq!(arg_table(&k.metadata.args), expected);
    let names: Vec<Option<&str>> = k.metadata.args.iter().map(|a| a.name.as_deref()).collect();
    assert_eq!(names[..2], [Some("out"), Some("pitch")]);
}

#[test]
fn lookup_has_scratch_qualifiers_and_reachable_rodata() {
    let co = load("lookup");
    let k = co.kernel("lookup").unwrap();
    let d = &k.descriptor;
    assert_eq!(d.private_segment_fixed_size, 68);
    assert_eq!(k.metadata.private_segment_fixed_size, 68);
    assert!(d.compute_pgm_rsrc2.enable_private_segment);
    assert_eq!(
        d.system_sgprs(),
        [
            sgpr(15, 1, SgprValue::WorkgroupIdX),
            sgpr(16, 1, SgprValue::PrivateSegmentWaveOffset)
        ]
    );
    assert_eq!(d.kernarg_size, 28);
    let quals: Vec<_> = k
        .metadata
        .args
        .iter()
        .map(|a| {
            (
                a.name.as_deref().unwrap(),
                a.value_kind.as_str(),
                a.access.as_deref(),
                a.actual_access.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        quals,
        [
            ("out", "global_buffer", None, Some("write_only")),
            ("idx", "global_buffer", None, None),
            ("unused", "image", Some("read_only"), None),
            ("n", "by_value", None, None),
        ]
    );

    // The __constant table lies in .rodata, inside the first PT_LOAD.
    let table = co.symbol("table").expect("table symbol");
    assert_eq!((table.value, table.size), (0x640, 16));
    let (base, image) = co.image();
    assert_eq!((base, image.len()), (0, 0x3000));
    assert_eq!(
        read_f32s(&image, table.value - base, 4),
        [1.5, 2.5, 3.5, 4.5]
    );
}

fn read_f32s(image: &[u8], at: u64, n: usize) -> Vec<f32> {
    image[at as usize..at as usize + 4 * n]
        .chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn code_text_and_image_agree() {
    for (name, _) in OBJECTS {
        let co = load(name);
        let text = co.text();
        let (base, image) = co.image();
        let file = bytes(name);
        for k in co.kernels() {
            let at = (k.entry - text.addr) as usize;
            assert_eq!(
                k.code,
                text.bytes[at..at + k.code.len()],
                "{name} {}",
                k.name
            );
            let at = (k.entry - base) as usize;
            assert_eq!(k.code, image[at..at + k.code.len()], "{name} {}", k.name);
            let off = k.code_offset as usize;
            assert_eq!(k.code, file[off..off + k.code.len()], "{name} {}", k.name);
            let at = (k.descriptor_addr - base) as usize;
            let raw: [u8; 64] = image[at..at + 64].try_into().unwrap();
            assert_eq!(
                KernelDescriptor::decode(&raw),
                k.descriptor,
                "{name} {}",
                k.name
            );
        }
    }
}

#[test]
fn descriptor_fields_are_all_listed_once() {
    let co = load("vecops");
    let d = &co.kernel("scale").unwrap().descriptor;
    let fields = d.fields();
    let names: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
    // 4 scalar fields; RSRC3 5, RSRC1 17, RSRC2 18, code properties 9, kernarg preload 2.
    assert_eq!(names.len(), 4 + 5 + 17 + 18 + 9 + 2);
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "duplicate field names");
    let value = |n: &str| fields.iter().find(|(f, _)| f == n).map(|(_, v)| *v);
    assert_eq!(value("kernarg_size"), Some(280));
    assert_eq!(value("COMPUTE_PGM_RSRC2.USER_SGPR_COUNT"), Some(15));
    assert_eq!(value("COMPUTE_PGM_RSRC1.FLOAT_DENORM_MODE_32"), Some(3));
    assert_eq!(
        value("KERNEL_CODE_PROPERTIES.ENABLE_SGPR_KERNARG_SEGMENT_PTR"),
        Some(1)
    );
    assert_eq!(value("COMPUTE_PGM_RSRC3.INST_PREF_SIZE"), Some(0));
    let registers = d.registers();
    assert_eq!(registers[1].name, "COMPUTE_PGM_RSRC1");
    assert_eq!(registers[1].raw, 0x60af_0080);
    assert_eq!(
        registers[1].fields[1],
        ("GRANULATED_WAVEFRONT_SGPR_COUNT", 2)
    );
}

#[test]
fn descriptor_decodes_every_bit() {
    // One set bit at a time lands in exactly the named field it belongs to (or nowhere).
    for byte in 44..60 {
        for bit in 0..8 {
            let mut raw = [0u8; 64];
            raw[byte] = 1 << bit;
            let d = KernelDescriptor::decode(&raw);
            let set: Vec<(String, i64)> = d.fields().into_iter().filter(|(_, v)| *v != 0).collect();
            assert!(set.len() <= 1, "byte {byte} bit {bit}: {set:?}");
        }
    }
    let mut raw = [0u8; 64];
    raw[16..24].copy_from_slice(&(-0x40i64).to_le_bytes());
    raw[56] = 0b0111_1111; // all seven user SGPR enables
    raw[58] = 3; // two preloaded kernarg dwords...
    raw[59] = 0x01 << 1; // ...from dword 4 (KERNARG_PRELOAD_SPEC_OFFSET is bits 15:7)
    let d = KernelDescriptor::decode(&raw);
    assert_eq!(d.kernel_code_entry_byte_offset, -0x40);
    assert_eq!(d.kernarg_preload.kernarg_preload_spec_length, 3);
    assert_eq!(d.kernarg_preload.kernarg_preload_spec_offset, 4);
    assert_eq!(
        d.user_sgprs(),
        [
            sgpr(0, 4, SgprValue::PrivateSegmentBuffer),
            sgpr(4, 2, SgprValue::DispatchPtr),
            sgpr(6, 2, SgprValue::QueuePtr),
            sgpr(8, 2, SgprValue::KernargSegmentPtr),
            sgpr(10, 2, SgprValue::DispatchId),
            sgpr(12, 2, SgprValue::FlatScratchInit),
            sgpr(14, 1, SgprValue::PrivateSegmentSize),
            sgpr(15, 3, SgprValue::PreloadedKernargs { dword_offset: 4 }),
        ]
    );
    assert_eq!(d.enabled_user_sgpr_count(), 18);
    assert_eq!(
        d.user_sgprs()[7].to_string(),
        "s[15:17]  preloaded kernarg dwords from kernarg byte 16"
    );
    assert_eq!(d.wavefront_size(), 64);
}

// ---------------------------------------------------------------------------------------
// Errors.

/// Parses and, on success, uses everything the API offers (as a fuzzer would).
fn exercise(file: &[u8]) -> Result<(), CodeObjectError> {
    let co = CodeObject::parse(file)?;
    let (_, image) = co.image();
    assert!(image.len() as u64 <= cu32_isa::code_object::MAX_IMAGE_BYTES);
    let _ = co.text();
    for k in co.kernels() {
        let d = &k.descriptor;
        let _ = (d.fields(), d.registers(), d.vgprs());
        for s in d.user_sgprs().iter().chain(&d.system_sgprs()) {
            let _ = s.to_string();
        }
    }
    Ok(())
}

#[test]
fn every_truncation_is_an_error() {
    for (name, _) in OBJECTS {
        let file = bytes(name);
        for len in 0..file.len() {
            let err = exercise(&file[..len]).expect_err("a truncated file must not parse");
            assert!(!err.to_string().is_empty());
        }
    }
}

/// xorshift64: deterministic pseudo-random numbers.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn corrupted_files_never_panic() {
    let mut state = 0x243f_6a88_85a3_08d3u64;
    for (name, _) in OBJECTS {
        let file = bytes(name);
        let (mut ok, mut errors) = (0, 0);
        for round in 0..3000 {
            let mut bad = file.clone();
            for _ in 0..1 + next(&mut state) % 4 {
                // Half the writes go to the headers and the metadata note, where they matter.
                let span = if round % 2 == 0 {
                    0x300
                } else {
                    bad.len() as u64
                };
                let at = (next(&mut state) % span) as usize;
                bad[at] = match next(&mut state) % 4 {
                    0 => 0,
                    1 => 0xff,
                    2 => bad[at] ^ (1 << (next(&mut state) % 8)),
                    _ => next(&mut state) as u8,
                };
            }
            match exercise(&bad) {
                Ok(()) => ok += 1,
                Err(_) => errors += 1,
            }
        }
        assert!(
            errors > 100,
            "{name}: only {errors} of 3000 mutants rejected"
        );
        assert!(ok > 100, "{name}: only {ok} of 3000 mutants accepted");
    }
}

/// The error from parsing `vecops.co` with `patch` applied.
fn error_after(patch: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut file = bytes("vecops");
    patch(&mut file);
    CodeObject::parse(&file)
        .expect_err("patched file must not parse")
        .to_string()
}

fn find(file: &[u8], needle: &[u8]) -> usize {
    file.windows(needle.len())
        .position(|w| w == needle)
        .expect("needle")
}

#[test]
fn errors_say_what_and_where() {
    let cases: Vec<(String, &str)> = vec![
        (
            error_after(|f| f.truncate(0)),
            "ELF header at file offset 0x0 (64 bytes) runs past the end of the file (0 bytes)",
        ),
        (error_after(|f| f[1] = b'X'), "not an ELF file"),
        (
            error_after(|f| f[4] = 1),
            "EI_CLASS (offset 4) is 1, not 2 (ELF64)",
        ),
        (error_after(|f| f[5] = 2), "EI_DATA (offset 5) is 2"),
        (error_after(|f| f[8] = 0), "code object v2"),
        (error_after(|f| f[16] = 1), "ET_REL, a relocatable object"),
        (
            error_after(|f| f[18] = 3),
            "e_machine (offset 18) is 3, not 224",
        ),
        (error_after(|f| f[48] = 0x36), "processor 0x36, not a gfx11"),
        (
            error_after(|f| f[41] = 0x7f),
            "section header table (14 entries) at file offset",
        ),
        (error_after(|f| f[62] = 1), "e_shstrndx (offset 62) is 1"),
        (
            error_after(|f| {
                let at = f.len() - 64 * 14 + 64 * 7 + 24; // .text sh_offset
                f[at + 3] = 0x10;
            }),
            "section [7] .text contents at file offset 0x10000b00",
        ),
        (
            error_after(|f| {
                // The last `scale` string is the one in .strtab, at the end of the file.
                let at = f.windows(7).rposition(|w| w == b"\0scale\0").unwrap();
                f[at + 5] = b'f';
            }),
            "kernel scale: no code symbol scale in .symtab",
        ),
    ];
    for (got, want) in cases {
        assert!(got.contains(want), "error `{got}` lacks `{want}`");
    }
    // A byte that is no MessagePack value, at the start of the metadata document.
    let desc = find(&bytes("vecops"), b"AMDGPU\0\0") + 8;
    let got = error_after(|f| f[desc] = 0xc1);
    let want = format!("AMDGPU metadata note at file offset {desc:#x}: MessagePack: byte 0xc1");
    assert!(got.contains(&want), "error `{got}` lacks `{want}`");
}

// ---------------------------------------------------------------------------------------
// Live checks against LLVM 19.

#[test]
fn committed_objects_are_what_build_sh_makes() {
    if !llvm_present() {
        eprintln!("LLVM 19 not found in {LLVM_BIN}: skipping the rebuild check");
        return;
    }
    let dir = temp_dir();
    let status = Command::new("sh")
        .arg(data("build.sh"))
        .arg(&dir)
        .status()
        .expect("run build.sh");
    assert!(status.success(), "build.sh failed");
    for (name, _) in OBJECTS {
        let fresh = std::fs::read(dir.join(format!("{name}.co"))).unwrap();
        assert!(
            fresh == bytes(name),
            "{name}.co differs from what build.sh makes now: rerun isa/tests/data/co/build.sh"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One kernel of llvm-readelf's YAML rendering of the metadata: its scalar keys and its
/// arguments' keys, values unquoted.
#[derive(Debug, Default)]
struct YamlKernel {
    keys: BTreeMap<String, String>,
    args: Vec<BTreeMap<String, String>>,
}

/// Reads `llvm-readelf --notes` output: the kernels, and the top-level scalar keys.
fn readelf_metadata(text: &str) -> (Vec<YamlKernel>, BTreeMap<String, String>) {
    let unquote = |v: &str| {
        let v = v.trim().trim_start_matches("!str ");
        v.trim_matches('\'').to_string()
    };
    let mut kernels: Vec<YamlKernel> = Vec::new();
    let mut top = BTreeMap::new();
    let mut list_key = String::new();
    let mut in_kernels = false;
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let item = line.trim_start().strip_prefix("- ");
        let body = item.unwrap_or(line.trim_start());
        let Some((key, value)) = body.split_once(':') else {
            continue; // a list element such as `- 2` of .language_version
        };
        if indent == 0 {
            in_kernels = key == "amdhsa.kernels";
            top.insert(key.to_string(), unquote(value));
            list_key = key.to_string();
            continue;
        }
        if !in_kernels {
            continue;
        }
        if indent == 2 && item.is_some() {
            kernels.push(YamlKernel::default());
        }
        let kernel = kernels.last_mut().expect("kernel entry");
        if indent <= 4 {
            kernel.keys.insert(key.to_string(), unquote(value));
            list_key = key.to_string();
        } else if list_key == ".args" {
            if item.is_some() {
                kernel.args.push(BTreeMap::new());
            }
            let arg = kernel.args.last_mut().expect("argument entry");
            arg.insert(key.to_string(), unquote(value));
        }
    }
    (kernels, top)
}

#[test]
fn metadata_matches_llvm_readelf() {
    if !llvm_present() {
        eprintln!("LLVM 19 not found in {LLVM_BIN}: skipping");
        return;
    }
    for (name, _) in OBJECTS {
        let co = load(name);
        let text = llvm("llvm-readelf", &["--notes"], &data(&format!("{name}.co")));
        let (kernels, top) = readelf_metadata(&text);
        assert_eq!(top["amdhsa.target"], co.target(), "{name}");
        assert_eq!(kernels.len(), co.kernels().len(), "{name}: kernel count");
        for (y, k) in kernels.iter().zip(co.kernels()) {
            let m = &k.metadata;
            let numbers = [
                (".kernarg_segment_size", m.kernarg_segment_size),
                (".kernarg_segment_align", m.kernarg_segment_align),
                (".group_segment_fixed_size", m.group_segment_fixed_size),
                (".private_segment_fixed_size", m.private_segment_fixed_size),
                (".wavefront_size", m.wavefront_size),
                (".sgpr_count", m.sgpr_count),
                (".vgpr_count", m.vgpr_count),
                (".max_flat_workgroup_size", m.max_flat_workgroup_size),
            ];
            for (key, value) in numbers {
                assert_eq!(y.keys[key], value.to_string(), "{name} {} {key}", m.name);
            }
            assert_eq!(y.keys[".name"], m.name);
            assert_eq!(y.keys[".symbol"], m.symbol);
            assert_eq!(
                y.keys.get(".uses_dynamic_stack").cloned(),
                m.uses_dynamic_stack.map(|b| b.to_string())
            );
            let ours: Vec<BTreeMap<String, String>> = m.args.iter().map(arg_map).collect();
            let keys = [
                ".name",
                ".type_name",
                ".offset",
                ".size",
                ".value_kind",
                ".address_space",
                ".access",
                ".actual_access",
            ];
            let theirs: Vec<BTreeMap<String, String>> = y
                .args
                .iter()
                .map(|a| {
                    a.iter()
                        .filter(|(k, _)| keys.contains(&k.as_str()))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect()
                })
                .collect();
            assert_eq!(ours, theirs, "{name} {} arguments", m.name);
        }
    }
}

fn arg_map(a: &KernelArg) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    let mut put = |k: &str, v: Option<String>| {
        if let Some(v) = v {
            m.insert(k.to_string(), v);
        }
    };
    put(".name", a.name.clone());
    put(".type_name", a.type_name.clone());
    put(".offset", Some(a.offset.to_string()));
    put(".size", Some(a.size.to_string()));
    put(".value_kind", Some(a.value_kind.clone()));
    put(".address_space", a.address_space.clone());
    put(".access", a.access.clone());
    put(".actual_access", a.actual_access.clone());
    m
}

/// The bytes of section `name` from `llvm-readelf -x`.
fn readelf_section(file: &Path, name: &str) -> (u64, Vec<u8>) {
    let text = llvm("llvm-readelf", &["-x", name], file);
    let mut addr = None;
    let mut bytes = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("0x")) {
        let mut words = line.split_whitespace();
        let at = u64::from_str_radix(&words.next().unwrap()[2..], 16).unwrap();
        addr.get_or_insert(at);
        for w in words.take(4) {
            if w.len() != 8 || !w.chars().all(|c| c.is_ascii_hexdigit()) {
                break;
            }
            for i in 0..4 {
                bytes.push(u8::from_str_radix(&w[2 * i..2 * i + 2], 16).unwrap());
            }
        }
    }
    (addr.expect("hex dump"), bytes)
}

#[test]
fn symbols_and_sections_match_llvm_readelf() {
    if !llvm_present() {
        eprintln!("LLVM 19 not found in {LLVM_BIN}: skipping");
        return;
    }
    for (name, _) in OBJECTS {
        let co = load(name);
        let path = data(&format!("{name}.co"));
        // `Num: Value Size Type Bind Vis Ndx Name` for .symtab.
        let text = llvm("llvm-readelf", &["-sW"], &path);
        let symtab = text
            .split("Symbol table '.symtab'")
            .nth(1)
            .expect(".symtab");
        let symbols: BTreeMap<String, (u64, u64, String)> = symtab
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.len() == 8 && f[0].trim_end_matches(':').parse::<u32>().is_ok()).then(|| {
                    let value = u64::from_str_radix(f[1], 16).unwrap();
                    (
                        f[7].to_string(),
                        (value, f[2].parse().unwrap(), f[3].to_string()),
                    )
                })
            })
            .collect();
        for k in co.kernels() {
            let code = &symbols[&k.name];
            assert_eq!(
                *code,
                (k.entry, k.code.len() as u64, "FUNC".into()),
                "{name}"
            );
            let kd = &symbols[&k.descriptor_symbol];
            assert_eq!(*kd, (k.descriptor_addr, 64, "OBJECT".into()), "{name}");
        }
        for (sym_name, (value, size, _)) in &symbols {
            let ours = co.symbol(sym_name).expect("symbol");
            assert_eq!(
                (ours.value, ours.size),
                (*value, *size),
                "{name} {sym_name}"
            );
        }
        let (base, image) = co.image();
        for section in [".text", ".rodata", ".note", ".dynsym"] {
            let (addr, bytes) = readelf_section(&path, section);
            let at = (addr - base) as usize;
            assert_eq!(
                image[at..at + bytes.len()],
                bytes,
                "{name} {section} in the image"
            );
            if section == ".text" {
                assert_eq!((co.text().addr, co.text().bytes), (addr, &bytes[..]));
            }
        }
    }
}

/// `.amdhsa_NAME VALUE` directives (and llvm-objdump's `; RSRC3_FIELD VALUE` comments) of
/// the `.amdhsa_kernel KERNEL` block in `text`.
fn amdhsa_block(text: &str, kernel: &str) -> BTreeMap<String, i64> {
    let start = format!(".amdhsa_kernel {kernel}");
    text.lines()
        .map(str::trim)
        .skip_while(|l| *l != start)
        .skip(1)
        .take_while(|l| *l != ".end_amdhsa_kernel")
        .filter_map(|l| {
            let (key, value) = l.trim_start_matches("; ").split_once(' ')?;
            let key = key
                .strip_prefix(".amdhsa_")
                .map_or_else(|| format!("COMPUTE_PGM_RSRC3.{key}"), str::to_string);
            Some((key, value.trim().parse().ok()?))
        })
        .collect()
}

/// Checks each directive against the decoded descriptor; returns how many were checked.
fn check_directives(what: &str, directives: &BTreeMap<String, i64>, d: &KernelDescriptor) {
    let fields: BTreeMap<String, i64> = d.fields().into_iter().collect();
    let field = |name: &str| fields[name];
    let granules = |n: i64, g: i64| (n.max(1) + g - 1) / g - 1;
    assert!(directives.len() > 30, "{what}: only {directives:?}");
    for (directive, &value) in directives {
        let ours = match directive.as_str() {
            "group_segment_fixed_size" | "private_segment_fixed_size" | "kernarg_size" => {
                field(directive)
            }
            "next_free_vgpr" => {
                let g = field("COMPUTE_PGM_RSRC1.GRANULATED_WORKITEM_VGPR_COUNT");
                assert_eq!(g, granules(value, 8), "{what}: {directive} {value}");
                continue;
            }
            "next_free_sgpr" => {
                let vcc = 2 * directives.get("reserve_vcc").copied().unwrap_or(1);
                let g = field("COMPUTE_PGM_RSRC1.GRANULATED_WAVEFRONT_SGPR_COUNT");
                assert_eq!(g, granules(value + vcc, 8), "{what}: {directive} {value}");
                continue;
            }
            "reserve_vcc" | "reserve_xnack_mask" => continue,
            "user_sgpr_count" => field("COMPUTE_PGM_RSRC2.USER_SGPR_COUNT"),
            "wavefront_size32" => field("KERNEL_CODE_PROPERTIES.ENABLE_WAVEFRONT_SIZE32"),
            "uses_dynamic_stack" => field("KERNEL_CODE_PROPERTIES.USES_DYNAMIC_STACK"),
            "enable_private_segment" => field("COMPUTE_PGM_RSRC2.ENABLE_PRIVATE_SEGMENT"),
            "system_vgpr_workitem_id" => field("COMPUTE_PGM_RSRC2.ENABLE_VGPR_WORKITEM_ID"),
            "dx10_clamp" => field("COMPUTE_PGM_RSRC1.ENABLE_DX10_CLAMP"),
            "ieee_mode" => field("COMPUTE_PGM_RSRC1.ENABLE_IEEE_MODE"),
            "fp16_overflow" => field("COMPUTE_PGM_RSRC1.FP16_OVFL"),
            "workgroup_processor_mode" => field("COMPUTE_PGM_RSRC1.WGP_MODE"),
            "memory_ordered" => field("COMPUTE_PGM_RSRC1.MEM_ORDERED"),
            "forward_progress" => field("COMPUTE_PGM_RSRC1.FWD_PROGRESS"),
            "shared_vgpr_count" => field("COMPUTE_PGM_RSRC3.SHARED_VGPR_COUNT"),
            "inst_pref_size" => field("COMPUTE_PGM_RSRC3.INST_PREF_SIZE"),
            "exception_fp_ieee_invalid_op" => {
                field("COMPUTE_PGM_RSRC2.ENABLE_EXCEPTION_IEEE_754_FP_INVALID_OPERATION")
            }
            "exception_fp_denorm_src" => {
                field("COMPUTE_PGM_RSRC2.ENABLE_EXCEPTION_FP_DENORMAL_SOURCE")
            }
            "exception_fp_ieee_div_zero" => {
                field("COMPUTE_PGM_RSRC2.ENABLE_EXCEPTION_IEEE_754_FP_DIVISION_BY_ZERO")
            }
            "exception_fp_ieee_overflow" => {
                field("COMPUTE_PGM_RSRC2.ENABLE_EXCEPTION_IEEE_754_FP_OVERFLOW")
            }
            "exception_fp_ieee_underflow" => {
                field("COMPUTE_PGM_RSRC2.ENABLE_EXCEPTION_IEEE_754_FP_UNDERFLOW")
            }
            "exception_fp_ieee_inexact" => {
                field("COMPUTE_PGM_RSRC2.ENABLE_EXCEPTION_IEEE_754_FP_INEXACT")
            }
            "exception_int_div_zero" => {
                field("COMPUTE_PGM_RSRC2.ENABLE_EXCEPTION_INT_DIVIDE_BY_ZERO")
            }
            d => {
                if let Some(f) = d.strip_prefix("float_") {
                    field(&format!("COMPUTE_PGM_RSRC1.FLOAT_{}", f.to_uppercase()))
                } else if let Some(f) = d.strip_prefix("user_sgpr_") {
                    field(&format!(
                        "KERNEL_CODE_PROPERTIES.ENABLE_SGPR_{}",
                        f.to_uppercase()
                    ))
                } else if let Some(f) = d.strip_prefix("system_sgpr_") {
                    field(&format!(
                        "COMPUTE_PGM_RSRC2.ENABLE_SGPR_{}",
                        f.to_uppercase()
                    ))
                } else {
                    *fields
                        .get(d)
                        .unwrap_or_else(|| panic!("{what}: unmapped directive {d}"))
                }
            }
        };
        assert_eq!(ours, value, "{what}: .amdhsa_{directive}");
    }
}

#[test]
fn descriptors_match_clang_directives_and_llvm_objdump() {
    if !llvm_present() {
        eprintln!("LLVM 19 not found in {LLVM_BIN}: skipping");
        return;
    }
    let mut objdump_decoded = 0;
    for (name, flags) in OBJECTS {
        let co = load(name);
        let source = data(&format!("{name}.cl"));
        let mut args = vec![
            "-x",
            "cl",
            "-cl-std=CL2.0",
            "-target",
            "amdgcn-amd-amdhsa",
            "-mcpu=gfx1100",
            "-nogpulib",
            "-O2",
            "-S",
            "-o",
            "-",
        ];
        args.extend(flags);
        let asm = llvm("clang", &args, &source);
        for k in co.kernels() {
            let what = format!("{name} {} (clang -S)", k.name);
            check_directives(&what, &amdhsa_block(&asm, &k.name), &k.descriptor);

            // llvm-objdump 19 rejects descriptors whose GRANULATED_WAVEFRONT_SGPR_COUNT is
            // not 0, although clang 19 writes it for gfx11; it decodes the others.
            let symbol = format!("--disassemble-symbols={}", k.descriptor_symbol);
            let dump = llvm(
                "llvm-objdump",
                &["-D", &symbol],
                &data(&format!("{name}.co")),
            );
            let block = amdhsa_block(&dump, &k.name);
            if dump.contains("GRANULATED_WAVEFRONT_SGPR_COUNT reserved bits") {
                let g = k
                    .descriptor
                    .compute_pgm_rsrc1
                    .granulated_wavefront_sgpr_count;
                assert_ne!(g, 0, "{what}: llvm-objdump rejected it");
            } else {
                let what = format!("{name} {} (llvm-objdump)", k.name);
                check_directives(&what, &block, &k.descriptor);
                objdump_decoded += 1;
            }
        }
    }
    assert!(objdump_decoded > 0, "llvm-objdump decoded no descriptor");
}

#[test]
fn system_sgprs_are_the_ones_the_code_reads() {
    if !llvm_present() {
        eprintln!("LLVM 19 not found in {LLVM_BIN}: skipping");
        return;
    }
    // Kernels that use their work-group ids name the SGPRs we place them in.
    for (name, kernel) in [
        ("vecops", "scale"),
        ("vecops", "reverse"),
        ("grid2d", "fill2d"),
    ] {
        let co = load(name);
        let k = co.kernel(kernel).unwrap();
        let symbol = format!("--disassemble-symbols={kernel}");
        let dump = llvm(
            "llvm-objdump",
            &["-d", &symbol],
            &data(&format!("{name}.co")),
        );
        let operands: Vec<&str> = dump
            .lines()
            .filter_map(|l| l.split("//").next())
            .flat_map(|l| l.split([' ', ',', '\t']))
            .collect();
        for s in k.descriptor.system_sgprs() {
            let reg = format!("s{}", s.first);
            assert!(
                operands.contains(&reg.as_str()),
                "{name} {kernel}: no {reg}"
            );
        }
    }
}

#[test]
fn pc_relative_rodata_is_reachable_in_the_image() {
    if !llvm_present() {
        eprintln!("LLVM 19 not found in {LLVM_BIN}: skipping");
        return;
    }
    let co = load("lookup");
    let dump = llvm(
        "llvm-objdump",
        &["-d", "--disassemble-symbols=lookup"],
        &data("lookup.co"),
    );
    // s_getpc_b64 s[2:3] (address A) then s_add_u32 s2, s2, LITERAL: target A + 4 + LITERAL.
    let lines: Vec<&str> = dump.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("s_getpc_b64"))
        .expect("s_getpc_b64");
    let addr_of = |l: &str| {
        let hex = l.split("// ").nth(1).unwrap().split(':').next().unwrap();
        u64::from_str_radix(hex, 16).unwrap()
    };
    let literal = lines[at + 1]
        .split("//")
        .next()
        .unwrap()
        .rsplit(", ")
        .next()
        .unwrap()
        .trim();
    let literal = u32::from_str_radix(literal.trim_start_matches("0x"), 16).unwrap();
    let target = (addr_of(lines[at]) + 4).wrapping_add(i64::from(literal as i32) as u64);
    assert_eq!(target, co.symbol("table").unwrap().value);
    let (base, image) = co.image();
    assert_eq!(read_f32s(&image, target - base, 4), [1.5, 2.5, 3.5, 4.5]);
}
