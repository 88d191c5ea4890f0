//! The 64-byte AMDHSA kernel descriptor (code object v3 and later) as laid out for gfx11:
//! every field and register bitfield by its LLVM name (AMDGPUUsage, "Kernel Descriptor";
//! `llvm/Support/AMDHSAKernelDescriptor.h`), and the initial SGPR layout it implies.

use std::fmt;

/// Decodes one field of a register into its Rust type.
trait Bits {
    fn from_bits(v: u32) -> Self;
}

impl Bits for bool {
    fn from_bits(v: u32) -> Self {
        v != 0
    }
}

impl Bits for u32 {
    fn from_bits(v: u32) -> Self {
        v
    }
}

/// A register as named bitfields: `field: type = "LLVM NAME", low bit, width;`.
macro_rules! register {
    ($(#[$doc:meta])* $name:ident {
        $($(#[$fdoc:meta])* $field:ident: $ty:ty = $label:literal, $lo:literal, $width:literal;)*
    }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name {
            /// The whole register as stored, reserved bits included.
            pub raw: u32,
            $($(#[$fdoc])* pub $field: $ty,)*
        }

        impl $name {
            /// Splits a raw register value into its fields.
            pub fn from_raw(raw: u32) -> Self {
                Self {
                    raw,
                    $($field: Bits::from_bits((raw >> $lo) & ((1u32 << $width) - 1)),)*
                }
            }

            /// Every field as (LLVM name, value), low bits first.
            pub fn fields(&self) -> Vec<(&'static str, u32)> {
                vec![$(($label, u32::from(self.$field))),*]
            }
        }
    };
}

register! {
    /// COMPUTE_PGM_RSRC1 for gfx11.
    ComputePgmRsrc1 {
        /// VGPRs per work-item in granules: wave32 allocates (n + 1) * 8.
        granulated_workitem_vgpr_count: u32 = "GRANULATED_WORKITEM_VGPR_COUNT", 0, 6;
        /// Reserved on gfx10+ (the hardware allocates SGPRs itself), yet LLVM 19 still fills it.
        granulated_wavefront_sgpr_count: u32 = "GRANULATED_WAVEFRONT_SGPR_COUNT", 6, 4;
        priority: u32 = "PRIORITY", 10, 2;
        /// 0 nearest even, 1 +infinity, 2 -infinity, 3 toward zero.
        float_round_mode_32: u32 = "FLOAT_ROUND_MODE_32", 12, 2;
        float_round_mode_16_64: u32 = "FLOAT_ROUND_MODE_16_64", 14, 2;
        /// 0 flush source and destination, 1 flush destination, 2 flush source, 3 flush none.
        float_denorm_mode_32: u32 = "FLOAT_DENORM_MODE_32", 16, 2;
        float_denorm_mode_16_64: u32 = "FLOAT_DENORM_MODE_16_64", 18, 2;
        /// PRIV: start in trap-handler privilege mode (must be 0).
        privileged: bool = "PRIV", 20, 1;
        enable_dx10_clamp: bool = "ENABLE_DX10_CLAMP", 21, 1;
        debug_mode: bool = "DEBUG_MODE", 22, 1;
        enable_ieee_mode: bool = "ENABLE_IEEE_MODE", 23, 1;
        bulky: bool = "BULKY", 24, 1;
        cdbg_user: bool = "CDBG_USER", 25, 1;
        fp16_ovfl: bool = "FP16_OVFL", 26, 1;
        wgp_mode: bool = "WGP_MODE", 29, 1;
        mem_ordered: bool = "MEM_ORDERED", 30, 1;
        fwd_progress: bool = "FWD_PROGRESS", 31, 1;
    }
}

register! {
    /// COMPUTE_PGM_RSRC2 for gfx11.
    ComputePgmRsrc2 {
        /// Scratch is enabled; also adds the private segment wave offset system SGPR.
        enable_private_segment: bool = "ENABLE_PRIVATE_SEGMENT", 0, 1;
        /// User SGPRs the CP loads (at least those enabled in the code properties).
        user_sgpr_count: u32 = "USER_SGPR_COUNT", 1, 5;
        enable_trap_handler: bool = "ENABLE_TRAP_HANDLER", 6, 1;
        enable_sgpr_workgroup_id_x: bool = "ENABLE_SGPR_WORKGROUP_ID_X", 7, 1;
        enable_sgpr_workgroup_id_y: bool = "ENABLE_SGPR_WORKGROUP_ID_Y", 8, 1;
        enable_sgpr_workgroup_id_z: bool = "ENABLE_SGPR_WORKGROUP_ID_Z", 9, 1;
        enable_sgpr_workgroup_info: bool = "ENABLE_SGPR_WORKGROUP_INFO", 10, 1;
        /// Work-item ids in v0: 0 x, 1 x and y, 2 x, y and z.
        enable_vgpr_workitem_id: u32 = "ENABLE_VGPR_WORKITEM_ID", 11, 2;
        enable_exception_address_watch: bool = "ENABLE_EXCEPTION_ADDRESS_WATCH", 13, 1;
        enable_exception_memory: bool = "ENABLE_EXCEPTION_MEMORY", 14, 1;
        granulated_lds_size: u32 = "GRANULATED_LDS_SIZE", 15, 9;
        enable_exception_ieee_754_fp_invalid_operation: bool =
            "ENABLE_EXCEPTION_IEEE_754_FP_INVALID_OPERATION", 24, 1;
        enable_exception_fp_denormal_source: bool = "ENABLE_EXCEPTION_FP_DENORMAL_SOURCE", 25, 1;
        enable_exception_ieee_754_fp_division_by_zero: bool =
            "ENABLE_EXCEPTION_IEEE_754_FP_DIVISION_BY_ZERO", 26, 1;
        enable_exception_ieee_754_fp_overflow: bool =
            "ENABLE_EXCEPTION_IEEE_754_FP_OVERFLOW", 27, 1;
        enable_exception_ieee_754_fp_underflow: bool =
            "ENABLE_EXCEPTION_IEEE_754_FP_UNDERFLOW", 28, 1;
        enable_exception_ieee_754_fp_inexact: bool = "ENABLE_EXCEPTION_IEEE_754_FP_INEXACT", 29, 1;
        enable_exception_int_divide_by_zero: bool = "ENABLE_EXCEPTION_INT_DIVIDE_BY_ZERO", 30, 1;
    }
}

register! {
    /// COMPUTE_PGM_RSRC3 for gfx11.
    ComputePgmRsrc3 {
        shared_vgpr_count: u32 = "SHARED_VGPR_COUNT", 0, 4;
        inst_pref_size: u32 = "INST_PREF_SIZE", 4, 6;
        trap_on_start: bool = "TRAP_ON_START", 10, 1;
        trap_on_end: bool = "TRAP_ON_END", 11, 1;
        image_op: bool = "IMAGE_OP", 31, 1;
    }
}

register! {
    /// The kernel code properties: which user SGPRs the CP sets up, and the wave size.
    KernelCodeProperties {
        enable_sgpr_private_segment_buffer: bool = "ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER", 0, 1;
        enable_sgpr_dispatch_ptr: bool = "ENABLE_SGPR_DISPATCH_PTR", 1, 1;
        enable_sgpr_queue_ptr: bool = "ENABLE_SGPR_QUEUE_PTR", 2, 1;
        enable_sgpr_kernarg_segment_ptr: bool = "ENABLE_SGPR_KERNARG_SEGMENT_PTR", 3, 1;
        enable_sgpr_dispatch_id: bool = "ENABLE_SGPR_DISPATCH_ID", 4, 1;
        enable_sgpr_flat_scratch_init: bool = "ENABLE_SGPR_FLAT_SCRATCH_INIT", 5, 1;
        enable_sgpr_private_segment_size: bool = "ENABLE_SGPR_PRIVATE_SEGMENT_SIZE", 6, 1;
        enable_wavefront_size32: bool = "ENABLE_WAVEFRONT_SIZE32", 10, 1;
        uses_dynamic_stack: bool = "USES_DYNAMIC_STACK", 11, 1;
    }
}

register! {
    /// Kernel arguments preloaded into user SGPRs (both 0 when none are).
    KernargPreload {
        /// Dwords of the kernarg segment to preload.
        kernarg_preload_spec_length: u32 = "KERNARG_PRELOAD_SPEC_LENGTH", 0, 7;
        /// Dword offset in the kernarg segment of the first preloaded dword.
        kernarg_preload_spec_offset: u32 = "KERNARG_PRELOAD_SPEC_OFFSET", 7, 9;
    }
}

/// A decoded kernel descriptor, fields in storage order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KernelDescriptor {
    /// LDS bytes the kernel allocates statically (dynamic LDS comes on top at dispatch).
    pub group_segment_fixed_size: u32,
    /// Scratch bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// Bytes of the kernarg segment, implicit (hidden) arguments included.
    pub kernarg_size: u32,
    /// Signed byte offset from the descriptor's address to the kernel's first instruction.
    pub kernel_code_entry_byte_offset: i64,
    pub compute_pgm_rsrc3: ComputePgmRsrc3,
    pub compute_pgm_rsrc1: ComputePgmRsrc1,
    pub compute_pgm_rsrc2: ComputePgmRsrc2,
    pub kernel_code_properties: KernelCodeProperties,
    pub kernarg_preload: KernargPreload,
}

/// One register of the descriptor, for listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Register {
    /// Its LLVM name, e.g. `COMPUTE_PGM_RSRC1`.
    pub name: &'static str,
    /// The whole value, reserved bits included.
    pub raw: u32,
    /// Every field as (LLVM name, value), low bits first.
    pub fields: Vec<(&'static str, u32)>,
}

/// What one initial SGPR (or aligned group of SGPRs) holds when a wave starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SgprValue {
    /// 128-bit buffer resource for scratch (4 SGPRs).
    PrivateSegmentBuffer,
    /// 64-bit address of the AQL dispatch packet.
    DispatchPtr,
    /// 64-bit address of the AQL queue.
    QueuePtr,
    /// 64-bit address of the kernarg segment.
    KernargSegmentPtr,
    /// 64-bit dispatch id.
    DispatchId,
    /// 64-bit flat scratch base for this wave.
    FlatScratchInit,
    /// 32-bit scratch bytes per work-item.
    PrivateSegmentSize,
    /// Kernarg segment dwords, starting at this dword offset.
    PreloadedKernargs {
        dword_offset: u32,
    },
    WorkgroupIdX,
    WorkgroupIdY,
    WorkgroupIdZ,
    /// Work-group info: bit 31 first wave, bits 5:0 waves in the work-group.
    WorkgroupInfo,
    /// 32-bit byte offset of this wave's scratch.
    PrivateSegmentWaveOffset,
}

impl SgprValue {
    /// A short English description.
    pub fn describe(&self) -> &'static str {
        match self {
            SgprValue::PrivateSegmentBuffer => "private segment buffer descriptor",
            SgprValue::DispatchPtr => "dispatch packet pointer",
            SgprValue::QueuePtr => "queue pointer",
            SgprValue::KernargSegmentPtr => "kernarg segment pointer",
            SgprValue::DispatchId => "dispatch id",
            SgprValue::FlatScratchInit => "flat scratch init",
            SgprValue::PrivateSegmentSize => "private segment size",
            SgprValue::PreloadedKernargs { .. } => "preloaded kernarg dwords",
            SgprValue::WorkgroupIdX => "work-group id x",
            SgprValue::WorkgroupIdY => "work-group id y",
            SgprValue::WorkgroupIdZ => "work-group id z",
            SgprValue::WorkgroupInfo => "work-group info",
            SgprValue::PrivateSegmentWaveOffset => "private segment wave offset",
        }
    }
}

/// `count` SGPRs from `s[first]` holding `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SgprInit {
    pub first: u32,
    pub count: u32,
    pub value: SgprValue,
}

