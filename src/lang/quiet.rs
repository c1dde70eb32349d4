//! Quiet cells of a scan: where a `scan`'s body can change nothing, and
//! which cells that depends on, so that a pass skips a cell while none
//! of them changed (Boulder Dash's physics then looks again only near
//! the squares a move changed, as a hand-written settling would).
//!
//! The body's *pure region* is what it runs from its start before its
//! first change (a put, a mark, an assignment, ...). When that region
//! only moves the cursor along fixed ways (directions, chains of them,
//! registers), tests cells and chooses, a run of the body that never
//! leaves it changes nothing, and whether it leaves it depends only on
//! the cells its tests read: the cursor's *footprint*. The region is
//! copied as a *guard*, a pattern that matches where the body may change
//! something (its first changes become `Accept`, the body's end a
//! failure); a cell where the guard fails is quiet until a cell of its
//! footprint changes. See `machine/quiet.rs` for the play side.

use std::collections::{HashMap, HashSet};

use super::board::OFF;
pub use super::footprint::{QuietScan, Readers};
use super::program::{Op, Program};

/// The most states (instruction, cursor's way, registers) the analysis
/// visits in one body before it gives up.
const MOST_STATES: usize = 4096;
/// The longest way from the scanned cell the analysis follows.
const LONGEST_WAY: usize = 8;

/// One move of the cursor from the scanned cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Move {
    Dir(u8),
    Alias(u8),
    Hop(u32),
    To(u16),
}

/// A way from the scanned cell.
type Way = Vec<Move>;

/// Where the analysis stands: an instruction, the cursor's way, and the
/// ways the registers saved (sorted by register).
type State = (usize, Way, Vec<(u8, Way)>);

/// A set's guard and footprint (the key two scans share it by).
type SetKey = (Vec<Op>, Vec<(u16, u16)>);

/// What the pure region of a body does, as far as the analysis follows.
#[derive(Default)]
struct Region {
    /// The ways of the cells its tests read.
    reads: HashSet<Way>,
    /// Its instructions, and those of the patterns it runs.
    ops: HashSet<usize>,
    /// Its `once` heads (their bodies' ends mean a change may follow).
    onces: HashSet<usize>,
}

/// Adds the guards of the scans that have one to `program`'s instructions
/// and their quiet sets' readers.
pub fn add(program: &mut Program) {
    let scans: Vec<(usize, u32)> = (program.ops.iter().enumerate())
        .filter_map(|(pc, op)| match *op {
            Op::Scan(_, end) => Some((pc, end)),
            _ => None,
        })
        .collect();
    // Each set's guard and footprint, and where its guard is.
    let mut sets: Vec<(SetKey, u32)> = Vec::new();
    let mut hops = HopIds::default();
    let lens: Vec<usize> = (program.fused.hops.iter())
        .map(|h| h.len as usize)
        .collect();
    for (scan, end) in scans {
        let Some(region) = region(&program.ops, &lens, scan + 1) else {
            continue;
        };
        if region.reads.iter().all(Vec::is_empty) {
            continue;
        }
        let guard = guard_ops(&program.ops, scan + 1, end as usize, &region);
        let pairs = footprint_pairs(program, &region.reads);
        let key = (hops.canonical(program, &guard, scan as u32 + 1), pairs);
        let (set, at) = match sets.iter().position(|(k, _)| *k == key) {
            Some(set) => (set as u16, sets[set].1),
            None => {
                let at = program.ops.len() as u32;
                program.ops.extend(relocate(&guard, scan as u32 + 1, at));
                program
                    .quiet_readers
                    .push(readers(&key.1, program.board.cells()));
                sets.push((key, at));
                ((sets.len() - 1) as u16, at)
            }
        };
        program.quiet.push(QuietScan {
            scan: scan as u32,
            guard: at,
            set,
        });
    }
    let n = program.ops.len();
    for table in [
        &mut program.decided,
        &mut program.markless,
        &mut program.anchored,
    ] {
        table.resize(n, false);
    }
}

