//! The texts of refusals and events: the ruleset's `[messages]` table over
//! the defaults, with `{player}`, `{square}`, `{from}`, `{to}`, `{kind}` and
//! `{line}` filled in.

use super::schema::MessageSpec;

/// Every message key, its default text, and the placeholders it may use.
pub const DEFAULTS: &[(&str, &str, &[&str])] = &[
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
        "{player} has no piece on top of {square}.",
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
    ("prompt", "{player} to move: ", &["player", "phase"]),
    (
        "not_in_phase",
        "{player} cannot {action} in the {phase} phase.",
        &["player", "action", "phase"],
    ),
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
