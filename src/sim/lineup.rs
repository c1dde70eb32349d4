//! Who plays each seat in simulated games.

use crate::engine::{Action, Game};

/// A computer player as the simulator drives it: given the game, the next
/// action for the seat whose turn it is.
pub trait SimBot: Send {
    /// The next action; it must be legal.
    fn next_action(&mut self, game: &Game) -> Action;
}

/// Makes a seat's bot for one game from that game's seed for the seat.
pub type BotMaker = dyn Fn(u64) -> Box<dyn SimBot> + Send + Sync;

/// One bot maker per seat, with the names shown in reports.
pub struct Lineup {
    names: Vec<String>,
    makers: Vec<Box<BotMaker>>,
}

impl Lineup {
    /// An empty lineup; add seats in turn order with [`Lineup::seat`].
    pub fn new() -> Lineup {
        Lineup {
            names: Vec::new(),
            makers: Vec::new(),
        }
    }

    /// Adds the next seat's bot: its name and how to make it from a seed.
    pub fn seat(mut self, name: impl Into<String>, maker: Box<BotMaker>) -> Lineup {
        self.names.push(name.into());
        self.makers.push(maker);
        self
    }

    /// The bots' names, in seat order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The bots for one game, one per seat, from per-seat seeds.
    pub fn bots(&self, seed_of_seat: impl Fn(usize) -> u64) -> Vec<Box<dyn SimBot>> {
        self.makers
            .iter()
            .enumerate()
            .map(|(seat, make)| make(seed_of_seat(seat)))
            .collect()
    }
}

impl Default for Lineup {
    fn default() -> Lineup {
        Lineup::new()
    }
}
