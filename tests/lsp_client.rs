//! `relic lsp` as an editor sees it: a client spawns the server and
//! speaks JSON-RPC over its standard input and output. For a vocabulary
//! ruleset and a Moving Maze ruleset (each extending a file beside it)
//! and a GBF board: three mistakes give three diagnostics at the right
//! ranges, fixing them clears them; hover, completion, definition across
//! `extends`, formatting and a "did you mean" quick fix. For a board, an
//! Escape configuration and a FEN position: diagnostics, hover and
//! completion (and a quick fix in the configuration).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    /// The server's `XDG_CACHE_HOME` (where built-ins are copied).
    cache: tempfile::TempDir,
}

impl Client {
    fn start() -> Client {
        let cache = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
            .arg("lsp")
            .env("XDG_CACHE_HOME", cache.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, incoming) = channel();
        std::thread::spawn(move || {
            while let Some(message) = read_message(&mut stdout) {
                if send.send(message).is_err() {
                    return;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            incoming,
            next_id: 0,
            cache,
        };
        let answer = client.request("initialize", json!({ "capabilities": {} }));
        assert_eq!(answer["capabilities"]["hoverProvider"], true);
        client.notify("initialized", json!({}));
        client
    }

    fn write(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.write(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.write(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let message = self
                .incoming
                .recv_timeout(Duration::from_secs(30))
                .expect("an answer");
            if message["id"] == id {
                assert!(message.get("error").is_none(), "{message}");
                return message["result"].clone();
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let message = self
                .incoming
                .recv_timeout(Duration::from_secs(30))
                .expect("diagnostics");
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return message["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        let document = json!({ "uri": uri, "languageId": "toml", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": document }));
        self.diagnostics(uri)
    }

    fn change(&mut self, uri: &str, text: &str) -> Vec<Value> {
        let params = json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{ "text": text }],
        });
        self.notify("textDocument/didChange", params);
        self.diagnostics(uri)
    }

    fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        let params = json!({
            "textDocument": { "uri": uri },
            "position": { "line": line, "character": character },
        });
        self.request(method, params)
    }

    /// The code actions the server offers for `diagnostic` of `uri`.
    fn quick_fixes(&mut self, uri: &str, diagnostic: &Value) -> Value {
        let params = json!({
            "textDocument": { "uri": uri },
            "range": diagnostic["range"],
            "context": { "diagnostics": [diagnostic] },
        });
        self.request("textDocument/codeAction", params)
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        assert!(self.child.wait().unwrap().success());
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// (line, start character, end character) of each diagnostic, sorted.
fn ranges(diagnostics: &[Value]) -> Vec<(u64, u64, u64)> {
    let mut out: Vec<_> = (diagnostics.iter())
        .map(|d| {
            let r = &d["range"];
            let n = |v: &Value| v.as_u64().unwrap();
            assert_eq!(r["start"]["line"], r["end"]["line"], "{d}");
            (
                n(&r["start"]["line"]),
                n(&r["start"]["character"]),
                n(&r["end"]["character"]),
            )
        })
        .collect();
    out.sort();
    out
}

const VOCAB_WRONG: &str = "game = \"vocabulary\"\nextends = \"base.toml\"\nname = \"Bigger\"\n\n[board]\nwidht = 4\n\n[[actions]]\nname = \"mark\"\nmechanic = \"plase\"\nonto = \"emty\"\n";
const VOCAB_RIGHT: &str = "game = \"vocabulary\"\nextends = \"base.toml\"\nname = \"Bigger\"\n\n[board]\nwidth = 4\n\n[[actions]]\nname = \"mark\"\nmechanic = \"place\"\nonto = \"empty\"\n";

#[test]
fn a_vocabulary_ruleset_as_an_editor_sees_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        "rulesets/classic/tic-tac-toe.toml",
        dir.path().join("base.toml"),
    )
    .unwrap();
    let child = uri(&dir.path().join("child.toml"));
    let mut client = Client::start();

    let found = client.open(&child, VOCAB_WRONG);
    assert_eq!(
        ranges(&found),
        vec![(5, 0, 5), (9, 11, 18), (10, 7, 13)],
        "{found:?}"
    );
    let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert!(codes.contains(&"rules::key::unknown") && codes.contains(&"rules::value::unknown"));
    assert!(found.iter().all(|d| {
        d["message"]
            .as_str()
            .unwrap()
            .contains("help: did you mean")
    }));

