//! Bounds-checked reading of a little-endian ELF64 AMDGPU file: the file header, section
//! headers and names, a symbol table, PT_LOAD program headers and notes. Every table is
//! checked to lie inside the file before it is read, so allocations never exceed the
//! file's size.

use super::CodeObjectError as Error;

const EM_AMDGPU: u16 = 224;
const ELFOSABI_AMDGPU_HSA: u8 = 64;
const ET_REL: u16 = 1;
const ET_DYN: u16 = 3;
const SHT_NULL: u32 = 0;
const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
pub const SHT_NOTE: u32 = 7;
pub const SHT_NOBITS: u32 = 8;
const SHT_DYNSYM: u32 = 11;
const PT_LOAD: u32 = 1;
pub const STT_FUNC: u8 = 2;

/// The gfx11 processors by their `EF_AMDGPU_MACH` value (e_flags bits 7:0).
const GFX11_MACHINES: [(u32, &str); 8] = [
    (0x41, "gfx1100"),
    (0x46, "gfx1101"),
    (0x47, "gfx1102"),
    (0x44, "gfx1103"),
    (0x43, "gfx1150"),
    (0x4a, "gfx1151"),
    (0x55, "gfx1152"),
    (0x54, "gfx11-generic"),
];

/// What the file header says.
#[derive(Clone, Debug)]
pub struct Header {
    /// The processor, e.g. `gfx1100`.
    pub machine: &'static str,
    /// Code object version: EI_ABIVERSION + 2.
    pub version: u8,
    phoff: u64,
    phnum: u16,
    shoff: u64,
    shnum: u16,
    shstrndx: u16,
}

/// One section header, with its name resolved.
#[derive(Clone, Debug)]
pub struct Section {
    pub name: String,
    pub kind: u32,
    pub addr: u64,
    pub offset: u64,
    pub size: u64,
    link: u32,
    align: u64,
    entsize: u64,
}

/// An ELF symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    /// Its address (st_value).
    pub value: u64,
    pub size: u64,
    /// STT_* (low 4 bits of st_info): 1 object, 2 function, ...
    pub kind: u8,
    /// The index of the section it is defined in (st_shndx).
    pub section: u16,
}

/// A PT_LOAD segment: `filesz` file bytes from `offset` placed at `vaddr`, then zeros up to
/// `memsz`.
#[derive(Clone, Debug)]
pub struct Load {
    pub offset: u64,
    pub vaddr: u64,
    pub filesz: u64,
    pub memsz: u64,
}

/// One note: its owner (without the terminating NUL), type and descriptor.
pub struct Note<'a> {
    pub owner: &'a [u8],
    pub kind: u32,
    pub desc: &'a [u8],
    /// File offset of `desc`.
    pub desc_offset: u64,
}

/// `size` bytes of `file` from `offset`, or an error naming `what`.
pub fn range(
    file: &[u8],
    offset: u64,
    size: u64,
    what: impl FnOnce() -> String,
) -> Result<&[u8], Error> {
    match offset.checked_add(size) {
        Some(end) if end <= file.len() as u64 => Ok(&file[offset as usize..end as usize]),
        _ => Err(Error::Truncated {
            what: what(),
            offset,
            size,
            len: file.len() as u64,
        }),
    }
}

fn u16_at(b: &[u8], off: usize) -> u16 {
    u16::from_le_bytes([b[off], b[off + 1]])
}

fn u32_at(b: &[u8], off: usize) -> u32 {
    u32::from_le_bytes([b[off], b[off + 1], b[off + 2], b[off + 3]])
}

fn u64_at(b: &[u8], off: usize) -> u64 {
    u64::from(u32_at(b, off)) | (u64::from(u32_at(b, off + 4)) << 32)
}

