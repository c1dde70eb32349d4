//! Breadth-first search over whole turns. A node is a maze with the *set*
//! of tiles the adventurer may stand on after the turn, so one node covers
//! every destination of a turn. Each node is tested for a goal one turn
//! further as soon as it is made, so the level the goal is found from is
//! never stored whole, and the last level is never stored at all.

use super::Problem;
use super::bits::Bits;
use super::geometry::{BitMaze, Geometry, Line};
use super::key::{COLLECTED, Choice, FLOATING, Key, NO_SLIDE, Node, SKIP, Slid, node};
use super::settle::{Settled, Settler};
use super::table::Table;
use crate::games::moving_maze::rules::PushedOff;

/// The most bytes the stored nodes and the table may take. Past it, nodes
/// are still made and tested one turn ahead, but not stored: the search
/// answers within one more turn or says the budget ran out.
pub const MEMORY_LIMIT: usize = 256 << 20;

/// How a search ended.
pub(super) enum Outcome {
    /// The goal: the node whose turn reaches it and the tile it ends on.
    Found { node: u32, last: u8 },
    /// No solution within the depth.
    Exhausted,
    /// The node or memory budget ran out first.
    OverBudget,
}

/// The search: the problem, its geometry, the node arena and the table.
pub(super) struct Search<'a, B> {
    pub problem: &'a Problem,
    pub geometry: Geometry<B>,
    pub nodes: Vec<Node<B>>,
    table: Table,
    /// Each slide's reverse, as an index, or [`NO_SLIDE`].
    reverse: Vec<u8>,
    /// The distinct quarter turns of each floating shape.
    rotations: [([u8; 4], u8); 16],
    root: Key<B>,
    /// Nodes generated so far.
    pub generated: u64,
    /// Set once the memory cap is reached: nodes are still made and
    /// tested one turn ahead, but no longer stored.
    full: bool,
}

impl<'a, B: Bits> Search<'a, B> {
    pub fn new(problem: &'a Problem) -> Search<'a, B> {
        let geometry = Geometry::new(problem.width, problem.height, &problem.slides);
        let reverse = problem
            .slides
            .iter()
            .map(|at| problem.slide_index(at.reverse()))
            .collect();
        let root = Key {
            maze: BitMaze::of(&problem.maze, problem.floating),
            relics: problem.relics,
            collected: 0,
            forbidden: problem.forbidden,
        };
        Search {
            problem,
            geometry,
            nodes: Vec::new(),
            table: Table::with_capacity(1024),
            reverse,
            rotations: distinct_rotations(problem.flags.rotate),
            root,
            generated: 0,
            full: false,
        }
    }

    /// The settling of adventurers under this search's problem.
    pub fn settler(&self) -> Settler<'_, B> {
        Settler {
            problem: self.problem,
            geometry: &self.geometry,
        }
    }

    /// Searches up to `depth` turns within the budget.
    pub fn run(&mut self, depth: u32) -> Outcome {
        let root = self.root;
        let from = B::bit(self.problem.from);
        self.nodes.push(node(root, from, u32::MAX, Choice::skip()));
        if self.settler().is_goal(&root) {
            return Outcome::Found {
                node: 0,
                last: self.problem.from,
            };
        }
        if depth == 0 {
            return Outcome::Exhausted;
        }
        self.table.put(&self.nodes, 0);
        if let Some(found) = self.test_one_turn(0) {
            return found;
        }
        let (mut start, mut end) = (0, 1);
        for level in 1..depth {
            let keep = level + 1 < depth;
            for id in start..end {
                if let Some(outcome) = self.expand(id as u32, keep) {
                    return outcome;
                }
            }
            if self.full {
                return Outcome::OverBudget;
            }
            (start, end) = (end, self.nodes.len());
            if start == end {
                break;
            }
        }
        Outcome::Exhausted
    }

    /// Whether storing one more node would take the arena (which doubles
    /// when it grows) and the table past the memory cap.
    fn memory_full(&self) -> bool {
        let capacity = match self.nodes.capacity() {
            full if full == self.nodes.len() => (full * 2).max(4),
            room => room,
        };
        capacity * size_of::<Node<B>>() + self.table.bytes() > MEMORY_LIMIT
    }

