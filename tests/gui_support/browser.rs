//! A small Chrome DevTools Protocol client driving Debian's headless
//! Chromium: real mouse clicks and key presses, page evaluation, console
//! error collection and screenshots.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

/// Where the browser is: `$RELIC_CHROMIUM` or Debian's `/usr/bin/chromium`.
fn chromium_path() -> PathBuf {
    std::env::var_os("RELIC_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// A headless Chromium with one page. Dropping it ends the browser.
pub struct Browser {
    _turn: BrowserTurn,
    child: Child,
    profile: PathBuf,
    socket: WebSocket<TcpStream>,
    session: String,
    next_id: u64,
    /// Console errors, uncaught exceptions and error log entries.
    pub errors: Vec<String>,
    /// Error log entries about failed network requests.
    pub network_errors: Vec<String>,
}

impl Browser {
    /// Starts the browser, or returns `None` (after a skip notice) when it
    /// is not installed. Under `CI=true` a missing browser fails the test.
    pub fn launch() -> Option<Browser> {
        let path = chromium_path();
        if !path.exists() {
            let ci = std::env::var("CI").is_ok_and(|v| v == "true");
            assert!(
                !ci,
                "{} is missing, and CI=true requires it",
                path.display()
            );
            eprintln!(
                "skipped: {} not found (install chromium or set RELIC_CHROMIUM)",
                path.display()
            );
            return None;
        }
        let turn = BrowserTurn::wait();
        Some(Browser::start(path, turn))
    }

    fn start(path: PathBuf, turn: BrowserTurn) -> Browser {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let profile = std::env::temp_dir().join(format!(
            "relic-chromium-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::SeqCst)
        ));
        let (child, socket) = connect(&path, &profile);
        let mut browser = Browser {
            _turn: turn,
            child,
            profile,
            socket,
            session: String::new(),
            next_id: 0,
            errors: Vec::new(),
            network_errors: Vec::new(),
        };
        let target = browser.call("Target.createTarget", json!({ "url": "about:blank" }));
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] {
            browser.call(domain, json!({}));
        }
        browser
    }

    /// Sends a command to the page and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .expect("the browser takes commands");
        loop {
            let reply = self.read();
            if reply["id"] == id {
                if let Some(error) = reply.get("error") {
                    panic!("{method} failed: {error}");
                }
                return reply["result"].clone();
            }
            self.note_event(&reply);
        }
    }

    fn read(&mut self) -> Value {
        loop {
            match self.socket.read().expect("the browser answers") {
                Message::Text(text) => return serde_json::from_str(&text).unwrap(),
                Message::Close(_) => panic!("the browser closed the connection"),
                _ => {}
            }
        }
    }

    fn note_event(&mut self, event: &Value) {
        let params = &event["params"];
        match event["method"].as_str() {
            Some("Runtime.consoleAPICalled")
                if matches!(params["type"].as_str(), Some("error" | "assert")) =>
            {
                self.errors
                    .push(format!("console.error: {}", params["args"]));
            }
            Some("Runtime.exceptionThrown") => {
                self.errors
                    .push(format!("exception: {}", params["exceptionDetails"]));
            }
            Some("Log.entryAdded") if params["entry"]["level"] == "error" => {
                let entry = format!("log: {}", params["entry"]["text"]);
                if params["entry"]["source"] == "network" {
                    self.network_errors.push(entry);
                } else {
                    self.errors.push(entry);
                }
            }
            _ => {}
        }
    }

    /// Evaluates JavaScript in the page and returns its value.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("{expression} threw {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page.
    pub fn wait_for(&mut self, expression: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.eval(expression) != json!(true) {
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {expression}"
            );
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// Waits until the page shows the game after `version` changes
    /// (`document.body.dataset.version`).
    pub fn wait_for_version(&mut self, version: impl std::fmt::Display) {
        self.wait_for(&format!("document.body.dataset.version === '{version}'"));
    }

    /// Lets late events arrive, then fails if the page reported an error.
    pub fn assert_no_errors(&mut self) {
        self.settle();
        assert!(
            self.errors.is_empty(),
            "the page reported errors: {:?}",
            self.errors
        );
    }

    /// Sets the viewport size (`mobile` for phone behaviour).
    pub fn viewport(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        );
    }

    /// Loads `url` and waits for the page to draw its first state.
    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_for(
            "document.readyState === 'complete' && Number(document.body.dataset.version) >= 0",
        );
    }

    /// Moves the mouse over the middle of the element `selector`.
    pub fn hover(&mut self, selector: &str) {
        let [x, y] = self.middle_of(selector);
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": x, "y": y }),
        );
    }

    /// Moves the mouse to the page's top left corner, away from the board.
    pub fn hover_away(&mut self) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": 1, "y": 1 }),
        );
    }

    /// Taps the middle of the element `selector` with a finger.
    pub fn tap(&mut self, selector: &str) {
        let [x, y] = self.middle_of(selector);
        self.call(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": true, "maxTouchPoints": 1 }),
        );
        for (kind, points) in [
            ("touchStart", json!([{ "x": x, "y": y }])),
            ("touchEnd", json!([])),
        ] {
            self.call(
                "Input.dispatchTouchEvent",
                json!({ "type": kind, "touchPoints": points }),
            );
        }
    }

    /// The middle of the element `selector` in the viewport, after
    /// scrolling it into view.
    fn middle_of(&mut self, selector: &str) -> [f64; 2] {
        let script = format!(
            "(() => {{ const e = document.querySelector({selector:?}); if (!e) return null; \
             e.scrollIntoView({{block: 'center', inline: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        );
        let point = self.eval(&script);
        [&point[0], &point[1]].map(|v| {
            v.as_f64()
                .unwrap_or_else(|| panic!("no element {selector} to point at"))
        })
    }

    /// Clicks the middle of the element `selector` with the mouse.
    pub fn click(&mut self, selector: &str) {
        let [x, y] = self.middle_of(selector);
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            );
        }
    }

    /// Presses and releases a key: a character (`r`) or a key name
    /// (`Enter`, `ArrowUp`).
    pub fn press(&mut self, key: &str) {
        let (code, key_code, text) = key_description(key);
        let mut down = json!({
            "type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": key_code,
        });
        if let Some(text) = text {
            down["text"] = json!(text);
        }
        self.call("Input.dispatchKeyEvent", down);
        self.call(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": key_code }),
        );
    }

    /// A PNG screenshot of the viewport.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        decode_base64(shot["data"].as_str().unwrap())
    }

    /// Collects events that arrived since the last command.
    pub fn settle(&mut self) {
        self.eval("new Promise((done) => setTimeout(() => done(true), 50))");
    }
}

