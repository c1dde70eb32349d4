//! Breadth-first search over whole turns. A node is a maze with the *set*
//! of tiles the adventurer may stand on after the turn, so one node covers
//! every destination of a turn; a transposition table keeps, per maze, the
//! positions already expanded.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::bits::{BitMaze, COLLECTED, FLOATING, Geometry};
use super::{MAX_TARGETS, Problem};
use crate::games::moving_maze::board::SlideAt;
use crate::games::moving_maze::engine::TileSet;
use crate::rules::{PushedOff, RelicOrder};

/// One turn's choice: quarter turns and slide (`None`: skipped).
pub(super) type Option_ = (u8, Option<SlideAt>);

/// What a node knows besides its positions: everything the future depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Key {
    pub maze: BitMaze,
    pub relics: [u8; MAX_TARGETS],
    pub collected: u8,
    pub forbidden: Option<SlideAt>,
}

#[derive(Clone, Debug)]
pub(super) struct Node {
    pub key: Key,
    pub positions: TileSet,
    pub parent: u32,
    pub via: Option_,
    /// Row-major indices of the targets collected this turn, in order.
    pub collects: Vec<u8>,
}

/// The goal reached: the node whose turn ends it and where it ends.
pub(super) struct Found {
    pub node: u32,
    pub last: u8,
}

/// A tiny multiplicative hasher: the keys are already well mixed bits.
#[derive(Default)]
pub(super) struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, value: u128) {
        self.write_u64(value as u64);
        self.write_u64((value >> 64) as u64);
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }
}

type Seen = HashMap<Key, TileSet, BuildHasherDefault<FastHasher>>;

/// The search: the problem, its geometry, the node arena and the table.
pub(super) struct Search<'a> {
    pub problem: &'a Problem,
    pub geometry: Geometry,
    pub nodes: Vec<Node>,
    seen: Seen,
    slides: Vec<SlideAt>,
    /// Nodes expanded and children generated, for statistics.
    pub expanded: u64,
}

