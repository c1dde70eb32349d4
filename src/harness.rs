//! The invariant harness: the laws of [`contract::Game`](crate::contract::Game)
//! checked on seeded random play, for any game. Every game's tests call
//! [`check`] on its starting positions.
//!
//! On every position reached it checks that:
//!
//! - a clone equals the original and hashes the same, and positions that
//!   are equal (reached by different paths) hash the same;
//! - the legal actions are empty exactly when the status says play is
//!   over, and hold no repeats;
//! - a random action ([`Game::random_action`](crate::contract::Game::random_action))
//!   is the one picking from the list draws with the same generator;
//! - every listed action (or, beyond 4,096 in one position, 256 drawn at
//!   random) survives its notation
//!   (`parse_action(write_action(a)) == a`) and applies, to the same
//!   position and events whether checked ([`Game::apply_into`](crate::contract::Game::apply_into))
//!   or applied as legal ([`Game::apply_legal_into`](crate::contract::Game::apply_legal_into));
//! - actions that are not listed (actions listed elsewhere in the game,
//!   and garbled notation that still parses) are refused, leaving the
//!   position equal and the events empty, unless the action resigns
//!   (the one unlisted action the contract lets `apply` accept);
//! - the whole game, written as a record (its actions in the notation)
//!   and read back from the start, replays to an equal position.
//!
//! ```
//! # use relic::contract::*;
//! # #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! # struct Count(u8);
//! # #[derive(Debug, Clone, thiserror::Error)] #[error("no")] struct No;
//! # impl Game for Count {
//! #   type Action = u8; type Event = (); type Refusal = No;
//! #   fn seat_count(&self) -> usize { 1 }
//! #   fn seat_name(&self, _: Seat) -> String { "one".into() }
//! #   fn status(&self) -> Status { if self.0 >= 3 { Status::Over(Outcome::Won(0)) } else { Status::ToMove(0) } }
//! #   fn turn(&self) -> u32 { self.0.into() }
//! #   fn legal_actions_into(&self, out: &mut Vec<u8>) { if self.0 < 3 { out.extend([1, 2]) } }
//! #   fn apply_into(&mut self, a: &u8, _: &mut Vec<()>) -> Result<(), No> {
//! #     if self.0 >= 3 || !(1..=2).contains(a) { return Err(No) } self.0 += a; Ok(()) }
//! #   fn parse_action(&self, t: &str) -> Result<u8, NotationError> { t.parse().map_err(|_| NotationError::new("no")) }
//! #   fn write_action(&self, a: &u8) -> String { a.to_string() }
//! # }
//! use relic::harness::{Config, check};
//! let report = check(&Count(0), &Config::default()).unwrap();
//! assert!(report.positions > 0);
//! ```

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

use rand::{RngExt, SeedableRng};

use crate::contract::{Game, Outcome, Status};
use crate::save::record::{Record, replay_actions};

/// How much random play the harness does.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// The seed of the random play.
    pub seed: u64,
    /// How many games are played from the starting position.
    pub games: usize,
    /// The longest game played, in actions.
    pub max_actions: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            seed: 0,
            games: 20,
            max_actions: 200,
        }
    }
}

/// What the harness checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Positions visited.
    pub positions: usize,
    /// Listed actions applied (and written and read back).
    pub applied: usize,
    /// Unlisted actions shown to be refused (or to resign).
    pub refused: usize,
    /// Pairs of equal positions reached by different paths.
    pub transpositions: usize,
    /// Games that ended before the action limit.
    pub finished: usize,
}

/// A broken law: what, and the actions (in notation) that led there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{law} after [{}]", path.join(" "))]
pub struct Violation {
    /// The law broken, with the details.
    pub law: String,
    /// The actions from the start, in the game's notation.
    pub path: Vec<String>,
}

/// Plays `config.games` seeded random games from `start` and checks every
/// law of the contract on every position reached.
pub fn check<G: Game>(start: &G, config: &Config) -> Result<Report, Violation> {
    let mut run = Run::new(start.clone(), config.seed);
    for _ in 0..config.games {
        run.play_one(config.max_actions)?;
    }
    Ok(run.report)
}

/// The state of one harness run.
struct Run<G: Game> {
    start: G,
    rng: rand_pcg::Pcg64Mcg,
    report: Report,
    /// Actions listed somewhere in the run: candidates for unlisted ones.
    seen: Vec<G::Action>,
    /// Positions met so far, grouped by a key that does not use `Hash`.
    buckets: HashMap<(u32, Status, usize), Vec<(G, u64)>>,
}

