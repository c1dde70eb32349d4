//! The HTTP server: the embedded page, `POST /api/action`, `GET
//! /api/state` and the Server-Sent Events stream `GET /api/events`.

use std::convert::Infallible;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::Stream;
use serde_json::json;
use tokio::sync::{broadcast, watch};

use super::request::{Request as PageRequest, parse_request};
use super::security::{AllowedHosts, constant_time_eq};
use super::view::{event_view, game_view, new_game_event};
use super::{Computer, PAGE_CSS, PAGE_HTML, PAGE_JS};
use crate::games::moving_maze::engine::{Action, Event, Game, IllegalAction};

/// The largest request body accepted, in bytes.
pub const MAX_BODY_BYTES: usize = 4096;

/// The header that carries a seat token.
pub const TOKEN_HEADER: &str = "x-relic-token";

/// Who may act: anybody for any human seat, or the holder of a seat's token.
pub(super) enum Seating {
    HotSeat,
    Tokens(Vec<Option<String>>),
}

/// The game and what goes with it, behind one lock.
pub(super) struct Table {
    pub game: Game,
    /// The game as it started, for a new game.
    pub initial: Game,
    pub version: u64,
    pub quit: bool,
    /// The actions played since `initial` (never `quit`), for a record.
    pub played: Vec<Action>,
    pub computers: Vec<Option<Box<dyn Computer>>>,
    pub computers_running: bool,
    pub on_change: Option<super::OnChange>,
}

impl Table {
    /// Tells the `on_change` hook (if any) what has been played.
    fn changed(&mut self) {
        if let Some(on_change) = &mut self.on_change {
            on_change(&self.played);
        }
    }
}

/// State shared by every request.
pub(super) struct Shared {
    pub table: Mutex<Table>,
    pub hosts: AllowedHosts,
    pub seating: Seating,
    pub updates: broadcast::Sender<Arc<str>>,
    pub over: watch::Sender<bool>,
    pub computer_delay: Duration,
    /// Whether a finished game may be followed by a new one (not when the
    /// server ends with the game).
    pub can_restart: bool,
}

type Refusal = (StatusCode, String);

impl Shared {
    pub fn lock(&self) -> MutexGuard<'_, Table> {
        self.table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The JSON message the pages receive: the full state and the events
    /// that led to it.
    fn message(&self, table: &Table, events: &[Event]) -> String {
        let events: Vec<_> = events.iter().map(|e| event_view(&table.game, e)).collect();
        self.message_with(table, &events)
    }

    fn message_with(&self, table: &Table, events: &[super::view::EventView]) -> String {
        let computers: Vec<bool> = table.computers.iter().map(Option::is_some).collect();
        let view = game_view(&table.game, table.version, &computers, table.quit);
        json!({ "state": view, "events": events, "can_restart": self.can_restart }).to_string()
    }

    fn broadcast(&self, message: &str) {
        let _ = self.updates.send(Arc::from(message));
    }

    /// Applies `action` for the current seat, tells every page, and returns
    /// the message sent.
    pub fn apply(&self, table: &mut Table, action: Action) -> Result<String, IllegalAction> {
        let events = table.game.apply(action)?;
        if action != Action::Quit {
            table.played.push(action);
        }
        table.changed();
        table.version += 1;
        table.quit |= events.iter().any(|e| matches!(e, Event::Quit));
        let message = self.message(table, &events);
        self.broadcast(&message);
        if table.game.is_over() {
            let _ = self.over.send(true);
        }
        Ok(message)
    }

    /// Starts the game again, once it is over.
    fn restart(&self, table: &mut Table) -> Result<String, Refusal> {
        if !self.can_restart {
            return Err((
                StatusCode::UNPROCESSABLE_ENTITY,
                "This server ends with the game: start relic again for a new one.".to_string(),
            ));
        }
        if !table.game.is_over() {
            return Err((
                StatusCode::UNPROCESSABLE_ENTITY,
                "A new game can start once this one is over.".to_string(),
            ));
        }
        table.game = table.initial.clone();
        table.played.clear();
        table.changed();
        table.version += 1;
        table.quit = false;
        let message = self.message_with(table, &[new_game_event()]);
        self.broadcast(&message);
        Ok(message)
    }

