//! The check of a ruleset's `[fen]` table against the rest of the ruleset
//! at load (names it uses, one side per player, per-player or whole-game
//! variables), every problem at once, and its compilation to a
//! [`FenTable`].

use crate::config::tree::Step::{self, Key};
use crate::config::validate::suggestion_help;
use crate::lang::check::Tables;
use crate::lang::error::CoreError;
use crate::lang::fen_spec::{FenPassant, FenRight, FenSpec, FenTable, Passant};
use crate::lang::locate::{Found, Locator};
use crate::lang::schema::CoreRuleset;

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
            hands: self.hands(spec),
        }
    }

    /// SFEN's hands: a letter per per-player variable, for two players,
    /// and none of FEN's castling, en-passant or halfmove fields.
    fn hands(&mut self, spec: &FenSpec) -> Vec<(char, usize, i32, i32)> {
        if spec.hands.is_empty() {
            return Vec::new();
        }
        let path = [Key("fen"), Key("hands")];
        let fen_fields = !spec.castling.is_empty() || spec.en_passant.is_some();
        if fen_fields || spec.halfmove.is_some() || self.r.players.len() != 2 {
            let message = "hands are SFEN's field, for two players and without FEN's castling, en-passant and halfmove fields".to_owned();
            let help = "keep `hands` for a two-player game written in SFEN; leave out `castling`, `en_passant` and `halfmove`";
            self.fault(&path, message, help);
            return Vec::new();
        }
        let mut hands = Vec::new();
        for (letter, name) in &spec.hands {
            let at = [Key("fen"), Key("hands"), Key(letter)];
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                self.fault(
                    &at,
                    format!("hand key `{letter}` is not one letter"),
                    "hand keys are single upper-case letters, such as `P`",
                );
                continue;
            };
            if !c.is_ascii_uppercase() {
                self.fault(&at, format!("hand key `{letter}` is not an upper-case letter"), "the upper-case letter counts the first player's pieces, its lower case the second's");
                continue;
            }
            let Some(v) = self.variable(&at, name) else {
                continue;
            };
            if !v.per_player {
                let message = format!("hand variable `{name}` is not per player");
                self.fault(
                    &at,
                    message,
                    "a hand counts each player's pieces: a per-player variable",
                );
                continue;
            }
            hands.push((c, usize::from(v.slot), v.min, v.max));
        }
        hands
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