/// The most positions kept per bucket, and actions kept as candidates.
const BUCKET: usize = 32;
const SEEN: usize = 64;
/// The most listed actions of one position that are all checked (a turn
/// of Amazons lists 2,176); of more (Connect6's 64,620 pairs), a sample.
const ALL_LISTED: usize = 4096;
/// How many listed actions are drawn for checking beyond [`ALL_LISTED`].
const SAMPLED: usize = 256;

impl<G: Game> Run<G> {
    fn new(start: G, seed: u64) -> Run<G> {
        Run {
            start,
            rng: rand_pcg::Pcg64Mcg::seed_from_u64(seed),
            report: Report::default(),
            seen: Vec::new(),
            buckets: HashMap::new(),
        }
    }

    fn play_one(&mut self, max_actions: usize) -> Result<(), Violation> {
        let mut game = self.start.clone();
        let mut path: Vec<String> = Vec::new();
        for _ in 0..max_actions {
            let legal = self.check_position(&game, &path)?;
            if legal.is_empty() {
                self.report.finished += 1;
                break;
            }
            let action = self.draw(&game, &legal, &path)?;
            path.push(game.write_action(&action));
            game.apply(&action)
                .map_err(|r| violation(format!("listed action refused: {r}"), &path))?;
        }
        self.check_notation_replay(&game, &path)
    }

    /// A random legal action through [`Game::random_action`], which must
    /// draw what picking from the list with the same generator draws.
    fn draw(
        &mut self,
        game: &G,
        legal: &[G::Action],
        path: &[String],
    ) -> Result<G::Action, Violation> {
        let mut same = self.rng.clone();
        let expected = &legal[same.random_range(0..legal.len())];
        match game.random_action(&mut self.rng) {
            Some(action) if action == *expected && self.rng == same => Ok(action),
            other => {
                let law =
                    format!("random_action drew {other:?}, picking from the list {expected:?}");
                Err(violation(law, path))
            }
        }
    }

    /// Every law about one position; returns its legal actions.
    fn check_position(&mut self, game: &G, path: &[String]) -> Result<Vec<G::Action>, Violation> {
        self.report.positions += 1;
        let clone = game.clone();
        if clone != *game || hash_of(&clone) != hash_of(game) {
            return Err(violation("a clone differs from its original", path));
        }
        let legal = game.legal_actions();
        if legal.is_empty() != game.status().is_over() {
            let law = format!(
                "status {:?} with {} legal actions",
                game.status(),
                legal.len()
            );
            return Err(violation(law, path));
        }
        if legal.is_empty() && game.random_action(&mut self.rng.clone()).is_some() {
            return Err(violation(
                "random_action drew an action with none listed",
                path,
            ));
        }
        if legal.iter().collect::<HashSet<_>>().len() != legal.len() {
            return Err(violation("the legal actions repeat an action", path));
        }
        self.check_transposition(game, legal.len(), path)?;
        for action in self.listed_to_check(&legal) {
            self.check_listed(game, action, path)?;
        }
        self.check_unlisted(game, &legal, path)?;
        self.remember(&legal);
        Ok(legal)
    }