    /// Checks that the holder of `token` may act now.
    fn authorise(&self, table: &Table, token: Option<&str>) -> Result<(), Refusal> {
        let game = &table.game;
        let current = game.current_seat();
        let name = |seat: usize| game.rules().seats()[seat].name.clone();
        let seat = match &self.seating {
            Seating::HotSeat => current,
            Seating::Tokens(tokens) => {
                let token = token.ok_or_else(|| {
                    forbidden("This page only watches: open a seat's join link to play.")
                })?;
                tokens
                    .iter()
                    .position(|t| {
                        t.as_ref()
                            .is_some_and(|t| constant_time_eq(t.as_bytes(), token.as_bytes()))
                    })
                    .ok_or_else(|| forbidden("Unknown seat token."))?
            }
        };
        if game.is_over() {
            return Ok(());
        }
        if seat != current {
            return Err(forbidden(&format!(
                "It is {}'s turn, not {}'s.",
                name(current),
                name(seat)
            )));
        }
        if table.computers.get(current).is_some_and(Option::is_some) {
            return Err(forbidden(&format!(
                "It is {}'s turn, and the computer plays {}.",
                name(current),
                name(current)
            )));
        }
        Ok(())
    }
}

fn forbidden(message: &str) -> Refusal {
    (StatusCode::FORBIDDEN, message.to_string())
}

fn error_response((status, message): Refusal) -> Response {
    let mut response = (status, axum::Json(json!({ "error": message }))).into_response();
    no_store(&mut response);
    response
}

fn json_response(body: String) -> Response {
    let mut response = ([(header::CONTENT_TYPE, "application/json")], body).into_response();
    no_store(&mut response);
    response
}

fn no_store(response: &mut Response) {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
}

/// The router with every route and guard.
pub(super) fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/api/state", get(state))
        .route("/api/seat", get(seat))
        .route("/api/events", get(events))
        .route("/api/action", post(action))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

/// Refuses requests for other hosts (DNS rebinding), with more than one
/// `Host`, and cross-site or non-JSON posts; answers every error as
/// `{"error": ...}` JSON; adds the security headers to every answer.
async fn guard(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let mut response = match refusal(&shared, &request) {
        Some(refusal) => error_response(refusal),
        None => json_errors(next.run(request).await),
    };
    let headers = response.headers_mut();
    for (name, value) in [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "no-referrer"),
        (
            "content-security-policy",
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Why `request` is refused before it reaches its route, if it is.
fn refusal(shared: &Shared, request: &Request) -> Option<Refusal> {
    let headers = request.headers();
    let mut hosts = headers.get_all(header::HOST).iter();
    let (host, second) = (hosts.next(), hosts.next());
    if second.is_some() {
        let message = "A request names one Host, not several.";
        return Some((StatusCode::BAD_REQUEST, message.to_string()));
    }
    let host = host.and_then(|h| h.to_str().ok()).unwrap_or_default();
    if !shared.hosts.allows(host) {
        return Some(forbidden(
            "This server does not answer to that host name (DNS rebinding protection).",
        ));
    }
    if request.method() != Method::POST {
        return None;
    }
    if let Some(origin) = headers.get(header::ORIGIN)
        && !origin
            .to_str()
            .is_ok_and(|o| shared.hosts.is_same_origin(o, host))
    {
        return Some(forbidden("Requests from other sites are refused."));
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|c| c.to_str().ok())
        .is_some_and(|c| {
            c.trim()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
    (!json).then(|| {
        let message = "Send the action as application/json.";
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, message.to_string())
    })
}

/// Errors that the routes' own machinery answers (a wrong method, a body
/// over the size limit) become the documented `{"error": ...}` JSON.
fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|c| c.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => "That method is not allowed here.".to_string(),
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("The request body is over {MAX_BODY_BYTES} bytes.")
        }
        other => other
            .canonical_reason()
            .map_or_else(|| other.to_string(), |r| format!("{r}.")),
    };
    let mut answer = error_response((status, message));
    if let Some(allow) = response.headers().get(header::ALLOW) {
        answer.headers_mut().insert(header::ALLOW, allow.clone());
    }
    answer
}

