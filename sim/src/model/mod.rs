//! The golden model of wave32 execution: state, one-instruction-at-a-time execution
//! following the chapter 16 pseudocode of the RDNA3 reference, and one [`TraceEvent`] per
//! retired instruction.
//!
//! Modules: `wave` (the state), `program` (the code, decoded once), `operands` (reading
//! sources), `salu` (scalar semantics), `valu` (integer vector semantics, tables by
//! mnemonic), `valu_float` (floating point), `dpp` (DPP lane moves), `smem` (scalar
//! loads), `vmem` (FLAT/GLOBAL loads, stores, atomics), `lds` (DS instructions), `wmma`
//! (matrix multiply-accumulate), `fast` (the fast path), [`workgroup`] (a kernel dispatch:
//! work-groups of waves sharing LDS, barriers), [`waits`] (the memory-wait checker).
//!
//! # Memory waits
//!
//! The model completes a memory instruction when it issues, so `s_waitcnt` changes
//! nothing in it; gfx1100 returns memory results later, out of order, and a program must
//! wait for them (reference 5.6). With [`Machine::check_waits`] (off by default; the
//! suite, stream and co-simulation tests turn it on, `cu32 run --check-waits` too) the
//! model checks that it does: an instruction that reads or writes a register a memory
//! instruction may still be writing stops the wave with [`ModelError::Wait`], which names
//! the register, the load and the `s_waitcnt` it needs. The rule is in [`waits`].
//!
//! # Speed
//!
//! A wave executes whole instructions over its 32 lanes (lane values are arrays). The
//! program is decoded once ([`Program`], shared by the waves of a dispatch), and what a
//! mnemonic means is resolved then (VALU: a per-wave function or case; scalar: a match on
//! [`cu32_isa::Mn`]), not per executed instruction. Trace events are built only when
//! asked for ([`Machine::step_in`]). Without a trace, [`Machine::run_quiet`] runs the
//! instructions compiled kernels are mostly made of on the fast path (module `fast`): resolved at decode into plain data, computed
//! with the general path's own functions straight on the wave. The common f32 operations
//! (add, subtract, multiply, the fma forms, min/max, rcp/rsq/sqrt, compares) use the
//! host's IEEE single-precision arithmetic on every lane when MODE is round-to-nearest-even
//! with f32 denormals in and out, there is no OMOD or clamp and neither a result nor a
//! compared source is a NaN: exactly the results of the general path, which handles every
//! other case; on x86-64 CPUs with AVX2 and FMA (checked at run time) that code runs
//! compiled for them. The per-opcode cases, the random streams and the kernel tests check
//! that both paths agree.
//!
//! # Memory
//!
//! [`Machine::step_in`] runs an instruction against a global [`Memory`] and the
//! work-group's LDS bytes ([`Machine::step`] gives it an empty memory and no LDS). A plain
//! program (one wave, no dispatch) run with [`Machine::run_in`] or
//! [`Machine::run_traced_in`] gets the LDS its caller passes; `cu32 run` passes
//! [`PLAIN_LDS_BYTES`] zeroed bytes (the gfx1100 work-group maximum, 64 KiB) unless told
//! otherwise, and `cu32 cosim` the configuration's `lds_bytes` (the RTL's LDS). The
//! instruction's reads see its own earlier writes (atomics of several lanes on one address
//! serialise in lane order); its writes are made only when it retires, and each one is a
//! [`Write::Mem`] of the trace, in program order. A failing global access (unmapped, or a
//! store into read-only memory) stops the wave with [`ModelError::Memory`] naming the PC,
//! the lane and the address, and writes nothing. The semantics and their choices are in
//! the module docs of `smem` (with `s_buffer_load_*`: V# base, NUM_RECORDS range clamp),
//! `vmem` (with SCRATCH and float atomics) and `lds`.
//!
//! * Float atomics (`global/flat_atomic_{add,min,max,cmpswap}_f32`,
//!   `ds_{add,min,max,cmpstore}[_rtn]_f32`, `ds_{min,max,cmpstore}[_rtn]_f64`): add is
//!   `DATA + MEM` rounded to nearest even with the arithmetic NaN rule (DATA is the first
//!   source; an invalid sum gives the default NaN); min/max/cmpswap follow the pseudocode's
//!   compares (`src < tmp`, `src > tmp`, `tmp == cmp`: a NaN compares false, -0 == +0) on
//!   the flushed values and store the chosen operand's bits unchanged (a failed compare
//!   leaves memory as it was). Denormals: the LDS forms follow the issuing wave's MODE
//!   (FP_DENORM `[5:4]` for f32, `[7:6]` for f64, input and output bits as for VALU
//!   arithmetic); the global/flat f32 forms always flush f32 denormals (inputs and the
//!   result) whatever MODE says (the memory-side atomic unit has no MODE; LLVM treats
//!   global f32 atomics as flushing). No MODE round field applies: always nearest even.
//! * SCRATCH (private memory, [`Machine::set_private`]; a dispatch gives each lane of each
//!   wave `private_segment_fixed_size` zeroed bytes, `crate::dispatch::PrivateSegments`):
//!   loads and stores (all the global kinds) address the lane's own segment at the
//!   private offset `SGPR[SADDR]` (unless `off`) + the lane's VGPR (when SVE) + the signed
//!   offset, 32-bit wrap. An access not wholly inside the segment stops the wave with
//!   [`ModelError::Memory`] ([`MemoryError::Private`]) naming the PC, the lane and the
//!   offset; the segments lie in global memory, so the trace shows scratch stores as
//!   memory writes at their global addresses.
//! * Loads to LDS (`global_load_lds_{u8,i8,u16,i16,b32}`, `global_load_lds_addtid_b32`,
//!   `scratch_load_lds_*`): the reference gives no LDS address; the model takes the one of
//!   LLVM's `llvm.amdgcn.global.load.lds` (the wave-uniform LDS base in M0, the instruction
//!   offset "applied to both global and LDS address", 4 bytes per lane): `M0[15:0] +
//!   offset + lane * 4` (32-bit wrap; `M0[15:0]` as the DS instructions read M0, the LDS
//!   being at most 64 KiB). Each lane in EXEC reads as the load of the same kind and
//!   addressing (same faults: the wave stops, nothing written) and writes the value,
//!   zero- or sign-extended, as a whole dword (reference 11.4: the `_LDS_` loads "write
//!   the entire 32-bits of LDS"); outside the LDS the write is dropped (the LDS rule). No
//!   VGPR is written.
//! * `ds_append`/`ds_consume` (LDS; GDS forms stop): the reference's `M0.base + offset`
//!   is `M0[15:0] + {OFFSET1, OFFSET0}` (M0's LDS field, as for `ds_*_addtid_b32`); its
//!   "limit to M0.size" is the LDS size with the LDS out-of-range rule (0 returned, no
//!   write); any alignment. One 32-bit wrapping add (subtract) of the number of lanes in
//!   EXEC; every lane in EXEC gets the old value; with EXEC = 0 nothing happens (the
//!   reference: unlike `ds_ordered_count`, it is not sent without valid lanes).
//!
//! A kernel's code is the code object image (read-only in memory) loaded at its address
//! ([`Machine::at`]): the PC counts from the image's start and
//! `s_getpc_b64`/`s_setpc_b64`/`s_swappc_b64`/`s_call_b64` add or subtract the image
//! address.
//!
//! # Wave state
//!
//! The scalar register space is indexed by the SDST code 0..=127 ([`Wave::sgpr`]):
//! 0..=105 SGPRs, 106/107 `vcc_lo/hi`, 108..=123 `ttmp0..15`, 124 `null` (always 0),
//! 125 `m0`, 126/127 `exec_lo/hi`. A wave starts with every register 0 except
//! `exec_lo = 0xffffffff`, with SCC = 0, PC = 0 and MODE = 0 ([`Wave::new`]). The 256
//! VGPRs are stored structure-of-arrays ([`Wave::vgpr`]`[v][lane]`), all lanes 0 at start.
//! The wave is a wave32: VALU instructions execute the lanes of `exec_lo`, and a lane mask
//! (VCC, a carry, a compare result) is one 32-bit SGPR.
//!
//! # Trace
//!
//! Every retired instruction gives one [`TraceEvent`] (its wave slot, its PC, its words with the
//! literal, EXEC before it) listing one [`Write::Sgpr`] per 32-bit register it wrote (VCC,
//! M0 and EXEC included; a register written twice, e.g. `s_and_saveexec_b32 exec_lo, ...`,
//! appears once with its final value) and [`Write::Scc`] whenever the pseudocode assigns
//! SCC, changed or not, and one [`Write::Vgpr`] per 32-bit VGPR written (a 64-bit result is
//! two) with the lanes written as its mask (an instruction that writes no lane, e.g. under
//! EXEC = 0, reports no VGPR write); then [`TraceEvent::normalize`]. `s_endpgm` retires with no writes
//! and the wave ends. A failing instruction does not retire and leaves the state unchanged.
//!
//! # Operands
//!
//! * Sources: registers, inline constants (`cu32_isa::operand::inline_constant`), SCC (253,
//!   zero-extended) and the literal (255). The aperture codes 235..=238 and every reserved
//!   code stop the wave with [`ModelError::BadOperand`].
//! * A 32-bit literal on a 64-bit source is sign-extended when the mnemonic names a signed
//!   64-bit integer type (`_i64`: `s_ashr_i64`, `s_bfe_i64`, `s_cls_i32_i64`) and
//!   zero-extended otherwise (unsigned and binary operands), as section 4.1 of the reference
//!   says ("When used in a 64-bit signed integer operation, it is sign-extended to 64 bits.
//!   For unsigned 64-bit integer ops (and 64-bit binary ops) it is zero extended").
//! * A 64-bit register operand ignores the low bit of its code (hardware alignment,
//!   section 3.3.1); `null` and `m0` read as a 64-bit operand give 0.
//! * Destinations: `null` drops the write but SCC is still written (section 3.4.4). The
//!   wave is never privileged (STATUS.PRIV = 0), so, as section 3.3.1.4 says, writes to
//!   `ttmp0..15` are dropped *and* an instruction that tries one does not update SCC;
//!   SAVEEXEC/WREXEC still write EXEC.
//!
//! # Instruction notes
//!
//! * `s_bfe_*`: the width field `S1[22:16]` is 7 bits; a width at or above the operand size
//!   gives an all-ones mask (the pseudocode's `(1 << width) - 1` computed without overflow).
//! * `s_movrels*`, `s_movreld*`, `s_movrelsd_2_b32`: the index (M0, or `M0[9:0]` / `M0[25:16]`)
//!   is added to the raw operand code. An access is in range when the base is an SGPR/VCC
//!   code and the indexed register stays within 0..=107, or the base is a TTMP and stays
//!   within 108..=123, or the index is 0. Out-of-range sources read the plain operand S0;
//!   out-of-range destinations are not written (section 3.3.1.4). The `_b64` forms ignore
//!   the low bit of the index.
//! * `s_getreg_b32` / `s_setreg_b32` / `s_setreg_imm32_b32`: only `HW_REG_MODE` (id 1), all
//!   32 bits writable; other ids stop with [`ModelError::Unsupported`]. The pseudocode of
//!   s_setreg applies the size mask *before* shifting it to the field offset, which would
//!   make every write with a non-zero offset a no-op and contradicts the prose ("write some
//!   or all of the LSBs of the source into a hardware register" at OFFSET); the model uses
//!   the mask shifted to the field: `mode = (mode & !(mask << off)) | ((s0 << off) & (mask
//!   << off))`.
//! * `s_quadmask_b64` has a 64-bit destination (tables, LLVM); the pseudocode assigns the
//!   16-bit mask to `D0.u`, so the model writes it zero-extended (high dword 0).
//! * `s_round_mode` sets `MODE[3:0]`, `s_denorm_mode` sets `MODE[7:4]`, from `SIMM16[3:0]`.
//!   MODE is not an architectural write of the trace (the trace has no MODE field).
//! * `s_cbranch_vccz/vccnz/execz/execnz` test the low 32 bits of VCC and EXEC (a wave32:
//!   reference 2.1).
//! * Branch and jump targets must land inside the program on a dword boundary, otherwise
//!   the wave stops with [`ModelError::BranchTarget`].
//!
//! # Vector ALU
//!
//! * Implemented (integer; floating point below): the tables `OPS32`, `OPS64`, `CARRY_OPS`, `SPECIAL` and
//!   `DUAL_OPS` of `valu.rs`, and the integer compares `v_cmp[x]_{f,lt,eq,le,gt,ne,ge,t}_
//!   {i,u}{16,32,64}` ([`valu_implemented`]). That is: VOP1 `v_mov_b32`, `v_not_b32`,
//!   `v_bfrev_b32`, `v_clz_i32_u32`, `v_ctz_i32_b32`, `v_cls_i32`, `v_cvt_u32_u16`,
//!   `v_cvt_i32_i16`, `v_mov_b16`, `v_not_b16`, `v_readfirstlane_b32`, `v_nop`,
//!   `v_pipeflush`; VOP2 integer adds, subtracts, 24-bit multiplies, min/max, shifts,
//!   bitwise ops, `v_cndmask_b32`, `v_add/sub/subrev_co_ci_u32`; VOP3 `v_mul_lo_u32`,
//!   `v_mul_hi_u32/i32`, `v_mad_u32_u24/i32_i24`, `v_bfe_u32/i32`, `v_bfi_b32`, `v_bfm_b32`,
//!   `v_bcnt_u32_b32`, `v_mbcnt_lo/hi_u32_b32`, `v_alignbit/alignbyte_b32`, `v_perm_b32`,
//!   `v_add3_u32`, `v_lshl_add_u32`, `v_add_lshl_u32`, `v_lshl_or_b32`, `v_and_or_b32`,
//!   `v_or3_b32`, `v_xor3_b32`, `v_xad_u32`, min3/max3/med3/minmax/maxmin (i32, u32, i16,
//!   u16), `v_cvt_pk_u16_u32`, `v_cvt_pk_i16_i32`, the 16-bit integer ops, the 64-bit shifts,
//!   `v_readlane_b32`, `v_writelane_b32`, `v_cndmask_b16`, `v_add_nc_i32`, `v_sub_nc_i32`;
//!   VOP3SD `v_add/sub/subrev_co_u32`, the `_co_ci` forms, `v_mad_u64_u32`, `v_mad_i64_i32`;
//!   VOPD `v_dual_mov_b32`, `v_dual_add_nc_u32`, `v_dual_lshlrev_b32`, `v_dual_and_b32`,
//!   `v_dual_cndmask_b32` (with VCC); SAD and byte packing: `v_sad_u8`, `v_sad_hi_u8`,
//!   `v_sad_u16`, `v_sad_u32`, `v_msad_u8`, `v_qsad_pk_u16_u8`, `v_mqsad_pk_u16_u8`,
//!   `v_mqsad_u32_u8` (S2 and D four VGPRs), `v_lerp_u8`, `v_sat_pk_u8_i16`,
//!   `v_pack_b32_f16` (a move of two 16-bit halves, not flushed; no abs/neg), all wrapping
//!   as their pseudocode (clamp below); VOP3P packed 16-bit integers and integer dot
//!   products, the VGPR indexing and lane moves (both below), and WMMA (its own section). Every other VALU opcode (float opcodes not listed under
//!   "Floating point", ...) stops
//!   the wave with [`ModelError::Unsupported`] naming it: not modelled yet.
//! * Packed 16-bit integers (VOP3P `v_pk_{add,sub}_{u16,i16}`, `v_pk_mul_lo_u16`,
//!   `v_pk_mad_{u16,i16}`, `v_pk_{lshlrev,lshrrev,ashrrev}_b16`, `v_pk_{min,max}_{u16,i16}`):
//!   the low result from the source halves OP_SEL picks, the high result from those
//!   OP_SEL_HI picks (chapter 16.10 pseudocode per half; shift counts are the low 4 bits of
//!   S0's half). Clamp (reference 7.2.3.1, "signed integer arithmetic: clamp result to
//!   [min_int, +max_int]; unsigned ... [0, +max_uint]") saturates the exact per-half result
//!   of the arithmetic forms (add, sub, mad, and `mul_lo`, whose exact product saturates to
//!   0xffff), is ignored by the shifts (bitwise) and cannot change min/max; without clamp
//!   results wrap to 16 bits. NEG_LO/NEG_HI (float-only modifiers) stop the wave. Sources:
//!   a VGPR, SGPR or literal gives its 32 bits, and so does an inline constant, as gfx11
//!   hardware produces them (not as reference 7.5.1 says; LLVM's `getInlineEncodingV216`
//!   states the hardware's rule): an integer constant is its sign-extended 32-bit value
//!   (`-1`: both halves 0xffff), a float constant its f32 bits (`1.0`: low half 0, high
//!   half 0x3f80). The packed f16 opcodes below take an integer constant the same way
//!   and a float constant as its f16 value in the low half, 0 in the high half; OP_SEL /
//!   OP_SEL_HI then pick halves of these 32 bits as of a register's.
//! * Integer dot products (`v_dot4_i32_iu8`, `v_dot4_u32_u8`, `v_dot8_i32_iu4`,
//!   `v_dot8_u32_u4`): the pseudocode's element products plus S2, exact; in the `_iu` forms
//!   `NEG[0]`/`NEG[1]` say whether S0/S1 elements are signed (reference 7.5), other NEG/NEG_HI
//!   bits stop the wave; OP_SEL/OP_SEL_HI are ignored (the pseudocode reads whole dwords);
//!   clamp saturates to the i32 (`_iu`) or u32 range, otherwise the sum wraps. Inline
//!   constants are 32-bit values (reference 7.5.1 "use 32bit inline").
//! * VGPR indexing (`v_movreld_b32`: `VGPR[vdst + M0] = S0`; `v_movrels_b32`:
//!   `D = VGPR[src0 + M0]`; `v_movrelsd_b32`: both + M0; `v_movrelsd_2_b32` and
//!   `v_swaprel_b32`: source + `M0[9:0]`, destination + `M0[25:16]`): out of range
//!   (reference 3.3.2.2: an index above 255, or a register at or past v256) a destination
//!   makes the instruction a no-op, a source reads v0; `v_swap_b32`/`v_swaprel_b32` write
//!   both operands (D first, then S0; either out of range discards the instruction);
//!   `v_swap_b16` swaps the 16-bit halves its operands name (true16 below); `v_permlane64_b32` is a no-op in wave32 (its
//!   pseudocode). `v_permlane16_b32`/`v_permlanex16_b32`: lane `16 r + i` (in EXEC) reads
//!   lane `16 r' + lanesel[4i+3:4i]` of src0 (`lanesel = {S2, S1}`, `r' = r`, or the other
//!   row for `x16`); `OP_SEL[0]` is FI and `OP_SEL[1]` BOUND_CTRL (the pseudocode's notes): a
//!   source lane outside EXEC is read with FI = 1, gives 0 with FI = 0 and BOUND_CTRL = 1,
//!   and leaves the destination lane unwritten with both 0 (the DPP rule below). DPP on
//!   these opcodes stops the wave.
//! * Sources: a VGPR gives each lane its own value; an SGPR, inline constant or literal is
//!   broadcast. Widths and types come from the table row: a 64-bit operand reads a VGPR
//!   pair or an SGPR pair (literal sign-extended for `_i64` mnemonics, as for the SALU),
//!   a 16-bit operand reads the low half, or the high half with its OPSEL bit, and takes
//!   float inline constants as f16 (section 7.2). A VGPR operand past v255 stops the wave
//!   with [`ModelError::BadVgpr`], as does a scalar code in a VGPR-only field.
//! * Destinations: only lanes in EXEC (and, with DPP16, the enabled lanes) are written;
//!   `v_writelane_b32` ignores EXEC. A 16-bit result replaces the low half of the VGPR (the
//!   high half with `OPSEL[3]`) and keeps the other half (section 7.2 OPSEL). A lane-mask
//!   result (compare, carry-out, `v_mad_*64*` carry) has 0 for inactive lanes, as the
//!   reference says compares write the full mask; `v_cmpx_*` writes only EXEC (`exec_lo`).
//!   `v_mad_i64_i32` writes bit 64 of its 65-bit signed result as the carry (pseudocode).
//! * Integer clamp (opcodes other than the packed and dot forms above): it saturates the
//!   exact result to the destination's range (signed [-2^(n-1), 2^(n-1)-1], unsigned
//!   [0, 2^n-1], n = 16 or 32; 16-bit sources are their halves) on the opcodes whose
//!   chapter 16 notes say so: `v_add_nc_i32`, `v_sub_nc_i32`, `v_{add,sub}_nc_{u16,i16}`,
//!   `v_mul_lo_u16` (the exact product), `v_mad_{u16,i16}` ("Supports saturation") and
//!   `v_add/sub/subrev_co_u32` ("If clamp enabled, saturate output between 0 and
//!   maxUInt32": D only, the carry-out stays the pseudocode's), and on `v_add/sub/subrev_
//!   nc_u32`, the `_co_ci` forms (`S0 + S1 + carry-in`, `S0 - S1 - carry-in`, `S1 - S0 -
//!   carry-in`, exact, to [0, 2^32-1]; the carry-out stays the pseudocode's) and the
//!   32-bit multiply-adds `v_mad_{i32_i24,u32_u24,i32_i16,u32_u16}` (the exact
//!   `S0 * S1 + S2` to the i32 or u32 range), the 24-bit multiplies
//!   `v_mul_{i32_i24,u32_u24}` (the exact 48-bit product to the i32 / u32 range) and
//!   `v_mul_hi_{i32_i24,u32_u24}` (the product's high 32 bits, always in range), the SADs
//!   `v_sad_u8`, `v_sad_hi_u8`, `v_sad_u16`, `v_sad_u32`, `v_msad_u8` (the exact `S2 +`
//!   the ABSDIFF terms, `v_sad_hi_u8`: `(sad << 16) + S2`, to [0, 2^32-1]), the quad SADs
//!   `v_qsad_pk_u16_u8` / `v_mqsad_pk_u16_u8` (each 16-bit field, the exact S2 field plus
//!   its SAD, to [0, 0xffff]) and `v_mqsad_u32_u8` (each dword to [0, 2^32-1]), and
//!   `v_mad_u64_u32` / `v_mad_i64_i32` (D, the exact 65-bit result, to the u64 / i64
//!   range; the carry-out stays bit 64 of the pseudocode's result), which have no note
//!   but are the integer arithmetic of the CLMP field's rule ("clamp result to
//!   [0, +max_uint]", signed arithmetic to the signed range; clang's `add_sat`/`sub_sat`)
//!   and are not in 7.2.3.1's list of opcodes that ignore clamp. It is
//!   ignored where 7.2.3.1 says so (`v_perm_b32`, `v_add3_u32`, `v_add_lshl_u32`,
//!   `v_align*`, the integer compares, `v_readlane`/`v_readfirstlane`/`v_writelane`,
//!   `v_permlane*`, and "bitwise ops", taken as the logic operations, shifts, `v_bfi`,
//!   `v_bfm`, `v_bfrev`, `v_lshl_or`, `v_and_or`, `v_or3`, `v_xor3`) and on the integer
//!   min/max/med3 family (its result is a source, already in range). On every other
//!   integer opcode (`v_mul_lo_u32`, `v_mul_hi_{i32,u32}`, `v_lshl_add_u32`, `v_bfe_*`,
//!   ...) the model does not model clamp yet, and it stops the wave with
//!   [`ModelError::Unsupported`]. On `v_pack_b32_f16`, whose operands are f16 and which is
//!   not in 7.2.3.1's list, clamp is the float rule ("clamp result to [0, 1.0]; -0 is
//!   clamped to +0") on each half as the float opcodes apply it (a NaN becomes +0 with
//!   DX10_CLAMP, else stays), with no denormal flushing (the pseudocode moves the values). Clamped instructions stay off the
//!   fast path (it takes no clamp).
//! * Other modifiers (integer opcodes other than the packed and dot forms above): abs/neg
//!   input modifiers (VOP3 bits or the DPP16 dword) stop the wave (not modelled yet); OMOD
//!   is ignored (the reference: integer results ignore it);
//!   OPSEL on an opcode without 16-bit operands stops the wave.
//! * True16 register halves: in the e32 encodings (VOP1, VOP2, VOPC and their DPP forms) a
//!   16-bit operand's VGPR code 128 + n (`v<n>.h` in LLVM's syntax) is the high half of
//!   v<n>, codes below 128 the low half (`v<n>.l`); the model reads and writes them exactly
//!   as the VOP3 encoding's OPSEL bits select halves (sources: bit k of source k,
//!   destination: bit 3; a 16-bit result keeps the register's other half), for integer
//!   and float opcodes alike, and `v_swap_b16` swaps the two halves named. Operands of
//!   32 bits are whole registers (v128..v255).
//! * DPP16 (reference 7.7.1): `quad_perm`, `row_shl/shr/ror`, `row_mirror`,
//!   `row_half_mirror`, `row_share`, `row_xmask` move src0 within rows of 16; the other
//!   controls stop the wave. `row_mask`/`bank_mask` disable writes. A source lane out of the
//!   row, or inactive without `fi`, gives 0 with `bound_ctrl:1` and disables the write with
//!   `bound_ctrl:0`; with `fi:1` an inactive in-range source is read. Table 31 of the
//!   reference disagrees with its field text for out-of-range sources with FI = 1 (it says
//!   "Src0 = 0" for BC = 0 and "Normal" for BC = 1); the model follows the field text
//!   ("If the source lane is out-of-range, behavior is decided by the bound_ctrl bit").
//!   DPP8 (7.7.2): selects within groups of 8; an inactive source reads 0 unless `fi`.
//! * VOPD: both operations read their sources before either writes.
//!
//! # Floating point (`valu_float.rs`)
//!
//! * Implemented, f32: `v_add/sub/subrev/mul/fma/fmac/fmamk/fmaak`, `v_mul/fma/fmac_dx9_zero`
//!   (legacy), `v_min/max/min3/max3/med3/minmax/maxmin`, `v_fract/trunc/ceil/rndne/floor`,
//!   `v_ldexp`, `v_frexp_mant`, `v_frexp_exp_i32`, `v_rcp`, `v_rcp_iflag`, `v_rsq`, `v_sqrt`,
//!   `v_exp`, `v_log`, `v_sin`, `v_cos`, `v_div_scale/div_fmas/div_fixup`, the conversions
//!   `v_cvt_f32_{i32,u32,f16,f64,ubyte0..3}`, `v_cvt_{i32,u32}_f32`, `v_cvt_floor/nearest_i32_
//!   f32`, `v_cvt_f16_f32`, `v_cvt_pk_rtz_f16_f32`, the 16 compares `v_cmp[x]_{f,lt,eq,le,gt,
//!   lg,ge,o,u,nge,nlg,ngt,nle,neq,nlt,t}` and `v_cmp[x]_class` (also f16, f64), and VOPD
//!   `v_dual_{fmac,fmaak,fmamk,mul,mul_dx9_zero,add,sub,subrev,max,min}_f32`. f64 and f16:
//!   the same names where the tables have them (f64 add/mul/fma/min/max/ldexp/frexp/fract/
//!   rounding/rcp/rsq/sqrt/div_*, `v_cvt_{f64,i32,u32}_*`; f16 add/sub/mul/fma/fmac/fmamk/
//!   fmaak/min/max/3-operand forms/ldexp/rounding/transcendentals/`div_fixup`,
//!   `v_cvt_{i16,u16}_f16`, `v_cvt_f16_{i16,u16}`). Packed f16: `v_pk_{add,mul,fma,min,max}
//!   _f16` (VOP3P: OP_SEL picks the source halves of the low result, OP_SEL_HI those of the
//!   high result, NEG_LO/NEG_HI negate them, clamp per half, no OMOD; inline constants as
//!   the packed 16-bit integers above say) and `v_pk_fmac_f16` (VOP2). Dot products
//!   and mixed fma: below. Conversions to 16-bit integers: `v_cvt_pk_{i16,u16}_f32` truncate
//!   and saturate each of S0, S1 (NaN 0, as `v_cvt_i32_f32`); `v_cvt_norm_{i16,u16}_f16`
//!   and `v_cvt_pk_norm_{i16,u16}_{f16,f32}` follow the D3D rules the reference's
//!   undefined `f16_to_snorm`/`f32_to_unorm` name: NaN gives 0, else the value clamped to
//!   [-1, 1] ([0, 1]) times 32767 (65535), rounded to nearest even; inputs flush by their
//!   format's MODE field, clamp and OMOD do not apply (integer results), a non-zero round
//!   mode of the source format stops the wave. `v_trig_preop_f64`: `R` = the 53 bits of
//!   2/pi (1201 fraction bits, those past `b_0` zero) from `shift = 53 * S1[4:0]` (`+
//!   exponent(S0) - 1077` above 1077) below the binary point, result `R * 2^(-53 - shift)`
//!   (`+128` for `exponent(S0) >= 1968`), toward zero below the denormal range; only S0's
//!   exponent field is read (NaN/inf inputs included); OMOD, clamp and the f64 output
//!   denormal mode apply as for other f64 results. `v_cvt_off_f32_i4`: the table of the
//!   pseudocode (`S0[3:0]` as a signed 4-bit integer / 16, exact). `v_mullit_f32`: its
//!   pseudocode, -MAX_FLOAT (0xff7fffff) when S1 is -MAX_FLOAT, -inf or NaN or S2 is <= 0
//!   or NaN (after input flushing), else the f32 product. `v_cube{id,sc,tc,ma}_f32`:
//!   their pseudocode on the flushed x, y, z (a NaN compares false, so it is never the
//!   major axis); `-v` flips the sign bit (NaN payloads kept), `cubema` doubles by an f32
//!   multiply; the results take OMOD, clamp and output flushing as float results.
//!   `v_cvt_pk_u8_f32`: the reference's `f32_to_u8` is undefined; the model converts the
//!   (MODE-flushed) S0 like the other float-to-integer conversions to a saturated integer
//!   and like the D3D byte conversions: NaN gives 0, any other value is rounded to nearest
//!   even (a rounding opcode: a non-zero f32 round mode stops the wave) and saturated to
//!   [0, 255] (negatives and -inf 0, +inf 255); the byte replaces byte `S1[1:0]` of S2;
//!   abs/neg act on S0 only, clamp and OMOD do not apply (an integer result).
//! * Float dot products follow the pseudocode step by step, each step rounded to nearest
//!   even in the step's format (the pseudocode does not fuse them): `v_dot2_f32_f16` /
//!   `v_dot2_f32_bf16` (VOP3P) and `v_dot2acc_f32_f16` (VOP2), `v_dual_dot2acc_f32_f16/
//!   bf16` (VOPD; D is the addend): `p0 = f32(a.lo) * f32(b.lo)`, `p1 = f32(a.hi) *
//!   f32(b.hi)`, `t = p0 + p1`, `D = t + S2`, each an f32 operation (the f16 products are
//!   exact in f32; bf16 products may round). `v_dot2_f16_f16` / `v_dot2_bf16_bf16` (VOP3):
//!   `t = a.lo * b.lo`, `t += a.hi * b.hi` (product rounded, then the sum), `D = t + S2`,
//!   every step rounded to f16 (bf16); `OPSEL[2]` picks S2's half, `OPSEL[3]` D's half,
//!   `OPSEL[1:0]` are ignored (its notes). Inputs flush by their format's MODE field (f16:
//!   `[7:6]`; f32, bf16: `[5:4]`), intermediate results are not flushed, the result flushes
//!   by its format's output bit; NaNs by the arithmetic rule in evaluation order. The
//!   reference ignores clamp and OMOD for float dots: so does the model. VOP3P: OP_SEL picks
//!   the halves of the low product, OP_SEL_HI those of the high product, NEG_LO/NEG_HI
//!   negate them, `NEG_LO[2]` negates the f32 addend (`NEG_HI[2]` stops the wave); abs/neg on
//!   the VOP3/VOP2 forms stop the wave. Inline constants (reference 7.5.1): `v_dot2_f32_f16`
//!   takes the 32-bit (f32) constant and OPSEL picks its halves, the bf16 forms the upper
//!   16 bits of the f32 constant in both halves, `v_dot2acc_f32_f16` the f16 constant in
//!   both halves, `v_dot2_f16_f16` the f16 constant in the low half.
//! * `v_fma_mix_f32`, `v_fma_mixlo_f16`, `v_fma_mixhi_f16`: each source is its f32 value
//!   (OP_SEL_HI bit 0; an inline constant is the f32 constant) or the f16 half OP_SEL picks
//!   (an inline constant is the f16 constant in the low half), converted exactly to f32;
//!   NEG negates and NEG_HI takes the absolute value (abs first); one f32 fma, rounded
//!   once. `mixlo`/`mixhi` then convert that f32 to f16 (a second rounding, as the
//!   pseudocode's `f32_to_f16(fma(...))` says) into the low/high half, keeping the other.
//!   f16 inputs flush by the f16 MODE field, f32 ones by the f32 field; the f32
//!   intermediate of `mixlo/hi` is not flushed; the result flushes by its format, then
//!   clamp; round modes other than nearest even stop the wave.
//! * Values are computed in f64 on the host and rounded once: f32/f64 add, mul and fma use
//!   the host's IEEE operations (correctly rounded); f16 sums and products are exact in f64
//!   and f16/f32 fma is rounded to odd in f64 first, so every result is correctly rounded.
//! * Rounding: round to nearest even only. An opcode that rounds stops the wave with
//!   [`ModelError::Unsupported`] naming the mode when MODE's round field for its format
//!   (`FP_ROUND[1:0]` f32, `[3:2]` f16/f64; conversions: the destination's) is not 0.
//!   Compares, min/max, floor/ceil/trunc/rndne, frexp and float-to-integer conversions do
//!   not round and run under any mode. `v_cvt_pk_rtz_f16_f32` always rounds toward zero.
//! * Denormals (MODE `FP_DENORM`, `[5:4]` f32, `[7:6]` f16/f64; bit 0 allows input, bit 1
//!   output denormals): a flushed input or output denormal becomes a zero of its sign;
//!   outputs flush after rounding. Selections (min/max family) are not flushed on output
//!   (the reference: "output denorm mode is irrelevant") but take OMOD and clamp ("supports
//!   ... saturation"); `v_cmp_class`, `v_div_scale` and
//!   `v_div_fmas` read their inputs unflushed (the reference: "input denormals are not
//!   flushed"). Conversions flush inputs by the source format's mode, outputs by the
//!   destination's (`v_cvt_f16_f32` output: the f16/f64 mode, as the reference says).
//! * NaN: a result from NaN sources is the first NaN source (S0, S1, S2 order) with its
//!   quiet bit set, payload kept; an invalid operation (inf - inf, 0 * inf, sqrt(-1), ...)
//!   gives the reference's default NaN 0xffc00000 (f64 0xfff8000000000000, f16 0xfe00), as
//!   its examples show (`V_SQRT_F32(0xff800000) => 0xffc00000`). Float-to-float conversions
//!   keep sign and payload (truncated/zero-extended), quiet bit set. Min/max, med3,
//!   `v_frexp_mant` and `v_div_fixup` follow their pseudocode (IEEE mode: signalling NaNs
//!   quieted, quiet NaNs lose to numbers; non-IEEE: any NaN loses). Float-to-integer
//!   conversions saturate and give 0 for NaN.
//! * Transcendentals: `v_rcp`, `v_sqrt` and `v_rsq` are 1/x, sqrt(x), 1/sqrt(x) in f64
//!   rounded to nearest even (rcp and sqrt correctly rounded; rsq has two f64 roundings);
//!   `v_exp` (2^x), `v_log` (log2 x, log(±0) = -inf) use the host libm's `exp2`/`log2` in f64
//!   then round; `v_sin`/`v_cos` compute sin(2 pi x)/cos(2 pi x) with the argument reduced
//!   exactly to t in [-0.25, 0.25] (so sin(0.25) = 1, cos(0.25) = +0, sin(-0) = -0, integer
//!   x gives +0) then `sin(2 pi t)` in f64. This is the correctly rounded result except when
//!   the exact value lies within about 2^-29 relative of an f32 rounding boundary (f16:
//!   2^-42); the hardware is specified to 1 ULP, so the RTL must implement this model's
//!   choice, not AMD's tables. Input denormals follow MODE for these too.
//! * Output modifiers: OMOD (×2, ×4, ×0.5) applies only when IEEE = 0 and the format's output
//!   denormals are off (reference 7.2.3.1), and then a zero result is +0; then output
//!   flushing; then clamp to [0.0, 1.0] (a NaN becomes +0 with DX10_CLAMP, passes
//!   otherwise). `v_cvt_pk_rtz_f16_f32`, a packed f16 result, takes clamp on each half and
//!   no OMOD (7.2.3.1: packed f16 results ignore it). Integer-result opcodes and compares
//!   ignore clamp/OMOD (for compares clamp only signals exceptions, which are not
//!   modelled). Input modifiers abs then neg (VOP3 bits, or the DPP16 dword's src0/src1
//!   neg/abs bits) act on the sign bit of float
//!   operands; set on an integer operand they stop the wave. A 32-bit literal on an f64
//!   operand is the high dword (reference 4.1).
//! * Division helpers: `v_div_scale` follows the rules gfx1100 hardware follows, which
//!   AMD's rocjitsu emulator states as checked on gfx1100/gfx1201 (`shared/division.h`);
//!   the pseudocode's `DENORM` predicates (`1.0 / S1`, `S2 / S1`) are not what it tests.
//!   With `de`, `ne` the biased exponent fields of S1 (denominator) and S2 (numerator), 0
//!   for zeros and denormals, read unflushed, and S0 the denominator when its bits equal
//!   S1's: `ne - de >= 96` (f64: 768): VCC = 1, the denominator scaled by 2^64 (f64:
//!   2^128); else `de == 0`: S0 scaled up; else `de >= 253` (f64: 2045; 1/S1 a denormal):
//!   VCC = `ne - de <= -96`, S0 scaled down by 2^-64 except a numerator when VCC is set;
//!   else `ne - de <= -96`: VCC = 1, the numerator scaled up; else `ne <= 24` (f64: 53, the
//!   tiny numerator): S0 scaled up; else S0. Then a zero S1 or S2 gives the NaN 0xffc00000
//!   (with the VCC above), an infinite or NaN S0 itself (quieted), others the scaled S0
//!   rounded once, a denormal result flushed by the output denormal mode.
//!   `v_div_fmas` deviates from the pseudocode's `2.0 ** 32` (f64: `2.0 ** 64`), which cannot
//!   undo `v_div_scale`'s 2^64 (f64: 2^128) pre-scale: with VCC it scales the fused result by
//!   2^64 when the exponent of S2 (the scaled quotient) is above the bias, else by 2^-64
//!   (f64: 2^±128), with a single rounding for f32. `v_div_fixup`'s UNDERFLOW/OVERFLOW
//!   are ±0 and ±inf (the round-to-nearest results); its f32/f64 OVERFLOW case is an
//!   infinite or NaN quotient S0 (as gfx1100 does, rocjitsu's rule; the pseudocode's
//!   `exponent(S1) == 255` cannot hold there), f16 keeps the pseudocode. With these the
//!   compiler's division sequence gives the IEEE quotient (tests).
//!
//! # WMMA (`wmma.rs`)
//!
//! `v_wmma_{f32_16x16x16_f16, f32_16x16x16_bf16, f16_16x16x16_f16, bf16_16x16x16_bf16,
//! i32_16x16x16_iu8, i32_16x16x16_iu4}` (VOP3P, wave32): `D = A * B + C` on 16x16 matrices
//! (`D[m][n] = sum_k A[m][k] * B[k][n] + C[m][n]`). The layout diagrams of reference 7.9
//! are pictures; the model uses the layout LLVM and AMD's examples use:
//!
//! * A (column-major in the registers): lane `m` (0..=15) holds row m, B: lane `n` holds
//!   column n; element `k` lies at bit `k * w` of the operand's registers (`w` = 16: 8
//!   VGPRs, element `2j` in the low and `2j + 1` in the high half of VGPR j; iu8: 4 VGPRs,
//!   4 bytes each; iu4: 2 VGPRs, 8 nibbles each). The reference requires lanes 16..=31 to
//!   hold copies of lanes 0..=15; the model reads lanes 0..=15 only.
//! * C and D (row-major): 8 VGPRs; VGPR r of lane l holds element `(2 r + l / 16, l % 16)`,
//!   as an f32/i32, or for the f16/bf16 results in the low half (the high half with
//!   `OPSEL[2]`, which selects C's half and D's alike); the other half of each D register
//!   keeps its value (LLVM packs two f16 results into one register run that way).
//!   `OPSEL[1:0]` and OP_SEL_HI are unused (the reference), `OPSEL[2]` of the 32-bit forms
//!   too. All 32 lanes of D are written whatever EXEC is (the pseudocode sets EXEC to all
//!   ones around the operation); the trace shows the full lane mask.
//! * Operands: A and B must be VGPRs; C is 8 VGPRs or an inline constant (the same value
//!   for every element: for the f32/i32 forms the 32-bit constant, for f16 the f16
//!   constant (an integer's low 16 bits), for bf16 the upper half of the f32 (32-bit)
//!   constant, each replicated into both halves). A register run past v255, an SGPR or a
//!   literal stops the wave with [`ModelError::BadVgpr`] naming the PC and word. The
//!   model reads every source before writing, so D may overlap A, B or C (the reference's
//!   hazard rule for back-to-back dependent WMMAs is not checked). DPP stops the wave.
//! * Integer forms: `NEG[0]`/`NEG[1]` say A/B elements are signed (1) or unsigned (0);
//!   `NEG[2]` and NEG_HI "must be zero" and stop the wave. The sum `C + sum of the 16
//!   products` is exact; with clamp it saturates to the i32 range (as the
//!   `v_dot4_i32_iu8` family, and LLVM's `clamp` operand; reference 7.2.3.1 lists "WMMA
//!   ops" among those ignoring clamp, taken to mean the float forms), otherwise it wraps to
//!   32 bits.
//! * Float forms: `NEG[0]`/`NEG_HI[0]` negate the even (low-half) / odd (high-half) K
//!   elements of A, bit 1 those of B; `NEG_HI[2]` takes C's absolute value, then `NEG[2]`
//!   negates it (reference 7.9, `{ABS, NEG}`); clamp is ignored (7.2.3.1).
//! * Float accumulation (the reference leaves precision and order open): the 16 products
//!   and C are summed exactly (order-free) and the sum is rounded once to nearest even to
//!   the D format (f32, f16 or bf16; overflow gives infinity). A NaN input, an `inf * 0`
//!   product or infinities of both signs give the format's default NaN (0xffc00000,
//!   0xfe00, bf16 0xffc0) — there is no "first NaN operand" in a matrix sum; an exact zero
//!   is -0 only when every product and C are -0. WMMA ignores MODE: denormal inputs and
//!   results are kept whatever `FP_DENORM` says, and rounding is always to nearest even
//!   (the reference: "WMMA supports only round-to-nearest-even"). "WMMA does not generate
//!   any ALU exceptions": none are modelled anyway.
//!
//! # No-ops and unsupported opcodes
//!
//! Retired, traced, no writes: `s_nop`, `s_setkill`, `s_sleep`, `s_set_inst_prefetch_distance`,
//! `s_clause`, `s_delay_alu`, `s_waitcnt`, `s_wait_idle`, `s_wait_event`, `s_setprio`,
//! `s_icache_inv`, `s_barrier` (it marks the wave as waiting: [`Machine::at_barrier`]; a
//! lone wave goes on), `s_wakeup`, `s_incperflevel`,
//! `s_decperflevel`, `s_sendmsg`, `s_version`, `s_waitcnt_vscnt/vmcnt/expcnt/lgkmcnt`,
//! `s_waitcnt_depctr`, and
//! the debug branches `s_cbranch_cdbgsys*`/`s_cbranch_cdbguser` (never taken: no debugger),
//! `buffer_gl0_inv`, `buffer_gl1_inv`, `s_dcache_inv` and `s_gl1_inv` (the model has no caches).
//! (The waits count for the wait checker: "Memory waits" above.)
//!
//! There is no trap handler: `s_trap` stops the wave with [`ModelError::Trap`] naming the
//! PC and the trap ID (`SIMM16[7:0]`; clang's `__builtin_trap()` is `s_trap 2`).
//! `s_sethalt` with `SIMM16[0]` = 1 (HALT, or FATAL_HALT with
//! `SIMM16[2]`) stops it with [`ModelError::Halt`] (nothing would resume the wave); with
//! `SIMM16[0]` = 0 it clears a bit that is never set and retires with no writes.
//!
//! Stop with [`ModelError::Unsupported`]: `s_rfe_b64`,
//! `s_sendmsghalt`, `s_endpgm_saved`, `s_endpgm_ordered_ps_done`, `s_sendmsg_rtn_b32/b64`
//! (no trap handler to return from, no halting, no upstream hardware to answer a message),
//! `s_code_end` (an illegal-instruction marker), `s_subvector_loop_begin/end` (wave64
//! subvector looping) and `s_ttracedata`/`s_ttracedata_imm` (no thread trace unit).

