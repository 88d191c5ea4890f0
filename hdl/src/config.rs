//! The compute-unit configuration: a YAML file with the hardware parameters (lanes, wave
//! slots, register and memory sizes, feature switches) and the FPGA target. One default is
//! embedded in the binary (`configs/default.yaml`).

use serde::{Deserialize, Serialize};
use std::path::Path;

/// The embedded default configuration's text.
pub const DEFAULT_YAML: &str = include_str!("../../configs/default.yaml");

/// Hardware and target parameters of one compute unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// A short name used for output folders and reports: 1 to 64 of `A-Z a-z 0-9 - _ .`,
    /// not `.` or `..` (never a path).
    pub name: String,
    /// Physical SIMD lanes (2, 4, 8, 16 or 32); a wave of 32 runs in 32/lanes passes.
    pub lanes: u32,
    /// Wave slots (1..=16).
    pub wave_slots: u32,
    /// VGPRs per wave (a multiple of 8, 8..=256).
    pub vgprs: u32,
    /// LDS size in bytes (a power of two, 1024..=65536).
    pub lds_bytes: u32,
    /// LDS banks (a power of two, 4..=32).
    pub lds_banks: u32,
    /// Instruction memory size in 32-bit words (a power of two, 64..=16384).
    pub imem_words: u32,
    /// Optional units; a switched-off unit decodes its instructions as illegal.
    pub features: Features,
    /// FPGA target for `cu32 synth`.
    pub target: Target,
}

/// Feature switches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Features {
    /// Scalar 32-bit multiplies (`s_mul_i32`, `s_mul_hi_*`, `s_mulk_i32`) on DSP blocks.
    pub int_mul: bool,
    /// FP32 vector pipeline. The RTL has none yet: only `false` is accepted.
    pub fp32: bool,
    /// FP16 and packed FP16. The RTL has none yet: only `false` is accepted.
    pub fp16: bool,
    /// Transcendental unit (`v_rcp`, `v_rsq`, `v_sqrt`, `v_exp`, `v_log`, `v_sin`, `v_cos`).
    /// The RTL has none yet: only `false` is accepted.
    pub transcendentals: bool,
}

/// FPGA target for synthesis and place-and-route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// Device family; only `ecp5` for now.
    pub family: String,
    /// nextpnr device (`25k`, `45k`, `85k`, `um5g-85k`, ...).
    pub device: String,
    /// Package (`CABGA381`, ...).
    pub package: String,
    /// Clock constraint for place-and-route, in MHz.
    pub freq_mhz: u32,
}

/// A configuration that failed to load, with the file and field it concerns.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{file}: cannot read: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: {message}")]
    Parse { file: String, message: String },
    #[error("{file}: field `{field}` is {value}, but {allowed}")]
    Invalid {
        file: String,
        field: &'static str,
        value: String,
        allowed: &'static str,
    },
}

impl Config {
    /// The embedded default configuration.
    pub fn default_config() -> Config {
        match Config::parse(DEFAULT_YAML, "<embedded default>") {
            Ok(c) => c,
            // Checked by the unit tests: the embedded file is part of the build.
            Err(e) => panic!("embedded default configuration is invalid: {e}"),
        }
    }

