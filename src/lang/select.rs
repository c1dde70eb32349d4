//! Choices decided by one value ([`Select`]): alternatives whose ways
//! begin by comparing the same value with different numbers (`{$ me == 0}
//! a | {$ me == 1} b | {$ me == 2} c | rest`) are recognised at load. The
//! interpreter then reads the value once and goes to the one way it
//! selects (and to the ways after the numbered ones, if any), instead of
//! leaving a choice point per way and failing all but one. The same ways
//! in the same order.

use super::ast::Cmp;
use super::program::{Op, Value};
use super::shapes::Select;

/// Recognises every choice of `ops` decided by one value, puts an
/// [`Op::Select`] at its start, and returns the selections' table.
pub fn selects(ops: &mut [Op], values: &[Value]) -> Vec<Select> {
    let mut table = Vec::new();
    let mut inner = vec![false; ops.len()];
    for pc in 0..ops.len() {
        if inner[pc] {
            continue;
        }
        let Some((select, splits)) = chain(ops, values, pc) else {
            continue;
        };
        let Ok(id) = u16::try_from(table.len()) else {
            break;
        };
        for split in splits {
            inner[split] = true;
        }
        ops[pc] = Op::Select(id);
        table.push(select);
    }
    table
}

/// The selection the alternatives at `pc` make, with the instructions
/// of its ways' splits, when at least two of its first ways begin by
/// comparing one value with different numbers.
fn chain(ops: &[Op], values: &[Value], pc: usize) -> Option<(Select, Vec<usize>)> {
    let Op::Split(_) = ops[pc] else {
        return None;
    };
    let (value, _) = numbered(ops, values, pc + 1)?;
    let mut select = Select {
        value,
        ways: Vec::new(),
        rest: None,
    };
    let (mut at, mut splits) = (pc, Vec::new());
    loop {
        let (first, next) = match ops[at] {
            Op::Split(then) => (at + 1, Some(then as usize)),
            _ => (at, None),
        };
        match numbered(ops, values, first) {
            Some((v, n))
                if values[usize::from(v)] == values[usize::from(value)]
                    && select.ways.iter().all(|&(m, _)| m != n) =>
            {
                select.ways.push((n, first as u32 + 1));
            }
            _ => {
                select.rest = Some(at as u32);
                break;
            }
        }
        splits.push(at);
        match next {
            Some(then) if then > at => at = then,
            Some(_) => return None,
            None => break,
        }
    }
    (select.ways.len() >= 2).then_some((select, splits))
}

/// The value and number of `ops[pc]` when it is `{$ value == number}`.
fn numbered(ops: &[Op], values: &[Value], pc: usize) -> Option<(u16, i64)> {
    let Some(&Op::Compare(a, Cmp::Eq, b)) = ops.get(pc) else {
        return None;
    };
    match values[usize::from(b)] {
        Value::Int(n) => Some((a, n)),
        _ => None,
    }
}