mod dpp;
mod fast;
mod lds;
mod operands;
mod program;
mod salu;
mod smem;
mod valu;
mod valu_float;
mod vmem;
pub mod waits;
mod wave;
mod wmma;
pub mod workgroup;

pub use lds::ds_unsupported;
pub use program::Program;
pub use valu::{dpp_modelled, valu_implemented};
use wave::per_lane;
pub use wave::{Lanes, Wave, LANES, SCALAR_REGS, VGPRS};

use crate::memory::{Memory, MemoryError};
use crate::trace::{Space, TraceEvent, Write};
use cu32_isa::operand::{NULL, TTMP0};
use cu32_isa::{DecodeError, Format, Instr};
use program::Decoded;
use std::sync::Arc;

/// Opcodes the model refuses, with the reason (also listed in the module documentation).
pub const UNSUPPORTED: &[(&str, &str)] = &[
    ("s_rfe_b64", "there is no trap handler to return from"),
    ("s_sendmsghalt", "halting is not modelled"),
    ("s_endpgm_saved", "context save is not modelled"),
    ("s_endpgm_ordered_ps_done", "pixel shaders are not modelled"),
    ("s_sendmsg_rtn_b32", "no upstream hardware answers messages"),
    ("s_sendmsg_rtn_b64", "no upstream hardware answers messages"),
    (
        "s_code_end",
        "it marks the end of a code buffer (illegal instruction)",
    ),
    (
        "s_subvector_loop_begin",
        "subvector looping (wave64 in two halves) is not modelled",
    ),
    (
        "s_subvector_loop_end",
        "subvector looping (wave64 in two halves) is not modelled",
    ),
    ("s_ttracedata", "there is no thread trace unit"),
    ("s_ttracedata_imm", "there is no thread trace unit"),
];

