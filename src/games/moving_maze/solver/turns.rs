//! From the goal's node back to the inputs of each turn, as `relic play`
//! takes them and as the engine plays them: a collection the slide itself
//! makes (an adventurer pushed onto its relic) needs no move.

use std::collections::VecDeque;

use super::bits::Bits;
use super::geometry::BitMaze;
use super::key::{Choice, Node, SKIP, Slid};
use super::search::Search;
use super::settle::Settled;
use crate::games::moving_maze::board::{Direction, Relic};
use crate::games::moving_maze::engine::Action;

/// The inputs of every turn and the relics collected, in order.
pub(super) fn reconstruct<B: Bits>(
    search: &Search<B>,
    last_node: u32,
    last_tile: u8,
) -> (Vec<Vec<Action>>, Vec<Relic>) {
    let ids = chain(search, last_node);
    let mut turns = Vec::with_capacity(ids.len());
    let mut relics = Vec::new();
    let mut end = last_tile;
    for (n, &id) in ids.iter().enumerate().rev() {
        let node = &search.nodes[id as usize];
        let parent = &search.nodes[node.parent as usize];
        let (start, slid, settled) = start_of(search, parent, node, end);
        let is_last = n + 1 == ids.len();
        turns.push(turn_actions(
            search, node.via, &slid, &settled, end, is_last,
        ));
        let slots = settled.collects.slots();
        relics.splice(0..0, slots.iter().map(|&slot| search.problem.targets[slot]));
        end = start;
    }
    turns.reverse();
    (turns, relics)
}

/// The node ids from the root's first child to `last`.
fn chain<B: Bits>(search: &Search<B>, last: u32) -> Vec<u32> {
    let mut ids = Vec::new();
    let mut id = last;
    while id != 0 {
        ids.push(id);
        id = search.nodes[id as usize].parent;
    }
    ids.reverse();
    ids
}

/// A tile of the parent's positions from which the turn of `node` can end
/// on `end`, with the slide and what the adventurer collects on the way.
fn start_of<B: Bits>(
    search: &Search<B>,
    parent: &Node<B>,
    node: &Node<B>,
    end: u8,
) -> (u8, Slid<B>, Settled<B>) {
    let collected = node.key.collected > parent.key.collected;
    parent
        .positions
        .indices()
        .find_map(|start| {
            let slid = search.apply(&parent.key, B::bit(start), node.via);
            let settled = search.settler().settle_all(&slid)[0]?;
            let fits = if collected {
                settled.key == node.key && settled.here.has(end)
            } else {
                slid.key == node.key && settled.reach.has(end) && !settled.forced
            };
            fits.then_some((start, slid, settled))
        })
        .expect("a node's positions come from its parent's")
}

/// The inputs of one turn: rotations, the slide, the moves and `done`
/// (unless the turn ends by itself).
fn turn_actions<B: Bits>(
    search: &Search<B>,
    via: Choice,
    slid: &Slid<B>,
    settled: &Settled<B>,
    end: u8,
    is_last: bool,
) -> Vec<Action> {
    let problem = search.problem;
    let mut actions: Vec<Action> = match via.quarter {
        0 => vec![],
        1 => vec![Action::RotateClockwise],
        2 => vec![Action::RotateClockwise, Action::RotateClockwise],
        _ => vec![Action::RotateCounterclockwise],
    };
    if via.slide == SKIP {
        actions.push(Action::Done);
    } else {
        actions.push(Action::Slide(search.geometry.lines[via.slide as usize].at));
    }
    let maze = &settled.key.maze;
    let mut here = slid.pushed.unwrap_or_else(|| slid.shifted.lowest());
    let collects = settled.collects.as_slice();
    for (n, &stop) in collects.iter().enumerate() {
        let home = problem.return_home == Some(stop) && settled.collects.slots().len() == n;
        let by_the_slide = n == 0 && slid.pushed == Some(stop) && (settled.forced || home);
        // Home where the last relic lay: the same arrival collects and wins.
        let same_arrival = n > 0 && stop == here;
        if !by_the_slide && !same_arrival {
            push_move(search, maze, here, stop, &mut actions);
        }
        here = stop;
    }
    let ended_by_collect = !collects.is_empty() && problem.flags.collect_ends_move;
    if !ended_by_collect && end != here {
        push_move(search, maze, here, end, &mut actions);
    }
    let won = is_last && problem.wins_at_goal;
    if !won && !ended_by_collect {
        actions.push(Action::Done);
    }
    actions
}

fn push_move<B: Bits>(
    search: &Search<B>,
    maze: &BitMaze<B>,
    from: u8,
    to: u8,
    actions: &mut Vec<Action>,
) {
    let geometry = &search.geometry;
    if search.problem.flags.pathfinding {
        actions.push(Action::MoveTo(geometry.pos(to)));
        return;
    }
    let steps = path(search, maze, from, to);
    actions.extend(steps.into_iter().map(Action::Step));
}

/// A shortest path of single steps (ties north, east, south, west); to
/// the tile it starts on, a step off and back, the shortest walk that
/// arrives there.
fn path<B: Bits>(search: &Search<B>, maze: &BitMaze<B>, from: u8, to: u8) -> Vec<Direction> {
    let geometry = &search.geometry;
    let (w, h) = (geometry.width, geometry.height);
    if from == to {
        return Direction::ALL
            .into_iter()
            .find(|&d| {
                neighbour(from, d, w, h)
                    .is_some_and(|next| maze.is_open(from, d) && maze.is_open(next, d.opposite()))
            })
            .map_or(Vec::new(), |d| vec![d, d.opposite()]);
    }
    let mut came_by = vec![None; usize::from(w) * usize::from(h)];
    let mut queue = VecDeque::from([from]);
    let mut seen = B::bit(from);
    while let Some(index) = queue.pop_front() {
        if index == to {
            break;
        }
        for direction in Direction::ALL {
            let Some(next) = neighbour(index, direction, w, h) else {
                continue;
            };
            let open = maze.is_open(index, direction) && maze.is_open(next, direction.opposite());
            if open && !seen.has(next) {
                seen |= B::bit(next);
                came_by[next as usize] = Some((index, direction));
                queue.push_back(next);
            }
        }
    }
    let mut steps = Vec::new();
    let mut at = to;
    while at != from {
        let Some((previous, direction)) = came_by[at as usize] else {
            break;
        };
        steps.push(direction);
        at = previous;
    }
    steps.reverse();
    steps
}

fn neighbour(index: u8, direction: Direction, width: u8, height: u8) -> Option<u8> {
    let (x, y) = (index % width, index / width);
    let (nx, ny) = match direction {
        Direction::North => (x, y.checked_sub(1)?),
        Direction::East => (x + 1, y),
        Direction::South => (x, y + 1),
        Direction::West => (x.checked_sub(1)?, y),
    };
    (nx < width && ny < height).then_some(ny * width + nx)
}