/// Reads and checks the 64-byte file header.
pub fn header(file: &[u8]) -> Result<Header, Error> {
    let h = range(file, 0, 64, || "ELF header".to_string())?;
    let bad = |msg: String| Err(Error::Header(msg));
    if h[..4] != *b"\x7fELF" {
        return bad("not an ELF file (no \\x7fELF magic at offset 0)".to_string());
    }
    if h[4] != 2 {
        return bad(format!("EI_CLASS (offset 4) is {}, not 2 (ELF64)", h[4]));
    }
    if h[5] != 1 {
        return bad(format!(
            "EI_DATA (offset 5) is {}, not 1 (little-endian)",
            h[5]
        ));
    }
    if h[7] != ELFOSABI_AMDGPU_HSA {
        return bad(format!(
            "EI_OSABI (offset 7) is {}, not {ELFOSABI_AMDGPU_HSA} (AMDGPU HSA)",
            h[7]
        ));
    }
    if !(1..=4).contains(&h[8]) {
        return bad(format!(
            "EI_ABIVERSION (offset 8) is {}: code object v{}, only v3 to v6 are supported",
            h[8],
            u16::from(h[8]) + 2
        ));
    }
    match u16_at(h, 16) {
        ET_DYN => {}
        ET_REL => {
            return bad(
                "e_type (offset 16) is ET_REL, a relocatable object: link it with \
                        `ld.lld -shared` first"
                    .to_string(),
            )
        }
        t => return bad(format!("e_type (offset 16) is {t}, not 3 (ET_DYN)")),
    }
    let machine = u16_at(h, 18);
    if machine != EM_AMDGPU {
        return bad(format!(
            "e_machine (offset 18) is {machine}, not {EM_AMDGPU} (EM_AMDGPU)"
        ));
    }
    let mach = u32_at(h, 48) & 0xff;
    let Some(&(_, machine)) = GFX11_MACHINES.iter().find(|(m, _)| *m == mach) else {
        return bad(format!(
            "e_flags (offset 48) names processor {mach:#x}, not a gfx11 one (gfx1100 is 0x41)"
        ));
    };
    let (phnum, shnum) = (u16_at(h, 56), u16_at(h, 60));
    if phnum > 0 && u16_at(h, 54) != 56 {
        return bad(format!(
            "e_phentsize (offset 54) is {}, not 56",
            u16_at(h, 54)
        ));
    }
    if shnum == 0 {
        return bad("e_shnum (offset 60) is 0: no section headers".to_string());
    }
    if u16_at(h, 58) != 64 {
        return bad(format!(
            "e_shentsize (offset 58) is {}, not 64",
            u16_at(h, 58)
        ));
    }
    Ok(Header {
        machine,
        version: h[8] + 2,
        phoff: u64_at(h, 32),
        phnum,
        shoff: u64_at(h, 40),
        shnum,
        shstrndx: u16_at(h, 62),
    })
}

/// The NUL-terminated string at `offset` of string table `table`.
fn string_at(table: &[u8], offset: u32) -> Option<String> {
    let rest = table.get(offset as usize..)?;
    let len = rest.iter().position(|&b| b == 0)?;
    Some(String::from_utf8_lossy(&rest[..len]).into_owned())
}

/// The bytes of a section (none for SHT_NOBITS); `sections` checked them to be in the file.
pub fn data<'a>(file: &'a [u8], s: &Section) -> &'a [u8] {
    if s.kind == SHT_NOBITS {
        return &[];
    }
    s.offset
        .checked_add(s.size)
        .and_then(|end| file.get(s.offset as usize..end as usize))
        .unwrap_or(&[])
}

/// Reads the section headers and their names; checks each section's bytes lie in the file.
pub fn sections(file: &[u8], h: &Header) -> Result<Vec<Section>, Error> {
    let table = range(file, h.shoff, u64::from(h.shnum) * 64, || {
        format!("section header table ({} entries)", h.shnum)
    })?;
    let mut sections: Vec<Section> = table
        .chunks_exact(64)
        .map(|e| Section {
            name: String::new(),
            kind: u32_at(e, 4),
            addr: u64_at(e, 16),
            offset: u64_at(e, 24),
            size: u64_at(e, 32),
            link: u32_at(e, 40),
            align: u64_at(e, 48),
            entsize: u64_at(e, 56),
        })
        .collect();
    let names = match sections.get(h.shstrndx as usize) {
        Some(s) if s.kind == SHT_STRTAB => {
            range(file, s.offset, s.size, || "section name table".to_string())?
        }
        _ => {
            return Err(Error::Header(format!(
                "e_shstrndx (offset 62) is {}, not a string table section",
                h.shstrndx
            )))
        }
    };
    for (i, (s, e)) in sections.iter_mut().zip(table.chunks_exact(64)).enumerate() {
        s.name = string_at(names, u32_at(e, 0)).ok_or_else(|| Error::Section {
            index: i,
            name: "?".to_string(),
            msg: format!(
                "name offset {} is outside the section name table",
                u32_at(e, 0)
            ),
        })?;
        if s.kind != SHT_NOBITS && s.kind != SHT_NULL {
            range(file, s.offset, s.size, || {
                format!("section [{i}] {} contents", s.name)
            })?;
        }
    }
    Ok(sections)
}

