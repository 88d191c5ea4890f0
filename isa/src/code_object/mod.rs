//! AMDGPU HSA code objects (v3 to v6, as clang 19 and ld.lld emit them for gfx11): the
//! kernels with their descriptors, code and metadata, the `.text` section, and the loaded
//! image of all PT_LOAD segments. Parsing never panics; every error names what is wrong and
//! where (file offset, section, symbol or kernel).

mod descriptor;
mod elf;
mod metadata;
mod msgpack;

pub use descriptor::{
    ComputePgmRsrc1, ComputePgmRsrc2, ComputePgmRsrc3, KernargPreload, KernelCodeProperties,
    KernelDescriptor, Register, SgprInit, SgprValue,
};
pub use elf::Symbol;
pub use metadata::{KernelArg, KernelMetadata};

/// Note type of the AMDGPU metadata (owner `AMDGPU`).
const NT_AMDGPU_METADATA: u32 = 32;

/// The largest loaded image accepted: the span from the lowest to the highest PT_LOAD
/// address.
pub const MAX_IMAGE_BYTES: u64 = 64 << 20;

/// Why a file is not a usable code object.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeObjectError {
    #[error("{what} at file offset {offset:#x} ({size} bytes) runs past the end of the file ({len} bytes)")]
    Truncated {
        what: String,
        offset: u64,
        size: u64,
        len: u64,
    },
    #[error("ELF header: {0}")]
    Header(String),
    /// A missing part or an impossible layout of the whole file.
    #[error("{0}")]
    File(String),
    #[error("section [{index}] {name}: {msg}")]
    Section {
        index: usize,
        name: String,
        msg: String,
    },
    #[error("program header [{index}] at file offset {offset:#x}: {msg}")]
    Segment {
        index: usize,
        offset: u64,
        msg: String,
    },
    #[error("symbol [{index}] {name} of {table}: {msg}")]
    Symbol {
        table: String,
        index: usize,
        name: String,
        msg: String,
    },
    #[error("AMDGPU metadata note at file offset {offset:#x}: {msg}")]
    Metadata { offset: u64, msg: String },
    #[error("kernel {kernel}: {msg}")]
    Kernel { kernel: String, msg: String },
}

/// One kernel: where its code and descriptor are, and what they say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The kernel's name (metadata `.name`).
    pub name: String,
    /// Address of the first instruction: the descriptor's address plus its
    /// `kernel_code_entry_byte_offset`, which is also the code symbol's address.
    pub entry: u64,
    /// File offset of the first instruction.
    pub code_offset: u64,
    /// The machine code: the code symbol's `st_size` bytes from `entry`.
    pub code: Vec<u8>,
    /// The descriptor's symbol, `NAME.kd`.
    pub descriptor_symbol: String,
    /// Address of the 64-byte kernel descriptor.
    pub descriptor_addr: u64,
    pub descriptor: KernelDescriptor,
    pub metadata: KernelMetadata,
}

/// The `.text` section: its address and bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text<'a> {
    pub addr: u64,
    pub bytes: &'a [u8],
}

/// A parsed code object. It keeps the file's bytes, so the image and sections can be read.
#[derive(Clone, Debug)]
pub struct CodeObject {
    file: Vec<u8>,
    machine: &'static str,
    version: u8,
    metadata_version: Vec<u64>,
    target: String,
    symbols: Vec<Symbol>,
    kernels: Vec<Kernel>,
    text: elf::Section,
    loads: Vec<elf::Load>,
    image_base: u64,
    image_size: u64,
}

impl CodeObject {
    /// Parses and checks a whole code object.
    pub fn parse(file: &[u8]) -> Result<CodeObject, CodeObjectError> {
        let header = elf::header(file)?;
        let sections = elf::sections(file, &header)?;
        let (table, symbols) = elf::symbols(file, &sections)?;
        let loads = elf::loads(file, &header)?;
        let (image_base, image_size) = image_span(&loads)?;
        let text = sections
            .iter()
            .find(|s| s.name == ".text" && s.kind != elf::SHT_NOBITS)
            .ok_or_else(|| CodeObjectError::File("no .text section".to_string()))?
            .clone();
        let meta = find_metadata(file, &sections)?;
        let kernels = meta
            .kernels
            .iter()
            .map(|m| kernel(file, &sections, &table, &symbols, m))
            .collect::<Result<_, _>>()?;
        Ok(CodeObject {
            file: file.to_vec(),
            machine: header.machine,
            version: header.version,
            metadata_version: meta.version,
            target: meta.target,
            symbols,
            kernels,
            text,
            loads,
            image_base,
            image_size,
        })
    }

