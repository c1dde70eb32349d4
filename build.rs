//! Tells the tests what the machine lacks, so that a test that skips for
//! want of `../shared` or Chromium is reported by `cargo test` as an
//! ignored test with the reason (see `tests/skips.rs`), not only under
//! `--nocapture`.

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(relic_no_shared)");
    println!("cargo::rustc-check-cfg=cfg(relic_no_chromium)");
    println!("cargo::rerun-if-env-changed=RELIC_SHARED");
    println!("cargo::rerun-if-env-changed=RELIC_CHROMIUM");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let shared = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("../shared"));
    let chromium = std::env::var_os("RELIC_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    for (path, cfg) in [(shared, "relic_no_shared"), (chromium, "relic_no_chromium")] {
        // A path that does not exist makes cargo run this script every
        // build, so the cfg goes away as soon as the path appears.
        println!("cargo::rerun-if-changed={}", path.display());
        if !path.exists() {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
