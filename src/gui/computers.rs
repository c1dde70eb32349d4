//! Seats played by the computer: after every change the server lets the
//! computer whose turn it is act, one action at a time with a pause, so
//! people can follow.

use std::sync::Arc;

use super::server::Shared;
use crate::engine::{Action, Game};

/// A computer player. The server asks it for one action at a time while it
/// is its seat's turn; the engine still judges every action.
pub trait Computer: Send {
    /// The next action for the seat whose turn it is in `game`.
    fn choose(&mut self, game: &Game) -> Action;
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
        eprintln!("relic: the computer's {chosen} was refused ({reason}); it plays another move");
        let fallback = table.game.legal_actions().pop().unwrap_or(Action::Quit);
        let _ = shared.apply(table, fallback);
    }
    true
}