    /// The processor named by the ELF header, e.g. `gfx1100`.
    pub fn machine(&self) -> &'static str {
        self.machine
    }

    /// The code object version (5 for clang 19's default).
    pub fn code_object_version(&self) -> u8 {
        self.version
    }

    /// The metadata's `amdhsa.version`, e.g. `[1, 2]`.
    pub fn metadata_version(&self) -> &[u64] {
        &self.metadata_version
    }

    /// The metadata's `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx1100`.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The kernels, in metadata order.
    pub fn kernels(&self) -> &[Kernel] {
        &self.kernels
    }

    /// The kernel named `name`.
    pub fn kernel(&self, name: &str) -> Option<&Kernel> {
        self.kernels.iter().find(|k| k.name == name)
    }

    /// The symbols of `.symtab` (or `.dynsym` without one), entry 0 included.
    pub fn symbols(&self) -> &[Symbol] {
        &self.symbols
    }

    /// The first symbol named `name`.
    pub fn symbol(&self, name: &str) -> Option<&Symbol> {
        self.symbols.iter().find(|s| s.name == name)
    }

    /// The `.text` section.
    pub fn text(&self) -> Text<'_> {
        Text {
            addr: self.text.addr,
            bytes: elf::data(&self.file, &self.text),
        }
    }

    /// The loaded image: every PT_LOAD segment's file bytes at its address (zeros beyond
    /// each segment's file size and between segments), as (address of byte 0, bytes). At
    /// most [`MAX_IMAGE_BYTES`] long.
    pub fn image(&self) -> (u64, Vec<u8>) {
        let mut image = vec![0; self.image_size as usize];
        for l in &self.loads {
            let at = (l.vaddr - self.image_base) as usize;
            let bytes = elf::range(&self.file, l.offset, l.filesz, String::new).unwrap_or(&[]);
            image[at..at + bytes.len()].copy_from_slice(bytes);
        }
        (self.image_base, image)
    }
}

/// The lowest PT_LOAD address and the span to the highest end, checked against
/// [`MAX_IMAGE_BYTES`].
fn image_span(loads: &[elf::Load]) -> Result<(u64, u64), CodeObjectError> {
    let Some(base) = loads.iter().map(|l| l.vaddr).min() else {
        return Err(CodeObjectError::File(
            "no PT_LOAD program header".to_string(),
        ));
    };
    let end = loads
        .iter()
        .map(|l| l.vaddr + l.memsz)
        .max()
        .unwrap_or(base);
    if end - base > MAX_IMAGE_BYTES {
        return Err(CodeObjectError::File(format!(
            "PT_LOAD segments span {:#x}..{end:#x}, more than {MAX_IMAGE_BYTES} bytes",
            base
        )));
    }
    Ok((base, end - base))
}

/// The one NT_AMDGPU_METADATA note, decoded.
fn find_metadata(
    file: &[u8],
    sections: &[elf::Section],
) -> Result<metadata::Metadata, CodeObjectError> {
    let mut found = None;
    for (index, s) in sections.iter().enumerate() {
        if s.kind != elf::SHT_NOTE {
            continue;
        }
        for note in elf::notes(file, index, s)? {
            if note.owner != b"AMDGPU" || note.kind != NT_AMDGPU_METADATA {
                continue;
            }
            if found.is_some() {
                return Err(CodeObjectError::Metadata {
                    offset: note.desc_offset,
                    msg: "a second NT_AMDGPU_METADATA note".to_string(),
                });
            }
            let meta = metadata::parse(note.desc).map_err(|(at, msg)| match at {
                Some(at) => CodeObjectError::Metadata {
                    offset: note.desc_offset + at as u64,
                    msg: format!("MessagePack: {msg}"),
                },
                None => CodeObjectError::Metadata {
                    offset: note.desc_offset,
                    msg,
                },
            })?;
            found = Some(meta);
        }
    }
    found.ok_or_else(|| {
        CodeObjectError::File("no NT_AMDGPU_METADATA note (owner AMDGPU, type 32)".to_string())
    })
}

