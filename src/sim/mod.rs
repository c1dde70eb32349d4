//! Mass simulation: many seeded games played in parallel, with statistics
//! that stream as games finish (constant memory in the number of games),
//! deterministic whatever the number of threads, and shardable over
//! machines.
//!
//! Game `i` of a study with seed `S` depends only on `(S, i)`: its board
//! (for random boards), and every bot's choices. A shard `I/N` plays the
//! games with `i % N == I`; merging the shards' [`Totals`] gives exactly the
//! totals of one run.

mod chart;
mod merge;
mod play;
mod report;
mod stats;

use rayon::prelude::*;
use thiserror::Error;

pub use chart::chart_svg;
pub use merge::{MergeError, merge_documents, read_document};
pub use play::{GamePlan, Lineup, SimGame, play_game, tally_names};
pub use report::{
    RunInfo, RunReport, SCHEMA, SeatSummary, SimDocument, Summary, render_csv, render_table,
};
pub use stats::{GameOutcome, SeatTotals, Totals, ratio, wilson_interval};

/// A deterministic share of a study: the games `i` with `i % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// This share, from 0.
    pub index: u64,
    /// How many shares.
    pub count: u64,
}

impl Shard {
    /// The whole study.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Whether game `game` belongs to this shard.
    pub fn has(self, game: u64) -> bool {
        game % self.count == self.index
    }
}

/// How many games, from which seed, and how.
#[derive(Clone, Copy, Debug)]
pub struct SimConfig {
    /// Games in the whole study (all shards).
    pub games: u64,
    /// The study's seed.
    pub seed: u64,
    /// Games still running after this many turns are stopped.
    pub max_turns: u32,
    /// This run's share of the games.
    pub shard: Shard,
    /// Uniformly random turns at the start of every game, before the
    /// strategies take over.
    pub opening: u32,
}

/// Why a simulation could not run.
#[derive(Debug, Error)]
pub enum SimError {
    /// A game could not be set up.
    #[error("game {game}: {message}")]
    Setup {
        /// The game index.
        game: u64,
        /// Why, in the game's words.
        message: String,
    },
    /// The lineup does not fit the game's seats.
    #[error("game {game}: {bots} strategies for {seats} seats")]
    Lineup {
        /// The game index.
        game: u64,
        /// Strategies given.
        bots: usize,
        /// Seats in the game.
        seats: usize,
    },
    /// A sum overflowed (more games than any study plays).
    #[error("a total overflowed")]
    Overflow,
}

pub use crate::mix::mix;

/// The seed of game `game` in a study seeded `seed`.
pub const fn game_seed(seed: u64, game: u64) -> u64 {
    mix(mix(seed) ^ game)
}

/// Plays this run's share of the games on the current rayon pool, calling
/// `progress` once per finished game, and returns the totals. `setup`
/// makes game number `i` from its seed; the totals are the same whatever
/// the pool's size.
pub fn simulate<G: SimGame>(
    setup: &(dyn Fn(u64, u64) -> Result<G, String> + Sync),
    lineup: &Lineup<G>,
    config: &SimConfig,
    progress: &(dyn Fn() + Sync),
) -> Result<Totals, SimError> {
    let setup_game = |index: u64| {
        let seed = game_seed(config.seed, index);
        setup(index, seed)
            .map(|game| (game, seed))
            .map_err(|message| SimError::Setup {
                game: index,
                message,
            })
    };
    let (first, _) = setup_game(0)?;
    let (seats, names) = (first.seat_count(), tally_names(&first));
    let empty = || Totals::new(seats, &names);
    (0..config.games)
        .into_par_iter()
        .filter(|&game| config.shard.has(game))
        .try_fold(empty, |mut totals, index| {
            let (game, seed) = setup_game(index)?;
            let plan = GamePlan {
                seed,
                index,
                opening: config.opening,
                max_turns: config.max_turns,
            };
            totals.add(&play_game(game, lineup, &plan)?);
            progress();
            Ok(totals)
        })
        .try_reduce(empty, |a, b| a.merge(b).map_err(|_| SimError::Overflow))
}