/// The pure region of the body at `start`, or `None` when it does what
/// the analysis does not follow.
fn region(ops: &[Op], hops: &[usize], start: usize) -> Option<Region> {
    let mut r = Region::default();
    let mut seen: HashSet<State> = HashSet::new();
    let mut todo = vec![(start, Way::new(), Vec::new())];
    while let Some((pc, way, regs)) = todo.pop() {
        if !seen.insert((pc, way.clone(), regs.clone())) {
            continue;
        }
        if seen.len() > MOST_STATES || way.len() > LONGEST_WAY {
            return None;
        }
        r.ops.insert(pc);
        let next = follow((ops, hops), pc, &way, &regs, &mut r)?;
        todo.extend(next);
    }
    Some(r)
}

/// Where the pure region goes on after instruction `pc` reached by `way`
/// with registers `regs` (none after a change or the body's end); `None`
/// when the instruction is one the analysis does not follow.
fn follow(
    (ops, hops): (&[Op], &[usize]),
    pc: usize,
    way: &Way,
    regs: &[(u8, Way)],
    r: &mut Region,
) -> Option<Vec<State>> {
    let on = |next: usize, way: Way| vec![(next, way, regs.to_vec())];
    let moved = |m: Move| {
        let mut w = way.clone();
        match m {
            Move::To(_) => w = vec![m],
            _ => w.push(m),
        }
        w
    };
    Some(match ops[pc] {
        Op::Test(_) => {
            r.reads.insert(way.clone());
            on(pc + 1, way.clone())
        }
        Op::At(_) => on(pc + 1, way.clone()),
        Op::Shift(d) => on(pc + 1, moved(Move::Dir(d))),
        Op::ShiftAlias(a) => on(pc + 1, moved(Move::Alias(a))),
        Op::Goto(cell) => on(pc + 1, moved(Move::To(cell))),
        Op::Hop(h) => on(pc + *hops.get(h as usize)?, moved(Move::Hop(h))),
        Op::Split(then) => {
            let mut both = on(pc + 1, way.clone());
            both.extend(on(then as usize, way.clone()));
            both
        }
        Op::Jump(to) => on(to as usize, way.clone()),
        Op::Save(reg) => {
            let mut regs: Vec<(u8, Way)> =
                regs.iter().filter(|(x, _)| *x != reg).cloned().collect();
            regs.push((reg, way.clone()));
            regs.sort_by_key(|(x, _)| *x);
            vec![(pc + 1, way.clone(), regs)]
        }
        Op::Restore(reg) => {
            let saved = regs.iter().find(|(x, _)| *x == reg)?;
            on(pc + 1, saved.1.clone())
        }
        Op::Once(_) => {
            r.onces.insert(pc);
            on(pc + 1, way.clone())
        }
        Op::Pattern(_, end) | Op::Probe(_, end) => {
            nested((ops, hops), pc + 1, end as usize, way, r)?;
            on(end as usize, way.clone())
        }
        // The body's end (or a `once` body's: see `guard_ops`) or a change.
        Op::Accept | Op::Fail => vec![],
        op if changes(op) => vec![],
        _ => return None,
    })
}

/// The reads of a pattern's body (`start .. end`) from `way`: every way
/// of it, changes included (they are undone), must be one the analysis
/// follows.
fn nested(
    (ops, hops): (&[Op], &[usize]),
    start: usize,
    end: usize,
    way: &Way,
    r: &mut Region,
) -> Option<()> {
    let inner = region(ops, hops, start)?;
    if inner.ops.iter().any(|&pc| pc >= end || changes(ops[pc])) || !inner.onces.is_empty() {
        return None;
    }
    r.ops.extend(&inner.ops);
    for read in inner.reads {
        let mut w = way.clone();
        for m in read {
            match m {
                Move::To(_) => w = vec![m],
                _ => w.push(m),
            }
        }
        r.reads.insert(w);
    }
    Some(())
}

/// Whether `op` changes the position (the pure region stops before it).
fn changes(op: Op) -> bool {
    matches!(
        op,
        Op::Put(_)
            | Op::Become(_)
            | Op::Push(_)
            | Op::Pop
            | Op::Lift(_)
            | Op::Drop(_)
            | Op::Mark
            | Op::Word(_)
            | Op::Assign(..)
            | Op::SetPlayer(_)
            | Op::Switch(_)
            | Op::End(_)
    )
}

