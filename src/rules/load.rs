//! Loading rulesets: reading files, resolving `extends` chains, and
//! checking the result in two stages (the schema, then contradictions),
//! reporting every problem in the file it points into.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::error::RulesetError;
use super::schema::{Ruleset, json_schema};
use super::semantic::check_ruleset;
use super::tree::{Entry, Node, Origin};
use super::validate::{Problem, check_tree, source_span};
use crate::diagnostics::{FileReport, Span, line_column};
use crate::files::{ReadFailure, read_regular};

/// The rulesets built into the binary, by the name `extends` and
/// `--ruleset` use: the standard game and every shipped variant.
pub const BUILTIN_RULESETS: &[(&str, &str)] = &[
    ("moving-maze", super::STANDARD_TOML),
    (
        "two-players",
        include_str!("../../rulesets/variants/two-players.toml"),
    ),
    (
        "any-order",
        include_str!("../../rulesets/variants/any-order.toml"),
    ),
    (
        "last-relic",
        include_str!("../../rulesets/variants/last-relic.toml"),
    ),
    (
        "reverse-slide",
        include_str!("../../rulesets/variants/reverse-slide.toml"),
    ),
    (
        "single-steps",
        include_str!("../../rulesets/variants/single-steps.toml"),
    ),
    (
        "keep-moving",
        include_str!("../../rulesets/variants/keep-moving.toml"),
    ),
    (
        "pushed-home",
        include_str!("../../rulesets/variants/pushed-home.toml"),
    ),
    (
        "large-boards",
        include_str!("../../rulesets/variants/large-boards.toml"),
    ),
];

/// The largest ruleset file relic reads.
pub const MAX_RULESET_BYTES: u64 = 1024 * 1024;

/// At most this many problems are reported per file; the rest are counted.
pub const MAX_PROBLEMS: usize = 100;

/// The deepest `extends` chain relic follows.
const MAX_DEPTH: usize = 16;

/// The TOML text of a built-in ruleset.
pub fn builtin_source(name: &str) -> Option<&'static str> {
    BUILTIN_RULESETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
}

/// Why a ruleset could not be loaded: every problem, grouped by the file it
/// points into (the file loaded first, then any file it extends).
pub struct RulesetFailure {
    /// One report per file with problems; the loaded file's comes first.
    pub reports: Vec<FileReport>,
    /// Whether the loaded file itself could not be read.
    pub unreadable: bool,
}

impl RulesetFailure {
    /// Every report rendered without colour, `width` columns wide.
    pub fn render(&self, width: usize) -> String {
        self.reports.iter().map(|r| r.render(width)).collect()
    }

    /// How many problems there are in all.
    pub fn problem_count(&self) -> usize {
        self.reports.iter().map(|r| r.problems.len()).sum()
    }
}

impl fmt::Debug for RulesetFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(80))
    }
}

/// Reads the ruleset at `path`, resolving `extends`, and checks it.
pub fn load_ruleset(path: &Path) -> Result<Ruleset, RulesetFailure> {
    let name = path.display().to_string();
    let source = read_source(path).map_err(|(reason, mut help)| {
        if !path.exists() {
            let names: Vec<&str> = BUILTIN_RULESETS.iter().map(|(n, _)| *n).collect();
            let shown = path.to_string_lossy();
            let builtins =
                super::validate::suggestion_help(&shown, "the built-in rulesets are", &names);
            help = format!("{builtins}; or check the path");
        }
        (reason, help)
    });
    let source = source.map_err(|(reason, help)| RulesetFailure {
        reports: vec![FileReport {
            path: name.clone(),
            source: String::new(),
            problems: vec![Box::new(RulesetError::Unreadable {
                path: name.clone(),
                reason,
                help,
            })],
        }],
        unreadable: true,
    })?;
    let identity = identity_of(path);
    Loader::new(name, source).run(path.parent(), identity)
}

