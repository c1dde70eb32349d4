//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod cave_walk;
pub mod core_files;
pub mod fingerprint;
pub mod inline_core;
pub mod maze_record;
pub mod side_by_side;
pub mod tictactoe;

use std::path::PathBuf;
use std::sync::Arc;

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

/// Runs the built `relic` binary with `args`, from the crate's folder,
/// feeding it `stdin`, and returns what it printed and its status.
pub fn run_relic<I, S>(args: I, stdin: &[u8]) -> std::process::Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    run_relic_in(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        args,
        stdin,
    )
}

/// [`run_relic`] in the folder `dir`.
pub fn run_relic_in<I, S>(dir: &std::path::Path, args: I, stdin: &[u8]) -> std::process::Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the relic binary starts");
    // A program that exits before reading all its input is not an error here.
    let _ = child.stdin.take().expect("stdin is piped").write_all(stdin);
    child.wait_with_output().expect("the relic binary runs")
}

/// The files in `dir` ending in `.ext`, sorted, as paths relative to the
/// crate's folder (`dir` is relative to it too; tests run from there, and
/// reports that show the path stay the same on every machine).
pub fn fixture_files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let listed = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&listed)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", listed.display()))
        .map(|entry| PathBuf::from(dir).join(entry.expect("directory entries read").file_name()))
        .filter(|path| path.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

/// Every shipped ruleset of the walker-physics family (Boulder Dash and
/// its variants), read: each file with its program.
pub fn walker_physics_rulesets() -> Vec<(PathBuf, Arc<relic::walker::Program>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    let mut files = vec![root.join("boulder-dash.toml")];
    let mut variants: Vec<PathBuf> = std::fs::read_dir(root.join("boulder-dash-variants"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    variants.sort();
    files.extend(variants);
    let programs: Vec<_> = (files.into_iter())
        .map(|f| {
            let program =
                relic::walker::load_walker(&f).unwrap_or_else(|e| panic!("{}", e.render(80)));
            (f, program)
        })
        .collect();
    assert!(programs.len() >= 5);
    assert!(programs.iter().all(|(_, p)| p.game == "walker-physics"));
    programs
}