/// The guard of the body `start .. end`: its instructions with every
/// change of the pure region and every end of a `once` body in it made
/// `Accept` (a change may follow), the body's own end and everything
/// outside the region (never reached) `Fail`, and the `once` heads plain
/// steps.
fn guard_ops(ops: &[Op], start: usize, end: usize, r: &Region) -> Vec<Op> {
    let once_ends: HashSet<usize> = (r.onces.iter())
        .filter_map(|&pc| match ops[pc] {
            Op::Once(e) => Some(e as usize - 1),
            _ => None,
        })
        .collect();
    (start..end)
        .map(|pc| match ops[pc] {
            _ if once_ends.contains(&pc) => Op::Accept,
            Op::Once(_) if r.ops.contains(&pc) => Op::Jump(pc as u32 + 1),
            op if r.ops.contains(&pc) && changes(op) => Op::Accept,
            Op::Accept if pc == end - 1 => Op::Fail,
            op if r.ops.contains(&pc) => op,
            _ => Op::Fail,
        })
        .collect()
}

/// The pairs (read cell, scanned cell) of the footprint's ways from every
/// cell for every player, sorted, each once.
fn footprint_pairs(program: &Program, reads: &HashSet<Way>) -> Vec<(u16, u16)> {
    let (cells, players) = (program.board.cells(), program.players.len());
    let mut pairs = Vec::new();
    for player in 0..players {
        for cell in 0..cells as u16 {
            for way in reads {
                let to = way.iter().try_fold(cell, |at, &m| {
                    let next = match m {
                        Move::Dir(d) => program.board.neighbour(at, d),
                        Move::Alias(a) => program
                            .board
                            .neighbour(at, program.aliases[usize::from(a) * players + player]),
                        Move::Hop(h) => {
                            program.fused.hops[h as usize].to[player * cells + usize::from(at)]
                        }
                        Move::To(c) => c,
                    };
                    (next != OFF).then_some(next)
                });
                if let Some(to) = to {
                    pairs.push((to, cell));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// The readers table of sorted, distinct (read, scanned) pairs.
fn readers(pairs: &[(u16, u16)], cells: usize) -> Readers {
    let mut starts = vec![0u32; cells + 1];
    for &(x, _) in pairs {
        starts[usize::from(x) + 1] += 1;
    }
    for c in 0..cells {
        starts[c + 1] += starts[c];
    }
    Readers {
        starts,
        cells: pairs.iter().map(|&(_, c)| c).collect(),
    }
}

/// `ops` (copied from instruction `from` on) with every instruction they
/// name moved to start at `to`.
fn relocate(ops: &[Op], from: u32, to: u32) -> Vec<Op> {
    // Only the region's instructions run, and they name the body's own.
    let at = |t: u32| t.wrapping_sub(from).wrapping_add(to);
    (ops.iter())
        .map(|&op| match op {
            Op::Split(t) => Op::Split(at(t)),
            Op::Jump(t) => Op::Jump(at(t)),
            Op::Loop(id, t) => Op::Loop(id, at(t)),
            Op::Pattern(b, t) => Op::Pattern(b, at(t)),
            Op::Probe(b, t) => Op::Probe(b, at(t)),
            Op::Greedy(t) => Op::Greedy(at(t)),
            Op::Once(t) => Op::Once(at(t)),
            Op::Scan(o, t) => Op::Scan(o, at(t)),
            Op::Reach(t, most) => Op::Reach(at(t), most),
            op => op,
        })
        .collect()
}

/// Hops named by the first of the same table, so that two copies of one
/// body compare alike.
#[derive(Default)]
struct HopIds {
    first: HashMap<(u32, Vec<u16>), u32>,
}

impl HopIds {
    /// `guard` (copied from `from` on) with its targets counted from 0 and
    /// each hop named by the first with the same table.
    fn canonical(&mut self, program: &Program, guard: &[Op], from: u32) -> Vec<Op> {
        (relocate(guard, from, 0).into_iter())
            .map(|op| match op {
                Op::Hop(h) => {
                    let hop = &program.fused.hops[h as usize];
                    Op::Hop(*self.first.entry((hop.len, hop.to.clone())).or_insert(h))
                }
                op => op,
            })
            .collect()
    }
}
