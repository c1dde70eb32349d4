//! The problems a game file can have, each with its stable code and the
//! exact span it is about.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem with a game file.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum GameFileError {
    /// The first line is not `COUNT W,H`.
    #[error("a game file starts with `COUNT W,H`: {message}")]
    #[diagnostic(
        code(boulder_dash::game::header),
        help("write the number of moves, a space, then the board's width and height: `4 8,8`")
    )]
    Header {
        /// What was expected.
        message: String,
        /// Where.
        #[label("here")]
        at: SourceSpan,
    },
    /// A number too large to hold.
    #[error("`{text}` is too large")]
    #[diagnostic(
        code(boulder_dash::game::number),
        help("counts and sizes are at most {max}")
    )]
    Number {
        /// The digits.
        text: String,
        /// The largest allowed.
        max: usize,
        /// Where.
        #[label("too large")]
        at: SourceSpan,
    },
    /// Fewer moves than the header declares.
    #[error("the file declares {declared} moves but lists {listed}")]
    #[diagnostic(
        code(boulder_dash::game::count),
        help("the first number is how many moves follow; text after them is ignored")
    )]
    Count {
        /// The count declared.
        declared: usize,
        /// The moves found.
        listed: usize,
        /// The count.
        #[label("{declared} moves declared")]
        at: SourceSpan,
    },
    /// Text where a move belongs.
    #[error("move {number} is not a move")]
    #[diagnostic(code(boulder_dash::game::syntax), help("{help}"))]
    NotAMove {
        /// The 1-based move number.
        number: usize,
        /// Where.
        #[label("expected a move")]
        at: SourceSpan,
        /// The moves there are.
        help: String,
    },
    /// A move letter the ruleset does not know.
    #[error("move {number}: `{letter}` is not a move letter")]
    #[diagnostic(code(boulder_dash::game::letter), help("{help}"))]
    Letter {
        /// The 1-based move number.
        number: usize,
        /// The letter.
        letter: String,
        /// Where.
        #[label("unknown move")]
        at: SourceSpan,
        /// The moves there are.
        help: String,
    },
    /// A move written with or without brackets against its kind.
    #[error("move {number}: {message}")]
    #[diagnostic(code(boulder_dash::game::form), help("{help}"))]
    Form {
        /// The 1-based move number.
        number: usize,
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        at: SourceSpan,
        /// The moves there are.
        help: String,
    },
    /// A direction other than N, S, E, W.
    #[error("move {number}: `{found}` is not a direction")]
    #[diagnostic(
        code(boulder_dash::game::direction),
        help("a direction is one of N, S, E, W")
    )]
    Direction {
        /// The 1-based move number.
        number: usize,
        /// What was written.
        found: String,
        /// Where.
        #[label("not N, S, E or W")]
        at: SourceSpan,
    },
    /// A number of steps outside 1 to the action's maximum.
    #[error("move {number}: {found} steps; a move takes 1 to {max}")]
    #[diagnostic(
        code(boulder_dash::game::steps),
        help("write the number of steps as one digit from 1 to {max}")
    )]
    Steps {
        /// The 1-based move number.
        number: usize,
        /// What was written.
        found: String,
        /// The most steps.
        max: u8,
        /// Where.
        #[label("outside 1 to {max}")]
        at: SourceSpan,
    },
    /// A size that is not the board's.
    #[error("the game is for a {width}x{height} board, the board is {board_width}x{board_height}")]
    #[diagnostic(
        code(boulder_dash::game::size),
        help("the header's size must be the board's width and height")
    )]
    Size {
        /// The width declared.
        width: usize,
        /// The height declared.
        height: usize,
        /// The board's width.
        board_width: usize,
        /// The board's height.
        board_height: usize,
        /// The size.
        #[label("not the board's size")]
        at: SourceSpan,
    },
}
