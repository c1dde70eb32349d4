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
use crate::games::{
    GameRules, GameTypeVisitor, GameVisitor, Playable, SetupFailure, parse_game_rules, with_game,
    with_game_type,
};

/// Reads a record of any game (every format version) from RON text,
/// checking it in stages (ruleset, game, setup, computer players, a
/// replay of every action through the game), every problem pointing into
/// `source`.
pub fn read_record(source: &str) -> Result<GameRecord, Vec<SaveError>> {
    let raw: RawSave = ron::Options::default()
        .from_str(source)
        .map_err(|error| vec![syntax_error(source, &error)])?;
    let mut problems = Vec::new();
    let fields = read_fields(source, &raw, &mut problems);
    let spans = fields.spans.clone();
    let Some((record, base)) = fields.into_record() else {
        let setup_at = first_line(source, span_of(source, raw.setup));
        return Err(without_rules(problems, setup_at, raw.actions.len()));
    };
    let unreadable = raw
        .actions
        .iter()
        .position(|r| r.into_rust::<String>().is_err());
    let check = Check {
        record: &record,
        bots_at: span_of(source, raw.bots),
        replay: unreadable.is_none(),
    };
    let setup_at = (base, span_of(source, raw.setup));
    let setup_errors = check.on_game(setup_at, &mut problems);
    let why = setup_errors.or(unreadable.map(|i| format!("action {} is unreadable", i + 1)));
    match why {
        None if problems.is_empty() => Ok(record),
        None => Err(capped(problems)),
        Some(why) => Err(with_note(problems, (spans.first(), raw.actions.len()), why)),
    }
}

/// `problems` (capped), and a note that the `count` actions (the first
/// readable one written at `first`) were not replayed, and `why`.
fn with_note(
    problems: Vec<SaveError>,
    (first, count): (Option<&SourceSpan>, usize),
    why: String,
) -> Vec<SaveError> {
    let mut problems = capped(problems);
    let Some(&at) = first else {
        return problems;
    };
    let which = match count {
        1 => "the action was not replayed".to_owned(),
        n => format!("the {n} actions were not replayed"),
    };
    let label = "not replayed";
    problems.push(SaveError::Unchecked {
        which,
        why,
        label,
        at,
    });
    problems
}

/// `problems` (capped), and a note that the setup (written at `setup_at`)
/// and the actions (`count`) were not checked: the ruleset has errors.
fn without_rules(problems: Vec<SaveError>, setup_at: SourceSpan, count: usize) -> Vec<SaveError> {
    let mut problems = capped(problems);
    let which = match count {
        0 => "the setup was not checked".to_owned(),
        1 => "the setup and the action were not checked".to_owned(),
        n => format!("the setup and the {n} actions were not checked"),
    };
    problems.push(SaveError::Unchecked {
        which,
        why: "the saved ruleset has errors".to_owned(),
        label: "not checked",
        at: setup_at,
    });
    problems
}

/// The part of `span` on its first line in `source`.
fn first_line(source: &str, span: SourceSpan) -> SourceSpan {
    let text = source.get(span.offset()..span.offset() + span.len());
    let len = text.and_then(|t| t.find('\n')).unwrap_or(span.len());
    SourceSpan::new(span.offset().into(), len)
}

/// A record's fields, each read by its own reader; `None` where a field
/// did not read.
struct Fields {
    rules: Option<GameRules>,
    /// The setup's text, and where it starts in the file (when its bytes
    /// are the file's).
    setup: Option<(String, Option<usize>)>,
    seed: Option<u64>,
    bots: Vec<Option<String>>,
    actions: Vec<String>,
    spans: Vec<SourceSpan>,
}

impl Fields {
    /// The record, when its ruleset read, with where its setup starts:
    /// `None` when the setup did not read (the record then has no setup,
    /// to check what needs no position only).
    fn into_record(self) -> Option<(GameRecord, Option<Option<usize>>)> {
        let (setup, base) = match self.setup {
            Some((text, base)) => (text, Some(base)),
            None => (String::new(), None),
        };
        let record = GameRecord {
            rules: self.rules?,
            setup,
            seed: self.seed,
            bots: self.bots,
            actions: self.actions,
            spans: self.spans,
        };
        Some((record, base))
    }
}

