//! The GUI from the command line: `relic play BOARD gui --no-open` and
//! `relic serve`.

use crate::common;
use crate::gui_support;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use common::maze_record;
use gui_support::{message, post, state};

fn relic(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_relic"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("relic starts")
}

/// Reads the announced address from the first line.
fn announced(stdout: &mut BufReader<ChildStdout>) -> SocketAddr {
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let url = line
        .trim()
        .strip_prefix("Moving Maze is served at http://")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
    url.trim_end_matches('/').parse().expect("an address")
}

/// Starts `relic ARGS` and reads the address it announces; its stdout
/// is kept to read on.
fn served(args: &[&str]) -> (Child, BufReader<ChildStdout>, SocketAddr) {
    let mut child = relic(args);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let addr = announced(&mut stdout);
    (child, stdout, addr)
}

/// Interrupts a server as Ctrl-C does and waits for it to stop.
fn interrupt(child: &mut Child) {
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    child.wait().unwrap();
}

/// A fresh folder for one test's files, named by `what` and the process.
fn scratch(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("relic-{what}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The learner's 5x5 board shipped in `boards/`.
const LEARNER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/boards/learner-5x5.gbf");

#[test]
fn play_gui_serves_until_the_game_ends() {
    let (mut child, stdout, addr) = served(&["play", LEARNER, "gui", "--no-open"]);
    assert!(addr.ip().is_loopback());
    assert_eq!(state(addr)["width"], 5);
    assert_eq!(post(addr, r#"{"action":"quit"}"#, None).status, 200);
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "relic play gui did not stop");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success());
    let rest: Vec<String> = stdout.lines().map_while(Result::ok).collect();
    assert_eq!(rest.last().map(String::as_str), Some("The game is over."));
}

#[test]
fn serve_prints_one_join_link_per_seat() {
    let (mut child, mut stdout, addr) = served(&["serve", "--seats", "--ruleset", "moving-maze"]);
    let mut links = Vec::new();
    for _ in 0..4 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        links.push(line.trim().to_string());
    }
    let _ = child.kill();
    let _ = child.wait();
    for (link, name) in links.iter().zip(["Green", "Yellow", "Red", "Blue"]) {
        let prefix = format!("{name} joins at http://{addr}/?seat=");
        let token = link
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{link}"));
        assert_eq!(token.len(), 32);
    }
}

#[test]
fn serve_reports_a_missing_board_or_a_busy_port() {
    let output = relic(&["serve", "no/such/board.gbf"])
        .wait_with_output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("The game board file does not exist."),
        "{stderr}"
    );
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = relic(&["serve", "--port", &port])
        .wait_with_output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1 port {port}")),
        "{stderr}"
    );
}

#[test]
fn serve_and_play_gui_give_bot_specs_their_seats() {
    let bots = "green=mcts:iterations=100,red=random";
    let (mut child, _stdout, addr) = served(&["serve", "--bots", bots, "--seed", "5"]);
    let deadline = Instant::now() + Duration::from_secs(20);
    // Green is a bot: the server plays its first turn.
    while state(addr)["current"] == 0 {
        assert!(Instant::now() < deadline, "the bot did not play");
        std::thread::sleep(Duration::from_millis(50));
    }
    let view = message(addr);
    let _ = child.kill();
    let _ = child.wait();
    let computers: Vec<_> = view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["computer"].as_bool())
        .collect();
    assert_eq!(
        computers,
        [Some(true), Some(false), Some(true), Some(false)]
    );
    for args in [
        &["serve", "--bots", "pink=greedy"][..],
        &["play", "gui", "--no-open", "--bots", "red=clever"],
    ] {
        let output = relic(args).wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("bots::spec::"), "{stderr}");
    }
}

