//! `relic fmt`: every shipped ruleset is in the canonical layout and
//! formatting it again changes nothing; `--check` lists what would change
//! and exits 1; files are rewritten in place, comments kept; syntax errors
//! and unreadable files are reported and change nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

fn relic() -> Command {
    Command::new(env!("CARGO_BIN_EXE_relic"))
}

fn shipped(folder: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            shipped(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

#[test]
fn every_shipped_ruleset_is_formatted_and_formatting_is_idempotent() {
    let mut files = Vec::new();
    shipped(Path::new("rulesets"), &mut files);
    assert!(files.len() >= 30, "{files:?}");
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let once = relic::fmt::format_toml(&source).unwrap();
        assert_eq!(once, source, "{} is not formatted", path.display());
        let twice = relic::fmt::format_toml(&once).unwrap();
        assert_eq!(twice, once, "{} formats differently twice", path.display());
        let data = |t: &str| t.parse::<toml::Table>().unwrap();
        assert_eq!(data(&once), data(&source));
    }
    let status = relic()
        .args(["fmt", "--check", "rulesets"])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn check_lists_files_and_fmt_rewrites_them() {
    let dir = tempfile::tempdir().unwrap();
    let messy = dir.path().join("nested/messy.toml");
    std::fs::create_dir_all(messy.parent().unwrap()).unwrap();
    std::fs::write(&messy, "game='vocabulary' # kept\n[board]\nwidth=3\n").unwrap();
    let tidy = dir.path().join("tidy.toml");
    std::fs::write(&tidy, "a = 1\n").unwrap();
    let check = relic()
        .arg("fmt")
        .arg("--check")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(1));
    let listed = String::from_utf8(check.stdout).unwrap();
    assert_eq!(listed, format!("would reformat: {}\n", messy.display()));
    assert!(std::fs::read_to_string(&messy).unwrap().contains("width=3"));

    let run = relic().arg("fmt").arg(dir.path()).output().unwrap();
    assert!(run.status.success());
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        "game = 'vocabulary' # kept\n\n[board]\nwidth = 3\n"
    );
    let again = relic()
        .arg("fmt")
        .arg("--check")
        .arg(dir.path())
        .status()
        .unwrap();
    assert!(again.success());
}

#[test]
fn syntax_errors_are_reported_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "a = [1,\nb = 2\n").unwrap();
    let out = relic()
        .args(["--color", "never", "fmt"])
        .arg(&broken)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("fmt::invalid_toml"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&broken).unwrap(),
        "a = [1,\nb = 2\n"
    );
    let missing = relic().args(["fmt", "no/such.toml"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8(missing.stderr)
            .unwrap()
            .contains("fmt::unreadable")
    );
}

#[test]
fn standard_input_goes_to_standard_output() {
    use std::io::Write;
    let mut child = relic()
        .arg("fmt")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"x=[1,2]\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "x = [1, 2]\n");
}
