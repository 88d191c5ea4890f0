//! `cu32 info`: prints what an AMDGPU code object holds: per kernel its code and entry, every
//! kernel descriptor field, the registers a wave starts with, and the argument layout.

use cu32_isa::code_object::{CodeObject, Kernel};
use std::fmt::Write;
use std::path::PathBuf;

/// Arguments of `cu32 info`.
///
/// Reads an AMDGPU HSA code object (the ELF shared object clang and ld.lld produce for gfx11,
/// code object v3 to v6) and prints, per kernel: its code range and entry address; every
/// kernel descriptor field by its LLVM name, registers with their raw value; the SGPRs and
/// VGPRs a wave starts with; and the kernarg layout from the metadata note (offset, size,
/// kind, address space, access, name, type).
#[derive(clap::Args)]
pub struct Args {
    /// Code object file (ELF, e.g. `kernel.co` or `kernel.hsaco`); `-` for standard input.
    pub input: PathBuf,
    /// Print the same as one JSON object instead (kernels with their descriptor fields,
    /// registers, initial SGPRs and arguments).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let co = super::read_code_object(&args.input)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json(&co))?);
    } else {
        print!("{}", report(&co)?);
    }
    Ok(())
}

/// The report as JSON.
fn json(co: &CodeObject) -> serde_json::Value {
    use serde_json::json;
    let text = co.text();
    let (base, image) = co.image();
    let kernels: Vec<serde_json::Value> = co
        .kernels()
        .iter()
        .map(|k| {
            let d = &k.descriptor;
            let m = &k.metadata;
            let fields: serde_json::Map<String, serde_json::Value> =
                d.fields().into_iter().map(|(n, v)| (n, json!(v))).collect();
            let registers: Vec<serde_json::Value> = d
                .registers()
                .iter()
                .map(|r| {
                    let fields: serde_json::Map<String, serde_json::Value> = r
                        .fields
                        .iter()
                        .map(|(n, v)| (n.to_string(), json!(v)))
                        .collect();
                    json!({"name": r.name, "raw": r.raw, "fields": fields})
                })
                .collect();
            let sgprs: Vec<String> = d
                .user_sgprs()
                .iter()
                .chain(d.system_sgprs().iter())
                .map(|s| s.to_string())
                .collect();
            let args: Vec<serde_json::Value> = m
                .args
                .iter()
                .map(|a| {
                    json!({
                        "offset": a.offset, "size": a.size, "kind": a.value_kind,
                        "address_space": a.address_space, "access": a.access,
                        "actual_access": a.actual_access, "name": a.name, "type": a.type_name,
                    })
                })
                .collect();
            json!({
                "name": k.name,
                "entry": k.entry,
                "code_bytes": k.code.len(),
                "code_offset": k.code_offset,
                "descriptor_symbol": k.descriptor_symbol,
                "descriptor_addr": k.descriptor_addr,
                "wavefront_size": m.wavefront_size,
                "sgpr_count": m.sgpr_count,
                "vgpr_count": m.vgpr_count,
                "vgprs_allocated": d.vgprs(),
                "lds_bytes": m.group_segment_fixed_size,
                "scratch_bytes_per_lane": m.private_segment_fixed_size,
                "kernarg_bytes": m.kernarg_segment_size,
                "kernarg_align": m.kernarg_segment_align,
                "max_workgroup_size": m.max_flat_workgroup_size,
                "descriptor_fields": fields,
                "registers": registers,
                "initial_sgprs": sgprs,
                "arguments": args,
            })
        })
        .collect();
    json!({
        "machine": co.machine(),
        "code_object_version": co.code_object_version(),
        "metadata_version": co.metadata_version(),
        "target": co.target(),
        "text": {"addr": text.addr, "bytes": text.bytes.len()},
        "image": {"addr": base, "bytes": image.len()},
        "kernels": kernels,
    })
}

