//! A walker action ([`Action`]), what it causes ([`Event`]) and why one
//! is refused ([`Refusal`], [`Reason`]).

use super::physics::Motion;
use super::program::Program;
use super::schema::Direction;

/// One action: which of the ruleset's actions, which way, how many steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The index of the ruleset's action.
    pub action: u8,
    /// The direction (ignored by `end` actions).
    pub direction: Direction,
    /// The number of steps (0 for `end` actions).
    pub count: u8,
}

/// Something that happened, for front ends to render.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The actor moved one square.
    Stepped {
        /// From.
        from: (i32, i32),
        /// To.
        to: (i32, i32),
    },
    /// The actor took a collectable.
    Collected {
        /// Where.
        at: (i32, i32),
        /// Its kind.
        kind: u8,
    },
    /// The actor dug a square out.
    Dug {
        /// Where.
        at: (i32, i32),
        /// Its kind.
        kind: u8,
    },
    /// The actor pushed a piece one square.
    Pushed {
        /// Its kind.
        kind: u8,
        /// From.
        from: (i32, i32),
        /// To.
        to: (i32, i32),
    },
    /// A physics rule fired.
    Physics(Motion),
    /// An end pattern matched.
    Ended {
        /// Its index.
        end: u8,
    },
    /// The `end` action acknowledged the end of play.
    Acknowledged,
}

/// Why an action was refused, with the action as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{action}: {reason}")]
pub struct Refusal {
    /// The action, in the game's notation.
    pub action: String,
    /// Why.
    pub reason: Reason,
}

/// Why an action cannot be taken. Squares are `(x, y)`; steps count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Reason {
    /// The ruleset has no such action.
    #[error("there is no such action")]
    Unknown,
    /// The action does not go this way.
    #[error("it cannot go {}", .0.letter())]
    Direction(Direction),
    /// Too many steps, or none.
    #[error("the number of steps must be 1 to {0}")]
    Count(u8),
    /// A walk meets a square it cannot enter.
    #[error("step {step} walks {} {}", if *.last { "into" } else { "through" }, what(.name, *.at, *.outside))]
    Blocked {
        /// The step.
        step: u8,
        /// Whether it is the last step.
        last: bool,
        /// The square.
        at: (i32, i32),
        /// Its kind.
        kind: u8,
        /// Whether it is off the board.
        outside: bool,
        /// The kind's name (filled in by [`Reason::named`]).
        #[doc(hidden)]
        name: String,
    },
    /// A dig meets a square it cannot dig.
    #[error("step {step} digs into {}, which cannot be dug", what(.name, *.at, *.outside))]
    NotDiggable {
        /// The step.
        step: u8,
        /// The square.
        at: (i32, i32),
        /// Its kind.
        kind: u8,
        /// Whether it is off the board.
        outside: bool,
        /// The kind's name.
        #[doc(hidden)]
        name: String,
    },
    /// A push meets nothing it can push that way.
    #[error("step {step} pushes {}, which cannot be pushed that way", what(.name, *.at, *.outside))]
    NothingToPush {
        /// The step.
        step: u8,
        /// The square.
        at: (i32, i32),
        /// Its kind.
        kind: u8,
        /// Whether it is off the board.
        outside: bool,
        /// The kind's name.
        #[doc(hidden)]
        name: String,
    },
    /// A push would move a piece into something.
    #[error("step {step} pushes into {}", what(.name, *.at, *.outside))]
    PushBlocked {
        /// The step.
        step: u8,
        /// The square beyond the pushed piece.
        at: (i32, i32),
        /// Its kind.
        kind: u8,
        /// Whether it is off the board.
        outside: bool,
        /// The kind's name.
        #[doc(hidden)]
        name: String,
    },
    /// A push would move two pieces.
    #[error("step {step} pushes two at once: {} is behind", what(.name, *.at, false))]
    PushTooMany {
        /// The step.
        step: u8,
        /// The second piece's square.
        at: (i32, i32),
        /// Its kind.
        kind: u8,
        /// The kind's name.
        #[doc(hidden)]
        name: String,
    },
    /// Play has ended: only the `end` action is left.
    #[error("play is over; only the end action is left")]
    OnlyEnd,
    /// The `end` action before play has ended.
    #[error("play is not over")]
    EndNotDue,
}

fn what(name: &str, at: (i32, i32), outside: bool) -> String {
    if outside {
        format!("the edge of the board at ({},{})", at.0, at.1)
    } else {
        format!("the {name} at ({},{})", at.0, at.1)
    }
}

impl Reason {
    /// The step the action failed at, if it took steps.
    pub fn step(&self) -> Option<u8> {
        match self {
            Reason::Blocked { step, .. }
            | Reason::NotDiggable { step, .. }
            | Reason::NothingToPush { step, .. }
            | Reason::PushBlocked { step, .. }
            | Reason::PushTooMany { step, .. } => Some(*step),
            _ => None,
        }
    }

    /// The reason with its kind's name filled in from `program`.
    pub fn named(mut self, program: &Program) -> Reason {
        match &mut self {
            Reason::Blocked { kind, name, .. }
            | Reason::NotDiggable { kind, name, .. }
            | Reason::NothingToPush { kind, name, .. }
            | Reason::PushBlocked { kind, name, .. }
            | Reason::PushTooMany { kind, name, .. } => {
                name.clone_from(&program.kinds[*kind as usize].name);
            }
            _ => {}
        }
        self
    }
}
