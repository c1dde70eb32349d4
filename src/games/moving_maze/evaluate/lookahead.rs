//! One turn of lookahead on bit boards: the nearest a seat can get to its
//! target with one rotation and slide of the floating tile and a walk
//! along the pathways it opens. Each option costs a copy of the links, a
//! slide of their bit boards and a flood fill; nothing is allocated.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use crate::games::moving_maze::board::{Direction, Pos, SlideAt, Tile};
use crate::games::moving_maze::engine::{Game, Phase, positions};
use crate::games::moving_maze::rules::{PushedOff, WinCondition};

/// The most targets a seat looks for at once (its active relics, or home).
const MAX_TARGETS: usize = 16;

/// The positions a seat wants to reach, on a fixed-size list.
#[derive(Clone, Copy)]
pub(super) struct Targets {
    at: [Pos; MAX_TARGETS],
    len: usize,
}

impl Targets {
    /// `seat`'s targets in `game`.
    pub fn of(game: &Game, seat: usize) -> Targets {
        let mut targets = Targets {
            at: [Pos::new(0, 0); MAX_TARGETS],
            len: 0,
        };
        let width = game.maze().width();
        positions(super::target_set(game, seat), width).for_each(|p| targets.push(p));
        targets
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, pos: Pos) {
        if self.len < MAX_TARGETS {
            self.at[self.len] = pos;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Pos] {
        &self.at[..self.len]
    }

    /// The Manhattan distance from `pos` to the nearest target.
    pub fn distance(&self, pos: Pos) -> Option<i16> {
        self.as_slice()
            .iter()
            .map(|t| i16::from(pos.x.abs_diff(t.x)) + i16::from(pos.y.abs_diff(t.y)))
            .min()
    }
}

/// What a seat's next turn starts from.
struct Outlook<'g> {
    game: &'g Game,
    seat: usize,
    /// Its targets move with the tiles (relics), or stay (home).
    on_tiles: bool,
    targets: Targets,
    /// The floating tile carries one of its targets.
    floating_target: bool,
}

impl<'g> Outlook<'g> {
    fn of(game: &'g Game, seat: usize, targets: &Targets) -> Outlook<'g> {
        let player = game.players()[seat];
        let targets = *targets;
        let on_tiles = player.collected < game.relics_per_colour()
            || game.rules().win() == WinCondition::LastRelic;
        let floating_target = on_tiles
            && game
                .floating()
                .relic()
                .is_some_and(|r| game.is_active_relic(seat, r));
        Outlook {
            game,
            seat,
            on_tiles,
            targets,
            floating_target,
        }
    }

    /// The targets after the slide at `at`.
    fn targets_after(&self, at: SlideAt) -> Targets {
        if !self.on_tiles {
            return self.targets;
        }
        let maze = self.game.maze();
        let mut moved = Targets {
            len: 0,
            ..self.targets
        };
        for &t in self.targets.as_slice() {
            if let Some(p) = maze.shifted(at, t) {
                moved.push(p);
            }
        }
        if self.floating_target {
            moved.push(maze.entry(at));
        }
        moved
    }

    /// Where the seat standing at `from` stands after the slide at `at`.
    fn pos_after(&self, at: SlideAt, from: Pos) -> Pos {
        let maze = self.game.maze();
        maze.shifted(at, from)
            .unwrap_or_else(|| match self.game.flags().pushed_off {
                PushedOff::InsertedTile => maze.entry(at),
                PushedOff::StartCorner => self.game.players()[self.seat].home,
            })
    }

    /// The nearest the seat gets to a target walking from `from` with the
    /// links as they are (no slide).
    fn walk(&self, from: Pos, targets: &Targets) -> Option<i16> {
        let reach = self.game.reachable_from(from);
        nearest(reach, self.game.maze().width(), targets)
    }
}

/// The least distance from a tile of `reach` to a target.
fn nearest(
    reach: crate::games::moving_maze::engine::TileSet,
    width: u8,
    targets: &Targets,
) -> Option<i16> {
    let mut best: Option<i16> = None;
    for p in positions(reach, width) {
        let d = targets.distance(p)?;
        if best.is_none_or(|b| d < b) {
            best = Some(d);
            if d == 0 {
                break;
            }
        }
    }
    best
}

/// The distinct orientations of `tile` (at most four), as tiles.
fn orientations(tile: Tile, rotate: bool) -> ([Tile; 4], usize) {
    let mut out = [tile; 4];
    let mut len = 1;
    if rotate {
        let mut t = tile;
        for _ in 1..4 {
            t = t.rotated_clockwise();
            if out[..len].iter().all(|o| o.sides() != t.sides()) {
                out[len] = t;
                len += 1;
            }
        }
    }
    (out, len)
}

/// The nearest (Manhattan distance) `seat`, standing at `from`, can get to
/// one of its targets in one turn of its own: the best over every
/// orientation of the floating tile and every slide (the last exit point
/// left out only in its own slide phase, where it is known) of the
/// nearest tile the walk reaches. `None` when it has no target.
///
/// Out of its own turn this looks at the floating tile and maze as they
/// are now: the other seats' turns before its own are not foreseen.
///
/// Answers are remembered per thread (the last [`MEMO_ENTRIES`] or
/// so): a search meets the same maze from the same tile many times.
pub(super) fn next_turn(
    game: &Game,
    seat: usize,
    targets: &Targets,
    from: Pos,
) -> Option<NextTurn> {
    let outlook = Outlook::of(game, seat, targets);
    if outlook.targets.len == 0 && !outlook.floating_target {
        return None;
    }
    let own_slide = game.current_seat() == seat && game.phase() == Phase::Slide;
    let forbidden = own_slide.then(|| game.forbidden_slide()).flatten();
    let key = memo_key(&outlook, from, forbidden);
    if let Some(known) = MEMO.with_borrow(|memo| memo.get(&key).copied()) {
        return known;
    }
    let answer = search_options(&outlook, from, forbidden);
    MEMO.with_borrow_mut(|memo| {
        if memo.len() >= MEMO_ENTRIES {
            memo.clear();
        }
        memo.insert(key, answer);
    });
    answer
}

/// How many answers [`next_turn`] remembers per thread.
const MEMO_ENTRIES: usize = 1 << 16;

thread_local! {
    /// [`next_turn`]'s answers by [`memo_key`].
    static MEMO: RefCell<HashMap<u64, Option<NextTurn>>> = RefCell::new(HashMap::new());
}

/// A 64-bit digest of everything [`search_options`] reads (two
/// different questions share one with odds of about 2^-64 per pair).
fn memo_key(outlook: &Outlook, from: Pos, forbidden: Option<SlideAt>) -> u64 {
    let game = outlook.game;
    let mut h = Mix(0);
    std::sync::Arc::as_ptr(game.rules()).hash(&mut h);
    game.links().hash(&mut h);
    game.floating().sides().hash(&mut h);
    game.players()[outlook.seat].home.hash(&mut h);
    (from, forbidden, outlook.on_tiles, outlook.floating_target).hash(&mut h);
    outlook.targets.as_slice().hash(&mut h);
    h.finish()
}

/// A fast 64-bit hasher (multiply and rotate per word, as rustc's
/// `FxHasher`, with a final mix), for [`memo_key`].
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, byte: u8) {
        self.write_u64(u64::from(byte));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^ (x >> 33)
    }
}