impl<'a> Search<'a> {
    pub fn new(problem: &'a Problem) -> Search<'a> {
        let geometry = Geometry::new(problem.width, problem.height);
        Search {
            slides: problem.slides.clone(),
            problem,
            geometry,
            nodes: Vec::with_capacity(4096),
            seen: Seen::with_capacity_and_hasher(4096, Default::default()),
            expanded: 0,
        }
    }

    /// Runs the search up to `depth` turns.
    pub fn run(&mut self, depth: u32) -> Option<Found> {
        let root = self.problem.root;
        let start = 1u128 << self.problem.from;
        if self.is_goal(&root) {
            return Some(Found {
                node: 0,
                last: self.problem.from,
            });
        }
        self.seen.insert(root, start);
        self.nodes.push(Node {
            key: root,
            positions: start,
            parent: u32::MAX,
            via: (0, None),
            collects: Vec::new(),
        });
        let mut frontier: Vec<u32> = vec![0];
        for level in 1..=depth {
            let keep = level < depth;
            let mut next = Vec::new();
            for &id in &frontier {
                let found = if keep {
                    self.expand(id, true, &mut next)
                } else {
                    self.expand_last(id)
                };
                if found.is_some() {
                    return found;
                }
            }
            if next.is_empty() {
                return None;
            }
            frontier = next;
        }
        None
    }

    /// The choices of a turn from `key`: distinct orientations times legal
    /// slides (and the skip, where allowed).
    fn options(&self, key: &Key) -> Vec<Option_> {
        let rotations = self.rotations(key);
        let mut options = Vec::with_capacity(rotations.len() * (self.slides.len() + 1));
        for &quarter in &rotations {
            for &slide in &self.slides {
                if key.forbidden != Some(slide) {
                    options.push((quarter, Some(slide)));
                }
            }
        }
        if self.problem.rules.may_skip_slide {
            options.push((0, None));
        }
        options
    }

    /// The distinct orientations of the floating tile, as quarter turns.
    fn rotations(&self, key: &Key) -> Vec<u8> {
        let mut rotations: Vec<u8> = Vec::with_capacity(4);
        let mut shapes: Vec<u8> = Vec::with_capacity(4);
        let turns = if self.problem.rules.rotate { 4 } else { 1 };
        for quarter in 0..turns {
            let shape = key.maze.rotated(quarter).floating;
            if !shapes.contains(&shape) {
                shapes.push(shape);
                rotations.push(quarter);
            }
        }
        rotations
    }

    /// Expands node `id` on the last level, where only the goal matters.
    /// A slide is tried in each orientation only if, with a floating tile
    /// open on all four sides (whose reachable set contains that of every
    /// orientation), some target is reachable at all.
    fn expand_last(&mut self, id: u32) -> Option<Found> {
        self.expanded += 1;
        let (key, positions) = {
            let node = &self.nodes[id as usize];
            (node.key, node.positions)
        };
        let mut rotations: Option<Vec<u8>> = None;
        let mut open = key;
        open.maze.floating = 0b1111;
        let mut unused = Vec::new();
        for index in 0..self.slides.len() {
            let at = self.slides[index];
            if key.forbidden == Some(at) {
                continue;
            }
            let (relaxed, moved) = self.apply(&open, positions, (0, Some(at)));
            let targets = self.target_tiles(&relaxed);
            if !self.geometry.reaches(&relaxed.maze, moved, targets) {
                continue;
            }
            let quarters = rotations
                .get_or_insert_with(|| self.rotations(&key))
                .clone();
            for quarter in quarters {
                let found = self.try_option(id, &key, positions, (quarter, Some(at)), &mut unused);
                if found.is_some() {
                    return found;
                }
            }
        }
        if self.problem.rules.may_skip_slide {
            return self.try_option(id, &key, positions, (0, None), &mut unused);
        }
        None
    }

    fn try_option(
        &mut self,
        id: u32,
        key: &Key,
        positions: TileSet,
        option: Option_,
        next: &mut Vec<u32>,
    ) -> Option<Found> {
        let (child, moved) = self.apply(key, positions, option);
        let reach = self.geometry.flood(&child.maze, moved);
        self.settle(id, option, child, reach, false, next)
    }

    /// Expands node `id`; pushes new nodes to `next` when `keep`. Returns
    /// the goal as soon as a child reaches it.
    fn expand(&mut self, id: u32, keep: bool, next: &mut Vec<u32>) -> Option<Found> {
        self.expanded += 1;
        let (key, positions) = {
            let node = &self.nodes[id as usize];
            (node.key, node.positions)
        };
        for option in self.options(&key) {
            let (child, moved) = self.apply(&key, positions, option);
            let reach = self.geometry.flood(&child.maze, moved);
            if let Some(found) = self.settle(id, option, child, reach, keep, next) {
                return Some(found);
            }
        }
        None
    }

    /// The maze, relics and positions after the slide of `option`.
    pub fn apply(&self, key: &Key, positions: TileSet, option: Option_) -> (Key, TileSet) {
        let (quarter, slide) = option;
        let Some(at) = slide else {
            return (*key, positions);
        };
        let geometry = &self.geometry;
        let maze = geometry.slide(&key.maze.rotated(quarter), at);
        let entry = geometry.entry(at);
        let mut relics = key.relics;
        for relic in relics.iter_mut().take(self.problem.targets.len()) {
            *relic = match *relic {
                FLOATING => entry,
                COLLECTED => COLLECTED,
                index => geometry.shifted_index(index, at).unwrap_or(FLOATING),
            };
        }
        let landing = match self.problem.rules.pushed_off {
            PushedOff::InsertedTile => entry,
            PushedOff::StartCorner => self.problem.home,
        };
        let mut moved = geometry.shift(positions, at);
        if positions & geometry.exit_bit(at) != 0 {
            moved |= 1 << landing;
        }
        let child = Key {
            maze,
            relics,
            collected: key.collected,
            forbidden: self.problem.rules.forbid_reverse.then(|| at.reverse()),
        };
        (child, moved)
    }

    /// Collects what `reach` allows, tests the goal, and records children.
    fn settle(
        &mut self,
        parent: u32,
        via: Option_,
        key: Key,
        reach: TileSet,
        keep: bool,
        next: &mut Vec<u32>,
    ) -> Option<Found> {
        let mut collected_key = key;
        let mut collects = Vec::new();
        let mut here = reach;
        while let Some((slot, target)) = self.active_target(&collected_key, here) {
            collects.push(target);
            collected_key.collected += 1;
            if let Some(slot) = slot {
                collected_key.relics[slot] = COLLECTED;
            }
            if self.is_goal(&collected_key) {
                let node = self.push(parent, via, collected_key, 1 << target, collects);
                return Some(Found { node, last: target });
            }
            if self.problem.rules.collect_ends_move {
                here = 1 << target;
                break;
            }
        }
        if !keep {
            return None;
        }
        if !collects.is_empty() {
            self.record(parent, via, collected_key, here, collects, next);
        }
        let idle = reach & !self.target_tiles(&key);
        if idle != 0 {
            self.record(parent, via, key, idle, Vec::new(), next);
        }
        None
    }

    /// The slot and tile of the first active target (a relic, or home once
    /// the wanted relics are collected) inside `reach`.
    fn active_target(&self, key: &Key, reach: TileSet) -> Option<(Option<usize>, u8)> {
        let wanted = self.problem.wanted;
        if key.collected >= wanted {
            let home = self.problem.return_home?;
            let at_home = key.collected == wanted && reach & (1 << home) != 0;
            return at_home.then_some((None, home));
        }
        self.active_slots(key)
            .find(|&slot| reach & (1 << key.relics[slot]) != 0)
            .map(|slot| (Some(slot), key.relics[slot]))
    }

    /// The slots of the relics that may be collected next and lie in the maze.
    fn active_slots<'k>(&self, key: &'k Key) -> impl Iterator<Item = usize> + 'k {
        let count = self.problem.targets.len();
        let range = if self.problem.rules.order == RelicOrder::AnyOrder {
            0..count
        } else {
            let next = key.collected as usize;
            next..(next + 1).min(count)
        };
        range.filter(move |&slot| key.relics[slot] < COLLECTED)
    }

    fn target_tiles(&self, key: &Key) -> TileSet {
        if key.collected >= self.problem.wanted {
            return self.problem.return_home.map_or(0, |home| 1 << home);
        }
        self.active_slots(key)
            .fold(0, |set, slot| set | 1 << key.relics[slot])
    }

    pub fn is_goal(&self, key: &Key) -> bool {
        let extra = u8::from(self.problem.return_home.is_some());
        key.collected == self.problem.wanted + extra
    }

    /// Adds the positions not yet seen for `key` as a new node.
    fn record(
        &mut self,
        parent: u32,
        via: Option_,
        key: Key,
        positions: TileSet,
        collects: Vec<u8>,
        next: &mut Vec<u32>,
    ) {
        let seen = self.seen.entry(key).or_insert(0);
        let fresh = positions & !*seen;
        if fresh == 0 {
            return;
        }
        *seen |= fresh;
        let id = self.push(parent, via, key, fresh, collects);
        next.push(id);
    }

    fn push(
        &mut self,
        parent: u32,
        via: Option_,
        key: Key,
        positions: TileSet,
        collects: Vec<u8>,
    ) -> u32 {
        self.nodes.push(Node {
            key,
            positions,
            parent,
            via,
            collects,
        });
        (self.nodes.len() - 1) as u32
    }
}
