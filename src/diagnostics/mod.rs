//! Shared miette plumbing: byte spans, rendering reports without colour at a
//! fixed width, and the JSON form of diagnostics used by `--format json`.

mod excerpt;
pub mod explain;
mod visible;

use std::fmt;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan};

pub use excerpt::MAX_SHOWN_LINE;
use serde::Serialize;
pub use visible::{is_hostile, picture, visible};

/// A byte range `start..end` in a source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The bytes `start..end`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// Number of bytes covered.
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The miette span for a source of `source_len` bytes. miette drops a
    /// label that starts at the very end of the source, so a span there is
    /// moved back onto the last byte.
    pub fn to_source_span(self, source_len: usize) -> miette::SourceSpan {
        if source_len > 0 && self.start >= source_len {
            return miette::SourceSpan::new((source_len - 1).into(), 1);
        }
        let end = self.end.min(source_len);
        miette::SourceSpan::new(self.start.into(), end.saturating_sub(self.start))
    }
}

/// The 1-based line and column (in characters) of byte `offset` in
/// `source`. Lines end in LF, CRLF or a lone CR.
///
/// ```
/// use relic::diagnostics::line_column;
/// assert_eq!(line_column("ab\ncd", 4), (2, 2));
/// assert_eq!(line_column("ab\r\ncd", 4), (2, 1));
/// assert_eq!(line_column("ab\rcd", 4), (2, 2));
/// ```
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source.as_bytes()[..offset];
    let mut line = 1;
    let mut line_start = 0;
    for (i, &byte) in before.iter().enumerate() {
        let lone_cr = byte == b'\r' && source.as_bytes().get(i + 1) != Some(&b'\n');
        if byte == b'\n' || lone_cr {
            line += 1;
            line_start = i + 1;
        }
    }
    let column = source[line_start..offset].chars().count() + 1;
    (line, column)
}

/// `source` with each lone CR (a classic Mac line end) turned into LF, for
/// miette, which reads only LF and CRLF as line ends. Byte offsets do not
/// change.
fn lone_cr_as_lf(source: &str) -> String {
    let mut bytes = source.as_bytes().to_vec();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    String::from_utf8(bytes).expect("one ASCII byte replaced by another")
}

/// The severity word used in JSON output.
pub fn severity_name(diagnostic: &dyn Diagnostic) -> &'static str {
    match diagnostic.severity().unwrap_or(miette::Severity::Error) {
        miette::Severity::Advice => "advice",
        miette::Severity::Warning => "warning",
        miette::Severity::Error => "error",
    }
}

/// One diagnostic as `--format json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JsonDiagnostic {
    /// Stable code, for example `gbf::relic::duplicate`.
    pub code: String,
    /// `error`, `warning` or `advice`.
    pub severity: &'static str,
    /// The one-line message.
    pub message: String,
    /// 1-based line of the primary label (`null` when there is none).
    pub line: Option<usize>,
    /// 1-based column, in characters, of the primary label.
    pub column: Option<usize>,
    /// Byte offset of the primary label.
    pub offset: Option<usize>,
    /// Length in bytes of the primary label.
    pub length: Option<usize>,
    /// How to fix it.
    pub help: Option<String>,
}

impl JsonDiagnostic {
    /// The JSON form of `diagnostic`, whose labels point into `source`.
    pub fn new(diagnostic: &dyn Diagnostic, source: &str) -> JsonDiagnostic {
        JsonDiagnostic::located(diagnostic, |offset| line_column(source, offset))
    }

    /// [`JsonDiagnostic::new`] with the line and column of an offset found
    /// by `position` (a [`LineIndex`] for many diagnostics of one file).
    fn located(
        diagnostic: &dyn Diagnostic,
        position: impl Fn(usize) -> (usize, usize),
    ) -> JsonDiagnostic {
        let primary = primary_label(diagnostic);
        let position = primary.as_ref().map(|label| position(label.offset()));
        JsonDiagnostic {
            code: diagnostic.code().map(|c| c.to_string()).unwrap_or_default(),
            severity: severity_name(diagnostic),
            message: diagnostic.to_string(),
            line: position.map(|p| p.0),
            column: position.map(|p| p.1),
            offset: primary.as_ref().map(LabeledSpan::offset),
            length: primary.as_ref().map(LabeledSpan::len),
            help: diagnostic.help().map(|h| h.to_string()),
        }
    }
}

