//! A turn as a plan (rotation, slide, destination) and the actions that
//! carry it out, under any ruleset.

use std::collections::VecDeque;

use crate::games::moving_maze::board::{Direction, Pos, SlideAt};
use crate::games::moving_maze::engine::{Action, Game, Phase};

/// The choices of one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnPlan {
    /// Quarter turns clockwise of the floating tile (0 to 3).
    pub clockwise_turns: u8,
    /// The slide, or `None` to skip it (where the rules allow).
    pub slide: Option<SlideAt>,
    /// Where the adventurer should end its move.
    pub dest: Pos,
}

/// The distinct orientations of the floating tile, as quarter turns
/// clockwise: one per distinct shape (a straight has 2, a cross 1), and
/// only 0 when the rules forbid rotating.
pub fn rotation_options(game: &Game) -> Vec<u8> {
    if !game.may_rotate() {
        return vec![0];
    }
    let mut seen = Vec::with_capacity(4);
    let mut options = Vec::with_capacity(4);
    let mut tile = game.floating();
    for turns in 0..4 {
        if !seen.contains(&tile.sides()) {
            seen.push(tile.sides());
            options.push(turns);
        }
        tile = tile.rotated_clockwise();
    }
    options
}

/// The rotation inputs for `clockwise_turns` quarter turns: `r`, `r r`, `l`.
fn rotation_actions(clockwise_turns: u8) -> &'static [Action] {
    match clockwise_turns % 4 {
        0 => &[],
        1 => &[Action::RotateClockwise],
        2 => &[Action::RotateClockwise, Action::RotateClockwise],
        _ => &[Action::RotateCounterclockwise],
    }
}

/// `game` after the rotation and slide (or skip) of `plan`, or `None` when
/// they are not legal.
pub(crate) fn after_slide(
    game: &Game,
    clockwise_turns: u8,
    slide: Option<SlideAt>,
) -> Option<Game> {
    let mut next = game.clone();
    if next.phase() == Phase::Move {
        return Some(next);
    }
    for &action in rotation_actions(clockwise_turns) {
        next.apply(action).ok()?;
    }
    next.apply(slide.map_or(Action::Done, Action::Slide)).ok()?;
    Some(next)
}

/// Whether the turn that started at `turn` in `game` is over.
fn turn_over(game: &Game, turn: u32) -> bool {
    game.is_over() || game.turn() != turn
}

/// The actions that carry out `plan` for the current player, each legal in
/// turn: rotations, the slide (or `done` to skip it), the move (one `X,Y`
/// with pathfinding, else single steps along a shortest path) and `done`.
/// Stops early when the turn ends by itself (a collection that ends the
/// move, a win).
pub fn plan_actions(game: &Game, plan: &TurnPlan) -> Vec<Action> {
    let mut actions = Vec::new();
    if game.phase() == Phase::Over {
        return actions;
    }
    let mut sim = game.clone();
    let start = sim.turn();
    if sim.phase() == Phase::Slide {
        for &action in rotation_actions(plan.clockwise_turns) {
            push_if_legal(&mut sim, start, action, &mut actions);
        }
        let slide = plan.slide.map_or(Action::Done, Action::Slide);
        push_if_legal(&mut sim, start, slide, &mut actions);
    }
    finish_turn(sim, start, plan.dest, actions)
}

/// The rotation and slide actions of a plan, as [`after_slide`] applies
/// them; nothing when `game` is already past its slide phase.
pub(crate) fn slide_actions(
    game: &Game,
    clockwise_turns: u8,
    slide: Option<SlideAt>,
) -> Vec<Action> {
    if game.phase() != Phase::Slide {
        return Vec::new();
    }
    let mut actions = rotation_actions(clockwise_turns).to_vec();
    actions.push(slide.map_or(Action::Done, Action::Slide));
    actions
}

/// Completes the turn that started at `start` from `sim`, a game past its
/// slide phase: appends to `actions` the move to `dest` (one `X,Y` with
/// pathfinding, else single steps along a shortest path) and `done`, each
/// only while the turn is still going.
pub(crate) fn finish_turn(
    mut sim: Game,
    start: u32,
    dest: Pos,
    mut actions: Vec<Action>,
) -> Vec<Action> {
    let here = sim.players()[sim.current_seat()].pos;
    if dest != here && !turn_over(&sim, start) {
        if sim.may_pathfind() {
            push_if_legal(&mut sim, start, Action::MoveTo(dest), &mut actions);
        } else {
            for step in steps_between(&sim, here, dest) {
                push_if_legal(&mut sim, start, Action::Step(step), &mut actions);
            }
        }
    }
    push_if_legal(&mut sim, start, Action::Done, &mut actions);
    actions
}

/// Applies `action` to `sim` and records it, unless the turn that started
/// at `start` is already over or the action is refused.
fn push_if_legal(sim: &mut Game, start: u32, action: Action, actions: &mut Vec<Action>) {
    if !turn_over(sim, start) && sim.apply(action).is_ok() {
        actions.push(action);
    }
}

/// The single steps of a shortest path from `from` to `to` in `game`'s
/// maze (ties broken north, east, south, west); empty when there is none.
pub fn steps_between(game: &Game, from: Pos, to: Pos) -> Vec<Direction> {
    let maze = game.maze();
    let cells = maze.width() as usize * maze.height() as usize;
    let mut came_by: Vec<Option<Direction>> = vec![None; cells];
    let mut queue = VecDeque::from([from]);
    let mut seen = vec![false; cells];
    seen[maze.index_of(from)] = true;
    while let Some(pos) = queue.pop_front() {
        if pos == to {
            break;
        }
        for direction in Direction::ALL {
            let Some(next) = maze.neighbour(pos, direction) else {
                continue;
            };
            let index = maze.index_of(next);
            if !seen[index] && maze.tile(pos).connects_to(maze.tile(next), direction) {
                seen[index] = true;
                came_by[index] = Some(direction);
                queue.push_back(next);
            }
        }
    }
    let mut steps = Vec::new();
    let mut pos = to;
    while pos != from {
        let Some(direction) = came_by[maze.index_of(pos)] else {
            return Vec::new();
        };
        steps.push(direction);
        pos = maze
            .neighbour(pos, direction.opposite())
            .expect("a path step came from inside the maze");
    }
    steps.reverse();
    steps
}