/// The record's fields, each read by its own reader, every problem found
/// in them added to `problems`.
fn read_fields(source: &str, raw: &RawSave, problems: &mut Vec<SaveError>) -> Fields {
    let version = check_version(source, raw.version, problems);
    let parse = |text: &str| parse_game_rules(text, SAVED_RULESET, None);
    let rules = read_rules(source, raw.ruleset, problems, parse);
    let noun = rules
        .as_ref()
        .map_or("setup", |rules| rules.id().setup_noun());
    if let Some(rules) = &rules {
        check_game(source, raw.game, version, rules.id(), problems);
    }
    let setup = read_text(source, raw.setup, noun, problems);
    let seed = read_seed(source, raw.seed, problems);
    let bots = read_bot_specs(source, raw.bots, problems);
    let (actions, spans) = read_action_texts(source, &raw.actions, problems);
    Fields {
        rules,
        setup,
        seed,
        bots,
        actions,
        spans,
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
/// game's notation; and, when they all are, every action legal. Without a
/// position (a setup with errors), only what needs none: the strategies
/// and the notation.
#[derive(Clone, Copy)]
struct Check<'a> {
    record: &'a GameRecord,
    /// Where `bots` is written.
    bots_at: SourceSpan,
    /// Whether to replay the actions (not when one of them is unreadable:
    /// the others would replay as another game).
    replay: bool,
}

impl GameVisitor for Check<'_> {
    type Output = Result<(), Vec<SaveError>>;

    fn visit<G: Playable>(self, game: G) -> Result<(), Vec<SaveError>> {
        let mut problems = self.seat_problems(game.seat_count());
        problems.extend(self.strategy_problems::<G>());
        let outside = self.outside_notation::<G>();
        if outside.is_empty() && self.replay {
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

impl GameTypeVisitor for Check<'_> {
    type Output = Vec<SaveError>;

    fn visit<G: Playable>(self) -> Vec<SaveError> {
        let mut problems = self.strategy_problems::<G>();
        problems.extend(self.outside_notation::<G>());
        problems
    }
}

impl Check<'_> {
    /// Loads the game from the record's setup (written at `setup_at`: where
    /// its text starts in the file, if it read and its bytes are the
    /// file's, and the field's span) and checks the record on it, adding
    /// every problem to `problems`. When the setup did not read or has
    /// errors, checks what needs no position and says so in its answer:
    /// why the actions were not replayed.
    fn on_game(
        self,
        (base, literal): (Option<Option<usize>>, SourceSpan),
        problems: &mut Vec<SaveError>,
    ) -> Option<String> {
        let rules = &self.record.rules;
        let noun = rules.id().setup_noun();
        let failure = match base.map(|_| with_game(rules, &self.record.setup(), self)) {
            Some(Ok(found)) => {
                problems.extend(found.err().into_iter().flatten());
                return None;
            }
            Some(Err(failure)) => Some(failure),
            None => None,
        };
        if let Some(failure) = failure {
            problems.extend(setup_problems(&failure, noun, base.flatten(), literal));
        }
        problems.extend(with_game_type(rules.id(), self));
        Some(format!("the saved {noun} has errors"))
    }

    /// `bots`, when it has an entry per seat of another number of seats.
    fn seat_problems(&self, seats: usize) -> Vec<SaveError> {
        let bots = self.record.bots();
        if bots.is_empty() || bots.len() == seats {
            return Vec::new();
        }
        let message = format!("it has {} entries for {seats} seats", bots.len());
        vec![self.bot_problem(message)]
    }

    /// The computer players' specs that are no strategy of the game.
    fn strategy_problems<G: Playable>(&self) -> Vec<SaveError> {
        let specs = self.record.bots().iter().flatten();
        specs
            .filter_map(|spec| choose_strategy::<G>(spec).err())
            .map(|error| self.bot_problem(error.to_string()))
            .collect()
    }

    fn bot_problem(&self, message: String) -> SaveError {
        SaveError::Bots {
            field: "bots",
            message,
            at: self.bots_at,
        }
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
