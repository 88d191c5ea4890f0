//! Per-instruction tests of the golden model's floating-point VALU semantics: f32, f64 and
//! f16 arithmetic against the host's IEEE arithmetic (correctly rounded, round to nearest
//! even), NaN/infinity/denormal/-0 cases, MODE's denormal and IEEE bits, input and output
//! modifiers, compares and class tests, conversions, transcendentals at the documented
//! accuracy, the division helpers, VOPD float pairs, partial EXEC and the round-mode error.

use cu32_sim::{Machine, ModelError, Wave};

/// MODE as clang 19 kernels set it: denormals kept (f32, f16/f64), DX10_CLAMP and IEEE on.
const MODE_CLANG: u32 = 0x3f0;
/// MODE with f32 denormals flushed (FLOAT_DENORM_MODE_32 = 0), the rest as clang.
const MODE_FLUSH32: u32 = 0x3c0;

fn run_with(body: &str, setup: impl FnOnce(&mut Wave)) -> Wave {
    let src = format!("{body}\ns_endpgm\n");
    let program = cu32_isa::asm::assemble(&src, "test.s").expect("test program assembles");
    let mut m = Machine::new(program.words);
    setup(m.wave_mut());
    m.run(1000).expect("program runs");
    m.wave().clone()
}

fn error(body: &str, mode: u32) -> ModelError {
    let src = format!("{body}\ns_endpgm\n");
    let program = cu32_isa::asm::assemble(&src, "test.s").expect("test program assembles");
    let mut m = Machine::new(program.words);
    m.wave_mut().mode = mode;
    m.run(100).expect_err("program fails")
}

/// Runs `body` with MODE `mode` and v0, v1, v2 holding `a`, `b`, `c` per lane.
fn run3(body: &str, mode: u32, a: &[u32], b: &[u32], c: &[u32]) -> Wave {
    run_with(body, |w| {
        w.mode = mode;
        for l in 0..32 {
            w.vgpr[0][l] = a[l % a.len()];
            w.vgpr[1][l] = b[l % b.len()];
            w.vgpr[2][l] = c[l % c.len()];
        }
    })
}

/// Interesting f32 values (no NaNs): zeros, denormals, normals, extremes, infinities.
const F32S: [u32; 16] = [
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x807f_ffff,
    0x3f80_0000,
    0xbfc0_0000,
    0x4049_0fdb,
    0x3dcc_cccd,
    0x7f7f_ffff,
    0xff7f_fffe,
    0x0080_0000,
    0x7f80_0000,
    0xff80_0000,
    0x3380_0001,
    0xc2f6_e979,
    0x4b80_0001,
];

fn f(x: u32) -> f32 {
    f32::from_bits(x)
}

/// The 32x16 pairs of F32S as lane values: lane l, round r -> (F32S[(l + r) % 16], F32S[l % 16]).
fn pairs(r: usize) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let a = (0..32).map(|l| F32S[(l + r) % 16]).collect();
    let b = (0..32).map(|l| F32S[l % 16]).collect();
    let c = (0..32).map(|l| F32S[(l * 7 + r) % 16]).collect();
    (a, b, c)
}

#[test]
fn f32_arithmetic_matches_host_ieee() {
    for r in 0..16 {
        let (a, b, c) = pairs(r);
        let w = run3(
            "v_add_f32 v3, v0, v1\nv_sub_f32 v4, v0, v1\nv_subrev_f32 v5, v0, v1\n\
             v_mul_f32 v6, v0, v1\nv_fma_f32 v7, v0, v1, v2\nv_mov_b32 v8, v2\n\
             v_fmac_f32 v8, v0, v1",
            MODE_CLANG,
            &a,
            &b,
            &c,
        );
        for l in 0..32 {
            let (x, y, z) = (f(a[l]), f(b[l]), f(c[l]));
            let check = |reg: usize, want: f32, what: &str| {
                let got = w.vgpr[reg][l];
                if want.is_nan() {
                    assert_eq!(got, 0xffc0_0000, "{what} {x:e} {y:e} {z:e}");
                } else {
                    assert_eq!(got, want.to_bits(), "{what} {x:e} {y:e} {z:e}");
                }
            };
            check(3, x + y, "add");
            check(4, x - y, "sub");
            check(5, y - x, "subrev");
            check(6, x * y, "mul");
            check(7, x.mul_add(y, z), "fma");
            check(8, x.mul_add(y, z), "fmac");
        }
    }
}

#[test]
fn f32_nan_results() {
    // A NaN source propagates quieted (the first one); invalid operations give 0xffc00000.
    let w = run3(
        "v_add_f32 v3, v0, v1\nv_mul_f32 v4, v1, v0\nv_fma_f32 v5, v2, v0, v1",
        MODE_CLANG,
        &[0x7f80_0001, 0x7f80_0000, 0x3f80_0000],
        &[0xffc0_1234, 0xff80_0000, 0x7f80_0002],
        &[0, 0, 0],
    );
    assert_eq!(w.vgpr[3][0], 0x7fc0_0001);
    assert_eq!(w.vgpr[4][0], 0xffc0_1234);
    assert_eq!(w.vgpr[3][1], 0xffc0_0000, "inf - inf");
    assert_eq!(w.vgpr[4][1], 0xff80_0000);
    assert_eq!(w.vgpr[5][1], 0xffc0_0000, "0 * inf");
    assert_eq!(w.vgpr[5][2], 0x7fc0_0002);
}

