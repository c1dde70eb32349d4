//! Patterns worked out for every cell at once. A pattern whose body only
//! steps along directions and tests cells (`{? flank(n) | flank(ne) |
//! ...}`) matches from a set of cells that can be found backwards, one
//! set per instruction: the cells where `{test}` passes and the rest
//! matches; the cells one step back from those where the rest matches;
//! the union of a choice's ways; a repetition's least fixed point. On
//! square and hex boards a step back is a shift of 64-bit words, so an
//! `any {empty} outflanks` over sixty empty squares costs a few hundred
//! word operations instead of sixty searches (the bit boards of a
//! hand-written Othello, derived from the rules).
//!
//! This module finds, at load, where that applies: an `any {test}`
//! followed by such a pattern (the `any` then goes on from the cells of
//! the set, the pattern already known to match there), and a pattern
//! `{? any ...}` whose whole body is such (its answer is whether the set
//! is empty). `machine/setwise.rs` works the sets out while playing,
//! where enough cells are asked about to be worth it.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::board::{Board, OFF};
use super::fused::Fused;
use super::program::Op;
pub use super::setwise_plan::{DirSets, Origin, Region, Setwise};

/// Finds the regions of `ops` worked out at once, puts an [`Op::Sets`] in
/// place of each one's instruction, and gives the tables.
///
/// ```
/// use relic::lang::parse_core_resolved;
/// use relic::lang::setwise::Origin;
/// let toml = r#"
/// game = "core"
/// name = "Sets"
/// players = ["a"]
/// rules = "any {empty} {? e {own}} mark end(win)"
/// [board]
/// width = 3
/// height = 1
/// setup = ["..A"]
/// [[kinds]]
/// name = "man"
/// glyph = "A"
/// "#;
/// let (_, program) = parse_core_resolved(toml, "sets.toml", None).unwrap();
/// assert_eq!(program.setwise.regions.len(), 1);
/// assert!(matches!(program.setwise.regions[0].origin, Origin::Any { .. }));
/// ```
pub fn plan(ops: &mut [Op], board: &Board, fused: &Fused, masks: &Masks) -> Setwise {
    let mut setwise = Setwise {
        dirs: (0..board.directions.len() as u8)
            .map(|d| dir_sets(board, d))
            .collect(),
        all: all_cells(board.cells()),
        ..Setwise::default()
    };
    // Last first, so that a pattern whose body is a pattern knows
    // whether that one is worked out at once.
    let mut found: Vec<(usize, Region)> = Vec::new();
    for pc in (0..ops.len()).rev() {
        let whole = |at: usize| found.last().is_some_and(|(f, _)| *f == at);
        if let Some(region) = region_of(ops, fused, pc, whole) {
            found.push((pc, region));
        }
    }
    found.reverse();
    let mut classes = HashMap::new();
    for (i, (pc, mut region)) in found.into_iter().enumerate() {
        let next = classes.len() as u32;
        region.class = *classes
            .entry(class_key(ops, fused, masks, &region))
            .or_insert(next);
        setwise.regions.push(region);
        ops[pc] = Op::Sets(i as u32);
    }
    setwise.classes = classes.len() as u32;
    setwise
}

/// The region of the instruction at `pc`, if it has one: an `any` whose
/// tests and pattern can be worked out at once, or a pattern whose body
/// starts with an `any` or is a pattern that has a region (`has_region`).
fn region_of(
    ops: &[Op],
    fused: &Fused,
    pc: usize,
    has_region: impl Fn(usize) -> bool,
) -> Option<Region> {
    match (ops[pc], ops.get(pc + 1)) {
        (Op::AnyOf(mask), _) => {
            let (end, probe) = after_any(ops, pc)?;
            region(ops, fused, pc + 1, end, true, Origin::Any { mask, probe })
        }
        (Op::Probe(positive, end) | Op::Pattern(positive, end), Some(&first)) => {
            let starts = match first {
                Op::Any | Op::AnyOf(_) => true,
                Op::Probe(_, inner) | Op::Pattern(_, inner) => {
                    inner + 1 == end && has_region(pc + 1)
                }
                _ => false,
            };
            let probe = matches!(ops[pc], Op::Probe(..));
            let origin = Origin::Pattern {
                positive,
                end,
                probe,
            };
            starts.then(|| region(ops, fused, pc + 1, end as usize, positive, origin))?
        }
        _ => None,
    }
}

/// The masks of a program's tests and how many players each has.
pub struct Masks<'a> {
    /// Per mask index, per player.
    pub masks: &'a [u128],
    /// Players.
    pub players: usize,
}

