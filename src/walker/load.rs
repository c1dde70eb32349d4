//! Loading walker rulesets: reading the file, resolving `extends`
//! (built-in walker rulesets or files), checking the merged tree against
//! the schema, then across tables while compiling. Every problem of every
//! stage that can run is reported at once, grouped by file. (The same
//! steps as the vocabulary's loader, `src/vocab/load.rs`.)

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use miette::Diagnostic;

use super::program::{Program, compile};
use super::schema::{WalkerRuleset, walker_json_schema};
use crate::diagnostics::{FileReport, Span};
use crate::rules::tree::{Node, NodeKind, Origin};
use crate::rules::validate::{check_tree, source_span, suggestion_help};
use crate::rules::{RulesetError, RulesetFailure};

/// The walker rulesets built into the binary, by the name `--ruleset` and
/// `extends` use.
pub const WALKER_BUILTINS: &[(&str, &str)] = &[
    (
        "boulder-dash",
        include_str!("../../rulesets/boulder-dash.toml"),
    ),
    (
        "boulder-dash-after-step",
        include_str!("../../rulesets/boulder-dash-variants/after-step.toml"),
    ),
    (
        "boulder-dash-dig-last",
        include_str!("../../rulesets/boulder-dash-variants/dig-last.toml"),
    ),
    (
        "boulder-dash-arcade",
        include_str!("../../rulesets/boulder-dash-variants/arcade.toml"),
    ),
    (
        "boulder-dash-magic-wall",
        include_str!("../../rulesets/boulder-dash-variants/magic-wall.toml"),
    ),
];

/// The deepest `extends` chain followed.
const MAX_DEPTH: usize = 16;

type Problem = (usize, Box<dyn Diagnostic + Send + Sync>);

/// The TOML text of a built-in walker ruleset.
pub fn walker_builtin_source(name: &str) -> Option<&'static str> {
    WALKER_BUILTINS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
}

/// Loads and compiles the walker ruleset at `path`.
pub fn load_walker(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
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

/// Checks and compiles walker ruleset TOML named `name`; `base` is the
/// folder relative `extends` paths start from.
pub fn parse_walker(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Arc<Program>, RulesetFailure> {
    Loader::new(name.to_owned(), source.to_owned()).run(base, format!("builtin:{name}"))
}

/// Loads the built-in walker ruleset `name` (`connect-four`, ...).
pub fn builtin_walker(name: &str) -> Option<Result<Arc<Program>, RulesetFailure>> {
    let source = walker_builtin_source(name)?;
    Some(parse_walker(source, &format!("{name} (built-in)"), None))
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

    fn run(
        mut self,
        base: Option<&Path>,
        identity: String,
    ) -> Result<Arc<Program>, RulesetFailure> {
        let mut chain = vec![identity];
        let program = self
            .tree(0, base.map(Path::to_path_buf), &mut chain)
            .and_then(|root| self.check(root));
        match program {
            Some(program) if self.problems.is_empty() => Ok(Arc::new(program)),
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
            if let Some(text) = walker_builtin_source(name) {
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
                        let names: Vec<&str> = WALKER_BUILTINS.iter().map(|(n, _)| *n).collect();
                        let builtins =
                            suggestion_help(name, "the built-in walker rulesets are", &names);
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

    /// The schema check, then (on what the schema accepts) the check
    /// across tables and compilation.
    fn check(&mut self, mut root: Node) -> Option<Program> {
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
        let ruleset: WalkerRuleset = root.to_value().try_into().ok()?;
        match compile(&ruleset, &root) {
            Ok(program) => Some(program),
            Err(found) => {
                for (file, error) in found {
                    self.problem(file, error);
                }
                None
            }
        }
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
    SCHEMA.get_or_init(walker_json_schema)
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