#[test]
fn f32_denormal_modes() {
    // 2^-149 + 0, 2^-126 * 0.5, and a denormal input times 2^100.
    let body = "v_add_f32 v3, v0, 0\nv_mul_f32 v4, 0.5, v1\nv_mul_f32 v5, v0, v2";
    let a = [0x0000_0001];
    let b = [0x0080_0000];
    let c = [0x7180_0000]; // 2^100
    let keep = run3(body, MODE_CLANG, &a, &b, &c);
    assert_eq!(keep.vgpr[3][0], 1);
    assert_eq!(keep.vgpr[4][0], 0x0040_0000);
    assert_eq!(keep.vgpr[5][0], (f(1) * f(0x7180_0000)).to_bits());
    let flush = run3(body, MODE_FLUSH32, &a, &b, &c);
    assert_eq!(flush.vgpr[3][0], 0);
    assert_eq!(flush.vgpr[4][0], 0);
    assert_eq!(
        flush.vgpr[5][0], 0,
        "input denormal flushed before the multiply"
    );
    // Negative denormals flush to -0.
    let neg = run3(body, MODE_FLUSH32, &[0x8000_0001], &[0x8080_0000], &c);
    assert_eq!((neg.vgpr[3][0], neg.vgpr[4][0]), (0, 0x8000_0000));
    // Input-only (mode 1): the input denormal is used, the output flushed.
    let inp = run3(body, 0x310, &a, &b, &c);
    assert_eq!(inp.vgpr[5][0], (f(1) * f(0x7180_0000)).to_bits());
    assert_eq!(inp.vgpr[4][0], 0);
}

#[test]
fn input_modifiers_clamp_and_omod() {
    let body = "v_add_f32_e64 v3, |v0|, -v1\nv_mul_f32_e64 v4, v0, v1 clamp\n\
                v_mul_f32_e64 v5, v0, v1 mul:2\nv_mul_f32_e64 v6, v0, v1 div:2\n\
                v_mul_f32_e64 v7, v0, v1 mul:4 clamp\nv_add_f32_e64 v8, v2, 0 clamp";
    let a = [0xc000_0000, 0x3f00_0000]; // -2, 0.5
    let b = [0x3fc0_0000, 0x3e80_0000]; // 1.5, 0.25
    let c = [0x7fc0_0000, 0xffc0_0000];
    // IEEE on (clang): OMOD ignored; clamp to [0, 1]; DX10_CLAMP: NaN clamps to 0.
    let w = run3(body, MODE_CLANG, &a, &b, &c);
    assert_eq!(w.vgpr[3][0], 0.5f32.to_bits());
    assert_eq!(w.vgpr[4][0], 0, "-3 clamps to +0");
    assert_eq!(w.vgpr[4][1], 0.125f32.to_bits());
    assert_eq!(
        w.vgpr[5][0],
        (-3.0f32).to_bits(),
        "OMOD ignored in IEEE mode"
    );
    assert_eq!(w.vgpr[8][0], 0, "NaN clamps to 0 with DX10_CLAMP");
    // IEEE off, output denormals off: OMOD applies, then clamp.
    let w = run3(body, 0x100, &a, &b, &c);
    assert_eq!(w.vgpr[5][0], (-6.0f32).to_bits());
    assert_eq!(w.vgpr[6][1], 0.0625f32.to_bits());
    assert_eq!(w.vgpr[7][1], 0.5f32.to_bits());
    assert_eq!(w.vgpr[7][0], 0);
    // Without DX10_CLAMP a NaN passes the clamp.
    let w = run3(body, 0x200, &a, &b, &c);
    assert_eq!(w.vgpr[8][0], 0x7fc0_0000);
}