/// The memory an [`Exec`] sees when none is given.
static EMPTY: Memory = Memory::new();

/// Hardware register id of MODE for `s_getreg_b32`/`s_setreg_b32`.
pub const HW_REG_MODE: u16 = 1;

/// What a call of [`Machine::run`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSummary {
    /// Instructions retired by this call.
    pub retired: u64,
}

/// Why the wave stopped with an error. Every message names the PC and, when there is one,
/// the instruction word.
/// A branch target as a message shows it: `0x20000`, or `-0x1fffc` below address 0.
fn signed_hex(v: i128) -> String {
    if v < 0 {
        format!("-0x{:x}", v.unsigned_abs())
    } else {
        format!("0x{v:x}")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The word at the PC is not an instruction (or its literal is missing).
    #[error("pc 0x{pc:04x}: {source}")]
    Decode { pc: u32, source: DecodeError },
    /// The PC left the code (no `s_endpgm` on the way).
    #[error("pc 0x{pc:04x}: outside the program ({len} bytes), no s_endpgm on the way")]
    PcOutsideProgram { pc: u32, len: u64 },
    /// A kernel's wave ran past the end of the kernel's code (its symbol) into what
    /// follows it, which does not decode or is not modelled: no `s_endpgm` on the way.
    #[error("pc 0x{pc:04x}: past the end of the kernel's code (0x{start:04x}..0x{end:04x}), no s_endpgm on the way")]
    PastKernelEnd { pc: u32, start: u32, end: u32 },
    /// A branch, call or jump aims outside the code or between dwords.
    #[error("pc 0x{pc:04x}: {name} (0x{word:08x}): branch target {} outside the program ({len} bytes)", signed_hex(*target))]
    BranchTarget {
        pc: u32,
        word: u32,
        name: String,
        target: i128,
        len: u64,
    },
    /// An opcode (or hardware register) the functional model does not provide.
    #[error(
        "pc 0x{pc:04x}: {name} (0x{word:08x}) is unsupported in the functional model: {reason}"
    )]
    Unsupported {
        pc: u32,
        word: u32,
        name: String,
        reason: String,
    },
    /// A reserved or unmodelled source operand code (apertures, ...).
    #[error("pc 0x{pc:04x}: {name} (0x{word:08x}): source operand code {code} is not supported")]
    BadOperand {
        pc: u32,
        word: u32,
        name: String,
        code: u8,
    },
    /// A VGPR operand that is not a VGPR (a scalar code in a VGPR-only field) or a
    /// multi-register VGPR operand running past v255.
    #[error("pc 0x{pc:04x}: {name} (0x{word:08x}): {what}")]
    BadVgpr {
        pc: u32,
        word: u32,
        name: String,
        what: String,
    },
    /// A global memory access failed (unmapped address, store into read-only memory, ...).
    #[error("pc 0x{pc:04x}: {name} (0x{word:08x}), lane {lane}: {error}")]
    Memory {
        pc: u32,
        word: u32,
        name: String,
        lane: usize,
        error: Box<MemoryError>,
    },
    /// `s_trap`: the wave traps to a handler, and there is none (clang's `__builtin_trap()`
    /// is `s_trap 2`).
    #[error("pc 0x{pc:04x}: s_trap {id} (0x{word:08x}): the wave trapped (trap ID {id}) and there is no trap handler")]
    Trap { pc: u32, word: u32, id: u8 },
    /// `s_sethalt` setting HALT or FATAL_HALT (`SIMM16[0]` = 1): the wave halts, and nothing
    /// would resume it.
    #[error(
        "pc 0x{pc:04x}: s_sethalt {simm} (0x{word:08x}): the wave halted and nothing can resume it"
    )]
    Halt { pc: u32, word: u32, simm: u16 },
    /// `max_instructions` retired without reaching `s_endpgm`.
    #[error("instruction budget of {max} exhausted at pc 0x{pc:04x}")]
    Budget { max: u64, pc: u32 },
    /// With the wait checker on ([`Machine::check_waits`]): the instruction reads or
    /// writes a register an outstanding memory instruction is still to write.
    #[error("pc 0x{pc:04x}: {name} (0x{word:08x}): {hazard}")]
    Wait {
        pc: u32,
        word: u32,
        name: String,
        hazard: Box<waits::Hazard>,
    },
}

