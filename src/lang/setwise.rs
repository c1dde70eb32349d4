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

use super::board::{Board, OFF};
use super::fused::Fused;
use super::program::{Op, Program};
pub use super::setwise_plan::{DirSets, Origin, Region, SetStep, Setwise};

/// Finds the regions of `program` worked out at once, puts an
/// [`Op::Sets`] in place of each one's instruction, and keeps the tables
/// in [`Program::setwise`].
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
pub fn add(program: &mut Program) {
    let (board, fused) = (&program.board, &program.fused);
    let ops = &program.ops;
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
    let mut at = Vec::new();
    for (pc, mut region) in found {
        let next = classes.len() as u32;
        region.class = *classes.entry(class_key(program, &region)).or_insert(next);
        at.push(pc);
        setwise.regions.push(region);
    }
    setwise.classes = classes.len() as u32;
    for (i, pc) in at.into_iter().enumerate() {
        program.ops[pc] = Op::Sets(i as u32);
    }
    program.setwise = setwise;
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

/// What `region` does, the same for each copy of it: its steps (their
/// slots already counted from its start), with what they name written
/// out (a test's masks, a hop's table, a slide's walk).
fn class_key(program: &Program, region: &Region) -> ClassKey {
    let (fused, players) = (&program.fused, program.players.len());
    let mut named = Vec::new();
    let mask = |m: u16, named: &mut Vec<u128>| {
        let at = usize::from(m) * players;
        named.extend_from_slice(&program.masks[at..at + players]);
    };
    for &(_, step) in &region.steps {
        match step {
            SetStep::Test { m, .. } | SetStep::Any { m: Some(m), .. } => mask(m, &mut named),
            SetStep::Hop { h, .. } => {
                named.extend(fused.hops[h as usize].to.iter().map(|&c| u128::from(c)))
            }
            SetStep::Slide { s, .. } => {
                let slide = &fused.slides[s as usize];
                named.extend(slide.dirs.iter().map(|&d| u128::from(d)));
                mask(slide.test, &mut named);
            }
            _ => {}
        }
    }
    let steps = region
        .steps
        .iter()
        .map(|&(slot, step)| (slot, unnamed(step)));
    (
        region.end - region.start,
        region.positive,
        steps.collect(),
        named,
    )
}

/// Two copies of a region: their lengths, questions, steps with the
/// indices of masks, hops and slides left out, and what those name.
type ClassKey = (u32, bool, Vec<(u32, SetStep)>, Vec<u128>);

/// `step` without the index of the mask, hop or slide it names.
fn unnamed(step: SetStep) -> SetStep {
    match step {
        SetStep::Test { from, .. } => SetStep::Test { m: 0, from },
        SetStep::Any { m: Some(_), from } => SetStep::Any { m: Some(0), from },
        SetStep::Hop { from, .. } => SetStep::Hop { h: 0, from },
        SetStep::Slide { from, .. } => SetStep::Slide { s: 0, from },
        step => step,
    }
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
    let slot = |t: u32| t - start as u32;
    let (mut repeats, mut negates) = (false, false);
    let mut steps = Vec::new();
    let mut pc = start;
    while pc < end {
        let after = slot(pc as u32 + 1);
        let (step, next) = match ops[pc] {
            Op::Shift(d) => (SetStep::Back { d, from: after }, pc + 1),
            Op::ShiftAlias(a) => (SetStep::BackAlias { a, from: after }, pc + 1),
            Op::Test(m) => (SetStep::Test { m, from: after }, pc + 1),
            Op::Accept => (SetStep::All, pc + 1),
            Op::Any => (
                SetStep::Any {
                    m: None,
                    from: after,
                },
                pc + 1,
            ),
            Op::AnyOf(m) => (
                SetStep::Any {
                    m: Some(m),
                    from: after,
                },
                pc + 1,
            ),
            Op::Goto(cell) if cell != OFF => (SetStep::Goto { cell, from: after }, pc + 1),
            Op::Split(t) | Op::Loop(_, t) if inside(t) => {
                repeats |= t as usize <= pc;
                let or = slot(t);
                (SetStep::Union { from: after, or }, pc + 1)
            }
            Op::Jump(t) if inside(t) => {
                repeats |= t as usize <= pc;
                (SetStep::Same { from: slot(t) }, pc + 1)
            }
            Op::Probe(positive, t) | Op::Pattern(positive, t)
                if inside(t) && t as usize > pc + 1 =>
            {
                negates |= !positive;
                let (body, then) = (after, slot(t));
                (
                    SetStep::Pattern {
                        positive,
                        body,
                        then,
                    },
                    pc + 1,
                )
            }
            // The chain's own steps and the slide's own repetition are
            // not run: the hop and the slide stand for them.
            Op::Hop(h) => {
                let to = pc + fused.hops[h as usize].len as usize;
                if to > end {
                    return None;
                }
                (
                    SetStep::Hop {
                        h,
                        from: slot(to as u32),
                    },
                    to,
                )
            }
            Op::Slide(s) => {
                let exit = fused.slides[s as usize].exit;
                if !inside(exit) {
                    return None;
                }
                (
                    SetStep::Slide {
                        s,
                        from: slot(exit),
                    },
                    exit as usize,
                )
            }
            _ => return None,
        };
        steps.push((slot(pc as u32), step));
        pc = next;
    }
    steps.reverse();
    // A negation inside a repetition has no least fixed point to find.
    (!(repeats && negates)).then_some(Region {
        start: start as u32,
        end: end as u32,
        positive,
        origin,
        steps,
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
