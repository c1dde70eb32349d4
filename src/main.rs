//! The `relic` command.
//!
//! On Linux with glibc its entry is C's `main` rather than std's, whose
//! start-up reads `/proc/self/maps` for a stack-overflow report (see
//! `relic::cli::entry`); a small command such as `relic check BOARD` is run
//! by the thousand in scripts (issue 31 item 6, docs/PERFORMANCE.md).
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    relic::cli::entry::run_as_process(relic::cli::main)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() -> std::process::ExitCode {
    relic::cli::main()
}

/// `pow` for the progress bars' rate estimate (indicatif), in Rust: with
/// it, nothing the program calls is in glibc's `libm.so`, which the loader
/// would otherwise map at every start (0.08 ms of a 1 ms budget).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[unsafe(no_mangle)]
extern "C" fn pow(base: f64, exponent: f64) -> f64 {
    libm::pow(base, exponent)
}
