//! The fewest actions to a walker ruleset's goal (`[goal] clear`: no
//! square holds those kinds; Boulder Dash: every diamond taken) without
//! play ending first (a crushed player), found by the generic search
//! ([`crate::search`]).
//!
//! The search sees each position through [`Seeking`]: won when the goal
//! holds, lost when an end pattern has matched, and equal to another
//! position when the grid and the actor are (what was taken and how many
//! moves were made do not change what can follow). Every action costs 1;
//! the bound is 0 once no goal kind is left, else 1, or 2 when one is off
//! the actor's row and column and one action cannot clear it: physics runs
//! after the whole action and no rule lowers the number of goal squares,
//! so an action clears only squares on the line it moves along. The bound
//! never overestimates, so the first win found is one of the fewest moves.
//!
//! ```
//! use relic::games::boulder_dash::{Cave, read_board};
//! use relic::search::Found;
//! use relic::walker::{Walker, builtin_walker, solve};
//!
//! let program = builtin_walker("boulder-dash").unwrap().unwrap();
//! let grid = read_board(&program, "1|+|:|_|\n0|X|_|+|\n  0 1 2").unwrap();
//! let cave: Cave = Walker::new(program, grid).unwrap();
//! let Found::Won { actions, cost, .. } = solve(&cave, 10_000) else { panic!() };
//! assert_eq!(cost, 3); // north for one diamond, back, east for the other
//! assert_eq!(actions.len(), 3);
//! ```

use std::hash::{Hash, Hasher};

use super::codec::Codec;
use super::events::Action;
use super::events::{Event, Refusal};
use super::physics::{Matcher, Rule, Write};
use super::program::Program;
use super::schema::{EndOutcome, Timing};
use super::state::Walker;
use crate::contract::{Game, NotationError, Outcome, Seat, Status};
use crate::search::{Found, Progress, cheapest_win_reporting};

/// A position as the search for the goal sees it.
#[derive(Clone, Debug)]
pub struct Seeking<C>(pub Walker<C>);

impl<C: Codec> Seeking<C> {
    /// Whether no square holds a goal kind.
    fn reached(&self) -> bool {
        let goal = &self.0.program().goal;
        !self.0.grid().kinds().any(|k| goal.contains(&k))
    }

    /// The fewest actions that may still clear the goal (see the module's
    /// notes); `lines` says whether one action clears only its line.
    fn bound(&self, lines: bool) -> u32 {
        let (goal, grid, (ax, ay)) = (&self.0.program().goal, self.0.grid(), self.0.actor());
        let width = grid.width();
        let mut left = 0;
        for (i, kind) in grid.kinds().enumerate() {
            if goal.contains(&kind) {
                let (x, y) = ((i % width) as i32, (i / width) as i32);
                if !lines || (x != ax && y != ay) {
                    return if lines { 2 } else { 1 };
                }
                left = 1;
            }
        }
        left
    }
}

/// Whether one action can clear goal squares only on its line: physics
/// after the whole action, and no rule writes fewer goal squares than it
/// matches.
fn clears_only_its_line(program: &Program) -> bool {
    let goal = |m: Matcher| match m {
        Matcher::Kind(k) | Matcher::Falling(k) => program.goal.contains(&k),
        Matcher::Any => false,
    };
    let keeps = |rule: &Rule| {
        let before = rule.cells.iter().filter(|c| goal(c.matcher)).count();
        let after = (rule.cells.iter())
            .filter(|c| match c.write {
                Write::Keep => goal(c.matcher),
                Write::Set { kind, .. } => program.goal.contains(&kind),
            })
            .count();
        after >= before
    };
    program.physics.timing == Timing::AfterMove && program.physics.rules.iter().all(keeps)
}

impl<C> PartialEq for Seeking<C> {
    fn eq(&self, other: &Self) -> bool {
        self.0.same_board(&other.0)
    }
}

impl<C> Eq for Seeking<C> {}

impl<C> Hash for Seeking<C> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash_board(state);
    }
}

impl<C: Codec> Game for Seeking<C> {
    type Action = Action;
    type Event = Event;
    type Refusal = Refusal;

    fn seat_count(&self) -> usize {
        1
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.0.seat_name(seat)
    }

    /// Over as the end pattern says once one has matched (the `end`
    /// action aside); else won when the goal holds, even with no move
    /// left.
    fn status(&self) -> Status {
        let program = self.0.program();
        match self.0.ended() {
            Some(name) => {
                let end = program.physics.ends.iter().find(|e| e.name == name);
                Status::Over(match end.map(|e| e.outcome) {
                    Some(EndOutcome::Won) => Outcome::Won(0),
                    _ => Outcome::Lost(0),
                })
            }
            None if self.reached() => Status::Over(Outcome::Won(0)),
            None => self.0.status(),
        }
    }

    fn turn(&self) -> u32 {
        self.0.turn()
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if !self.status().is_over() {
            self.0.legal_actions_into(out);
        }
    }

    fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        self.0.apply_into(action, events)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        self.0.parse_action(text)
    }

    fn write_action(&self, action: &Action) -> String {
        self.0.write_action(action)
    }
}

/// The fewest actions from `start` to its ruleset's goal, keeping at most
/// `budget` positions. A ruleset without a goal is won at once.
pub fn solve<C: Codec>(start: &Walker<C>, budget: u64) -> Found<Action> {
    solve_reporting(start, budget, |_| {})
}

/// [`solve`], reporting its progress to `progress` every few thousand
/// positions.
pub fn solve_reporting<C: Codec>(
    start: &Walker<C>,
    budget: u64,
    progress: impl FnMut(Progress),
) -> Found<Action> {
    let seeking = Seeking(start.clone());
    let lines = clears_only_its_line(start.program());
    let bound = |s: &Seeking<C>| Some(s.bound(lines));
    cheapest_win_reporting(&seeking, 0, |s| s.turn(), bound, budget, progress)
}
