//! Per-opcode tests of the model's memory instructions (SMEM, GLOBAL/FLAT, DS), with
//! expectations worked out from the chapter 16 pseudocode of the RDNA3 reference: widths,
//! sign and zero extension, offsets, atomics and their return values, EXEC masking, the LDS
//! `2addr` offsets, out-of-range LDS accesses, swizzle and permute patterns, the trace's
//! memory writes, and errors naming the PC and the address.

use cu32_sim::memory::Memory;
use cu32_sim::{Machine, Space, TraceEvent, Write};

/// A program with its global memory and LDS.
struct Run {
    m: Machine,
    mem: Memory,
    lds: Vec<u8>,
    events: Vec<TraceEvent>,
}

/// Assembles `body` + `s_endpgm`; v0 holds the lane id, s[0:1] the address of `buf`
/// (placed in global memory), v[2:3] per lane `buf + 4 * lane`.
fn setup(body: &str, buf: Vec<u8>, lds_size: usize) -> (Run, u64) {
    let src = format!("{body}\ns_endpgm\n");
    let program = cu32_isa::asm::assemble(&src, "test.s").expect("test program assembles");
    let mut m = Machine::new(program.words);
    let mut mem = Memory::new();
    let addr = mem.allocate("buf", buf, true);
    let w = m.wave_mut();
    w.sgpr[0] = addr as u32;
    w.sgpr[1] = (addr >> 32) as u32;
    for l in 0..32 {
        w.vgpr[0][l] = l as u32;
        let a = addr + 4 * l as u64;
        w.vgpr[2][l] = a as u32;
        w.vgpr[3][l] = (a >> 32) as u32;
    }
    let run = Run {
        m,
        mem,
        lds: vec![0; lds_size],
        events: Vec::new(),
    };
    (run, addr)
}

impl Run {
    fn go(mut self) -> Result<Run, String> {
        while !self.m.ended() {
            match self.m.step_in(&mut self.mem, &mut self.lds) {
                Ok(Some(e)) => self.events.push(e),
                Ok(None) => {}
                Err(e) => return Err(e.to_string()),
            }
        }
        Ok(self)
    }

    fn v(&self, r: usize) -> [u32; 32] {
        self.m.wave().vgpr[r]
    }

    fn word(&self, addr: u64) -> u32 {
        self.mem.load(addr, 4).unwrap() as u32
    }

    fn lds_word(&self, at: usize) -> u32 {
        u32::from_le_bytes(self.lds[at..at + 4].try_into().unwrap())
    }
}

/// Bytes 0, 1, 2, ... (mod 256).
fn ramp(n: usize) -> Vec<u8> {
    (0..n).map(|i| i as u8).collect()
}

fn run(body: &str, buf: Vec<u8>, lds: usize) -> (Run, u64) {
    let (r, a) = setup(body, buf, lds);
    (r.go().expect("program runs"), a)
}

#[test]
fn smem_loads_dwords_with_offsets() {
    let (r, _) = run(
        "s_load_b32 s4, s[0:1], 0x4\n\
         s_load_b64 s[6:7], s[0:1], 0x9\n\
         s_mov_b32 s20, 16\n\
         s_load_b128 s[8:11], s[0:1], s20\n\
         s_load_b256 s[12:19], s[0:1], 0x20",
        ramp(256),
        0,
    );
    let w = r.m.wave();
    assert_eq!(w.sgpr[4], 0x0706_0504);
    // offset 9: the two low bits of the address are ignored (reference 16.6)
    assert_eq!((w.sgpr[6], w.sgpr[7]), (0x0b0a_0908, 0x0f0e_0d0c));
    assert_eq!(
        w.sgpr[8..12],
        [0x1312_1110, 0x1716_1514, 0x1b1a_1918, 0x1f1e_1d1c]
    );
    assert_eq!(w.sgpr[12], 0x2322_2120);
    assert_eq!(w.sgpr[19], 0x3f3e_3d3c);
}