/// What one turn of lookahead finds: the nearest distance to a target
/// over every option, and how many of the options reach one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NextTurn {
    /// The least distance over every option.
    pub distance: i16,
    /// The options (orientation and slide, or the skip) that reach a target.
    pub hits: u16,
    /// The options looked at.
    pub options: u16,
}

impl NextTurn {
    /// The share of the options that reach a target.
    pub fn chance(&self) -> f64 {
        f64::from(self.hits) / f64::from(self.options.max(1))
    }
}

/// The search behind [`next_turn`].
fn search_options(outlook: &Outlook, from: Pos, forbidden: Option<SlideAt>) -> Option<NextTurn> {
    let game = outlook.game;
    let mut best = None;
    let (mut hits, mut options) = (0u16, 0u16);
    let mut note = |d: Option<i16>| {
        options += 1;
        hits += u16::from(d == Some(0));
        if d.is_some_and(|d| best.is_none_or(|b| d < b)) {
            best = d;
        }
    };
    if game.may_skip_slide() {
        note(outlook.walk(from, &outlook.targets));
    }
    let (tiles, count) = orientations(game.floating(), game.may_rotate());
    let width = game.maze().width();
    for side in Direction::ALL {
        for index in 1..=game.maze().lines_from(side) {
            let at = SlideAt::new(side, index);
            if !game.may_slide_line(at) || Some(at) == forbidden {
                continue;
            }
            let targets = outlook.targets_after(at);
            let start = game.maze().index_of(outlook.pos_after(at, from));
            for &tile in &tiles[..count] {
                let mut links = *game.links();
                links.slide(at, tile);
                note(nearest(links.reachable(start), width, &targets));
            }
        }
    }
    best.map(|distance| NextTurn {
        distance,
        hits,
        options,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::moving_maze::bots::turn::after_slide;
    use crate::games::moving_maze::bots::{rotation_options, target_set};
    use crate::games::moving_maze::rules::Rules;
    use crate::games::{Setup, moving_maze};

    /// The same figure the slow way: every rotation and legal slide
    /// applied to a copy of the game, then the reachable set searched.
    fn by_applying(game: &Game, seat: usize) -> Option<i16> {
        let mut best = None;
        for turns in rotation_options(game) {
            for at in game.legal_slides() {
                let slid = after_slide(game, turns, Some(at)).unwrap();
                let targets: Vec<Pos> =
                    positions(target_set(&slid, seat), slid.maze().width()).collect();
                let here = slid.players()[seat].pos;
                let reach = slid.reachable_from(here);
                let d = positions(reach, slid.maze().width())
                    .flat_map(|p| {
                        targets.iter().map(move |t| {
                            i16::from(p.x.abs_diff(t.x)) + i16::from(p.y.abs_diff(t.y))
                        })
                    })
                    .min();
                if d.is_some_and(|d| best.is_none_or(|b| d < b)) {
                    best = d;
                }
            }
        }
        best
    }

    #[test]
    fn the_bit_board_lookahead_agrees_with_applying_every_slide() {
        let mut game = moving_maze::load(&Rules::standard(), &Setup::Default).unwrap();
        let mut rng = crate::bots::seeded_rng(3);
        let mut checked = 0;
        for _ in 0..400 {
            if game.is_over() {
                break;
            }
            if game.phase() == Phase::Slide {
                let seat = game.current_seat();
                let pos = game.players()[seat].pos;
                let fast =
                    next_turn(&game, seat, &Targets::of(&game, seat), pos).map(|n| n.distance);
                let slow = by_applying(&game, seat);
                // A collection during the slide itself is not followed by
                // the slow way; skip those rare positions.
                if slow.is_some() {
                    assert_eq!(fast, slow, "turn {}", game.turn());
                    checked += 1;
                }
            }
            let actions = game.legal_actions();
            use rand::RngExt;
            let action = actions[rng.random_range(0..actions.len())];
            game.apply(action).unwrap();
        }
        assert!(checked > 20, "{checked} positions checked");
    }
}
