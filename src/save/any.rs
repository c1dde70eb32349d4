//! The one record type, of every game: its rules, the setup it started
//! from, its computer players and its actions as written.

use miette::SourceSpan;

use super::error::SaveError;
use super::record::replay_actions;
use super::{FORMAT_VERSION, SaveFile};
use crate::contract::Game;
use crate::games::{GameRules, Setup};

/// The name the saved setup's text goes by while it is checked.
pub(super) const SAVED_SETUP: &str = "saved setup";

/// A game record of any game: its rules, the setup it started from, its
/// computer players and its actions as written, in the game's notation.
///
/// ```
/// use relic::games::builtin_game_rules;
/// use relic::save::{GameRecord, read_record};
/// let rules = builtin_game_rules("tic-tac-toe").unwrap().unwrap();
/// let record = GameRecord::new(rules, String::new(), vec!["a1".into(), "b2".into()]);
/// let read = read_record(&record.to_ron()).unwrap();
/// assert_eq!(read.actions(), record.actions());
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub(super) rules: GameRules,
    pub(super) setup: String,
    pub(super) seed: Option<u64>,
    pub(super) bots: Vec<Option<String>>,
    pub(super) actions: Vec<String>,
    /// Where each action is written in the file it was read from.
    pub(super) spans: Vec<SourceSpan>,
}

impl GameRecord {
    /// The record of `actions` (each in the game's notation) played under
    /// `rules` from the setup `setup` (its text; empty for the game's
    /// default).
    pub fn new(rules: GameRules, setup: String, actions: Vec<String>) -> GameRecord {
        GameRecord {
            rules,
            setup,
            seed: None,
            bots: Vec::new(),
            actions,
            spans: Vec::new(),
        }
    }

    /// The record of a game with computer players: their seed and each
    /// seat's strategy spec (`None`: a person).
    pub fn with_computers(mut self, seed: u64, bots: Vec<Option<String>>) -> GameRecord {
        self.seed = Some(seed);
        self.bots = bots;
        self
    }

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The setup to load the game from: the saved text, or the game's
    /// default when there is none.
    pub fn setup(&self) -> Setup {
        if self.setup.is_empty() {
            Setup::Default
        } else {
            Setup::Text {
                name: SAVED_SETUP.to_owned(),
                text: self.setup.clone(),
            }
        }
    }

    /// The setup's text (empty: the game's default).
    pub fn setup_text(&self) -> &str {
        &self.setup
    }

    /// The computer players' seed, if computers played.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Each seat's strategy spec (`None`: a person); empty when no
    /// computer played.
    pub fn bots(&self) -> &[Option<String>] {
        &self.bots
    }

    /// The actions, each in the game's notation.
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// The record as RON text, ending in a newline.
    pub fn to_ron(&self) -> String {
        SaveFile {
            version: FORMAT_VERSION,
            game: self.rules.id().name(),
            ruleset: self.rules.resolved_toml(),
            setup: self.setup.clone(),
            seed: self.seed,
            bots: self.bots.clone(),
            actions: self.actions.clone(),
        }
        .to_ron()
    }

    /// Plays the first `count` actions (all with `None`) from `start`, the
    /// game's first position: the position and the actions, or the first
    /// that does not replay, pointing into the file the record was read
    /// from.
    pub fn replay<G: Game>(
        &self,
        start: G,
        count: Option<usize>,
    ) -> Result<(G, Vec<G::Action>), SaveError> {
        let count = count.unwrap_or(self.actions.len()).min(self.actions.len());
        let texts = &self.actions[..count];
        replay_actions(start, texts).map_err(|failure| SaveError::Illegal {
            number: failure.index + 1,
            text: texts[failure.index].clone(),
            reason: failure.reason,
            at: self.span(failure.index),
        })
    }

    /// Where action `index` is written in the file the record was read
    /// from (nowhere for a record made in memory).
    pub(super) fn span(&self, index: usize) -> SourceSpan {
        let at = self.spans.get(index).copied();
        at.unwrap_or_else(|| SourceSpan::new(0.into(), 0))
    }
}
