//! The texts of refusals and events: a ruleset's `[messages]` table over
//! the defaults, with placeholders such as `{player}` and `{square}` filled
//! in.
//!
//! The machinery is shared by every game with a `[messages]` table: a game
//! names its key set as a catalog of [`MessageDefault`]s (the vocabulary's
//! is [`DEFAULTS`], Moving Maze's is in its rules), and gets the schema of
//! the table ([`table_schema`]: every key, with "did you mean" on unknown
//! keys), the check of placeholders ([`unfillable`]) and templates
//! compiled at load ([`Template`]).

use std::fmt::{Display, Write as _};

use super::schema::MessageSpec;
use crate::config::validate::suggestion_help;

/// One message key: its name, its default text, and the placeholders it
/// may use.
pub type MessageDefault = (&'static str, &'static str, &'static [&'static str]);

/// Every message key of the vocabulary, its default text, and the
/// placeholders it may use.
pub const DEFAULTS: &[MessageDefault] = &[
    ("game_over", "The game is over.", &[]),
    ("occupied", "{square} is taken.", &["square"]),
    (
        "cannot_cover",
        "The {kind} cannot cover the piece on {square}.",
        &["kind", "square"],
    ),
    (
        "nothing_to_capture",
        "There is nothing to capture on {square}.",
        &["square"],
    ),
    (
        "reserve_empty",
        "{player} has no {kind} left.",
        &["player", "kind"],
    ),
    ("line_full", "Line {line} is full.", &["line"]),
    (
        "no_piece",
        "{player} has no piece on {square}.",
        &["player", "square"],
    ),
    (
        "empty_square",
        "There is no piece on {square}.",
        &["player", "square"],
    ),
    (
        "not_a_move",
        "The piece on {from} cannot move to {to}.",
        &["from", "to"],
    ),
    (
        "blocked",
        "The way from {from} to {to} is blocked.",
        &["from", "to"],
    ),
    ("not_allowed", "{player} cannot do that now.", &["player"]),
    (
        "placed",
        "{player} places a {kind} on {square}.",
        &["player", "kind", "square"],
    ),
    (
        "moved",
        "{player} moves from {from} to {to}.",
        &["player", "from", "to", "kind"],
    ),
    (
        "captured",
        "The {kind} on {square} is captured.",
        &["player", "kind", "square"],
    ),
    ("passed", "{player} passes.", &["player"]),
    ("won", "{player} wins!", &["player"]),
    ("draw", "The game is a draw.", &[]),
    ("lost", "{player} loses.", &["player"]),
    ("quit", "{player} quits.", &["player"]),
    ("stopped", "Play stopped at the turn limit.", &[]),
    (
        "used_up",
        "{player} has no {rule} left.",
        &["player", "rule"],
    ),
    (
        "wrong_target",
        "The {rule} cannot be used on {square}.",
        &["player", "rule", "square"],
    ),
    (
        "too_many",
        "{square} holds fewer than {count} pieces.",
        &["player", "square", "count"],
    ),
    (
        "not_threatened",
        "{player} may cover the piece on {square} only in a line its owner threatens.",
        &["player", "square", "kind"],
    ),
    (
        "used",
        "{player} uses the {rule} on {square}.",
        &["player", "rule", "square"],
    ),
    (
        "returned",
        "The {kind} from {square} goes back to {player}.",
        &["player", "kind", "square"],
    ),
    ("sink", "{square} becomes a sink.", &["square"]),
    ("turn_lost", "{player} loses the turn.", &["player"]),
    (
        "prompt",
        "{player} to move ({example}): ",
        &["player", "phase", "example"],
    ),
    (
        "not_in_phase",
        "{player} cannot {action} in the {phase} phase.",
        &["player", "action", "phase"],
    ),
    ("square", "{name}", &["name", "row", "column"]),
];

/// The resolved texts, indexed like [`DEFAULTS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Messages {
    texts: Vec<String>,
}

impl Messages {
    /// The ruleset's texts over the defaults.
    pub fn new(spec: &MessageSpec) -> Messages {
        let given = serde_json::to_value(spec).unwrap_or_default();
        let texts = (DEFAULTS.iter())
            .map(|(key, default, _)| {
                let text = given.get(*key).and_then(serde_json::Value::as_str);
                text.unwrap_or(default).to_owned()
            })
            .collect();
        Messages { texts }
    }

    /// The text of `key` with `values` filled in.
    ///
    /// ```
    /// use relic::vocab::messages::Messages;
    /// let m = Messages::new(&Default::default());
    /// assert_eq!(m.text("occupied", &[("square", "b2")]), "b2 is taken.");
    /// ```
    pub fn text(&self, key: &str, values: &[(&str, &str)]) -> String {
        let index = DEFAULTS.iter().position(|d| d.0 == key).unwrap_or(0);
        fill(&self.texts[index], values)
    }
}

