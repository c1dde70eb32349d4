//! Seats played by the computer: after every change the server lets the
//! computer whose turn it is act, one action at a time with a pause, so
//! people can follow.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use super::server::Shared;
use crate::bots::{BotKind, BotRng, Strategy, seeded_rng};
use crate::games::moving_maze::engine::{Action, Game};

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
        crate::output::errln!(
            "relic: the computer's {chosen} was refused ({reason}); it plays another move"
        );
        let fallback = table.game.legal_actions().pop().unwrap_or(Action::Quit);
        let _ = shared.apply(table, fallback);
    }
    true
}

/// A [`Computer`] that plays a [`crate::bots::Strategy`]: it plans a whole
/// turn, then hands the server one action of it at a time. Every computer
/// of one game draws from one seeded generator, as in text mode, so the
/// same seed and the same human actions give the same game.
pub struct StrategyComputer {
    strategy: Box<dyn Strategy>,
    rng: Arc<Mutex<BotRng>>,
    planned: VecDeque<Action>,
    /// The game the next planned action was planned for.
    expected: Option<Game>,
}

impl StrategyComputer {
    /// Plays `strategy`, drawing from `rng`.
    pub fn new(strategy: Box<dyn Strategy>, rng: Arc<Mutex<BotRng>>) -> StrategyComputer {
        StrategyComputer {
            strategy,
            rng,
            planned: VecDeque::new(),
            expected: None,
        }
    }
}

impl Computer for StrategyComputer {
    fn choose(&mut self, game: &Game) -> Action {
        if self.expected.as_ref() != Some(game) || self.planned.is_empty() {
            let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
            self.planned = self.strategy.choose_turn(game, &mut rng).into();
        }
        let action = self.planned.pop_front().unwrap_or(Action::Done);
        let mut next = game.clone();
        self.expected = next.apply(action).is_ok().then_some(next);
        action
    }
}

/// The computers of `relic play gui --bots` and `relic serve --bots`: one
/// per seat that `bots` names, all drawing from one generator seeded with
/// `seed`.
pub fn seat_computers(bots: &[Option<BotKind>], seed: u64) -> Vec<Option<Box<dyn Computer>>> {
    let rng = Arc::new(Mutex::new(seeded_rng(seed)));
    bots.iter()
        .map(|kind| {
            kind.map(|kind| {
                Box::new(StrategyComputer::new(kind.strategy(), rng.clone())) as Box<dyn Computer>
            })
        })
        .collect()
}
