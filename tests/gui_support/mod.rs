//! Helpers for the GUI tests: a server on a free local port, a small raw
//! HTTP/1.1 client (so tests control every header) and an SSE reader.
#![allow(dead_code)]

pub mod browser;
pub mod grid;
pub mod shots;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::time::Duration;

use relic::board::{parse_board, read_board_file};
use relic::bots::BoxedAgent;
use relic::engine::Game;
use relic::games::moving_maze::bots::{BotKind, TurnAgent};
use relic::gui::{Computers, RunningServer, ServeOptions, agent_computers, start};
use relic::rules::Rules;

/// A game of the shipped 7x7 board.
pub fn classic_game() -> Game {
    let rules = Rules::standard();
    let gbf = include_str!("../../boards/classic-7x7.gbf");
    Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap()
}

/// Moving Maze's computers for `bots` (one entry per seat), each planning
/// whole turns, all drawing from one generator seeded with `seed`: what
/// `relic play gui --bots` seats.
pub fn maze_computers(bots: &[Option<BotKind>], seed: u64) -> Computers<Game> {
    let agent = |kind: BotKind| Box::new(TurnAgent::new(kind)) as BoxedAgent<Game>;
    agent_computers(bots.iter().map(|k| k.map(agent)).collect(), seed)
}

/// A game of a board file.
pub fn game_of(path: &Path) -> Game {
    let rules = Rules::standard();
    let Ok(board) = read_board_file(path, &rules.limits()) else {
        panic!("{} is a valid board", path.display())
    };
    Game::new(rules, &board).unwrap()
}

/// Serves `game` on 127.0.0.1 at a free port.
pub fn serve<G: relic::contract::BrowserView>(
    game: G,
    options: ServeOptions<G>,
) -> RunningServer<G> {
    start(game, options).expect("the server starts")
}

/// An answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Reply {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The `error` message of a refusal.
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// A header's value (names compare without case).
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    }
}

/// Sends one request. `headers` may replace the default `Host`.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let mut stream = connect(addr, method, path, headers, body);
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("the answer arrives");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete answer");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let mut reply = Reply {
        status,
        head: head.to_string(),
        body: body.to_string(),
    };
    if reply
        .header("transfer-encoding")
        .is_some_and(|t| t.contains("chunked"))
    {
        reply.body = unchunk(body);
    }
    reply
}

fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 || rest.len() < size {
            break;
        }
        out.push_str(&rest[..size]);
        body = rest[size..].trim_start_matches("\r\n");
    }
    out
}

fn connect(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> TcpStream {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {addr}\r\n"));
    }
    for (key, value) in headers {
        head.push_str(&format!("{key}: {value}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    stream
}

/// The current message (`GET /api/state`): version, seats, status, view.
pub fn message(addr: SocketAddr) -> serde_json::Value {
    let reply = request(addr, "GET", "/api/state", &[], b"");
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

/// The game's view in the current message.
pub fn state(addr: SocketAddr) -> serde_json::Value {
    message(addr)["view"].clone()
}

/// Posts an action body as JSON, with a seat token when given.
pub fn post(addr: SocketAddr, body: &str, token: Option<&str>) -> Reply {
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(token) = token {
        headers.push(("X-Relic-Token", token));
    }
    request(addr, "POST", "/api/action", &headers, body.as_bytes())
}

/// An open `GET /api/events` stream.
pub struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    /// Opens the stream and checks the answer's head.
    pub fn open(addr: SocketAddr) -> Events {
        Events::open_path(addr, "/api/events")
    }

    /// Opens the stream of the seat whose token is `token`.
    pub fn open_as(addr: SocketAddr, token: &str) -> Events {
        Events::open_path(addr, &format!("/api/events?seat={token}"))
    }

    fn open_path(addr: SocketAddr, path: &str) -> Events {
        let stream = connect(addr, "GET", path, &[], b"");
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("a head line");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push_str(&line);
        }
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert!(head.contains("text/event-stream"), "{head}");
        Events { reader }
    }

    /// The next `state` message (keep-alive comments are skipped).
    pub fn next(&mut self) -> serde_json::Value {
        let mut data = String::new();
        loop {
            let mut line = String::new();
            let n = self.reader.read_line(&mut line).expect("an event line");
            assert!(n > 0, "the stream ended");
            let line = line.trim_end_matches(['\r', '\n']);
            if let Some(rest) = line.strip_prefix("data: ") {
                data.push_str(rest);
            } else if line.is_empty() && !data.is_empty() {
                return serde_json::from_str(&data).expect("JSON data");
            }
            // Chunk sizes, `event:` lines and comments carry no data.
        }
    }
}

/// The JSON action body for an action in the game's notation (`r`, `n4`,
/// `e`, `3,1`, `done`).
pub fn action_json(notation: &str) -> String {
    serde_json::json!({ "action": notation }).to_string()
}

/// The whitespace-separated tokens of a moves file.
pub fn move_tokens(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("the moves file")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The winner's name in a text-mode output (`Red has won.`).
pub fn winner_in_output(path: &Path) -> String {
    let output = std::fs::read_to_string(path).expect("the output file");
    let line = output
        .lines()
        .find(|line| line.ends_with(" has won."))
        .expect("a winner line");
    line.trim_end_matches(" has won.").to_string()
}