/// `template` with each `{name}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// The placeholders written in `template`, with their byte ranges.
pub fn placeholders(template: &str) -> Vec<(usize, usize, &str)> {
    let mut found = Vec::new();
    let mut rest = 0;
    while let Some(open) = template[rest..].find('{') {
        let start = rest + open;
        let Some(close) = template[start..].find('}') else {
            break;
        };
        let end = start + close + 1;
        found.push((start, end, &template[start + 1..end - 1]));
        rest = end;
    }
    found
}

/// A message compiled at load: its literal text and its placeholders,
/// each an index into the game's list of placeholder names, so writing it
/// looks nothing up by name.
///
/// ```
/// use relic::vocab::messages::Template;
/// let names = ["player", "square"];
/// let template = Template::compile("{player} takes {square}.", &names);
/// let mut out = String::new();
/// template.write(&mut out, &["Red", "b2"]);
/// assert_eq!(out, "Red takes b2.");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    parts: Vec<Part>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    Text(Box<str>),
    Slot(usize),
}

impl Template {
    /// Compiles `text`; `{name}` becomes a slot when `name` is in `names`,
    /// and stays literal text otherwise (the load-time check,
    /// [`unfillable`], has refused such a text already).
    pub fn compile(text: &str, names: &[&str]) -> Template {
        let mut parts = Vec::new();
        let mut done = 0;
        for (start, end, name) in placeholders(text) {
            let Some(slot) = names.iter().position(|n| *n == name) else {
                continue;
            };
            if start > done {
                parts.push(Part::Text(text[done..start].into()));
            }
            parts.push(Part::Slot(slot));
            done = end;
        }
        if done < text.len() || parts.is_empty() {
            parts.push(Part::Text(text[done..].into()));
        }
        Template { parts }
    }

    /// Appends the text to `out`, each slot filled with `values[slot]`
    /// (nothing when `values` is too short).
    pub fn write<V: Display>(&self, out: &mut String, values: &[V]) {
        for part in &self.parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Slot(slot) => {
                    if let Some(value) = values.get(*slot) {
                        let _ = write!(out, "{value}");
                    }
                }
            }
        }
    }
}

/// A placeholder a message cannot fill: where it is in the text, and a
/// help line naming those the message can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfillable {
    /// The placeholder's name (inside the braces).
    pub name: String,
    /// Its byte range in the text, braces included.
    pub range: std::ops::Range<usize>,
    /// The placeholders the message can use, with the nearest suggested.
    pub help: String,
}

/// The placeholders of message `key` (`text`, which may use `allowed`)
/// that it cannot fill.
///
/// ```
/// use relic::vocab::messages::unfillable;
/// let found = unfillable("won", "{playr} wins", &["player"]);
/// assert_eq!(found[0].range, 0..7);
/// assert!(found[0].help.contains("`player`"));
/// ```
pub fn unfillable(key: &str, text: &str, allowed: &[&str]) -> Vec<Unfillable> {
    let unknown = placeholders(text).into_iter();
    unknown
        .filter(|(_, _, name)| !allowed.contains(name))
        .map(|(start, end, name)| {
            let help = if allowed.is_empty() {
                format!("`{key}` has no placeholders")
            } else {
                suggestion_help(name, &format!("`{key}` can use"), allowed)
            };
            Unfillable {
                name: name.into(),
                range: start..end,
                help,
            }
        })
        .collect()
}

/// The JSON Schema of a `[messages]` table with the keys of `catalog`:
/// each key a string whose description gives its default text and
/// placeholders, and no other key (`propertyNames` lists them, so editors
/// complete them).
pub fn table_schema(catalog: &[MessageDefault], description: &str) -> serde_json::Value {
    let about = |(_, default, allowed): &MessageDefault| {
        let names: Vec<String> = allowed.iter().map(|a| format!("`{{{a}}}`")).collect();
        match names.is_empty() {
            true => format!("Default: `{default}`."),
            false => format!("Default: `{default}`. May use {}.", names.join(", ")),
        }
    };
    let properties: serde_json::Map<String, serde_json::Value> = (catalog.iter())
        .map(|d| {
            let schema = serde_json::json!({"type": "string", "description": about(d)});
            (d.0.to_string(), schema)
        })
        .collect();
    let keys: Vec<&str> = catalog.iter().map(|d| d.0).collect();
    let abouts: Vec<String> = catalog.iter().map(about).collect();
    serde_json::json!({
        "type": "object",
        "description": description,
        "properties": properties,
        "propertyNames": {"enum": keys, "enumDescriptions": abouts},
        "additionalProperties": false,
    })
}
