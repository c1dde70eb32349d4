//! The one `extends` loader every game's rulesets use: parse each file of
//! the chain into a spanned [`Node`] tree, follow `extends` to a built-in
//! ruleset of the same game or a file (relative to the extending file),
//! refuse cycles and over-deep chains, merge each file over its parent,
//! and gather every problem (the game's own checks add theirs) into one
//! [`RulesetFailure`] grouped by file.
//!
//! ```
//! use relic::config::{Builtins, Loader};
//! const MINE: &[(&str, &str)] = &[("base", "size = 3\nname = \"base\"\n")];
//! let builtins = Builtins { list: MINE, what: "the built-in rulesets are", more: None };
//! let mut loader = Loader::new("child.toml", "extends = \"base\"\nsize = 4\n", builtins);
//! let root = loader.merged_tree(None, "child".into()).unwrap();
//! assert_eq!(root.to_value()["size"].as_integer(), Some(4));
//! assert_eq!(root.to_value()["name"].as_str(), Some("base"));
//! assert!(loader.finish(Some(())).is_ok());
//!
//! let mut typo = Loader::new("typo.toml", "extends = \"bse\"\n", builtins);
//! assert!(typo.merged_tree(None, "typo".into()).is_none());
//! let failure = typo.finish(None::<()>).unwrap_err();
//! assert!(failure.render(80).contains("did you mean `base`?"));
//! ```

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use miette::Diagnostic;

use super::error::RulesetError;
use super::source::{MAX_PROBLEMS, RulesetFailure, identity_of, read_source};
use super::tree::{Node, NodeKind, Origin};
use super::unset::{nothing_to_unset, remove_unset, take_unset};
use super::validate::{check_tree, source_span, suggestion_help};
use crate::diagnostics::{FileReport, Span, label_start, line_column, sort_by_place};

/// A problem of any stage and the file (index in the chain) it points into.
pub type Problem = (usize, Box<dyn Diagnostic + Send + Sync>);

/// The most files an `extends` chain may hold (the loaded file and the
/// rulesets it extends): far more than any real family of variants, few
/// enough that a generated chain cannot make loading slow.
pub const MAX_DEPTH: usize = 64;

/// The built-in rulesets of one game, which `extends` may name.
#[derive(Clone, Copy, Debug)]
pub struct Builtins {
    /// Each built-in ruleset's name and TOML text.
    pub list: &'static [(&'static str, &'static str)],
    /// How help lines introduce their names, for example `the built-in
    /// vocabulary rulesets are`.
    pub what: &'static str,
    /// Built-ins of other games written in this game's rules, by name
    /// (`None` for a name that is none): the core reads a vocabulary
    /// built-in in its core form, so a core ruleset can extend
    /// `connect-four`.
    pub more: Option<fn(&str) -> Option<&'static str>>,
}

impl Builtins {
    /// The TOML text of the built-in ruleset `name` (its own, else one of
    /// [`Builtins::more`]).
    pub fn source(&self, name: &str) -> Option<&'static str> {
        let own = self.list.iter().find(|(n, _)| *n == name).map(|(_, s)| *s);
        own.or_else(|| self.more.and_then(|more| more(name)))
    }

    /// `did you mean ...? <what>: ...` for a name that is none of them.
    pub fn help(&self, name: &str) -> String {
        let names: Vec<&str> = self.list.iter().map(|(n, _)| *n).collect();
        suggestion_help(name, self.what, &names)
    }
}

/// One file of an `extends` chain.
struct SourceFile {
    name: String,
    source: String,
    /// The file that extends this one, and where its `extends` value is.
    extended_by: Option<Origin>,
    /// The folder its relative `extends` starts from, and how it is
    /// recognised in a cycle (to load it again on its own).
    base: Option<PathBuf>,
    identity: String,
}

/// Loads one ruleset and everything it extends, and collects problems.
pub struct Loader {
    files: Vec<SourceFile>,
    problems: Vec<Problem>,
    builtins: Builtins,
    /// Whether to go on checking a file with a TOML syntax error.
    past_syntax_errors: bool,
    /// Whether some file has a syntax error.
    broken: bool,
    /// After a failed check: the nearest file of the chain above the
    /// loaded one that checks on its own, and its merged tree.
    first_sound: Option<(usize, Node)>,
}

impl Loader {
    /// A loader for ruleset TOML `source` shown as `name`.
    pub fn new(name: &str, source: &str, builtins: Builtins) -> Loader {
        let file = SourceFile {
            name: name.to_owned(),
            source: source.to_owned(),
            extended_by: None,
            base: None,
            identity: name.to_owned(),
        };
        Loader {
            files: vec![file],
            problems: Vec::new(),
            builtins,
            past_syntax_errors: false,
            broken: false,
            first_sound: None,
        }
    }

