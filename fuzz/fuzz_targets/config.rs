//! Fuzz target: arbitrary text as a configuration file. Parsing must never panic; an error
//! must name the file; a configuration that loads has a name that is no path and values in
//! their documented ranges.

#![no_main]

use cu32_hdl::Config;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Config::parse(text, "fuzz.yaml") {
        Ok(c) => {
            assert!(!c.name.is_empty() && !c.name.contains(['/', '\\']) && c.name != "..");
            assert!(matches!(c.lanes, 2 | 4 | 8 | 16 | 32));
            assert!((8..=256).contains(&c.vgprs) && c.imem_words.is_power_of_two());
            assert!(!c.features.fp32 && !c.features.fp16 && !c.features.transcendentals);
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz.yaml"), "{e}"),
    }
});
