//! Every tool through the registry for a vocabulary game: text play with
//! `--save`, `--load` and `--record`, `relic replay`, generic `--bots`,
//! and the browser (`play gui`, `serve`) with the generic computers.

use crate::common;
use crate::gui_support;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};

use common::run_relic;
use gui_support::{message, post};
use relic::games::GameId;
use relic::save::read_record_file;

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("relic-registry-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

/// The record at `path`, which must be another game's than Moving Maze's.
fn record_at(path: &Path) -> relic::save::GameRecord {
    match read_record_file(path) {
        Ok((record, _)) if record.rules().id() != GameId::MovingMaze => record,
        Ok(_) => panic!("a Moving Maze record"),
        Err(report) => panic!("{}", report.render(80)),
    }
}

#[test]
fn a_vocabulary_game_is_saved_loaded_recorded_and_replayed() {
    let dir = scratch("save");
    let save = dir.join("c4.ron");
    let save = save.to_str().unwrap();
    let out = run_relic(
        ["play", "--ruleset", "connect-four", "--save", save],
        b"d e d\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let saved = record_at(Path::new(save));
    assert_eq!(saved.rules().id(), GameId::Vocabulary);
    assert_eq!(saved.actions(), ["d", "e", "d"]);
    let record = dir.join("won.ron");
    let record = record.to_str().unwrap();
    let args = ["play", "--load", save, "--record", record];
    let out = run_relic(args, b"e d e d\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Red wins!"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(record_at(Path::new(record)).actions().len(), 7);
    let replay = run_relic(["replay", record], b"");
    assert!(replay.status.success());
    let shown = text(&replay.stdout);
    assert!(shown.starts_with("6  . . . . . . ."), "{shown}");
    assert!(shown.contains("Red wins!"), "{shown}");
    let partial = run_relic(["replay", record, "--to", "2"], b"");
    assert!(text(&partial.stdout).ends_with("End of replay after 2 of 7 actions.\n"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn generic_bots_play_every_seat_and_the_record_names_them() {
    let dir = scratch("bots");
    let record = dir.join("ttt.ron");
    let record = record.to_str().unwrap();
    let args = [
        "play",
        "--ruleset",
        "tic-tac-toe",
        "--bots",
        "mcts:iterations=100",
    ];
    let out = run_relic(
        [&args[..], &["--seed", "4", "--record", record]].concat(),
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let read = record_at(Path::new(record));
    assert_eq!(read.seed(), Some(4));
    let spec = Some("mcts:iterations=100:depth=2".to_owned());
    assert_eq!(read.bots(), [spec.clone(), spec]);
    let again = run_relic([&args[..], &["--seed", "4"]].concat(), b"");
    assert_eq!(
        again.stdout, out.stdout,
        "the same seed plays the same game"
    );
    let mixed = [
        "play",
        "--ruleset",
        "connect-four",
        "--bots",
        "yellow=random",
    ];
    let out = run_relic(mixed, b"d\n");
    let shown = text(&out.stdout);
    assert!(
        shown.contains("Yellow to move (a column a to g, for example "),
        "{shown}"
    );
    assert!(shown.contains("End of input"), "{shown}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_bot_specs_and_setups_are_refused() {
    let out = run_relic(
        ["play", "--ruleset", "tic-tac-toe", "--bots", "Z=random"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("there is no seat `Z`"),
        "{}",
        text(&out.stderr)
    );
    let out = run_relic(
        ["play", "--ruleset", "tic-tac-toe", "--bots", "search"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let out = run_relic(
        ["play", "boards/learner-5x5.gbf", "--ruleset", "tic-tac-toe"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("setup::none"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_tampered_record_names_its_first_bad_action() {
    let path = Path::new("tests/fixtures/registry/tampered.ron");
    let report = match read_record_file(path) {
        Err(report) => report.render(80),
        Ok(_) => panic!("a1 twice replays"),
    };
    insta::assert_snapshot!(report);
    let out = run_relic(["replay", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let dir = scratch("tamper");
    let written = dir.join("ok.ron");
    let rules = relic::games::builtin_game_rules("tic-tac-toe")
        .unwrap()
        .unwrap();
    let actions = ["a1", "b1"].map(String::from).to_vec();
    let record = relic::save::GameRecord::new(rules, String::new(), actions);
    std::fs::write(&written, record.to_ron()).unwrap();
    assert_eq!(record_at(&written).actions(), ["a1", "b1"]);
    std::fs::remove_dir_all(dir).unwrap();
}

/// Every game's record is read by one path: a resignation is recorded and
/// ends the game (nothing may follow it), an action that no position reads is named before any is
/// replayed (Moving Maze says which texts; the others leave it to the
/// position), and a setup the game refuses points into the record.
#[test]
fn every_game_s_record_is_checked_by_the_one_reader() {
    use relic::save::{GameRecord, SaveError, read_record};
    let rules = |name: &str| relic::games::builtin_game_rules(name).unwrap().unwrap();
    let texts = |list: &[&str]| list.iter().map(|t| t.to_string()).collect();
    let resigned = GameRecord::new(rules("connect-four"), String::new(), texts(&["d", "quit"]));
    let read = read_record(&resigned.to_ron()).expect("a resigned game reads");
    assert_eq!(read.actions(), ["d", "quit"]);
    let after = GameRecord::new(rules("connect-four"), String::new(), texts(&["quit", "d"]));
    let problems = read_record(&after.to_ron()).unwrap_err();
    assert!(
        matches!(&problems[..], [SaveError::Illegal { number: 2, .. }]),
        "{problems:?}"
    );
    let garbled = GameRecord::new(
        rules("moving-maze"),
        String::new(),
        texts(&["R", "r", "jump"]),
    );
    let problems = read_record(&garbled.to_ron()).unwrap_err();
    let named: Vec<usize> = (problems.iter())
        .map(|p| match p {
            SaveError::Action { number, .. } => *number,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(named, [1, 3]);
    let elsewhere = GameRecord::new(rules("connect-four"), String::new(), texts(&["R", "d"]));
    let problems = read_record(&elsewhere.to_ron()).unwrap_err();
    assert!(
        matches!(&problems[..], [SaveError::Illegal { number: 1, .. }]),
        "{problems:?}"
    );
    let cave = GameRecord::new(rules("boulder-dash"), "not a cave".into(), Vec::new());
    let problems = read_record(&cave.to_ron()).unwrap_err();
    assert!(!problems.is_empty());
    for problem in &problems {
        let code = miette::Diagnostic::code(problem).unwrap().to_string();
        assert_eq!(code, "save::setup", "{problem}");
    }
}

fn relic(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_relic"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("relic starts")
}

/// The address announced on the first line, `NAME is served at URL`.
fn announced(stdout: &mut BufReader<ChildStdout>, name: &str) -> SocketAddr {
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let prefix = format!("{name} is served at http://");
    let url = line.trim().strip_prefix(&prefix);
    let url = url.unwrap_or_else(|| panic!("unexpected first line {line:?}"));
    url.trim_end_matches('/').parse().expect("an address")
}

#[test]
fn play_gui_plays_a_vocabulary_game_to_its_end_and_records_it() {
    let dir = scratch("gui");
    let record = dir.join("gui.ron");
    let file = record.to_str().unwrap();
    let args = [
        "play",
        "gui",
        "--ruleset",
        "tic-tac-toe",
        "--no-open",
        "--record",
        file,
    ];
    let mut child = relic(&args);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let addr = announced(&mut stdout, "Tic-tac-toe");
    let view = message(addr)["view"].clone();
    assert_eq!(view["renderer"], "grid");
    let a1 = view["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["title"] == "a1")
        .unwrap();
    assert_eq!(
        (&a1["x"], &a1["y"], &a1["action"]),
        (&1.into(), &3.into(), &"a1".into())
    );
    for square in ["a1", "b1", "a2", "b2", "a3"] {
        let reply = post(addr, &format!(r#"{{"action":"{square}"}}"#), None);
        assert_eq!(reply.status, 200, "{square}: {}", reply.body);
    }
    assert!(child.wait().unwrap().success());
    let rest: Vec<String> = stdout.lines().map_while(Result::ok).collect();
    assert_eq!(rest.last().map(String::as_str), Some("X wins!"));
    assert_eq!(record_at(&record).actions(), ["a1", "b1", "a2", "b2", "a3"]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn serve_gives_a_generic_bot_its_seat() {
    let args = [
        "serve",
        "--ruleset",
        "connect-four",
        "--bots",
        "yellow=greedy",
    ];
    let mut child = relic(&args);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let addr = announced(&mut stdout, "Connect Four");
    let view = message(addr)["view"].clone();
    let cells = view["cells"].as_array().unwrap();
    let actions: std::collections::BTreeSet<&str> =
        cells.iter().filter_map(|c| c["action"].as_str()).collect();
    assert_eq!(
        actions.into_iter().collect::<Vec<_>>(),
        ["a", "b", "c", "d", "e", "f", "g"],
        "a drop is played by a click in its column"
    );
    assert!(
        cells.iter().all(|c| c["action"].is_string()),
        "every square of a column plays its drop"
    );
    assert_eq!(post(addr, r#"{"action":"d"}"#, None).status, 200);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while message(addr)["status"]["to_move"] != 0 {
        assert!(std::time::Instant::now() < deadline, "{}", message(addr));
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn serve_saves_a_vocabulary_game_after_every_action() {
    let dir = scratch("serve-save");
    let path = dir.join("served.ron");
    let file = path.to_str().unwrap();
    let mut child = relic(&["serve", "--ruleset", "tic-tac-toe", "--save", file]);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let addr = announced(&mut stdout, "Tic-tac-toe");
    assert!(record_at(&path).actions().is_empty(), "saved at the start");
    for square in ["b2", "a1"] {
        let reply = post(addr, &format!(r#"{{"action":"{square}"}}"#), None);
        assert_eq!(reply.status, 200, "{square}: {}", reply.body);
    }
    assert_eq!(record_at(&path).actions(), ["b2", "a1"], "saved after each");
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    child.wait().unwrap();
    let resumed = run_relic(["play", "--load", file], b"c3\n");
    let leftovers = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(leftovers, 1, "no temporary file is left behind");
    let shown = text(&resumed.stdout);
    assert!(
        shown.starts_with(
            "3  . . .\n2  . X .\n1  O . .\n   a b c\nX to move (a square, for example "
        ),
        "the game resumes after b2 and a1: {shown}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
