//! What the test run lacks, said where `cargo test` shows it: when
//! `../shared` (or `$RELIC_SHARED`) or Chromium (or `$RELIC_CHROMIUM`) is
//! absent, the tests that need it skip, and the test below is listed as
//! `ignored` with the reason (`build.rs` sets the cfg). When present, it
//! checks that it really is.

use std::path::PathBuf;

#[test]
#[cfg_attr(
    relic_no_shared,
    ignore = "skipped: ../shared not found (set RELIC_SHARED); the conformance, cs144, browser-conformance and solver-benchmark tests did not run"
)]
fn shared_material_is_present_or_its_tests_are_skipped() {
    let dir = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    assert!(dir.is_dir(), "{} is not a folder", dir.display());
}

#[test]
#[cfg_attr(
    relic_no_chromium,
    ignore = "skipped: Chromium not found (install chromium or set RELIC_CHROMIUM); the browser tests did not run"
)]
fn chromium_is_present_or_the_browser_tests_are_skipped() {
    let chromium = std::env::var_os("RELIC_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    assert!(chromium.is_file(), "{} is not a file", chromium.display());
}