/// Checks ruleset TOML named `name`; `base` is the folder relative
/// `extends` paths start from (the working folder when `None`).
pub fn parse_ruleset(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Ruleset, RulesetFailure> {
    Loader::new(name.to_owned(), source.to_owned()).run(base, format!("builtin:{name}"))
}

/// Loads the built-in ruleset `name` (`moving-maze`, `two-players`, ...).
pub fn builtin_ruleset(name: &str) -> Option<Result<Ruleset, RulesetFailure>> {
    let source = builtin_source(name)?;
    Some(parse_ruleset(source, &builtin_display(name), None))
}

fn builtin_display(name: &str) -> String {
    format!("{name} (built-in)")
}

/// One file of an `extends` chain.
struct SourceFile {
    name: String,
    source: String,
    /// The file that extends this one, and where its `extends` value is.
    extended_by: Option<Origin>,
}

struct Loader {
    files: Vec<SourceFile>,
    problems: Vec<Problem>,
    /// Whether some file has a syntax error: a key may then be missing
    /// only because its line did not parse, so missing keys are not
    /// reported.
    broken: bool,
}

impl Loader {
    fn new(name: String, source: String) -> Loader {
        let file = SourceFile {
            name,
            source,
            extended_by: None,
        };
        Loader {
            files: vec![file],
            problems: Vec::new(),
            broken: false,
        }
    }

    fn run(mut self, base: Option<&Path>, identity: String) -> Result<Ruleset, RulesetFailure> {
        let mut chain = vec![identity];
        let ruleset = self
            .load_tree(0, base.map(Path::to_path_buf), &mut chain)
            .and_then(|root| self.check(root));
        if self.broken {
            self.drop_syntax_echoes();
        }
        match ruleset {
            Some(ruleset) if self.problems.is_empty() && !self.broken => Ok(ruleset),
            _ => Err(self.into_failure()),
        }
    }

    /// Parses file `file` and merges it over everything it extends.
    fn load_tree(
        &mut self,
        file: usize,
        base: Option<PathBuf>,
        chain: &mut Vec<String>,
    ) -> Option<Node> {
        let source = self.files[file].source.clone();
        // What parsed is still checked, so that a syntax error does not
        // hide the other problems (the failure is certain anyway).
        let (document, errors) = toml::de::DeTable::parse_recoverable(&source);
        for error in &errors {
            self.syntax_problem(file, error);
        }
        self.broken |= !errors.is_empty();
        let mut node = Node::from_document(&document, file);
        let Some(extends) = node.take("extends") else {
            return Some(node);
        };
        let value = extends.value;
        let super::tree::NodeKind::Str(name) = &value.kind else {
            self.problems.push((file, RulesetError::WrongType {
                key: "extends".into(),
                expected: "a string".into(),
                found: value.kind.type_name().into(),
                span: source_span(value.at),
                about: "The ruleset this one changes: a built-in name or a path relative to this file.".into(),
            }));
            return None;
        };
        let (identity, parent_base) = self.open_parent(name, value.at, base.as_deref(), chain)?;
        chain.push(identity);
        let parent = self.load_tree(self.files.len() - 1, parent_base, chain);
        chain.pop();
        let mut parent = parent?;
        parent.merge(node);
        Some(parent)
    }

    /// Reads the ruleset `name` extends into a new file entry; returns its
    /// identity and the folder its own `extends` is relative to.
    fn open_parent(
        &mut self,
        name: &str,
        at: Origin,
        base: Option<&Path>,
        chain: &[String],
    ) -> Option<(String, Option<PathBuf>)> {
        let parent = match find_parent(name, at, base) {
            Ok(parent) => parent,
            Err(error) => {
                self.problems.push((at.file, error));
                return None;
            }
        };
        if chain.contains(&parent.identity) || chain.len() > MAX_DEPTH {
            // Each file has one parent, so the chain is the files so far.
            let names: Vec<&str> = self.files.iter().map(|f| f.name.as_str()).collect();
            let chain = format!("{} -> {}", names.join(" -> "), parent.display);
            let error = RulesetError::ExtendsCycle {
                chain,
                span: source_span(at),
            };
            self.problems.push((at.file, error));
            return None;
        }
        self.files.push(SourceFile {
            name: parent.display,
            source: parent.source,
            extended_by: Some(at),
        });
        Some((parent.identity, parent.base))
    }

    /// Drops the problems a syntax error may have caused rather than the
    /// file: missing keys (their line may not have parsed) and problems on
    /// a line that has a syntax error.
    fn drop_syntax_echoes(&mut self) {
        let line_of = |file: usize, e: &RulesetError| {
            let at = origin_of(file, e)?.span.start;
            Some((file, line_column(&self.files[file].source, at).0))
        };
        let broken: HashSet<(usize, usize)> = self
            .problems
            .iter()
            .filter(|(_, e)| matches!(e, RulesetError::Syntax { .. }))
            .filter_map(|(file, e)| line_of(*file, e))
            .collect();
        let echo = |file: usize, e: &RulesetError| match e {
            RulesetError::Syntax { .. } => false,
            RulesetError::MissingKey { .. } => true,
            _ => line_of(file, e).is_some_and(|line| broken.contains(&line)),
        };
        let keep: Vec<bool> = self.problems.iter().map(|(f, e)| !echo(*f, e)).collect();
        let mut keep = keep.into_iter();
        self.problems.retain(|_| keep.next().unwrap_or(true));
    }

    fn syntax_problem(&mut self, file: usize, error: &toml::de::Error) {
        let len = self.files[file].source.len();
        let range = error.span().unwrap_or(len..len);
        let span = Span::new(range.start, range.end.max(range.start + 1)).to_source_span(len);
        let message = error.message().trim().to_owned();
        self.problems
            .push((file, RulesetError::Syntax { message, span }));
    }

    /// The two checking stages on the merged tree. Top-level sections with
    /// schema problems are left out (taking their defaults), and the
    /// contradictions that involve them are not looked for.
    fn check(&mut self, mut root: Node) -> Option<Ruleset> {
        check_tree(&root, schema(), &mut self.problems);
        let bad: HashSet<Origin> = self
            .problems
            .iter()
            .filter_map(|(file, e)| origin_of(*file, e))
            .collect();
        let is_bad = |e: &Entry| bad.contains(&e.key_at) || e.value.contains_any(&bad);
        let skipped: Vec<String> = root
            .entries()
            .iter()
            .filter(|e| is_bad(e))
            .map(|e| e.key.clone())
            .collect();
        root.retain_entries(|e| !is_bad(e));
        let mut ruleset: Ruleset = match root.to_value().try_into() {
            Ok(ruleset) => ruleset,
            Err(error) => {
                let message = error.message().trim().to_owned();
                self.problems.push((0, RulesetError::Schema { message }));
                return None;
            }
        };
        ruleset.extends = None;
        let names: Vec<String> = self.files.iter().map(|f| f.name.clone()).collect();
        check_ruleset(&ruleset, &root, &names, &skipped, &mut self.problems);
        Some(ruleset)
    }

    /// Groups the problems by file, adding to each extending file a pointer
    /// to the problems of what it extends.
    fn into_failure(mut self) -> RulesetFailure {
        let mut flagged = vec![false; self.files.len()];
        let mut files: Vec<usize> = self.problems.iter().map(|(f, _)| *f).collect();
        while let Some(file) = files.pop() {
            let Some(at) = self.files[file].extended_by else {
                continue;
            };
            if !flagged[file] {
                flagged[file] = true;
                let name = self.files[file].name.clone();
                self.problems.push((
                    at.file,
                    RulesetError::ParentInvalid {
                        name,
                        span: source_span(at),
                    },
                ));
                files.push(at.file);
            }
        }
        let mut by_file: BTreeMap<usize, Vec<RulesetError>> = BTreeMap::new();
        for (file, error) in self.problems {
            by_file.entry(file).or_default().push(error);
        }
        by_file.entry(0).or_default();
        let reports = by_file
            .into_iter()
            .map(|(file, mut problems)| {
                problems.sort_by_key(label_start);
                cap_problems(&mut problems);
                FileReport {
                    path: self.files[file].name.clone(),
                    source: self.files[file].source.clone(),
                    problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
                }
            })
            .collect();
        RulesetFailure {
            reports,
            unreadable: false,
        }
    }
}

/// A ruleset named by `extends`, read.
struct Parent {
    /// How it is recognised in a chain.
    identity: String,
    /// Its name in reports.
    display: String,
    /// Its text.
    source: String,
    /// The folder its own `extends` is relative to.
    base: Option<PathBuf>,
}

/// Reads the built-in ruleset or file `name`, relative to `base`.
fn find_parent(name: &str, at: Origin, base: Option<&Path>) -> Result<Parent, RulesetError> {
    if let Some(text) = builtin_source(name) {
        return Ok(Parent {
            identity: format!("builtin:{name}"),
            display: builtin_display(name),
            source: text.to_owned(),
            base: None,
        });
    }
    let path = base.unwrap_or(Path::new("")).join(name);
    match read_source(&path) {
        Ok(source) => Ok(Parent {
            identity: identity_of(&path),
            display: path.display().to_string(),
            source,
            base: path.parent().map(Path::to_path_buf),
        }),
        Err((reason, _)) => Err(not_found(name, &path, reason, at)),
    }
}

/// The schema, generated once.
fn schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(json_schema)
}