/// The LDS a plain program gets unless told otherwise: the gfx1100 work-group maximum.
pub const PLAIN_LDS_BYTES: u32 = 64 * 1024;

/// A program and the one wave that runs it. The PC counts bytes from the program's first
/// word, which lies at address `base` (0 for an assembly program; a kernel's code object
/// image for a dispatch, so that `s_getpc_b64`/`s_setpc_b64` see real addresses).
#[derive(Clone, Debug)]
pub struct Machine {
    program: Arc<Program>,
    slot: u32,
    wave: Wave,
    ended: bool,
    at_barrier: bool,
    retired: u64,
    /// The wave's private (scratch) memory: the address of lane 0's segment in global
    /// memory and the bytes per lane (lane `l`'s segment follows at `l * bytes`).
    private: (u64, u32),
    /// Write lists of the last instruction, kept to reuse their allocations.
    buffers: Buffers,
    /// Lane arrays the fast path broadcasts scalar sources into.
    scratch: Box<[Lanes; 4]>,
    /// Whether an instruction outside the program's sweep ran (it may have written any
    /// VGPR, not only those below [`Program::vgpr_bound`]).
    off_sweep: bool,
    /// The wait checker's outstanding memory instructions, when it is on.
    waits: Option<Box<waits::Waits>>,
}

