//! The JSON messages the pages receive: the game's status and seats, the
//! view of the page's own seat, and the events that led to it.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::contract::{BrowserView, Seat, status_json};

/// One change, as every audience sees it: `messages[0]` for watchers,
/// `messages[seat + 1]` for each seat.
pub(super) struct Update {
    /// The seat to move after the change (what a hot-seat page shows).
    pub to_move: Option<Seat>,
    pub messages: Vec<Arc<str>>,
}

/// Who a page shows the game to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Audience {
    /// The page of one seat's join link.
    Seat(Seat),
    /// A page without a seat: it sees what every player may see.
    Watcher,
    /// The one page of a hot-seat game: it shows the seat to move.
    HotSeat,
}

impl Audience {
    /// The seat whose view this audience gets, when the seat to move is
    /// `to_move`.
    pub fn seat(self, to_move: Option<Seat>) -> Option<Seat> {
        match self {
            Audience::Seat(seat) => Some(seat),
            Audience::Watcher => None,
            Audience::HotSeat => to_move,
        }
    }
}

impl Update {
    /// The message for `audience`.
    pub fn message_for(&self, audience: Audience) -> Arc<str> {
        let index = audience.seat(self.to_move).map_or(0, |seat| seat + 1);
        self.messages[index.min(self.messages.len() - 1)].clone()
    }
}

/// What every message says besides the view.
pub(super) struct Context<'a> {
    pub version: u64,
    pub computers: &'a [bool],
    pub can_restart: bool,
    /// Whether each audience may take back now (index 0 watchers, then
    /// `seat + 1`).
    pub can_undo: &'a [bool],
}

/// The message `seat` (`None`: a watcher) receives about `game`.
pub(super) fn message<G: BrowserView>(
    game: &G,
    seat: Option<Seat>,
    events: &[Value],
    context: &Context,
) -> String {
    let seats: Vec<Value> = (0..game.seat_count())
        .map(|s| {
            let computer = context.computers.get(s).copied().unwrap_or(false);
            json!({ "name": game.seat_name(s), "computer": computer })
        })
        .collect();
    json!({
        "version": context.version,
        "seats": seats,
        "status": status_json(game.status()),
        "turn": game.turn(),
        "view": game.view(seat),
        "events": events,
        "can_restart": context.can_restart,
        "can_undo": context.can_undo.get(seat.map_or(0, |s| s + 1)).copied().unwrap_or(false),
    })
    .to_string()
}

/// Every audience's message about `game` after `events`.
pub(super) fn update<G: BrowserView>(game: &G, events: &[Value], context: &Context) -> Update {
    let seats = (0..game.seat_count()).map(Some);
    let messages = std::iter::once(None)
        .chain(seats)
        .map(|seat| Arc::from(message(game, seat, events, context)))
        .collect();
    Update {
        to_move: game.status().to_move(),
        messages,
    }
}

/// The event of a new game starting from the same position.
pub(super) fn new_game_event() -> Value {
    json!({ "kind": "new-game", "text": "A new game has started." })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update() -> Update {
        Update {
            to_move: Some(1),
            messages: ["watcher", "seat 0", "seat 1"].map(Arc::from).to_vec(),
        }
    }

    #[test]
    fn each_audience_gets_its_own_message() {
        let update = update();
        assert_eq!(&*update.message_for(Audience::Watcher), "watcher");
        assert_eq!(&*update.message_for(Audience::Seat(0)), "seat 0");
        assert_eq!(&*update.message_for(Audience::HotSeat), "seat 1");
        let over = Update {
            to_move: None,
            ..update
        };
        assert_eq!(&*over.message_for(Audience::HotSeat), "watcher");
    }
}