/// The label marked primary, else the first label.
pub(crate) fn primary_label(diagnostic: &dyn Diagnostic) -> Option<LabeledSpan> {
    let labels: Vec<LabeledSpan> = diagnostic.labels()?.collect();
    let index = labels.iter().position(LabeledSpan::primary).unwrap_or(0);
    labels.into_iter().nth(index)
}

/// miette's graphical handler, `width` columns wide, without links; in
/// colour when [`crate::output::colour`] says so.
pub fn report_handler(width: usize) -> GraphicalReportHandler {
    let theme = if crate::output::colour() {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false)
}

/// One diagnostic that carries its own source (or none) rendered as
/// miette's graphical report, `width` columns wide, coloured when the
/// command line asked for colour. The one way the program shows a
/// diagnostic that is not a file's problem.
///
/// ```
/// #[derive(Debug, thiserror::Error)]
/// #[error("no such thing")]
/// struct Missing;
///
/// impl miette::Diagnostic for Missing {
///     fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
///         Some(Box::new("add it"))
///     }
/// }
///
/// let text = relic::diagnostics::render_one(&Missing, 80);
/// assert!(text.contains("no such thing") && text.contains("help: add it"));
/// ```
pub fn render_one(diagnostic: &dyn Diagnostic, width: usize) -> String {
    let mut out = String::new();
    let labels = diagnostic
        .labels()
        .map(Iterator::collect)
        .unwrap_or_default();
    let shown = Shown {
        inner: diagnostic,
        labels: visible_labels(labels),
        source: diagnostic.source_code(),
    };
    match report_handler(width).render_report(&mut out, &shown) {
        Ok(()) => out,
        Err(_) => format!("error: {diagnostic}\n"),
    }
}

/// Where a problem's first label starts, if it has one.
pub fn label_start(error: &(dyn Diagnostic + Send + Sync)) -> Option<usize> {
    error.labels()?.next().map(|label| label.offset())
}

/// Puts problems of one file in the order of where they are written
/// (problems without a label first); problems at one place keep their
/// order.
pub fn sort_by_place(problems: &mut [Box<dyn Diagnostic + Send + Sync>]) {
    problems.sort_by_key(|p| label_start(p.as_ref()).unwrap_or(0));
}

/// The problems found in one file, ready to render or serialise.
#[derive(Debug)]
pub struct FileReport {
    /// The path as the user gave it.
    pub path: String,
    /// The file's text (lossily decoded if it was not UTF-8).
    pub source: String,
    /// Every problem found, in file order.
    pub problems: Vec<Box<dyn Diagnostic + Send + Sync>>,
}

impl FileReport {
    /// Whether the file had no errors.
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }

    /// The problems listed: the first [`MAX_LISTED`].
    fn listed(&self) -> &[Box<dyn Diagnostic + Send + Sync>] {
        &self.problems[..self.problems.len() - self.unlisted()]
    }

    /// How many problems are counted but not listed: none up to one more
    /// than [`MAX_LISTED`] (a single one left over is listed, not counted).
    pub fn unlisted(&self) -> usize {
        match self.problems.len() > MAX_LISTED + 1 {
            true => self.problems.len() - MAX_LISTED,
            false => 0,
        }
    }

    /// Every problem rendered as miette's graphical report, `width` columns
    /// wide, coloured when the command line asked for colour
    /// ([`crate::output::colour`]); past [`MAX_LISTED`] problems, one line
    /// counts the rest. Lines over [`MAX_SHOWN_LINE`] bytes are shown
    /// clipped around their labels.
    pub fn render(&self, width: usize) -> String {
        let handler = report_handler(width);
        let text = lone_cr_as_lf(&self.source);
        let lines = excerpt::Lines::new(&text);
        let mut out = String::new();
        for (i, problem) in self.listed().iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            let labels: Vec<LabeledSpan> =
                problem.labels().map(Iterator::collect).unwrap_or_default();
            let source = excerpt::Excerpt::new(&self.path, &lines, &labels);
            let with_source = Shown {
                inner: problem.as_ref(),
                labels: visible_labels(labels.iter().map(|l| source.label(l)).collect()),
                source: Some(&source),
            };
            handler
                .render_report(&mut out, &with_source)
                .expect("rendering into a String cannot fail");
        }
        if self.unlisted() > 0 {
            let (more, total) = (self.unlisted(), self.problems.len());
            out.push_str(&format!(
                "\nand {more} more problems ({total} in all, the first {MAX_LISTED} listed): fix these and check again\n"
            ));
        }
        out
    }

    /// The JSON records of the problems listed (the first [`MAX_LISTED`];
    /// [`FileReport::unlisted`] counts the rest).
    pub fn json_diagnostics(&self) -> Vec<JsonDiagnostic> {
        let index = LineIndex::new(&self.source);
        (self.listed().iter())
            .map(|p| JsonDiagnostic::located(p.as_ref(), |offset| index.line_column(offset)))
            .collect()
    }
}