    /// Makes the children of node `id`, testing each for a goal one turn
    /// further; stores them when `keep`.
    fn expand(&mut self, id: u32, keep: bool) -> Option<Outcome> {
        let parent = self.nodes[id as usize];
        let shape = parent.key.maze.floating as usize;
        let (quarters, count) = self.rotations[shape];
        for slide in 0..self.geometry.lines.len() as u8 {
            if parent.key.forbidden == slide {
                continue;
            }
            for &quarter in &quarters[..count as usize] {
                let choice = Choice { quarter, slide };
                if let Some(outcome) = self.expand_choice(id, &parent, choice, keep) {
                    return Some(outcome);
                }
            }
        }
        if self.problem.flags.may_skip_slide {
            return self.expand_choice(id, &parent, Choice::skip(), keep);
        }
        None
    }

    fn expand_choice(
        &mut self,
        id: u32,
        parent: &Node<B>,
        choice: Choice,
        keep: bool,
    ) -> Option<Outcome> {
        if self.generated >= self.problem.budget {
            return Some(Outcome::OverBudget);
        }
        let slid = self.apply(&parent.key, parent.positions, choice);
        for settled in self.settler().settle_all(&slid).into_iter().flatten() {
            if !settled.collects.as_slice().is_empty() {
                let child = node(settled.key, settled.here, id, choice);
                if let Some(outcome) = self.child(child, keep) {
                    return Some(outcome);
                }
            }
            let idle = settled.reach & !self.settler().target_tiles(&slid.key);
            if !settled.forced && !idle.is_empty() {
                let child = node(slid.key, idle, id, choice);
                if let Some(outcome) = self.child(child, keep) {
                    return Some(outcome);
                }
            }
        }
        None
    }

    /// A new child: stored (when `keep` and not seen) and tested.
    fn child(&mut self, mut child: Node<B>, keep: bool) -> Option<Outcome> {
        self.generated += 1;
        if keep && !self.full && self.memory_full() {
            self.full = true;
        }
        if !keep || self.full {
            return self.one_turn(&child).map(|found| {
                self.nodes.push(child);
                self.found(self.nodes.len() as u32 - 1, found)
            });
        }
        let seen = match self.table.get(&self.nodes, &child.key) {
            Some(old) => self.nodes[old as usize].seen,
            None => B::default(),
        };
        let fresh = child.positions & !seen;
        if fresh.is_empty() {
            return None;
        }
        child.positions = fresh;
        child.seen = seen | fresh;
        self.nodes.push(child);
        let id = self.nodes.len() as u32 - 1;
        self.table.put(&self.nodes, id);
        self.test_one_turn(id)
    }

    fn test_one_turn(&mut self, id: u32) -> Option<Outcome> {
        let node = self.nodes[id as usize];
        self.one_turn(&node).map(|found| self.found(id, found))
    }

    /// Stores the goal's node after `parent` and says where it ends.
    fn found(&mut self, parent: u32, (choice, settled): (Choice, Settled<B>)) -> Outcome {
        let last = settled.here.lowest();
        self.nodes
            .push(node(settled.key, settled.here, parent, choice));
        Outcome::Found {
            node: self.nodes.len() as u32 - 1,
            last,
        }
    }

