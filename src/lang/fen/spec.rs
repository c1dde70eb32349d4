//! A ruleset's `[fen]` table: what the fields of a FEN position after the
//! placement mean in this game (the side-to-move letters, the castling
//! letters and the variables they set, the en-passant square and the piece
//! it marks, the variable of the halfmove clock), checked against the
//! ruleset at load and compiled to a [`FenTable`] of slots and codes.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::config::tree::Step::{self, Key};
use crate::config::validate::suggestion_help;
use crate::lang::check::Tables;
use crate::lang::error::CoreError;
use crate::lang::locate::{Found, Locator};
use crate::lang::schema::CoreRuleset;

/// How FEN setups read for this game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FenSpec {
    /// The side-to-move letters, one per player in player order. Left
    /// out: each player's initial (`w`, `b` for white and black).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<String>,
    /// The castling field's letters: `K = { variable = "white-kingside" }`
    /// (or `{ variable = "kingside", player = "white" }` for a player's
    /// copy of a per-player variable). A letter present sets the variable
    /// to its greatest value, a letter absent (or `-`) to its least.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub castling: BTreeMap<String, FenRight>,
    /// What the en-passant square means: the piece one `step` from it
    /// (for the player who moved last) is of kind `kind` and becomes
    /// `becomes`. Left out, the field must be `-`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "FenPassant")]
    pub en_passant: Option<FenPassant>,
    /// The whole-game variable the halfmove clock sets. Left out, the
    /// field is read (a number) and not kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halfmove: Option<String>,
}

impl FenSpec {
    /// Whether the table says nothing (the ruleset has no `[fen]`).
    pub fn is_empty(&self) -> bool {
        *self == FenSpec::default()
    }
}

/// One castling letter: which variable it sets (which player's copy, for
/// a per-player one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FenRight {
    /// The variable.
    pub variable: String,
    /// The player whose copy, for a per-player variable (only then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

/// The piece an en-passant square points at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FenPassant {
    /// A direction (or player direction, for the player who moved last)
    /// from the square to the piece that passed it.
    pub step: String,
    /// The kind that piece is written as in the placement.
    pub kind: String,
    /// The kind it is in play (such as a pawn that may be taken en
    /// passant).
    pub becomes: String,
}

/// A `[fen]` table compiled against the ruleset: slots and cell codes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FenTable {
    /// The side-to-move letters, by player.
    pub sides: Vec<String>,
    /// Castling letters: the letter, the variable slot, least and greatest.
    pub castling: Vec<(char, usize, i32, i32)>,
    /// The en-passant square's meaning, if the game has one.
    pub en_passant: Option<Passant>,
    /// The halfmove clock's slot and bounds.
    pub halfmove: Option<(usize, i32, i32)>,
}

/// An en-passant square compiled: per player, the direction to the piece
/// and the codes it is read as and becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passant {
    /// The direction from the square, by player.
    pub step: Vec<u8>,
    /// The code of the kind written, by player.
    pub written: Vec<u8>,
    /// The code of the kind it becomes, by player.
    pub becomes: Vec<u8>,
}

/// Checks `r`'s `[fen]` table against its `tables`, every problem into
/// `out`; the compiled table (the players' initials when there is none).
pub fn fen_table(r: &CoreRuleset, t: &Tables, loc: &Locator, out: &mut Vec<Found>) -> FenTable {
    let check = Check { r, t, loc, out };
    check.table(&r.fen)
}

struct Check<'a, 'o> {
    r: &'a CoreRuleset,
    t: &'a Tables,
    loc: &'a Locator<'a>,
    out: &'o mut Vec<Found>,
}

impl Check<'_, '_> {
    fn table(mut self, spec: &FenSpec) -> FenTable {
        FenTable {
            sides: self.sides(spec),
            castling: (spec.castling.iter())
                .filter_map(|(letter, right)| self.right(letter, right))
                .collect(),
            en_passant: spec.en_passant.as_ref().and_then(|p| self.passant(p)),
            halfmove: spec.halfmove.as_ref().and_then(|h| self.halfmove(h)),
        }
    }

    fn fault(&mut self, path: &[Step], message: String, help: &str) {
        let (file, span) = self.loc.at(path);
        let help = help.to_owned();
        (self.out).push((
            file,
            CoreError::FenTable {
                message,
                span,
                help,
            },
        ));
    }

    fn unknown(&mut self, path: &[Step], what: &'static str, name: &str, known: &[&str]) {
        let (file, span) = self.loc.at(path);
        let help = suggestion_help(name, &format!("the {what}s are"), known);
        let name = name.to_owned();
        (self.out).push((
            file,
            CoreError::UnknownName {
                what,
                name,
                span,
                help,
            },
        ));
    }

