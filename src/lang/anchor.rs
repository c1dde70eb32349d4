//! Where `any` is anchored by the next mark: from an `any` whose every
//! way marks the cell it chose before the cursor moves (`any {empty}
//! outflanks [disc] mark`, `any {own} ( {pawn} mark ... | {knight} mark
//! ... )`), the cell of an action's next mark is the cell `any` chose. So
//! following a given action ([`super::machine::Machine::find`]) tries only
//! that cell, instead of every cell with its tests until the mark refuses
//! the others: applying an Othello move looks at one square, not every
//! empty one. A `reach` whose every way on marks the cell reached is
//! anchored too: following an action, its flood stops at the cell of the
//! next mark.

use super::program::Op;

/// How many instructions a way is followed before the analysis gives up
/// (and the `any` is not anchored).
const LOOK_AHEAD: usize = 256;

/// `anchored[pc]`: whether the `any` at `pc` (an [`Op::Any`],
/// [`Op::AnyOf`] or [`Op::AnyHolding`]) or the `reach` ([`Op::Reach`])
/// has every way from its chosen cell make a cell mark there, before any
/// other mark and before the cursor moves (a way that fails first makes
/// no action and does not count against it).
///
/// ```
/// use relic::lang::parse_core_resolved;
/// let toml = r#"
/// game = "core"
/// name = "Stones"
/// players = ["a", "b"]
/// rules = "any {empty} [stone] mark ->next"
/// [board]
/// width = 3
/// height = 1
/// [[kinds]]
/// name = "stone"
/// glyphs = ["A", "B"]
/// "#;
/// let (_, program) = parse_core_resolved(toml, "stones", None).unwrap();
/// assert!(program.anchored[0], "the chosen cell is marked before any step");
/// ```
pub fn anchored(ops: &[Op]) -> Vec<bool> {
    (0..ops.len())
        .map(|pc| match ops[pc] {
            Op::Any | Op::AnyOf(_) | Op::AnyHolding(_) => marks_here(ops, pc + 1),
            Op::Reach(end, _) => marks_here(ops, end as usize),
            _ => false,
        })
        .collect()
}

/// Whether every way from `start` makes a cell mark before it moves the
/// cursor, marks a word, or ends (ways that fail first excepted).
fn marks_here(ops: &[Op], start: usize) -> bool {
    let mut ways = vec![start];
    let mut steps = 0;
    while let Some(mut pc) = ways.pop() {
        loop {
            steps += 1;
            if steps > LOOK_AHEAD {
                return false;
            }
            match ops.get(pc) {
                Some(Op::Mark | Op::Fail) => break,
                Some(Op::Split(then)) => {
                    ways.push(*then as usize);
                    pc += 1;
                }
                Some(Op::Jump(to)) => pc = *to as usize,
                // The cursor is back where it was, its marks undone.
                Some(Op::Pattern(_, end) | Op::Probe(_, end)) => pc = *end as usize,
                Some(op) if stays(*op) => pc += 1,
                _ => return false,
            }
        }
    }
    true
}

/// Whether `op` leaves the cursor where it is, marks nothing and goes on
/// to the next instruction (or fails).
fn stays(op: Op) -> bool {
    matches!(
        op,
        Op::Test(_)
            | Op::Holds(_)
            | Op::Put(_)
            | Op::Become(_)
            | Op::Assign(..)
            | Op::Compare(..)
            | Op::Push(_)
            | Op::Pop
            | Op::Lift(_)
            | Op::Drop(_)
            | Op::SetPlayer(_)
            | Op::Save(_)
    )
}