    /// A choice that reaches the goal from `node` in one turn, if any.
    /// Lines that neither the adventurer's nor the target's area touch
    /// cannot connect them, and a slide that fails with a floating tile
    /// open on all sides fails in every orientation: both are skipped.
    fn one_turn(&self, node: &Node<B>) -> Option<(Choice, Settled<B>)> {
        let key = &node.key;
        let filter = self.touch_filter(key, node.positions);
        let (quarters, count) = self.rotations[key.maze.floating as usize];
        for (index, line) in self.geometry.lines.iter().enumerate() {
            let slide = index as u8;
            if key.forbidden == slide {
                continue;
            }
            if let Some((mover, target)) = filter
                && ((mover & line.tiles).is_empty() || (target & line.tiles).is_empty())
            {
                continue;
            }
            let mut open = *key;
            open.maze.floating = 0b1111;
            let relaxed = self.apply(&open, node.positions, Choice { quarter: 0, slide });
            let moved = relaxed.shifted | relaxed.pushed.map_or(B::default(), B::bit);
            let targets = self.settler().target_tiles(&relaxed.key);
            if !self.geometry.reaches(&relaxed.key.maze, moved, targets) {
                continue;
            }
            for &quarter in &quarters[..count as usize] {
                let choice = Choice { quarter, slide };
                if let Some(settled) = self.goal_of(key, node.positions, choice) {
                    return Some((choice, settled));
                }
            }
        }
        if self.problem.flags.may_skip_slide {
            let choice = Choice::skip();
            return self
                .goal_of(key, node.positions, choice)
                .map(|settled| (choice, settled));
        }
        None
    }

    fn goal_of(&self, key: &Key<B>, positions: B, choice: Choice) -> Option<Settled<B>> {
        let slid = self.apply(key, positions, choice);
        self.settler()
            .settle_all(&slid)
            .into_iter()
            .flatten()
            .find(|settled| settled.goal)
    }

    /// The tiles a line must touch to connect the adventurer to its next
    /// target: the adventurer's area and the target's, each with the tiles
    /// their open sides face. `None` when no line can be ruled out.
    fn touch_filter(&self, key: &Key<B>, positions: B) -> Option<(B, B)> {
        if self.problem.flags.pushed_off != PushedOff::InsertedTile
            || self.settler().has_floating_target(key)
        {
            return None;
        }
        let geometry = &self.geometry;
        let targets = self.settler().target_tiles(key);
        let area = geometry.flood(&key.maze, positions);
        if !(area & targets).is_empty() {
            return None;
        }
        let target_area = geometry.flood(&key.maze, targets);
        Some((
            geometry.touching(&key.maze, area),
            geometry.touching(&key.maze, target_area),
        ))
    }

    /// The key and positions after the slide of `choice`.
    pub fn apply(&self, key: &Key<B>, positions: B, choice: Choice) -> Slid<B> {
        if choice.slide == SKIP {
            return Slid {
                key: *key,
                shifted: positions,
                pushed: None,
            };
        }
        let geometry = &self.geometry;
        let line = &geometry.lines[choice.slide as usize];
        let maze = geometry.slide(&key.maze.rotated(choice.quarter), line);
        let mut relics = key.relics;
        for relic in relics.iter_mut().take(self.problem.targets.len()) {
            *relic = match *relic {
                FLOATING => line.entry,
                COLLECTED => COLLECTED,
                index => geometry.shifted_index(index, line).unwrap_or(FLOATING),
            };
        }
        let pushed = positions.has(line.exit).then(|| self.landing(line));
        Slid {
            key: Key {
                maze,
                relics,
                collected: key.collected,
                forbidden: if self.problem.flags.forbid_reverse {
                    self.reverse[choice.slide as usize]
                } else {
                    NO_SLIDE
                },
            },
            shifted: geometry.shift(positions, line),
            pushed,
        }
    }

    fn landing(&self, line: &Line<B>) -> u8 {
        match self.problem.flags.pushed_off {
            PushedOff::InsertedTile => line.entry,
            PushedOff::StartCorner => self.problem.home,
        }
    }
}

/// For each floating shape, its distinct orientations as quarter turns.
fn distinct_rotations(rotate: bool) -> [([u8; 4], u8); 16] {
    let mut table = [([0; 4], 1); 16];
    if !rotate {
        return table;
    }
    for (shape, entry) in table.iter_mut().enumerate() {
        let mut seen = [0u8; 4];
        let mut count = 0;
        for quarter in 0..4u8 {
            let turned = ((shape << quarter) | (shape >> ((4 - quarter) % 4))) as u8 & 0b1111;
            if !seen[..count].contains(&turned) {
                seen[count] = turned;
                entry.0[count] = quarter;
                count += 1;
            }
        }
        entry.1 = count as u8;
    }
    table
}
