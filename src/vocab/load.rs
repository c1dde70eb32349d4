//! Loading vocabulary rulesets: reading the file, resolving `extends`
//! (built-in classic games or files), checking the merged tree against the
//! schema, then the semantic check, then compiling. Every problem of every
//! stage that can run is reported at once, grouped by file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use miette::Diagnostic;

use super::check::check;
use super::compile::{Program, compile};
use super::schema::{VocabRuleset, vocab_json_schema};
use crate::diagnostics::{FileReport, Span};
use crate::rules::tree::{Node, NodeKind, Origin};
use crate::rules::validate::{check_tree, source_span, suggestion_help};
use crate::rules::{RulesetError, RulesetFailure};

/// The vocabulary rulesets built into the binary: the classic games and
/// their variants, by the name `--ruleset` and `extends` use.
pub const VOCAB_BUILTINS: &[(&str, &str)] = &[
    (
        "tic-tac-toe",
        include_str!("../../rulesets/classic/tic-tac-toe.toml"),
    ),
    (
        "connect-four",
        include_str!("../../rulesets/classic/connect-four.toml"),
    ),
    (
        "gobblet-gobblers",
        include_str!("../../rulesets/classic/gobblet-gobblers.toml"),
    ),
    (
        "breakthrough",
        include_str!("../../rulesets/classic/breakthrough.toml"),
    ),
    (
        "tic-tac-toe-4x4",
        include_str!("../../rulesets/classic/tic-tac-toe-4x4.toml"),
    ),
    (
        "connect-five-9x7",
        include_str!("../../rulesets/classic/connect-five-9x7.toml"),
    ),
    (
        "hex-tic-tac-toe",
        include_str!("../../rulesets/classic/hex-tic-tac-toe.toml"),
    ),
    (
        "breakthrough-captures",
        include_str!("../../rulesets/classic/breakthrough-captures.toml"),
    ),
    (
        "tic-tac-toe-moves",
        include_str!("../../rulesets/classic/tic-tac-toe-moves.toml"),
    ),
    (
        "stacked-tic-tac-toe",
        include_str!("../../rulesets/stacked-tic-tac-toe.toml"),
    ),
    (
        "stacked-no-obstacles",
        include_str!("../../rulesets/stacked/no-obstacles.toml"),
    ),
    (
        "stacked-3x3",
        include_str!("../../rulesets/stacked/three-by-three.toml"),
    ),
    (
        "stacked-5x5",
        include_str!("../../rulesets/stacked/five-by-five.toml"),
    ),
    (
        "stacked-bombs-no-wrap",
        include_str!("../../rulesets/stacked/bombs-no-wrap.toml"),
    ),
];

/// A ruleset as it resolves after `extends`, and its compiled program.
pub type Resolved = (VocabRuleset, Arc<Program>);

/// The deepest `extends` chain followed.
const MAX_DEPTH: usize = 16;

type Problem = (usize, Box<dyn Diagnostic + Send + Sync>);

/// Whether ruleset TOML says `game = "vocabulary"` at its top level (a
/// quick look, before loading, to choose the loader).
///
/// ```
/// assert!(relic::vocab::is_vocabulary("game = \"vocabulary\"\n"));
/// assert!(!relic::vocab::is_vocabulary("name = \"Moving Maze\"\n"));
/// ```
pub fn is_vocabulary(source: &str) -> bool {
    let Ok(document) = toml::de::DeTable::parse(source) else {
        return false;
    };
    let root = Node::from_document(&document, 0);
    matches!(root.get("game").map(|n| &n.kind), Some(NodeKind::Str(s)) if s == "vocabulary")
}

/// The TOML text of a built-in vocabulary ruleset.
pub fn vocab_builtin_source(name: &str) -> Option<&'static str> {
    VOCAB_BUILTINS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
}

/// Loads and compiles the vocabulary ruleset at `path`.
pub fn load_vocab(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
    load_vocab_resolved(path).map(|(_, program)| program)
}