    // The quick fix of the misspelt mechanic writes the word suggested.
    let mechanic = found
        .iter()
        .find(|d| d["range"]["start"]["line"] == 9)
        .unwrap()
        .clone();
    let actions = client.quick_fixes(&child, &mechanic);
    let edit = &actions[0]["edit"]["changes"][&child][0];
    assert_eq!(edit["newText"], "\"place\"");
    assert_eq!(actions[0]["title"], "Replace with `\"place\"`");

    assert!(client.change(&child, VOCAB_RIGHT).is_empty());

    let hover = client.at("textDocument/hover", &child, 9, 13);
    let words = hover["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("**`place`**") && words.contains("reserve"),
        "{words}"
    );
    let key = client.at("textDocument/hover", &child, 5, 2);
    assert!(
        key["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("west to east"),
        "{key}"
    );

    let text = format!("{VOCAB_RIGHT}on");
    client.change(&child, &text);
    let keys = client.at("textDocument/completion", &child, 11, 2);
    let labels: Vec<&str> = keys
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"onto") && labels.contains(&"pattern"),
        "{labels:?}"
    );
    let text = format!("{VOCAB_RIGHT}kinds = [");
    client.change(&child, &text);
    let names = client.at("textDocument/completion", &child, 11, 9);
    assert!(names.to_string().contains("\\\"mark\\\""), "{names}");

    // Definition: `[board]` in the parent; the parent file from `extends`.
    client.change(&child, VOCAB_RIGHT);
    let board = client.at("textDocument/definition", &child, 4, 2);
    assert!(
        board["uri"].as_str().unwrap().ends_with("/base.toml"),
        "{board}"
    );
    let base = std::fs::read_to_string(dir.path().join("base.toml")).unwrap();
    let line = base.lines().position(|l| l == "[board]").unwrap();
    assert_eq!(board["range"]["start"]["line"], line);
    let extends = client.at("textDocument/definition", &child, 1, 12);
    assert!(
        extends["uri"].as_str().unwrap().ends_with("/base.toml"),
        "{extends}"
    );

    // Definition from `extends` naming a built-in: its read-only copy in
    // the cache folder.
    let four = uri(&dir.path().join("four.toml"));
    client.open(
        &four,
        "game = \"vocabulary\"\nextends = \"connect-four\"\nname = \"Mine\"\n\n[board]\nwidth = 8\n",
    );
    let builtin = client.at("textDocument/definition", &four, 1, 13);
    let target = builtin["uri"].as_str().unwrap();
    assert!(
        target.ends_with("/relic/builtin/connect-four.toml"),
        "{builtin}"
    );
    let copy = client.cache.path().join("relic/builtin/connect-four.toml");
    let copy_text = std::fs::read_to_string(&copy).unwrap();
    assert_eq!(
        copy_text,
        relic::games::builtin_source("connect-four").unwrap()
    );
    assert!(std::fs::metadata(&copy).unwrap().permissions().readonly());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&copy).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o444, "{mode:o}");
    }
    let board = client.at("textDocument/definition", &four, 4, 2);
    assert_eq!(board["uri"], builtin["uri"], "{board}");
    let line = (copy_text.lines()).position(|l| l == "[board]").unwrap();
    assert_eq!(board["range"]["start"]["line"], line, "{board}");

    let messy = VOCAB_RIGHT
        .replace("width = 4", "width=4")
        .replace("\n\n[[actions]]", "\n[[actions]]");
    client.change(&child, &messy);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": child }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert_eq!(edits[0]["newText"], VOCAB_RIGHT);
    client.stop();
}

const MAZE_WRONG: &str = "extends = \"base.toml\"\nname = \"Mine\"\n\n[slide]\nrows = \"evn\"\nrotat = true\n\n[movement]\nsteps = \"yes\"\n";
const MAZE_RIGHT: &str = "extends = \"base.toml\"\nname = \"Mine\"\n\n[slide]\nrows = \"even\"\nrotate = true\n\n[movement]\nsteps = true\n";

