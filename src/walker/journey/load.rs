//! Loading level-walking rulesets: reading the file, resolving `extends`
//! (built-in names or files), the schema check, then the semantic check
//! and compilation. Every problem of every stage that can run is reported,
//! grouped by file.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use miette::Diagnostic;

use super::compile::{Program, compile};
use super::schema::{JourneyRuleset, journey_json_schema};
use crate::diagnostics::{FileReport, Span};
use crate::rules::tree::{Node, NodeKind};
use crate::rules::validate::{check_tree, source_span, suggestion_help};
use crate::rules::{RulesetError, RulesetFailure};

/// The level-walking rulesets built into the binary, by the name
/// `--ruleset` and `extends` use.
pub const JOURNEY_BUILTINS: &[(&str, &str)] = &[
    (
        "maze-runner",
        include_str!("../../../rulesets/maze-runner.toml"),
    ),
    (
        "maze-runner-hardcore",
        include_str!("../../../rulesets/maze-runner-variants/hardcore.toml"),
    ),
    (
        "maze-runner-fog",
        include_str!("../../../rulesets/maze-runner-variants/fog.toml"),
    ),
    (
        "maze-runner-keys",
        include_str!("../../../rulesets/maze-runner-variants/keys.toml"),
    ),
];

/// The deepest `extends` chain followed.
const MAX_DEPTH: usize = 16;

type Problem = (usize, Box<dyn Diagnostic + Send + Sync>);

/// Whether ruleset TOML says `game = "walker-levels"` at its top level.
///
/// ```
/// assert!(relic::walker::journey::is_journey("game = \"walker-levels\"\n"));
/// assert!(!relic::walker::journey::is_journey("game = \"vocabulary\"\n"));
/// ```
pub fn is_journey(source: &str) -> bool {
    let Ok(document) = toml::de::DeTable::parse(source) else {
        return false;
    };
    let root = Node::from_document(&document, 0);
    matches!(root.get("game").map(|n| &n.kind), Some(NodeKind::Str(s)) if s == "walker-levels")
}

/// The TOML text of a built-in level-walking ruleset.
pub fn journey_builtin_source(name: &str) -> Option<&'static str> {
    JOURNEY_BUILTINS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
}

/// The level-walking ruleset `arg` names, if it names one: a file whose
/// top level says `game = "walker-levels"` (a file of that name wins), else
/// a built-in name such as `maze-runner`.
pub fn journey_ruleset(arg: &Path) -> Option<Result<Arc<Program>, RulesetFailure>> {
    if arg.is_file() {
        let source = crate::rules::read_ruleset_source(arg).ok()?;
        if !is_journey(&source) {
            return None;
        }
        let name = arg.display().to_string();
        return Some(Loader::new(name, source).run(arg.parent()));
    }
    let name = arg.to_str()?;
    let source = journey_builtin_source(name)?;
    Some(Loader::new(format!("{name} (built-in)"), source.to_owned()).run(None))
}

/// Loads and compiles the level-walking ruleset file at `path`.
pub fn load_journey(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
    let name = path.display().to_string();
    match crate::rules::read_ruleset_source(path) {
        Ok(source) => Loader::new(name, source).run(path.parent()),
        Err((reason, help)) => Err(RulesetFailure {
            reports: vec![FileReport {
                path: name.clone(),
                source: String::new(),
                problems: vec![Box::new(RulesetError::Unreadable {
                    path: name,
                    reason,
                    help,
                })],
            }],
            unreadable: true,
        }),
    }
}

/// Checks and compiles level-walking ruleset TOML named `name`; `base` is
/// the folder relative `extends` paths start from.
pub fn parse_journey(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Arc<Program>, RulesetFailure> {
    Loader::new(name.to_owned(), source.to_owned()).run(base)
}

struct Loader {
    files: Vec<(String, String)>,
    problems: Vec<Problem>,
}

impl Loader {
    fn new(name: String, source: String) -> Loader {
        Loader {
            files: vec![(name, source)],
            problems: Vec::new(),
        }
    }

    fn run(mut self, base: Option<&Path>) -> Result<Arc<Program>, RulesetFailure> {
        let program = self
            .tree(0, base.map(Path::to_path_buf), 0)
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
    fn tree(&mut self, file: usize, base: Option<PathBuf>, depth: usize) -> Option<Node> {
        let source = self.files[file].1.clone();
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
        let span = source_span(extends.value.at);
        let NodeKind::Str(name) = &extends.value.kind else {
            let error = RulesetError::WrongType {
                key: "extends".into(),
                expected: "a string".into(),
                found: extends.value.kind.type_name().into(),
                span,
                about: "The ruleset this one changes: a built-in name or a path.".into(),
            };
            self.problem(file, error);
            return None;
        };
        if depth >= MAX_DEPTH {
            let chain = format!("more than {MAX_DEPTH} rulesets deep");
            self.problem(file, RulesetError::ExtendsCycle { chain, span });
            return None;
        }
        let parent_base = self.open_parent(file, name, span, base.as_deref())?;
        let mut parent = self.tree(self.files.len() - 1, parent_base, depth + 1)?;
        parent.merge(node);
        Some(parent)
    }

    fn open_parent(
        &mut self,
        file: usize,
        name: &str,
        span: miette::SourceSpan,
        base: Option<&Path>,
    ) -> Option<Option<PathBuf>> {
        if let Some(text) = journey_builtin_source(name) {
            self.files
                .push((format!("{name} (built-in)"), text.to_owned()));
            return Some(None);
        }
        let path = base.unwrap_or(Path::new("")).join(name);
        match crate::rules::read_ruleset_source(&path) {
            Ok(source) => {
                self.files.push((path.display().to_string(), source));
                Some(path.parent().map(Path::to_path_buf))
            }
            Err((reason, _)) => {
                let names: Vec<&str> = JOURNEY_BUILTINS.iter().map(|(n, _)| *n).collect();
                let builtins =
                    suggestion_help(name, "the built-in level-walking rulesets are", &names);
                let help = format!("{builtins}; a path is relative to the extending file");
                let name = name.to_owned();
                self.problem(
                    file,
                    RulesetError::ExtendsNotFound {
                        name,
                        span,
                        reason,
                        help,
                    },
                );
                None
            }
        }
    }

    /// The schema check, then (if it passes) the semantic check.
    fn check(&mut self, root: Node) -> Option<Program> {
        let mut schema_problems = Vec::new();
        check_tree(&root, schema(), &mut schema_problems);
        if !schema_problems.is_empty() {
            for (file, error) in schema_problems {
                self.problem(file, error);
            }
            return None;
        }
        let ruleset: JourneyRuleset = root.to_value().try_into().ok()?;
        match compile(&ruleset, &root) {
            Ok(program) => Some(program),
            Err(problems) => {
                for (file, error) in problems {
                    self.problem(file, error);
                }
                None
            }
        }
    }

    fn into_failure(self) -> RulesetFailure {
        let mut reports: Vec<FileReport> = (self.files.iter())
            .map(|(path, source)| FileReport {
                path: path.clone(),
                source: source.clone(),
                problems: Vec::new(),
            })
            .collect();
        for (file, problem) in self.problems {
            reports[file].problems.push(problem);
        }
        let mut first = true;
        reports.retain(|r| std::mem::take(&mut first) || !r.problems.is_empty());
        RulesetFailure {
            reports,
            unreadable: false,
        }
    }
}

fn schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(journey_json_schema)
}