/// The most problems a file's report lists; the rest are counted ("and N
/// more problems"), so that a huge broken file gives a readable report in
/// time linear in its size. Formats that count their own (boards and
/// rulesets list 100 and one `too_many`) stay under it.
pub const MAX_LISTED: usize = 200;

/// Where each line of a text starts, to find the line and column of many
/// offsets without reading the text again for each ([`line_column`]).
struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    fn new(source: &'a str) -> LineIndex<'a> {
        let bytes = source.as_bytes();
        let ends = (0..bytes.len()).filter(|&i| {
            bytes[i] == b'\n' || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        });
        let starts = std::iter::once(0).chain(ends.map(|i| i + 1)).collect();
        LineIndex { source, starts }
    }

    /// What [`line_column`] gives for `offset`.
    fn line_column(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.source.len());
        while !self.source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&start| start <= offset);
        let start = self.starts[line - 1];
        (line, self.source[start..offset].chars().count() + 1)
    }
}

/// A diagnostic as the terminal is shown it: its message, help and labels
/// with control characters made visible ([`visible()`]), lent the source its
/// labels point into.
struct Shown<'a> {
    inner: &'a dyn Diagnostic,
    /// The labels, moved into `source`.
    labels: Vec<LabeledSpan>,
    source: Option<&'a dyn miette::SourceCode>,
}

/// `labels` with their texts made visible.
fn visible_labels(labels: Vec<LabeledSpan>) -> Vec<LabeledSpan> {
    (labels.into_iter())
        .map(|l| match l.label().map(visible) {
            Some(std::borrow::Cow::Owned(text)) => {
                let span = miette::SourceSpan::new(l.offset().into(), l.len());
                match l.primary() {
                    true => LabeledSpan::new_primary_with_span(Some(text), span),
                    false => LabeledSpan::new_with_span(Some(text), span),
                }
            }
            _ => l,
        })
        .collect()
}

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&visible(&self.inner.to_string()))
    }
}

impl std::error::Error for Shown<'_> {}

impl Diagnostic for Shown<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let help = self.inner.help()?.to_string();
        Some(Box::new(visible(&help).into_owned()))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source
    }
}

/// The JSON document printed by `--format json` for a list of files.
#[derive(Debug, Serialize)]
pub struct JsonFiles {
    /// One entry per file, in the order given.
    pub files: Vec<JsonFile>,
}

/// One file's entry in [`JsonFiles`].
#[derive(Debug, Serialize)]
pub struct JsonFile {
    /// The path as given.
    pub path: String,
    /// Whether the file had no errors.
    pub ok: bool,
    /// Its problems (at most [`MAX_LISTED`]).
    pub diagnostics: Vec<JsonDiagnostic>,
    /// How many problems are not listed (left out when none is).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub more: Option<usize>,
    /// How many problems there are in all (left out when every one is
    /// listed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<usize>,
}

impl From<&FileReport> for JsonFile {
    fn from(report: &FileReport) -> JsonFile {
        JsonFile {
            path: report.path.clone(),
            ok: report.is_ok(),
            diagnostics: report.json_diagnostics(),
            more: (report.unlisted() > 0).then_some(report.unlisted()),
            total: (report.unlisted() > 0).then_some(report.problems.len()),
        }
    }
}