impl fmt::Display for SgprInit {
    /// `s[0:1]  kernarg segment pointer`, in LLVM register syntax.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let regs = match self.count {
            1 => format!("s{}", self.first),
            n => format!("s[{}:{}]", self.first, self.first + n - 1),
        };
        write!(f, "{regs:<9} {}", self.value.describe())?;
        if let SgprValue::PreloadedKernargs { dword_offset } = self.value {
            write!(f, " from kernarg byte {}", dword_offset * 4)?;
        }
        Ok(())
    }
}

/// Little-endian u32 at `off` of the 64 descriptor bytes.
fn word(b: &[u8; 64], off: usize) -> u32 {
    u32::from_le_bytes([b[off], b[off + 1], b[off + 2], b[off + 3]])
}

impl KernelDescriptor {
    /// Bytes in a kernel descriptor.
    pub const SIZE: usize = 64;

    /// Decodes the 64 descriptor bytes. Every bit pattern decodes; reserved bits are kept
    /// only in the registers' `raw` values.
    pub fn decode(b: &[u8; 64]) -> Self {
        let entry = u64::from(word(b, 16)) | (u64::from(word(b, 20)) << 32);
        KernelDescriptor {
            group_segment_fixed_size: word(b, 0),
            private_segment_fixed_size: word(b, 4),
            kernarg_size: word(b, 8),
            kernel_code_entry_byte_offset: entry as i64,
            compute_pgm_rsrc3: ComputePgmRsrc3::from_raw(word(b, 44)),
            compute_pgm_rsrc1: ComputePgmRsrc1::from_raw(word(b, 48)),
            compute_pgm_rsrc2: ComputePgmRsrc2::from_raw(word(b, 52)),
            kernel_code_properties: KernelCodeProperties::from_raw(word(b, 56) & 0xffff),
            kernarg_preload: KernargPreload::from_raw(word(b, 56) >> 16),
        }
    }

