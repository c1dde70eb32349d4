//! Escape's ruleset files (`game = "escape"`): the readings where the
//! specification allows more than one, as keys, with `extends` to a
//! built-in name or a file. The configuration file (`.egc`) is the setup.
//!
//! ```
//! use relic::games::escape::ruleset::{builtin_escape, parse_escape};
//! use relic::games::escape::TurnCount;
//! let base = builtin_escape("escape").unwrap().unwrap();
//! assert_eq!(base.variant.turn_limit_counts, TurnCount::Rounds);
//! let later = parse_escape("game = \"escape\"\nextends = \"escape\"\nturn-limit-counts = \"moves\"\n", "x.toml", None).unwrap();
//! assert_eq!(later.variant.turn_limit_counts, TurnCount::Moves);
//! assert!(parse_escape("game = \"escape\"\nilegal-move = \"loses\"\n", "x.toml", None).is_err());
//! ```

use std::path::Path;
use std::sync::{Arc, OnceLock};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::variant::{Crossing, IllegalMove, TurnCount, Variant};
use crate::config::tree::Node;
use crate::config::{Builtins, Loader, RulesetError, RulesetFailure, identity_of, read_ruleset};

/// The built-in Escape rulesets, by the name `--ruleset` and `extends` use.
pub const ESCAPE_BUILTINS: &[(&str, &str)] = &[
    ("escape", include_str!("../../../rulesets/escape.toml")),
    (
        "escape-later",
        include_str!("../../../rulesets/escape/escape-later.toml"),
    ),
    (
        "escape-strict",
        include_str!("../../../rulesets/escape/escape-strict.toml"),
    ),
];

/// Escape's built-in rulesets, as `extends` sees them.
const BUILTINS: Builtins = Builtins {
    list: ESCAPE_BUILTINS,
    what: "the built-in Escape rulesets are",
};

/// An Escape ruleset file as written (every key optional but `game`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct EscapeRuleset {
    /// Always `escape`.
    game: String,
    /// The ruleset's display name.
    #[serde(default)]
    name: String,
    /// One sentence about the ruleset.
    #[serde(default)]
    description: String,
    /// What an illegal move does: `retry` (nothing; the same player tries again) or `loses` (the mover loses).
    #[serde(default)]
    illegal_move: IllegalMove,
    /// What TURN_LIMIT counts: `rounds` (each player moving once) or `moves` (single moves).
    #[serde(default)]
    turn_limit_counts: TurnCount,
    /// What a path that crosses an exit without FLY or JUMP does: `falls-in` (the piece falls in and scores) or `illegal`.
    #[serde(default)]
    exit_crossing: Crossing,
}

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
        crate::config::consts_to_enums(&mut schema);
        schema
    })
}

/// The built-in ruleset `name`.
pub fn builtin_escape(name: &str) -> Option<Result<Arc<EscapeRules>, RulesetFailure>> {
    let source = BUILTINS.source(name)?;
    Some(parse_escape(source, &format!("{name} (built-in)"), None))
}

/// Reads and checks the ruleset file at `path`.
pub fn load_escape(path: &Path) -> Result<Arc<EscapeRules>, RulesetFailure> {
    let source = read_ruleset(path)?;
    let name = path.display().to_string();
    load(&name, &source, path.parent(), identity_of(path))
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
    let file = EscapeRuleset {
        game: "escape".to_owned(),
        name: rules.name.clone(),
        description: rules.description.clone(),
        illegal_move: rules.variant.illegal_move,
        turn_limit_counts: rules.variant.turn_limit_counts,
        exit_crossing: rules.variant.exit_crossing.into(),
    };
    toml::to_string(&file).expect("Escape rulesets serialise to TOML")
}

/// Checks ruleset TOML shown as `name`; relative `extends` paths start at
/// `base`.
pub fn parse_escape(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Arc<EscapeRules>, RulesetFailure> {
    load(name, source, base, format!("builtin:{name}"))
}

fn load(
    name: &str,
    source: &str,
    base: Option<&Path>,
    identity: String,
) -> Result<Arc<EscapeRules>, RulesetFailure> {
    let mut loader = Loader::new(name, source, BUILTINS);
    let rules = loader
        .merged_tree(base, identity)
        .and_then(|root| check(&mut loader, root));
    loader.finish(rules).map(Arc::new)
}

fn check(loader: &mut Loader, root: Node) -> Option<EscapeRules> {
    loader.check_schema(&root, schema());
    if loader.has_problems() {
        return None;
    }
    let ruleset: EscapeRuleset = match root.to_value().try_into() {
        Ok(ruleset) => ruleset,
        Err(error) => {
            let message = error.to_string();
            loader.problem(0, RulesetError::Schema { message });
            return None;
        }
    };
    let variant = Variant {
        illegal_move: ruleset.illegal_move,
        turn_limit_counts: ruleset.turn_limit_counts,
        exit_crossing: ruleset.exit_crossing.into(),
    };
    let _ = ruleset.game;
    Some(EscapeRules {
        name: ruleset.name,
        description: ruleset.description,
        variant,
    })
}
