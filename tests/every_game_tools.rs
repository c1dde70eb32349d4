//! Every tool on every registered game. Each test walks all built-in
//! rulesets, and every registered game must ship at least one and start
//! from its default setup, so a game added to the registry is covered here
//! without any change to this file: `perft`, `verify`, `rules check` and
//! `rules show`, `sim`, `play --bots --record` then `replay`, `play --save`
//! then `--load`, and `serve`.

use crate::common;
use crate::gui_support;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::run_relic;
use gui_support::{action_json, message, post};
use rand::{RngExt, SeedableRng};
use relic::contract::Seat;
use relic::games::{
    GameId, GameVisitor, MovesFile, Playable, Setup, builtin_game_rules, builtin_names,
    parse_game_rules, with_game,
};

/// What a seeded random walk from a game's default setup saw.
struct Walked {
    /// The number of legal actions at the start.
    first_legal: usize,
    /// The number of legal actions where the walk stopped.
    last_legal: usize,
    /// The actions played, in the game's notation.
    actions: Vec<String>,
    /// The final position as text mode prints it.
    position: String,
    /// Whether the game is over and how, as `relic verify` says it.
    verdict: String,
    /// The seats' names, lower case.
    seats: Vec<String>,
}

/// Plays up to `steps` random legal actions.
struct Walk {
    steps: usize,
    seed: u64,
}

impl GameVisitor for Walk {
    type Output = Walked;

    fn visit<G: Playable>(self, mut game: G) -> Walked {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(self.seed);
        let first_legal = game.legal_actions().len();
        let seats = (0..game.seat_count())
            .map(|seat| game.seat_name(seat as Seat).to_lowercase())
            .collect();
        let mut actions = Vec::new();
        while actions.len() < self.steps && !game.status().is_over() {
            let legal = game.legal_actions();
            let action = &legal[rng.random_range(0..legal.len())];
            actions.push(game.write_action(action));
            game.apply(action).expect("a legal action is applied");
        }
        let mut position = String::new();
        game.write_position(&mut position);
        Walked {
            first_legal,
            last_legal: game.legal_actions().len(),
            actions,
            position,
            verdict: relic::verify::status_line(&game),
            seats,
        }
    }
}

