//! Loading vocabulary rulesets: reading the file, resolving `extends`
//! (built-in classic games or files), checking the merged tree against the
//! schema, then the semantic check, then compiling. Every problem of every
//! stage that can run is reported at once, grouped by file.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::check::check;
use super::compile::{Program, compile};
use super::schema::{VocabRuleset, vocab_json_schema};
use crate::config::tree::{Node, NodeKind};
use crate::config::{Builtins, Loader, RulesetFailure, RulesetSource, drop_bad};

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

/// The vocabulary's built-in rulesets, as `extends` sees them.
const BUILTINS: Builtins = Builtins {
    list: VOCAB_BUILTINS,
    what: "the built-in vocabulary rulesets are",
    more: None,
};

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
    BUILTINS.source(name)
}

/// Loads and compiles the vocabulary ruleset at `path`.
pub fn load_vocab(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
    load_vocab_resolved(path).map(|(_, program)| program)
}

/// [`load_vocab`], also giving the ruleset as it resolves after `extends`
/// (what records store and `relic rules show` prints).
pub fn load_vocab_resolved(path: &Path) -> Result<Resolved, RulesetFailure> {
    RulesetSource::file(path).and_then(load)
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
    load(RulesetSource::text(source, name, base))
}

/// Loads the built-in vocabulary ruleset `name` (`connect-four`, ...).
pub fn builtin_vocab(name: &str) -> Option<Result<Arc<Program>, RulesetFailure>> {
    let resolved = RulesetSource::builtin(BUILTINS, name).map(load)?;
    Some(resolved.map(|(_, program)| program))
}

fn load(source: RulesetSource) -> Result<Resolved, RulesetFailure> {
    (source.load(BUILTINS, check_and_compile))
        .map(|(ruleset, program)| (ruleset, Arc::new(program)))
}

/// The schema check, then (on what the schema accepts) the semantic
/// check and compilation.
fn check_and_compile(loader: &mut Loader, mut root: Node) -> Option<(VocabRuleset, Program)> {
    let bad = loader.check_schema(&root, schema());
    drop_bad(&mut root, &bad);
    let ruleset: VocabRuleset = root.to_value().try_into().ok()?;
    let sources: Vec<String> = loader.sources();
    let found = check(&ruleset, &root, &sources);
    let clean = found.is_empty();
    loader.extend(found);
    clean.then(|| {
        let program = compile(&ruleset);
        (ruleset, program)
    })
}

fn schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(vocab_json_schema)
}
