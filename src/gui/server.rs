//! The HTTP server: the embedded page, `POST /api/action`, `GET
//! /api/state` and the Server-Sent Events stream `GET /api/events`,
//! generic over the game.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::{broadcast, watch};

use super::computers::Computers;
use super::message::{Audience, Context, Update, message, new_game_event, update};
use super::security::{AllowedHosts, constant_time_eq};
use crate::contract::{BrowserView, Game, Seat};
use crate::output::outln;

/// A hook called after every change with the actions played on the server.
pub type OnChange<G> = Box<dyn FnMut(&[<G as Game>::Action]) + Send>;

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
pub(super) struct Table<G: Game> {
    pub game: G,
    /// The game as it started, for a new game.
    pub initial: G,
    pub version: u64,
    /// The actions played since `initial` (never a resignation), for a
    /// record.
    pub played: Vec<G::Action>,
    /// The seat that played each of `played`.
    pub movers: Vec<Seat>,
    pub computers: Computers<G>,
    pub computers_running: bool,
    pub on_change: Option<OnChange<G>>,
}

impl<G: Game> Table<G> {
    /// Tells the `on_change` hook (if any) what has been played.
    pub(super) fn changed(&mut self) {
        if let Some(on_change) = &mut self.on_change {
            on_change(&self.played);
        }
    }

    /// Whether a computer plays each seat.
    fn computer_seats(&self) -> Vec<bool> {
        self.computers.iter().map(Option::is_some).collect()
    }
}

/// State shared by every request.
pub(super) struct Shared<G: Game> {
    pub table: Mutex<Table<G>>,
    pub hosts: AllowedHosts,
    pub seating: Seating,
    pub updates: broadcast::Sender<Arc<Update>>,
    pub over: watch::Sender<bool>,
    pub computer_delay: Duration,
    /// Whether a finished game may be followed by a new one (not when the
    /// server ends with the game).
    pub can_restart: bool,
    /// The rules in words, for `/api/rules`.
    pub rules_text: Option<String>,
    /// Whether events the game marks for the console are printed on
    /// stdout.
    pub console: bool,
}

/// The request refused for `refusal` of the action written `typed`.
fn refused<G: BrowserView>(table: &Table<G>, refusal: &G::Refusal, typed: &str) -> Refusal {
    let text = table.game.refusal_text(refusal, typed);
    (StatusCode::UNPROCESSABLE_ENTITY, text)
}

/// A refused request: its status and message.
pub(super) type Refusal = (StatusCode, String);

impl<G: BrowserView> Shared<G> {
    pub fn lock(&self) -> MutexGuard<'_, Table<G>> {
        self.table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The message `audience` receives now, after `events`.
    pub fn message_now(&self, table: &Table<G>, audience: Audience, events: &[Value]) -> String {
        let computers = table.computer_seats();
        let can_undo = self.undo_rights(table);
        let context = self.context(table, &computers, &can_undo);
        let seat = audience.seat(table.game.status().to_move());
        message(&table.game, seat, events, &context)
    }

