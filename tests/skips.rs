//! What the test run lacks, said where `cargo test` shows it: when
//! `../shared` (or `$RELIC_SHARED`) or Chromium (or `$RELIC_CHROMIUM`) is
//! absent, the tests that need it skip, and this file lists its check as
//! `ignored, skipped: ... not found`; when present, the check passes.
//!
//! The machine is looked at when the tests run, not when they are built
//! (a build script that watched a missing path would make cargo rebuild
//! the crate on every build). libtest decides `#[ignore]` at compile time,
//! so this file is its own small harness (`harness = false`) that prints
//! what libtest prints and understands its filters, `--exact`, `--list`,
//! `--ignored` and `--include-ignored`. Under `CI=true` a missing folder
//! or browser fails instead.

use std::path::PathBuf;
use std::process::ExitCode;

/// One check: its name, the path it looks for, and the reason printed
/// when the path is missing.
struct Check {
    name: &'static str,
    path: PathBuf,
    wanted: fn(&std::path::Path) -> bool,
    skipped: &'static str,
}

fn checks() -> Vec<Check> {
    let shared = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let chromium = std::env::var_os("RELIC_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    vec![
        Check {
            name: "shared_material_is_present_or_its_tests_are_skipped",
            path: shared,
            wanted: |p| p.is_dir(),
            skipped: "skipped: ../shared not found (set RELIC_SHARED); the conformance, cs144, browser-conformance and solver-benchmark tests did not run",
        },
        Check {
            name: "chromium_is_present_or_the_browser_tests_are_skipped",
            path: chromium,
            wanted: |p| p.is_file(),
            skipped: "skipped: Chromium not found (install chromium or set RELIC_CHROMIUM); the browser tests did not run",
        },
    ]
}

/// The libtest options this harness follows; the others (`--nocapture`,
/// `--test-threads`, ...) change nothing for two quick checks.
#[derive(Default)]
struct Options {
    filters: Vec<String>,
    exact: bool,
    list: bool,
    ignored_only: bool,
    include_ignored: bool,
}

fn options() -> Options {
    let mut o = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--exact" => o.exact = true,
            "--list" => o.list = true,
            "--ignored" => o.ignored_only = true,
            "--include-ignored" => o.include_ignored = true,
            "--test-threads" | "--format" | "--color" | "--skip" | "-Z" => {
                args.next();
            }
            a if a.starts_with('-') => {}
            a => o.filters.push(a.to_string()),
        }
    }
    o
}

fn selected(o: &Options, name: &str) -> bool {
    o.filters.is_empty()
        || o.filters.iter().any(|f| {
            if o.exact {
                name == f
            } else {
                name.contains(f.as_str())
            }
        })
}

fn main() -> ExitCode {
    let o = options();
    let all = checks();
    let total = all.len();
    // `--ignored` runs only what would be ignored: the checks whose path
    // is missing.
    let chosen: Vec<&Check> = all
        .iter()
        .filter(|c| selected(&o, c.name) && !(o.ignored_only && (c.wanted)(&c.path)))
        .collect();
    if o.list {
        for c in &chosen {
            println!("{}: test", c.name);
        }
        return ExitCode::SUCCESS;
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    println!("\nrunning {} tests", chosen.len());
    let (mut passed, mut failed, mut ignored) = (0, 0, 0);
    for c in &chosen {
        let present = (c.wanted)(&c.path);
        let skip = !(present || ci || o.ignored_only || o.include_ignored);
        if skip {
            ignored += 1;
            println!("test {} ... ignored, {}", c.name, c.skipped);
        } else if present {
            passed += 1;
            println!("test {} ... ok", c.name);
        } else {
            failed += 1;
            println!("test {} ... FAILED", c.name);
            eprintln!(
                "{} is missing{}",
                c.path.display(),
                if ci { ", and CI=true requires it" } else { "" }
            );
        }
    }
    let status = if failed == 0 { "ok" } else { "FAILED" };
    println!(
        "\ntest result: {status}. {passed} passed; {failed} failed; {ignored} ignored; 0 measured; {} filtered out\n",
        total - chosen.len()
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
