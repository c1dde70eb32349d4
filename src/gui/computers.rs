//! Seats played by the computer: after every change the server lets the
//! computer whose turn it is act, one action at a time with a pause, so
//! people can follow.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use super::server::Shared;
use crate::bots::{BotKind, BotRng, Strategy, seeded_rng};
use crate::contract::{BrowserView, Game};
use crate::games::moving_maze::engine::{Action, Game as MovingMaze};

/// A computer player. The server asks it for one action at a time while it
/// is its seat's turn; the game still judges every action.
pub trait Computer<G: Game>: Send {
    /// The next action for the seat whose turn it is in `game`.
    fn choose(&mut self, game: &G) -> G::Action;
}

/// The computer player of each seat (`None`: a person plays that seat).
pub type Computers<G> = Vec<Option<Box<dyn Computer<G>>>>;

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
    let chosen = computer.choose(&table.game);
    if let Err(reason) = shared.apply(table, &chosen) {
        let text = table.game.write_action(&chosen);
        crate::output::errln!(
            "relic: the computer's {text} was refused ({reason}); it plays another move"
        );
        let Some(fallback) = table.game.legal_actions().pop() else {
            table.computers_running = false;
            return false;
        };
        let _ = shared.apply(table, &fallback);
    }
    true
}

/// A [`Computer`] that plays a Moving Maze [`crate::bots::Strategy`]: it
/// plans a whole turn, then hands the server one action of it at a time.
/// Every computer of one game draws from one seeded generator, as in text
/// mode, so the same seed and the same human actions give the same game.
pub struct StrategyComputer {
    strategy: Box<dyn Strategy>,
    rng: Arc<Mutex<BotRng>>,
    planned: VecDeque<Action>,
    /// The game the next planned action was planned for.
    expected: Option<MovingMaze>,
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

impl Computer<MovingMaze> for StrategyComputer {
    fn choose(&mut self, game: &MovingMaze) -> Action {
        if self.expected.as_ref() != Some(game) || self.planned.is_empty() {
            let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
            self.planned = self.strategy.choose_turn(game, &mut rng).into();
        }
        let action = self.planned.pop_front().unwrap_or(Action::Done);
        let mut next = game.clone();
        self.expected = MovingMaze::apply(&mut next, action).is_ok().then_some(next);
        action
    }
}

/// The computers of `relic play gui --bots` and `relic serve --bots`: one
/// per seat that `bots` names, all drawing from one generator seeded with
/// `seed`.
pub fn seat_computers(bots: &[Option<BotKind>], seed: u64) -> Computers<MovingMaze> {
    let rng = Arc::new(Mutex::new(seeded_rng(seed)));
    bots.iter()
        .map(|kind| {
            kind.map(|kind| {
                Box::new(StrategyComputer::new(kind.strategy(), rng.clone()))
                    as Box<dyn Computer<MovingMaze>>
            })
        })
        .collect()
}
