//! Scalar operand codes: the 8-bit SSRC / 7-bit SDST field values, their register names in
//! LLVM syntax, and the values of inline constants.

/// First code of the VCC pair (`vcc_lo`); `vcc_hi` is 107.
pub const VCC_LO: u8 = 106;
/// First trap temporary (`ttmp0`); `ttmp15` is 123.
pub const TTMP0: u8 = 108;
/// `null`: reads 0, writes are discarded.
pub const NULL: u8 = 124;
/// `m0`.
pub const M0: u8 = 125;
/// First code of the EXEC pair (`exec_lo`); `exec_hi` is 127.
pub const EXEC_LO: u8 = 126;
/// Source code of SCC as an operand.
pub const SRC_SCC: u8 = 253;
/// Source code of `src_lds_direct` (VALU sources only).
pub const SRC_LDS_DIRECT: u8 = 254;
/// Source code meaning "a 32-bit literal dword follows".
pub const SRC_LITERAL: u8 = 255;
/// Number of SGPRs (`s0`..`s105`).
pub const NUM_SGPRS: u8 = 106;

/// 1/(2*pi) as an f32 bit pattern (inline constant 248).
pub const INV_2PI_F32: u32 = 0x3e22_f983;
/// 1/(2*pi) as an f64 bit pattern (inline constant 248 on a 64-bit operand).
pub const INV_2PI_F64: u64 = 0x3fc4_5f30_6dc9_c882;

/// 1/(2*pi) as an f16 bit pattern (inline constant 248 on a 16-bit float operand).
pub const INV_2PI_F16: u16 = 0x3118;

/// Inline float constants 240..=248 as f16 bit patterns (0.5, -0.5, 1.0, -1.0, 2.0, -2.0,
/// 4.0, -4.0, 1/(2*pi)), indexed by `code - 240`.
pub const INLINE_F16: [u16; 9] = [
    0x3800,
    0xb800,
    0x3c00,
    0xbc00,
    0x4000,
    0xc000,
    0x4400,
    0xc400,
    INV_2PI_F16,
];

/// Whether a source code is a scalar register readable as data (SGPR, VCC, TTMP, NULL, M0,
/// EXEC).
pub fn is_register(code: u8) -> bool {
    code <= EXEC_LO + 1
}

/// The value of an inline constant source code (128..=208 integers, 240..=248 floats) for an
/// operand of `bits` width: integers sign-extended, floats in the operand's own precision.
/// `None` for register, literal and reserved codes.
pub fn inline_constant(code: u8, bits: u8) -> Option<u64> {
    let wide = bits == 64;
    let int = match code {
        128..=192 => Some(i64::from(code) - 128),
        193..=208 => Some(192 - i64::from(code)),
        _ => None,
    };
    if let Some(v) = int {
        return Some(if wide { v as u64 } else { v as u32 as u64 });
    }
    let f: f64 = match code {
        240 => 0.5,
        241 => -0.5,
        242 => 1.0,
        243 => -1.0,
        244 => 2.0,
        245 => -2.0,
        246 => 4.0,
        247 => -4.0,
        248 => {
            return Some(if wide {
                INV_2PI_F64
            } else {
                u64::from(INV_2PI_F32)
            })
        }
        _ => return None,
    };
    Some(if wide {
        f.to_bits()
    } else {
        u64::from((f as f32).to_bits())
    })
}

/// The LLVM name of a scalar register operand of `bits` width starting at `code`, or
/// `None` if `code` is not a register (or a 64-bit pair cannot start there).
pub fn register_name(code: u8, bits: u8) -> Option<String> {
    let pair = bits == 64;
    Some(match code {
        0..=105 if pair => format!("s[{}:{}]", code, u32::from(code) + 1),
        0..=105 => format!("s{code}"),
        VCC_LO if pair => "vcc".into(),
        VCC_LO => "vcc_lo".into(),
        107 if !pair => "vcc_hi".into(),
        108..=123 if pair => format!("ttmp[{}:{}]", code - TTMP0, code - TTMP0 + 1),
        108..=123 => format!("ttmp{}", code - TTMP0),
        NULL => "null".into(),
        M0 if !pair => "m0".into(),
        EXEC_LO if pair => "exec".into(),
        EXEC_LO => "exec_lo".into(),
        127 if !pair => "exec_hi".into(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_constants_follow_the_reference() {
        assert_eq!(inline_constant(128, 32), Some(0));
        assert_eq!(inline_constant(192, 32), Some(64));
        assert_eq!(inline_constant(193, 32), Some(0xffff_ffff));
        assert_eq!(inline_constant(208, 64), Some((-16i64) as u64));
        assert_eq!(inline_constant(242, 32), Some(0x3f80_0000));
        assert_eq!(inline_constant(242, 64), Some(0x3ff0_0000_0000_0000));
        assert_eq!(inline_constant(247, 32), Some(0xc080_0000));
        assert_eq!(inline_constant(248, 32), Some(0x3e22_f983));
        assert_eq!(inline_constant(255, 32), None);
        assert_eq!(inline_constant(20, 32), None);
    }

    #[test]
    fn register_names() {
        assert_eq!(register_name(5, 32).unwrap(), "s5");
        assert_eq!(register_name(4, 64).unwrap(), "s[4:5]");
        assert_eq!(register_name(106, 32).unwrap(), "vcc_lo");
        assert_eq!(register_name(106, 64).unwrap(), "vcc");
        assert_eq!(register_name(126, 64).unwrap(), "exec");
        assert_eq!(register_name(125, 32).unwrap(), "m0");
        assert_eq!(register_name(124, 64).unwrap(), "null");
        assert_eq!(register_name(125, 64), None);
        assert_eq!(register_name(200, 32), None);
    }
}