/// The symbols of `.symtab`, or of `.dynsym` when there is no `.symtab`: the table's name and
/// its entries (entry 0 included).
pub fn symbols(file: &[u8], sections: &[Section]) -> Result<(String, Vec<Symbol>), Error> {
    let (index, table) = sections
        .iter()
        .enumerate()
        .find(|(_, s)| s.kind == SHT_SYMTAB)
        .or_else(|| {
            sections
                .iter()
                .enumerate()
                .find(|(_, s)| s.kind == SHT_DYNSYM)
        })
        .ok_or_else(|| Error::File("no symbol table (.symtab or .dynsym)".to_string()))?;
    let bad = |msg: String| Error::Section {
        index,
        name: table.name.clone(),
        msg,
    };
    if table.entsize != 24 {
        return Err(bad(format!("sh_entsize is {}, not 24", table.entsize)));
    }
    if table.size % 24 != 0 {
        return Err(bad(format!("size {} is not a multiple of 24", table.size)));
    }
    let strings = match sections.get(table.link as usize) {
        Some(s) if s.kind == SHT_STRTAB => data(file, s),
        _ => {
            return Err(bad(format!(
                "sh_link {} is not a string table section",
                table.link
            )))
        }
    };
    let symbols = data(file, table)
        .chunks_exact(24)
        .enumerate()
        .map(|(i, e)| {
            let name = string_at(strings, u32_at(e, 0)).ok_or_else(|| Error::Symbol {
                table: table.name.clone(),
                index: i,
                name: "?".to_string(),
                msg: format!("name offset {} is outside the string table", u32_at(e, 0)),
            })?;
            Ok(Symbol {
                name,
                value: u64_at(e, 8),
                size: u64_at(e, 16),
                kind: e[4] & 0xf,
                section: u16_at(e, 6),
            })
        })
        .collect::<Result<_, Error>>()?;
    Ok((table.name.clone(), symbols))
}

/// The PT_LOAD segments, each checked to have its file bytes in the file and no address
/// overflow.
pub fn loads(file: &[u8], h: &Header) -> Result<Vec<Load>, Error> {
    let table = range(file, h.phoff, u64::from(h.phnum) * 56, || {
        format!("program header table ({} entries)", h.phnum)
    })?;
    let mut loads = Vec::new();
    for (index, e) in table.chunks_exact(56).enumerate() {
        if u32_at(e, 0) != PT_LOAD {
            continue;
        }
        let load = Load {
            offset: u64_at(e, 8),
            vaddr: u64_at(e, 16),
            filesz: u64_at(e, 32),
            memsz: u64_at(e, 40),
        };
        let bad = |msg: String| Error::Segment {
            index,
            offset: h.phoff + 56 * index as u64,
            msg,
        };
        if load.filesz > load.memsz {
            return Err(bad(format!(
                "p_filesz {:#x} exceeds p_memsz {:#x}",
                load.filesz, load.memsz
            )));
        }
        if load.vaddr.checked_add(load.memsz).is_none() {
            return Err(bad(format!(
                "p_vaddr {:#x} + p_memsz {:#x} overflows",
                load.vaddr, load.memsz
            )));
        }
        range(file, load.offset, load.filesz, || {
            format!("program header [{index}] contents")
        })?;
        loads.push(load);
    }
    Ok(loads)
}

/// The notes of SHT_NOTE section `s` (index `index`).
pub fn notes<'a>(file: &'a [u8], index: usize, s: &Section) -> Result<Vec<Note<'a>>, Error> {
    let bytes = data(file, s);
    let align = if s.align == 8 { 8 } else { 4 };
    let up = |n: u64| n.div_ceil(align) * align;
    let mut notes = Vec::new();
    let mut pos = 0u64;
    let len = bytes.len() as u64;
    while pos < len {
        let bad = |msg: String| Error::Section {
            index,
            name: s.name.clone(),
            msg: format!("note at file offset {:#x}: {msg}", s.offset + pos),
        };
        if len - pos < 12 {
            return Err(bad(format!("header needs 12 bytes, {} left", len - pos)));
        }
        let at = pos as usize;
        let (namesz, descsz) = (u32_at(bytes, at), u32_at(bytes, at + 4));
        let name_start = pos + 12;
        let desc_start = up(name_start + u64::from(namesz));
        let desc_end = desc_start + u64::from(descsz);
        if desc_end > len {
            return Err(bad(format!(
                "name ({namesz} bytes) and descriptor ({descsz} bytes) run past the section end"
            )));
        }
        let name = &bytes[name_start as usize..(name_start + u64::from(namesz)) as usize];
        notes.push(Note {
            owner: name.strip_suffix(&[0]).unwrap_or(name),
            kind: u32_at(bytes, at + 8),
            desc: &bytes[desc_start as usize..desc_end as usize],
            desc_offset: s.offset + desc_start,
        });
        pos = up(desc_end);
    }
    Ok(notes)
}
