//! Maze Runner's conformance cases, read in place from
//! `../shared/conformance/maze-runner/`: each `cases/NAME.stdin` typed into
//! `relic play --ruleset maze-runner` (run from that folder, as the course
//! ran its program) must print `cases/NAME.stdout` byte for byte; given the
//! level file as an argument, `cases/NAME.moves` must print the same
//! without the file prompt; and every course game file must read cleanly.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};

fn relic(dir: &Path, args: &[&str], stdin: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the relic binary starts");
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let output = child.wait_with_output().expect("relic runs");
    assert!(output.status.success(), "relic {args:?} failed: {output:?}");
    output.stdout
}

/// The first differing line of two outputs, for the failure message.
fn difference(name: &str, got: &[u8], want: &[u8]) -> String {
    let (got, want) = (String::from_utf8_lossy(got), String::from_utf8_lossy(want));
    let line = (got.lines().zip(want.lines()))
        .position(|(a, b)| a != b)
        .unwrap_or(got.lines().count().min(want.lines().count()));
    format!(
        "{name}: output differs from line {}\n  got:  {:?}\n  want: {:?}",
        line + 1,
        got.lines().nth(line).unwrap_or("<end>"),
        want.lines().nth(line).unwrap_or("<end>")
    )
}

fn run_case(dir: &Path, name: &str) -> Result<(), String> {
    let read = |ext: &str| std::fs::read(dir.join(format!("cases/{name}.{ext}")));
    let stdin = read("stdin").map_err(|e| e.to_string())?;
    let want = read("stdout").map_err(|e| e.to_string())?;
    let got = relic(dir, &["play", "--ruleset", "maze-runner"], &stdin);
    if got != want {
        return Err(difference(name, &got, &want));
    }
    let Ok(moves) = read("moves") else {
        return Ok(());
    };
    let path = String::from_utf8_lossy(&stdin)
        .lines()
        .next()
        .unwrap_or("")
        .to_owned();
    let got = relic(dir, &["play", &path, "--ruleset", "maze-runner"], &moves);
    let want = want.strip_prefix(b"Enter game file: ").unwrap_or(&want);
    if got != want {
        return Err(difference(&format!("{name} (moves)"), &got, want));
    }
    Ok(())
}

#[test]
fn every_case_prints_the_expected_output_byte_for_byte() {
    let Some(dir) = common::shared_dir("conformance/maze-runner") else {
        return;
    };
    let mut names: Vec<String> = std::fs::read_dir(dir.join("cases"))
        .unwrap()
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".stdin")?.to_owned())
        })
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no cases found in {}", dir.display());
    let failures: Vec<String> = names
        .iter()
        .filter_map(|n| run_case(&dir, n).err())
        .collect();
    println!(
        "maze-runner conformance: {} of {} cases byte-identical",
        names.len() - failures.len(),
        names.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_course_game_file_checks_cleanly() {
    let Some(dir) = common::shared_dir("conformance/maze-runner") else {
        return;
    };
    let mut games: Vec<_> = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    games.sort();
    assert!(!games.is_empty());
    let program = relic::walker::journey::journey_ruleset(Path::new("maze-runner"))
        .unwrap()
        .unwrap();
    let syntax = relic::games::maze_runner::level_syntax(&program);
    for game in &games {
        let read = relic::games::maze_runner::levels::read_level_file(game, &syntax);
        let (file, warnings) = read.unwrap_or_else(|f| panic!("{}", f.report.render(80)));
        assert!(warnings.is_ok(), "{}", warnings.render(80));
        assert!(file.levels.len() >= 2, "{}", game.display());
    }
    println!(
        "maze-runner games: {} of {} read cleanly",
        games.len(),
        games.len()
    );
}
