//! Records the target and host triples, which the co-simulation harness hands to the `cc`
//! crate when it compiles the Verilated model at run time.

fn main() {
    for var in ["TARGET", "HOST"] {
        let value = std::env::var(var).unwrap_or_default();
        println!("cargo:rustc-env=CU32_{var}={value}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