#[test]
fn global_loads_extend_and_fill_registers() {
    let mut buf = ramp(256);
    buf[5] = 0x80;
    buf[6] = 0xfe;
    buf[7] = 0xff;
    let (r, _) = run(
        "v_mov_b32 v1, 5\n\
         global_load_u8 v4, v1, s[0:1]\n\
         global_load_i8 v5, v1, s[0:1]\n\
         global_load_u16 v6, v1, s[0:1] offset:1\n\
         global_load_i16 v7, v1, s[0:1] offset:1\n\
         global_load_b32 v8, v1, s[0:1] offset:-4\n\
         global_load_b64 v[10:11], v[2:3], off offset:3\n\
         global_load_b96 v[12:14], v[2:3], off\n\
         global_load_b128 v[16:19], v[2:3], off offset:16\n\
         v_mov_b32 v20, 0x12345678\n\
         v_mov_b32 v21, 0x12345678\n\
         global_load_d16_i8 v20, v1, s[0:1]\n\
         global_load_d16_hi_b16 v21, v1, s[0:1] offset:1",
        buf,
        0,
    );
    assert_eq!(r.v(4), [0x80; 32]);
    assert_eq!(r.v(5), [0xffff_ff80; 32]);
    assert_eq!(r.v(6), [0xfffe; 32]);
    assert_eq!(r.v(7), [0xffff_fffe; 32]);
    assert_eq!(r.v(8), [0x0403_0201; 32], "5 - 4: bytes 1..=4");
    for l in 0..32u32 {
        let b = 4 * l + 3; // unaligned start byte of lane l
        let word = |at: u32| {
            let at = at as usize;
            let byte = |i: usize| {
                let v = [0x80u8, 0xfe, 0xff];
                if (5..8).contains(&i) {
                    u32::from(v[i - 5])
                } else {
                    (i % 256) as u32
                }
            };
            byte(at) | byte(at + 1) << 8 | byte(at + 2) << 16 | byte(at + 3) << 24
        };
        let l = l as usize;
        assert_eq!((r.v(10)[l], r.v(11)[l]), (word(b), word(b + 4)), "lane {l}");
        let b = 4 * l as u32;
        assert_eq!(
            [r.v(12)[l], r.v(13)[l], r.v(14)[l]],
            [word(b), word(b + 4), word(b + 8)]
        );
        assert_eq!(r.v(19)[l], word(b + 28));
    }
    assert_eq!(r.v(20), [0x1234_ff80; 32], "d16 keeps the high half");
    assert_eq!(r.v(21), [0xfffe_5678; 32], "d16_hi keeps the low half");
}

#[test]
fn global_stores_write_their_widths_in_exec_lanes_only() {
    let (r, a) = run(
        "v_mov_b32 v4, 0x44332211\n\
         v_mov_b32 v5, 0x88776655\n\
         v_mov_b32 v6, 0xccbbaa99\n\
         v_mov_b32 v7, 0x00ffeedd\n\
         s_mov_b32 exec_lo, 0x5\n\
         global_store_b8 v[2:3], v4, off\n\
         s_mov_b32 exec_lo, 0x2\n\
         global_store_b16 v[2:3], v4, off offset:1\n\
         global_store_d16_hi_b8 v[2:3], v4, off offset:128\n\
         s_mov_b32 exec_lo, 1\n\
         v_mov_b32 v1, 0x200\n\
         global_store_b128 v1, v[4:7], s[0:1] offset:3\n\
         global_store_b96 v1, v[4:6], s[0:1] offset:32\n\
         global_store_b64 v1, v[4:5], s[0:1] offset:48\n\
         global_store_d16_hi_b16 v1, v4, s[0:1] offset:64",
        vec![0; 1024],
        0,
    );
    let byte = |off: u64| r.mem.load(a + off, 1).unwrap() as u8;
    assert_eq!([byte(0), byte(4), byte(8), byte(12)], [0x11, 0, 0x11, 0]);
    assert_eq!([byte(5), byte(6), byte(7)], [0x11, 0x22, 0]);
    assert_eq!(byte(4 + 128), 0x33);
    assert_eq!(
        r.mem.load(a + 0x203, 16).unwrap(),
        0x00ff_eedd_ccbb_aa99_8877_6655_4433_2211
    );
    assert_eq!(
        r.mem.load(a + 0x220, 16).unwrap(),
        0xccbb_aa99_8877_6655_4433_2211
    );
    assert_eq!(r.mem.load(a + 0x230, 8).unwrap(), 0x8877_6655_4433_2211);
    assert_eq!(r.mem.load(a + 0x240, 4).unwrap(), 0x4433);
    // The trace lists each lane's write, in lane order.
    let mem_writes: Vec<Write> = r.events[5]
        .writes
        .iter()
        .copied()
        .filter(|w| matches!(w, Write::Mem { .. }))
        .collect();
    assert_eq!(
        mem_writes,
        [
            Write::Mem {
                space: Space::Global,
                addr: a,
                size: 1,
                value: 0x11
            },
            Write::Mem {
                space: Space::Global,
                addr: a + 8,
                size: 1,
                value: 0x11
            },
        ]
    );
}

