//! Fuzz target: arbitrary text as a launch file. Parsing must never panic; an error must
//! name the file; a launch that parses has at least one work-group in every dimension and
//! no empty block.

#![no_main]

use cu32_sim::launch::Launch;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Launch::from_yaml(text, Path::new("."), "fuzz.yaml") {
        Ok(launch) => {
            assert!(launch.groups().iter().all(|&g| g >= 1));
            assert!(launch.block.iter().all(|&b| b >= 1));
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz.yaml"), "{e}"),
    }
});
