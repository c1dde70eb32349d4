//! What the adventurers do once a turn's slide is done: flood the maze from
//! where they stand, collect the targets they reach in the rules' order, and
//! say whether that reaches the goal.

use super::bits::Bits;
use super::geometry::Geometry;
use super::key::{COLLECTED, FLOATING, Key, Slid};
use super::{MAX_TARGETS, Problem};

/// The tiles collected in one turn, in order (relics, then home).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Collects {
    tiles: [u8; MAX_TARGETS + 1],
    len: u8,
    slots: [usize; MAX_TARGETS],
    relics: u8,
}

impl Collects {
    fn push(&mut self, tile: u8, slot: Option<usize>) {
        self.tiles[self.len as usize] = tile;
        self.len += 1;
        if let Some(slot) = slot {
            self.slots[self.relics as usize] = slot;
            self.relics += 1;
        }
    }

    /// The slots of the relics collected, in order.
    pub fn slots(&self) -> &[usize] {
        &self.slots[..self.relics as usize]
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.tiles[..self.len as usize]
    }
}

/// What one group of adventurers does after the slide.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settled<B> {
    /// The key after collecting.
    pub key: Key<B>,
    /// Where the adventurer may end after collecting.
    pub here: B,
    /// Everything reachable before collecting.
    pub reach: B,
    pub collects: Collects,
    /// Whether the group was forced to collect where it was pushed to.
    pub forced: bool,
    pub goal: bool,
}

/// The rules of collecting: the problem and its maze's geometry.
pub(super) struct Settler<'a, B> {
    pub problem: &'a Problem,
    pub geometry: &'a Geometry<B>,
}

impl<B: Bits> Settler<'_, B> {
    /// What the adventurers do after the slide: one group, or two when the
    /// one pushed out lands on a target the engine makes it collect at once.
    pub fn settle_all(&self, slid: &Slid<B>) -> [Option<Settled<B>>; 2] {
        let key = &slid.key;
        match slid.pushed {
            Some(landing) if self.forced_at(key, landing) => [
                Some(self.settle(key, B::bit(landing), Some(landing))),
                (!slid.shifted.is_empty()).then(|| self.settle(key, slid.shifted, None)),
            ],
            Some(landing) => [
                Some(self.settle(key, slid.shifted | B::bit(landing), None)),
                None,
            ],
            None => [Some(self.settle(key, slid.shifted, None)), None],
        }
    }

    /// Whether an adventurer pushed onto `tile` collects there at once.
    fn forced_at(&self, key: &Key<B>, tile: u8) -> bool {
        self.problem.flags.collect_on_push
            && key.collected < self.problem.wanted
            && self.active_slots(key).any(|slot| key.relics[slot] == tile)
    }

    /// Collects what the adventurers starting on `start` can, the one on
    /// `first` (when given) collecting there first.
    pub fn settle(&self, key: &Key<B>, start: B, first: Option<u8>) -> Settled<B> {
        let geometry = self.geometry;
        let reach = geometry.flood(&key.maze, start);
        let mut settled = Settled {
            key: *key,
            here: reach,
            reach,
            collects: Collects::default(),
            forced: first.is_some(),
            goal: false,
        };
        let mut first = first;
        let mut standing = start;
        loop {
            let next = match first.take() {
                Some(tile) => self.target_at(&settled.key, tile),
                None => self.active_target(&settled.key, settled.here, standing),
            };
            let Some((slot, tile)) = next else {
                break;
            };
            settled.collects.push(tile, slot);
            settled.key.collected += 1;
            if let Some(slot) = slot {
                settled.key.relics[slot] = COLLECTED;
            }
            let last_relic = slot.is_some() && settled.key.collected == self.problem.wanted;
            if last_relic && self.problem.return_home == Some(tile) {
                // The last relic lies at home: the same arrival wins.
                settled.collects.push(tile, None);
                settled.key.collected += 1;
            }
            settled.goal = self.is_goal(&settled.key);
            if settled.goal || self.problem.flags.collect_ends_move {
                settled.here = B::bit(tile);
                break;
            }
            settled.here = geometry.flood(&key.maze, B::bit(tile));
            standing = B::bit(tile);
        }
        settled
    }

    fn target_at(&self, key: &Key<B>, tile: u8) -> Option<(Option<usize>, u8)> {
        self.active_slots(key)
            .find(|&slot| key.relics[slot] == tile)
            .map(|slot| (Some(slot), tile))
    }

    /// The slot and tile of the first active target (a relic, or home once
    /// the wanted relics are collected) inside `reach`, from adventurers
    /// `standing` on some of its tiles.
    fn active_target(&self, key: &Key<B>, reach: B, standing: B) -> Option<(Option<usize>, u8)> {
        let wanted = self.problem.wanted;
        if key.collected >= wanted {
            let home = self.problem.return_home?;
            let at_home = key.collected == wanted && reach.has(home);
            return at_home.then_some((None, home));
        }
        self.active_slots(key)
            .find(|&slot| self.may_arrive(key, reach, standing, key.relics[slot]))
            .map(|slot| (Some(slot), key.relics[slot]))
    }

    /// Whether a move may end on `tile` within `reach`. With single steps
    /// only, an adventurer already standing there must step off and back,
    /// which a tile connected to no neighbour does not allow (pathfinding
    /// allows a move of length zero).
    fn may_arrive(&self, key: &Key<B>, reach: B, standing: B, tile: u8) -> bool {
        if !reach.has(tile) {
            return false;
        }
        if self.problem.flags.pathfinding || !standing.has(tile) {
            return true;
        }
        // An isolated tile is reached from nowhere else either.
        let alone = B::bit(tile);
        self.geometry.flood(&key.maze, alone) != alone
    }

    /// The slots of the relics that may be collected next: every target
    /// in any order, else the one after those collected.
    fn next_slots(&self, key: &Key<B>) -> std::ops::Range<usize> {
        let count = self.problem.targets.len();
        if self.problem.any_order {
            0..count
        } else {
            let next = key.collected as usize;
            next.min(count)..(next + 1).min(count)
        }
    }

    /// The slots of the relics that may be collected next and lie in the maze.
    fn active_slots<'k>(&self, key: &'k Key<B>) -> impl Iterator<Item = usize> + 'k {
        self.next_slots(key)
            .filter(move |&slot| key.relics[slot] < COLLECTED)
    }

    pub(super) fn has_floating_target(&self, key: &Key<B>) -> bool {
        if key.collected >= self.problem.wanted {
            return false;
        }
        self.next_slots(key)
            .any(|slot| key.relics[slot] == FLOATING)
    }

    pub fn target_tiles(&self, key: &Key<B>) -> B {
        if key.collected >= self.problem.wanted {
            return self.problem.return_home.map_or(B::default(), B::bit);
        }
        self.active_slots(key)
            .fold(B::default(), |set, slot| set | B::bit(key.relics[slot]))
    }

    pub fn is_goal(&self, key: &Key<B>) -> bool {
        let extra = u8::from(self.problem.return_home.is_some());
        key.collected == self.problem.wanted + extra
    }
}