#[test]
fn a_moving_maze_ruleset_as_an_editor_sees_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("rulesets/moving-maze.toml", dir.path().join("base.toml")).unwrap();
    let child = uri(&dir.path().join("mine.toml"));
    let mut client = Client::start();
    let found = client.open(&child, MAZE_WRONG);
    assert_eq!(
        ranges(&found),
        vec![(4, 7, 12), (5, 0, 5), (8, 8, 13)],
        "{found:?}"
    );

    let rotat = found
        .iter()
        .find(|d| d["range"]["start"]["line"] == 5)
        .unwrap()
        .clone();
    let actions = client.quick_fixes(&child, &rotat);
    assert_eq!(
        actions[0]["edit"]["changes"][&child][0]["newText"],
        "rotate"
    );

    assert!(client.change(&child, MAZE_RIGHT).is_empty());
    let hover = client.at("textDocument/hover", &child, 4, 9);
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("**`even`**"),
        "{hover}"
    );
    let values = client.at("textDocument/completion", &child, 4, 7);
    let labels = values.to_string();
    assert!(
        labels.contains("\\\"odd\\\"") && labels.contains("\\\"all\\\""),
        "{labels}"
    );
    let definition = client.at("textDocument/definition", &child, 5, 2);
    assert!(definition["uri"].as_str().unwrap().ends_with("/base.toml"));
    let base = std::fs::read_to_string(dir.path().join("base.toml")).unwrap();
    let line = base
        .lines()
        .position(|l| l.starts_with("rotate ="))
        .unwrap();
    assert_eq!(definition["range"]["start"]["line"], line, "{definition}");

    let messy = MAZE_RIGHT.replace("rotate = true", "rotate=true");
    client.change(&child, &messy);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": child }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert_eq!(edits[0]["newText"], MAZE_RIGHT);
    client.stop();
}

/// The copy of a built-in that an older relic left (other text, read-only)
/// is replaced, and stays read-only.
#[test]
fn a_stale_builtin_copy_is_replaced_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut client = Client::start();
    let builtin = client.cache.path().join("relic/builtin");
    std::fs::create_dir_all(&builtin).unwrap();
    let copy = builtin.join("connect-four.toml");
    std::fs::write(&copy, "# an older relic's text\n").unwrap();
    let mut perms = std::fs::metadata(&copy).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&copy, perms).unwrap();
    let four = uri(&dir.path().join("four.toml"));
    client.open(&four, "game = \"vocabulary\"\nextends = \"connect-four\"\n");
    let target = client.at("textDocument/definition", &four, 1, 13);
    assert!(
        target["uri"]
            .as_str()
            .unwrap()
            .ends_with("/connect-four.toml"),
        "{target}"
    );
    assert_eq!(
        std::fs::read_to_string(&copy).unwrap(),
        relic::games::builtin_source("connect-four").unwrap()
    );
    assert!(std::fs::metadata(&copy).unwrap().permissions().readonly());
    let leftovers = std::fs::read_dir(&builtin).unwrap().count();
    assert_eq!(leftovers, 1, "no temporary file is left behind");
    client.stop();
}

#[test]
fn a_board_file_as_an_editor_sees_it() {
    let right = std::fs::read_to_string("boards/learner-5x5.gbf").unwrap();
    let wrong = (right.replacen("0110xx 1110xx", "0110xx 1120xx", 1))
        .replace("1101r1", "1101q1")
        .replace("0101xx 1001xx", "0101xx 10z1xx");
    let dir = tempfile::tempdir().unwrap();
    let board = uri(&dir.path().join("three.gbf"));
    let mut client = Client::start();
    let found = client.open(&board, &wrong);
    assert_eq!(found.len(), 3, "{found:?}");
    let lines: Vec<u64> = ranges(&found).iter().map(|r| r.0).collect();
    assert_eq!(lines, vec![4, 5, 7]);
    assert!(
        found.iter().any(|d| d["code"] == "gbf::tile::bit"),
        "{found:?}"
    );
    assert!(client.change(&board, &right).is_empty());

    // Hover: the tile under the cursor, its open sides and its relic's
    // player (from the moving-maze ruleset's relic letters).
    let line = right.lines().nth(5).unwrap();
    let column = line.find("1101r1").unwrap() as u32;
    let hover = client.at("textDocument/hover", &board, 5, column + 1);
    let words = hover["contents"]["value"].as_str().unwrap();
    assert!(words.contains("row 3, column 3"), "{words}");
    assert!(words.contains("open north, east, west"), "{words}");
    assert!(words.contains("relic 1 of Red"), "{words}");
    let size = client.at("textDocument/hover", &board, 0, 2);
    assert!(size.to_string().contains("height"), "{size}");
    client.stop();
}

const EGC_WRONG: &str = "Coordinate type : SQURE xMax : 8 yMax : 8\nLocations : (1, 1) player1 dog (4, 4) exti\nPiece descriptors : DOG omni [distance 2]\nRules : SCORE 3\n";
const EGC_RIGHT: &str = "Coordinate type : SQUARE xMax : 8 yMax : 8\nLocations : (1, 1) player1 dog (4, 4) exit\nPiece descriptors : DOG omni [distance 2]\nRules : SCORE 3\n";

