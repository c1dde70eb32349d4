//! Checking a ruleset that fits the schema for contradictions between its
//! keys: bounds, players, relic letters, the turn order, and rules that
//! would make the game unplayable. Every problem is reported.

use std::collections::HashMap;

use super::error::MazeRulesError;
use super::schema::{Lines, PlayerRules, Ruleset};
use crate::config::tree::{Node, Origin};
use crate::config::validate::{source_span, suggestion_help};
use crate::config::{Problem, RulesetError};

/// Finds the contradictions in `ruleset`, whose keys were read from `root`.
/// The top-level sections in `skipped` had schema problems: contradictions
/// involving them are not looked for.
pub fn check_ruleset(
    ruleset: &Ruleset,
    root: &Node,
    files: &[String],
    skipped: &[String],
    problems: &mut Vec<Problem>,
) {
    let check = Semantics {
        ruleset,
        root,
        files,
    };
    let clean = |sections: &[&str]| !sections.iter().any(|s| skipped.iter().any(|k| k == s));
    if clean(&["board"]) {
        check.board(problems);
    }
    if clean(&["players"]) {
        super::names::check_control_characters(ruleset, |path| check.at(path), problems);
    }
    if clean(&["players"]) {
        check.players(problems);
    }
    if clean(&["players", "board"]) {
        check.player_board(problems);
    }
    if clean(&["players", "turn_order"]) {
        check.turn_order(problems);
    }
    if clean(&["slide", "turn", "movement"]) {
        check.playable(problems);
    }
}

struct Semantics<'a> {
    ruleset: &'a Ruleset,
    root: &'a Node,
    /// The names of the files, by index.
    files: &'a [String],
}

