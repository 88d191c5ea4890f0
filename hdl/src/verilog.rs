//! Verilog generation: the compute unit's own Verilog (each unit's folder), the decode
//! tables, CSRs and counters rendered through the tera templates (embedded with
//! `include_str!`), the rust-hdl indexer and the generated headers: the files of one
//! configuration.

use crate::config::Config;
use crate::control::{control_table, unsupported_reason, ASrc, AluOp, BSrc, Cond, Kind, Rel, Wait};
use crate::counters::{Counter, COUNTERS, COUNTER_BASE};
use crate::salu::Salu;
use crate::scalar::indexer::Indexer;
use crate::shape::Shape;
use crate::vector::{
    ds_fields, ds_pack, ds_table, dual_table, pack, vector_table, vfields, vmem_table,
};
use cu32_isa::operand::{inline_constant, INLINE_F16};
use cu32_isa::syntax::hwreg;
use cu32_isa::{Format, Mn};
use rust_hdl::prelude::*;
use serde::Serialize;

const DECODE_TEMPLATE: &str = include_str!("../../templates/decode.v.tera");
const INLINE_CONST_TEMPLATE: &str = include_str!("../../templates/inline_const.v.tera");
const VDECODE_TEMPLATE: &str = include_str!("../../templates/vdecode.v.tera");
const CSR_TEMPLATE: &str = include_str!("../../templates/csr.v.tera");
/// The performance counters' amounts (`cu32_counters.vh`).
const COUNTERS_BLOCK: &str = include_str!("../../templates/counters.vh");

/// The file rust-hdl writes (`cu32_indexer.v`).
const RUST_HDL_FILES: [&str; 1] = ["cu32_indexer.v"];

/// Verilator configuration that waives, for the rust-hdl output ([`RUST_HDL_FILES`]) only,
/// the warning classes rust-hdl's code generator cannot avoid: WIDTH (unsized literals and
/// `bit_cast` masks), DECLFILENAME (`cu32_indexer$child` modules in one file) and
/// UNUSEDPARAM (every enum's localparams are declared in every module that has a signal
/// of that type).
pub fn lint_waivers() -> String {
    let mut text =
        "`verilator_config\n// rust-hdl output only: see cu32_hdl::verilog::lint_waivers.\n"
            .to_string();
    for file in RUST_HDL_FILES {
        for rule in ["WIDTH", "DECLFILENAME", "UNUSEDPARAM"] {
            text += &format!("lint_off -rule {rule} -file \"*{file}\"\n");
        }
    }
    text
}