/// The whole report for a code object.
fn report(co: &CodeObject) -> Result<String, std::fmt::Error> {
    let mut out = String::new();
    let text = co.text();
    let (base, image) = co.image();
    let version: Vec<String> = co.metadata_version().iter().map(u64::to_string).collect();
    writeln!(
        out,
        "{} code object v{}, metadata {} for {}",
        co.machine(),
        co.code_object_version(),
        version.join("."),
        co.target()
    )?;
    writeln!(
        out,
        "text   {:#010x}..{:#010x} ({} bytes)",
        text.addr,
        text.addr + text.bytes.len() as u64,
        text.bytes.len()
    )?;
    writeln!(
        out,
        "image  {base:#010x}..{:#010x} ({} bytes)",
        base + image.len() as u64,
        image.len()
    )?;
    for k in co.kernels() {
        out.push('\n');
        kernel(&mut out, k)?;
    }
    Ok(out)
}

/// One kernel's section of the report.
fn kernel(out: &mut String, k: &Kernel) -> std::fmt::Result {
    let d = &k.descriptor;
    let m = &k.metadata;
    writeln!(out, "kernel {}", k.name)?;
    writeln!(
        out,
        "  code        {:#010x}..{:#010x} ({} bytes at file offset {:#x}), entry {:#010x}",
        k.entry,
        k.entry + k.code.len() as u64,
        k.code.len(),
        k.code_offset,
        k.entry
    )?;
    writeln!(
        out,
        "  descriptor  {} at {:#010x}",
        k.descriptor_symbol, k.descriptor_addr
    )?;
    writeln!(
        out,
        "  resources   wave{}, {} SGPRs, {} VGPRs ({} allocated), LDS {} bytes, scratch {} \
         bytes per lane, kernarg {} bytes (align {}), up to {} work-items",
        m.wavefront_size,
        m.sgpr_count,
        m.vgpr_count,
        d.vgprs(),
        m.group_segment_fixed_size,
        m.private_segment_fixed_size,
        m.kernarg_segment_size,
        m.kernarg_segment_align,
        m.max_flat_workgroup_size
    )?;

    writeln!(out, "  descriptor fields")?;
    let registers = d.registers();
    let width = registers
        .iter()
        .flat_map(|r| r.fields.iter().map(|(name, _)| name.len() + 2))
        .chain(d.fields().iter().take(4).map(|(name, _)| name.len()))
        .max()
        .unwrap_or(0);
    for (name, value) in d.fields().into_iter().take(4) {
        writeln!(out, "    {name:<width$}  {value}")?;
    }
    for r in registers {
        writeln!(out, "    {:<width$}  {:#010x}", r.name, r.raw)?;
        for (field, value) in r.fields {
            writeln!(out, "      {field:<w$}  {value}", w = width - 2)?;
        }
    }

    writeln!(out, "  initial registers")?;
    let user = d.user_sgprs();
    for s in &user {
        writeln!(out, "    {s}")?;
    }
    let enabled = d.enabled_user_sgpr_count();
    let count = d.compute_pgm_rsrc2.user_sgpr_count;
    if count > enabled {
        let regs = if count - enabled == 1 {
            format!("s{enabled}")
        } else {
            format!("s[{enabled}:{}]", count - 1)
        };
        writeln!(out, "    {regs:<9} unused (USER_SGPR_COUNT is {count})")?;
    }
    for s in d.system_sgprs() {
        writeln!(out, "    {s}")?;
    }
    let ids = ["x in bits 9:0", "y in bits 19:10", "z in bits 29:20"];
    let dims = (d.compute_pgm_rsrc2.enable_vgpr_workitem_id as usize + 1).min(3);
    writeln!(
        out,
        "    {:<9} work-item id {}",
        "v0",
        ids[..dims].join(", ")
    )?;

    writeln!(out, "  arguments")?;
    let mut rows = vec![[
        "offset", "size", "kind", "space", "access", "actual", "name", "type",
    ]
    .map(String::from)];
    let dash = |s: &Option<String>| s.clone().unwrap_or_else(|| "-".to_string());
    for a in &m.args {
        rows.push([
            a.offset.to_string(),
            a.size.to_string(),
            a.value_kind.clone(),
            dash(&a.address_space),
            dash(&a.access),
            dash(&a.actual_access),
            dash(&a.name),
            dash(&a.type_name),
        ]);
    }
    let widths: Vec<usize> = (0..8)
        .map(|c| rows.iter().map(|r| r[c].len()).max().unwrap_or(0))
        .collect();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        writeln!(out, "    {}", cells.join("  ").trim_end())?;
    }
    Ok(())
}