fn not_found(name: &str, path: &Path, reason: String, at: Origin) -> RulesetError {
    let names: Vec<&str> = BUILTIN_RULESETS.iter().map(|(n, _)| *n).collect();
    let builtins = super::validate::suggestion_help(name, "the built-in rulesets are", &names);
    RulesetError::ExtendsNotFound {
        name: name.to_owned(),
        span: source_span(at),
        reason,
        help: format!(
            "{builtins}; a path is relative to the extending file (tried {})",
            path.display()
        ),
    }
}

/// Where a problem's primary label is, to leave that value out.
fn origin_of(file: usize, error: &RulesetError) -> Option<Origin> {
    let label = miette::Diagnostic::labels(error)?.next()?;
    Some(Origin {
        file,
        span: Span::new(label.offset(), label.offset() + label.len()),
    })
}

/// Keeps the first [`MAX_PROBLEMS`] problems (in file order) and counts the
/// rest in one last problem that points at the first one left out.
fn cap_problems(problems: &mut Vec<RulesetError>) {
    if problems.len() <= MAX_PROBLEMS {
        return;
    }
    let more = problems.len() - MAX_PROBLEMS;
    let next = label_start(&problems[MAX_PROBLEMS]);
    problems.truncate(MAX_PROBLEMS);
    problems.push(RulesetError::TooManyProblems {
        shown: MAX_PROBLEMS,
        more,
        at: miette::SourceSpan::new(next.into(), 0),
    });
}

