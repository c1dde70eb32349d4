//! The course's published input/output cases, run through the built binary:
//! `relic play boards/boardN.txt text < moves/movesN.txt` must print
//! `outputs/outputN.txt` byte for byte.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};

fn run_case(dir: &Path, id: &str) -> Result<(), String> {
    let board = dir.join(format!("boards/board{id}.txt"));
    let moves =
        std::fs::read(dir.join(format!("moves/moves{id}.txt"))).map_err(|e| e.to_string())?;
    let expected =
        std::fs::read(dir.join(format!("outputs/output{id}.txt"))).map_err(|e| e.to_string())?;
    let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
        .arg("play")
        .arg(&board)
        .arg("text")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&moves)
        .map_err(|e| e.to_string())?;
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    if output.stdout == expected {
        return Ok(());
    }
    let got = String::from_utf8_lossy(&output.stdout);
    let want = String::from_utf8_lossy(&expected);
    let line = got
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(got.lines().count().min(want.lines().count()));
    Err(format!(
        "case {id}: output differs from line {}\n  got:  {:?}\n  want: {:?}",
        line + 1,
        got.lines().nth(line).unwrap_or("<end>"),
        want.lines().nth(line).unwrap_or("<end>")
    ))
}

#[test]
fn every_published_case_matches_byte_for_byte() {
    let Some(dir) = common::shared_dir("conformance/moving-maze") else {
        return;
    };
    let mut ids: Vec<String> = std::fs::read_dir(dir.join("boards"))
        .unwrap()
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            Some(name.strip_prefix("board")?.strip_suffix(".txt")?.to_owned())
        })
        .collect();
    ids.sort_by_key(|id| id.parse::<u32>().unwrap_or(u32::MAX));
    assert!(!ids.is_empty(), "no cases found in {}", dir.display());
    let failures: Vec<String> = ids
        .iter()
        .filter_map(|id| run_case(&dir, id).err())
        .collect();
    println!(
        "conformance: {} of {} cases match",
        ids.len() - failures.len(),
        ids.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
