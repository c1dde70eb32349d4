//! Records of every game, through the registry. A record names its game;
//! Moving Maze's (and every version 1 and 2 file) are read by
//! [`SavedGame::from_ron`]; any other game's by [`GameRecord`]: its
//! ruleset goes through the registry's loader, its setup through the
//! game's loading step, its computer players through the generic bot
//! specs, and its actions are replayed in the game's notation.

use std::path::Path;

use miette::SourceSpan;
use ron::value::RawValue;

use super::error::{Embedded, SaveError};
use super::file::read_source;
use super::load::{
    RawSave, SAVED_RULESET, capped, check_version, read_rules, read_seed, read_text, span_of,
    syntax_error,
};
use super::{FORMAT_VERSION, SaveFile, SavedGame};
use crate::bots::choose_strategy;
use crate::contract::Game;
use crate::diagnostics::FileReport;
use crate::games::moving_maze::engine::Game as MazeGame;
use crate::games::{GameId, GameRules, GameVisitor, Playable, Setup, parse_game_rules, with_game};

/// The name the saved setup's text goes by while it is checked.
const SAVED_SETUP: &str = "saved setup";

/// A game record of any game but Moving Maze: its rules, the setup it
/// started from, its computer players and its actions as written.
///
/// ```
/// use relic::games::{builtin_game_rules, with_game};
/// use relic::save::{GameRecord, Loaded, read_record};
/// let rules = builtin_game_rules("tic-tac-toe").unwrap().unwrap();
/// let record = GameRecord::new(rules, String::new(), vec!["a1".into(), "b2".into()]);
/// let Ok(Loaded::Other(read)) = read_record(&record.to_ron()) else { panic!() };
/// assert_eq!(read.actions(), record.actions());
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord {
    rules: GameRules,
    setup: String,
    seed: Option<u64>,
    bots: Vec<Option<String>>,
    actions: Vec<String>,
    /// Where each action is written in the file it was read from.
    spans: Vec<SourceSpan>,
}

/// A record as read: Moving Maze's, already replayed, or another game's.
#[derive(Debug)]
pub enum Loaded {
    /// A Moving Maze record and the position it reaches.
    MovingMaze(Box<(SavedGame, MazeGame)>),
    /// Any other game's record, checked by a full replay.
    Other(GameRecord),
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
        setup_of(&self.setup)
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

    /// Plays the first `count` actions (all with `None`) from `start`: the
    /// position and the actions, or the first that does not replay,
    /// pointing into the file the record was read from.
    pub fn replay<G: Game>(
        &self,
        start: G,
        count: Option<usize>,
    ) -> Result<(G, Vec<G::Action>), SaveError> {
        let count = count.unwrap_or(self.actions.len()).min(self.actions.len());
        let texts = &self.actions[..count];
        crate::save::record::replay_actions(start, texts).map_err(|failure| {
            let at = self.spans.get(failure.index).copied();
            SaveError::Illegal {
                number: failure.index + 1,
                text: texts[failure.index].clone(),
                reason: failure.reason,
                at: at.unwrap_or_else(|| SourceSpan::new(0.into(), 0)),
            }
        })
    }
}

fn setup_of(text: &str) -> Setup {
    if text.is_empty() {
        Setup::Default
    } else {
        Setup::Text {
            name: SAVED_SETUP.to_owned(),
            text: text.to_owned(),
        }
    }
}

/// Reads a record of any game from RON text. Moving Maze's are read and
/// replayed by [`SavedGame::from_ron`]; another game's are checked in
/// stages (ruleset, setup, computer players, a replay of every action),
/// every problem pointing into `source`.
pub fn read_record(source: &str) -> Result<Loaded, Vec<SaveError>> {
    let raw: RawSave = ron::Options::default()
        .from_str(source)
        .map_err(|error| vec![syntax_error(source, &error)])?;
    let game = raw.game.into_rust::<Option<String>>().ok().flatten();
    let game = game.or_else(|| raw.game.into_rust::<String>().ok());
    match game.as_deref() {
        None | Some("moving-maze") => SavedGame::from_ron(source)
            .map(|(saved, game)| Loaded::MovingMaze(Box::new((saved, game)))),
        Some(name) => read_other(source, &raw, name).map(Loaded::Other),
    }
}

/// Reads the record file at `path` (a regular file of at most
/// [`MAX_SAVE_BYTES`](super::MAX_SAVE_BYTES) of UTF-8 text) with
/// [`read_record`]; every problem is reported with the file's text.
pub fn read_record_file(path: &Path) -> Result<(Loaded, String), FileReport> {
    let report = |source: String, problems: Vec<SaveError>| FileReport {
        path: path.display().to_string(),
        source,
        problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
    };
    let source = read_source(path).map_err(|(source, problem)| report(source, vec![problem]))?;
    match read_record(&source) {
        Ok(loaded) => Ok((loaded, source)),
        Err(problems) => Err(report(source, problems)),
    }
}

