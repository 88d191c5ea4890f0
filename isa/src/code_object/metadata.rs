//! The code object's AMDGPU metadata (the NT_AMDGPU_METADATA note, a MessagePack map; code
//! object v3 and later): the target, and per kernel its resources and argument layout.

use super::msgpack::{self, Value};

/// The metadata of a whole code object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    /// `amdhsa.version`: [major, minor] of the metadata format (1.2 for code object v5).
    pub version: Vec<u64>,
    /// `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx1100`.
    pub target: String,
    pub kernels: Vec<KernelMetadata>,
}

/// One entry of `amdhsa.kernels`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelMetadata {
    /// `.name`: the source-level kernel name.
    pub name: String,
    /// `.symbol`: the kernel descriptor's symbol, `NAME.kd`.
    pub symbol: String,
    pub kernarg_segment_size: u64,
    pub kernarg_segment_align: u64,
    pub group_segment_fixed_size: u64,
    pub private_segment_fixed_size: u64,
    pub wavefront_size: u64,
    pub sgpr_count: u64,
    pub vgpr_count: u64,
    pub max_flat_workgroup_size: u64,
    /// `.uses_dynamic_stack`, when present.
    pub uses_dynamic_stack: Option<bool>,
    pub args: Vec<KernelArg>,
}

/// One entry of a kernel's `.args`: where the argument lies in the kernarg segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelArg {
    /// `.name` (only with `-cl-kernel-arg-info` for OpenCL).
    pub name: Option<String>,
    /// `.type_name`, e.g. `float*`.
    pub type_name: Option<String>,
    /// Byte offset in the kernarg segment.
    pub offset: u64,
    pub size: u64,
    /// `.value_kind`: `by_value`, `global_buffer`, `dynamic_shared_pointer`, `image`,
    /// `hidden_block_count_x`, `hidden_group_size_x`, `hidden_remainder_x`, ...
    pub value_kind: String,
    /// `.address_space`: `global`, `local`, `constant`, ... (pointers only).
    pub address_space: Option<String>,
    /// `.access`: the declared `read_only`, `write_only` or `read_write` (images, pipes).
    pub access: Option<String>,
    /// `.actual_access`: the access the compiler proved.
    pub actual_access: Option<String>,
}

/// Decodes the note's MessagePack document. Errors give the byte offset within it for
/// malformed MessagePack, or the path of the offending entry.
pub fn parse(doc: &[u8]) -> Result<Metadata, (Option<usize>, String)> {
    let root = msgpack::parse(doc).map_err(|e| (Some(e.offset), e.msg))?;
    let err = |msg: String| (None, msg);
    let kernels = match field(&root, "amdhsa.kernels", "metadata").map_err(err)? {
        Value::Array(items) => items,
        v => return Err(err(format!("amdhsa.kernels is {}, not an array", v.kind()))),
    };
    let version = match field(&root, "amdhsa.version", "metadata").map_err(err)? {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| uint(v, &format!("amdhsa.version[{i}]")))
            .collect::<Result<_, _>>()
            .map_err(err)?,
        v => return Err(err(format!("amdhsa.version is {}, not an array", v.kind()))),
    };
    Ok(Metadata {
        version,
        target: string(&root, "amdhsa.target", "metadata").map_err(err)?,
        kernels: kernels
            .iter()
            .enumerate()
            .map(|(i, k)| kernel(k, i))
            .collect::<Result<_, _>>()
            .map_err(err)?,
    })
}

fn kernel(k: &Value, index: usize) -> Result<KernelMetadata, String> {
    let at = format!("amdhsa.kernels[{index}]");
    if !matches!(k, Value::Map(_)) {
        return Err(format!("{at} is {}, not a map", k.kind()));
    }
    let name = string(k, ".name", &at)?;
    let at = format!("{at} ({name})");
    let args = match k.get(".args") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, a)| arg(a, &format!("{at} .args[{i}]")))
            .collect::<Result<_, _>>()?,
        Some(v) => return Err(format!("{at}: .args is {}, not an array", v.kind())),
    };
    let kernarg_segment_size = uint_field(k, ".kernarg_segment_size", &at)?;
    if let Some(a) = args
        .iter()
        .find(|a: &&KernelArg| a.offset.saturating_add(a.size) > kernarg_segment_size)
    {
        return Err(format!(
            "{at}: argument at offset {} of {} bytes ends past .kernarg_segment_size {}",
            a.offset, a.size, kernarg_segment_size
        ));
    }
    Ok(KernelMetadata {
        symbol: string(k, ".symbol", &at)?,
        kernarg_segment_size,
        kernarg_segment_align: uint_field(k, ".kernarg_segment_align", &at)?,
        group_segment_fixed_size: uint_field(k, ".group_segment_fixed_size", &at)?,
        private_segment_fixed_size: uint_field(k, ".private_segment_fixed_size", &at)?,
        wavefront_size: uint_field(k, ".wavefront_size", &at)?,
        sgpr_count: uint_field(k, ".sgpr_count", &at)?,
        vgpr_count: uint_field(k, ".vgpr_count", &at)?,
        max_flat_workgroup_size: uint_field(k, ".max_flat_workgroup_size", &at)?,
        uses_dynamic_stack: match k.get(".uses_dynamic_stack") {
            None => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(v) => {
                return Err(format!(
                    "{at}: .uses_dynamic_stack is {}, not a boolean",
                    v.kind()
                ))
            }
        },
        name,
        args,
    })
}

fn arg(a: &Value, at: &str) -> Result<KernelArg, String> {
    if !matches!(a, Value::Map(_)) {
        return Err(format!("{at} is {}, not a map", a.kind()));
    }
    Ok(KernelArg {
        name: opt_string(a, ".name", at)?,
        type_name: opt_string(a, ".type_name", at)?,
        offset: uint_field(a, ".offset", at)?,
        size: uint_field(a, ".size", at)?,
        value_kind: string(a, ".value_kind", at)?,
        address_space: opt_string(a, ".address_space", at)?,
        access: opt_string(a, ".access", at)?,
        actual_access: opt_string(a, ".actual_access", at)?,
    })
}

fn field<'v>(map: &'v Value, key: &str, at: &str) -> Result<&'v Value, String> {
    map.get(key).ok_or_else(|| format!("{at}: missing {key}"))
}

fn uint(v: &Value, what: &str) -> Result<u64, String> {
    match v {
        Value::Int(i) => u64::try_from(*i).map_err(|_| format!("{what} is {i}, out of range")),
        _ => Err(format!("{what} is {}, not an unsigned integer", v.kind())),
    }
}

fn uint_field(map: &Value, key: &str, at: &str) -> Result<u64, String> {
    uint(field(map, key, at)?, &format!("{at}: {key}"))
}

fn opt_string(map: &Value, key: &str, at: &str) -> Result<Option<String>, String> {
    match map.get(key) {
        None => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s.clone())),
        Some(v) => Err(format!("{at}: {key} is {}, not a string", v.kind())),
    }
}

fn string(map: &Value, key: &str, at: &str) -> Result<String, String> {
    opt_string(map, key, at)?.ok_or_else(|| format!("{at}: missing {key}"))
}
