//! Loading Moving Maze rulesets through the shared loader
//! ([`crate::config`]): the schema check, then contradictions, reporting
//! every problem in the file it points into. A syntax error does not stop
//! the checks (what parsed is still checked).

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use super::schema::{Ruleset, json_schema};
use super::semantic::check_ruleset;
use crate::config::tree::{Entry, Node, Origin};
use crate::config::{Builtins, Loader, RulesetError, RulesetFailure, RulesetSource};

/// The rulesets built into the binary, by the name `extends` and
/// `--ruleset` use: the standard game and every shipped variant.
pub const BUILTIN_RULESETS: &[(&str, &str)] = &[
    ("moving-maze", super::STANDARD_TOML),
    (
        "two-players",
        include_str!("../../../../rulesets/variants/two-players.toml"),
    ),
    (
        "any-order",
        include_str!("../../../../rulesets/variants/any-order.toml"),
    ),
    (
        "last-relic",
        include_str!("../../../../rulesets/variants/last-relic.toml"),
    ),
    (
        "reverse-slide",
        include_str!("../../../../rulesets/variants/reverse-slide.toml"),
    ),
    (
        "single-steps",
        include_str!("../../../../rulesets/variants/single-steps.toml"),
    ),
    (
        "keep-moving",
        include_str!("../../../../rulesets/variants/keep-moving.toml"),
    ),
    (
        "pushed-home",
        include_str!("../../../../rulesets/variants/pushed-home.toml"),
    ),
    (
        "large-boards",
        include_str!("../../../../rulesets/variants/large-boards.toml"),
    ),
    (
        "dutch",
        include_str!("../../../../rulesets/variants/dutch.toml"),
    ),
];

/// Moving Maze's built-in rulesets, as `extends` sees them.
const BUILTINS: Builtins = Builtins {
    list: BUILTIN_RULESETS,
    what: "the built-in rulesets are",
    more: None,
};

/// The TOML text of a built-in ruleset.
pub fn builtin_source(name: &str) -> Option<&'static str> {
    BUILTINS.source(name)
}

/// Reads the ruleset at `path`, resolving `extends`, and checks it; when
/// nothing is at `path`, the help names the nearest built-in ruleset.
pub fn load_ruleset(path: &Path) -> Result<Ruleset, RulesetFailure> {
    RulesetSource::file_or_builtin_help(path, BUILTINS).and_then(load)
}

/// Checks ruleset TOML named `name`; `base` is the folder relative
/// `extends` paths start from (the working folder when `None`).
pub fn parse_ruleset(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Ruleset, RulesetFailure> {
    load(RulesetSource::text(source, name, base))
}

/// Loads the built-in ruleset `name` (`moving-maze`, `two-players`, ...).
pub fn builtin_ruleset(name: &str) -> Option<Result<Ruleset, RulesetFailure>> {
    RulesetSource::builtin(BUILTINS, name).map(load)
}

/// Loads `source` (following `extends`) and checks it; a syntax error does
/// not stop the checks.
fn load(source: RulesetSource) -> Result<Ruleset, RulesetFailure> {
    source.load_with(BUILTINS, Loader::checking_past_syntax_errors, check)
}

/// The two checking stages on the merged tree. Top-level sections with
/// schema problems are left out (taking their defaults), and the
/// contradictions that involve them are not looked for.
fn check(loader: &mut Loader, mut root: Node) -> Option<Ruleset> {
    let bad: HashSet<Origin> = loader.check_schema(&root, schema()).into_iter().collect();
    let is_bad = |e: &Entry| bad.contains(&e.key_at) || e.value.contains_any(&bad);
    let skipped: Vec<String> = (root.entries().iter())
        .filter(|e| is_bad(e))
        .map(|e| e.key.clone())
        .collect();
    root.retain_entries(|e| !is_bad(e));
    let mut ruleset: Ruleset = match root.to_value().try_into() {
        Ok(ruleset) => ruleset,
        Err(error) => {
            let message = error.message().trim().to_owned();
            loader.problem(0, RulesetError::Schema { message });
            return None;
        }
    };
    ruleset.extends = None;
    let mut found = Vec::new();
    super::resolve::resolve(&mut ruleset, &mut root, &mut found);
    check_ruleset(&ruleset, &root, &loader.file_names(), &skipped, &mut found);
    found.extend(super::messages::check_messages(
        &ruleset.messages,
        &root,
        &loader.sources(),
    ));
    let kinds = ruleset.kinds.take().unwrap_or_default();
    if !["board", "players"]
        .iter()
        .any(|s| skipped.iter().any(|k| k == s))
    {
        found.extend(super::kinds::check_kinds(&kinds, &ruleset, &root));
    }
    found.into_iter().for_each(|problem| loader.push(problem));
    Some(ruleset)
}

/// The schema, generated once.
fn schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(json_schema)
}
