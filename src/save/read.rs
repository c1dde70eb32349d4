//! Reading a record of any game: the fields checked in stages (RON,
//! version, ruleset, game, setup, computer players, actions), then, on
//! the game the registry loads from the setup, what only the game can
//! judge (its strategies, its notation, a replay of every action).

use std::path::Path;

use miette::SourceSpan;
use ron::value::RawValue;

use super::any::{GameRecord, SAVED_SETUP};
use super::error::{Embedded, SaveError};
use super::file::read_source;
use super::load::{
    RawSave, SAVED_RULESET, capped, check_game, check_version, read_rules, read_seed, read_text,
    span_of, syntax_error,
};
use crate::bots::choose_strategy;
use crate::contract::Game;
use crate::diagnostics::FileReport;
use crate::games::{GameVisitor, Playable, SetupFailure, parse_game_rules, with_game};

/// Reads a record of any game (every format version) from RON text,
/// checking it in stages (ruleset, game, setup, computer players, a
/// replay of every action through the game), every problem pointing into
/// `source`.
pub fn read_record(source: &str) -> Result<GameRecord, Vec<SaveError>> {
    let raw: RawSave = ron::Options::default()
        .from_str(source)
        .map_err(|error| vec![syntax_error(source, &error)])?;
    let (record, base) = read_fields(source, &raw).map_err(capped)?;
    let noun = record.rules.id().setup_noun();
    let check = Check {
        record: &record,
        bots_at: span_of(source, raw.bots),
    };
    match with_game(&record.rules, &record.setup(), check) {
        Ok(Ok(())) => Ok(record),
        Ok(Err(problems)) => Err(capped(problems)),
        Err(failure) => {
            let literal = span_of(source, raw.setup);
            Err(capped(setup_problems(&failure, noun, base, literal)))
        }
    }
}

/// The record's fields, each read by its own reader, and where the
/// setup's text starts in the file (when its bytes are the file's); or
/// every problem found in them.
fn read_fields(source: &str, raw: &RawSave) -> Result<(GameRecord, Option<usize>), Vec<SaveError>> {
    let mut problems = Vec::new();
    let version = check_version(source, raw.version, &mut problems);
    let parse = |text: &str| parse_game_rules(text, SAVED_RULESET, None);
    let rules = read_rules(source, raw.ruleset, &mut problems, parse);
    let noun = rules
        .as_ref()
        .map_or("setup", |rules| rules.id().setup_noun());
    if let Some(rules) = &rules {
        check_game(source, raw.game, version, rules.id(), &mut problems);
    }
    let setup = read_text(source, raw.setup, noun, &mut problems);
    let seed = read_seed(source, raw.seed, &mut problems);
    let bots = read_bot_specs(source, raw.bots, &mut problems);
    let (actions, spans) = read_action_texts(source, &raw.actions, &mut problems);
    match (rules, setup) {
        (Some(rules), Some((setup, base))) if problems.is_empty() => {
            let record = GameRecord {
                rules,
                setup,
                seed,
                bots,
                actions,
                spans,
            };
            Ok((record, base))
        }
        _ => Err(problems),
    }
}

/// Reads the record file at `path` (a regular file of at most
/// [`MAX_SAVE_BYTES`](super::MAX_SAVE_BYTES) of UTF-8 text) with
/// [`read_record`]: the record and the file's text, or every problem
/// reported with the file's text.
pub fn read_record_file(path: &Path) -> Result<(GameRecord, String), FileReport> {
    let report = |source: String, problems: Vec<SaveError>| FileReport {
        path: path.display().to_string(),
        source,
        problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
    };
    let source = read_source(path).map_err(|(source, problem)| report(source, vec![problem]))?;
    match read_record(&source) {
        Ok(record) => Ok((record, source)),
        Err(problems) => Err(report(source, problems)),
    }
}

/// The problems of a setup the game refuses, moved into the file: a
/// setup that reads but does not fit the ruleset is `save::mismatch`, any
/// other problem `save::board` (Moving Maze) or `save::setup`, pointing
/// into the saved text when its bytes are the file's (`base`).
fn setup_problems(
    failure: &SetupFailure,
    noun: &'static str,
    base: Option<usize>,
    literal: SourceSpan,
) -> Vec<SaveError> {
    let base = base.filter(|_| failure.report.path == SAVED_SETUP);
    let embed = |problem: &(dyn miette::Diagnostic + Send + Sync)| match noun {
        "board" => Embedded::new("save::board", noun, problem, base, literal),
        _ => Embedded::new("save::setup", noun, problem, base, literal),
    };
    let problems = failure.report.problems.iter();
    problems
        .map(|problem| {
            if problem
                .code()
                .is_some_and(|c| c.to_string() == "setup::mismatch")
            {
                let message = problem.to_string();
                SaveError::Mismatch {
                    noun,
                    message,
                    at: literal,
                }
            } else {
                SaveError::Embedded(embed(problem.as_ref()))
            }
        })
        .collect()
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
/// spec per seat, each a strategy the game has; every action in the
/// game's notation; and, when they all are, every action legal.
struct Check<'a> {
    record: &'a GameRecord,
    /// Where `bots` is written.
    bots_at: SourceSpan,
}

impl GameVisitor for Check<'_> {
    type Output = Result<(), Vec<SaveError>>;

    fn visit<G: Playable>(self, game: G) -> Result<(), Vec<SaveError>> {
        let mut problems = self.bot_problems::<G>(game.seat_count());
        let outside = self.outside_notation::<G>();
        if outside.is_empty() {
            problems.extend(self.record.replay(game, None).err());
        }
        problems.extend(outside);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }
}

impl Check<'_> {
    /// The computer players that do not fit `seats` seats or the game.
    fn bot_problems<G: Playable>(&self, seats: usize) -> Vec<SaveError> {
        let bot_problem = |message: String| SaveError::Bots {
            field: "bots",
            message,
            at: self.bots_at,
        };
        let bots = self.record.bots();
        let mut problems = Vec::new();
        if !bots.is_empty() && bots.len() != seats {
            let message = format!("it has {} entries for {seats} seats", bots.len());
            problems.push(bot_problem(message));
        }
        for spec in bots.iter().flatten() {
            if let Err(error) = choose_strategy::<G>(spec) {
                problems.push(bot_problem(error.to_string()));
            }
        }
        problems
    }

    /// Every action that is not in the game's notation in any position.
    fn outside_notation<G: Game>(&self) -> Vec<SaveError> {
        let texts = self.record.actions().iter().enumerate();
        texts
            .filter_map(|(index, text)| {
                G::outside_notation(text).map(|help| SaveError::Action {
                    number: index + 1,
                    text: text.clone(),
                    help,
                    at: self.record.span(index),
                })
            })
            .collect()
    }
}