    /// The listed actions whose laws are checked: every one, or in a
    /// position listing more than [`ALL_LISTED`], [`SAMPLED`] drawn at
    /// random (by a generator of their own, so the games played stay
    /// the same).
    fn listed_to_check<'a>(&self, legal: &'a [G::Action]) -> Vec<&'a G::Action> {
        if legal.len() <= ALL_LISTED {
            return legal.iter().collect();
        }
        let seed = self.report.positions as u64;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut picked: Vec<usize> = (0..SAMPLED)
            .map(|_| rng.random_range(0..legal.len()))
            .collect();
        picked.sort_unstable();
        picked.dedup();
        picked.into_iter().map(|i| &legal[i]).collect()
    }

    /// A listed action survives its notation and applies.
    fn check_listed(
        &mut self,
        game: &G,
        action: &G::Action,
        path: &[String],
    ) -> Result<(), Violation> {
        let text = game.write_action(action);
        match game.parse_action(&text) {
            Ok(read) if read == *action => {}
            other => {
                let law = format!("`{text}` reads back as {other:?}, not {action:?}");
                return Err(violation(law, path));
            }
        }
        let mut next = game.clone();
        let events = match next.apply(action) {
            Ok(events) => events,
            Err(refusal) => {
                let law = format!("listed action `{text}` is refused: {refusal}");
                return Err(violation(law, path));
            }
        };
        let (mut trusted, mut told) = (game.clone(), Vec::new());
        trusted.apply_legal_into(action, &mut told);
        if trusted != next || format!("{told:?}") != format!("{events:?}") {
            let law = format!("`{text}` applied as legal differs from applied with checks");
            return Err(violation(law, path));
        }
        self.report.applied += 1;
        Ok(())
    }

    /// Unlisted actions are refused and change nothing (or resign).
    fn check_unlisted(
        &mut self,
        game: &G,
        legal: &[G::Action],
        path: &[String],
    ) -> Result<(), Violation> {
        let mut candidates: Vec<G::Action> = self.seen.clone();
        for text in garbled(game, legal) {
            if let Ok(action) = game.parse_action(&text) {
                candidates.push(action);
            }
        }
        for action in candidates.iter().filter(|a| !legal.contains(a)) {
            self.check_refused(game, action, path)?;
        }
        Ok(())
    }

    fn check_refused(
        &mut self,
        game: &G,
        action: &G::Action,
        path: &[String],
    ) -> Result<(), Violation> {
        let mut tried = game.clone();
        let mut events = Vec::new();
        let text = game.write_action(action);
        match tried.apply_into(action, &mut events) {
            Err(_) if tried == *game && events.is_empty() => {}
            Err(refusal) => {
                let law = format!("refused `{text}` ({refusal}) changed the position or events");
                return Err(violation(law, path));
            }
            Ok(()) if resigned(game, &tried) => {}
            Ok(()) => {
                let law = format!("unlisted action `{text}` was accepted and does not resign");
                return Err(violation(law, path));
            }
        }
        self.report.refused += 1;
        Ok(())
    }

    /// Equal positions met on different paths hash the same.
    fn check_transposition(
        &mut self,
        game: &G,
        legal: usize,
        path: &[String],
    ) -> Result<(), Violation> {
        let hash = hash_of(game);
        let bucket = self
            .buckets
            .entry((game.turn(), game.status(), legal))
            .or_default();
        for (other, other_hash) in bucket.iter() {
            if other == game {
                if *other_hash != hash {
                    return Err(violation("equal positions hash differently", path));
                }
                self.report.transpositions += 1;
                return Ok(());
            }
        }
        if bucket.len() < BUCKET {
            bucket.push((game.clone(), hash));
        }
        Ok(())
    }

    /// The game, written as a record (its actions in the notation, as
    /// RON) and read back, replays from the start to an equal position.
    fn check_notation_replay(&self, end: &G, path: &[String]) -> Result<(), Violation> {
        let record = Record {
            game: String::new(),
            ruleset: String::new(),
            setup: String::new(),
            actions: path.to_vec(),
        };
        let read = Record::from_ron(&record.to_ron())
            .map_err(|e| violation(format!("the record does not read back: {e}"), path))?;
        if read != record {
            return Err(violation("the record reads back different", path));
        }
        match replay_actions(self.start.clone(), &read.actions) {
            Ok((game, _)) if game == *end => Ok(()),
            Ok(_) => Err(violation(
                "the game read back from its record differs",
                path,
            )),
            Err(failure) => {
                let law = format!("the record does not replay: {}", failure.reason);
                Err(violation(law, &path[..failure.index]))
            }
        }
    }

    fn remember(&mut self, legal: &[G::Action]) {
        for action in legal.iter().take(8) {
            if self.seen.len() < SEEN {
                self.seen.push(action.clone());
            } else {
                let slot = self.rng.random_range(0..SEEN);
                self.seen[slot] = action.clone();
            }
        }
    }
}

/// Garbled notation: listed actions written, then cut, extended, shouted,
/// padded; and a few strings no notation should take.
fn garbled<G: Game>(game: &G, legal: &[G::Action]) -> Vec<String> {
    let mut texts: Vec<String> = ["", " ", "\0", "é", "-1", "99999999999999999999"]
        .map(String::from)
        .to_vec();
    for action in legal.iter().take(4) {
        let text = game.write_action(action);
        let mut cut = text.clone();
        cut.pop();
        texts.extend([
            cut,
            format!("{text}x"),
            format!("{text}9"),
            format!(" {text}"),
            text.to_uppercase(),
            text.repeat(2),
        ]);
    }
    texts
}

/// Whether `after` is `before` with the player to move resigned: play
/// over with their quit, or won by another, or (a game the others play on
/// without them) another to move with no turn counted.
fn resigned<G: Game>(before: &G, after: &G) -> bool {
    match (before.status(), after.status()) {
        (Status::ToMove(seat), Status::Over(Outcome::Quit(quitter))) => seat == quitter,
        (Status::ToMove(seat), Status::Over(Outcome::Won(winner))) => seat != winner,
        (Status::ToMove(seat), Status::ToMove(next)) => {
            seat != next && before.turn() == after.turn()
        }
        _ => false,
    }
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

fn violation(law: impl Into<String>, path: &[String]) -> Violation {
    Violation {
        law: law.into(),
        path: path.to_vec(),
    }
}