    /// Loads and validates a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            file: file.clone(),
            source,
        })?;
        Config::parse(&text, &file)
    }

    /// Parses and validates configuration text; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Config, ConfigError> {
        let config: Config = serde_norway::from_str(text).map_err(|e| ConfigError::Parse {
            file: file.to_string(),
            message: e.to_string(),
        })?;
        config.validate(file)?;
        Ok(config)
    }

    // `is_multiple_of` is newer than the workspace's rust-version (1.80).
    #[allow(clippy::manual_is_multiple_of)]
    fn validate(&self, file: &str) -> Result<(), ConfigError> {
        let pow2 = |v: u32| v.is_power_of_two();
        let checks: [(&'static str, u32, bool, &'static str); 6] = [
            (
                "lanes",
                self.lanes,
                matches!(self.lanes, 2 | 4 | 8 | 16 | 32),
                "allowed are 2, 4, 8, 16, 32",
            ),
            (
                "wave_slots",
                self.wave_slots,
                (1..=16).contains(&self.wave_slots),
                "allowed is 1..=16",
            ),
            (
                "vgprs",
                self.vgprs,
                (8..=256).contains(&self.vgprs) && self.vgprs % 8 == 0,
                "allowed is a multiple of 8 in 8..=256",
            ),
            (
                "lds_bytes",
                self.lds_bytes,
                pow2(self.lds_bytes) && (1024..=65536).contains(&self.lds_bytes),
                "allowed is a power of two in 1024..=65536",
            ),
            (
                "lds_banks",
                self.lds_banks,
                pow2(self.lds_banks) && (4..=32).contains(&self.lds_banks),
                "allowed is a power of two in 4..=32",
            ),
            (
                "imem_words",
                self.imem_words,
                pow2(self.imem_words) && (64..=16384).contains(&self.imem_words),
                "allowed is a power of two in 64..=16384",
            ),
        ];
        for (field, value, ok, allowed) in checks {
            if !ok {
                return Err(ConfigError::Invalid {
                    file: file.to_string(),
                    field,
                    value: value.to_string(),
                    allowed,
                });
            }
        }
        let name_ok = !self.name.is_empty()
            && self.name.len() <= 64
            && self.name != "."
            && self.name != ".."
            && self
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !name_ok {
            return Err(ConfigError::Invalid {
                file: file.to_string(),
                field: "name",
                value: format!("`{}`", cu32_isa::shown(&self.name)),
                allowed: "allowed is 1 to 64 of A-Z a-z 0-9 - _ . (not `.` or `..`): it names \
                          the output folder",
            });
        }
        let float = [
            ("features.fp32", self.features.fp32),
            ("features.fp16", self.features.fp16),
            ("features.transcendentals", self.features.transcendentals),
        ];
        if let Some((field, _)) = float.into_iter().find(|(_, on)| *on) {
            return Err(ConfigError::Invalid {
                file: file.to_string(),
                field,
                value: "true".into(),
                allowed: "the RTL has no floating-point unit yet: allowed is `false` (the \
                          golden model runs float instructions whatever the configuration)",
            });
        }
        if self.target.family != "ecp5" {
            return Err(ConfigError::Invalid {
                file: file.to_string(),
                field: "target.family",
                value: format!("`{}`", self.target.family),
                allowed: "allowed is `ecp5`",
            });
        }
        if !(1..=1000).contains(&self.target.freq_mhz) {
            return Err(ConfigError::Invalid {
                file: file.to_string(),
                field: "target.freq_mhz",
                value: self.target.freq_mhz.to_string(),
                allowed: "allowed is 1..=1000",
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_default_is_valid() {
        let c = Config::default_config();
        assert_eq!(c.lanes, 32);
    }

    #[test]
    fn bad_values_name_field_and_allowed() {
        let bad = DEFAULT_YAML.replace("lanes: 32", "lanes: 12");
        let e = Config::parse(&bad, "x.yaml").unwrap_err().to_string();
        assert!(e.starts_with("x.yaml: field `lanes` is 12"), "{e}");
        assert!(e.contains("2, 4, 8, 16, 32"), "{e}");
    }

    #[test]
    fn the_lds_needs_four_banks_and_a_kib() {
        for (from, to, field) in [
            ("lds_bytes: 16384", "lds_bytes: 0", "lds_bytes"),
            ("lds_banks: 32", "lds_banks: 2", "lds_banks"),
        ] {
            let bad = DEFAULT_YAML.replace(from, to);
            let e = Config::parse(&bad, "i.yaml").unwrap_err().to_string();
            assert!(e.starts_with(&format!("i.yaml: field `{field}`")), "{e}");
        }
    }

    #[test]
    fn unknown_fields_are_rejected_with_location() {
        let bad = format!("{DEFAULT_YAML}\nbogus: 1\n");
        let e = Config::parse(&bad, "y.yaml").unwrap_err().to_string();
        assert!(e.contains("y.yaml") && e.contains("bogus"), "{e}");
        assert!(e.contains("line"), "{e}");
    }
}