#[test]
fn min_max_nan_and_signed_zero() {
    let body = "v_min_f32 v3, v0, v1\nv_max_f32 v4, v0, v1\nv_min3_f32 v5, v0, v1, v2\n\
                v_max3_f32 v6, v0, v1, v2\nv_med3_f32 v7, v0, v1, v2\n\
                v_minmax_f32 v8, v0, v1, v2\nv_maxmin_f32 v9, v0, v1, v2";
    let one = 0x3f80_0000;
    let two = 0x4000_0000;
    let three = 0x4040_0000;
    let a = [0x8000_0000, 0x7f80_0001, 0x7fc0_0000, three, one];
    let b = [0x0000_0000, one, one, one, three];
    let c = [two, two, two, two, two];
    let w = run3(body, MODE_CLANG, &a, &b, &c);
    // -0 < +0
    assert_eq!((w.vgpr[3][0], w.vgpr[4][0]), (0x8000_0000, 0));
    // IEEE mode: a signalling NaN is returned quieted; a quiet NaN loses to the number.
    assert_eq!((w.vgpr[3][1], w.vgpr[4][1]), (0x7fc0_0001, 0x7fc0_0001));
    assert_eq!((w.vgpr[3][2], w.vgpr[4][2]), (one, one));
    assert_eq!(
        (w.vgpr[5][3], w.vgpr[6][3], w.vgpr[7][3]),
        (one, three, two)
    );
    assert_eq!(w.vgpr[7][4], two);
    // minmax(3, 1, 2) = max(1, 2) = 2; maxmin(3, 1, 2) = min(3, 2) = 2; (1, 3, 2) too.
    assert_eq!((w.vgpr[8][3], w.vgpr[9][3]), (two, two));
    assert_eq!((w.vgpr[8][4], w.vgpr[9][4]), (two, two));
    // med3 with a NaN: min3.
    assert_eq!(w.vgpr[7][2], one);
    // IEEE off: a signalling NaN is treated as any NaN (the other operand wins).
    let w = run3(body, 0, &a, &b, &c);
    assert_eq!((w.vgpr[3][1], w.vgpr[4][1]), (one, one));
}

#[test]
fn compares_all_predicates_and_cmpx() {
    let preds = [
        "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq",
        "nlt", "t",
    ];
    let want = |p: &str, x: f32, y: f32| -> bool {
        let o = !(x.is_nan() || y.is_nan());
        match p {
            "f" => false,
            "lt" => x < y,
            "eq" => x == y,
            "le" => x <= y,
            "gt" => x > y,
            "lg" => o && x != y,
            "ge" => x >= y,
            "o" => o,
            "u" => !o,
            "nge" => !o || x < y,
            "nlg" => !(o && x != y),
            "ngt" => !o || x <= y,
            "nle" => !o || x > y,
            "neq" => x != y,
            "nlt" => !o || x >= y,
            _ => true,
        }
    };
    let a = [
        0x3f80_0000,
        0x4000_0000,
        0x7fc0_0000,
        0x8000_0000,
        0xff80_0000,
    ];
    let b = [
        0x4000_0000,
        0x4000_0000,
        0x3f80_0000,
        0x0000_0000,
        0x7fc0_0000,
    ];
    for p in preds {
        let body = format!(
            "v_cmp_{p}_f32 vcc_lo, v0, v1\nv_cmp_{p}_f32_e64 s4, v1, v0\n\
             s_mov_b32 exec_lo, 0x7fffffff\nv_cmpx_{p}_f32 v0, v1"
        );
        let w = run3(&body, MODE_CLANG, &a, &b, &[0]);
        let mask = |sw: bool, active: u32| {
            (0..32)
                .filter(|&l| active >> l & 1 == 1)
                .filter(|&l| {
                    let (x, y) = (f(a[l % 5]), f(b[l % 5]));
                    if sw {
                        want(p, y, x)
                    } else {
                        want(p, x, y)
                    }
                })
                .fold(0u32, |m, l| m | 1 << l)
        };
        assert_eq!(w.sgpr[106], mask(false, u32::MAX), "v_cmp_{p}_f32");
        assert_eq!(w.sgpr[4], mask(true, u32::MAX), "v_cmp_{p}_f32_e64");
        assert_eq!(w.sgpr[126], mask(false, 0x7fff_ffff), "v_cmpx_{p}_f32");
    }
}

#[test]
fn class_test() {
    let vals = [
        0x7f80_0001u32,
        0x7fc0_0000,
        0xff80_0000,
        0xbf80_0000,
        0x8000_0001,
        0x8000_0000,
        0x0000_0000,
        0x0000_0001,
        0x3f80_0000,
        0x7f80_0000,
    ];
    for bit in 0..10 {
        let w = run3(
            &format!(
                "v_cmp_class_f32 vcc_lo, v0, {}\nv_cmp_class_f32_e64 s4, -v0, v1",
                1 << bit
            ),
            MODE_FLUSH32,
            &vals,
            &[1 << (11 - bit)],
            &[0],
        );
        let want = (0..32)
            .filter(|&l| l % 10 == bit)
            .fold(0u32, |m, l| m | 1 << l);
        assert_eq!(w.sgpr[106], want, "class bit {bit} (denormals not flushed)");
        // Negation mirrors the sign classes (bit i <-> 11 - i, NaNs stay).
        if bit >= 2 {
            assert_eq!(w.sgpr[4], want, "negated class bit {}", 11 - bit);
        }
    }
}

