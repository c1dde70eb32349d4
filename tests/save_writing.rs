//! Writing saved games safely: a link planted in a shared folder is never
//! followed, only a regular file is ever replaced (issue 16 item 6), and
//! a failing autosave is said at once with no temporary file left behind
//! (item 16). The links, FIFOs and full disks are made in temporary
//! folders by each test.

#![cfg(unix)]

use crate::common;

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("relic-save-writing-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn play_saving(save: &Path, input: &str) -> Output {
    common::run_relic(
        [
            "play",
            "boards/learner-5x5.gbf",
            "--save",
            save.to_str().unwrap(),
        ],
        input.as_bytes(),
    )
}

#[test]
fn a_link_planted_at_a_temporary_name_is_not_followed() {
    let dir = temp_dir("planted");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    // The name relic used for its temporary file before this was fixed.
    std::os::unix::fs::symlink(&victim, dir.join(".game.ron.tmp")).unwrap();
    let out = play_saving(&dir.join("game.ron"), "r n2 done quit");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let saved = std::fs::read_to_string(dir.join("game.ron")).unwrap();
    assert!(saved.contains("\"n2\","), "{saved}");
    assert_eq!(names(&dir), [".game.ron.tmp", "game.ron", "victim.txt"]);
}

#[test]
fn only_a_regular_file_is_replaced() {
    let dir = temp_dir("special");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let link = dir.join("link.ron");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let fifo = dir.join("fifo.ron");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for target in [&link, &fifo, &dir] {
        let out = play_saving(target, "quit");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        // The diagnostic wraps its message at 80 columns: read it unwrapped.
        let words: Vec<&str> = stderr.split_whitespace().filter(|w| *w != "│").collect();
        assert!(
            words.join(" ").contains("is not a regular file"),
            "{stderr}"
        );
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(names(&dir), ["fifo.ron", "link.ron", "victim.txt"]);
}

/// Plays with files limited to `max_bytes` (writes past it fail with
/// "File too large" instead of killing the process).
fn play_with_file_limit(save: &Path, input: &str, max_bytes: u64) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_relic"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "play",
            "boards/learner-5x5.gbf",
            "--save",
            save.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: max_bytes,
                rlim_max: max_bytes,
            };
            match libc::setrlimit(libc::RLIMIT_FSIZE, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    let mut child = command.spawn().unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_failing_autosave_is_said_at_once_and_leaves_no_temporary_file() {
    let dir = temp_dir("full");
    let save = dir.join("game.ron");
    // Input that ends at once: the game saved at the start, no action.
    assert!(play_saving(&save, "").status.success());
    let empty_game = std::fs::read_to_string(&save).unwrap();
    std::fs::remove_file(&save).unwrap();
    let turns = "r n2 done l e4 done s2 done n4 done quit";
    let out = play_with_file_limit(&save, turns, empty_game.len() as u64 + 8);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // One message for each turn that could not be saved, not one at the end.
    let failures = stderr.matches("cannot save the game to").count();
    assert!(failures >= 4, "{failures} failures said:\n{stderr}");
    // The message wraps at width 80 wherever the temporary path ends.
    let words: Vec<&str> = stderr.split_whitespace().filter(|w| *w != "│").collect();
    assert!(words.join(" ").contains("File too large"), "{stderr}");
    assert_eq!(names(&dir), ["game.ron"]);
    assert_eq!(std::fs::read_to_string(&save).unwrap(), empty_game);
}