#[test]
fn play_gui_records_the_game_played_in_the_browser() {
    let dir = scratch("gui-record");
    let path = dir.join("game.ron");
    let file = path.to_str().unwrap();
    let (mut child, _stdout, addr) =
        served(&["play", LEARNER, "gui", "--no-open", "--record", file]);
    assert_eq!(post(addr, r#"{"action":"r"}"#, None).status, 200);
    assert_eq!(post(addr, r#"{"action":"quit"}"#, None).status, 200);
    let status = child.wait().unwrap();
    assert!(status.success());
    let (record, game) = read_saved(&path);
    // The resignation is recorded: the record replays to the quit game.
    assert_eq!(record.actions(), ["r", "quit"]);
    assert_eq!(record.seed(), None, "no computer played");
    assert_eq!(game.turn(), 0);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn play_gui_saves_after_every_action_and_the_game_resumes_with_load() {
    let dir = scratch("gui-save");
    let path = dir.join("game.ron");
    let file = path.to_str().unwrap();
    let (mut child, _stdout, addr) = served(&["play", LEARNER, "gui", "--no-open", "--save", file]);
    let saved_actions = || read_saved(&path).0.actions().len();
    assert_eq!(saved_actions(), 0, "saved at the start");
    for (number, body) in [r#"{"action":"r"}"#, r#"{"action":"n2"}"#]
        .into_iter()
        .enumerate()
    {
        assert_eq!(post(addr, body, None).status, 200, "{body}");
        assert_eq!(saved_actions(), number + 1, "saved after {body}");
    }
    let before = state(addr);
    // Interrupted (Ctrl-C), the game is not lost.
    interrupt(&mut child);
    let (_, game) = read_saved(&path);
    assert_eq!(game.phase(), relic::engine::Phase::Move);
    let (mut child, _stdout, addr) =
        served(&["play", "gui", "--no-open", "--load", file, "--save", file]);
    let resumed = state(addr);
    for key in ["tiles", "floating", "players", "current", "phase", "slides"] {
        assert_eq!(resumed[key], before[key], "{key}");
    }
    assert_eq!(post(addr, r#"{"action":"done"}"#, None).status, 200);
    assert_eq!(saved_actions(), 3, "the resumed game keeps saving");
    for left in [2, 1] {
        let reply = post(addr, r#"{"undo":true}"#, None);
        assert_eq!(
            reply.status, 200,
            "undo reaches into the loaded game: {}",
            reply.body
        );
        assert_eq!(saved_actions(), left, "saved after the undo");
    }
    assert_eq!(post(addr, r#"{"action":"quit"}"#, None).status, 200);
    assert!(child.wait().unwrap().success());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn serve_saves_after_every_action_so_an_interrupt_loses_nothing() {
    let dir = scratch("serve-save");
    let path = dir.join("served.ron");
    let (mut child, _stdout, addr) = served(&["serve", LEARNER, "--save", path.to_str().unwrap()]);
    let saved = || read_saved(&path);
    assert_eq!(saved().0.actions().len(), 0, "saved at the start");
    for body in [r#"{"action":"r"}"#, r#"{"action":"n2"}"#] {
        assert_eq!(post(addr, body, None).status, 200, "{body}");
    }
    assert_eq!(saved().0.actions().len(), 2, "saved after each action");
    interrupt(&mut child);
    let (_, game) = saved();
    assert_eq!(
        game.phase(),
        relic::engine::Phase::Move,
        "the slide is kept"
    );
    let leftovers = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(leftovers, 1, "no temporary file is left behind");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn serve_resumes_a_saved_game_with_load() {
    let dir = scratch("serve-load");
    let path = dir.join("served.ron");
    let file = path.to_str().unwrap();
    let (mut child, _stdout, addr) = served(&["serve", LEARNER, "--save", file]);
    for body in [r#"{"action":"r"}"#, r#"{"action":"n2"}"#] {
        assert_eq!(post(addr, body, None).status, 200, "{body}");
    }
    let before = state(addr);
    interrupt(&mut child);
    let (mut child, _stdout, addr) = served(&["serve", "--load", file, "--save", file]);
    let resumed = state(addr);
    for key in ["tiles", "floating", "players", "current", "phase", "slides"] {
        assert_eq!(resumed[key], before[key], "{key}");
    }
    let saved_actions = || read_saved(&path).0.actions().len();
    assert_eq!(saved_actions(), 2, "saved at the start with its history");
    assert_eq!(post(addr, r#"{"action":"done"}"#, None).status, 200);
    assert_eq!(saved_actions(), 3, "the resumed game keeps saving");
    let reply = post(addr, r#"{"undo":true}"#, None);
    assert_eq!(reply.status, 200, "undo: {}", reply.body);
    let reply = post(addr, r#"{"undo":true}"#, None);
    assert_eq!(
        reply.status, 200,
        "undo reaches into the loaded game: {}",
        reply.body
    );
    assert_eq!(saved_actions(), 1, "saved after the undos");
    interrupt(&mut child);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn serve_load_refuses_a_board_or_a_missing_file() {
    let output = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_relic"))
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stderr) = output(&["serve", LEARNER, "--load", "game.ron"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("cannot be used with"), "{stderr}");
    let (code, stderr) = output(&["serve", "--load", "/nonexistent/game.ron"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("/nonexistent/game.ron"), "{stderr}");
}

/// The Moving Maze record saved at `path` and the position it reaches.
fn read_saved(path: &std::path::Path) -> (relic::save::GameRecord, relic::engine::Game) {
    maze_record::read(&std::fs::read_to_string(path).unwrap()).unwrap()
}