    /// Every field as (name, value) in storage order: the four scalar fields by their
    /// `kernel_descriptor_t` names, then each register's bitfields as `REGISTER.FIELD`.
    pub fn fields(&self) -> Vec<(String, i64)> {
        let mut out = vec![
            (
                "group_segment_fixed_size".to_string(),
                i64::from(self.group_segment_fixed_size),
            ),
            (
                "private_segment_fixed_size".to_string(),
                i64::from(self.private_segment_fixed_size),
            ),
            ("kernarg_size".to_string(), i64::from(self.kernarg_size)),
            (
                "kernel_code_entry_byte_offset".to_string(),
                self.kernel_code_entry_byte_offset,
            ),
        ];
        for register in self.registers() {
            for (field, value) in register.fields {
                out.push((format!("{}.{field}", register.name), i64::from(value)));
            }
        }
        out
    }

    /// The registers in storage order.
    pub fn registers(&self) -> [Register; 5] {
        let register = |name, raw, fields| Register { name, raw, fields };
        let (r3, r1, r2) = (
            &self.compute_pgm_rsrc3,
            &self.compute_pgm_rsrc1,
            &self.compute_pgm_rsrc2,
        );
        let (props, preload) = (&self.kernel_code_properties, &self.kernarg_preload);
        [
            register("COMPUTE_PGM_RSRC3", r3.raw, r3.fields()),
            register("COMPUTE_PGM_RSRC1", r1.raw, r1.fields()),
            register("COMPUTE_PGM_RSRC2", r2.raw, r2.fields()),
            register("KERNEL_CODE_PROPERTIES", props.raw, props.fields()),
            register("KERNARG_PRELOAD", preload.raw, preload.fields()),
        ]
    }