#[test]
fn conversions() {
    let w = run3(
        "v_cvt_i32_f32 v3, v0\nv_cvt_u32_f32 v4, v0\nv_cvt_f32_i32 v5, v1\n\
         v_cvt_f32_u32 v6, v1\nv_cvt_f32_ubyte2 v7, v1\nv_cvt_f16_f32 v8, v0\n\
         v_cvt_f32_f16 v9, v2\nv_cvt_pk_rtz_f16_f32 v10, v0, v2",
        MODE_CLANG,
        &[
            0x7fc0_0000,
            0xcf80_0000,
            0x4f80_0000,
            0xc0a6_6666,
            0x477f_e800,
            0x3380_0000,
        ],
        &[0x8000_0001, 0x00ab_0000, 0xffff_ffff, 16_777_217, 7, 0],
        &[0x7c00, 0x0001, 0xfbff, 0x3555, 0x7e01, 0x8000],
    );
    let lane = |r: usize, l: usize| w.vgpr[r][l];
    // NaN -> 0, saturation both ways, truncation.
    assert_eq!((lane(3, 0), lane(4, 0)), (0, 0));
    assert_eq!((lane(3, 1), lane(4, 1)), (0x8000_0000, 0));
    assert_eq!((lane(3, 2), lane(4, 2)), (0x7fff_ffff, 0xffff_ffff));
    assert_eq!((lane(3, 3), lane(4, 3)), ((-5i32) as u32, 0));
    for l in 0..6 {
        let i = [0x8000_0001u32, 0x00ab_0000, 0xffff_ffff, 16_777_217, 7, 0][l];
        assert_eq!(lane(5, l), (i as i32 as f32).to_bits());
        assert_eq!(lane(6, l), (i as f32).to_bits());
        assert_eq!(lane(7, l), f32::from((i >> 16) as u8).to_bits());
    }
    // f32 -> f16: NaN stays quiet NaN, overflow to inf, rounding, f16 denormal.
    assert_eq!(lane(8, 0) & 0xffff, 0x7e00);
    assert_eq!(lane(8, 1) & 0xffff, 0xfc00);
    assert_eq!(lane(8, 4) & 0xffff, 0x7bff, "65512 rounds down to max f16");
    assert_eq!(lane(8, 3) & 0xffff, 0xc533, "-5.2");
    assert_eq!(lane(8, 5) & 0xffff, 0x0001, "2^-24");
    // f16 -> f32 exactly.
    assert_eq!(lane(9, 0), 0x7f80_0000);
    assert_eq!(lane(9, 1), 0x3380_0000);
    assert_eq!(lane(9, 2), 0xc77f_e000);
    assert_eq!(lane(9, 4), 0x7fc0_2000);
    assert_eq!(lane(9, 5), 0x8000_0000);
    // pk_rtz: round toward zero, finite overflow to max.
    assert_eq!(lane(10, 4) & 0xffff, 0x7bff);
    assert_eq!(lane(10, 3) & 0xffff, 0xc533);
    assert_eq!(lane(10, 1) & 0xffff, 0xfbff);
}

#[test]
fn rounding_to_integral_fract_ldexp_frexp() {
    let vals = [
        (-1.2f32).to_bits(),
        2.5f32.to_bits(),
        (-2.5f32).to_bits(),
        3.5f32.to_bits(),
        (-0.25f32).to_bits(),
        (-1e-10f32).to_bits(),
        0x7f80_0000,
        0x0000_0001,
    ];
    let w = run3(
        "v_floor_f32 v3, v0\nv_ceil_f32 v4, v0\nv_trunc_f32 v5, v0\nv_rndne_f32 v6, v0\n\
         v_fract_f32 v7, v0\nv_frexp_mant_f32 v8, v0\nv_frexp_exp_i32_f32 v9, v0\n\
         v_ldexp_f32 v10, v0, v1",
        MODE_CLANG,
        &vals,
        &[3, -1i32 as u32, 200, -300i32 as u32, 1, 0, 5, 148],
        &[0],
    );
    for (l, &x) in vals.iter().enumerate() {
        let x = f(x);
        let g = |r: usize| f(w.vgpr[r][l]);
        if x.is_finite() {
            assert_eq!(g(3).to_bits(), x.floor().to_bits(), "floor {x}");
            assert_eq!(g(4).to_bits(), x.ceil().to_bits(), "ceil {x}");
            assert_eq!(g(5).to_bits(), x.trunc().to_bits(), "trunc {x}");
            assert_eq!(g(6).to_bits(), x.round_ties_even().to_bits(), "rndne {x}");
        }
    }
    let r = |reg: usize, l: usize| w.vgpr[reg][l];
    assert_eq!(r(7, 0), (-1.2f32 - (-2.0f32)).to_bits(), "fract(-1.2)");
    assert_eq!(r(7, 5), 0x3f7f_ffff, "fract(-tiny) stays below 1.0");
    assert_eq!(r(7, 6), 0xffc0_0000, "fract(inf)");
    assert_eq!((r(8, 0), r(9, 0)), ((-1.2f32 / 2.0).to_bits(), 1));
    assert_eq!((r(8, 7), r(9, 7)), (0x3f00_0000, -148i32 as u32));
    assert_eq!((r(8, 6), r(9, 6)), (0x7f80_0000, 0));
    assert_eq!(r(10, 0), (-1.2f32 * 8.0).to_bits());
    assert_eq!(r(10, 2), 0xff80_0000, "-2.5 * 2^200 = -inf");
    assert_eq!(r(10, 3), 0, "3.5 * 2^-300 underflows to +0");
    assert_eq!(r(10, 1), 1.25f32.to_bits());
    assert_eq!(r(10, 7), 0.5f32.to_bits());
}

