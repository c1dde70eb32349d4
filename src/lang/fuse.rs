//! Fusing hot instruction shapes at load, keeping their meaning: a chain
//! of direction steps becomes one table lookup ([`Op::Hop`]), and a
//! repetition whose body is one step and one cell test (`(d {empty})*`)
//! becomes one walk along the ray ([`Op::Slide`]). The ops a fused one
//! stands for stay in place, unreached.

use super::board::{Board, OFF};
use super::program::Op;

pub use super::fused::{Fused, Hop, Slide};

/// Rewrites `ops` (fusing slides, then chains of steps) and returns the
/// tables of the fused instructions. `entries` are the instructions where
/// a run may start besides 0.
pub fn fuse(
    ops: &mut [Op],
    masks: &[u128],
    board: &Board,
    aliases: &[u8],
    players: usize,
    entries: &[u32],
) -> Fused {
    let mut target = vec![false; ops.len() + 1];
    for &e in entries {
        target[e as usize] = true;
    }
    for op in ops.iter() {
        match *op {
            Op::Split(t) | Op::Jump(t) | Op::Loop(_, t) | Op::Greedy(t) | Op::Reach(t, _) => {
                target[t as usize] = true
            }
            Op::Pattern(_, t) | Op::Probe(_, t) | Op::Once(t) | Op::Scan(_, t) => {
                target[t as usize] = true
            }
            _ => {}
        }
    }
    let steps = Steps { aliases, players };
    let mut fused = Fused::default();
    for head in 0..ops.len().saturating_sub(3) {
        if let Some(slide) = slide_at(ops, head, &target, masks, &steps) {
            ops[head] = Op::Slide(fused.slides.len() as u32);
            fused.slides.push(slide);
        }
    }
    let mut pc = 0;
    while pc < ops.len() {
        let mut len = 0;
        while pc + len < ops.len()
            && steps.dir(ops[pc + len], 0).is_some()
            && (len == 0 || !target[pc + len])
        {
            len += 1;
        }
        if len >= 2 {
            let to = (0..players)
                .flat_map(|p| (0..board.cells() as u16).map(move |cell| (p, cell)))
                .map(|(p, cell)| steps.land(board, &ops[pc..pc + len], p, cell))
                .collect();
            ops[pc] = Op::Hop(fused.hops.len() as u32);
            fused.hops.push(Hop {
                len: len as u32,
                to,
            });
        }
        pc += len.max(1);
    }
    fused
}

/// What a step instruction means for each player.
struct Steps<'a> {
    aliases: &'a [u8],
    players: usize,
}

impl Steps<'_> {
    /// The direction `op` steps along for player `p`, if it is a step.
    fn dir(&self, op: Op, p: usize) -> Option<u8> {
        match op {
            Op::Shift(d) => Some(d),
            Op::ShiftAlias(a) => Some(self.aliases[usize::from(a) * self.players + p]),
            _ => None,
        }
    }

    /// Where the steps `chain` lead from `cell` for player `p`, or [`OFF`].
    fn land(&self, board: &Board, chain: &[Op], p: usize, cell: u16) -> u16 {
        let land = chain.iter().try_fold(cell, |at, &op| {
            let next = board.neighbour(at, self.dir(op, p).expect("a step"));
            (next != OFF).then_some(next)
        });
        land.unwrap_or(OFF)
    }
}

/// The slide of the repetition headed at `head`, if it is one step and
/// one test with no other way in.
fn slide_at(
    ops: &[Op],
    head: usize,
    target: &[bool],
    masks: &[u128],
    steps: &Steps,
) -> Option<Slide> {
    let Op::Loop(id, exit) = ops[head] else {
        return None;
    };
    let (step, Op::Test(m), Op::Jump(to)) = (ops[head + 1], ops[head + 2], ops[head + 3]) else {
        return None;
    };
    if steps.dir(step, 0).is_none()
        || to as usize != head
        || exit as usize != head + 4
        || target[head + 1..head + 4].contains(&true)
    {
        return None;
    }
    let players = steps.players;
    let dirs: Vec<u8> = (0..players).filter_map(|p| steps.dir(step, p)).collect();
    let last_only = match (ops.get(head + 4), ops.get(head + 5)) {
        (Some(&again), Some(&Op::Test(then))) => (0..players).all(|p| {
            steps.dir(again, p) == Some(dirs[p])
                && masks[usize::from(m) * players + p] & masks[usize::from(then) * players + p] == 0
        }),
        _ => false,
    };
    Some(Slide {
        id,
        dirs,
        test: m,
        exit,
        last_only,
    })
}
