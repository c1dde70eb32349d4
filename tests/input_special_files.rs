//! Every input file that is not a regular file (a FIFO here) is refused at
//! once with a diagnostic, instead of blocking forever: rulesets, `extends`
//! targets, records, saved games, sim shards and boards (issue 16 item 5).
//! The FIFO is made in a temporary folder by each test.

#![cfg(unix)]

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh temporary folder holding a FIFO named `pipe`.
fn folder_with_fifo(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("relic-fifo-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = CString::new(dir.join("pipe").as_os_str().as_bytes()).unwrap();
    // SAFETY: `fifo` is a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    dir
}

/// Runs relic with `args`, killing it (and failing) if it takes over 20 s.
fn run_bounded(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("relic {args:?} blocked on a FIFO");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Checks that relic refused at once with `status`, saying `needle`.
fn assert_refused(args: &[&str], status: i32, needle: &str) {
    let out = run_bounded(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(status), "{args:?}:\n{stderr}");
    // Reports wrap long lines: compare the words.
    let words: Vec<&str> = stderr.split_whitespace().filter(|w| *w != "│").collect();
    let said = words.join(" ");
    assert!(
        said.contains(needle),
        "{args:?} does not say {needle:?}:\n{stderr}"
    );
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_fifo_ruleset_is_refused() {
    let dir = folder_with_fifo("ruleset");
    let fifo = dir.join("pipe");
    assert_refused(&["rules", "check", path(&fifo)], 2, "rules::io::unreadable");
    assert_refused(&["rules", "check", path(&fifo)], 2, "not a regular file");
    assert_refused(&["play", "--ruleset", path(&fifo)], 2, "not a regular file");
    assert_refused(
        &["check", "--ruleset", path(&fifo), "boards/classic-7x7.gbf"],
        2,
        "not a regular file",
    );
}

#[test]
fn a_fifo_extends_target_is_refused() {
    let dir = folder_with_fifo("extends");
    let ruleset = dir.join("house.toml");
    std::fs::write(&ruleset, "extends = \"pipe\"\nname = \"House\"\n").unwrap();
    assert_refused(
        &["rules", "check", path(&ruleset)],
        1,
        "rules::extends::not_found",
    );
    assert_refused(&["rules", "check", path(&ruleset)], 1, "not a regular file");
}

#[test]
fn a_fifo_record_or_saved_game_is_refused() {
    let dir = folder_with_fifo("record");
    let fifo = dir.join("pipe");
    assert_refused(&["replay", path(&fifo)], 1, "save::not_regular");
    assert_refused(&["play", "--load", path(&fifo)], 1, "save::not_regular");
    assert_refused(&["solve", "--load", path(&fifo)], 2, "save::not_regular");
}

#[test]
fn a_fifo_sim_shard_is_refused() {
    let dir = folder_with_fifo("shard");
    let fifo = dir.join("pipe");
    assert_refused(&["sim", "merge", path(&fifo)], 2, "not a regular file");
}

#[test]
fn a_fifo_board_is_refused() {
    let dir = folder_with_fifo("board");
    let fifo = dir.join("pipe");
    assert_refused(&["check", path(&fifo)], 2, "gbf::io::not_regular");
}
