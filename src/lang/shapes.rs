//! The tables of the shapes recognised at load ([`super::flood`],
//! [`super::select`]) that the interpreter reads instead of running the
//! instructions they replace.

/// A `reach` step recognised as a plain move.
///
/// ```
/// let (_, program) = relic::lang::parse_core_resolved(r#"
/// game = "core"
/// name = "Walk"
/// players = ["a", "b"]
/// rules = "@a1 reach({empty} (n | e), 2) mark [stone] ->next"
/// [board]
/// width = 3
/// height = 3
/// [[kinds]]
/// name = "stone"
/// glyphs = ["A", "B"]
/// "#, "walk", None).unwrap();
/// assert_eq!(program.floods.len(), 1);
/// assert_eq!(program.floods[0].ways.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flood {
    /// The tests of the cell left, before any way.
    pub leave: Vec<CellTest>,
    /// The ways, in the order the body tries them.
    pub ways: Vec<FloodWay>,
    /// The tests of the cell come to, after every way.
    pub arrive: Vec<CellTest>,
}

/// One way of a [`Flood`]'s step: tests of the cell left, then one or
/// more hops (a direction and tests of the cell come to), and what the
/// step counts (`cost(k)`, 1 unless it says).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloodWay {
    /// The way's own tests of the cell left.
    pub leave: Vec<CellTest>,
    /// Each hop's direction and the tests of the cell it comes to.
    pub hops: Vec<(u8, Vec<CellTest>)>,
    /// What the step counts toward the `reach`'s bound.
    pub cost: u16,
}

/// A test of one cell, a mask index: its top ([`Op::Test`](super::program::Op::Test)) or any
/// piece of its stack ([`Op::Holds`](super::program::Op::Holds)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellTest {
    /// The cell's top piece (or the empty cell) is in the mask.
    Top(u16),
    /// A piece of the cell's stack, or the empty cell beneath, is in it.
    Stack(u16),
    /// Neither a piece of the cell's stack nor the empty cell beneath is.
    NotStack(u16),
}

/// A choice decided by one value ([`super::select::selects`]): the ways that
/// begin `{$ value == number}`, each with its number and the instruction
/// after that test, then the ways after them, if any.
///
/// ```
/// let (_, program) = relic::lang::parse_core_resolved(r#"
/// game = "core"
/// name = "Homes"
/// players = ["a", "b"]
/// rules = "({$ me == 0} @a1 | {$ me == 1} @c3 | @b2) {empty} mark [stone] ->next"
/// [board]
/// width = 3
/// height = 3
/// [[kinds]]
/// name = "stone"
/// glyphs = ["A", "B"]
/// "#, "homes", None).unwrap();
/// assert_eq!(program.selects.len(), 1);
/// assert_eq!(program.selects[0].ways.len(), 2);
/// assert!(program.selects[0].rest.is_some(), "`@b2` is tried after");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Select {
    /// The value node compared.
    pub value: u16,
    /// Each numbered way: its number and where it goes on.
    pub ways: Vec<(i64, u32)>,
    /// Where the ways after the numbered ones start, if there are any.
    pub rest: Option<u32>,
}
