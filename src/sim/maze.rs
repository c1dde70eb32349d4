//! Moving Maze's games through its own engine types, until it plays
//! behind the contract.

use std::sync::Arc;

use rayon::prelude::*;

use super::{
    Boards, GameOutcome, MazeLineup as Lineup, SimConfig, SimError, Totals, game_seed, mix,
};
use crate::bots::{BotKind, seeded_rng};
use crate::contract::Outcome;
use crate::games::moving_maze::boardgen::generate;
use crate::games::moving_maze::engine::{Event, Game};
use crate::rules::Rules;

/// Plays this run's share of the games on the current rayon pool, calling
/// `progress` once per finished game, and returns the totals. The totals
/// are the same whatever the pool's size.
pub fn simulate_maze(
    rules: &Arc<Rules>,
    boards: &Boards,
    lineup: &Lineup,
    config: &SimConfig,
    progress: &(dyn Fn() + Sync),
) -> Result<Totals, SimError> {
    let seats = rules.seats().len();
    let empty = || Totals::new(seats, &["relics"]);
    (0..config.games)
        .into_par_iter()
        .filter(|&game| config.shard.has(game))
        .try_fold(empty, |mut totals, game| {
            let outcome = play_game(rules, boards, lineup, config, game)?;
            totals.add(&outcome);
            progress();
            Ok(totals)
        })
        .try_reduce(empty, |a, b| a.merge(b).map_err(|_| SimError::Overflow))
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
        Game::new(rules.clone(), board).map_err(|source| SimError::MazeSetup { game, source })?;
    let mut bots = lineup.bots(|seat| mix(seed ^ (seat as u64 + 1)));
    let seats = rules.seats().len();
    let mut outcome = GameOutcome {
        outcome: None,
        turns: 0,
        tallies: vec![vec![0]; seats],
        seat_turns: vec![0; seats],
    };
    let mut events = Vec::with_capacity(16);
    let mut openers: Vec<_> = (0..seats)
        .map(|seat| {
            (
                BotKind::Random.strategy(),
                seeded_rng(mix(seed ^ !(seat as u64))),
            )
        })
        .collect();
    while !state.is_over() && state.turn() < config.max_turns {
        let (seat, turn) = (state.current_seat(), state.turn());
        let (bot, rng) = if turn < config.opening {
            &mut openers[seat]
        } else {
            &mut bots[seat]
        };
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
    outcome.outcome = match state.winner() {
        Some(seat) => Some(Outcome::Won(seat)),
        None if state.turn() >= config.max_turns => None,
        None => Some(Outcome::Stopped),
    };
    Ok(outcome)
}

fn tally(events: &[Event], outcome: &mut GameOutcome) {
    for event in events {
        match *event {
            Event::RelicCollected { seat, .. } => outcome.tallies[seat][0] += 1,
            Event::TurnEnded { seat } => outcome.seat_turns[seat] += 1,
            Event::Won { seat } => outcome.seat_turns[seat] += 1,
            _ => {}
        }
    }
}
