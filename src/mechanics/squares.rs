//! What a kind of square does to the pieces that meet it: how a path may
//! cross it ([`Passage`]), whether a move may end there, and what happens
//! to a piece that arrives ([`Arrival`]). A game's rules give each of its
//! location types one [`SquareRule`].
//!
//! ```
//! use relic::mechanics::squares::{Arrival, Passage, SquareRule};
//! // A square that removes the piece arriving and adds twice its value
//! // to its owner's score.
//! let exit = SquareRule { passage: Passage::Trap, land: true, arrival: Arrival::Remove { score_multiplier: 2 } };
//! assert_eq!(exit.arrival.points(3), Some(6));
//! assert!(exit.removes());
//! let block = SquareRule { passage: Passage::Wall, land: false, arrival: Arrival::Stay };
//! assert_eq!(block.arrival.points(3), None);
//! ```

use super::movement::{ExitCrossing, Ground};

/// How a path may cross a square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Passage {
    /// Anyone may cross it.
    #[default]
    Open,
    /// Crossed only by pieces that fly or pass walls; never jumped.
    Wall,
    /// Crossed by pieces that fly or jump; any other piece whose path
    /// crosses it stops there and arrives.
    Trap,
    /// Crossed by pieces that fly or jump; no other path crosses it.
    Hurdle,
}

impl Passage {
    /// What the path search sees on such a square.
    pub fn ground(self) -> Ground {
        match self {
            Passage::Open => Ground::Clear,
            Passage::Wall => Ground::Block,
            Passage::Trap | Passage::Hurdle => Ground::Exit,
        }
    }

    /// How the path search treats squares of this passage that it sees as
    /// [`Ground::Exit`]; `None` for the passages it does not see so.
    pub fn crossing(self) -> Option<ExitCrossing> {
        match self {
            Passage::Trap => Some(ExitCrossing::FallIn),
            Passage::Hurdle => Some(ExitCrossing::Illegal),
            Passage::Open | Passage::Wall => None,
        }
    }
}

/// What happens to a piece that arrives on a square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Arrival {
    /// It stays there.
    #[default]
    Stay,
    /// It is removed from the board and its owner's score grows by its
    /// value times `score_multiplier` (0: by nothing).
    Remove {
        /// Points per point of the piece's value.
        score_multiplier: u32,
    },
}

impl Arrival {
    /// The points a piece worth `value` scores by arriving; `None` when it
    /// stays.
    pub fn points(self, value: u32) -> Option<u32> {
        match self {
            Arrival::Stay => None,
            Arrival::Remove { score_multiplier } => Some(value.saturating_mul(score_multiplier)),
        }
    }
}

/// Everything a kind of square does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareRule {
    /// How paths cross it.
    pub passage: Passage,
    /// Whether a move may end on it.
    pub land: bool,
    /// What happens to a piece that arrives.
    pub arrival: Arrival,
}

impl SquareRule {
    /// A square anyone may cross and stop on.
    pub const OPEN: SquareRule = SquareRule {
        passage: Passage::Open,
        land: true,
        arrival: Arrival::Stay,
    };

    /// Whether a piece arriving here leaves the board.
    pub fn removes(&self) -> bool {
        matches!(self.arrival, Arrival::Remove { .. })
    }
}