    /// Goes on checking what parsed after a TOML syntax error (so that it
    /// does not hide other problems), leaving out what the error may have
    /// caused: missing keys and problems on a line with a syntax error.
    pub fn checking_past_syntax_errors(mut self) -> Loader {
        self.past_syntax_errors = true;
        self
    }

    /// Reports `error` in file `file` of the chain (0: the file loaded).
    pub fn problem(&mut self, file: usize, error: impl Diagnostic + Send + Sync + 'static) {
        self.problems.push((file, Box::new(error)));
    }

    /// Reports every problem of `found` (each with its file).
    pub fn extend<E: Diagnostic + Send + Sync + 'static>(
        &mut self,
        found: impl IntoIterator<Item = (usize, E)>,
    ) {
        for (file, error) in found {
            self.problem(file, error);
        }
    }

    /// Reports a problem already boxed.
    pub fn push(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// Whether any problem has been reported so far.
    pub fn has_problems(&self) -> bool {
        !self.problems.is_empty() || self.broken
    }

    /// The display names of the files of the chain, the loaded one first.
    pub fn file_names(&self) -> Vec<String> {
        self.files.iter().map(|f| f.name.clone()).collect()
    }

    /// The texts of the files of the chain, the loaded one first.
    pub fn sources(&self) -> Vec<String> {
        self.files.iter().map(|f| f.source.clone()).collect()
    }

    /// The loaded file merged over everything it extends (without the
    /// `extends` key); `base` is the folder a relative `extends` starts
    /// from, `identity` how the loaded file is recognised in a cycle.
    /// `None` when the chain cannot be read (the problems say why).
    pub fn merged_tree(&mut self, base: Option<&Path>, identity: String) -> Option<Node> {
        self.files[0].base = base.map(Path::to_path_buf);
        self.files[0].identity = identity.clone();
        let mut chain = vec![identity];
        self.tree(0, base.map(Path::to_path_buf), &mut chain)
    }

    /// Checks `root` against the JSON `schema`, reports what does not fit
    /// and returns where each problem is (to leave those values out).
    pub fn check_schema(&mut self, root: &Node, schema: &serde_json::Value) -> Vec<Origin> {
        let mut found = Vec::new();
        check_tree(root, schema, &mut found);
        let bad = found.iter().filter_map(|(f, e)| origin_of(*f, e)).collect();
        for (file, error) in found {
            self.problem(file, error);
        }
        bad
    }

    /// Merges the loaded file over everything it extends, runs `check` on
    /// the merged tree and [`finish`](Loader::finish)es: the checked value,
    /// or every problem of every file. `base` and `identity` are as for
    /// [`merged_tree`](Loader::merged_tree). When a ruleset extended has
    /// problems that it does not have on its own, the file whose keys
    /// cause them is told so ([`RulesetError::ChangedParentInvalid`]).
    pub fn run<T>(
        mut self,
        base: Option<&Path>,
        identity: String,
        check: impl Fn(&mut Loader, Node) -> Option<T>,
    ) -> Result<T, RulesetFailure> {
        let value = (self.merged_tree(base, identity)).and_then(|root| self.check(root, &check));
        if value.is_none() && self.problems.iter().any(|(file, _)| *file > 0) {
            self.first_sound = self.first_sound_parent(&check);
        }
        self.finish(value)
    }

    /// `check` on the merged tree, after the check for control characters.
    fn check<T>(
        &mut self,
        root: Node,
        check: impl Fn(&mut Loader, Node) -> Option<T>,
    ) -> Option<T> {
        super::text::control_characters(&root, &mut String::new(), &mut self.problems);
        check(self, root)
    }

    /// The nearest ruleset of the chain above the loaded file that checks
    /// on its own, with its merged tree: the file just below it changes it
    /// into one that does not.
    fn first_sound_parent<T>(
        &self,
        check: impl Fn(&mut Loader, Node) -> Option<T>,
    ) -> Option<(usize, Node)> {
        (1..self.files.len()).find_map(|i| {
            let file = &self.files[i];
            let mut alone = Loader::new(&file.name, &file.source, self.builtins);
            alone.past_syntax_errors = self.past_syntax_errors;
            let root = alone.merged_tree(file.base.as_deref(), file.identity.clone())?;
            let value = alone.check(root.clone(), &check);
            (value.is_some() && !alone.has_problems()).then_some((i, root))
        })
    }

    /// `value` when it was loaded without any problem, else every problem
    /// grouped by file, at most [`MAX_PROBLEMS`] a file.
    pub fn finish<T>(mut self, value: Option<T>) -> Result<T, RulesetFailure> {
        if self.broken {
            self.drop_syntax_echoes();
        }
        match value {
            Some(value) if self.problems.is_empty() && !self.broken => Ok(value),
            _ => Err(self.into_failure()),
        }
    }

    /// Parses file `file` and merges it over everything it extends.
    fn tree(
        &mut self,
        file: usize,
        base: Option<PathBuf>,
        chain: &mut Vec<String>,
    ) -> Option<Node> {
        let source = self.files[file].source.clone();
        let (document, errors) = toml::de::DeTable::parse_recoverable(&source);
        for error in first_error_per_line(&source, &errors) {
            self.syntax_problem(file, error);
        }
        self.broken |= !errors.is_empty();
        if !errors.is_empty() && !self.past_syntax_errors {
            return None;
        }
        let mut node = Node::from_document(&document, file);
        let (unset, problems) = take_unset(&mut node);
        self.extend(problems.into_iter().map(|p| (file, p)));
        let Some(extends) = node.take("extends") else {
            if let Some(unset) = &unset {
                self.problem(file, nothing_to_unset(unset));
            }
            return Some(node);
        };
        let value = extends.value;
        let NodeKind::Str(name) = &value.kind else {
            let error = RulesetError::WrongType {
                key: "extends".into(),
                expected: "a string".into(),
                found: value.kind.type_name().into(),
                span: source_span(value.at),
                about:
                    "The ruleset this one changes: a built-in name or a path relative to this file."
                        .into(),
            };
            self.problem(file, error);
            return None;
        };
        let (identity, parent_base) = self.open_parent(name, value.at, base.as_deref(), chain)?;
        chain.push(identity);
        let parent = self.tree(self.files.len() - 1, parent_base, chain);
        chain.pop();
        let mut parent = parent?;
        if let Some(unset) = &unset {
            let problems = remove_unset(&mut parent, unset);
            self.extend(problems.into_iter().map(|p| (file, p)));
        }
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
        let parent = match self.find_parent(name, at, base) {
            Ok(parent) => parent,
            Err(error) => {
                self.problem(at.file, error);
                return None;
            }
        };
        if chain.contains(&parent.identity) {
            // Each file has one parent, so the chain is the files so far.
            let names: Vec<&str> = self.files.iter().map(|f| f.name.as_str()).collect();
            let chain = format!("{} -> {}", names.join(" -> "), parent.display);
            let span = source_span(at);
            self.problem(at.file, RulesetError::ExtendsCycle { chain, span });
            return None;
        }
        if chain.len() >= MAX_DEPTH {
            let first = self.files[0].name.clone();
            let span = source_span(at);
            let error = RulesetError::ExtendsTooDeep {
                first,
                limit: MAX_DEPTH,
                span,
            };
            self.problem(at.file, error);
            return None;
        }
        self.files.push(SourceFile {
            name: parent.display,
            source: parent.source,
            extended_by: Some(at),
            base: parent.base.clone(),
            identity: parent.identity.clone(),
        });
        Some((parent.identity, parent.base))
    }

    /// Reads the built-in ruleset or file `name`, relative to `base`.
    fn find_parent(
        &self,
        name: &str,
        at: Origin,
        base: Option<&Path>,
    ) -> Result<Parent, RulesetError> {
        if let Some(text) = self.builtins.source(name) {
            return Ok(Parent {
                identity: format!("builtin:{name}"),
                display: format!("{name} (built-in)"),
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
            Err((reason, _)) => Err(RulesetError::ExtendsNotFound {
                name: name.to_owned(),
                span: source_span(at),
                reason,
                help: format!(
                    "{}; a path is relative to the extending file (tried {})",
                    self.builtins.help(name),
                    path.display()
                ),
            }),
        }
    }

    fn syntax_problem(&mut self, file: usize, error: &toml::de::Error) {
        let len = self.files[file].source.len();
        let range = error.span().unwrap_or(len..len);
        let span = Span::new(range.start, range.end.max(range.start + 1)).to_source_span(len);
        let message = error.message().trim().to_owned();
        self.problem(file, RulesetError::Syntax { message, span });
    }

    /// Drops the problems a syntax error may have caused rather than the
    /// file: missing keys (their line may not have parsed) and problems on
    /// a line that has a syntax error.
    fn drop_syntax_echoes(&mut self) {
        let line_of = |file: usize, e: &(dyn Diagnostic + Send + Sync)| {
            let at = label_start(e)?;
            Some((file, line_column(&self.files[file].source, at).0))
        };
        let broken: HashSet<(usize, usize)> = (self.problems.iter())
            .filter(|(_, e)| has_code(e.as_ref(), SYNTAX))
            .filter_map(|(file, e)| line_of(*file, e.as_ref()))
            .collect();
        let echo = |file: usize, e: &(dyn Diagnostic + Send + Sync)| {
            if has_code(e, SYNTAX) {
                false
            } else if has_code(e, MISSING_KEY) {
                true
            } else {
                line_of(file, e).is_some_and(|line| broken.contains(&line))
            }
        };
        let keep: Vec<bool> = self
            .problems
            .iter()
            .map(|(f, e)| !echo(*f, e.as_ref()))
            .collect();
        let mut keep = keep.into_iter();
        self.problems.retain(|_| keep.next().unwrap_or(true));
    }

    /// What the file that extends `parent` (its `extends` at `at`) is told
    /// of the parent's problems: that they are its own, or, when the
    /// parent checks on its own, that they come of what this file changes
    /// (the arrays it replaces named).
    fn parent_problem(&self, parent: usize, at: Origin) -> RulesetError {
        let name = self.files[parent].name.clone();
        let span = source_span(at);
        let Some((_, sound)) = self.first_sound.as_ref().filter(|(i, _)| *i == parent) else {
            return RulesetError::ParentInvalid { name, span };
        };
        let (document, _) = toml::de::DeTable::parse_recoverable(&self.files[at.file].source);
        let own = Node::from_document(&document, at.file);
        let replaced = super::replaced::replaced_arrays(&own, sound);
        RulesetError::ChangedParentInvalid {
            help: super::replaced::help(&name, &replaced),
            labels: replaced
                .iter()
                .map(super::replaced::Replaced::label)
                .collect(),
            name,
            span,
        }
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
            if !std::mem::replace(&mut flagged[file], true) {
                let error = self.parent_problem(file, at);
                self.problem(at.file, error);
                files.push(at.file);
            }
        }
        let mut by_file: BTreeMap<usize, Vec<Box<dyn Diagnostic + Send + Sync>>> = BTreeMap::new();
        for (file, error) in self.problems {
            by_file.entry(file).or_default().push(error);
        }
        by_file.entry(0).or_default();
        let reports = (by_file.into_iter())
            .map(|(file, mut problems)| {
                sort_by_place(&mut problems);
                cap_problems(&mut problems);
                FileReport {
                    path: self.files[file].name.clone(),
                    source: self.files[file].source.clone(),
                    problems,
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

const SYNTAX: &str = "rules::toml::syntax";
const MISSING_KEY: &str = "rules::key::missing";

fn has_code(error: &(dyn Diagnostic + Send + Sync), code: &str) -> bool {
    error.code().is_some_and(|c| c.to_string() == code)
}

/// Removes every entry whose key or value is at one of `bad`, at any depth,
/// so that the rest can still be read and checked.
pub fn drop_bad(node: &mut Node, bad: &[Origin]) {
    if let NodeKind::Table(entries) = &mut node.kind {
        entries.retain(|e| !bad.contains(&e.key_at) && !bad.contains(&e.value.at));
        for entry in entries {
            drop_bad(&mut entry.value, bad);
        }
    } else if let NodeKind::Array(items) = &mut node.kind {
        items.retain(|item| !bad.contains(&item.at));
        for item in items {
            drop_bad(item, bad);
        }
    }
}

/// Where a problem's primary label is, to leave that value out.
pub fn origin_of(file: usize, error: &dyn Diagnostic) -> Option<Origin> {
    let label = error.labels()?.next()?;
    Some(Origin {
        file,
        span: Span::new(label.offset(), label.offset() + label.len()),
    })
}

/// Keeps the first [`MAX_PROBLEMS`] problems (in file order) and counts the
/// rest in one last problem that points at the first one left out.
fn cap_problems(problems: &mut Vec<Box<dyn Diagnostic + Send + Sync>>) {
    if problems.len() <= MAX_PROBLEMS {
        return;
    }
    let more = problems.len() - MAX_PROBLEMS;
    let next = label_start(problems[MAX_PROBLEMS].as_ref()).unwrap_or(0);
    problems.truncate(MAX_PROBLEMS);
    problems.push(Box::new(RulesetError::TooManyProblems {
        shown: MAX_PROBLEMS,
        more,
        at: miette::SourceSpan::new(next.into(), 0),
    }));
}

/// The first of `errors` on each line of `source`, in order: the TOML
/// reader recovers character by character, so one broken line would
/// otherwise be reported once per character.
fn first_error_per_line<'e>(
    source: &str,
    errors: &'e [toml::de::Error],
) -> Vec<&'e toml::de::Error> {
    let start = |error: &toml::de::Error| {
        error
            .span()
            .map_or(source.len(), |r| r.start.min(source.len()))
    };
    let mut in_order: Vec<&toml::de::Error> = errors.iter().collect();
    in_order.sort_by_key(|error| start(error));
    let mut lines_seen = std::collections::HashSet::new();
    in_order.retain(|error| {
        let line = source.as_bytes()[..start(error)]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        lines_seen.insert(line)
    });
    in_order
}
