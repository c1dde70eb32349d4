//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The folder of material written by others (`../shared`, or
/// `$RELIC_SHARED`). `None` (after a skip notice) when it is absent; under
/// `CI=true` its absence fails the test.
pub fn shared_dir(what: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let wanted = dir.join(what);
    if wanted.exists() {
        return Some(wanted);
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    assert!(
        !ci,
        "{} is missing, and CI=true requires it",
        wanted.display()
    );
    eprintln!(
        "skipped: {} not found (set RELIC_SHARED to the shared folder)",
        wanted.display()
    );
    None
}

/// Runs the relic binary with `args`, `input` on stdin, and returns its
/// output. The process may exit before reading its input (a failing load).
pub fn run_relic(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("relic starts");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}