    fn sides(&mut self, spec: &FenSpec) -> Vec<String> {
        let players = &self.r.players;
        if spec.sides.is_empty() {
            return (players.iter())
                .map(|p| {
                    p.chars()
                        .next()
                        .map(|c| c.to_lowercase().collect())
                        .unwrap_or_default()
                })
                .collect();
        }
        let path = [Key("fen"), Key("sides")];
        if spec.sides.len() != players.len() {
            let message = format!("{} sides for {} players", spec.sides.len(), players.len());
            self.fault(
                &path,
                message,
                "give one side-to-move letter per player, in player order",
            );
        } else if (spec.sides.iter()).any(|s| s.is_empty() || s.contains(char::is_whitespace)) {
            let message = "a side is empty or holds a blank".to_owned();
            self.fault(
                &path,
                message,
                "each side is a word without blanks, such as `w`",
            );
        }
        spec.sides.clone()
    }

    fn right(&mut self, letter: &str, right: &FenRight) -> Option<(char, usize, i32, i32)> {
        let at = |key| [Key("fen"), Key("castling"), Key(letter), Key(key)];
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            let message = format!("castling key `{letter}` is not one letter");
            self.fault(
                &at("variable")[..3],
                message,
                "castling keys are single letters",
            );
            return None;
        };
        let v = self.variable(&at("variable"), &right.variable)?;
        let player = match (&right.player, v.per_player) {
            (None, false) => 0,
            (Some(name), true) => match self.r.players.iter().position(|p| p == name) {
                Some(p) => p,
                None => {
                    let known: Vec<&str> = self.r.players.iter().map(String::as_str).collect();
                    self.unknown(&at("player"), "player", name, &known);
                    return None;
                }
            },
            (None, true) | (Some(_), false) => {
                let message = match v.per_player {
                    true => format!("castling variable `{}` is per player: whose copy?", v.name),
                    false => format!("castling variable `{}` is not per player", v.name),
                };
                let help = "give `player` for a per-player variable, and only for one";
                self.fault(&at("variable"), message, help);
                return None;
            }
        };
        Some((c, usize::from(v.slot) + player, v.min, v.max))
    }

    fn variable(&mut self, path: &[Step], name: &str) -> Option<crate::lang::program::Variable> {
        let found = self.t.variables.iter().find(|v| v.name == name);
        if found.is_none() {
            let known: Vec<&str> = self.t.variables.iter().map(|v| v.name.as_str()).collect();
            self.unknown(path, "variable", name, &known);
        }
        found.cloned()
    }

    fn halfmove(&mut self, name: &str) -> Option<(usize, i32, i32)> {
        let path = [Key("fen"), Key("halfmove")];
        let v = self.variable(&path, name)?;
        if v.per_player {
            let message = format!("halfmove variable `{name}` is per player");
            self.fault(
                &path,
                message,
                "the halfmove clock sets a whole-game variable",
            );
            return None;
        }
        Some((usize::from(v.slot), v.min, v.max))
    }

    fn passant(&mut self, p: &FenPassant) -> Option<Passant> {
        let players = self.r.players.len();
        let step = self.step(&p.step);
        let written = self.kind_codes("kind", &p.kind);
        let becomes = self.kind_codes("becomes", &p.becomes);
        let step = step?;
        let step = match step {
            Ok(d) => vec![d; players],
            Err(a) => self.t.aliases[a * players..][..players].to_vec(),
        };
        Some(Passant {
            step,
            written: written?,
            becomes: becomes?,
        })
    }

    /// A board direction (`Ok`) or a player direction's index (`Err`).
    fn step(&mut self, name: &str) -> Option<Result<u8, usize>> {
        if let Some(d) = self.t.board.direction(name) {
            return Some(Ok(d));
        }
        if let Some(a) = self.t.alias_names.iter().position(|n| n == name) {
            return Some(Err(a));
        }
        let mut known: Vec<&str> = self.t.board.directions.iter().map(String::as_str).collect();
        known.extend(self.t.alias_names.iter().map(String::as_str));
        self.unknown(
            &[Key("fen"), Key("en_passant"), Key("step")],
            "direction",
            name,
            &known,
        );
        None
    }

    /// The cell codes of an owned kind, by player.
    fn kind_codes(&mut self, key: &'static str, name: &str) -> Option<Vec<u8>> {
        let path = [Key("fen"), Key("en_passant"), Key(key)];
        let Some(kind) = self.t.kinds.iter().position(|k| k.0 == name) else {
            let known: Vec<&str> = self.t.kinds.iter().map(|k| k.0.as_str()).collect();
            self.unknown(&path, "kind", name, &known);
            return None;
        };
        let codes: Vec<u8> = (0..self.r.players.len())
            .filter_map(|p| {
                (self.t.pieces.iter())
                    .position(|piece| {
                        usize::from(piece.kind) == kind && piece.owner == Some(p as u8)
                    })
                    .map(|i| i as u8 + 1)
            })
            .collect();
        if codes.len() != self.r.players.len() {
            let message = format!("kind `{name}` is not owned by the players");
            self.fault(
                &path,
                message,
                "the en-passant piece is a kind each player owns",
            );
            return None;
        }
        Some(codes)
    }
}
