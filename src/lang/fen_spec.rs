//! A ruleset's `[fen]` table: what the fields of a FEN position after the
//! placement mean in this game (the side-to-move letters, the castling
//! letters and the variables they set, the en-passant square and the piece
//! it marks, the variable of the halfmove clock), and the [`FenTable`] of
//! slots and codes it compiles to (`fen/table.rs` checks and compiles it;
//! the FEN codec is [`super::fen`]).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
    /// Pieces held in hand, as SFEN (shogi's FEN) writes them after the
    /// side to move: each upper-case letter names the per-player variable
    /// that counts them (`P = "hand_pawn"`), the letter counting the
    /// first player's and its lower case the second's (`2Pb`: two for the
    /// first player, one `b` for the second; `-`: none). With hands, the
    /// fields are SFEN's: the side to move, the hands and the move number
    /// (the actions so far plus one), and a placement piece may be
    /// written with several letters (`+P`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hands: BTreeMap<String, String>,
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
    /// SFEN hands: each letter (upper case) with its per-player
    /// variable's first slot, least and greatest value; empty for FEN's
    /// fields.
    pub hands: Vec<(char, usize, i32, i32)>,
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
