//! The problems of a FEN setup, each with a stable code (`fen::...`), a
//! label on the bytes at fault and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem of a FEN setup read against a core ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum FenError {
    /// Text with no placement at all.
    #[error("there is no position here: expected a FEN placement")]
    #[diagnostic(
        code(fen::syntax),
        help(
            "write the placement, ranks from the north edge down separated by `/`, then the side to move: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w`"
        )
    )]
    Syntax {
        /// Where reading stopped.
        #[label("expected a placement")]
        span: SourceSpan,
    },

    /// A ruleset whose board FEN cannot describe.
    #[error("{game} cannot be set up from FEN: {why}")]
    #[diagnostic(
        code(fen::board),
        help(
            "FEN describes a square grid whose pieces are written with one letter each; a position file (`board = [...]`, see the core language's position files) describes any core position"
        )
    )]
    Board {
        /// The game's name.
        game: String,
        /// What FEN cannot describe.
        why: String,
        /// The placement.
        #[label("this placement")]
        span: SourceSpan,
    },

    /// The wrong number of ranks, or of squares in a rank.
    #[error("{problem}")]
    #[diagnostic(
        code(fen::rank),
        help(
            "the placement has one rank per row of the board ({height}), north first, each describing {width} squares: a letter per piece, a number per run of empty squares"
        )
    )]
    Rank {
        /// What does not fit.
        problem: String,
        /// The board's width.
        width: u16,
        /// The board's height.
        height: u16,
        /// The rank, or the placement.
        #[label("{problem}")]
        span: SourceSpan,
    },

    /// A letter that is no piece of the ruleset.
    #[error("`{letter}` is not a piece of {game}")]
    #[diagnostic(code(fen::piece), help("{help}"))]
    Piece {
        /// The letter.
        letter: String,
        /// The game's name.
        game: String,
        /// The letters the ruleset's kinds declare.
        help: String,
        /// Where.
        #[label("no such piece")]
        span: SourceSpan,
    },

    /// A side to move that names no player.
    #[error("`{side}` is not a side to move")]
    #[diagnostic(code(fen::side), help("{help}"))]
    Side {
        /// The field.
        side: String,
        /// The sides the ruleset knows.
        help: String,
        /// Where.
        #[label("not a player")]
        span: SourceSpan,
    },

    /// A castling field the ruleset does not declare, or a letter twice.
    #[error("castling rights `{field}`: {problem}")]
    #[diagnostic(code(fen::castling), help("{help}"))]
    Castling {
        /// The field.
        field: String,
        /// What is wrong.
        problem: String,
        /// The letters the ruleset declares.
        help: String,
        /// Where.
        #[label("{problem}")]
        span: SourceSpan,
    },

    /// An en-passant square that is not on the board, or behind no piece
    /// that could have just passed it.
    #[error("en-passant square `{square}`: {problem}")]
    #[diagnostic(code(fen::en_passant), help("{help}"))]
    EnPassant {
        /// The field.
        square: String,
        /// What is wrong.
        problem: String,
        /// What the field may hold.
        help: String,
        /// Where.
        #[label("{problem}")]
        span: SourceSpan,
    },

    /// An SFEN hands field that does not read.
    #[error("pieces in hand `{field}`: {problem}")]
    #[diagnostic(code(fen::hands), help("{help}"))]
    Hands {
        /// The field.
        field: String,
        /// What is wrong.
        problem: String,
        /// The letters the ruleset declares.
        help: String,
        /// Where.
        #[label("{problem}")]
        span: SourceSpan,
    },

    /// A halfmove clock or fullmove number that is not a number in range.
    #[error("the {what} `{text}` is not a number from {min} to {max}")]
    #[diagnostic(
        code(fen::number),
        help(
            "the halfmove clock counts the moves since the last capture or pawn move (from 0); the fullmove number starts at 1 and grows after each of the last player's moves"
        )
    )]
    Number {
        /// Which field.
        what: &'static str,
        /// The field.
        text: String,
        /// Its least value.
        min: i64,
        /// Its greatest value.
        max: i64,
        /// Where.
        #[label("out of range")]
        span: SourceSpan,
    },

    /// A missing side to move, or fields past the fullmove number.
    #[error("{problem}")]
    #[diagnostic(
        code(fen::fields),
        help(
            "a FEN position is the placement, the side to move, then optionally castling rights, the en-passant square, the halfmove clock and the fullmove number, separated by blanks"
        )
    )]
    Fields {
        /// What is wrong.
        problem: String,
        /// Where.
        #[label("{problem}")]
        span: SourceSpan,
    },
}
