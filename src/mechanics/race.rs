//! Ending a two-player race for points: a score that wins at once, a limit
//! on the number of moves after which the higher score wins (equal scores
//! draw), and what happens when the player to move cannot move
//! ([`NoMove`]).
//!
//! ```
//! use relic::contract::Outcome;
//! use relic::mechanics::race::{NoMove, ScoreRace};
//! let race = ScoreRace { goal: Some(5), move_limit: Some(20), no_move: NoMove::Loses };
//! assert_eq!(race.after_move([5, 0], 0, 7), Some(Outcome::Won(0)));
//! assert_eq!(race.after_move([3, 3], 1, 20), Some(Outcome::Draw));
//! assert_eq!(race.after_move([3, 4], 1, 19), None);
//! assert_eq!(race.stuck(1, [0, 0]), Outcome::Won(0));
//! let drawn = ScoreRace { no_move: NoMove::Draw, ..race };
//! assert_eq!(drawn.stuck(1, [0, 4]), Outcome::Draw);
//! ```

use std::cmp::Ordering;

use crate::contract::Outcome;

/// The ends of a race for points between seats 0 and 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScoreRace {
    /// The score that wins at once, if any.
    pub goal: Option<u32>,
    /// The number of single moves after which play ends, if any.
    pub move_limit: Option<u64>,
    /// What the player to move having no legal move does.
    pub no_move: NoMove,
}

/// How play ends when the player to move has no legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NoMove {
    /// That player loses, whatever the scores.
    #[default]
    Loses,
    /// The game is drawn.
    Draw,
    /// Play ends; the higher score wins, equal scores draw.
    HigherScore,
}

/// The higher of two scores wins; equal scores draw.
fn higher(scores: [u32; 2]) -> Outcome {
    match scores[0].cmp(&scores[1]) {
        Ordering::Greater => Outcome::Won(0),
        Ordering::Less => Outcome::Won(1),
        Ordering::Equal => Outcome::Draw,
    }
}

impl ScoreRace {
    /// How play ends after `mover`'s move, the `moves`-th, with `scores`:
    /// the goal reached by the mover first, then the move limit (the
    /// higher score wins, equal scores draw); `None` while play goes on.
    pub fn after_move(&self, scores: [u32; 2], mover: usize, moves: u32) -> Option<Outcome> {
        if self.goal.is_some_and(|goal| scores[mover] >= goal) {
            return Some(Outcome::Won(mover));
        }
        if self
            .move_limit
            .is_some_and(|limit| u64::from(moves) >= limit)
        {
            return Some(higher(scores));
        }
        None
    }

    /// The end when `seat`, to move, has no legal move, with `scores`.
    pub fn stuck(&self, seat: usize, scores: [u32; 2]) -> Outcome {
        match self.no_move {
            NoMove::Loses => Outcome::Won(1 - seat),
            NoMove::Draw => Outcome::Draw,
            NoMove::HigherScore => higher(scores),
        }
    }
}