#[test]
fn transcendentals_documented_accuracy() {
    let vals: Vec<u32> = [2.0f32, -0.0, 0.0, 4.0, 3.0, 0.25, 0.1, 1.7, 123.456, -5.5]
        .iter()
        .map(|x| x.to_bits())
        .chain([0xff80_0000, 0x7f80_0000])
        .collect();
    let w = run3(
        "v_rcp_f32 v3, v0\nv_sqrt_f32 v4, v0\nv_rsq_f32 v5, v0\nv_exp_f32 v6, v0\n\
         v_log_f32 v7, v0\nv_sin_f32 v8, v0\nv_cos_f32 v9, v0",
        MODE_CLANG,
        &vals,
        &[0],
        &[0],
    );
    for (l, &bits) in vals.iter().enumerate() {
        let x = f64::from(f(bits));
        let rn = |v: f64| {
            if v.is_nan() {
                0xffc0_0000
            } else {
                (v as f32).to_bits()
            }
        };
        let g = |r: usize| w.vgpr[r][l];
        assert_eq!(g(3), rn(1.0 / x), "rcp {x}");
        assert_eq!(g(4), rn(x.sqrt()), "sqrt {x}");
        assert_eq!(g(5), rn(1.0 / x.sqrt()), "rsq {x}");
        assert_eq!(g(6), rn(x.exp2()), "exp {x}");
        let log = if x == 0.0 {
            f64::NEG_INFINITY
        } else {
            x.log2()
        };
        assert_eq!(g(7), rn(log), "log {x}");
    }
    let g = |r: usize, l: usize| w.vgpr[r][l];
    // Reference examples: rcp(-0) = -inf, sqrt(-0) = -0, sqrt(-inf) = NaN 0xffc00000,
    // sin(0.25) = 1, sin(-0) = -0, sin(+-inf) = 0xffc00000.
    assert_eq!(
        (g(3, 1), g(4, 1), g(4, 10)),
        (0xff80_0000, 0x8000_0000, 0xffc0_0000)
    );
    assert_eq!(
        (g(8, 5), g(8, 1), g(8, 10)),
        (0x3f80_0000, 0x8000_0000, 0xffc0_0000)
    );
    assert_eq!(g(9, 0), 0x3f80_0000, "cos(2 pi * 2) = 1");
    assert_eq!(
        g(9, 5),
        0,
        "cos(pi / 2) rounds to +0 from the reduced argument"
    );
    assert_eq!(
        g(8, 6),
        ((0.1f32 as f64 * std::f64::consts::TAU).sin() as f32).to_bits()
    );
    assert_eq!(g(7, 4), (3f64.log2() as f32).to_bits());
}

#[test]
fn division_sequence_matches_ieee_division() {
    // The sequence clang emits for an f32 division with denormals kept.
    let body = "v_div_scale_f32 v3, null, v1, v1, v0\nv_div_scale_f32 v4, vcc_lo, v0, v1, v0\n\
                v_rcp_f32 v5, v3\nv_fma_f32 v6, -v3, v5, 1.0\nv_fmac_f32 v5, v6, v5\n\
                v_mul_f32 v6, v4, v5\nv_fma_f32 v7, -v3, v6, v4\nv_fmac_f32 v6, v7, v5\n\
                v_fma_f32 v3, -v3, v6, v4\nv_div_fmas_f32 v3, v3, v5, v6\n\
                v_div_fixup_f32 v8, v3, v1, v0";
    let nums = [
        1.0f32,
        1.0,
        7.0,
        -3.5,
        1e-40,
        3e38,
        0.0,
        1.0,
        0.0,
        f32::INFINITY,
        1e-30,
        5.0,
    ];
    let dens = [
        3.0f32,
        -0.0,
        0.1,
        1e-39,
        3.0,
        1e-5,
        0.0,
        f32::INFINITY,
        2.0,
        2.0,
        1e30,
        1e38,
    ];
    let a: Vec<u32> = nums.iter().map(|x| x.to_bits()).collect();
    let b: Vec<u32> = dens.iter().map(|x| x.to_bits()).collect();
    let w = run3(body, MODE_CLANG, &a, &b, &[0]);
    for l in 0..nums.len() {
        let want = nums[l] / dens[l];
        let want = if want.is_nan() {
            0xffc0_0000
        } else {
            want.to_bits()
        };
        assert_eq!(w.vgpr[8][l], want, "{} / {}", nums[l], dens[l]);
    }
}