#[test]
fn global_atomics_serialise_lanes_and_return_pre_op_values() {
    let (r, a) = run(
        "v_mov_b32 v1, 0\n\
         v_mov_b32 v4, 1\n\
         global_atomic_add_u32 v5, v1, v4, s[0:1] glc\n\
         v_mov_b32 v6, 3\n\
         global_atomic_inc_u32 v7, v1, v6, s[0:1] offset:4 glc\n\
         global_atomic_dec_u32 v8, v1, v6, s[0:1] offset:8 glc\n\
         v_sub_nc_u32 v9, 0, v0\n\
         global_atomic_min_i32 v1, v9, s[0:1] offset:12\n\
         global_atomic_max_u32 v1, v9, s[0:1] offset:16\n\
         v_mov_b32 v10, 7\n\
         v_mov_b32 v11, 0\n\
         global_atomic_cmpswap_b32 v12, v1, v[10:11], s[0:1] offset:20 glc\n\
         v_mov_b32 v14, -1\n\
         v_mov_b32 v15, 0\n\
         global_atomic_add_u64 v[16:17], v1, v[14:15], s[0:1] offset:24 glc\n\
         global_atomic_swap_b32 v18, v[2:3], v0, off offset:64 glc\n\
         global_atomic_sub_u32 v[2:3], v4, off offset:256\n\
         global_atomic_xor_b32 v19, v1, v0, s[0:1] offset:40 glc",
        vec![0; 512],
        0,
    );
    let lanes: [u32; 32] = std::array::from_fn(|l| l as u32);
    assert_eq!(r.v(5), lanes, "add returns the running sum in lane order");
    assert_eq!(r.word(a), 32);
    // inc wraps to 0 once the value reaches 3: 0,1,2,3,0,1,...
    assert_eq!(r.v(7), std::array::from_fn(|l| l as u32 % 4));
    assert_eq!(r.word(a + 4), 0);
    // dec from 0 wraps to 3: 0,3,2,1,0,3,...
    assert_eq!(r.v(8), std::array::from_fn(|l| [0, 3, 2, 1][l % 4]));
    assert_eq!(r.word(a + 12) as i32, -31, "signed min");
    assert_eq!(
        r.word(a + 16),
        0xffff_ffff,
        "unsigned max of 0, -1, ... -31"
    );
    // cmpswap: DATA = {src 7, cmp 0}: lane 0 swaps, the others see 7.
    let mut want = [7u32; 32];
    want[0] = 0;
    assert_eq!(r.v(12), want);
    assert_eq!(r.word(a + 20), 7);
    // 64-bit add of 0xffffffff per lane carries into the high dword.
    assert_eq!(r.mem.load(a + 24, 8).unwrap() as u64, 32 * 0xffff_ffffu64);
    assert_eq!((r.v(16)[1], r.v(17)[1]), (0xffff_ffff, 0));
    assert_eq!((r.v(16)[2], r.v(17)[2]), (0xffff_fffe, 1));
    assert_eq!(r.v(18), [0; 32]);
    assert_eq!(r.word(a + 64 + 4 * 31), 31);
    assert_eq!(r.word(a + 256), 0xffff_ffff);
    assert_eq!(r.word(a + 40), (0..32).fold(0, |x, l| x ^ l));
    assert_eq!(r.v(19)[3], 1 ^ 2, "xor returns 0 ^ 1 ^ 2");
}

#[test]
fn memory_errors_name_pc_lane_and_address_and_change_nothing() {
    let (r, a) = setup(
        "s_mov_b32 exec_lo, 0x80000001\n\
         global_store_b32 v[2:3], v0, off offset:-8",
        vec![0; 64],
        0,
    );
    let err = r.go().err().unwrap();
    assert!(err.starts_with("pc 0x0008: global_store_b32 (0x"), "{err}");
    assert!(
        err.contains(&format!("lane 0: 4-byte access at {:#x}", a - 8)),
        "{err}"
    );
    // Lane 0's store is fine, lane 31's is not: nothing is written, the wave stays.
    let (mut r, a) = setup(
        "s_mov_b32 exec_lo, 0x80000001\n\
         global_store_b32 v[2:3], v0, off offset:4",
        vec![0; 64],
        0,
    );
    r.m.step_in(&mut r.mem, &mut r.lds).unwrap();
    let err = r.m.step_in(&mut r.mem, &mut r.lds).unwrap_err().to_string();
    assert!(
        err.contains(&format!("lane 31: 4-byte access at {:#x}", a + 128)),
        "{err}"
    );
    assert_eq!(r.mem.read(a, 64).unwrap(), [0; 64]);
    assert_eq!(r.m.wave().pc, 8);
    // A store into read-only memory.
    let (mut r, _) = setup(
        "v_mov_b32 v1, 4\nglobal_store_b16 v1, v0, s[4:5]",
        vec![0; 4],
        0,
    );
    let k = r.mem.allocate("kernarg segment", vec![0; 8], false);
    r.m.wave_mut().sgpr[4] = k as u32;
    r.m.wave_mut().sgpr[5] = (k >> 32) as u32;
    let err = r.go().err().unwrap();
    assert!(
        err.ends_with(&format!(
            "2-byte store at {:#x} into read-only kernarg segment",
            k + 4
        )),
        "{err}"
    );
    // Lanes outside EXEC never access memory: lane 31's address is out of bounds too.
    let (r, _) = setup(
        "s_mov_b32 exec_lo, 1\n\
         global_load_b32 v4, v[2:3], off offset:60\n\
         s_load_b32 s4, s[0:1], 0x40",
        vec![0; 64],
        0,
    );
    let err = r.go().err().unwrap();
    assert!(err.starts_with("pc 0x000c: s_load_b32"), "{err}");
}