/// What `region` does, the same for each copy of it: its instructions
/// with their targets taken from its start, a test by its masks, a hop
/// by its table and a slide by its walk.
fn class_key(ops: &[Op], fused: &Fused, masks: &Masks, region: &Region) -> Vec<u128> {
    let start = region.start;
    let of_mask = |m: u16| {
        let at = usize::from(m) * masks.players;
        let mut h = DefaultHasher::new();
        masks.masks[at..at + masks.players].hash(&mut h);
        u128::from(h.finish())
    };
    let mut key = vec![u128::from(region.end - start), u128::from(region.positive)];
    for &pc in region.live.iter().rev() {
        let op = ops[pc as usize];
        key.push(u128::from(pc - start));
        let (tag, a, b) = match op {
            Op::Test(m) | Op::AnyOf(m) => (1, of_mask(m), 0),
            Op::Split(t) | Op::Jump(t) | Op::Loop(_, t) => (2, u128::from(t - start), 0),
            Op::Probe(p, t) | Op::Pattern(p, t) => (3, u128::from(t - start), u128::from(p)),
            Op::Hop(h) => {
                let mut hasher = DefaultHasher::new();
                fused.hops[h as usize].hash(&mut hasher);
                (4, u128::from(hasher.finish()), 0)
            }
            Op::Slide(s) => {
                let slide = &fused.slides[s as usize];
                let dirs = slide
                    .dirs
                    .iter()
                    .fold(0u128, |k, &d| k << 8 | u128::from(d));
                (
                    5,
                    dirs,
                    of_mask(slide.test) ^ u128::from(slide.exit - start) << 64,
                )
            }
            other => {
                let mut hasher = DefaultHasher::new();
                format!("{other:?}").hash(&mut hasher);
                (6, u128::from(hasher.finish()), 0)
            }
        };
        key.extend([tag, a, b]);
    }
    key
}

/// Where the tests and the pattern after the `any` at `pc` end, and
/// whether the pattern is a probe, if it is followed by tests of its cell
/// and then a pattern.
fn after_any(ops: &[Op], pc: usize) -> Option<(usize, bool)> {
    let mut at = pc + 1;
    while let Some(Op::Test(_)) = ops.get(at) {
        at += 1;
    }
    let (end, probe) = match ops.get(at) {
        Some(&Op::Probe(_, end)) => (end as usize, true),
        Some(&Op::Pattern(_, end)) => (end as usize, false),
        _ => return None,
    };
    (end <= ops.len() && matches!(ops[end - 1], Op::Accept)).then_some((end, probe))
}

/// The region `start .. end` if every instruction run in it can be worked
/// out for sets and its ways stay inside it (or go on at `end`).
fn region(
    ops: &[Op],
    fused: &Fused,
    start: usize,
    end: usize,
    positive: bool,
    origin: Origin,
) -> Option<Region> {
    if end <= start || end > ops.len() {
        return None;
    }
    let inside = |t: u32| (start..=end).contains(&(t as usize));
    let (mut repeats, mut negates) = (false, false);
    let mut live = Vec::new();
    let mut pc = start;
    while pc < end {
        live.push(pc as u32);
        let next = match ops[pc] {
            Op::Shift(_) | Op::ShiftAlias(_) | Op::Test(_) | Op::Accept => Some(pc + 1),
            Op::Any | Op::AnyOf(_) => Some(pc + 1),
            Op::Goto(cell) => (cell != OFF).then_some(pc + 1),
            Op::Split(t) | Op::Jump(t) | Op::Loop(_, t) => {
                repeats |= t as usize <= pc;
                inside(t).then_some(pc + 1)
            }
            Op::Probe(p, t) | Op::Pattern(p, t) => {
                negates |= !p;
                (inside(t) && t as usize > pc + 1).then_some(pc + 1)
            }
            // The chain's own steps and the slide's own repetition are
            // not run: the hop and the slide stand for them.
            Op::Hop(h) => {
                let to = pc + fused.hops[h as usize].len as usize;
                (to <= end).then_some(to)
            }
            Op::Slide(s) => {
                let exit = fused.slides[s as usize].exit;
                inside(exit).then_some(exit as usize)
            }
            _ => None,
        };
        pc = next?;
    }
    live.reverse();
    // A negation inside a repetition has no least fixed point to find.
    (!(repeats && negates)).then_some(Region {
        start: start as u32,
        end: end as u32,
        positive,
        origin,
        live,
        class: 0,
        repeats,
    })
}

/// Every cell of a board of `cells` cells, as a set.
fn all_cells(cells: usize) -> Vec<u64> {
    let mut all = vec![!0u64; cells.div_ceil(64)];
    if !cells.is_multiple_of(64) {
        *all.last_mut().expect("a board has cells") = (1 << (cells % 64)) - 1;
    }
    all
}

/// Direction `d` of `board` for sets: its offset when every neighbour
/// along it is the same number of cells on, and the cells that have one.
fn dir_sets(board: &Board, d: u8) -> DirSets {
    let cells = board.cells();
    let mut has = vec![0u64; cells.div_ceil(64)];
    let mut offset: Option<Option<i32>> = None;
    for cell in 0..cells {
        let to = board.neighbour(cell as u16, d);
        if to == OFF {
            continue;
        }
        has[cell / 64] |= 1 << (cell % 64);
        let k = i32::from(to) - cell as i32;
        offset = match offset {
            None => Some(Some(k)),
            Some(Some(o)) if o == k => Some(Some(k)),
            _ => Some(None),
        };
    }
    DirSets {
        offset: offset.unwrap_or(Some(0)),
        has,
    }
}
