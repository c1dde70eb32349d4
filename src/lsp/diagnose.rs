//! The problems of an open document, as `relic rules check` and `relic
//! check` find them (the same codes, messages, labels and help), turned
//! into LSP diagnostics: a ruleset of any game (every problem, in this
//! file and in the files it extends), a Moving Maze board (GBF), an
//! Escape configuration (`.egc`) or a FEN position (`.fen`, read as a
//! chess setup: the game FEN is the format of).

use std::path::Path;

use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString};
use serde_json::json;

use super::text::range_of;
use crate::diagnostics::{FileReport, primary_label};

/// What a document is, from its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A ruleset (`*.toml`).
    Ruleset,
    /// A Moving Maze board (`*.gbf`).
    Board,
    /// An Escape configuration (`*.egc`).
    Configuration,
    /// A FEN position (`*.fen`), read as a chess setup.
    Fen,
    /// A Boulder Dash cave (`*.board`), read against `boulder-dash`.
    Cave,
    /// A Maze Runner level file (`*.levels`, `*.level`, `*.txt`), read
    /// against `maze-runner`.
    Levels,
}

impl Kind {
    /// The kind of the document at `path`, if relic reads it.
    pub fn of(path: &Path) -> Option<Kind> {
        let extension = path.extension()?.to_string_lossy().to_ascii_lowercase();
        match extension.as_str() {
            "toml" => Some(Kind::Ruleset),
            "gbf" => Some(Kind::Board),
            "egc" => Some(Kind::Configuration),
            "fen" => Some(Kind::Fen),
            "board" => Some(Kind::Cave),
            "levels" | "level" | "txt" => Some(Kind::Levels),
            _ => None,
        }
    }
}

/// Every problem of the document `text` at `path`, as LSP diagnostics
/// in it. A problem in a file this ruleset extends is shown on its
/// `extends` value, naming the file and the problem.
///
/// ```
/// use relic::lsp::diagnose::diagnostics;
/// let text = "game = \"vocabulary\"\nextends = \"tic-tac-toe\"\n[board]\nwidht = 3\n";
/// let found = diagnostics(std::path::Path::new("mine.toml"), text);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].range.start.line, 3);
/// ```
pub fn diagnostics(path: &Path, text: &str) -> Vec<Diagnostic> {
    match Kind::of(path) {
        Some(Kind::Ruleset) if crate::lang::position::is_position_toml(text) => {
            // A core game's position file: what shows without its ruleset.
            let problems = crate::lang::position::shape_problems(text);
            problems
                .iter()
                .map(|e| converted(e.as_ref(), text))
                .collect()
        }
        Some(Kind::Ruleset) => ruleset(path, text),
        Some(Kind::Board) => {
            let limits = crate::rules::Rules::standard().limits();
            match crate::board::parse_board(text, &limits) {
                Ok(_) => Vec::new(),
                Err(errors) => errors.iter().map(|e| converted(e, text)).collect(),
            }
        }
        Some(Kind::Configuration) => match crate::games::escape::config::parse_config(text) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|e| converted(e, text)).collect(),
        },
        Some(Kind::Fen) => {
            let Some(Ok(chess)) = crate::lang::builtin_core("chess") else {
                return Vec::new();
            };
            match crate::lang::fen::read_fen(&chess, text) {
                Ok(_) => Vec::new(),
                Err(errors) => errors.iter().map(|e| converted(e, text)).collect(),
            }
        }
        Some(Kind::Cave) => cave(text),
        Some(Kind::Levels) => levels(text),
        None => Vec::new(),
    }
}

/// The problems of a cave, read as `relic check` reads one without
/// `--ruleset`: against the built-in `boulder-dash`.
fn cave(text: &str) -> Vec<Diagnostic> {
    let Some(crate::games::GameRules::WalkerPhysics(program)) =
        super::setup_words::builtin_rules("boulder-dash")
    else {
        return Vec::new();
    };
    match crate::games::boulder_dash::board::read_board(&program, text) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.iter().map(|e| converted(e, text)).collect(),
    }
}