#[test]
fn f64_arithmetic_and_literals() {
    let vals = [
        1.0f64,
        -0.1,
        1e300,
        5e-324,
        -0.0,
        3.0,
        f64::INFINITY,
        2.5e-310,
    ];
    let set = |w: &mut Wave| {
        w.mode = MODE_CLANG;
        for l in 0..32 {
            let (x, y) = (vals[l % 8], vals[(l + 3) % 8]);
            w.vgpr[0][l] = x.to_bits() as u32;
            w.vgpr[1][l] = (x.to_bits() >> 32) as u32;
            w.vgpr[2][l] = y.to_bits() as u32;
            w.vgpr[3][l] = (y.to_bits() >> 32) as u32;
        }
    };
    let w = run_with(
        "v_add_f64 v[4:5], v[0:1], v[2:3]\nv_mul_f64 v[6:7], v[0:1], v[2:3]\n\
         v_fma_f64 v[8:9], v[0:1], v[2:3], v[0:1]\nv_mul_f64 v[10:11], v[0:1], 0x40080000\n\
         v_sqrt_f64 v[12:13], v[0:1]\nv_cmp_lt_f64 vcc_lo, v[0:1], v[2:3]\n\
         v_cvt_f32_f64 v14, v[0:1]\nv_cvt_i32_f64 v15, v[0:1]\nv_max_f64 v[16:17], v[0:1], v[2:3]",
        set,
    );
    let get = |r: usize, l: usize| {
        f64::from_bits(u64::from(w.vgpr[r][l]) | (u64::from(w.vgpr[r + 1][l]) << 32))
    };
    let mut lt = 0u32;
    for l in 0..32 {
        let (x, y) = (vals[l % 8], vals[(l + 3) % 8]);
        let same = |got: f64, want: f64, what: &str| {
            if want.is_nan() {
                assert_eq!(got.to_bits(), 0xfff8_0000_0000_0000, "{what} {x} {y}");
            } else {
                assert_eq!(got.to_bits(), want.to_bits(), "{what} {x} {y}");
            }
        };
        same(get(4, l), x + y, "add");
        same(get(6, l), x * y, "mul");
        same(get(8, l), x.mul_add(y, x), "fma");
        same(get(10, l), x * 3.0, "literal = high dword");
        same(get(12, l), x.sqrt(), "sqrt");
        same(get(16, l), x.max(y), "max");
        lt |= u32::from(x < y) << l;
        assert_eq!(w.vgpr[14][l], (x as f32).to_bits(), "cvt_f32_f64 {x}");
        assert_eq!(w.vgpr[15][l], x as i32 as u32, "cvt_i32_f64 {x}");
    }
    assert_eq!(w.sgpr[106], lt);
}

#[test]
fn f16_arithmetic() {
    // 1.0 + 2^-11 ties to even (1.0); 65504 * 2 overflows; fma with one rounding.
    let w = run3(
        "v_add_f16 v3, v0, v1\nv_mul_f16 v4, v0, v1\nv_fma_f16 v5, v0, v1, v2\n\
         v_mov_b32 v6, v2\nv_fmac_f16 v6, v0, v1\nv_max_f16 v7, v0, v1\n\
         v_cmp_gt_f16 vcc_lo, v0, v1\nv_fma_f16 v8, v0, v1, 0 op_sel:[1,1,0,1]",
        MODE_CLANG,
        &[0x3c00, 0x7bff, 0x3c01, 0x0001, 0x4000_3c00],
        &[0x1000, 0x4000, 0x3bff, 0x8001, 0x4200_0001],
        &[0x0000, 0x0000, 0xbc00, 0x0000, 0x0000],
    );
    let h = |r: usize, l: usize| w.vgpr[r][l] & 0xffff;
    assert_eq!(h(3, 0), 0x3c00, "1 + 2^-11 ties to even");
    assert_eq!(h(4, 1), 0x7c00, "65504 * 2 = inf");
    // (1 + 2^-10)(1 - 2^-11) - 1 = 2^-11 - 2^-21 = 2^-12 * (1 + 1022/1024).
    assert_eq!(h(5, 2), 0x0ffe);
    assert_eq!(h(6, 2), h(5, 2));
    assert_eq!(w.vgpr[6][2] >> 16, 0, "fmac_f16 keeps the high half");
    assert_eq!(h(3, 3), 0, "denormal + -denormal = +0");
    assert_eq!(h(7, 0), 0x3c00);
    assert_eq!(w.sgpr[106], u32::MAX, "every lane's S0 > S1");
    // op_sel: the high halves 2.0 * 3.0 + 0 = 6.0 written to the high half.
    assert_eq!(w.vgpr[8][4] >> 16, 0x4600);
}