/// How many browsers the tests run at once. Every test file is a module of
/// one test binary, so without a limit each test thread would start its own
/// Chromium together, and on a two-core machine their DevTools handshakes
/// time out.
const BROWSERS_AT_ONCE: usize = 2;

static BROWSERS_RUNNING: Mutex<usize> = Mutex::new(0);
static BROWSER_ENDED: Condvar = Condvar::new();

/// One of the [`BROWSERS_AT_ONCE`] places, held while a browser runs.
struct BrowserTurn;

impl BrowserTurn {
    fn wait() -> BrowserTurn {
        let running = BROWSERS_RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        let mut running = BROWSER_ENDED
            .wait_while(running, |running| *running >= BROWSERS_AT_ONCE)
            .unwrap_or_else(|e| e.into_inner());
        *running += 1;
        BrowserTurn
    }
}

impl Drop for BrowserTurn {
    fn drop(&mut self) {
        let mut running = BROWSERS_RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        *running -= 1;
        BROWSER_ENDED.notify_one();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// How many times a browser is started before its DevTools connection
/// failing fails the test: a loaded machine can miss one handshake.
const LAUNCH_ATTEMPTS: usize = 3;

/// Starts the browser and opens its DevTools socket, starting it again when
/// the connection fails.
fn connect(path: &Path, profile: &Path) -> (Child, WebSocket<TcpStream>) {
    let mut failures = Vec::new();
    for _ in 0..LAUNCH_ATTEMPTS {
        let mut child = spawn(path, profile);
        match devtools_url(&mut child).and_then(|url| open_socket(&url)) {
            Ok(socket) => return (child, socket),
            Err(failure) => failures.push(failure),
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    panic!("chromium never took a DevTools connection: {failures:?}");
}

fn spawn(path: &Path, profile: &Path) -> Child {
    Command::new(path)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--remote-debugging-port=0",
            "--window-size=1280,900",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts")
}

fn devtools_url(child: &mut Child) -> Result<String, String> {
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let url = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|line| {
            line.split_once("DevTools listening on ")
                .map(|(_, url)| url.trim().to_string())
        })
        .ok_or("chromium ended without printing its DevTools address")?;
    // Keep draining stderr so the browser never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines.map_while(Result::ok) {});
    Ok(url)
}

fn open_socket(url: &str) -> Result<WebSocket<TcpStream>, String> {
    let authority = url
        .strip_prefix("ws://")
        .and_then(|rest| rest.split('/').next())
        .ok_or_else(|| format!("not a ws:// address: {url}"))?;
    let stream = TcpStream::connect(authority).map_err(|e| format!("connect {authority}: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .map_err(|e| e.to_string())?;
    let (socket, _) =
        tungstenite::client(url, stream).map_err(|e| format!("DevTools handshake: {e}"))?;
    Ok(socket)
}

/// The DOM `code`, Windows key code and typed text of a key.
fn key_description(key: &str) -> (String, u32, Option<String>) {
    match key {
        "Enter" => ("Enter".into(), 13, Some("\r".into())),
        "Escape" => ("Escape".into(), 27, None),
        " " => ("Space".into(), 32, Some(" ".into())),
        "ArrowLeft" => (key.into(), 37, None),
        "ArrowUp" => (key.into(), 38, None),
        "ArrowRight" => (key.into(), 39, None),
        "ArrowDown" => (key.into(), 40, None),
        "Backspace" => (key.into(), 8, None),
        "End" => (key.into(), 35, None),
        "Home" => (key.into(), 36, None),
        "Delete" => (key.into(), 46, None),
        _ => {
            let c = key.chars().next().expect("a key").to_ascii_uppercase();
            (format!("Key{c}"), c as u32, Some(key.into()))
        }
    }
}

fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let bits = chunk.iter().enumerate().fold(0u32, |acc, (i, &c)| {
            acc | (u32::from(value(c)) << (18 - 6 * i))
        });
        let bytes = bits.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}
