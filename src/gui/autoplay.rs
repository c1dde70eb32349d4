//! Plays the computers' seats: after every change the server lets the
//! computer whose turn it is act, one action at a time with a pause, so
//! people can follow.

use std::sync::Arc;

use super::server::Shared;
use crate::contract::BrowserView;

/// Starts playing the computers' turns, unless that is already going on.
pub(super) fn wake<G: BrowserView>(shared: &Arc<Shared<G>>) {
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
fn play_one<G: BrowserView>(shared: &Shared<G>) -> bool {
    let mut guard = shared.lock();
    let table = &mut *guard;
    let seat = table.game.status().to_move();
    let computer = match seat.and_then(|seat| table.computers.get_mut(seat)) {
        Some(Some(computer)) => computer,
        _ => {
            table.computers_running = false;
            return false;
        }
    };
    let Some(chosen) = computer.choose(&table.game) else {
        table.computers_running = false;
        return false;
    };
    if let Err(reason) = shared.apply(table, &chosen) {
        super::problems::eprint(&super::problems::ServerProblem::ComputerRefused {
            action: table.game.write_action(&chosen),
            reason: reason.to_string(),
        });
        let Some(fallback) = table.game.legal_actions().pop() else {
            table.computers_running = false;
            return false;
        };
        let _ = shared.apply(table, &fallback);
    }
    true
}