/// [`load_vocab`], also giving the ruleset as it resolves after `extends`
/// (what records store and `relic rules show` prints).
pub fn load_vocab_resolved(path: &Path) -> Result<Resolved, RulesetFailure> {
    let name = path.display().to_string();
    let source =
        crate::rules::read_ruleset_source(path).map_err(|(reason, help)| RulesetFailure {
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
    let identity = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    Loader::new(name, source).run(path.parent(), identity.display().to_string())
}

/// Checks and compiles vocabulary ruleset TOML named `name`; `base` is the
/// folder relative `extends` paths start from.
pub fn parse_vocab(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Arc<Program>, RulesetFailure> {
    parse_vocab_resolved(source, name, base).map(|(_, program)| program)
}

/// [`parse_vocab`], also giving the ruleset as it resolves after `extends`.
pub fn parse_vocab_resolved(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Resolved, RulesetFailure> {
    Loader::new(name.to_owned(), source.to_owned()).run(base, format!("builtin:{name}"))
}

/// Loads the built-in vocabulary ruleset `name` (`connect-four`, ...).
pub fn builtin_vocab(name: &str) -> Option<Result<Arc<Program>, RulesetFailure>> {
    let source = vocab_builtin_source(name)?;
    Some(parse_vocab(source, &format!("{name} (built-in)"), None))
}

struct SourceFile {
    name: String,
    source: String,
    extended_by: Option<Origin>,
}

struct Loader {
    files: Vec<SourceFile>,
    problems: Vec<Problem>,
}

impl Loader {
    fn new(name: String, source: String) -> Loader {
        Loader {
            files: vec![SourceFile {
                name,
                source,
                extended_by: None,
            }],
            problems: Vec::new(),
        }
    }

    fn run(mut self, base: Option<&Path>, identity: String) -> Result<Resolved, RulesetFailure> {
        let mut chain = vec![identity];
        let program = self
            .tree(0, base.map(Path::to_path_buf), &mut chain)
            .and_then(|root| self.check(root));
        match program {
            Some((ruleset, program)) if self.problems.is_empty() => {
                Ok((ruleset, Arc::new(program)))
            }
            _ => Err(self.into_failure()),
        }
    }

    fn problem(&mut self, file: usize, error: impl Diagnostic + Send + Sync + 'static) {
        self.problems.push((file, Box::new(error)));
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
        if !errors.is_empty() {
            for error in errors {
                let range = error.span().unwrap_or(source.len()..source.len());
                let span = Span::new(range.start, range.end.max(range.start + 1))
                    .to_source_span(source.len());
                let message = error.message().trim().to_owned();
                self.problem(file, RulesetError::Syntax { message, span });
            }
            return None;
        }
        let mut node = Node::from_document(&document, file);
        let Some(extends) = node.take("extends") else {
            return Some(node);
        };
        let NodeKind::Str(name) = &extends.value.kind else {
            let error = RulesetError::WrongType {
                key: "extends".into(),
                expected: "a string".into(),
                found: extends.value.kind.type_name().into(),
                span: source_span(extends.value.at),
                about:
                    "The ruleset this one changes: a built-in name or a path relative to this file."
                        .into(),
            };
            self.problem(file, error);
            return None;
        };
        let (identity, parent_base) =
            self.open_parent(name, extends.value.at, base.as_deref(), chain)?;
        chain.push(identity);
        let parent = self.tree(self.files.len() - 1, parent_base, chain);
        chain.pop();
        let mut parent = parent?;
        parent.merge(node);
        Some(parent)
    }

    fn open_parent(
        &mut self,
        name: &str,
        at: Origin,
        base: Option<&Path>,
        chain: &[String],
    ) -> Option<(String, Option<PathBuf>)> {
        let (identity, display, source, parent_base) =
            if let Some(text) = vocab_builtin_source(name) {
                (
                    format!("builtin:{name}"),
                    format!("{name} (built-in)"),
                    text.to_owned(),
                    None,
                )
            } else {
                let path = base.unwrap_or(Path::new("")).join(name);
                match crate::rules::read_ruleset_source(&path) {
                    Ok(source) => {
                        let identity = path
                            .canonicalize()
                            .unwrap_or_else(|_| path.clone())
                            .display()
                            .to_string();
                        (
                            identity,
                            path.display().to_string(),
                            source,
                            path.parent().map(Path::to_path_buf),
                        )
                    }
                    Err((reason, _)) => {
                        let names: Vec<&str> = VOCAB_BUILTINS.iter().map(|(n, _)| *n).collect();
                        let builtins =
                            suggestion_help(name, "the built-in vocabulary rulesets are", &names);
                        let help = format!(
                            "{builtins}; a path is relative to the extending file (tried {})",
                            path.display()
                        );
                        let span = source_span(at);
                        self.problem(
                            at.file,
                            RulesetError::ExtendsNotFound {
                                name: name.to_owned(),
                                span,
                                reason,
                                help,
                            },
                        );
                        return None;
                    }
                }
            };
        if chain.contains(&identity) || chain.len() > MAX_DEPTH {
            let names: Vec<&str> = self.files.iter().map(|f| f.name.as_str()).collect();
            let chain = format!("{} -> {display}", names.join(" -> "));
            self.problem(
                at.file,
                RulesetError::ExtendsCycle {
                    chain,
                    span: source_span(at),
                },
            );
            return None;
        }
        self.files.push(SourceFile {
            name: display,
            source,
            extended_by: Some(at),
        });
        Some((identity, parent_base))
    }

    /// The schema check, then (on what the schema accepts) the semantic
    /// check and compilation.
    fn check(&mut self, mut root: Node) -> Option<(VocabRuleset, Program)> {
        let mut schema_problems = Vec::new();
        check_tree(&root, schema(), &mut schema_problems);
        let bad: Vec<Origin> = schema_problems
            .iter()
            .filter_map(|(file, e)| origin_of(*file, e))
            .collect();
        for (file, error) in schema_problems {
            self.problem(file, error);
        }
        drop_bad(&mut root, &bad);
        let ruleset: VocabRuleset = root.to_value().try_into().ok()?;
        let sources: Vec<String> = self.files.iter().map(|f| f.source.clone()).collect();
        let found = check(&ruleset, &root, &sources);
        let clean = found.is_empty();
        for (file, error) in found {
            self.problem(file, error);
        }
        clean.then(|| {
            let program = compile(&ruleset);
            (ruleset, program)
        })
    }

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
                self.problem(
                    at.file,
                    RulesetError::ParentInvalid {
                        name,
                        span: source_span(at),
                    },
                );
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
                problems.sort_by_key(|p| label_start(p.as_ref()));
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

/// Removes every entry whose key or value has a schema problem, so that
/// the rest can still be read and checked.
fn drop_bad(node: &mut Node, bad: &[Origin]) {
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

fn schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(vocab_json_schema)
}

fn origin_of(file: usize, error: &RulesetError) -> Option<Origin> {
    let label = Diagnostic::labels(error)?.next()?;
    Some(Origin {
        file,
        span: Span::new(label.offset(), label.offset() + label.len()),
    })
}

fn label_start(error: &(dyn Diagnostic + Send + Sync)) -> usize {
    error
        .labels()
        .and_then(|mut labels| labels.next())
        .map_or(0, |label| label.offset())
}