/// The problems (and warnings) of a level file, read against the
/// built-in `maze-runner`.
fn levels(text: &str) -> Vec<Diagnostic> {
    let Some(crate::games::GameRules::WalkerLevels(program)) =
        super::setup_words::builtin_rules("maze-runner")
    else {
        return Vec::new();
    };
    let syntax = crate::games::maze_runner::level_syntax(&program);
    let problems = match crate::games::maze_runner::levels::parse_levels(text, &syntax) {
        Ok((_, warnings)) => warnings,
        Err(problems) => problems,
    };
    problems.iter().map(|e| converted(e, text)).collect()
}

fn ruleset(path: &Path, text: &str) -> Vec<Diagnostic> {
    let name = path.display().to_string();
    let Err(failure) = crate::games::parse_game_rules(text, &name, path.parent()) else {
        return Vec::new();
    };
    let extends_at = super::lookup::extends_span(text);
    let mut out = Vec::new();
    for report in &failure.reports {
        match report.path == name {
            true => out.extend(report.problems.iter().map(|p| converted(p.as_ref(), text))),
            false => out.extend(elsewhere(report, text, extends_at)),
        }
    }
    out
}

/// The problems of a file this ruleset extends, shown on its `extends`
/// value (or its first line).
fn elsewhere(
    report: &FileReport,
    text: &str,
    extends_at: Option<(usize, usize)>,
) -> Vec<Diagnostic> {
    let (start, end) = extends_at.unwrap_or((0, 0));
    (report.problems.iter())
        .map(|problem| {
            let mut diagnostic = converted(problem.as_ref(), "");
            let (line, column) = match primary_label(problem.as_ref()) {
                Some(label) => crate::diagnostics::line_column(&report.source, label.offset()),
                None => (1, 1),
            };
            diagnostic.range = range_of(text, start, end);
            diagnostic.message = format!(
                "in {} (line {line}, column {column}): {}",
                report.path, diagnostic.message
            );
            diagnostic.data = None;
            diagnostic
        })
        .collect()
}

/// One problem (whose labels point into `text`) as an LSP diagnostic:
/// its code, its message and label, its help; a "did you mean" in the
/// help becomes `data.replace`, for the quick fix.
pub fn converted(problem: &dyn miette::Diagnostic, text: &str) -> Diagnostic {
    let label = primary_label(problem);
    let (start, end) = label
        .as_ref()
        .map_or((0, 0), |l| (l.offset(), l.offset() + l.len()));
    let mut message = problem.to_string();
    if let Some(words) = label.as_ref().and_then(|l| l.label()) {
        message += &format!(": {words}");
    }
    let help = problem.help().map(|h| h.to_string());
    if let Some(help) = &help {
        message += &format!("\nhelp: {help}");
    }
    let severity = match problem.severity().unwrap_or(miette::Severity::Error) {
        miette::Severity::Error => DiagnosticSeverity::ERROR,
        miette::Severity::Warning => DiagnosticSeverity::WARNING,
        miette::Severity::Advice => DiagnosticSeverity::HINT,
    };
    let quoted = text.get(start..end).is_some_and(|t| t.starts_with('"'));
    let suggestion = (help.as_deref().and_then(did_you_mean))
        .map(|name| if quoted { format!("\"{name}\"") } else { name });
    Diagnostic {
        range: range_of(text, start, end),
        severity: Some(severity),
        code: problem
            .code()
            .map(|c| NumberOrString::String(c.to_string())),
        source: Some("relic".to_owned()),
        message,
        data: suggestion.map(|s| json!({ "replace": s })),
        ..Diagnostic::default()
    }
}

/// The name a help line suggests ("did you mean `width`?").
///
/// ```
/// use relic::lsp::diagnose::did_you_mean;
/// assert_eq!(did_you_mean("did you mean `width`? the keys are ..."), Some("width".into()));
/// assert_eq!(did_you_mean("add a board"), None);
/// ```
pub fn did_you_mean(help: &str) -> Option<String> {
    let rest = &help[help.find("did you mean `")? + "did you mean `".len()..];
    Some(rest[..rest.find('`')?].to_owned())
}
