//! Loading walker rulesets: reading the file, resolving `extends`
//! (built-in walker rulesets or files), checking the merged tree against
//! the schema, then across tables while compiling. Every problem of every
//! stage that can run is reported at once, grouped by file. (The same
//! steps as the vocabulary's loader, `src/vocab/load.rs`.)

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::program::{Program, compile};
use super::schema::{WalkerRuleset, walker_json_schema};
use crate::config::tree::Node;
use crate::config::{Builtins, Loader, RulesetFailure, RulesetSource, drop_bad};

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

/// The walker's built-in rulesets, as `extends` sees them.
const BUILTINS: Builtins = Builtins {
    list: WALKER_BUILTINS,
    what: "the built-in walker rulesets are",
    more: None,
};

/// The TOML text of a built-in walker ruleset.
pub fn walker_builtin_source(name: &str) -> Option<&'static str> {
    BUILTINS.source(name)
}

/// Loads and compiles the walker ruleset at `path`.
pub fn load_walker(path: &Path) -> Result<Arc<Program>, RulesetFailure> {
    RulesetSource::file(path).and_then(load)
}

/// Checks and compiles walker ruleset TOML named `name`; `base` is the
/// folder relative `extends` paths start from.
pub fn parse_walker(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Arc<Program>, RulesetFailure> {
    load(RulesetSource::text(source, name, base))
}

/// Loads the built-in walker ruleset `name` (`boulder-dash`, ...).
pub fn builtin_walker(name: &str) -> Option<Result<Arc<Program>, RulesetFailure>> {
    RulesetSource::builtin(BUILTINS, name).map(load)
}

fn load(source: RulesetSource) -> Result<Arc<Program>, RulesetFailure> {
    source.load(BUILTINS, check_and_compile).map(Arc::new)
}

/// The schema check, then (on what the schema accepts) the check across
/// tables and compilation.
fn check_and_compile(loader: &mut Loader, mut root: Node) -> Option<Program> {
    let bad = loader.check_schema(&root, schema());
    drop_bad(&mut root, &bad);
    let ruleset: WalkerRuleset = root.to_value().try_into().ok()?;
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
    SCHEMA.get_or_init(walker_json_schema)
}