/// What one retired instruction was, for statistics.
#[derive(Clone, Copy, Debug)]
pub struct Retired {
    pub format: Format,
    /// EXEC when it issued.
    pub exec: u64,
}

/// The writes an instruction collects before it retires.
#[derive(Clone, Debug, Default)]
struct Buffers {
    /// 32-bit scalar register writes in pseudocode order.
    writes: Vec<(u8, u32)>,
    /// VGPR writes in pseudocode order.
    vgpr_writes: Vec<VgprWrite>,
    /// Memory writes ([`Write::Mem`]) in program order (lane order within a step).
    mem_writes: Vec<Write>,
}

impl Buffers {
    /// Empties the lists, keeping their allocations.
    fn clear(&mut self) {
        self.writes.clear();
        self.vgpr_writes.clear();
        self.mem_writes.clear();
    }
}

impl Machine {
    /// Loads `code` at byte address 0; the wave starts in [`Wave::new`] state.
    pub fn new(code: Vec<u32>) -> Machine {
        Machine::at(code, 0, 0)
    }

    /// Loads `code` (a copy of read-only memory) at address `base` for wave slot `slot`
    /// (the trace's wave number).
    pub fn at(code: Vec<u32>, base: u64, slot: u32) -> Machine {
        Machine::with_program(Arc::new(Program::new(code, base)), slot)
    }