/// `size` bytes at symbol `sym`'s address, read through the section that defines it, and
/// their file offset.
fn symbol_bytes<'a>(
    file: &'a [u8],
    sections: &[elf::Section],
    sym: &Symbol,
    size: u64,
) -> Result<(&'a [u8], u64), String> {
    let s = sections
        .get(usize::from(sym.section))
        .filter(|_| sym.section != 0)
        .ok_or_else(|| {
            format!(
                "symbol {} is not defined in a section (st_shndx {})",
                sym.name, sym.section
            )
        })?;
    let rel = sym.value.checked_sub(s.addr);
    let end = rel.and_then(|rel| rel.checked_add(size));
    match (rel, end) {
        (Some(rel), Some(end)) if end <= s.size && s.kind != elf::SHT_NOBITS => {
            let bytes = elf::data(file, s).get(rel as usize..end as usize);
            bytes.map(|b| (b, s.offset + rel)).ok_or_else(|| {
                format!("section {} has no contents for symbol {}", s.name, sym.name)
            })
        }
        _ => Err(format!(
            "symbol {} ({:#x}, {size} bytes) does not lie in the contents of section {} \
             ({:#x}, {} bytes)",
            sym.name, sym.value, s.name, s.addr, s.size
        )),
    }
}

/// Assembles one kernel from its metadata entry, descriptor and code symbol.
fn kernel(
    file: &[u8],
    sections: &[elf::Section],
    table: &str,
    symbols: &[Symbol],
    meta: &KernelMetadata,
) -> Result<Kernel, CodeObjectError> {
    let bad = |msg: String| CodeObjectError::Kernel {
        kernel: meta.name.clone(),
        msg,
    };
    let find = |name: &str, what: &str| {
        symbols
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| bad(format!("no {what} symbol {name} in {table}")))
    };
    let kd = find(&meta.symbol, "descriptor")?;
    if kd.size != KernelDescriptor::SIZE as u64 {
        return Err(bad(format!(
            "descriptor symbol {} is {} bytes, not 64",
            kd.name, kd.size
        )));
    }
    let (kd_bytes, _) = symbol_bytes(file, sections, kd, 64).map_err(&bad)?;
    let mut raw = [0u8; 64];
    raw.copy_from_slice(kd_bytes);
    let descriptor = KernelDescriptor::decode(&raw);
    let entry = kd
        .value
        .checked_add_signed(descriptor.kernel_code_entry_byte_offset)
        .ok_or_else(|| bad("descriptor's entry offset overflows the address".to_string()))?;
    let stem = meta
        .symbol
        .strip_suffix(".kd")
        .ok_or_else(|| bad(format!(".symbol {} does not end in .kd", meta.symbol)))?;
    let code_sym = find(stem, "code")?;
    if code_sym.kind != elf::STT_FUNC {
        return Err(bad(format!("code symbol {stem} is not a function")));
    }
    if code_sym.value != entry {
        return Err(bad(format!(
            "descriptor entry {entry:#x} differs from code symbol {stem} at {:#x}",
            code_sym.value
        )));
    }
    let (code, code_offset) =
        symbol_bytes(file, sections, code_sym, code_sym.size).map_err(&bad)?;
    let user = descriptor.enabled_user_sgpr_count();
    if descriptor.compute_pgm_rsrc2.user_sgpr_count < user {
        return Err(bad(format!(
            "USER_SGPR_COUNT {} is less than the {user} user SGPRs enabled",
            descriptor.compute_pgm_rsrc2.user_sgpr_count
        )));
    }
    Ok(Kernel {
        name: meta.name.clone(),
        entry,
        code_offset,
        code: code.to_vec(),
        descriptor_symbol: kd.name.clone(),
        descriptor_addr: kd.value,
        descriptor,
        metadata: meta.clone(),
    })
}