impl Semantics<'_> {
    /// Where the value at `path` was written; the nearest written ancestor
    /// when it took its default.
    fn at(&self, path: &[&str]) -> Origin {
        self.root.nearest_named(path).at
    }

    /// Whether the value at `path` was written (not defaulted).
    fn written(&self, path: &[&str]) -> bool {
        self.root.find_named(path).is_some()
    }

    fn board(&self, out: &mut Vec<Problem>) {
        let board = &self.ruleset.board;
        for (what, min, max) in [
            ("width", board.min_width, board.max_width),
            ("height", board.min_height, board.max_height),
        ] {
            let min_key = format!("min_{what}");
            let max_key = format!("max_{what}");
            let min_at = self.at(&["board", &min_key]);
            let max_at = self.at(&["board", &max_key]);
            let (primary, other) = primary_of(min_at, max_at, self.written(&["board", &min_key]));
            if min > max {
                let error = MazeRulesError::MinAboveMax {
                    what,
                    min,
                    max,
                    span: source_span(primary),
                    other: other.map(source_span),
                };
                out.push((primary.file, Box::new(error)));
            } else if board.odd_sizes && min == max && min % 2 == 0 {
                let error = MazeRulesError::NoOddSize {
                    what,
                    min,
                    max,
                    span: source_span(primary),
                };
                out.push((primary.file, Box::new(error)));
            }
        }
        self.relic_colours(out);
    }

    fn relic_colours(&self, out: &mut Vec<Problem>) {
        let colours = &self.ruleset.board.relic_colours;
        let mut seen = HashMap::new();
        for (index, &letter) in colours.iter().enumerate() {
            let path = ["board", "relic_colours", &index.to_string()];
            let at = self.at(&path);
            if !letter.is_ascii_lowercase() || letter == 'x' {
                out.push(invalid_letter(
                    at,
                    "a relic colour",
                    letter,
                    "a lower-case letter other than `x` (which means no relic in board files)",
                ));
            }
            if let Some(first) = seen.insert(letter, at) {
                out.push(duplicate(
                    "relic colour",
                    letter.to_string(),
                    at,
                    first,
                    "list each relic colour once",
                ));
            }
        }
    }

    fn players(&self, out: &mut Vec<Problem>) {
        self.player_names(out);
        let mut unique = |what, key, help, value: fn(&PlayerRules) -> String| {
            self.unique_per_player(what, key, help, value, out)
        };
        unique(
            "player colour",
            "colour",
            "give every player its own colour",
            |p| p.colour.clone(),
        );
        unique(
            "initial",
            "initial",
            "give every player its own initial: the board shows only the letter",
            |p| p.initial.to_string(),
        );
        unique(
            "relic letter",
            "relic",
            "give every player its own relic colour",
            |p| p.relic.to_string(),
        );
        unique(
            "start corner",
            "corner",
            "give every player its own corner: at most four players, one per corner",
            |p| corner_name(p.corner),
        );
    }

    /// Colours must be simple names, initials upper-case letters.
    fn player_names(&self, out: &mut Vec<Problem>) {
        for (index, player) in self.ruleset.players.iter().enumerate() {
            let i = index.to_string();
            if !is_colour_name(&player.colour) {
                out.push(invalid(
                    self.at(&["players", &i, "colour"]),
                    format!("player colour `{}` is not a simple name", player.colour),
                    "not a simple name",
                    "use lower-case letters, digits and `-`, for example `green`",
                ));
            }
            if !player.initial.is_ascii_uppercase() {
                out.push(invalid_letter(
                    self.at(&["players", &i, "initial"]),
                    "an initial",
                    player.initial,
                    "an upper-case letter, drawn on the tiles",
                ));
            }
        }
    }

    /// Reports players that share the value of `key`.
    fn unique_per_player(
        &self,
        what: &str,
        key: &str,
        help: &str,
        value: fn(&PlayerRules) -> String,
        out: &mut Vec<Problem>,
    ) {
        let mut seen = HashMap::new();
        for (index, player) in self.ruleset.players.iter().enumerate() {
            let at = self.at(&["players", &index.to_string(), key]);
            let value = value(player);
            if let Some(first) = seen.insert(value.clone(), at) {
                out.push(duplicate(what, value, at, first, help));
            }
        }
    }

    fn player_board(&self, out: &mut Vec<Problem>) {
        for index in 0..self.ruleset.players.len() {
            self.relic_on_board(index, out);
        }
        self.corners_coincide(out);
    }

    fn relic_on_board(&self, index: usize, out: &mut Vec<Problem>) {
        let player = &self.ruleset.players[index];
        let colours = &self.ruleset.board.relic_colours;
        if colours.contains(&player.relic) {
            return;
        }
        let relic_at = self.at(&["players", &index.to_string(), "relic"]);
        let colours_at = self.at(&["board", "relic_colours"]);
        let at = if colours_at.file < relic_at.file {
            colours_at
        } else {
            relic_at
        };
        let mut unique: Vec<char> = Vec::new();
        for &c in colours {
            if c.is_ascii_lowercase() && c != 'x' && !unique.contains(&c) {
                unique.push(c);
            }
        }
        let known = unique
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let error = MazeRulesError::RelicNotOnBoard {
            colour: player.colour.clone(),
            relic: player.relic,
            known,
            span: source_span(at),
        };
        out.push((at.file, Box::new(error)));
    }

    /// On a board one tile wide (or high), left and right (top and bottom)
    /// corners are one tile.
    fn corners_coincide(&self, out: &mut Vec<Problem>) {
        let board = &self.ruleset.board;
        let players = &self.ruleset.players;
        for (later, second) in players.iter().enumerate() {
            for first in &players[..later] {
                let (a, b) = (first.corner, second.corner);
                let same_row = a.is_top() == b.is_top();
                let same_column = a.is_left() == b.is_left();
                let (size, bound) = if same_row && board.min_width == 1 {
                    (board.min_width, "min_width")
                } else if same_column && board.min_height == 1 {
                    (board.min_height, "min_height")
                } else {
                    continue;
                };
                if a == b {
                    continue;
                }
                let corner_at = self.at(&["players", &later.to_string(), "corner"]);
                let bound_at = self.at(&["board", bound]);
                let (at, label) = if bound_at.file < corner_at.file {
                    (bound_at, format!("allows boards {size} tile across"))
                } else {
                    (
                        corner_at,
                        format!("shares its tile with `{}`", corner_name(a)),
                    )
                };
                let error = MazeRulesError::CornersCoincide {
                    first: corner_name(a),
                    second: corner_name(b),
                    size,
                    span: source_span(at),
                    label,
                };
                out.push((at.file, Box::new(error)));
            }
        }
    }

    /// When the players were replaced but the turn order inherited, one
    /// problem on the players says so (instead of many in the parent file).
    fn inherited_order_misfits(&self, out: &mut Vec<Problem>) -> bool {
        let order_at = self.at(&["turn_order"]);
        let players_at = self.at(&["players"]);
        if players_at.file >= order_at.file || self.order_fits() {
            return false;
        }
        let colours: Vec<String> = self
            .ruleset
            .players
            .iter()
            .map(|p| format!("\"{}\"", p.colour))
            .collect();
        let error = MazeRulesError::InheritedTurnOrder {
            parent: self.files[order_at.file].clone(),
            order: self.ruleset.turn_order.join(", "),
            suggested: colours.join(", "),
            span: source_span(players_at),
        };
        out.push((players_at.file, Box::new(error)));
        true
    }

    fn turn_order(&self, out: &mut Vec<Problem>) {
        if self.inherited_order_misfits(out) {
            return;
        }
        let colours: Vec<&str> = self
            .ruleset
            .players
            .iter()
            .map(|p| p.colour.as_str())
            .collect();
        let mut seen = HashMap::new();
        for (index, colour) in self.ruleset.turn_order.iter().enumerate() {
            let at = self.at(&["turn_order", &index.to_string()]);
            if !colours.contains(&colour.as_str()) {
                let error = MazeRulesError::UnknownPlayer {
                    colour: colour.clone(),
                    span: source_span(at),
                    help: suggestion_help(colour, "the players are", &colours),
                };
                out.push((at.file, Box::new(error)));
            } else if let Some(first) = seen.insert(colour.as_str(), at) {
                out.push(duplicate(
                    "turn_order entry",
                    colour.clone(),
                    at,
                    first,
                    "each player plays once per round: list it once",
                ));
            }
        }
        let at = self.at(&["turn_order"]);
        for colour in colours
            .iter()
            .filter(|c| !self.ruleset.turn_order.iter().any(|t| t == *c))
        {
            let error = MazeRulesError::MissingFromTurnOrder {
                colour: (*colour).to_owned(),
                span: source_span(at),
            };
            out.push((at.file, Box::new(error)));
        }
    }

    /// Whether the turn order names every player exactly once.
    fn order_fits(&self) -> bool {
        let mut order: Vec<&str> = self.ruleset.turn_order.iter().map(String::as_str).collect();
        let mut colours: Vec<&str> = self
            .ruleset
            .players
            .iter()
            .map(|p| p.colour.as_str())
            .collect();
        order.sort_unstable();
        colours.sort_unstable();
        order == colours
    }

    fn playable(&self, out: &mut Vec<Problem>) {
        let slide = &self.ruleset.slide;
        if slide.rows == Lines::None
            && slide.columns == Lines::None
            && self.ruleset.turn.slide_required
        {
            let at = self.at(&["slide"]);
            let error = MazeRulesError::NoSlide {
                span: source_span(at),
            };
            out.push((at.file, Box::new(error)));
        }
        let movement = &self.ruleset.movement;
        if !movement.steps && !movement.pathfinding {
            let at = self.at(&["movement"]);
            let error = MazeRulesError::NoMovement {
                span: source_span(at),
            };
            out.push((at.file, Box::new(error)));
        }
    }
}