    /// A wave in slot `slot` running `program` (shared by the waves of a dispatch).
    pub fn with_program(program: Arc<Program>, slot: u32) -> Machine {
        let vgpr = Box::new([[0; LANES]; VGPRS]);
        Machine::assemble(
            program,
            slot,
            vgpr,
            Buffers::default(),
            Box::new([[0; LANES]; 4]),
        )
    }

    /// [`Machine::with_program`], reusing the allocations of `old` (a wave that has run):
    /// its VGPR file is zeroed only as far as `old` can have written it: below `written`
    /// ([`Program::vgpr_bound`] of its program and the PC it started at), unless it ran an
    /// instruction outside the sweep.
    pub fn recycle(old: Machine, written: usize, program: Arc<Program>, slot: u32) -> Machine {
        let Machine {
            wave,
            mut buffers,
            scratch,
            off_sweep,
            ..
        } = old;
        let mut vgpr = wave.vgpr;
        let dirty = if off_sweep { VGPRS } else { written.min(VGPRS) };
        vgpr[..dirty].fill([0; LANES]);
        buffers.clear();
        Machine::assemble(program, slot, vgpr, buffers, scratch)
    }

    /// A machine in its initial state around a zeroed VGPR file and empty buffers.
    fn assemble(
        program: Arc<Program>,
        slot: u32,
        vgpr: Box<[Lanes; VGPRS]>,
        buffers: Buffers,
        scratch: Box<[Lanes; 4]>,
    ) -> Machine {
        Machine {
            program,
            slot,
            wave: Wave::with_vgprs(vgpr),
            ended: false,
            at_barrier: false,
            retired: 0,
            private: (0, 0),
            buffers,
            scratch,
            off_sweep: false,
            waits: None,
        }
    }