    /// Lanes per wave: 32 or 64.
    pub fn wavefront_size(&self) -> u32 {
        if self.kernel_code_properties.enable_wavefront_size32 {
            32
        } else {
            64
        }
    }

    /// VGPRs allocated per lane: granules of 8 in wave32, 4 in wave64.
    pub fn vgprs(&self) -> u32 {
        let granule = if self.wavefront_size() == 32 { 8 } else { 4 };
        (self.compute_pgm_rsrc1.granulated_workitem_vgpr_count + 1) * granule
    }

    /// The user SGPRs the code properties enable, from `s0` in the order the CP loads them.
    /// `USER_SGPR_COUNT` may reserve more; those hold nothing defined.
    pub fn user_sgprs(&self) -> Vec<SgprInit> {
        let p = &self.kernel_code_properties;
        let preload = self.kernarg_preload.kernarg_preload_spec_length;
        let wanted = [
            (
                p.enable_sgpr_private_segment_buffer,
                4,
                SgprValue::PrivateSegmentBuffer,
            ),
            (p.enable_sgpr_dispatch_ptr, 2, SgprValue::DispatchPtr),
            (p.enable_sgpr_queue_ptr, 2, SgprValue::QueuePtr),
            (
                p.enable_sgpr_kernarg_segment_ptr,
                2,
                SgprValue::KernargSegmentPtr,
            ),
            (p.enable_sgpr_dispatch_id, 2, SgprValue::DispatchId),
            (
                p.enable_sgpr_flat_scratch_init,
                2,
                SgprValue::FlatScratchInit,
            ),
            (
                p.enable_sgpr_private_segment_size,
                1,
                SgprValue::PrivateSegmentSize,
            ),
            (
                preload > 0,
                preload,
                SgprValue::PreloadedKernargs {
                    dword_offset: self.kernarg_preload.kernarg_preload_spec_offset,
                },
            ),
        ];
        layout(0, &wanted)
    }

    /// SGPRs the user SGPRs enable (the minimum `USER_SGPR_COUNT`).
    pub fn enabled_user_sgpr_count(&self) -> u32 {
        self.user_sgprs().iter().map(|s| s.count).sum()
    }

    /// The system SGPRs, from `s[USER_SGPR_COUNT]` in the order the hardware writes them.
    pub fn system_sgprs(&self) -> Vec<SgprInit> {
        let r = &self.compute_pgm_rsrc2;
        let wanted = [
            (r.enable_sgpr_workgroup_id_x, 1, SgprValue::WorkgroupIdX),
            (r.enable_sgpr_workgroup_id_y, 1, SgprValue::WorkgroupIdY),
            (r.enable_sgpr_workgroup_id_z, 1, SgprValue::WorkgroupIdZ),
            (r.enable_sgpr_workgroup_info, 1, SgprValue::WorkgroupInfo),
            (
                r.enable_private_segment,
                1,
                SgprValue::PrivateSegmentWaveOffset,
            ),
        ];
        layout(r.user_sgpr_count, &wanted)
    }
}

/// Consecutive SGPRs from `first` for each enabled (enabled, count, value).
fn layout(first: u32, wanted: &[(bool, u32, SgprValue)]) -> Vec<SgprInit> {
    let mut next = first;
    let mut out = Vec::new();
    for &(enabled, count, value) in wanted {
        if enabled {
            out.push(SgprInit {
                first: next,
                count,
                value,
            });
            next += count;
        }
    }
    out
}
