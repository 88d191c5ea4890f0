//! Fuzz target: arbitrary bytes as an HSA code object. Parsing must never panic, hang or
//! allocate beyond the input's size; whatever parses must answer every query.

#![no_main]

use cu32_isa::code_object::CodeObject;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(co) = CodeObject::parse(data) {
        for kernel in co.kernels() {
            let _ = kernel.descriptor.fields();
            let _ = kernel.descriptor.user_sgprs();
        }
        let _ = co.image();
        let _ = co.text();
    }
});