#[test]
fn partial_exec_and_vopd_float_pairs() {
    let w = run_with(
        "s_mov_b32 exec_lo, 0x0000f00f\nv_add_f32 v10, v0, v1\ns_mov_b32 exec_lo, -1\n\
         v_dual_fmac_f32 v4, v0, v1 :: v_dual_mul_f32 v5, v2, v3\n\
         v_dual_fmaak_f32 v6, v0, v1, 0x40000000 :: v_dual_add_f32 v7, v2, v3",
        |w| {
            w.mode = MODE_CLANG;
            for l in 0..32 {
                w.vgpr[0][l] = (l as f32).to_bits();
                w.vgpr[1][l] = 0.5f32.to_bits();
                w.vgpr[2][l] = (l as f32).to_bits();
                w.vgpr[3][l] = 0.5f32.to_bits();
                w.vgpr[10][l] = 0xdead;
                w.vgpr[4][l] = 1.0f32.to_bits();
            }
        },
    );
    for l in 0..32 {
        let x = l as f32;
        let want = if 0xf00f >> l & 1 == 1 {
            (x + 0.5).to_bits()
        } else {
            0xdead
        };
        assert_eq!(w.vgpr[10][l], want);
        assert_eq!(w.vgpr[4][l], x.mul_add(0.5, 1.0).to_bits());
        assert_eq!(w.vgpr[5][l], (x * 0.5).to_bits());
        assert_eq!(w.vgpr[6][l], x.mul_add(0.5, 2.0).to_bits());
        assert_eq!(w.vgpr[7][l], (x + 0.5).to_bits());
    }
}

#[test]
fn other_round_modes_stop_the_wave() {
    let e = error("v_add_f32 v0, v1, v2", MODE_CLANG | 3);
    let text = e.to_string();
    assert!(
        text.contains("v_add_f32") && text.contains("round mode 3"),
        "{text}"
    );
    // Round mode of f16/f64 does not affect f32 opcodes; compares never round.
    run_with("v_add_f32 v0, v1, v2\nv_cmp_lt_f32 vcc_lo, v0, v1", |w| {
        w.mode = MODE_CLANG | 0xc
    });
    run_with("v_cmp_lt_f32 vcc_lo, v0, v1", |w| w.mode = MODE_CLANG | 3);
}

#[test]
fn legacy_forms_rounding_conversions_and_dpp_modifiers() {
    let w = run3(
        "v_mul_dx9_zero_f32 v3, v0, v1\nv_mov_b32 v4, v2\nv_fmac_dx9_zero_f32 v4, v0, v1\n\
         v_fma_dx9_zero_f32 v5, v1, v0, v2\nv_cvt_floor_i32_f32 v6, v1\n\
         v_cvt_nearest_i32_f32 v7, v1\nv_cvt_i16_f16 v8, v2\n\
         v_add_f32_dpp v9, -v1, |v0| quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf",
        MODE_CLANG,
        &[0, 0x7f80_0000, 0x7fc0_0000, 0x4000_0000],
        &[0x7f80_0000, 0, 0xc020_0000, 0x3fc0_0000],
        &[0x4000_0000, 0x4000_0000, 0x7c00, 0xd640],
    );
    let r = |reg: usize, l: usize| w.vgpr[reg][l];
    // DX9: 0 * anything (inf, NaN) = +0; fma/fmac then give S2 / D0.
    assert_eq!((r(3, 0), r(3, 1)), (0, 0));
    assert_eq!((r(4, 0), r(4, 1)), (0x4000_0000, 0x4000_0000));
    assert_eq!(r(5, 1), 0x4000_0000);
    assert_eq!(r(3, 2), 0x7fc0_0000, "NaN * -2.5 (no zero)");
    assert_eq!(r(3, 3), 3.0f32.to_bits());
    // floor(-2.5) = -3, floor(-2.5 + 0.5) = -2; floor(1.5) = 1, floor(2.0) = 2.
    assert_eq!((r(6, 2), r(7, 2)), (-3i32 as u32, -2i32 as u32));
    assert_eq!((r(6, 3), r(7, 3)), (1, 2));
    // f16 -> i16 saturates: inf -> 0x7fff, -100.0 -> -100.
    assert_eq!(r(8, 2) & 0xffff, 0x7fff);
    assert_eq!(r(8, 3) & 0xffff, (-100i16) as u16 as u32);
    // DPP16 modifiers: -src0 (moved from the neighbour lane) + |src1|.
    assert_eq!(r(9, 3), (-f(0xc020_0000) + 2.0).to_bits());
    assert_eq!(r(9, 2), 0x7fc0_0000, "-1.5 + |qNaN|");
}