#[test]
fn an_escape_configuration_as_an_editor_sees_it() {
    let dir = tempfile::tempdir().unwrap();
    let config = uri(&dir.path().join("game.egc"));
    let mut client = Client::start();
    let found = client.open(&config, EGC_WRONG);
    assert_eq!(ranges(&found), vec![(0, 18, 23), (1, 38, 42)], "{found:?}");
    let actions = client.quick_fixes(&config, &found[0]);
    assert_eq!(
        actions[0]["edit"]["changes"][&config][0]["newText"],
        "SQUARE"
    );
    assert!(client.change(&config, EGC_RIGHT).is_empty());

    // A rule word: what the escape ruleset makes of it, with the option's
    // reference entry.
    let score = client.at("textDocument/hover", &config, 3, 9);
    let words = score["contents"]["value"].as_str().unwrap();
    assert!(words.contains("**`SCORE`**: a rule word"), "{words}");
    assert!(words.contains("rules.SCORE = \"score-goal\""), "{words}");
    let exit = client.at("textDocument/hover", &config, 1, 40);
    let words = exit["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("location type") && words.contains("arrival"),
        "{words}"
    );

    // Completion: the words of the section the cursor is in.
    let piece_line = 2;
    let descriptors = client.at("textDocument/completion", &config, piece_line, 24);
    let labels = descriptors.to_string();
    assert!(
        labels.contains("\"OMNI\"") && labels.contains("\"JUMP\""),
        "{labels}"
    );
    assert!(!labels.contains("\"TURN_LIMIT\""), "{labels}");
    let rules = client.at(
        "textDocument/completion",
        &config,
        3,
        EGC_RIGHT.lines().nth(3).unwrap().len() as u32,
    );
    let labels = rules.to_string();
    assert!(
        labels.contains("\"TURN_LIMIT\"") && !labels.contains("\"OMNI\""),
        "{labels}"
    );
    client.stop();
}

#[test]
fn a_fen_position_as_an_editor_sees_it() {
    let right = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n";
    let wrong = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x KQkq e3 0 1\n";
    let dir = tempfile::tempdir().unwrap();
    let fen = uri(&dir.path().join("open.fen"));
    let mut client = Client::start();
    let found = client.open(&fen, wrong);
    let at = |text: &str, what: &str| text.find(what).unwrap() as u32;
    let side_at = at(wrong, " x ") as u64 + 1;
    assert_eq!(ranges(&found), vec![(0, side_at, side_at + 1)], "{found:?}");
    assert_eq!(found[0]["code"], "fen::side");
    assert!(client.change(&fen, right).is_empty());

    let pawn = client.at("textDocument/hover", &fen, 0, at(right, "4P3") + 1);
    let words = pawn["contents"]["value"].as_str().unwrap();
    assert!(words.contains("a pawn of white on e4"), "{words}");
    let side = client.at("textDocument/hover", &fen, 0, at(right, " b ") + 1);
    let words = side["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("black to move") && words.contains("fen.sides"),
        "{words}"
    );
    let castle = client.at("textDocument/hover", &fen, 0, at(right, "KQkq") + 1);
    let words = castle["contents"]["value"].as_str().unwrap();
    assert!(words.contains("white-queenside"), "{words}");

    let letters = client.at("textDocument/completion", &fen, 0, 3);
    let labels = letters.to_string();
    assert!(labels.contains("a knight of black"), "{labels}");
    let castling = client.at("textDocument/completion", &fen, 0, at(right, "KQkq") + 2);
    let labels = castling.to_string();
    assert!(
        labels.contains("black-kingside") && labels.contains("\"-\""),
        "{labels}"
    );
    client.stop();
}

