//! Loading core rulesets: reading the file, resolving `extends` (built-in
//! rulesets or files), the schema check, then the tables' and rules'
//! check and compilation. Every problem of every stage that can run is
//! reported at once, grouped by file.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::compile::compile;
use super::program::Program;
use super::schema::{CoreRuleset, core_json_schema};
use crate::config::tree::Node;
use crate::config::{Builtins, Loader, RulesetFailure, RulesetSource, drop_bad};

/// The core rulesets built into the binary, by the name `--ruleset` and
/// `extends` use.
pub const CORE_BUILTINS: &[(&str, &str)] = &[
    ("hex", include_str!("../../rulesets/classic/hex.toml")),
    (
        "hex-swap",
        include_str!("../../rulesets/classic/hex-swap.toml"),
    ),
    ("gomoku", include_str!("../../rulesets/classic/gomoku.toml")),
    (
        "gomoku-exact",
        include_str!("../../rulesets/classic/gomoku-exact.toml"),
    ),
    (
        "othello",
        include_str!("../../rulesets/classic/othello.toml"),
    ),
    (
        "amazons",
        include_str!("../../rulesets/classic/amazons.toml"),
    ),
    (
        "nine-mens-morris",
        include_str!("../../rulesets/classic/nine-mens-morris.toml"),
    ),
    (
        "checkers",
        include_str!("../../rulesets/classic/checkers.toml"),
    ),
    (
        "checkers-40-move",
        include_str!("../../rulesets/classic/checkers-40-move.toml"),
    ),
    ("chess", include_str!("../../rulesets/classic/chess.toml")),
    ("ataxx", include_str!("../../rulesets/classic/ataxx.toml")),
    (
        "lines-of-action",
        include_str!("../../rulesets/classic/lines-of-action.toml"),
    ),
    ("pente", include_str!("../../rulesets/classic/pente.toml")),
    ("konane", include_str!("../../rulesets/classic/konane.toml")),
    (
        "xiangqi",
        include_str!("../../rulesets/classic/xiangqi.toml"),
    ),
    ("shogi", include_str!("../../rulesets/classic/shogi.toml")),
    ("go", include_str!("../../rulesets/classic/go.toml")),
    (
        "go-superko",
        include_str!("../../rulesets/classic/go-superko.toml"),
    ),
    ("oware", include_str!("../../rulesets/classic/oware.toml")),
    (
        "surakarta",
        include_str!("../../rulesets/classic/surakarta.toml"),
    ),
    (
        "abalone",
        include_str!("../../rulesets/classic/abalone.toml"),
    ),
    (
        "abalone-hexagon",
        include_str!("../../rulesets/classic/abalone-hexagon.toml"),
    ),
    (
        "pentago",
        include_str!("../../rulesets/classic/pentago.toml"),
    ),
    (
        "dots-and-boxes",
        include_str!("../../rulesets/classic/dots-and-boxes.toml"),
    ),
    ("tablut", include_str!("../../rulesets/classic/tablut.toml")),
    ("kalah", include_str!("../../rulesets/classic/kalah.toml")),
    (
        "quoridor",
        include_str!("../../rulesets/classic/quoridor.toml"),
    ),
    (
        "fanorona",
        include_str!("../../rulesets/classic/fanorona.toml"),
    ),
    (
        "international-draughts",
        include_str!("../../rulesets/classic/international-draughts.toml"),
    ),
    (
        "russian-draughts",
        include_str!("../../rulesets/classic/russian-draughts.toml"),
    ),
    (
        "connect6",
        include_str!("../../rulesets/classic/connect6.toml"),
    ),
    (
        "hasami-shogi",
        include_str!("../../rulesets/classic/hasami-shogi.toml"),
    ),
    (
        "fox-and-geese",
        include_str!("../../rulesets/classic/fox-and-geese.toml"),
    ),
];

/// A ruleset as it resolves after `extends`, and its compiled program.
pub type CoreResolved = (CoreRuleset, Arc<Program>);

const BUILTINS: Builtins = Builtins {
    list: CORE_BUILTINS,
    what: "the built-in core rulesets are",
    more: None,
};

/// Loads and compiles the core ruleset file at `path`.
pub fn load_core_resolved(path: &Path) -> Result<CoreResolved, RulesetFailure> {
    RulesetSource::file(path).and_then(|source| load(source, BUILTINS))
}

/// Written in the core: the core ruleset TOML of a built-in ruleset of
/// another game, by name (`None` for a name that is none), which
/// `extends` may then name as a core built-in.
pub type CoreForms = fn(&str) -> Option<&'static str>;

/// [`load_core_resolved`], with `extends` also naming the built-ins of
/// `more` (the registry passes the vocabulary's lowered rulesets, so a
/// core variant can extend `connect-four`).
pub fn load_core_resolved_with(
    path: &Path,
    more: CoreForms,
) -> Result<CoreResolved, RulesetFailure> {
    RulesetSource::file(path).and_then(|source| load(source, with(more)))
}

/// [`parse_core_resolved`], with `extends` also naming the built-ins of
/// `more`.
pub fn parse_core_resolved_with(
    source: &str,
    name: &str,
    base: Option<&Path>,
    more: CoreForms,
) -> Result<CoreResolved, RulesetFailure> {
    load(RulesetSource::text(source, name, base), with(more))
}

fn with(more: CoreForms) -> Builtins {
    Builtins {
        more: Some(more),
        ..BUILTINS
    }
}

/// Checks and compiles core ruleset TOML shown as `name`; `base` is the
/// folder relative `extends` paths start from.
///
/// ```
/// let toml = "game = \"core\"\nextends = \"hex\"\n[board]\nshape = \"hex\"\nwidth = 3\nheight = 3\n";
/// let (_, program) = relic::lang::parse_core_resolved(toml, "hex3.toml", None).unwrap();
/// assert_eq!(program.board.cells(), 9);
/// ```
pub fn parse_core_resolved(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<CoreResolved, RulesetFailure> {
    load(RulesetSource::text(source, name, base), BUILTINS)
}

/// Loads the built-in core ruleset `name`.
pub fn builtin_core(name: &str) -> Option<Result<Arc<Program>, RulesetFailure>> {
    let resolved = RulesetSource::builtin(BUILTINS, name).map(|s| load(s, BUILTINS))?;
    Some(resolved.map(|(_, program)| program))
}

fn load(source: RulesetSource, builtins: Builtins) -> Result<CoreResolved, RulesetFailure> {
    (source.load(builtins, check_and_compile))
        .map(|(ruleset, program)| (ruleset, Arc::new(program)))
}

fn check_and_compile(loader: &mut Loader, mut root: Node) -> Option<(CoreRuleset, Program)> {
    let bad = loader.check_schema(&root, schema());
    drop_bad(&mut root, &bad);
    let ruleset: CoreRuleset = root.to_value().try_into().ok()?;
    let sources = loader.sources();
    match compile(&ruleset, &root, &sources) {
        Ok(program) => Some((ruleset, program)),
        Err(found) => {
            loader.extend(found);
            None
        }
    }
}

fn schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(core_json_schema)
}