/// A generation failure (template rendering).
#[derive(Debug, thiserror::Error)]
pub enum GenError {
    #[error("template {name}: {message}")]
    Template { name: &'static str, message: String },
}

/// One generated file: its name (no directory) and text.
#[derive(Clone, Debug)]
pub struct GeneratedFile {
    pub name: String,
    pub text: String,
}

/// One field of the packed decode control word.
#[derive(Serialize, Clone, Debug)]
pub struct Field {
    pub name: &'static str,
    pub width: usize,
    pub lsb: usize,
}

/// The control-word layout shared by the decode template and the core's `dec_*` ports.
pub fn fields() -> Vec<Field> {
    let spec: [(&'static str, usize); 19] = [
        ("legal", 1),
        ("alu", <AluOp as Synth>::BITS),
        ("a_src", <ASrc as Synth>::BITS),
        ("b_src", <BSrc as Synth>::BITS),
        ("a_wide", 1),
        ("b_wide", 1),
        ("d_wide", 1),
        ("d_we", 1),
        ("d_cond", 1),
        ("scc_we", 1),
        ("kind", <Kind as Synth>::BITS),
        ("cond", <Cond as Synth>::BITS),
        ("exec_we", 1),
        ("lit_sext", 1),
        ("a_rel", <Rel as Synth>::BITS),
        ("d_rel", <Rel as Synth>::BITS),
        ("mode_we", 1),
        ("smem_n", 5),
        ("mem_wait", <Wait as Synth>::BITS),
    ];
    let mut lsb = 0;
    spec.iter()
        .map(|&(name, width)| {
            let f = Field { name, width, lsb };
            lsb += width;
            f
        })
        .collect()
}

/// Fixed encoding bits and opcode field of a format (chapter 15.1): (fixed bits MSB-first
/// from bit 31, opcode lsb, opcode width).
fn format_layout(format: Format) -> (&'static str, u32, u32) {
    match format {
        Format::Sop1 => ("101111101", 8, 8),
        Format::Sopc => ("101111110", 16, 7),
        Format::Sopp => ("101111111", 16, 7),
        Format::Sopk => ("1011", 23, 5),
        Format::Sop2 => ("10", 23, 7),
        Format::Smem => ("111101", 18, 8),
        Format::Vop1 => ("0111111", 9, 8),
        Format::Vopc => ("0111110", 17, 8),
        Format::Vop2 => ("0", 25, 6),
        Format::Vop3 => ("110101", 16, 10),
        // only these formats have a table of their own (VOPD and the memory formats'
        // layouts are written in vdecode.v.tera)
        other => unreachable!("no core decode layout for {other}"),
    }
}

#[derive(Serialize)]
struct FormatRow {
    code: usize,
    name: &'static str,
    fixed: &'static str,
    fixed_lsb: usize,
    op_lsb: u32,
    op_width: u32,
    /// Where the format's table starts in its decode ROM (`rom_layout`).
    base: usize,
}

/// A decode ROM's layout: the formats' tables (2^op_width rows each) and `extra` tables of
/// the sizes given (powers of two), largest first, each at a base aligned to its size, so
/// that a row's address is its base ORed with its opcode. Sets each format's `base`;
/// gives the ROM's words (a power of two with its last word in no table: the row of a
/// word of no format) and the extra tables' bases.
fn rom_layout(formats: &mut [FormatRow], extra: &[usize]) -> (usize, Vec<usize>) {
    let mut tables: Vec<(usize, usize)> = (0..formats.len())
        .map(|i| (i, 1usize << formats[i].op_width))
        .chain(
            extra
                .iter()
                .enumerate()
                .map(|(i, &size)| (formats.len() + i, size)),
        )
        .collect();
    tables.sort_by_key(|&(_, size)| std::cmp::Reverse(size));
    let mut bases = vec![0; extra.len()];
    let mut next = 0;
    for (table, size) in tables {
        match formats.get_mut(table) {
            Some(f) => f.base = next,
            None => bases[table - formats.len()] = next,
        }
        next += size;
    }
    ((next + 1).next_power_of_two(), bases)
}

/// The layouts of `order`'s formats, numbered from 1 in that order.
fn format_rows(order: &[Format]) -> Vec<FormatRow> {
    order
        .iter()
        .enumerate()
        .map(|(i, &f)| {
            let (fixed, op_lsb, op_width) = format_layout(f);
            FormatRow {
                code: i + 1,
                name: f.name(),
                fixed,
                fixed_lsb: 32 - fixed.len(),
                op_lsb,
                op_width,
                base: 0,
            }
        })
        .collect()
}

#[derive(Serialize)]
struct Row {
    fmt: usize,
    opcode: u16,
    hex: String,
    name: String,
    note: String,
}

#[derive(Serialize)]
struct Const {
    code: u8,
    v32: String,
    v64: String,
}

/// The rendered `cu32_decode.v` (decode table + inline constants).
pub fn render_decode(config: &Config) -> Result<String, GenError> {
    let fields = fields();
    let width: usize = fields.iter().map(|f| f.width).sum();
    let lsb = |name: &str| fields.iter().find(|f| f.name == name).map_or(0, |f| f.lsb);
    // Detection order: SOP1/SOPC/SOPP before SOPK before SOP2 (their fixed bits nest);
    // SMEM's fixed bits overlap none of them.
    let order = [
        Format::Sop1,
        Format::Sopc,
        Format::Sopp,
        Format::Sopk,
        Format::Sop2,
        Format::Smem,
    ];
    let fmt_code = |f: Format| order.iter().position(|&o| o == f).map_or(0, |i| i + 1);
    let mut formats = format_rows(&order);
    let (rom_words, _) = rom_layout(&mut formats, &[]);
    let table = control_table(&config.features);
    let mut rows = Vec::new();
    for format in order {
        for (op, ctrl) in table.iter().filter(|(op, _)| op.format == format) {
            let (value, note) = match ctrl {
                Some(c) => {
                    let v: u64 = 1
                        | (c.alu as u64) << lsb("alu")
                        | (c.a_src as u64) << lsb("a_src")
                        | (c.b_src as u64) << lsb("b_src")
                        | u64::from(c.a_wide) << lsb("a_wide")
                        | u64::from(c.b_wide) << lsb("b_wide")
                        | u64::from(c.d_wide) << lsb("d_wide")
                        | u64::from(c.d_we) << lsb("d_we")
                        | u64::from(c.d_cond) << lsb("d_cond")
                        | u64::from(c.scc_we) << lsb("scc_we")
                        | (c.kind as u64) << lsb("kind")
                        | (c.cond as u64) << lsb("cond")
                        | u64::from(c.exec_we) << lsb("exec_we")
                        | u64::from(c.lit_sext) << lsb("lit_sext")
                        | (c.a_rel as u64) << lsb("a_rel")
                        | (c.d_rel as u64) << lsb("d_rel")
                        | u64::from(c.mode_we) << lsb("mode_we")
                        | u64::from(c.smem_n) << lsb("smem_n")
                        | (c.mem_wait as u64) << lsb("mem_wait");
                    (v, format!("{:?}", c.alu))
                }
                None => (
                    0,
                    format!(
                        "illegal: {}",
                        unsupported_reason(op, &config.features).unwrap_or("unsupported")
                    ),
                ),
            };
            rows.push(Row {
                fmt: fmt_code(op.format),
                opcode: op.opcode,
                hex: format!("{value:x}"),
                name: op.name.clone(),
                note,
            });
        }
    }
    let mut ctx = tera::Context::new();
    ctx.insert("fields", &fields);
    ctx.insert("ctrl_width", &width);
    ctx.insert("rows", &rows);
    ctx.insert("formats", &formats);
    ctx.insert("rom_words", &rom_words);
    ctx.insert("rom_bits", &rom_words.trailing_zeros());
    ctx.insert("a_src_ssrc0", &(ASrc::Ssrc0 as usize));
    ctx.insert("a_src_imm32", &(ASrc::Imm32 as usize));
    ctx.insert("b_src_ssrc1", &(BSrc::Ssrc1 as usize));
    ctx.insert("alu_getreg", &(AluOp::GetReg as usize));
    ctx.insert("alu_setreg", &(AluOp::SetReg as usize));
    let mode_id = hwreg::id("HW_REG_MODE").expect("the ISA names HW_REG_MODE");
    ctx.insert("hw_reg_mode", &mode_id);
    render("decode.v.tera", DECODE_TEMPLATE, &ctx)
}

/// The rendered `cu32_inline_const.v`.
pub fn render_inline_const() -> Result<String, GenError> {
    let consts: Vec<Const> = (128u8..=255)
        .filter_map(|code| {
            let v32 = inline_constant(code, 32)?;
            let v64 = inline_constant(code, 64)?;
            Some(Const {
                code,
                v32: format!("{v32:016x}"),
                v64: format!("{v64:016x}"),
            })
        })
        .collect();
    let mut ctx = tera::Context::new();
    ctx.insert("consts", &consts);
    render("inline_const.v.tera", INLINE_CONST_TEMPLATE, &ctx)
}

/// The rendered `cu32_vdecode.v` (the vector decode table).
pub fn render_vdecode(config: &Config) -> Result<String, GenError> {
    let vf = vfields();
    let width: usize = vf.iter().map(|f| f.width).sum();
    // One table per format (VOP3SD rows sit in VOP3's opcode space), in nesting order:
    // VOP2's fixed bit also matches VOP1 and VOPC words.
    let order = [Format::Vop1, Format::Vopc, Format::Vop2, Format::Vop3];
    let fmt_code = |f: Format| order.iter().position(|&o| o == f).map_or(4, |i| i + 1);
    let mut formats = format_rows(&order);
    // VOPD X's table (2^4 rows) shares the ROM.
    let (rom_words, extra) = rom_layout(&mut formats, &[16]);
    let x_base = extra[0];
    let rows: Vec<Row> = vector_table()
        .iter()
        .map(|(op, c)| Row {
            fmt: fmt_code(op.format),
            opcode: op.opcode,
            hex: format!("{:x}", pack(op, c)),
            name: format!("{} ({})", op.name, op.format.name()),
            note: String::new(),
        })
        .collect();
    let dual = |f: Format| -> Vec<Row> {
        dual_table(f)
            .iter()
            .map(|(op, c)| Row {
                fmt: 0,
                opcode: op.opcode,
                hex: format!("{:x}", pack(op, c)),
                name: op.name.clone(),
                note: String::new(),
            })
            .collect()
    };
    let mut ctx = tera::Context::new();
    ctx.insert("vfields", &vf);
    ctx.insert("vformats", &formats);
    ctx.insert("rom_words", &rom_words);
    ctx.insert("rom_bits", &rom_words.trailing_zeros());
    ctx.insert("x_base", &x_base);
    ctx.insert("vctrl_width", &width);
    ctx.insert("rows", &rows);
    ctx.insert("xrows", &dual(Format::VopdX));
    ctx.insert("yrows", &dual(Format::VopdY));
    let use1 = vf.iter().find(|f| f.name == "use1").map_or(0, |f| f.lsb);
    ctx.insert("use1_lsb", &use1);
    ctx.insert("vgprs", &config.vgprs);
    let df = ds_fields();
    let dsrows: Vec<Row> = ds_table()
        .iter()
        .map(|(op, c)| Row {
            fmt: 0,
            opcode: op.opcode,
            hex: format!("{:x}", ds_pack(c)),
            name: op.name.clone(),
            note: String::new(),
        })
        .collect();
    ctx.insert("dsctrl_width", &df.iter().map(|f| f.width).sum::<usize>());
    ctx.insert("dsfields", &df);
    ctx.insert("dsrows", &dsrows);
    let gmrows: Vec<Row> = vmem_table()
        .iter()
        .map(|(op, c)| Row {
            fmt: 0,
            opcode: op.opcode,
            hex: format!("{:x}", ds_pack(c)),
            name: op.name.clone(),
            note: String::new(),
        })
        .collect();
    ctx.insert("gmrows", &gmrows);
    // The cache invalidates every work-group fence emits (MUBUF): no caches, so the DS
    // no-op's control; matched on word 0's format and opcode bits [31:18].
    let nop = ds_table()
        .iter()
        .find(|(op, _)| op.mn == Mn::ds_nop)
        .map_or(0, |(_, c)| ds_pack(c));
    ctx.insert("ds_nop_hex", &format!("{nop:x}"));
    let invalidates: Vec<Row> = crate::vector::CACHE_INVALIDATES
        .iter()
        .filter_map(|&mn| cu32_isa::tables().ops().iter().find(|op| op.mn == mn))
        .map(|op| Row {
            fmt: 0,
            opcode: (cu32_isa::Instr::new(op).encode()[0] >> 18) as u16,
            hex: String::new(),
            name: op.name.clone(),
            note: String::new(),
        })
        .collect();
    ctx.insert("invalidates", &invalidates);
    render("vdecode.v.tera", VDECODE_TEMPLATE, &ctx)
}

/// A rust-hdl block's Verilog as module `name`: rust-hdl names the top module `top` and
/// its children `top$child`; they become `name` and `name$child`.
fn rust_hdl_module<B: Block>(mut block: B, name: &str) -> String {
    block.connect_all();
    generate_verilog(&block)
        .replace("module top(", &format!("module {name}("))
        .replace("top$", &format!("{name}$"))
        .replace("endmodule // top\n", &format!("endmodule // {name}\n"))
}

/// The rust-hdl scalar ALU in its pipelined form ([`Salu::pipelined`], module
/// `cu32_salu_pipe`): the reference of the scalar ALU's block test.
pub fn render_salu_pipelined() -> String {
    rust_hdl_module(Salu::pipelined(), "cu32_salu_pipe")
}

/// The rust-hdl M0-relative operand indexer's Verilog on its own (module `cu32_indexer`),
/// for the scalar spine's M0-relative operands.
pub fn render_indexer() -> String {
    rust_hdl_module(Indexer::default(), "cu32_indexer")
}

/// A counter as the templates show it: its row of [`COUNTERS`], its CSR word in hex, and
/// its amount (`expr`).
#[derive(Serialize)]
struct CounterRow {
    #[serde(flatten)]
    counter: Counter,
    word: String,
    expr: &'static str,
}

/// The rows of [`COUNTERS`] for the templates.
fn counter_rows() -> Vec<CounterRow> {
    COUNTERS
        .iter()
        .map(|&counter| CounterRow {
            word: format!("{:02x}", u32::from(COUNTER_BASE) + u32::from(counter.index)),
            counter,
            expr: counter.amount,
        })
        .collect()
}

/// The top's counter wiring, `cu32_counters.vh` (included in its body): each counter's
/// amount (`counters.vh`), and `count_add`, the amounts side by side for the CSRs (counter
/// n at bits 8n+7:8n).
fn counters_header() -> Result<String, GenError> {
    let rows = counter_rows();
    let mut c = tera::Context::new();
    c.insert("counter_rows", &rows);
    let amounts: Vec<String> = rows
        .iter()
        .rev()
        .map(|r| format!("count_{}", r.counter.name))
        .collect();
    Ok(format!(
        "// cu32_counters.vh — GENERATED by `cu32 gen` from hdl/src/counters.rs. Do not edit.\n\
         // The performance counters' amounts, included in cu32_top's body.\n{}\n    \
         wire [{}:0] count_add = {{{}}};\n",
        render("counters.vh", COUNTERS_BLOCK, &c)?,
        8 * rows.len() - 1,
        amounts.join(", ")
    ))
}

/// The rendered `cu32_csr.v`: the host's registers (`csr.v.tera`) with the performance
/// counters of [`COUNTERS`].
pub fn render_csr(config: &Config) -> Result<String, GenError> {
    let config_word = config.lanes
        | config.wave_slots << 8
        | (config.lds_bytes / 1024) << 16
        | config.lds_banks << 24;
    csr_verilog(COUNTERS.len(), config_word, &counter_rows())
}

/// `cu32_csr.v` for `counters` performance counters, CONFIG reading `config_word`; the
/// header lists no counters (the block test's CSRs).
pub fn render_csr_sized(counters: usize, config_word: u32) -> Result<String, GenError> {
    csr_verilog(counters, config_word, &[])
}

/// `csr.v.tera` rendered: `counters` counters, CONFIG reading `config_word`, the header
/// listing `rows`.
fn csr_verilog(counters: usize, config_word: u32, rows: &[CounterRow]) -> Result<String, GenError> {
    let mut ctx = tera::Context::new();
    ctx.insert("counters", &counters);
    ctx.insert("counter_bits", &((counters.max(2) - 1).ilog2() + 1));
    ctx.insert("counter_rows", rows);
    ctx.insert("config_word", &format!("32'h{config_word:08x}"));
    render("csr.v.tera", CSR_TEMPLATE, &ctx)
}

/// A decode-table encoding as a template's localparam.
#[derive(Serialize)]
struct EnumConst {
    name: &'static str,
    width: usize,
    value: usize,
}

/// The encodings of the control word's enumerated fields that the scalar spine compares
/// with, as Verilog localparams (name, the field's width, value).
fn ctrl_consts() -> Vec<EnumConst> {
    let fields = fields();
    let c = |name, field: &str, value| EnumConst {
        name,
        width: fields
            .iter()
            .find(|f| f.name == field)
            .map_or(1, |f| f.width),
        value,
    };
    vec![
        c("ASRC_SSRC0", "a_src", ASrc::Ssrc0 as usize),
        c("ASRC_SDST", "a_src", ASrc::Sdst as usize),
        c("ASRC_IMM32", "a_src", ASrc::Imm32 as usize),
        c("BSRC_SSRC1", "b_src", BSrc::Ssrc1 as usize),
        c("BSRC_SIMMS", "b_src", BSrc::SimmS as usize),
        c("BSRC_SIMMZ", "b_src", BSrc::SimmZ as usize),
        c("BSRC_SDST", "b_src", BSrc::Sdst as usize),
        c("KIND_BRANCH", "kind", Kind::Branch as usize),
        c("KIND_JUMP", "kind", Kind::Jump as usize),
        c("KIND_END", "kind", Kind::End as usize),
        c("KIND_SMEM", "kind", Kind::Smem as usize),
        c("COND_ALWAYS", "cond", Cond::Always as usize),
        c("COND_SCC0", "cond", Cond::Scc0 as usize),
        c("COND_SCC1", "cond", Cond::Scc1 as usize),
        c("COND_VCCZ", "cond", Cond::Vccz as usize),
        c("COND_VCCNZ", "cond", Cond::Vccnz as usize),
        c("COND_EXECZ", "cond", Cond::Execz as usize),
        c("COND_EXECNZ", "cond", Cond::Execnz as usize),
        c("REL_NONE", "a_rel", Rel::None as usize),
        c("REL_M0LO", "a_rel", Rel::M0Lo as usize),
        c("REL_M0HI", "d_rel", Rel::M0Hi as usize),
        c("WAIT_WAITCNT", "mem_wait", Wait::Waitcnt as usize),
        c("WAIT_LGKM", "mem_wait", Wait::Lgkm as usize),
        c("WAIT_VM", "mem_wait", Wait::Vm as usize),
        c("WAIT_VS", "mem_wait", Wait::Vs as usize),
        c("WAIT_DRAIN", "mem_wait", Wait::Drain as usize),
    ]
}

/// `cu32_ctrl.vh`: the decode control word's layout (`F_<FIELD>` its LSB, `W_<FIELD>` its
/// width, `CTRL_WIDTH`), the encodings of [`ctrl_consts`] and every [`AluOp`] code
/// (`ALU_<NAME>`, [`alu_op_names`]), as localparams for a module body that takes
/// `cu32_decode`'s packed `ctrl` or an `alu` field.
pub fn ctrl_header() -> String {
    let fields = fields();
    let width: usize = fields.iter().map(|f| f.width).sum();
    let mut text =
        "// cu32_ctrl.vh — GENERATED by `cu32 gen` from hdl/src/control.rs. Do not edit.\n\
                    // The decode control word's layout and encodings, included in module bodies.\n\
                    /* verilator lint_off UNUSEDPARAM */\n"
            .to_string();
    text += &format!("localparam integer CTRL_WIDTH = {width};\n");
    for f in &fields {
        let name = f.name.to_uppercase();
        text += &format!(
            "localparam integer F_{name} = {};\nlocalparam integer W_{name} = {};\n",
            f.lsb, f.width
        );
    }
    for c in ctrl_consts() {
        text += &format!(
            "localparam [{}:0] {} = {}'d{};\n",
            c.width - 1,
            c.name,
            c.width,
            c.value
        );
    }
    let w = <AluOp as Synth>::BITS;
    for (code, name) in alu_op_names().iter().enumerate() {
        text += &format!("localparam [{}:0] ALU_{name} = {w}'d{code};\n", w - 1);
    }
    // The vector decode's control word (hdl/src/vector.rs): VF_<FIELD> its LSB,
    // VW_<FIELD> its width, and the codes of its fields.
    let vfields = vfields();
    let vwidth: usize = vfields.iter().map(|f| f.width).sum();
    text += &format!("localparam integer VCTRL_WIDTH = {vwidth};\n");
    for f in &vfields {
        let name = f.name.to_uppercase();
        text += &format!(
            "localparam integer VF_{name} = {};\nlocalparam integer VW_{name} = {};\n",
            f.lsb, f.width
        );
    }
    // The DS control word (hdl/src/vector.rs `ds_fields`): DSF_<FIELD> its LSB,
    // DSW_<FIELD> its width, and the codes of its `kind` field.
    let dfields = ds_fields();
    let dwidth: usize = dfields.iter().map(|f| f.width).sum();
    text += &format!("localparam integer DSCTRL_WIDTH = {dwidth};\n");
    for f in &dfields {
        let name = f.name.to_uppercase();
        text += &format!(
            "localparam integer DSF_{name} = {};\nlocalparam integer DSW_{name} = {};\n",
            f.lsb, f.width
        );
    }
    let vconsts = [
        ("DSK_LOAD", crate::vector::DS_LOAD, 3),
        ("DSK_STORE", crate::vector::DS_STORE, 3),
        ("DSK_NOP", crate::vector::DS_NOP, 3),
        ("DSK_ATOMIC", crate::vector::DS_ATOMIC, 3),
        ("DSK_SWIZZLE", crate::vector::DS_SWIZZLE, 3),
        ("DSK_PERMUTE", crate::vector::DS_PERMUTE, 3),
        ("DSK_BPERMUTE", crate::vector::DS_BPERMUTE, 3),
        ("VW16", crate::vector::W16, 2),
        ("VW32", crate::vector::W32, 2),
        ("VW64", crate::vector::W64, 2),
        ("MOUT_NONE", crate::vector::MOUT_NONE, 2),
        ("MOUT_VCC", crate::vector::MOUT_VCC, 2),
        ("MOUT_SDST", crate::vector::MOUT_SDST, 2),
        ("MOUT_EXEC", crate::vector::MOUT_EXEC, 2),
        ("MIN_NONE", crate::vector::MIN_NONE, 2),
        ("MIN_VCC", crate::vector::MIN_VCC, 2),
        ("MIN_SRC2", crate::vector::MIN_SRC2, 2),
        ("SP_NORMAL", crate::vector::SP_NORMAL, 3),
        ("SP_READLANE", crate::vector::SP_READLANE, 3),
        ("SP_READFIRSTLANE", crate::vector::SP_READFIRSTLANE, 3),
        ("SP_WRITELANE", crate::vector::SP_WRITELANE, 3),
        ("SP_NOP", crate::vector::SP_NOP, 3),
    ];
    for (name, value, bits) in vconsts {
        text += &format!("localparam [{}:0] {name} = {bits}'d{value};\n", bits - 1);
    }
    // The float inline constants (codes 240..248) as a 16-bit operand reads them.
    for (i, v) in INLINE_F16.iter().enumerate() {
        text += &format!("localparam [15:0] F16_K{} = 16'h{v:04x};\n", 240 + i);
    }
    // The `dw` field: no VGPR destination, 16, 32 or 64 bits (vector::pack).
    for (name, value) in [("DW_NONE", 0), ("DW_16", 1), ("DW_32", 2), ("DW_64", 3)] {
        text += &format!("localparam [1:0] {name} = 2'd{value};\n");
    }
    // s_barrier's first word's high half (its encoding from the tables; SIMM16 ignored).
    text += &format!(
        "localparam [15:0] S_BARRIER_HI = 16'h{:04x};\n",
        s_barrier_word() >> 16
    );
    text + "/* verilator lint_on UNUSEDPARAM */\n"
}

/// [`AluOp`]'s variants in the order of their codes (the `alu` field's values: rust-hdl's
/// `LogicState` numbers them as declared), each as a Verilog name: `MulHiU` is `MUL_HI_U`.
pub fn alu_op_names() -> Vec<String> {
    variant_names::<AluOp>()
        .iter()
        .map(|v| verilog_name(v))
        .collect()
}

/// The variants of a rust-hdl enum in the order of their codes, without the type's path.
pub fn variant_names<T: Synth>() -> Vec<String> {
    let TypeKind::Enum(variants) = T::descriptor().kind else {
        unreachable!("variant_names takes an enum")
    };
    variants
        .iter()
        .map(|v| v.rsplit("::").next().unwrap_or(v).to_string())
        .collect()
}

/// A variant's name as a Verilog constant: `MulHiU24` is `MUL_HI_U24`.
pub fn verilog_name(variant: &str) -> String {
    let mut name = String::new();
    let mut prev_lower = false;
    for ch in variant.chars() {
        if ch.is_ascii_uppercase() && prev_lower {
            name.push('_');
        }
        prev_lower = ch.is_ascii_lowercase() || ch.is_ascii_digit();
        name.push(ch.to_ascii_uppercase());
    }
    name
}

/// Every Verilog file of a configuration, top first: the blocks' own Verilog, the decode
/// tables, the CSRs, the rust-hdl indexer and the headers (the lane's operations, the
/// counters, [`with_lists`]'s), then `files.f` (the Verilog file list for Verilator and
/// Yosys) and `lint.vlt` (Verilator waivers for the rust-hdl file).
pub fn generate(config: &Config) -> Result<Vec<GeneratedFile>, GenError> {
    let header = "// GENERATED by `cu32 gen` (rust-hdl 0.46). Do not edit.\n";
    let files = vec![
        file("cu32_top.v", crate::top::VERILOG.into()),
        file("cu32_csr.v", render_csr(config)?),
        file("cu32_dispatcher.v", crate::dispatch::VERILOG.into()),
        file("cu32_barrier.v", crate::barrier::VERILOG.into()),
        file("cu32_scalar.v", crate::scalar::VERILOG.into()),
        file("cu32_front.v", crate::front::VERILOG.into()),
        file("cu32_sgpr.v", crate::sgpr::VERILOG.into()),
        file("cu32_waits.v", crate::waits::VERILOG.into()),
        file("cu32_smem_unit.v", crate::smem::VERILOG.into()),
        file("cu32_decode.v", render_decode(config)?),
        file("cu32_inline_const.v", render_inline_const()?),
        file("cu32_scalar_alu.v", crate::scalar_alu::VERILOG.into()),
        file("cu32_indexer.v", format!("{header}{}", render_indexer())),
        file("cu32_vdecode.v", render_vdecode(config)?),
        file("cu32_simd.v", crate::simd::VERILOG.into()),
        file("cu32_pass_fifo.v", crate::simd::PASS_FIFO_VERILOG.into()),
        file("cu32_gmem_unit.v", crate::gmem::VERILOG.into()),
        file("cu32_vgpr.v", crate::vgpr::VERILOG.into()),
        file("cu32_lds_unit.v", crate::lds::VERILOG.into()),
        file("cu32_atomic_alu.v", crate::lds::ATOMIC_VERILOG.into()),
        file("cu32_lane.v", crate::int_lane::VERILOG.into()),
        file("cu32_lane_ops.vh", crate::int_lane::ops_header()),
        file("cu32_counters.vh", counters_header()?),
    ];
    Ok(with_lists(config, files))
}

/// The first word of `s_barrier` (the top tells the dispatcher when one retires), encoded
/// from its table row (0 if the tables lacked it: no retirement would then match).
fn s_barrier_word() -> u32 {
    cu32_isa::tables()
        .ops()
        .iter()
        .find(|op| op.mn == Mn::s_barrier)
        .map_or(0, |op| cu32_isa::Instr::new(op).encode()[0])
}

fn render(name: &'static str, text: &str, ctx: &tera::Context) -> Result<String, GenError> {
    tera::Tera::one_off(text, ctx, false).map_err(|e| {
        // tera hides the cause in the source chain.
        let mut message = e.to_string();
        let mut source = std::error::Error::source(&e);
        while let Some(s) = source {
            message.push_str(&format!(": {s}"));
            source = s.source();
        }
        GenError::Template { name, message }
    })
}

/// A generated file named `name`.
fn file(name: &str, text: String) -> GeneratedFile {
    GeneratedFile {
        name: name.into(),
        text,
    }
}

/// `files` with the headers `cu32_shape.vh` ([`Shape::header`]), `cu32_ctrl.vh`
/// ([`ctrl_header`]), `cu32_dispatch.vh` and `cu32_grid.vh` (the dispatchers'), `files.f` (the Verilog files' names, one per line; not the headers)
/// and `lint.vlt` after them.
fn with_lists(config: &Config, files: Vec<GeneratedFile>) -> Vec<GeneratedFile> {
    let list: String = files
        .iter()
        .filter(|f| !f.name.ends_with(".vh"))
        .map(|f| format!("{}\n", f.name))
        .collect();
    let mut all = files;
    all.push(GeneratedFile {
        name: "cu32_shape.vh".into(),
        text: Shape::of(config).header(&config.name),
    });
    all.push(GeneratedFile {
        name: "cu32_ctrl.vh".into(),
        text: ctrl_header(),
    });
    all.push(file("cu32_dispatch.vh", crate::dispatch::header()));
    all.push(file("cu32_grid.vh", crate::dispatch::GRID.into()));
    all.push(GeneratedFile {
        name: "files.f".into(),
        text: list,
    });
    all.push(GeneratedFile {
        name: "lint.vlt".into(),
        text: lint_waivers(),
    });
    all
}

/// A variant's operation-code localparam: `MulHiU24` is `OP_MUL_HI_U24`.
pub fn op_param(variant: &str) -> String {
    format!("OP_{}", verilog_name(variant))
}

/// An operation-code header: the comment `head`, then a `localparam [bits-1:0]
/// OP_<NAME> = <bits>'d<code>;` per variant of the enum `T`, its code the variant's place.
pub fn op_codes_header<T: Synth>(head: &str, bits: usize) -> String {
    let params = variant_names::<T>()
        .into_iter()
        .enumerate()
        .map(|(code, name)| {
            format!(
                "localparam [{}:0] {} = {bits}'d{code};\n",
                bits - 1,
                op_param(&name)
            )
        });
    std::iter::once(head.to_string()).chain(params).collect()
}

/// The operation codes of `T` (as `OP_*` names) for which `verilog` has no case label
/// (`OP_X:`, or `OP_X,` in a list of labels).
pub fn undecoded_ops<T: Synth>(verilog: &str) -> Vec<String> {
    variant_names::<T>()
        .iter()
        .map(|name| op_param(name))
        .filter(|p| !verilog.contains(&format!("{p}:")) && !verilog.contains(&format!("{p},")))
        .collect()
}