/// The label for a pair of values: the one in the nearest file (the first
/// when `first_written` and both are in one file), and the other when it
/// is in that same file.
fn primary_of(first: Origin, second: Origin, first_written: bool) -> (Origin, Option<Origin>) {
    let primary = if first_written && first.file <= second.file {
        first
    } else {
        second
    };
    let other = if primary == first { second } else { first };
    (
        primary,
        (other.file == primary.file && other != primary).then_some(other),
    )
}

fn duplicate(what: &str, value: String, at: Origin, first: Origin, help: &str) -> Problem {
    let error = RulesetError::Duplicate {
        what: what.to_owned(),
        value,
        span: source_span(at),
        first: (first.file == at.file && first != at).then(|| source_span(first)),
        help: help.to_owned(),
    };
    (at.file, Box::new(error))
}

fn invalid(at: Origin, message: String, label: &str, help: &str) -> Problem {
    let error = RulesetError::InvalidValue {
        message,
        span: source_span(at),
        label: label.to_owned(),
        help: help.to_owned(),
    };
    (at.file, Box::new(error))
}

fn invalid_letter(at: Origin, what: &str, letter: char, wanted: &str) -> Problem {
    invalid(
        at,
        format!("`{letter}` cannot be {what}"),
        "not allowed here",
        &format!("use {wanted}"),
    )
}

fn is_colour_name(name: &str) -> bool {
    name.bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn corner_name(corner: super::schema::Corner) -> String {
    serde_json::to_value(corner)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}