    /// Turns the memory-wait checker (module `waits`) on or off (off at start): with it
    /// on, an instruction that reads or writes a register a memory instruction may still
    /// be writing on real hardware, before the `s_waitcnt` that makes sure it has, stops
    /// the wave with [`ModelError::Wait`]. The wave then runs on the general path only.
    pub fn check_waits(&mut self, on: bool) {
        self.waits = on.then(Box::default);
    }

    /// Whether the memory-wait checker is on.
    pub fn checks_waits(&self) -> bool {
        self.waits.is_some()
    }

    /// Gives the wave private (scratch) memory: `bytes` per lane, lane `l`'s segment at
    /// `base + l * bytes` of global memory (allocated by the dispatch). Without one, every
    /// SCRATCH access is outside the (empty) segment.
    pub fn set_private(&mut self, base: u64, bytes: u32) {
        self.private = (base, bytes);
    }

    /// Whether the wave waits at `s_barrier` (set when one retires).
    pub fn at_barrier(&self) -> bool {
        self.at_barrier
    }

    /// Lets a wave waiting at a barrier go on.
    pub fn release_barrier(&mut self) {
        self.at_barrier = false;
    }

    /// The wave's current state.
    pub fn wave(&self) -> &Wave {
        &self.wave
    }

    /// Mutable access to the wave, to set up a state other than the initial one (dispatch).
    pub fn wave_mut(&mut self) -> &mut Wave {
        &mut self.wave
    }

    /// Whether the wave has executed `s_endpgm`.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Instructions retired since the machine was created.
    pub fn retired(&self) -> u64 {
        self.retired
    }

    /// Executes one instruction. `Ok(None)` once the wave has ended. On an error the wave
    /// state is unchanged.
    pub fn step(&mut self) -> Result<Option<TraceEvent>, ModelError> {
        self.step_in(&mut Memory::new(), &mut [])
    }

    /// Executes one instruction with global memory `memory` and the work-group's LDS
    /// `lds`, and gives its trace event. Memory writes are made only when the instruction
    /// retires.
    pub fn step_in(
        &mut self,
        memory: &mut Memory,
        lds: &mut [u8],
    ) -> Result<Option<TraceEvent>, ModelError> {
        Ok(self.step_traced(memory, lds)?.map(|(_, event)| event))
    }

    /// [`Machine::step_in`], also saying what retired.
    pub fn step_traced(
        &mut self,
        memory: &mut Memory,
        lds: &mut [u8],
    ) -> Result<Option<(Retired, TraceEvent)>, ModelError> {
        let mut event = TraceEvent {
            wave: self.slot,
            pc: self.wave.pc,
            words: Vec::new(),
            exec: self.wave.exec(),
            writes: Vec::new(),
        };
        Ok(self
            .execute(memory, lds, Some(&mut event))?
            .map(|retired| (retired, event)))
    }

    /// Executes one instruction, filling `event` (wave, PC and EXEC already set) when given.
    fn execute(
        &mut self,
        memory: &mut Memory,
        lds: &mut [u8],
        event: Option<&mut TraceEvent>,
    ) -> Result<Option<Retired>, ModelError> {
        if self.ended {
            return Ok(None);
        }
        let pc = self.wave.pc;
        let start = (pc / 4) as usize;
        let program = &*self.program;
        if !pc.is_multiple_of(4) || start >= program.words().len() {
            return Err(ModelError::PcOutsideProgram {
                pc,
                len: program.len_bytes(),
            });
        }
        let fresh;
        let decoded = match program.cached(start) {
            Some(d) => d,
            None => {
                self.off_sweep = true;
                fresh = program
                    .decode_at(start)
                    .map_err(|source| ModelError::Decode { pc, source })?;
                &fresh
            }
        };
        let words = &program.words()[start..start + decoded.len as usize];
        let exec = self.wave.exec();
        let mut ex = Exec::new(
            &self.wave,
            decoded,
            pc,
            words[0],
            program.len_bytes(),
            &mut self.buffers,
        );
        ex.base = program.base();
        ex.private = self.private;
        ex.memory = memory;
        ex.lds = lds;
        if let Some(reason) = decoded.unsupported {
            return Err(ex.unsupported(reason));
        }
        if let Some(w) = &self.waits {
            let instr = &decoded.instr;
            if let Some(hazard) = w.check(&waits::access(instr), waits::mem_op(instr).as_ref()) {
                return Err(ModelError::Wait {
                    pc,
                    word: words[0],
                    name: decoded.instr.op.name.clone(),
                    hazard: Box::new(hazard),
                });
            }
        }
        if let Err(e) = ex.execute() {
            ex.buffers.clear();
            return Err(e);
        }
        let Exec {
            scc,
            ttmp_blocked,
            next_pc,
            mode,
            end,
            barrier,
            ..
        } = ex;
        let buffers = &self.buffers;
        for w in &buffers.mem_writes {
            if let Write::Mem {
                space,
                addr,
                size,
                value,
            } = *w
            {
                let bytes = &value.to_le_bytes()[..usize::from(size)];
                match space {
                    Space::Global => memory
                        .write(addr, bytes)
                        .expect("checked by the instruction"),
                    Space::Lds => lds[addr as usize..][..bytes.len()].copy_from_slice(bytes),
                }
            }
        }
        // Commit in program order (a later write to the same register wins).
        for &(index, value) in &buffers.writes {
            self.wave.sgpr[usize::from(index)] = value;
        }
        for w in &buffers.vgpr_writes {
            write_lanes(&mut self.wave.vgpr[usize::from(w.index)], w.mask, &w.values);
        }
        let scc = scc.filter(|_| !ttmp_blocked);
        if let Some(b) = scc {
            self.wave.scc = b;
        }
        if let Some(event) = event {
            event.words = words.to_vec();
            // Each scalar register once, with its final value.
            let mut seen = [false; SCALAR_REGS];
            for &(index, _) in buffers.writes.iter().rev() {
                if !std::mem::replace(&mut seen[usize::from(index)], true) {
                    event.writes.push(Write::Sgpr {
                        index,
                        value: self.wave.sgpr[usize::from(index)],
                    });
                }
            }
            event
                .writes
                .extend(vgpr_events(&self.wave, &buffers.vgpr_writes));
            event.writes.extend(scc.map(Write::Scc));
            event.writes.extend_from_slice(&buffers.mem_writes);
            event.normalize();
        }
        if let Some(m) = mode {
            self.wave.mode = m;
        }
        if let Some(w) = &mut self.waits {
            let sgpr = &self.wave.sgpr;
            w.retire(&decoded.instr, pc, |c| sgpr[usize::from(c)]);
        }
        self.wave.pc = next_pc;
        self.ended = end;
        self.at_barrier = barrier;
        self.retired += 1;
        self.buffers.clear();
        Ok(Some(Retired {
            format: decoded.instr.op.format,
            exec,
        }))
    }

