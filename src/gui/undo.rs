//! Taking actions back in the browser (`{"undo": true}`): the last action
//! and, before it, the computers' replies, back to a person's turn; never
//! another person's action ([`undo_point`]).

use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::json;

use super::message::{Audience, Update};
use super::server::{Refusal, Shared, Table, forbidden};
use crate::contract::take_back::{NoUndo, took_back, undo_point, written_from};
use crate::contract::{BrowserView, Seat};

impl<G: BrowserView> Shared<G> {
    /// Whether each audience may take back now: index 0 the watchers',
    /// `seat + 1` each seat's (on a hot-seat server, the one page's, as it
    /// shows whichever seat is to move).
    pub(super) fn undo_rights(&self, table: &Table<G>) -> Vec<bool> {
        let seats = table.game.seat_count();
        let hot_seat = self.undoable(table, Audience::HotSeat).is_ok();
        std::iter::once(false)
            .chain((0..seats).map(|seat| match self.is_hot_seat() {
                true => hot_seat,
                false => self.undoable(table, Audience::Seat(seat)).is_ok(),
            }))
            .collect()
    }

    /// How many actions stand once `audience` takes back, or why it may
    /// not.
    fn undoable(&self, table: &Table<G>, audience: Audience) -> Result<usize, Refusal> {
        let over = table.game.status().is_over();
        if over && !self.can_restart {
            let message = "The game is over, and this server ends with it.".to_string();
            return Err((StatusCode::UNPROCESSABLE_ENTITY, message));
        }
        let asker = match audience {
            Audience::Watcher => {
                let message = "This page only watches: open a seat's join link to play.";
                return Err(forbidden(message));
            }
            Audience::Seat(seat) => Some(seat),
            Audience::HotSeat => None,
        };
        let computer = |seat: Seat| table.computers.get(seat).is_some_and(Option::is_some);
        undo_point(&table.movers, computer, asker).map_err(|why| match why {
            NoUndo::Nothing | NoUndo::ComputersOnly => (
                StatusCode::UNPROCESSABLE_ENTITY,
                "Nothing to take back.".to_string(),
            ),
            NoUndo::Theirs(seat) => forbidden(&format!(
                "{} played last: only your own actions and the computers' can be taken back.",
                table.game.seat_name(seat)
            )),
        })
    }

    /// Takes back for `audience` (see [`undo_point`]) and tells every page,
    /// with an event `{"kind": "undo", "text": "Took back ..."}`.
    pub(super) fn undo(
        &self,
        table: &mut Table<G>,
        audience: Audience,
    ) -> Result<Arc<Update>, Refusal> {
        let keep = self.undoable(table, audience)?;
        let mut game = table.initial.clone();
        for action in &table.played[..keep] {
            // Each was played from this very position before.
            let _ = game.apply(action);
        }
        let taken = written_from(&game, &table.played[keep..]);
        table.game = game;
        table.played.truncate(keep);
        table.movers.truncate(keep);
        table.changed();
        table.version += 1;
        self.over.send_replace(table.game.status().is_over());
        let event = json!({ "kind": "undo", "text": took_back(&taken) });
        Ok(self.broadcast(table, &[event]))
    }
}