fn label_start(error: &RulesetError) -> usize {
    miette::Diagnostic::labels(error)
        .and_then(|mut labels| labels.next())
        .map_or(0, |label| label.offset())
}

/// How a file is recognised again in an `extends` chain.
fn identity_of(path: &Path) -> String {
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    canonical.display().to_string()
}

/// Reads a ruleset file: a regular file of at most 1 MiB of UTF-8 text. On
/// error, the reason and a help line.
pub(crate) fn read_source(path: &Path) -> Result<String, (String, String)> {
    let fail = |reason: String, help: &str| Err((reason, help.to_owned()));
    let bytes = match read_regular(path, MAX_RULESET_BYTES) {
        Ok(bytes) => bytes,
        Err(failure) => {
            let help = match failure {
                ReadFailure::NotFound => {
                    "check the path, or name a built-in ruleset such as `moving-maze`"
                }
                ReadFailure::Directory => "name a .toml ruleset file",
                ReadFailure::NotRegular => {
                    "save the ruleset to a regular file; pipes and devices are not read"
                }
                ReadFailure::TooLarge { .. } => {
                    "rulesets are at most 1 MiB; is this the right file?"
                }
                ReadFailure::Io(_) => "check the file's permissions",
            };
            let reason = match failure {
                ReadFailure::TooLarge { .. } => {
                    "it is over the 1 MiB limit for ruleset files".into()
                }
                _ => failure.reason(),
            };
            return fail(reason, help);
        }
    };
    String::from_utf8(bytes).or_else(|_| {
        fail(
            "it is not valid UTF-8 text".into(),
            "save the ruleset as UTF-8 text",
        )
    })
}
