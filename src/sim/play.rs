//! Simulated games of any game: who plays each seat ([`Lineup`]), the
//! seeded random opening, and one game played to its end or a limit.

use crate::bots::{
    BotChoice, BotRng, BoxedAgent, BufferedRandom, GameStrategies, PlayEnd, StrategyError,
    choose_strategy, parse_seat_list, play_agents, seeded_rng,
};
use crate::contract::{Evaluate, Game, Outcome, Tallies, TallyMeasure};

use super::{GameOutcome, SimError, mix};

/// Mixed into a game's seed for the opening's generator.
const OPENING_STREAM: u64 = 0x00BE_21A6;
/// Mixed into a game's seed for the strategies' generator.
const BOTS_STREAM: u64 = 0x5EA7;

/// What a game needs for `relic sim`: an evaluation for the generic
/// bots, tallies to sum, and its own strategies (if any).
pub trait SimGame: Evaluate + Tallies + GameStrategies {}

impl<G: Evaluate + Tallies + GameStrategies> SimGame for G {}

/// One strategy per seat, in turn order.
#[derive(Clone, Debug)]
pub struct Lineup<G: Game> {
    seats: Vec<BotChoice<G>>,
}

impl<G: SimGame> Lineup<G> {
    /// The lineup a `--bots` spec names for seats named `seats`: one
    /// strategy for every seat (`mcts:iterations=500`), or `seat=strategy`
    /// pairs as [`parse_seat_list`] reads them, seats not named playing
    /// `random`.
    pub fn parse(spec: &str, seats: &[String]) -> Result<Lineup<G>, StrategyError> {
        let seats = parse_seat_list(spec, seats)?
            .into_iter()
            .map(|s| choose_strategy::<G>(s.as_deref().unwrap_or("random")))
            .collect::<Result<_, _>>()?;
        Ok(Lineup { seats })
    }
}

impl<G: Game> Lineup<G> {
    /// The strategies' names, in seat order.
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The first seat whose strategy plays the same way whatever the
    /// seed, if any: from a fixed start such a lineup needs a random
    /// opening, or every game is the same game.
    pub fn fixed_seat(&self) -> Option<usize> {
        self.seats.iter().position(|s| !s.varies)
    }
}

/// How game number `index` of a study is set up and limited.
#[derive(Clone, Copy, Debug)]
pub struct GamePlan {
    /// The game's seed (from the study's seed and the game's number).
    pub seed: u64,
    /// The game's number in the study.
    pub index: u64,
    /// Random turns played before the strategies take over.
    pub opening: u32,
    /// The turn limit.
    pub max_turns: u32,
}

/// Plays `game` under `plan`: `plan.opening` uniformly random turns from
/// a generator of its own, then each seat's strategy (all drawing from one
/// generator seeded by the game's seed), to the end or a limit.
pub fn play_game<G: SimGame>(
    mut game: G,
    lineup: &Lineup<G>,
    plan: &GamePlan,
) -> Result<GameOutcome, SimError> {
    let seats = game.seat_count();
    if lineup.seats.len() != seats {
        return Err(SimError::Lineup {
            game: plan.index,
            bots: lineup.seats.len(),
            seats,
        });
    }
    let mut seat_turns = vec![0u32; seats];
    let mut turn = game.turn();
    // A seat's turn counts when the turn counter moves on or play ends.
    let mut after = |seat: usize, _: &G::Action, game: &G| {
        if game.turn() != turn || game.status().is_over() {
            seat_turns[seat] += 1;
        }
        turn = game.turn();
    };
    let opening = plan.opening.min(plan.max_turns);
    let mut end = PlayEnd::TurnLimit;
    if opening > 0 {
        let mut openers: Vec<BoxedAgent<G>> = (0..seats)
            .map(|_| Box::new(BufferedRandom::<G::Action>::default()) as BoxedAgent<G>)
            .collect();
        let mut rng: BotRng = seeded_rng(mix(plan.seed ^ OPENING_STREAM));
        end = play_agents(&mut game, &mut openers, &mut rng, opening, &mut after);
    }
    if end == PlayEnd::TurnLimit {
        let mut agents: Vec<_> = lineup.seats.iter().map(BotChoice::agent).collect();
        let mut rng: BotRng = seeded_rng(mix(plan.seed ^ BOTS_STREAM));
        end = play_agents(&mut game, &mut agents, &mut rng, plan.max_turns, &mut after);
    }
    let outcome = match end {
        PlayEnd::Over(outcome) => Some(outcome),
        PlayEnd::TurnLimit | PlayEnd::ActionLimit => None,
        PlayEnd::Stuck => Some(Outcome::Stopped),
    };
    Ok(GameOutcome {
        outcome,
        turns: seat_turns.iter().sum(),
        tallies: (0..seats)
            .map(|seat| game.tallies(seat).into_iter().map(|t| t.value).collect())
            .collect(),
        seat_turns,
    })
}

/// The names of `game`'s tallies and how each is read, in order.
pub fn tally_names<G: Tallies>(game: &G) -> Vec<(&'static str, TallyMeasure)> {
    game.tallies(0)
        .into_iter()
        .map(|t| (t.name, t.measure))
        .collect()
}
