//! The problems of the ruleset and the setup being edited, as `relic rules
//! check` and `relic check` find them (the same codes, messages, labels and
//! help), with their ranges in the editor's units (UTF-16 code units, as
//! JavaScript strings count).

use miette::Diagnostic;
use relic::diagnostics::{FileReport, JsonDiagnostic};
use relic::games::{GameRules, Setup, parse_game_rules};
use serde::Serialize;

/// The name the ruleset being edited is reported by.
pub const RULESET_NAME: &str = "ruleset.toml";
/// The name the setup being edited is reported by.
pub const SETUP_NAME: &str = "setup";

/// One problem, where the editor marks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The stable code (`vocab::unknown-key`).
    pub code: String,
    /// `error`, `warning` or `advice`.
    pub severity: &'static str,
    /// The one-line message.
    pub message: String,
    /// What the primary label says at the span, if anything.
    pub label: Option<String>,
    /// How to fix it.
    pub help: Option<String>,
    /// Where the span starts and ends, in UTF-16 code units.
    pub from: usize,
    pub to: usize,
    /// 1-based line and column of the span (as `relic check` prints).
    pub line: usize,
    pub column: usize,
}

/// Every problem of both documents: the setup is checked only once the
/// ruleset loads (what the setup must be depends on the game).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Checked {
    pub ruleset: Vec<Problem>,
    pub setup: Vec<Problem>,
}

/// The rules of `ruleset`, or every problem in it.
pub fn rules_of(ruleset: &str) -> Result<GameRules, Vec<Problem>> {
    parse_game_rules(ruleset, RULESET_NAME, None).map_err(|failure| {
        let reports = failure.reports.iter();
        reports
            .flat_map(|report| problems_of(report, RULESET_NAME))
            .collect()
    })
}

/// The setup the editor's text stands for: the game's default when empty.
pub fn setup_of(setup: &str) -> Setup {
    match setup.trim().is_empty() {
        true => Setup::Default,
        false => Setup::Text {
            name: SETUP_NAME.to_owned(),
            text: setup.to_owned(),
        },
    }
}

/// The problems of `report`, marked where they are when the report is
/// about the document shown as `name`; a problem of another file (one that
/// `extends` names) is marked at the document's start, its message naming
/// that file.
pub fn problems_of(report: &FileReport, name: &str) -> Vec<Problem> {
    let own = report.path == name;
    (report.problems.iter())
        .map(|problem| {
            let mut found = problem_in(problem.as_ref(), &report.source);
            if !own {
                found.message = format!(
                    "in {} (line {}, column {}): {}",
                    report.path, found.line, found.column, found.message
                );
                (found.from, found.to, found.line, found.column) = (0, 0, 1, 1);
            }
            found
        })
        .collect()
}

/// One problem whose labels point into `source`.
///
/// ```
/// let text = "game = \"vocabulary\"\nextends = \"tic-tac-toe\"\n[board]\nwidht = 3\n";
/// let problems = relic_playground::check::rules_of(text).unwrap_err();
/// assert_eq!(problems.len(), 1);
/// assert_eq!(&text[problems[0].from..problems[0].to], "widht");
/// ```
pub fn problem_in(problem: &dyn Diagnostic, source: &str) -> Problem {
    let json = JsonDiagnostic::new(problem, source);
    let start = json.offset.unwrap_or(0).min(source.len());
    let end = (start + json.length.unwrap_or(0)).min(source.len());
    Problem {
        code: json.code,
        severity: json.severity,
        message: json.message,
        label: primary_label(problem),
        help: json.help,
        from: utf16_offset(source, start),
        to: utf16_offset(source, end),
        line: json.line.unwrap_or(1),
        column: json.column.unwrap_or(1),
    }
}

/// What the primary label (else the first) says.
fn primary_label(problem: &dyn Diagnostic) -> Option<String> {
    let labels: Vec<miette::LabeledSpan> = problem.labels()?.collect();
    let index = labels.iter().position(|l| l.primary()).unwrap_or(0);
    labels.into_iter().nth(index)?.label().map(str::to_owned)
}

/// The UTF-16 offset of byte `offset` of `text` (rounded down to a
/// character boundary).
///
/// ```
/// use relic_playground::check::utf16_offset;
/// assert_eq!(utf16_offset("a😀b", 5), 3);
/// assert_eq!(utf16_offset("é", 1), 0);
/// ```
pub fn utf16_offset(text: &str, offset: usize) -> usize {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].encode_utf16().count()
}
