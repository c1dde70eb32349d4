//! Where a move may end: one judgement of a destination from what is
//! there (off the board, a square no move ends on, a square that removes
//! the piece arriving, a piece and whose) and the game's capture policy,
//! used both to refuse a move with its reason and to list the legal ones.
//!
//! ```
//! use relic::mechanics::capture::Capture;
//! use relic::mechanics::landing::{Landing, NoLanding, Spot, land};
//! let empty = Spot { on_board: true, landable: true, removes: false, occupant: None };
//! assert_eq!(land(empty, Capture::Forbidden), Ok(Landing::Empty));
//! let exit = Spot { removes: true, ..empty };
//! assert_eq!(land(exit, Capture::Forbidden), Ok(Landing::Removed));
//! let theirs = Spot { occupant: Some(false), ..empty };
//! assert_eq!(land(theirs, Capture::Forbidden), Err(NoLanding::Occupied));
//! assert_eq!(land(theirs, Capture::PointConflict), Ok(Landing::OnOpponent));
//! let block = Spot { landable: false, ..empty };
//! assert_eq!(land(block, Capture::Remove), Err(NoLanding::Unlandable));
//! ```

use super::capture::Capture;

/// What is at a destination, as far as landing goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spot {
    /// It is on the board.
    pub on_board: bool,
    /// A move may end there (not a block).
    pub landable: bool,
    /// A piece arriving there leaves the board (an exit).
    pub removes: bool,
    /// The piece there, if any: `Some(true)` when it is the mover's own.
    pub occupant: Option<bool>,
}

/// How a move ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// On an empty square.
    Empty,
    /// On a square that removes the piece arriving (and may score it).
    Removed,
    /// On an opponent's piece: the capture policy settles it.
    OnOpponent,
}

/// Why a move may not end there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoLanding {
    /// The destination is off the board.
    OffBoard,
    /// No move may end on it.
    Unlandable,
    /// It holds one of the mover's own pieces.
    OwnPiece,
    /// It holds an opponent's piece and the capture policy forbids landing.
    Occupied,
}

/// How a move ending on `spot` ends, or why it may not.
pub fn land(spot: Spot, capture: Capture) -> Result<Landing, NoLanding> {
    if !spot.on_board {
        return Err(NoLanding::OffBoard);
    }
    if !spot.landable {
        return Err(NoLanding::Unlandable);
    }
    match spot.occupant {
        Some(true) => Err(NoLanding::OwnPiece),
        Some(false) if !capture.may_land(false) => Err(NoLanding::Occupied),
        Some(false) => Ok(Landing::OnOpponent),
        None if spot.removes => Ok(Landing::Removed),
        None => Ok(Landing::Empty),
    }
}
