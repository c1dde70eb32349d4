//! The ruleset's answers the engine needs on every action, read once when
//! a game is set up so that play never goes back to the ruleset: the one
//! representation of the rules that hot paths (the engine, the solver)
//! read.

use crate::games::moving_maze::board::{Direction, Maze, SlideAt};
use crate::games::moving_maze::rules::{PushedOff, RelicOrder, Rules, WinCondition};

/// What the rules say, compiled for one maze: the rules every hot path
/// reads (the engine on every action, the solver on every node). Front
/// ends and bots ask the [`Game`](super::Game) instead (`may_rotate`,
/// `may_skip_slide`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flags {
    /// The floating tile may be rotated.
    pub rotate: bool,
    /// Single steps are allowed.
    pub steps: bool,
    /// Moving along pathways to a tile is allowed.
    pub pathfinding: bool,
    /// Whether `done` may end the slide phase without a slide: the ruleset
    /// does not require one, or no line of the maze may ever be slid (a
    /// game that could never go on otherwise).
    pub may_skip_slide: bool,
    /// The slide that undoes the previous one is refused.
    pub forbid_reverse: bool,
    /// Where an adventurer pushed off the maze lands.
    pub pushed_off: PushedOff,
    /// An adventurer collects a relic a slide carries onto its tile.
    pub collect_on_push: bool,
    /// A collection ends the move phase.
    pub collect_ends_move: bool,
    /// The order relics are collected in.
    pub order: RelicOrder,
    /// How the game is won.
    pub win: WinCondition,
    /// One bit per slide (see [`slide_bit`]) that the rules allow on this
    /// maze, ignoring the last exit point.
    pub slidable: u64,
}

impl Flags {
    /// The flags of `rules` for a game on `maze`.
    pub(super) fn new(rules: &Rules, maze: &Maze) -> Flags {
        let mut slidable = 0;
        for side in Direction::ALL {
            for index in 1..=maze.lines_from(side) {
                let at = SlideAt::new(side, index);
                if rules.line_slidable(at) {
                    slidable |= slide_bit(at);
                }
            }
        }
        let (slide, relics, movement) = (rules.slide(), rules.relics(), rules.movement());
        Flags {
            rotate: slide.rotate,
            steps: movement.steps,
            pathfinding: movement.pathfinding,
            may_skip_slide: !rules.turn().slide_required || slidable == 0,
            forbid_reverse: slide.forbid_reverse,
            pushed_off: slide.pushed_off,
            collect_on_push: slide.collect_on_push,
            collect_ends_move: relics.collect_ends_move,
            order: relics.order,
            win: rules.win(),
            slidable,
        }
    }
}

/// The bit standing for the slide `at` in a set of slides (a `u64`): 16
/// per side, so any index up to 15 fits.
pub(super) const fn slide_bit(at: SlideAt) -> u64 {
    1 << (at.side as u32 * 16 + at.index as u32)
}

/// The slide a bit of a slide set stands for.
pub(super) const fn slide_of_bit(bit: u32) -> SlideAt {
    SlideAt::new(Direction::ALL[(bit / 16) as usize], (bit % 16) as u8)
}