#[test]
fn ds_loads_stores_and_2addr_offsets() {
    let (r, _) = run(
        "v_lshlrev_b32 v1, 2, v0\n\
         v_add_nc_u32 v4, 0x100, v0\n\
         ds_store_b32 v1, v4\n\
         ds_store_2addr_b32 v1, v0, v4 offset0:64 offset1:96\n\
         ds_store_2addr_stride64_b32 v1, v0, v0 offset0:2 offset1:3\n\
         ds_load_2addr_b32 v[6:7], v1 offset1:64\n\
         ds_load_2addr_stride64_b32 v[8:9], v1 offset0:2 offset1:3\n\
         ds_load_b64 v[10:11], v1 offset:256\n\
         v_mov_b32 v12, 0xfff0\n\
         ds_store_b16 v1, v12 offset:2048\n\
         ds_load_i8 v13, v1 offset:2048\n\
         ds_load_u16 v14, v1 offset:2048\n\
         ds_load_i16 v15, v1 offset:2048\n\
         v_mov_b32 v16, 0x11112222\n\
         ds_load_u16_d16_hi v16, v1 offset:2048\n\
         ds_store_b8_d16_hi v1, v16 offset:2049",
        vec![0; 4],
        4096,
    );
    let lanes: [u32; 32] = std::array::from_fn(|l| l as u32);
    assert_eq!(r.lds_word(0), 0x100);
    assert_eq!(r.lds_word(4 * 31), 0x11f);
    // offset0:64 → byte 256 + 4*lane, offset1:96 → 384 + 4*lane
    assert_eq!(r.lds_word(256 + 8), 2);
    assert_eq!(r.lds_word(384 + 8), 0x102);
    // stride64: 2 * 4 * 64 = 512 and 768
    assert_eq!(r.lds_word(512 + 12), 3);
    assert_eq!(r.lds_word(768 + 12), 3);
    assert_eq!(r.v(6), std::array::from_fn(|l| 0x100 + l as u32));
    assert_eq!(r.v(7), lanes);
    assert_eq!((r.v(8), r.v(9)), (lanes, lanes));
    assert_eq!(r.v(10), lanes);
    assert_eq!(r.v(11)[0], 1);
    assert_eq!(r.v(13), [0xffff_fff0; 32]);
    assert_eq!(r.v(14), [0xfff0; 32]);
    assert_eq!(r.v(15), [0xffff_fff0; 32]);
    assert_eq!(r.v(16), [0xfff0_2222; 32]);
    assert_eq!(r.lds[2049], 0xf0, "b8_d16_hi stores bits 23:16");
}

#[test]
fn lds_out_of_range_reads_zero_and_drops_writes() {
    let (r, _) = run(
        "v_mov_b32 v1, 60\n\
         v_mov_b32 v4, -1\n\
         ds_store_b32 v1, v4\n\
         ds_store_b64 v1, v[4:5] offset:2\n\
         ds_store_b32 v1, v4 offset:4\n\
         ds_load_b64 v[6:7], v1 offset:0\n\
         ds_load_b32 v8, v1 offset:0\n\
         ds_add_rtn_u32 v9, v1, v4 offset:100",
        vec![0; 4],
        64,
    );
    assert_eq!(r.lds_word(60), 0xffff_ffff);
    assert_eq!(
        r.lds[..60],
        [0; 60],
        "the partly out-of-range b64 store is dropped"
    );
    assert_eq!(
        r.v(6),
        [0; 32],
        "a read with any byte out of range returns 0"
    );
    assert_eq!(r.v(7), [0; 32]);
    assert_eq!(r.v(8), [0xffff_ffff; 32]);
    assert_eq!(r.v(9), [0; 32]);
}