fn read_other(source: &str, raw: &RawSave, name: &str) -> Result<GameRecord, Vec<SaveError>> {
    let mut problems = Vec::new();
    check_version(source, raw.version, &mut problems);
    let parse = |text: &str| parse_game_rules(text, SAVED_RULESET, None);
    let rules = read_rules(source, raw.ruleset, &mut problems, parse);
    if let Some(rules) = &rules {
        check_game(source, raw.game, name, rules.id(), &mut problems);
    }
    let setup = read_text(source, raw.setup, "setup", &mut problems);
    let seed = read_seed(source, raw.seed, &mut problems);
    let bots = read_bot_specs(source, raw.bots, &mut problems);
    let (actions, spans) = read_action_texts(source, &raw.actions, &mut problems);
    let (Some(rules), Some((setup, base))) = (rules, setup) else {
        return Err(capped(problems));
    };
    if !problems.is_empty() {
        return Err(capped(problems));
    }
    let record = GameRecord {
        rules,
        setup,
        seed,
        bots,
        actions,
        spans,
    };
    let check = Check {
        record: &record,
        source,
        raw,
    };
    match with_game(&record.rules, &record.setup(), check) {
        Ok(Ok(())) => Ok(record),
        Ok(Err(problems)) => Err(capped(problems)),
        Err(failure) => {
            let literal = span_of(source, raw.setup);
            let embed = |p: &(dyn miette::Diagnostic + Send + Sync)| {
                SaveError::Embedded(Embedded::new("save::setup", "setup", p, base, literal))
            };
            let problems = failure.report.problems.iter().map(|p| embed(p.as_ref()));
            Err(capped(problems.collect()))
        }
    }
}

fn check_game(
    source: &str,
    raw: &RawValue,
    name: &str,
    expected: GameId,
    problems: &mut Vec<SaveError>,
) {
    if name != expected.name() {
        problems.push(SaveError::Game {
            message: format!(
                "it says `{name}`, but the ruleset is for `{}`",
                expected.name()
            ),
            expected: expected.name(),
            at: span_of(source, raw),
        });
    }
}

fn read_bot_specs(
    source: &str,
    raw: &RawValue,
    problems: &mut Vec<SaveError>,
) -> Vec<Option<String>> {
    raw.into_rust::<Vec<Option<String>>>().unwrap_or_else(|_| {
        problems.push(SaveError::Bots {
            field: "bots",
            message: "it must be a list of `None` or `Some(\"spec\")`".into(),
            at: span_of(source, raw),
        });
        Vec::new()
    })
}

fn read_action_texts(
    source: &str,
    raws: &[&RawValue],
    problems: &mut Vec<SaveError>,
) -> (Vec<String>, Vec<SourceSpan>) {
    let mut texts = Vec::with_capacity(raws.len());
    let mut spans = Vec::with_capacity(raws.len());
    for (index, raw) in raws.iter().enumerate() {
        match raw.into_rust::<String>() {
            Ok(text) => {
                texts.push(text);
                spans.push(span_of(source, raw));
            }
            Err(_) => problems.push(SaveError::UnreadableAction {
                number: index + 1,
                message: "it is not a string".into(),
                at: span_of(source, raw),
            }),
        }
    }
    (texts, spans)
}

/// Checks, on the game itself, what only the game can judge: one bot
/// spec per seat, each a strategy the game has, and every action legal.
struct Check<'a> {
    record: &'a GameRecord,
    source: &'a str,
    raw: &'a RawSave<'a>,
}

impl GameVisitor for Check<'_> {
    type Output = Result<(), Vec<SaveError>>;

    fn visit<G: Playable>(self, game: G) -> Result<(), Vec<SaveError>> {
        let mut problems = Vec::new();
        let bots = self.record.bots();
        let seats = game.seat_count();
        let at = span_of(self.source, self.raw.bots);
        let bot_problem = |message: String| SaveError::Bots {
            field: "bots",
            message,
            at,
        };
        if !bots.is_empty() && bots.len() != seats {
            let message = format!("it has {} entries for {seats} seats", bots.len());
            problems.push(bot_problem(message));
        }
        for spec in bots.iter().flatten() {
            if let Err(error) = choose_strategy::<G>(spec) {
                problems.push(bot_problem(error.to_string()));
            }
        }
        if let Err(error) = self.record.replay(game, None) {
            problems.push(error);
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }
}
