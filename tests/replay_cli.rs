//! `relic play --record`, `relic replay FILE [text|gui]` and `--load` of a
//! replay, from the command line: one game-record format for all of them.

use crate::common;
use crate::gui_support;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::maze_record;
use gui_support::{message, post, state};
use relic::save::GameRecord;

const LEARNER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/boards/learner-5x5.gbf");
const BOTS: &str = "green=greedy,yellow=random,red=greedy,blue=random";

fn relic(args: &[&str], input: &str) -> std::process::Output {
    common::run_relic(args, input.as_bytes())
}

fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("relic-replay-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Records a seeded game of four computers on the 5x5 board.
fn recorded(name: &str) -> (PathBuf, String) {
    let path = temp_file(name);
    let file = path.to_str().unwrap();
    let output = relic(
        &[
            "play", LEARNER, "--bots", BOTS, "--seed", "9", "--record", file,
        ],
        "",
    );
    assert!(output.status.success(), "{output:?}");
    (path, String::from_utf8(output.stdout).unwrap())
}

fn read(path: &Path) -> GameRecord {
    relic::save::read_record_file(path).unwrap().0
}

#[test]
fn a_recorded_game_plays_back_with_the_same_transcript() {
    let (path, live) = recorded("full.ron");
    let record = read(&path);
    assert_eq!(record.seed(), Some(9));
    assert_eq!(record.bots().len(), 4);
    let output = relic(&["replay", path.to_str().unwrap()], "");
    assert!(output.status.success(), "{output:?}");
    let played_back = String::from_utf8(output.stdout).unwrap();
    assert_eq!(played_back, live, "the playback differs from the live game");
}

#[test]
fn replay_stops_after_n_actions_and_load_resumes_a_replay() {
    let (path, _) = recorded("load.ron");
    let file = path.to_str().unwrap();
    let output = relic(&["replay", file, "--to", "3"], "");
    let total = read(&path).actions().len();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(&format!("End of replay after 3 of {total} actions.")),
        "{text}"
    );
    // A replay is a game record: `--load` takes it like a saved game.
    let output = relic(&["play", "--load", file], "");
    assert!(output.status.success(), "{output:?}");
    // A saved game is a game record: `relic replay` takes it.
    let saved = temp_file("saved.ron");
    let output = relic(
        &["play", LEARNER, "--save", saved.to_str().unwrap()],
        "n2 done",
    );
    assert!(output.status.success(), "{output:?}");
    let output = relic(&["replay", saved.to_str().unwrap()], "");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("End of replay after 2 of 2 actions."),
        "{text}"
    );
}

#[test]
fn a_tampered_replay_names_the_first_bad_action() {
    let (path, _) = recorded("tampered.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let list = text.find("actions: [").unwrap();
    let first = text[list..].find("\"done\"").unwrap() + list;
    let number = text[list..first].matches("\",\n").count() + 1;
    std::fs::write(&path, text.replacen("\"done\"", "\"n9\"", 1)).unwrap();
    let output = relic(&["replay", path.to_str().unwrap(), "gui", "--no-open"], "");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("save::illegal_action"), "{stderr}");
    assert!(
        stderr.contains(&format!("action {number} (`n9`)")),
        "{stderr}"
    );
}

#[test]
fn replay_gui_serves_the_position_to_play_on_from() {
    let (path, _) = recorded("gui.ron");
    let record = read(&path);
    let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
        .args([
            "replay",
            path.to_str().unwrap(),
            "gui",
            "--no-open",
            "--to",
            "2",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr: std::net::SocketAddr = line
        .trim()
        .strip_prefix("Moving Maze is served at http://")
        .unwrap_or_else(|| panic!("{line:?}"))
        .trim_end_matches('/')
        .parse()
        .unwrap();
    let expected = maze_record::replay(&record, Some(2));
    let view = state(addr);
    assert_eq!(view["current"], expected.current_seat());
    assert_eq!(view["phase"], "move");
    let seats = message(addr)["seats"].clone();
    assert!(
        seats
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["computer"] == false)
    );
    // People play on from the replayed position.
    assert_eq!(post(addr, r#"{"action":"done"}"#, None).status, 200);
    let deadline = Instant::now() + Duration::from_secs(5);
    while state(addr)["current"] == expected.current_seat() {
        assert!(Instant::now() < deadline, "the move was not played");
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn mcts_plays_a_moving_maze_seat_in_text_mode_and_its_record_plays_back() {
    let path = temp_file("mcts.ron");
    let file = path.to_str().unwrap();
    let bots = "green=mcts:iterations=60:depth=1,yellow=greedy,red=generic-greedy,blue=random";
    let output = relic(
        &[
            "play", LEARNER, "--bots", bots, "--seed", "4", "--record", file,
        ],
        "",
    );
    assert!(output.status.success(), "{output:?}");
    let live = String::from_utf8(output.stdout).unwrap();
    assert!(
        live.contains("[Green] Move your adventurer: \n> "),
        "{live}"
    );
    let record = read(&path);
    assert_eq!(
        record.bots()[0].as_deref(),
        Some("mcts:iterations=60:depth=1")
    );
    let output = relic(&["replay", file], "");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), live);
    let again = relic(&["play", LEARNER, "--bots", bots, "--seed", "4"], "");
    assert_eq!(
        String::from_utf8(again.stdout).unwrap(),
        live,
        "not deterministic"
    );
}
