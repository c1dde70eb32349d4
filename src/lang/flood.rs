//! Flood fills whose step is a plain move ([`Flood`]): a `reach` body
//! that tests the cell it leaves, takes one of some directions and tests
//! the cell it comes to (`reach({empty, here} (e | s | n | w), 2)`,
//! `reach((n | e | s | w) {empty})`; each test optional) is recognised at
//! load, and the flood then finds each cell's neighbours by the board's
//! table and two mask lookups instead of running the body's ways. The
//! same cells, in the same order.

use super::program::{Flood, Op};

/// Recognises every `reach` body of `ops` that is a plain move, puts an
/// [`Op::Flood`] at its start, and returns the floods' table.
pub fn floods(ops: &mut [Op]) -> Vec<Flood> {
    let mut table = Vec::new();
    for pc in 0..ops.len() {
        if let Op::Reach(end, _) = ops[pc]
            && let Some(flood) = plain_move(ops, pc + 1, end as usize)
            && let Ok(id) = u16::try_from(table.len())
        {
            ops[pc + 1] = Op::Flood(id);
            table.push(flood);
        }
    }
    table
}

/// The flood the body `ops[start..end]` is, when it is `{test}? (d1 | d2
/// | ...) {test}?` ending in [`Op::Reached`]: each way but the last
/// `Split(next way) Shift(d) Jump(past the last way)`, the last `Shift(d)`.
fn plain_move(ops: &[Op], start: usize, end: usize) -> Option<Flood> {
    let body = ops.get(start..end)?;
    let mut at = 0;
    let leave = match body.first()? {
        Op::Test(m) => {
            at = 1;
            Some(*m)
        }
        _ => None,
    };
    let mut dirs = Vec::new();
    let mut past = Vec::new();
    while let [Op::Split(next), Op::Shift(d), Op::Jump(to), ..] = body[at..] {
        if next as usize != start + at + 3 {
            return None;
        }
        dirs.push(d);
        past.push(to as usize);
        at += 3;
    }
    let [Op::Shift(d), ..] = body[at..] else {
        return None;
    };
    dirs.push(d);
    at += 1;
    if past.iter().any(|&to| to != start + at) {
        return None;
    }
    let arrive = match body[at..] {
        [Op::Test(m), ..] => {
            at += 1;
            Some(m)
        }
        _ => None,
    };
    (body[at..] == [Op::Reached]).then_some(Flood {
        leave,
        dirs,
        arrive,
    })
}