/// Inside the rules strings of a core ruleset: a macro's use hovers its
/// definition and goes to its `[macros]` key; a kind, a direction and a
/// variable hover their declarations; completion offers the file's names.
#[test]
fn the_rules_strings_of_a_core_ruleset_as_an_editor_sees_them() {
    let text = std::fs::read_to_string("rulesets/classic/chess.toml").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let chess = uri(&dir.path().join("chess.toml"));
    let mut client = Client::start();
    assert!(client.open(&chess, &text).is_empty());
    let place = |needle: &str, within: &str| {
        let line = text.lines().position(|l| l.contains(needle)).unwrap();
        let column = text.lines().nth(line).unwrap().find(within).unwrap();
        (line as u32, column as u32 + 1)
    };

    let (line, column) = place("rules = \"start any move", "move");
    let hover = client.at("textDocument/hover", &chess, line, column);
    let words = hover["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("macro `move`") && words.contains("knight-hop"),
        "{words}"
    );
    let definition = client.at("textDocument/definition", &chess, line, column);
    let key = text.lines().position(|l| l.starts_with("move = ")).unwrap();
    assert_eq!(definition["range"]["start"]["line"], key, "{definition}");
    assert_eq!(definition["uri"], chess.as_str());

    let (line, column) = place("expire = \"<", "passer");
    let kind = client.at("textDocument/hover", &chess, line, column);
    let words = kind["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("kind `passer`") && words.contains("glyphs = [\"E\", \"e\"]"),
        "{words}"
    );
    let (line, column) = place("start = \"rights", "quiet");
    let variable = client.at("textDocument/hover", &chess, line, column);
    assert!(variable.to_string().contains("max = 200"), "{variable}");

    let (line, column) = place("\"slide(d)\" =", "d {");
    let empty = client.at("textDocument/hover", &chess, line, column - 1);
    assert!(
        empty.is_null() || !empty.to_string().contains("macro"),
        "{empty}"
    );
    let (line, column) = place("{own bishop}", "slide(ne)");
    let slide = client.at("textDocument/definition", &chess, line, column);
    let key = text
        .lines()
        .position(|l| l.starts_with("\"slide(d)\""))
        .unwrap();
    assert_eq!(slide["range"]["start"]["line"], key, "{slide}");
    let (line, column) = place("{own bishop}", "ne)");
    let ne = client.at("textDocument/hover", &chess, line, column);
    assert!(ne.to_string().contains("north-east"), "{ne}");

    let (line, column) = place("push = \"forward", "forward");
    let forward = client.at("textDocument/hover", &chess, line, column);
    let words = forward["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("direction `forward`") && words.contains("black = \"s\""),
        "{words}"
    );
    let (line, column) = place("rules = \"start any move", "any");
    let names = client.at("textDocument/completion", &chess, line, column);
    let labels: Vec<&str> = (names.as_array().unwrap().iter())
        .map(|c| c["label"].as_str().unwrap())
        .collect();
    for name in [
        "knight", "forward", "white", "quiet", "slide", "legal", "nw",
    ] {
        assert!(labels.contains(&name), "{name} in {labels:?}");
    }
    client.stop();
}

#[test]
fn a_cave_and_a_level_file_as_an_editor_sees_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut client = Client::start();
    let cave = uri(&dir.path().join("cave.board"));
    let right = std::fs::read_to_string("tests/fixtures/boulder-dash/check/good.board").unwrap();
    let wrong =
        std::fs::read_to_string("tests/fixtures/boulder-dash/check/many_problems.board").unwrap();
    let found = client.open(&cave, &wrong);
    assert!(found.len() >= 2, "{found:?}");
    assert!(client.change(&cave, &right).is_empty());
    // Hover: a square's kind and what the player may do with it (from the
    // boulder-dash ruleset), a row's label.
    let diamond = client.at("textDocument/hover", &cave, 1, 6);
    let words = diamond["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("diamond") && words.contains("row 1, column 2"),
        "{words}"
    );
    assert!(words.contains("the goal is to take every one"), "{words}");
    let row = client.at("textDocument/hover", &cave, 2, 0);
    assert!(row.to_string().contains("row 0"), "{row}");
    let levels = uri(&dir.path().join("levels.txt"));
    let right =
        std::fs::read_to_string("tests/fixtures/maze-runner/levels/two-levels.txt").unwrap();
    let wrong =
        std::fs::read_to_string("tests/fixtures/maze-runner/invalid/many-problems.txt").unwrap();
    let found = client.open(&levels, &wrong);
    assert!(found.len() >= 2, "{found:?}");
    assert!(client.change(&levels, &right).is_empty());
    // Hover: a header's rows, a cell's item, a door and what opens it.
    let rows = client.at("textDocument/hover", &levels, 2, 9);
    assert!(rows.to_string().contains("rows"), "{rows}");
    let coin = client.at("textDocument/hover", &levels, 4, 1);
    let words = coin["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("Coin") && words.contains("level 1, row 2, column 2"),
        "{words}"
    );
    let door = client.at("textDocument/hover", &levels, 4, 5);
    let words = door["contents"]["value"].as_str().unwrap();
    assert!(
        words.contains("door") && words.contains("opens once no Coin is left"),
        "{words}"
    );
    client.stop();
}