async fn index() -> Response {
    asset("text/html; charset=utf-8", PAGE_HTML)
}

async fn script() -> Response {
    asset("text/javascript; charset=utf-8", PAGE_JS)
}

async fn style() -> Response {
    asset("text/css; charset=utf-8", PAGE_CSS)
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    let mut response = ([(header::CONTENT_TYPE, content_type)], body).into_response();
    no_store(&mut response);
    response
}

async fn not_found() -> Response {
    error_response((StatusCode::NOT_FOUND, "No such page.".to_string()))
}

async fn state(State(shared): State<Arc<Shared>>) -> Response {
    let table = shared.lock();
    json_response(shared.message(&table, &[]))
}

/// Which seat the token in the request plays.
async fn seat(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let token = token_of(&headers);
    let body = match (&shared.seating, token) {
        (Seating::HotSeat, _) => json!({ "mode": "hot-seat", "seat": null }),
        (Seating::Tokens(_), None) => json!({ "mode": "seats", "seat": null }),
        (Seating::Tokens(tokens), Some(token)) => {
            let seat = tokens.iter().position(|t| {
                t.as_ref()
                    .is_some_and(|t| constant_time_eq(t.as_bytes(), token.as_bytes()))
            });
            match seat {
                Some(seat) => json!({ "mode": "seats", "seat": seat }),
                None => return error_response(forbidden("Unknown seat token.")),
            }
        }
    };
    json_response(body.to_string())
}

fn token_of(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(TOKEN_HEADER)
        .and_then(|t| t.to_str().ok())
        .filter(|t| !t.is_empty())
}

async fn action(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Response {
    let request = match parse_request(&body) {
        Ok(request) => request,
        Err(message) => return error_response((StatusCode::BAD_REQUEST, message)),
    };
    let result = {
        let mut table = shared.lock();
        shared
            .authorise(&table, token_of(&headers))
            .and_then(|()| match request {
                PageRequest::Play(action) => shared
                    .apply(&mut table, action)
                    .map_err(|illegal| (StatusCode::UNPROCESSABLE_ENTITY, illegal.to_string())),
                PageRequest::NewGame => shared.restart(&mut table),
            })
    };
    match result {
        Ok(message) => {
            wake(&shared);
            json_response(message)
        }
        Err(refusal) => error_response(refusal),
    }
}

/// The event stream: the full state first, then every change.
async fn events(
    State(shared): State<Arc<Shared>>,
) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let (first, receiver) = {
        let table = shared.lock();
        (shared.message(&table, &[]), shared.updates.subscribe())
    };
    let stream = futures_util::stream::unfold(
        (Some(first), receiver, shared),
        |(first, mut receiver, shared)| async move {
            let data = match first {
                Some(first) => first,
                None => match receiver.recv().await {
                    Ok(message) => message.to_string(),
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        shared.message(&shared.lock(), &[])
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
            };
            let event = SseEvent::default().event("state").data(data);
            Some((Ok(event), (None, receiver, shared)))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

/// Starts playing the computers' turns, unless that is already going on.
pub(super) fn wake(shared: &Arc<Shared>) {
    {
        let mut table = shared.lock();
        if table.computers_running || table.computers.iter().all(Option::is_none) {
            return;
        }
        table.computers_running = true;
    }
    let shared = shared.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(shared.computer_delay).await;
            if !play_one(&shared) {
                break;
            }
        }
    });
}

/// Plays one computer action; false when it is no computer's turn.
fn play_one(shared: &Shared) -> bool {
    let mut guard = shared.lock();
    let table = &mut *guard;
    let seat = table.game.current_seat();
    let computer = match table.computers.get_mut(seat) {
        Some(Some(computer)) if !table.game.is_over() => computer,
        _ => {
            table.computers_running = false;
            return false;
        }
    };
    let chosen = computer.choose(&table.game);
    if let Err(reason) = shared.apply(table, chosen) {
        crate::output::errln!(
            "relic: the computer's {chosen} was refused ({reason}); it plays another move"
        );
        let fallback = table.game.legal_actions().pop().unwrap_or(Action::Quit);
        let _ = shared.apply(table, fallback);
    }
    true
}
