//! What players do (actions), what happens (events), and why an action may
//! be refused (illegal actions).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::moving_maze::board::{Direction, Pos, Relic, SlideAt, Tile};
use crate::games::moving_maze::rules::{Fill, Lines, MazeMessage, MazeMessages, Value};

/// Something the player whose turn it is can do.
///
/// Displayed in the game's one notation (the text-mode input that asks
/// for it; see [`crate::games::moving_maze::notation`]):
///
/// ```
/// use relic::games::moving_maze::board::{Direction, Pos, SlideAt};
/// use relic::games::moving_maze::engine::Action;
/// assert_eq!(Action::Slide(SlideAt::new(Direction::North, 4)).to_string(), "n4");
/// assert_eq!(Action::Step(Direction::West).to_string(), "w");
/// assert_eq!(Action::MoveTo(Pos::new(2, 0)).to_string(), "3,1");
/// assert_eq!(Action::RotateCounterclockwise.to_string(), "l");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Turn the floating tile a quarter clockwise (`r`).
    RotateClockwise,
    /// Turn the floating tile a quarter counter-clockwise (`l`).
    RotateCounterclockwise,
    /// Slide the floating tile in (`n4`).
    Slide(SlideAt),
    /// Step one tile (`n`, `e`, `s`, `w`).
    Step(Direction),
    /// Move along pathways to a tile (`X,Y`).
    MoveTo(Pos),
    /// End the current phase (`done`).
    Done,
    /// Quit the game (`quit`).
    Quit,
}

/// Something that happened; front ends render these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The floating tile was turned; `tile` is how it lies now.
    Rotated {
        /// Clockwise or not.
        clockwise: bool,
        /// The floating tile after the turn.
        tile: Tile,
    },
    /// The floating tile was slid in and `pushed_out` became the floating tile.
    Slid {
        /// Where it went in.
        at: SlideAt,
        /// The new floating tile.
        pushed_out: Tile,
    },
    /// The player skipped the slide (where the ruleset allows it).
    SlideSkipped,
    /// An adventurer was pushed off the board and put back at `to`.
    Displaced {
        /// The seat of the adventurer.
        seat: usize,
        /// Where it was pushed off.
        from: Pos,
        /// Where it landed.
        to: Pos,
    },
    /// The active adventurer moved.
    Moved {
        /// The seat.
        seat: usize,
        /// From here.
        from: Pos,
        /// To here.
        to: Pos,
        /// The direction of a single step; `None` for pathfinding.
        step: Option<Direction>,
    },
    /// A relic was collected.
    RelicCollected {
        /// Who collected it.
        seat: usize,
        /// The relic.
        relic: Relic,
        /// How many relics that player has now.
        collected: u8,
    },
    /// A player collected their last relic.
    AllRelicsCollected {
        /// Who.
        seat: usize,
    },
    /// A turn ended; the next seat is to play.
    TurnEnded {
        /// Whose turn it was.
        seat: usize,
    },
    /// A player won; the game is over.
    Won {
        /// Who.
        seat: usize,
    },
    /// The game was quit.
    Quit,
}

/// Why an action was refused. The state is unchanged.
///
/// Displayed as the standard ruleset's message for it (the specification's
/// Table 1 where it has one); text mode words it with the ruleset's
/// `[messages]` ([`IllegalAction::message`]):
///
/// ```
/// use relic::games::moving_maze::board::{Direction, Pos, SlideAt};
/// use relic::games::moving_maze::engine::IllegalAction;
/// let last = IllegalAction::LastExitPoint(SlideAt::new(Direction::South, 2));
/// assert_eq!(last.to_string(), "Cannot slide into last exit point.");
/// assert_eq!(IllegalAction::OffBoard(Direction::West).to_string(), "Cannot move west: off the board.");
/// assert_eq!(IllegalAction::NoPathTo(Pos::new(0, 2)).to_string(), "Cannot move to 1,3: no path.");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// A slide, rotation or skip during the move phase.
    NotMovePhase,
    /// A move or `done` during a slide phase whose slide is required.
    NotSlidePhase,
    /// The ruleset does not allow rotating the floating tile.
    RotationNotAllowed,
    /// The slide names a row or column the maze does not have.
    NoSuchLine(SlideAt),
    /// The row or column is fixed.
    FixedLine {
        /// Where the slide was tried.
        at: SlideAt,
        /// Which lines the ruleset lets slide.
        lines: Lines,
    },
    /// The slide would undo the previous one.
    LastExitPoint(SlideAt),
    /// A step through an open side at the edge of the maze.
    OffBoard(Direction),
    /// A step through a closed side or into a tile closed on that side.
    NoPath(Direction),
    /// Pathfinding to a tile not connected to the adventurer's.
    NoPathTo(Pos),
    /// The ruleset does not allow single steps.
    StepsNotAllowed,
    /// The ruleset does not allow pathfinding.
    PathfindingNotAllowed,
}

impl IllegalAction {
    /// The message key that words this refusal, with the values of its
    /// placeholders (all but `{player}`).
    ///
    /// ```
    /// use relic::games::moving_maze::board::Direction;
    /// use relic::games::moving_maze::engine::IllegalAction;
    /// use relic::rules::MazeMessage;
    /// let (message, _) = IllegalAction::NoPath(Direction::East).message();
    /// assert_eq!(message, MazeMessage::NoPath);
    /// ```
    pub fn message(&self) -> (MazeMessage, Fill<'static>) {
        let fill = Fill::default();
        match *self {
            IllegalAction::GameOver => (MazeMessage::GameOver, fill),
            IllegalAction::NotMovePhase => (MazeMessage::NotMovePhase, fill),
            IllegalAction::NotSlidePhase => (MazeMessage::NotSlidePhase, fill),
            IllegalAction::RotationNotAllowed => (MazeMessage::RotationNotAllowed, fill),
            IllegalAction::NoSuchLine(at) => (MazeMessage::NoSuchLine, fill.indicator(at)),
            IllegalAction::FixedLine { at, lines } => {
                (fixed_line_message(lines), fill.indicator(at))
            }
            IllegalAction::LastExitPoint(at) => (MazeMessage::LastExitPoint, fill.indicator(at)),
            IllegalAction::OffBoard(d) => (MazeMessage::OffBoard, fill.direction(d)),
            IllegalAction::NoPath(d) => (MazeMessage::NoPath, fill.direction(d)),
            IllegalAction::NoPathTo(pos) => {
                let (x, y) = (u32::from(pos.x) + 1, u32::from(pos.y) + 1);
                (
                    MazeMessage::NoPathTo,
                    fill.xy(Value::Number(x), Value::Number(y)),
                )
            }
            IllegalAction::StepsNotAllowed => (MazeMessage::StepsNotAllowed, fill),
            IllegalAction::PathfindingNotAllowed => (MazeMessage::PathfindingNotAllowed, fill),
        }
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (message, fill) = self.message();
        f.write_str(&MazeMessages::standard().text(message, fill))
    }
}

impl std::error::Error for IllegalAction {}

fn fixed_line_message(lines: Lines) -> MazeMessage {
    match lines {
        Lines::Even => MazeMessage::OddPositions,
        Lines::Odd => MazeMessage::EvenPositions,
        Lines::All | Lines::None => MazeMessage::FixedPositions,
    }
}