#[test]
fn packed_f16_op_sel_and_negation() {
    // v0 = {hi 2.0, lo 1.0}, v1 = {hi 3.0, lo 0.5}, v2 = {hi 65504, lo -1.0}.
    let w = run3(
        "v_pk_add_f16 v3, v0, v1\nv_pk_mul_f16 v4, v0, v1 op_sel:[1,0] op_sel_hi:[0,1]\n\
         v_pk_fma_f16 v5, v0, v1, v2 neg_lo:[1,0,0] neg_hi:[0,0,1]\n\
         v_pk_max_f16 v6, v0, v1\nv_pk_add_f16 v7, v2, v2 clamp\n\
         v_mov_b32 v8, v2\nv_pk_fmac_f16 v8, v0, v1",
        MODE_CLANG,
        &[0x4000_3c00],
        &[0x4200_3800],
        &[0x7bff_bc00],
    );
    let r = |reg: usize| w.vgpr[reg][0];
    assert_eq!(r(3), 0x4500_3e00, "{{2 + 3, 1 + 0.5}}");
    // lo: hi(v0) * lo(v1) = 2 * 0.5; hi: lo(v0) * hi(v1) = 1 * 3.
    assert_eq!(r(4), 0x4200_3c00);
    // lo: -1 * 0.5 + -1 = -1.5; hi: 2 * 3 - 65504 = -65498 -> -65504 (0xfbff).
    assert_eq!(r(5), 0xfbff_be00);
    assert_eq!(r(6), 0x4200_3c00);
    // clamp per half: -2 -> 0, 65504 * 2 = inf -> 1.0.
    assert_eq!(r(7), 0x3c00_0000);
    // fmac: lo 1 * 0.5 - 1 = -0.5, hi 2 * 3 + 65504 = 65510 -> 65504.
    assert_eq!(r(8), 0x7bff_b800);
    assert!(w.vgpr[3].iter().all(|&v| v == 0x4500_3e00), "every lane");
}

#[test]
fn fmamk_fmaak_literals() {
    let w = run3(
        "v_fmamk_f32 v3, v0, 0x40400000, v1\nv_fmaak_f32 v4, v0, v1, 0x40400000\n\
         v_fmamk_f16 v5, v2, 0x4200, v2\nv_fmaak_f16 v6, v2, v2, 0x4200",
        MODE_CLANG,
        &[2.0f32.to_bits()],
        &[0.5f32.to_bits()],
        &[0xffff_4000], // f16 2.0 in the low half
    );
    assert_eq!(w.vgpr[3][0], 6.5f32.to_bits(), "2 * 3 + 0.5");
    assert_eq!(w.vgpr[4][0], 4.0f32.to_bits(), "2 * 0.5 + 3");
    assert_eq!(w.vgpr[5][0] & 0xffff, 0x4800, "2 * 3 + 2 = 8");
    assert_eq!(w.vgpr[6][0] & 0xffff, 0x4700, "2 * 2 + 3 = 7");
}

#[test]
fn f64_division_sequence_and_denormal_flush() {
    let body = "v_div_scale_f64 v[4:5], null, v[2:3], v[2:3], v[0:1]\n\
                v_div_scale_f64 v[10:11], vcc_lo, v[0:1], v[2:3], v[0:1]\n\
                v_rcp_f64 v[6:7], v[4:5]\nv_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0\n\
                v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]\nv_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0\n\
                v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]\nv_mul_f64 v[8:9], v[10:11], v[6:7]\n\
                v_fma_f64 v[4:5], -v[4:5], v[8:9], v[10:11]\n\
                v_div_fmas_f64 v[4:5], v[4:5], v[6:7], v[8:9]\n\
                v_div_fixup_f64 v[12:13], v[4:5], v[2:3], v[0:1]\n\
                v_add_f64 v[14:15], v[0:1], 0";
    let nums = [1.0f64, 7.0, -3.5, 1e-310, 1e300, 0.0, 2.0, 5e-324];
    let dens = [3.0f64, 0.1, 1e-310, 3.0, 1e-20, 0.0, f64::INFINITY, 1.0];
    let setup = |mode: u32| {
        move |w: &mut Wave| {
            w.mode = mode;
            for l in 0..32 {
                let (n, d) = (nums[l % 8].to_bits(), dens[l % 8].to_bits());
                w.vgpr[0][l] = n as u32;
                w.vgpr[1][l] = (n >> 32) as u32;
                w.vgpr[2][l] = d as u32;
                w.vgpr[3][l] = (d >> 32) as u32;
            }
        }
    };
    let get = |w: &Wave, r: usize, l: usize| {
        u64::from(w.vgpr[r][l]) | (u64::from(w.vgpr[r + 1][l]) << 32)
    };
    let w = run_with(body, setup(MODE_CLANG));
    for l in 0..8 {
        let q = nums[l] / dens[l];
        let want = if q.is_nan() {
            0xfff8_0000_0000_0000
        } else {
            q.to_bits()
        };
        assert_eq!(get(&w, 12, l), want, "{} / {}", nums[l], dens[l]);
        assert_eq!(get(&w, 14, l), nums[l].to_bits(), "x + 0 keeps denormals");
    }
    // f16/f64 denormals flushed (MODE[7:6] = 0): 1e-310 + 0 = +0, 5e-324 + 0 = +0.
    let w = run_with("v_add_f64 v[14:15], v[0:1], 0", setup(MODE_FLUSH32 & !0xc0));
    assert_eq!((get(&w, 14, 3), get(&w, 14, 7)), (0, 0));
    assert_eq!(get(&w, 14, 0), 1f64.to_bits());
}