    /// Runs until `s_endpgm`, at most `max_instructions` instructions, with an empty
    /// global memory and no LDS.
    pub fn run(&mut self, max_instructions: u64) -> Result<RunSummary, ModelError> {
        self.run_in(max_instructions, &mut [])
    }

    /// [`Machine::run`] with `lds` as the wave's LDS (its length is the LDS size; accesses
    /// beyond it follow the LDS out-of-range rule).
    pub fn run_in(
        &mut self,
        max_instructions: u64,
        lds: &mut [u8],
    ) -> Result<RunSummary, ModelError> {
        let mut budget = max_instructions;
        let mut memory = Memory::new();
        let mut stats = workgroup::Stats::default();
        while !self.ended {
            if budget == 0 {
                return Err(self.budget_error(max_instructions));
            }
            self.run_quiet(&mut memory, lds, &mut budget, &mut stats)?;
            // One wave: a barrier waits for nobody.
            self.release_barrier();
        }
        Ok(RunSummary {
            retired: max_instructions - budget,
        })
    }

    /// Like [`Machine::run`], handing every trace event to `sink`.
    pub fn run_traced(
        &mut self,
        max_instructions: u64,
        sink: impl FnMut(&TraceEvent),
    ) -> Result<RunSummary, ModelError> {
        self.run_traced_in(max_instructions, &mut [], sink)
    }

    /// Like [`Machine::run_in`], handing every trace event to `sink`.
    pub fn run_traced_in(
        &mut self,
        max_instructions: u64,
        lds: &mut [u8],
        mut sink: impl FnMut(&TraceEvent),
    ) -> Result<RunSummary, ModelError> {
        let mut retired = 0;
        let mut memory = Memory::new();
        while !self.ended {
            if retired == max_instructions {
                return Err(self.budget_error(max_instructions));
            }
            let event = self.step_in(&mut memory, lds)?;
            // One wave: a barrier waits for nobody.
            self.release_barrier();
            if let Some(event) = event {
                sink(&event);
                retired += 1;
            }
        }
        Ok(RunSummary { retired })
    }

    fn budget_error(&self, max: u64) -> ModelError {
        ModelError::Budget {
            max,
            pc: self.wave.pc,
        }
    }
}

/// Writes `values` into the `mask` lanes of `regs`.
fn write_lanes(regs: &mut Lanes, mask: u32, values: &Lanes) {
    if mask == u32::MAX {
        *regs = *values;
    } else {
        for (lane, reg) in regs.iter_mut().enumerate() {
            let keep = (mask >> lane & 1).wrapping_sub(1);
            *reg = (*reg & keep) | (values[lane] & !keep);
        }
    }
}

/// One 32-bit VGPR written under a lane mask.
#[derive(Clone, Debug)]
struct VgprWrite {
    index: u8,
    mask: u32,
    values: Lanes,
}

/// The trace writes of an instruction's VGPR writes: one per register, with the union of
/// the lane masks and the final values of those lanes (0 outside the mask).
fn vgpr_events(wave: &Wave, writes: &[VgprWrite]) -> Vec<Write> {
    let mut masks: Vec<(u8, u32)> = Vec::new();
    for w in writes {
        match masks.iter_mut().find(|(i, _)| *i == w.index) {
            Some((_, m)) => *m |= w.mask,
            None => masks.push((w.index, w.mask)),
        }
    }
    masks
        .into_iter()
        .map(|(index, mask)| {
            let regs = &wave.vgpr[usize::from(index)];
            let values = per_lane(|l| if mask >> l & 1 == 1 { regs[l] } else { 0 });
            Write::Vgpr {
                index,
                mask,
                values,
            }
        })
        .collect()
}

/// Result type of the executor's helpers.
type Res<T> = Result<T, ModelError>;

/// One instruction being executed: reads come from the state before the instruction, writes
/// are collected and committed by [`Machine::step`].
struct Exec<'a> {
    wave: &'a Wave,
    instr: &'a Instr,
    pc: u32,
    word: u32,
    len: u64,
    /// Address of PC 0.
    base: u64,
    /// The wave's private segments (see [`Machine::set_private`]).
    private: (u64, u32),
    memory: &'a Memory,
    /// The global allocation read last (base address, bytes), see `vmem`.
    region: std::cell::Cell<(u64, &'a [u8])>,
    lds: &'a [u8],
    /// The instruction's writes, committed when it retires.
    buffers: &'a mut Buffers,
    /// The instruction with what was resolved when it was decoded.
    decoded: &'a Decoded,
    barrier: bool,
    scc: Option<bool>,
    /// A write to a TTMP was attempted (and dropped): SCC is not updated either.
    ttmp_blocked: bool,
    next_pc: u32,
    mode: Option<u32>,
    end: bool,
}

impl<'a> Exec<'a> {
    fn new(
        wave: &'a Wave,
        decoded: &'a Decoded,
        pc: u32,
        word: u32,
        len: u64,
        buffers: &'a mut Buffers,
    ) -> Exec<'a> {
        let instr = &decoded.instr;
        Exec {
            wave,
            decoded,
            instr,
            pc,
            word,
            len,
            base: 0,
            private: (0, 0),
            memory: &EMPTY,
            region: std::cell::Cell::new((0, &[])),
            lds: &[],
            buffers,
            barrier: false,
            scc: None,
            ttmp_blocked: false,
            next_pc: pc.wrapping_add(4 * decoded.len),
            mode: None,
            end: false,
        }
    }

    fn name(&self) -> &'static str {
        self.instr.op.name.as_str()
    }

    fn mn(&self) -> cu32_isa::Mn {
        self.instr.op.mn
    }

    fn unsupported(&self, reason: impl Into<String>) -> ModelError {
        ModelError::Unsupported {
            pc: self.pc,
            word: self.word,
            name: self.name().to_string(),
            reason: reason.into(),
        }
    }

    // ---- destinations --------------------------------------------------------------

    /// Writes one dword of the register space (null dropped, TTMPs dropped and block SCC).
    fn write_reg(&mut self, code: u8, value: u32) {
        match code {
            NULL => {}
            TTMP0..=123 => self.ttmp_blocked = true,
            _ => self.buffers.writes.push((code & 0x7f, value)),
        }
    }

    fn write32(&mut self, code: u8, value: u32) {
        self.write_reg(code, value);
    }

    fn write64(&mut self, code: u8, value: u64) {
        let base = code & 0x7e;
        if base == NULL {
            return;
        }
        self.write_reg(base, value as u32);
        self.write_reg(base + 1, (value >> 32) as u32);
    }

    fn set_scc(&mut self, b: bool) {
        self.scc = Some(b);
    }

    // ---- execution -----------------------------------------------------------------

    fn execute(&mut self) -> Res<()> {
        match self.instr.op.format {
            Format::Sop2 => self.sop2(),
            Format::Sopk => self.sopk(),
            Format::Sop1 => self.sop1(),
            Format::Sopc => self.sopc(),
            Format::Sopp => self.sopp(),
            f if f.is_valu_or_vopd() => self.valu(),
            Format::Smem => self.smem(),
            Format::Flat | Format::Global => self.vmem(),
            Format::Scratch => self.scratch(),
            Format::Ds => self.ds(),
            Format::Mubuf if matches!(self.name(), "buffer_gl0_inv" | "buffer_gl1_inv") => Ok(()),
            // MUBUF: no semantics yet (VOP3P: `valu`)
            _ => Err(self.not_modelled()),
        }
    }

    fn not_modelled(&self) -> ModelError {
        self.unsupported("the model has no semantics for this opcode")
    }
}
