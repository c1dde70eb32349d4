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
mod lineup;
mod merge;
mod report;
mod stats;

use std::sync::Arc;

use rayon::prelude::*;
use thiserror::Error;

pub use chart::chart_svg;
pub use lineup::Lineup;
pub use merge::{MergeError, merge_documents};
pub use report::{
    RunInfo, RunReport, SCHEMA, SeatSummary, SimDocument, Summary, render_csv, render_table,
};
pub use stats::{GameOutcome, SeatTotals, Totals, ratio, wilson_interval};

use crate::games::moving_maze::board::Board;
use crate::games::moving_maze::boardgen::{BoardSpec, GenerateError, generate};
use crate::games::moving_maze::engine::{Event, Game, SetupError};
use crate::rules::Rules;

/// Where each game's board comes from.
#[derive(Clone, Debug)]
pub enum Boards {
    /// Every game on this board.
    Fixed(Box<Board>),
    /// A fresh random board per game, from the game's seed.
    Random(BoardSpec),
}

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
}

/// Why a simulation could not run.
#[derive(Debug, Error)]
pub enum SimError {
    /// A game could not be set up.
    #[error("game {game}: {source}")]
    Setup {
        /// The game index.
        game: u64,
        /// Why.
        source: SetupError,
    },
    /// A random board could not be generated.
    #[error("game {game}: {source}")]
    Board {
        /// The game index.
        game: u64,
        /// Why.
        source: GenerateError,
    },
    /// A bot chose an illegal action (a bug in the bot).
    #[error("game {game}, turn {turn}: the {bot} bot chose an illegal action {action}: {reason}")]
    IllegalBotAction {
        /// The game index.
        game: u64,
        /// The turn.
        turn: u32,
        /// The bot's name.
        bot: String,
        /// The action.
        action: String,
        /// The engine's message.
        reason: String,
    },
}

/// A 64-bit mix (SplitMix64's finaliser): spreads nearby inputs apart.
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `game` in a study seeded `seed`.
pub const fn game_seed(seed: u64, game: u64) -> u64 {
    mix(mix(seed) ^ game)
}

/// Plays this run's share of the games on the current rayon pool, calling
/// `progress` once per finished game, and returns the totals. The totals
/// are the same whatever the pool's size.
pub fn simulate(
    rules: &Arc<Rules>,
    boards: &Boards,
    lineup: &Lineup,
    config: &SimConfig,
    progress: &(dyn Fn() + Sync),
) -> Result<Totals, SimError> {
    let seats = rules.seats().len();
    let empty = || Totals::new(seats, config.max_turns);
    (0..config.games)
        .into_par_iter()
        .filter(|&game| config.shard.has(game))
        .try_fold(empty, |mut totals, game| {
            let outcome = play_game(rules, boards, lineup, config, game)?;
            totals.add(&outcome);
            progress();
            Ok(totals)
        })
        .try_reduce(empty, |a, b| Ok(a.merge(b)))
}

/// Plays game number `game` of the study to its end or the turn limit. Its
/// turns count the winning turn, which the engine ends without `TurnEnded`.
pub fn play_game(
    rules: &Arc<Rules>,
    boards: &Boards,
    lineup: &Lineup,
    config: &SimConfig,
    game: u64,
) -> Result<GameOutcome, SimError> {
    let seed = game_seed(config.seed, game);
    let generated;
    let board = match boards {
        Boards::Fixed(board) => board,
        Boards::Random(spec) => {
            generated = generate(rules, spec, mix(seed ^ 0xB0A2D))
                .map_err(|source| SimError::Board { game, source })?;
            &generated
        }
    };
    let mut state =
        Game::new(rules.clone(), board).map_err(|source| SimError::Setup { game, source })?;
    let mut bots = lineup.bots(|seat| mix(seed ^ (seat as u64 + 1)));
    let seats = rules.seats().len();
    let mut outcome = GameOutcome {
        winner: None,
        turns: 0,
        stopped: false,
        relics: vec![0; seats],
        seat_turns: vec![0; seats],
    };
    let mut events = Vec::with_capacity(16);
    while !state.is_over() && state.turn() < config.max_turns {
        let (seat, turn) = (state.current_seat(), state.turn());
        let (bot, rng) = &mut bots[seat];
        for action in bot.choose_turn(&state, rng) {
            events.clear();
            if let Err(reason) = state.apply_into(action, &mut events) {
                return Err(SimError::IllegalBotAction {
                    game,
                    turn,
                    bot: bot.name(),
                    action: action.to_string(),
                    reason: reason.to_string(),
                });
            }
            tally(&events, &mut outcome);
        }
        if !state.is_over() && state.turn() == turn {
            break; // no legal way to end the turn under these rules
        }
    }
    outcome.turns = outcome.seat_turns.iter().sum();
    outcome.winner = state.winner();
    outcome.stopped = !state.is_over() && state.turn() >= config.max_turns;
    Ok(outcome)
}

fn tally(events: &[Event], outcome: &mut GameOutcome) {
    for event in events {
        match *event {
            Event::RelicCollected { seat, .. } => outcome.relics[seat] += 1,
            Event::TurnEnded { seat } => outcome.seat_turns[seat] += 1,
            Event::Won { seat } => outcome.seat_turns[seat] += 1,
            _ => {}
        }
    }
}