#[test]
fn ds_atomics() {
    let (r, _) = run(
        "v_mov_b32 v1, 0\n\
         v_mov_b32 v4, 2\n\
         ds_add_rtn_u32 v5, v1, v4\n\
         ds_max_i32 v1, v0 offset:4\n\
         v_sub_nc_u32 v6, 0, v0\n\
         ds_min_rtn_i32 v7, v1, v6 offset:8\n\
         v_mov_b32 v8, 5\n\
         v_mov_b32 v9, 0\n\
         ds_cmpstore_rtn_b32 v10, v1, v8, v9 offset:12\n\
         v_mov_b32 v11, 0xff\n\
         v_mov_b32 v12, 0x100\n\
         ds_mskor_rtn_b32 v13, v1, v11, v12 offset:16\n\
         ds_storexchg_rtn_b32 v14, v1, v0 offset:20\n\
         ds_rsub_u32 v1, v4 offset:24\n\
         v_mov_b32 v15, 1\n\
         v_mov_b32 v16, 0\n\
         ds_add_rtn_u64 v[17:18], v1, v[15:16] offset:32",
        vec![0; 4],
        256,
    );
    assert_eq!(r.v(5), std::array::from_fn(|l| 2 * l as u32));
    assert_eq!(r.lds_word(0), 64);
    assert_eq!(r.lds_word(4), 31);
    assert_eq!(r.lds_word(8) as i32, -31);
    assert_eq!(r.v(7)[2] as i32, -1);
    // cmpstore: DATA = new value 5, DATA2 = compare 0: lane 0 stores.
    let mut want = [5u32; 32];
    want[0] = 0;
    assert_eq!((r.v(10), r.lds_word(12)), (want, 5));
    assert_eq!(r.lds_word(16), 0x100);
    assert_eq!(r.v(13)[1], 0x100);
    assert_eq!(r.v(14)[31], 30);
    assert_eq!(r.lds_word(20), 31);
    // rsub: mem = DATA - mem, 32 times from 0: 2, 0, 2, 0, ...
    assert_eq!(r.lds_word(24), 0);
    assert_eq!((r.v(17)[5], r.v(18)[5]), (5, 0));
}

#[test]
fn swizzle_and_permutes() {
    let (r, _) = run(
        "s_mov_b32 exec_lo, 0x7fffffff\n\
         ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM, 3, 2, 1, 0)\n\
         ds_swizzle_b32 v2, v0 offset:swizzle(SWAP, 16)\n\
         ds_swizzle_b32 v3, v0 offset:swizzle(BROADCAST, 8, 2)\n\
         ds_swizzle_b32 v4, v0 offset:0xc020\n\
         ds_swizzle_b32 v5, v0 offset:0xe000\n\
         v_sub_nc_u32 v6, 31, v0\n\
         v_lshlrev_b32 v6, 2, v6\n\
         ds_bpermute_b32 v7, v6, v0\n\
         ds_permute_b32 v8, v6, v0 offset:4",
        vec![0; 4],
        0,
    );
    let l = |i: usize| i as u32;
    for i in 0..31 {
        let q = (i & !3) | (3 - (i & 3));
        assert_eq!(
            r.v(1)[i],
            if q == 31 { 0 } else { l(q) },
            "quad perm lane {i}"
        );
        // SWAP 16: lane 15 reads lane 31, which is outside EXEC: 0
        let s = i ^ 16;
        assert_eq!(r.v(2)[i], if s == 31 { 0 } else { l(s) }, "swap lane {i}");
        assert_eq!(r.v(3)[i], l((i & !7) | 2), "broadcast lane {i}");
        // rotate left by 1 (offset[9:5] = 1, mask 0)
        let rot = (i + 1) % 32;
        assert_eq!(
            r.v(4)[i],
            if rot == 31 { 0 } else { l(rot) },
            "rotate lane {i}"
        );
        // bpermute reads lane 31 - i (lane 31 inactive: 0)
        assert_eq!(
            r.v(7)[i],
            if i == 0 { 0 } else { l(31 - i) },
            "bpermute lane {i}"
        );
    }
    // FFT mode with mask 0: the example of the reference, lane 1 reads lane 16.
    assert_eq!((r.v(5)[1], r.v(5)[2], r.v(5)[3]), (16, 8, 24));
    // permute: lane i sends to lane (31 - i + 1) % 32, so lane 0 receives from lane 0
    // and lane 5 from lane 27.
    assert_eq!(r.v(8)[0], 0);
    assert_eq!(r.v(8)[5], 27);
    assert_eq!(r.v(8)[31], 0, "inactive lanes are not written");
}
