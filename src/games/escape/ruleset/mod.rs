//! Escape's ruleset files (`game = "escape"`): what each word of a
//! configuration means (location types, rule words) in the shared
//! mechanics, what an illegal move costs and what having no move does,
//! with `extends` to a built-in name or a file. The configuration file
//! (`.egc`) is the setup.
//!
//! ```
//! use relic::games::escape::ruleset::{builtin_escape, parse_escape};
//! use relic::games::escape::{CountRule, Variant};
//! let base = builtin_escape("escape").unwrap().unwrap();
//! assert_eq!(base.variant, Variant::default());
//! let text = "game = \"escape\"\nextends = \"escape\"\n[rules]\nTURN_LIMIT = \"move-limit\"\n";
//! let later = parse_escape(text, "x.toml", None).unwrap();
//! assert_eq!(later.variant.turn_limit, CountRule::MoveLimit);
//! assert!(parse_escape("game = \"escape\"\nilegal-move = \"loses\"\n", "x.toml", None).is_err());
//! ```

mod file;

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use miette::Diagnostic;

use self::file::EscapeRuleset;
use super::variant::Variant;
use crate::diagnostics::{FileReport, Span};
use crate::mechanics::squares::Passage;
use crate::rules::tree::{Node, NodeKind, Origin};
use crate::rules::validate::{check_tree, source_span, suggestion_help};
use crate::rules::{RulesetError, RulesetFailure};

/// The built-in Escape rulesets, by the name `--ruleset` and `extends` use.
pub const ESCAPE_BUILTINS: &[(&str, &str)] = &[
    ("escape", include_str!("../../../../rulesets/escape.toml")),
    (
        "escape-later",
        include_str!("../../../../rulesets/escape/escape-later.toml"),
    ),
    (
        "escape-strict",
        include_str!("../../../../rulesets/escape/escape-strict.toml"),
    ),
    (
        "escape-double-exits",
        include_str!("../../../../rulesets/escape/escape-double-exits.toml"),
    ),
    (
        "escape-stuck-draws",
        include_str!("../../../../rulesets/escape/escape-stuck-draws.toml"),
    ),
    (
        "escape-remove-gains",
        include_str!("../../../../rulesets/escape/escape-remove-gains.toml"),
    ),
];

/// The deepest `extends` chain followed.
const MAX_DEPTH: usize = 16;

/// A checked Escape ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EscapeRules {
    /// Its display name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The readings it chooses.
    pub variant: Variant,
}

/// The JSON Schema of Escape rulesets (`relic rules schema escape`).
pub fn escape_json_schema() -> serde_json::Value {
    schema().clone()
}

fn schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let generator = schemars::generate::SchemaSettings::draft07().into_generator();
        let mut schema = generator.into_root_schema_for::<EscapeRuleset>().to_value();
        crate::rules::consts_to_enums(&mut schema);
        schema
    })
}

/// The built-in ruleset `name`.
pub fn builtin_escape(name: &str) -> Option<Result<Arc<EscapeRules>, RulesetFailure>> {
    let (_, source) = ESCAPE_BUILTINS.iter().find(|(n, _)| *n == name)?;
    Some(parse_escape(source, &format!("{name} (built-in)"), None))
}

/// Reads and checks the ruleset file at `path`.
pub fn load_escape(path: &Path) -> Result<Arc<EscapeRules>, RulesetFailure> {
    let name = path.display().to_string();
    match crate::rules::read_ruleset_source(path) {
        Ok(source) => parse_escape(&source, &name, path.parent()),
        Err((reason, help)) => {
            let problem = RulesetError::Unreadable {
                path: name.clone(),
                reason,
                help,
            };
            Err(RulesetFailure {
                reports: vec![FileReport {
                    path: name,
                    source: String::new(),
                    problems: vec![Box::new(problem)],
                }],
                unreadable: true,
            })
        }
    }
}

/// `rules` as a ruleset file without `extends` (what records store and
/// `relic rules show` prints); [`parse_escape`] reads it back to `rules`.
///
/// ```
/// use relic::games::escape::ruleset::{builtin_escape, parse_escape, resolved_escape};
/// let later = builtin_escape("escape-later").unwrap().unwrap();
/// let text = resolved_escape(&later);
/// assert_eq!(parse_escape(&text, "x.toml", None).unwrap(), later);
/// ```
pub fn resolved_escape(rules: &EscapeRules) -> String {
    let file = EscapeRuleset::of(&rules.name, &rules.description, &rules.variant);
    toml::to_string(&file).expect("Escape rulesets serialise to TOML")
}

