//! Writing the record of any game as it is played: after every action
//! (`--save`) or once at the end (`--record`), atomically.

use std::io;
use std::path::Path;

use super::record::write_actions;
use super::{GameRecord, write_save_file};
use crate::contract::Game;
use crate::games::GameRules;

/// What a record of a game of type `G` is written from: its rules, its
/// setup's text, its first position and its computer players.
///
/// ```
/// use relic::games::{GameVisitor, Playable, Setup, builtin_game_rules, with_game};
/// use relic::save::RecordKeeper;
/// struct FirstAction;
/// impl GameVisitor for FirstAction {
///     type Output = Vec<String>;
///     fn visit<G: Playable>(self, game: G) -> Vec<String> {
///         let rules = builtin_game_rules("connect-four").unwrap().unwrap();
///         let first = game.legal_actions()[0].clone();
///         let keeper = RecordKeeper::new(rules, String::new(), game);
///         keeper.record(&[first]).actions().to_vec()
///     }
/// }
/// let rules = builtin_game_rules("connect-four").unwrap().unwrap();
/// assert_eq!(with_game(&rules, &Setup::Default, FirstAction).unwrap(), ["a"]);
/// ```
#[derive(Clone, Debug)]
pub struct RecordKeeper<G: Game> {
    rules: GameRules,
    setup: String,
    start: G,
    computers: Option<(u64, Vec<Option<String>>)>,
}

impl<G: Game> RecordKeeper<G> {
    /// Records of games under `rules` from `start`, loaded from the setup
    /// text `setup` (empty: the game's default).
    pub fn new(rules: GameRules, setup: String, start: G) -> RecordKeeper<G> {
        RecordKeeper {
            rules,
            setup,
            start,
            computers: None,
        }
    }

    /// Records that name the computer players' seed and each seat's spec.
    pub fn with_computers(mut self, seed: u64, bots: Vec<Option<String>>) -> RecordKeeper<G> {
        if bots.iter().any(Option::is_some) {
            self.computers = Some((seed, bots));
        }
        self
    }

    /// The first position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The record of `actions`, played in order from the first position
    /// (those after one the game refuses, which a session never plays,
    /// are left out).
    pub fn record(&self, actions: &[G::Action]) -> GameRecord {
        let texts = written(&self.start, actions);
        let record = GameRecord::new(self.rules.clone(), self.setup.clone(), texts);
        match &self.computers {
            Some((seed, bots)) => record.with_computers(*seed, bots.clone()),
            None => record,
        }
    }

    /// Writes the record of `actions` to `path`, atomically.
    pub fn write(&self, path: &Path, actions: &[G::Action]) -> io::Result<()> {
        write_save_file(path, &self.record(actions).to_ron())
    }
}

/// Each action in the notation of the position it was played in, up to
/// the first the game refuses.
fn written<G: Game>(start: &G, actions: &[G::Action]) -> Vec<String> {
    write_actions(start, actions).unwrap_or_else(|failure| {
        write_actions(start, &actions[..failure.index]).unwrap_or_default()
    })
}
