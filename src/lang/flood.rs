//! Flood fills whose step is a plain move ([`Flood`]): a `reach` body
//! that tests the cell it leaves, takes one of some ways, each a few hops
//! (a direction, tests of the cell come to) with tests of its own or none
//! and a cost, and tests the cell it comes to (`reach({empty, here} (e |
//! s | n | w), 2)`, `reach((n | e | s | w) {empty})`, a tile maze's
//! `reach(open-n n open-s | open-e e open-w | ...)` whose tests look
//! through stacks, a jumper's `reach({empty} (n | n {own} n cost(2)),
//! 3)`) is recognised at load, and the flood then finds each cell's
//! neighbours by the board's table and the tests' mask lookups instead of
//! running the body's ways. The same cells, in the same order.

use super::program::Op;
use super::shapes::{CellTest, Flood, FloodWay};

/// Recognises every `reach` body of `ops` that is a plain move, puts an
/// [`Op::Flood`] at its start, and returns the floods' table.
pub fn floods(ops: &mut [Op]) -> Vec<Flood> {
    let mut table = Vec::new();
    for pc in 0..ops.len() {
        if let Op::Reach(end, _) = ops[pc]
            && let Some(flood) = plain_move(ops, pc + 1, end as usize)
        {
            // Copies of one flood share an entry, so that they read alike
            // (`{? road} ... | {! road} ...` is then a choice of a pattern
            // and its negation, `super::guards`).
            let id = match table.iter().position(|f| *f == flood) {
                Some(id) => id,
                None => {
                    table.push(flood);
                    table.len() - 1
                }
            };
            let Ok(id) = u16::try_from(id) else {
                table.pop();
                continue;
            };
            ops[pc + 1] = Op::Flood(id);
        }
    }
    table
}

/// The flood the body `ops[start..end]` is, when it is `tests (way | way
/// | ...) tests` ending in [`Op::Reached`], each way `tests d tests` (any
/// test of the cell's top or of its stack, none or several): each way
/// but the last `Split(next way) ... Jump(past the last way)`.
fn plain_move(ops: &[Op], start: usize, end: usize) -> Option<Flood> {
    let reached = end.checked_sub(1)?;
    if ops.get(reached) != Some(&Op::Reached) || start > reached {
        return None;
    }
    let (leave, mut pc) = tests(ops, start, reached, None);
    let mut ways = Vec::new();
    match ops[pc] {
        Op::Split(_) => pc = alternatives(ops, pc, reached, &mut ways)?,
        _ => {
            ways.push(way(ops, pc, reached)?);
            pc = reached;
        }
    }
    let (arrive, after) = tests(ops, pc, reached, None);
    (after == reached).then_some(Flood {
        leave,
        ways,
        arrive,
    })
}

/// Reads the ways of the alternatives starting at `pc` (a
/// [`Op::Split`]) into `ways`, and returns where they all go on.
fn alternatives(
    ops: &[Op],
    mut pc: usize,
    reached: usize,
    ways: &mut Vec<FloodWay>,
) -> Option<usize> {
    let mut past = None;
    while let Op::Split(next) = ops[pc] {
        let next = next as usize;
        if next <= pc + 1 || next > reached {
            return None;
        }
        let Op::Jump(to) = ops[next - 1] else {
            return None;
        };
        if *past.get_or_insert(to as usize) != to as usize {
            return None;
        }
        ways.push(way(ops, pc + 1, next - 1)?);
        pc = next;
    }
    let to = past?;
    if to <= pc || to > reached {
        return None;
    }
    ways.push(way(ops, pc, to)?);
    Some(to)
}

/// The way `ops[start..end]` is, when it is tests, then one or more
/// hops (a step in a direction, tests), with `cost(k)` among the tests
/// if it costs more than one step.
fn way(ops: &[Op], start: usize, end: usize) -> Option<FloodWay> {
    let mut cost = 1;
    let (leave, mut at) = tests(ops, start, end, Some(&mut cost));
    let mut hops = Vec::new();
    while at < end {
        let Op::Shift(dir) = ops[at] else {
            return None;
        };
        let (arrive, after) = tests(ops, at + 1, end, Some(&mut cost));
        hops.push((dir, arrive));
        at = after;
    }
    (!hops.is_empty()).then_some(FloodWay { leave, hops, cost })
}

/// The cell tests from `pc` on (before `end`), and where they stop: a
/// test of the top, or a pattern that looks through the stack (`{?
/// ([lift])* {test}}`, [`Op::Holds`] at its start) or not; with `cost`,
/// a way's [`Op::Cost`] too, noted there.
fn tests(
    ops: &[Op],
    mut pc: usize,
    end: usize,
    mut cost: Option<&mut u16>,
) -> (Vec<CellTest>, usize) {
    let mut found = Vec::new();
    while pc < end {
        match ops[pc] {
            Op::Test(m) => found.push(CellTest::Top(m)),
            Op::Holds(m) => found.push(CellTest::Stack(m)),
            Op::Cost(k) if cost.is_some() => {
                if let Some(c) = cost.as_deref_mut() {
                    *c = k;
                }
            }
            Op::Pattern(positive, to) if to as usize <= end => match ops[pc + 1..] {
                [Op::Holds(m), Op::Accept, ..] => {
                    found.push(match positive {
                        true => CellTest::Stack(m),
                        false => CellTest::NotStack(m),
                    });
                    pc = to as usize;
                    continue;
                }
                _ => break,
            },
            _ => break,
        }
        pc += 1;
    }
    (found, pc)
}