/// Checks ruleset TOML shown as `name`; relative `extends` paths start at
/// `base`.
pub fn parse_escape(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Arc<EscapeRules>, RulesetFailure> {
    let mut loader = Loader {
        files: vec![(name.to_owned(), source.to_owned())],
        problems: Vec::new(),
    };
    let root = loader.tree(0, base.map(Path::to_path_buf), &mut vec![name.to_owned()]);
    let rules = root.and_then(|root| loader.check(root));
    match rules {
        Some(rules) if loader.problems.is_empty() => Ok(Arc::new(rules)),
        _ => Err(loader.into_failure()),
    }
}

struct Loader {
    /// Each file's name and text; 0 is the file loaded.
    files: Vec<(String, String)>,
    problems: Vec<(usize, RulesetError)>,
}

impl Loader {
    /// File `file` merged over everything it extends.
    fn tree(
        &mut self,
        file: usize,
        base: Option<PathBuf>,
        chain: &mut Vec<String>,
    ) -> Option<Node> {
        let source = self.files[file].1.clone();
        let document = match toml::de::DeTable::parse(&source) {
            Ok(document) => document,
            Err(error) => {
                let range = error.span().unwrap_or(source.len()..source.len());
                let span = Span::new(range.start, range.end.max(range.start + 1))
                    .to_source_span(source.len());
                let message = error.message().trim().to_owned();
                self.problems
                    .push((file, RulesetError::Syntax { message, span }));
                return None;
            }
        };
        let mut node = Node::from_document(&document, file);
        let Some(extends) = node.take("extends") else {
            return Some(node);
        };
        let NodeKind::Str(parent) = &extends.value.kind else {
            let about = "The ruleset this one changes: a built-in name or a path.".to_owned();
            let found = extends.value.kind.type_name().to_owned();
            let span = source_span(extends.value.at);
            self.problems.push((
                file,
                RulesetError::WrongType {
                    key: "extends".into(),
                    expected: "a string".into(),
                    found,
                    span,
                    about,
                },
            ));
            return None;
        };
        let parent_base = self.open(parent, extends.value.at, base.as_deref(), chain)?;
        let mut merged = self.tree(self.files.len() - 1, parent_base, chain)?;
        merged.merge(node);
        Some(merged)
    }

    /// Reads the ruleset `name` extends (a built-in or a file) as the next file.
    fn open(
        &mut self,
        name: &str,
        at: Origin,
        base: Option<&Path>,
        chain: &mut Vec<String>,
    ) -> Option<Option<PathBuf>> {
        let builtin = ESCAPE_BUILTINS.iter().find(|(n, _)| *n == name);
        let path = base.unwrap_or(Path::new("")).join(name);
        let (display, source, parent_base) = match builtin {
            Some((_, text)) => (format!("{name} (built-in)"), text.to_string(), None),
            None => match crate::rules::read_ruleset_source(&path) {
                Ok(text) => (
                    path.display().to_string(),
                    text,
                    path.parent().map(Path::to_path_buf),
                ),
                Err((reason, _)) => {
                    let names: Vec<&str> = ESCAPE_BUILTINS.iter().map(|(n, _)| *n).collect();
                    let builtins =
                        suggestion_help(name, "the built-in Escape rulesets are", &names);
                    let help = format!(
                        "{builtins}; a path is relative to the extending file (tried {})",
                        path.display()
                    );
                    let error = RulesetError::ExtendsNotFound {
                        name: name.to_owned(),
                        span: source_span(at),
                        reason,
                        help,
                    };
                    self.problems.push((at.file, error));
                    return None;
                }
            },
        };
        if chain.contains(&display) || chain.len() > MAX_DEPTH {
            let chain = format!("{} -> {display}", chain.join(" -> "));
            self.problems.push((
                at.file,
                RulesetError::ExtendsCycle {
                    chain,
                    span: source_span(at),
                },
            ));
            return None;
        }
        chain.push(display.clone());
        self.files.push((display, source));
        Some(parent_base)
    }

    fn check(&mut self, root: Node) -> Option<EscapeRules> {
        let mut found = Vec::new();
        check_tree(&root, schema(), &mut found);
        if !found.is_empty() {
            self.problems.extend(found);
            return None;
        }
        let ruleset: EscapeRuleset = match root.to_value().try_into() {
            Ok(ruleset) => ruleset,
            Err(error) => {
                self.problems.push((
                    0,
                    RulesetError::Schema {
                        message: error.to_string(),
                    },
                ));
                return None;
            }
        };
        let variant = ruleset.variant();
        self.check_crossing(&root, &variant)?;
        Some(EscapeRules {
            name: ruleset.name,
            description: ruleset.description,
            variant,
        })
    }

    /// Reports a ruleset where one location type is a `trap` and another
    /// a `hurdle`: paths treat every such square alike.
    fn check_crossing(&mut self, root: &Node, variant: &Variant) -> Option<()> {
        let kinds = [
            ("CLEAR", variant.clear),
            ("BLOCK", variant.block),
            ("EXIT", variant.exit),
        ];
        let trap = kinds.iter().find(|(_, r)| r.passage == Passage::Trap);
        let hurdle = kinds.iter().find(|(_, r)| r.passage == Passage::Hurdle);
        let (Some(trap), Some(hurdle)) = (trap, hurdle) else {
            return Some(());
        };
        let node = |kind: &str| {
            let passage = root.get("locations")?.get(kind)?.get("passage")?;
            Some(passage.at)
        };
        let at = node(hurdle.0).or_else(|| node(trap.0))?;
        let error = RulesetError::InvalidValue {
            message: format!(
                "`locations.{}.passage` is `hurdle` but `locations.{}.passage` is `trap`",
                hurdle.0, trap.0
            ),
            span: source_span(at),
            label: "a hurdle beside a trap".to_owned(),
            help: "paths treat every trap and hurdle alike: make both `trap` (a path that crosses one ends there) or both `hurdle` (no path crosses one)".to_owned(),
        };
        self.problems.push((at.file, error));
        None
    }

    fn into_failure(self) -> RulesetFailure {
        let mut reports: Vec<FileReport> = self
            .files
            .iter()
            .map(|(name, source)| FileReport {
                path: name.clone(),
                source: source.clone(),
                problems: Vec::new(),
            })
            .collect();
        for (file, problem) in self.problems {
            reports[file]
                .problems
                .push(Box::new(problem) as Box<dyn Diagnostic + Send + Sync>);
        }
        let first = reports.remove(0);
        let mut out = vec![first];
        out.extend(reports.into_iter().filter(|r| !r.problems.is_empty()));
        RulesetFailure {
            reports: out,
            unreadable: false,
        }
    }
}
