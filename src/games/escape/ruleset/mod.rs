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

use std::path::Path;
use std::sync::{Arc, OnceLock};

use self::file::{EscapeRuleset, PlayerWord};
use super::variant::Variant;
use crate::config::colour::{colour_help, is_colour};
use crate::config::tree::{Node, Step::At, Step::Key};
use crate::config::validate::source_span;
use crate::config::{Builtins, Loader, RulesetError, RulesetFailure, RulesetSource};
use crate::mechanics::squares::Passage;

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

/// Escape's built-in rulesets, as `extends` sees them.
const BUILTINS: Builtins = Builtins {
    list: ESCAPE_BUILTINS,
    what: "the built-in Escape rulesets are",
    more: None,
};

/// A checked Escape ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EscapeRules {
    /// Its display name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The readings it chooses.
    pub variant: Variant,
    /// The players' colours in the browser, PLAYER1's first (`[[players]]
    /// colour`).
    pub colours: [String; 2],
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
    RulesetSource::builtin(BUILTINS, name).map(load)
}

/// Reads and checks the ruleset file at `path`.
pub fn load_escape(path: &Path) -> Result<Arc<EscapeRules>, RulesetFailure> {
    RulesetSource::file(path).and_then(load)
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
    let file = EscapeRuleset::of(
        &rules.name,
        &rules.description,
        &rules.variant,
        &rules.colours,
    );
    toml::to_string(&file).expect("Escape rulesets serialise to TOML")
}

/// Checks ruleset TOML shown as `name`; relative `extends` paths start at
/// `base`.
pub fn parse_escape(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<Arc<EscapeRules>, RulesetFailure> {
    load(RulesetSource::text(source, name, base))
}

fn load(source: RulesetSource) -> Result<Arc<EscapeRules>, RulesetFailure> {
    source.load(BUILTINS, check).map(Arc::new)
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
    let variant = ruleset.variant();
    check_crossing(loader, &root, &variant)?;
    let colours = check_colours(loader, &root, &ruleset.players)?;
    Some(EscapeRules {
        name: ruleset.name,
        description: ruleset.description,
        variant,
        colours,
    })
}

/// The players' colours: each a colour (`rules::value::invalid` with the
/// nearest colour name), the two different.
fn check_colours(loader: &mut Loader, root: &Node, players: &[PlayerWord]) -> Option<[String; 2]> {
    let at = |i: usize| Some(root.find(&[Key("players"), At(i), Key("colour")])?.at);
    let mut fine = true;
    for (i, player) in players.iter().enumerate() {
        let (message, label, help) = if !is_colour(&player.colour) {
            let message = format!("`{}` is not a colour", player.colour);
            (message, "not a colour", colour_help(&player.colour))
        } else if i == 1 && players[0].colour.eq_ignore_ascii_case(&player.colour) {
            let message = format!("PLAYER1 and PLAYER2 are both `{}`", player.colour);
            let help = "give the players different colours, so that their pieces can be told apart";
            (message, "the same as PLAYER1's", help.to_owned())
        } else {
            continue;
        };
        fine = false;
        let Some(at) = at(i) else {
            continue;
        };
        let label = label.to_owned();
        let error = RulesetError::InvalidValue {
            message,
            span: source_span(at),
            label,
            help,
        };
        loader.problem(at.file, error);
    }
    let [first, second] = players else {
        return None;
    };
    fine.then(|| [first.colour.clone(), second.colour.clone()])
}

/// Reports a ruleset where one location type is a `trap` and another
/// a `hurdle`: paths treat every such square alike.
fn check_crossing(loader: &mut Loader, root: &Node, variant: &Variant) -> Option<()> {
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
    loader.problem(at.file, error);
    None
}