    fn context<'a>(
        &self,
        table: &Table<G>,
        computers: &'a [bool],
        can_undo: &'a [bool],
    ) -> Context<'a> {
        Context {
            version: table.version,
            computers,
            can_restart: self.can_restart,
            can_undo,
        }
    }

    /// Whether one page plays every person's seat.
    pub(super) fn is_hot_seat(&self) -> bool {
        matches!(self.seating, Seating::HotSeat)
    }

    /// Tells every page about the change `events` made.
    pub(super) fn broadcast(&self, table: &Table<G>, events: &[Value]) -> Arc<Update> {
        let computers = table.computer_seats();
        let can_undo = self.undo_rights(table);
        let context = self.context(table, &computers, &can_undo);
        let update = Arc::new(update(&table.game, events, &context));
        let _ = self.updates.send(update.clone());
        update
    }

    /// Applies `action` for the seat to move and tells every page.
    pub fn apply(
        &self,
        table: &mut Table<G>,
        action: &G::Action,
    ) -> Result<Arc<Update>, G::Refusal> {
        self.apply_after(table, action, Vec::new())
    }

    /// Applies `action` and tells every page, its events after `before`
    /// (a refused attempt it stands for); with a console, prints the text
    /// of every event the game marks `"console": true`.
    fn apply_after(
        &self,
        table: &mut Table<G>,
        action: &G::Action,
        mut before: Vec<Value>,
    ) -> Result<Arc<Update>, G::Refusal> {
        let mover = table.game.status().to_move().unwrap_or(0);
        let events = table.game.apply(action)?;
        // A resignation is recorded too: the game ended by it.
        table.played.push(action.clone());
        table.movers.push(mover);
        table.changed();
        table.version += 1;
        before.extend(events.iter().map(|e| table.game.event_view(e)));
        if self.console {
            for event in before.iter().filter(|e| e["console"] == true) {
                outln!("{}", event["text"].as_str().unwrap_or_default());
            }
        }
        let update = self.broadcast(table, &before);
        if table.game.status().is_over() {
            let _ = self.over.send(true);
        }
        Ok(update)
    }

    /// Reads `text` in the game's notation and applies it. A refused
    /// action that costs something ([`Game::penalty`]) applies the
    /// penalty instead, after an event `{"kind": "refused", "text"}` that
    /// says why; other refusals are answered with their words.
    pub fn play(&self, table: &mut Table<G>, text: &str) -> Result<Arc<Update>, Refusal> {
        if table.game.status().is_over() {
            let message = "The game is over.".to_string();
            return Err((StatusCode::UNPROCESSABLE_ENTITY, message));
        }
        let action = table
            .game
            .parse_action(text)
            .map_err(|error| (StatusCode::BAD_REQUEST, error.message))?;
        let refusal = match self.apply(table, &action) {
            Ok(update) => return Ok(update),
            Err(refusal) => refusal,
        };
        let Some(penalty) = table.game.penalty(&action) else {
            return Err(refused(table, &refusal, text));
        };
        // The rules punish the attempt: the refusal is shown (in the log and
        // under the board) and its penalty played.
        let reason = table.game.refusal_text(&refusal, text);
        let attempt = json!({ "kind": "refused", "text": reason, "action": text });
        self.apply_after(table, &penalty, vec![attempt])
            .map_err(|r| refused(table, &r, text))
    }

    /// Starts the game again, once it is over.
    pub fn restart(&self, table: &mut Table<G>) -> Result<Arc<Update>, Refusal> {
        if !self.can_restart {
            return Err((
                StatusCode::UNPROCESSABLE_ENTITY,
                "This server ends with the game: start relic again for a new one.".to_string(),
            ));
        }
        if !table.game.status().is_over() {
            return Err((
                StatusCode::UNPROCESSABLE_ENTITY,
                "A new game can start once this one is over.".to_string(),
            ));
        }
        table.game = table.initial.clone();
        table.played.clear();
        table.movers.clear();
        table.changed();
        table.version += 1;
        Ok(self.broadcast(table, &[new_game_event()]))
    }

    /// The seat of `token`: `None` without a token (a watcher, or anybody
    /// in hot seat), refused when no seat has it.
    pub fn seat_of(&self, token: Option<&str>) -> Result<Option<Seat>, Refusal> {
        let (Seating::Tokens(tokens), Some(token)) = (&self.seating, token) else {
            return Ok(None);
        };
        tokens
            .iter()
            .position(|t| {
                t.as_ref()
                    .is_some_and(|t| constant_time_eq(t.as_bytes(), token.as_bytes()))
            })
            .map(Some)
            .ok_or_else(|| forbidden("Unknown seat token."))
    }

    /// Who the holder of `token` is.
    pub fn audience(&self, token: Option<&str>) -> Result<Audience, Refusal> {
        Ok(match (&self.seating, self.seat_of(token)?) {
            (Seating::HotSeat, _) => Audience::HotSeat,
            (Seating::Tokens(_), Some(seat)) => Audience::Seat(seat),
            (Seating::Tokens(_), None) => Audience::Watcher,
        })
    }

    /// Checks that the holder of `token` may act now.
    pub fn authorise(&self, table: &Table<G>, token: Option<&str>) -> Result<(), Refusal> {
        let game = &table.game;
        let seat = match (&self.seating, self.seat_of(token)?) {
            (Seating::Tokens(_), None) => {
                return Err(forbidden(
                    "This page only watches: open a seat's join link to play.",
                ));
            }
            (_, seat) => seat,
        };
        let Some(current) = game.status().to_move() else {
            return Ok(());
        };
        if let Some(seat) = seat.filter(|&seat| seat != current) {
            return Err(forbidden(&format!(
                "It is {}'s turn, not {}'s.",
                game.seat_name(current),
                game.seat_name(seat)
            )));
        }
        if table.computers.get(current).is_some_and(Option::is_some) {
            let name = game.seat_name(current);
            return Err(forbidden(&format!(
                "It is {name}'s turn, and the computer plays {name}."
            )));
        }
        Ok(())
    }
}

pub(super) fn forbidden(message: &str) -> Refusal {
    (StatusCode::FORBIDDEN, message.to_string())
}

pub(super) fn error_response((status, message): Refusal) -> Response {
    let mut response = (status, axum::Json(json!({ "error": message }))).into_response();
    no_store(&mut response);
    response
}

pub(super) fn json_response(body: String) -> Response {
    let mut response = ([(header::CONTENT_TYPE, "application/json")], body).into_response();
    no_store(&mut response);
    response
}

pub(super) fn no_store(response: &mut Response) {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
}
