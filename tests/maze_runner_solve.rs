//! `relic solve` on level files (issue 15): the fewest steps that win,
//! found by the generic search with the level-walking step bound. The
//! course's games (read in place from `../shared`) are answered, the
//! answers pasted into text mode win, the bound never cuts off a cheaper
//! win than a search without it finds, and items are used when only they
//! keep the player alive.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use relic::contract::Game;
use relic::games::{Registered, Setup, WalkerLevels};
use relic::search::{Found, cheapest_win};
use relic::walker::journey::{Journey, Program, journey_ruleset, solve};

fn program(name: &str) -> Arc<Program> {
    journey_ruleset(Path::new(name)).unwrap().unwrap()
}

fn game(program: &Arc<Program>, setup: Setup) -> Journey {
    WalkerLevels::start(program, &setup).unwrap_or_else(|f| panic!("{}", f.report.render(80)))
}

fn inputs(game: &Journey, found: &Found<relic::walker::journey::Action>) -> Option<Vec<String>> {
    match found {
        Found::Won { actions, .. } => Some(actions.iter().map(|a| game.write_action(a)).collect()),
        _ => None,
    }
}

/// What text mode prints when `inputs` are typed on the level file `path`.
fn typed(program: &Arc<Program>, path: &Path, inputs: &[String]) -> String {
    let mut input = inputs.join("\n").into_bytes();
    input.push(b'\n');
    let mut out = Vec::new();
    let path = path.to_str().unwrap();
    relic::cli::play_journey(program.clone(), Some(path), &mut &input[..], &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_course_games_are_answered_and_the_answers_win_in_text_mode() {
    let Some(dir) = common::shared_dir("conformance/maze-runner") else {
        return;
    };
    let program = program("maze-runner");
    let mut games: Vec<_> = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    games.sort();
    let (mut solved, mut unwinnable) = (0, 0);
    for path in &games {
        let start = game(&program, Setup::File(path.clone()));
        let found = solve(&start, 5_000_000);
        match inputs(&start, &found) {
            Some(inputs) => {
                let out = typed(&program, path, &inputs);
                assert!(
                    out.trim_end().ends_with(&program.text.won),
                    "{}: {out}",
                    path.display()
                );
                solved += 1;
            }
            None => {
                assert!(
                    matches!(found, Found::NoWin { .. }),
                    "{}: {found:?}",
                    path.display()
                );
                unwinnable += 1;
            }
        }
        if path.ends_with("game3.txt") {
            assert!(
                matches!(found, Found::NoWin { .. }),
                "thirst makes game3 unwinnable"
            );
        }
    }
    println!(
        "maze-runner solver: {solved} games won, {unwinnable} proven unwinnable, of {}",
        games.len()
    );
    assert_eq!(solved + unwinnable, games.len());
    assert!(solved >= 2);
}

/// Checks the bounded search's answer on `start` against a search without
/// the bound (only lost positions and positions `cap` steps deep cut off):
/// with the answer's cost as the cap it must find a win of that cost, and
/// with no answer no win within `cap`.
fn check_against_plain(start: &Journey, cap: u32, what: &str) -> Option<u32> {
    let bounded = cost(&solve(start, 2_000_000));
    let cap = bounded.unwrap_or(cap);
    let limited = |g: &Journey| (g.steps() <= cap).then_some(0);
    let plain = cost(&cheapest_win(start, 0, Journey::steps, limited, 4_000_000));
    assert_eq!(plain, bounded, "{what}");
    bounded
}

fn cost(found: &Found<relic::walker::journey::Action>) -> Option<u32> {
    match found {
        Found::Won { cost, .. } => Some(*cost),
        Found::NoWin { .. } => None,
        Found::OverBudget { .. } => panic!("over budget"),
    }
}

/// A small random level from `seed`: floor (`.`, any other character is
/// floor), walls, lava, coins and other items.
fn random_level(seed: u64) -> String {
    let mut state = seed;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let (rows, columns) = (3, 5);
    let mut text = format!("Maze 1 - {rows} {columns}\n");
    for r in 0..rows {
        for c in 0..columns {
            let glyph = match (r, c) {
                (0, 0) => 'P',
                (_, _) if r == rows - 1 && c == columns - 1 => 'D',
                _ => b"..##LCCMWAH"[next(11) as usize] as char,
            };
            text.push(glyph);
        }
        text.push('\n');
    }
    text
}

#[test]
fn the_bound_never_misses_a_cheaper_win_on_random_levels() {
    let program = program("maze-runner-hardcore");
    let (mut won, mut lost) = (0, 0);
    for seed in 0..24 {
        let text = random_level(seed);
        let start = game(
            &program,
            Setup::Text {
                name: "random".into(),
                text: text.clone(),
            },
        );
        match check_against_plain(&start, 12, &format!("seed {seed}:\n{text}")) {
            Some(_) => won += 1,
            None => lost += 1,
        }
    }
    assert!(
        won > 5 && lost > 0,
        "{won} won, {lost} lost: the levels test little"
    );
}

#[test]
fn items_are_used_when_only_they_keep_the_player_alive() {
    let program = program("maze-runner");
    let path = Path::new("tests/fixtures/maze-runner/levels/thirsty-corridor.txt");
    let start = game(&program, Setup::File(path.into()));
    let found = solve(&start, 1_000_000);
    let inputs = inputs(&start, &found).expect("water and honey make it winnable");
    assert!(matches!(found, Found::Won { cost: 61, .. }), "{found:?}");
    assert!(inputs.contains(&"i Water".to_owned()) && inputs.contains(&"i Honey".to_owned()));
    let out = typed(&program, path, &inputs);
    assert!(out.trim_end().ends_with(&program.text.won), "{out}");
}

#[test]
fn the_command_prints_inputs_on_stdout_a_summary_on_stderr_and_refuses_maze_options() {
    let file = "tests/fixtures/maze-runner/levels/long-corridor.txt";
    let out = common::run_relic(["solve", file, "--ruleset", "maze-runner"], b"");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "d\n".repeat(12));
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(
        summary.starts_with(&format!("{file}: won in 11 steps (12 inputs;")),
        "{summary}"
    );
    let json = common::run_relic(
        [
            "solve",
            file,
            "--ruleset",
            "maze-runner",
            "--format",
            "json",
        ],
        b"",
    );
    let answer: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(answer["steps"], 11);
    let refused = common::run_relic(
        ["solve", file, "--ruleset", "maze-runner", "--player", "red"],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--player is for Moving Maze"));
}

#[test]
fn an_unwinnable_file_says_so_with_status_1() {
    // The door is walled in.
    let dir = std::env::temp_dir().join(format!("relic-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("walled.txt");
    std::fs::write(&file, "Maze 1 - 3 5\n#####\nP C#D\n#####\n").unwrap();
    let out = common::run_relic(
        [
            "solve".as_ref(),
            file.as_os_str(),
            "--ruleset".as_ref(),
            "maze-runner".as_ref(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be won"));
    std::fs::remove_dir_all(&dir).unwrap();
}