fn walk(name: &str, steps: usize) -> Walked {
    let rules = builtin_game_rules(name).unwrap().unwrap();
    let walk = Walk { steps, seed: 5 };
    with_game(&rules, &Setup::Default, walk).unwrap_or_else(|f| panic!("{}", f.render(80)))
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("relic-every-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

fn path_in(dir: &Path, file: &str) -> String {
    dir.join(file).to_str().unwrap().to_owned()
}

/// One action per line: every game's text input reads that.
fn lines(actions: &[String]) -> String {
    actions.iter().map(|a| format!("{a}\n")).collect()
}

#[test]
fn every_game_has_a_builtin_ruleset_that_starts_from_its_default_setup() {
    let mut games = Vec::new();
    for name in builtin_names() {
        let rules = builtin_game_rules(name).unwrap().unwrap();
        games.push(rules.id());
        assert!(walk(name, 0).first_legal > 0, "{name}: no first action");
    }
    for id in GameId::ALL {
        assert!(games.contains(&id), "{} has no built-in ruleset", id.name());
    }
}

#[test]
fn perft_counts_every_game() {
    for name in builtin_names() {
        let first = walk(name, 0).first_legal;
        // Two plies of millions (Amazons' 4.6 million, Connect6's 23
        // million) are more than a debug build should count here.
        let second = walk(name, 1).last_legal;
        let depth = if first * second > 1_000_000 { "1" } else { "2" };
        let out = run_relic(["perft", name, "--depth", depth, "--distinct"], b"");
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let shown = text(&out.stdout);
        let row: Vec<usize> = (shown.lines().nth(1).unwrap().split_whitespace())
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(row[..2], [1, first], "{name}: {shown}");
        assert!((1..=first).contains(&row[2]), "{name}: {shown}");
    }
}

#[test]
fn verify_plays_random_actions_of_every_game_and_names_a_bad_one() {
    let dir = scratch("verify");
    for name in builtin_names() {
        let rules = builtin_game_rules(name).unwrap().unwrap();
        if rules.moves_file() != MovesFile::Notation {
            let format = rules.moves_file();
            eprintln!("{name}: relic verify reads a {format:?} (its game's own tests check it)");
            continue;
        }
        let walked = walk(name, 12);
        let moves = path_in(&dir, &format!("{name}.txt"));
        std::fs::write(&moves, lines(&walked.actions)).unwrap();
        let out = run_relic(["verify", "--ruleset", name, &moves], b"");
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let mut position = walked.position.clone();
        if !position.ends_with('\n') {
            position.push('\n');
        }
        let shown = format!("{position}{}\n", walked.verdict);
        assert_eq!(text(&out.stdout), shown, "{name}");
        let bad = format!("{}@@ no action\n", lines(&walked.actions));
        std::fs::write(&moves, bad).unwrap();
        let out = run_relic(["verify", "--ruleset", name, &moves], b"");
        assert_eq!(out.status.code(), Some(1), "{name}: {}", text(&out.stdout));
        let line = format!("on line {}", walked.actions.len() + 1);
        assert!(
            text(&out.stderr).contains(&line),
            "{name}: {}",
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn rules_check_and_show_every_game_and_what_show_prints_reads_back() {
    let dir = scratch("rules");
    for name in builtin_names() {
        let out = run_relic(["rules", "check", name], b"");
        assert!(out.status.success(), "{name}: {}", text(&out.stdout));
        let shown = run_relic(["rules", "show", name], b"");
        assert!(shown.status.success(), "{name}: {}", text(&shown.stderr));
        let file = path_in(&dir, &format!("{name}.toml"));
        std::fs::write(&file, &shown.stdout).unwrap();
        let out = run_relic(["rules", "check", &file], b"");
        assert!(out.status.success(), "{name}: {}", text(&out.stdout));
        let again = run_relic(["rules", "show", &file], b"");
        assert_eq!(text(&again.stdout), text(&shown.stdout), "{name}");
        let read = parse_game_rules(&text(&shown.stdout), &file, None).unwrap();
        let builtin = builtin_game_rules(name).unwrap().unwrap();
        assert_eq!((read.id(), read.name()), (builtin.id(), builtin.name()));
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn sim_plays_every_game() {
    for name in builtin_names() {
        let args = [
            "sim",
            "--ruleset",
            name,
            "--games",
            "2",
            "--max-turns",
            "40",
        ];
        let out = run_relic(
            [&args[..], &["--seed", "1", "--format", "json"]].concat(),
            b"",
        );
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{name}: {e}: {}", text(&out.stdout)));
        assert!(
            report.to_string().contains("\"games\":2"),
            "{name}: {report}"
        );
    }
}

/// A `--bots` spec giving every seat to `strategy`.
fn every_seat(seats: &[String], strategy: &str) -> String {
    let specs: Vec<String> = seats.iter().map(|s| format!("{s}={strategy}")).collect();
    specs.join(",")
}

#[test]
fn bots_play_every_game_and_the_record_replays_to_the_same_end() {
    let dir = scratch("record");
    for name in builtin_names() {
        let bots = every_seat(&walk(name, 0).seats, "random");
        let record = path_in(&dir, &format!("{name}.ron"));
        let args = ["play", "--ruleset", name, "--bots", &bots, "--seed", "3"];
        let out = run_relic([&args[..], &["--record", &record]].concat(), b"");
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let played = text(&out.stdout);
        let replay = run_relic(["replay", &record], b"");
        assert!(replay.status.success(), "{name}: {}", text(&replay.stderr));
        let last = |s: &str| s.lines().last().unwrap_or_default().to_owned();
        assert_eq!(last(&text(&replay.stdout)), last(&played), "{name}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_game_is_saved_and_loaded() {
    let dir = scratch("save");
    for name in builtin_names() {
        let walked = walk(name, 3);
        let save = path_in(&dir, &format!("{name}.ron"));
        let input = lines(&walked.actions);
        let out = run_relic(
            ["play", "--ruleset", name, "--save", &save],
            input.as_bytes(),
        );
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let out = run_relic(["play", "--load", &save], b"");
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let shown = text(&out.stdout);
        assert!(shown.contains(&walked.position), "{name}: {shown}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn serve_takes_an_action_of_every_game_and_saves_it() {
    let dir = scratch("serve");
    for name in builtin_names() {
        let walked = walk(name, 1);
        let save = path_in(&dir, &format!("{name}.ron"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
            .args(["serve", "--ruleset", name, "--save", &save])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut line).unwrap();
        let url = line.trim().split("http://").nth(1);
        let addr = url.unwrap_or_else(|| panic!("{name}: {line}"));
        let addr = addr.trim_end_matches('/').parse().unwrap();
        assert_eq!(message(addr)["status"]["to_move"], 0, "{name}");
        let reply = post(addr, &action_json(&walked.actions[0]), None);
        child.kill().unwrap();
        child.wait().unwrap();
        let action = &walked.actions[0];
        assert_eq!(reply.status, 200, "{name} {action}: {}", reply.body);
        let out = run_relic(["play", "--load", &save], b"");
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let shown = text(&out.stdout);
        assert!(shown.contains(&walked.position), "{name}: {shown}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn rules_schema_covers_every_game() {
    let all = run_relic(["rules", "schema"], b"");
    assert!(all.status.success());
    let all: serde_json::Value = serde_json::from_slice(&all.stdout).unwrap();
    for id in GameId::ALL {
        let out = run_relic(["rules", "schema", id.name()], b"");
        assert!(out.status.success(), "{}", id.name());
        let own: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(own, relic::games::json_schema_of(id), "{}", id.name());
        assert_eq!(all["definitions"][id.name()]["title"], own["title"]);
        assert!(
            !out.stdout.windows(7).any(|w| w == b"\"oneOf\""),
            "{}",
            id.name()
        );
    }
    let unknown = run_relic(["rules", "schema", "chess"], b"");
    assert_eq!(unknown.status.code(), Some(2));
}
