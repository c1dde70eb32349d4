//! Loading level-walking rulesets: reading the file, resolving `extends`
//! (built-in names or files), the schema check, then the semantic check
//! and compilation. Every problem of every stage that can run is reported,
//! grouped by file.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::compile::{Program, compile};
use super::schema::{JourneyRuleset, journey_json_schema};
use crate::config::tree::{Node, NodeKind};
use crate::config::{Builtins, Loader, RulesetFailure, RulesetSource};

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

/// The level-walking built-in rulesets, as `extends` sees them.
const BUILTINS: Builtins = Builtins {
    list: JOURNEY_BUILTINS,
    what: "the built-in level-walking rulesets are",
    more: None,
};

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
    BUILTINS.source(name)
}

/// The level-walking ruleset `arg` names, if it names one: a file whose
/// top level says `game = "walker-levels"` (a file of that name wins), else
/// a built-in name such as `maze-runner`.
pub fn journey_ruleset(arg: &Path) -> Option<Result<Arc<Program>, RulesetFailure>> {
    if arg.is_file() {
        let source = RulesetSource::file(arg).ok()?;
        return is_journey(source.toml()).then(|| load(source));
    }
    RulesetSource::builtin(BUILTINS, arg.to_str()?).map(load)
}

/// Loads and compiles the level-walking ruleset file at `path`.
pub fn load_journey(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
    RulesetSource::file(path).and_then(load)
}

/// Checks and compiles level-walking ruleset TOML named `name`; `base` is
/// the folder relative `extends` paths start from.
pub fn parse_journey(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Arc<Program>, RulesetFailure> {
    load(RulesetSource::text(source, name, base))
}

fn load(source: RulesetSource) -> Result<Arc<Program>, RulesetFailure> {
    source.load(BUILTINS, check_and_compile).map(Arc::new)
}

/// The schema check, then (if it passes) the semantic check.
fn check_and_compile(loader: &mut Loader, root: Node) -> Option<Program> {
    loader.check_schema(&root, schema());
    if loader.has_problems() {
        return None;
    }
    let ruleset: JourneyRuleset = root.to_value().try_into().ok()?;
    match compile(&ruleset, &root) {
        Ok(program) => Some(program),
        Err(found) => {
            loader.extend(found);
            None
        }
    }
}

fn schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(journey_json_schema)
}
