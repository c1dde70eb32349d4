//! FEN setups for core games: the position format chess tools speak, read
//! (and written) for any square-grid core ruleset, and SFEN, shogi's, for
//! a ruleset whose `[fen]` table has `hands`. The placement's letters
//! are the kinds' glyphs; the side to move, castling rights, en-passant
//! square and halfmove clock mean what the ruleset's `[fen]` table says
//! ([`FenSpec`]); the fullmove number sets the turn count.
//!
//! Text is read by a pest grammar (grammar/fen.pest) into a raw spanned
//! position (`parse`), then checked against the compiled ruleset, every
//! problem at once (`check`).
//!
//! ```
//! use relic::contract::Game;
//! use relic::lang::{builtin_core, fen};
//! let chess = builtin_core("chess").unwrap().unwrap();
//! let text = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
//! let game = fen::start_from_fen(chess.clone(), "end.fen", text).unwrap();
//! assert_eq!(game.legal_actions().len(), 15);
//! assert_eq!(fen::write_fen(&game), text);
//! let bad = fen::start_from_fen(chess, "bad.fen", "4k3/8/9/8/8/8/8/4KX1R x").unwrap_err();
//! assert_eq!(bad.problems.len(), 3);
//! ```

mod check;
mod error;
mod parse;
pub(crate) mod table;
mod write;

use std::sync::Arc;

pub use super::fen_spec::{FenPassant, FenRight, FenSpec, FenTable, Passant};
pub use check::FenPosition;
pub use error::FenError;
pub use write::{fen_refusal, write_fen};

use super::game::CoreGame;
use super::program::Program;
use crate::diagnostics::FileReport;

/// Reads the FEN position `text` against `program`: the position, or
/// every problem found.
///
/// ```
/// let gomoku = relic::lang::builtin_core("gomoku").unwrap().unwrap();
/// let position = relic::lang::fen::read_fen(&gomoku, "15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15 w").unwrap();
/// assert_eq!((position.player, position.cells.iter().filter(|c| **c != 0).count()), (1, 1));
/// ```
pub fn read_fen(program: &Program, text: &str) -> Result<FenPosition, Vec<FenError>> {
    let raw = parse::parse_fen(text).map_err(|span| vec![FenError::Syntax { span }])?;
    check::check(program, &raw)
}

/// The game of `program` from the FEN position `text` (shown as `name`),
/// or every problem of the position with its text.
pub fn start_from_fen(
    program: Arc<Program>,
    name: &str,
    text: &str,
) -> Result<CoreGame, FileReport> {
    let p = read_fen(&program, text).map_err(|problems| FileReport {
        path: name.to_owned(),
        source: text.to_owned(),
        problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
    })?;
    Ok(CoreGame::from_position(
        program, p.cells, p.vars, p.player, p.turn,
    ))
}
