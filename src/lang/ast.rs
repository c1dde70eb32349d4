//! The raw rules: what the parser reads from the `rules` string and each
//! macro, every name with the bytes it was written at (a [`Spot`]), before
//! macros are expanded and names resolved.

/// Where something is written: which text of the ruleset (0: `rules`,
/// then the macros in order) and which bytes of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Spot {
    /// The text: 0 for `rules`, `1 + i` for the i-th macro.
    pub text: u16,
    /// First byte in that text.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

/// A name as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The name.
    pub text: String,
    /// Where.
    pub at: Spot,
}

/// A regular expression over elementary actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// Each in turn (empty: matches without doing anything).
    Seq(Vec<Expr>),
    /// One of these, tried in order.
    Alt(Vec<Expr>),
    /// The body between `min` and `max` times (`None`: no limit).
    Repeat {
        /// What repeats.
        body: Box<Expr>,
        /// The fewest times.
        min: u32,
        /// The most times.
        max: Option<u32>,
        /// The repetition operator.
        at: Spot,
    },
    /// A repetition counted by a macro's number parameters (`e{0,k}`,
    /// `e{k,}`): a [`Expr::Repeat`] once the macro is used with numbers
    /// (`e{k}` and `e{k,m}` are read as tests, and counted where every name
    /// is a number parameter: see [`super::progress::counted_by`]).
    Counted {
        /// What repeats.
        body: Box<Expr>,
        /// The fewest times.
        min: Bound,
        /// The most times (`None`: no limit).
        max: Option<Bound>,
        /// The repetition operator.
        at: Spot,
    },
    /// The body again and again while it matches (`e*!`), without
    /// backtracking.
    Greedy(Box<Expr>, Spot),
    /// The body's first way only (`once(e)`): its changes kept, the cursor
    /// where that way ended; fails when the body has no way.
    Once(Box<Expr>, Spot),
    /// `reach(e)`: every cell connected to the cursor by a chain of steps
    /// `e` (the cursor's own cell first, then the others in the order a
    /// breadth-first search finds them), each once; `e` is a step: where
    /// its ways end, its changes undone. `reach(e, n)`: by a chain of at
    /// most `n` steps.
    Reach(Box<Expr>, Option<u32>, Spot),
    /// `cost(k)`, inside a `reach` step: the way it is on counts `k`
    /// steps toward the bound (every way counts 1 unless it says so).
    Cost(u32, Spot),
    /// The body's first way, if any, at every cell in turn in the order
    /// the directions give (`scan(s e, body)`: from the cell farthest
    /// against `s` and `e`, along `e` first), then the cursor back.
    Scan(Vec<Name>, Box<Expr>, Spot),
    /// The body, then the cursor back where it was (`<e>`).
    Back(Box<Expr>),
    /// Whether the body matches here (`{? e}`), or not (`{! e}`), with no
    /// effect.
    Pattern {
        /// `{?` rather than `{!`.
        positive: bool,
        /// The sub-expression.
        body: Box<Expr>,
    },
    /// The cell under the cursor holds one of these.
    Test(Vec<Item>, Spot),
    /// Put a piece of this kind (or `empty`) under the cursor: the
    /// mover's, or the owner's written before the kind (`[next stone]`).
    Set(Item),
    /// A stack operation (`[push KIND]`, `[pop]`, `[lift]`, `[lift all]`,
    /// `[drop]`, `[drop all]`): its operation and its word after it.
    Stack(StackOp, Option<Name>, Spot),
    /// Variable comparisons, all true.
    VarTest(Vec<Compare>),
    /// Variable assignments, in order.
    Assign(Vec<Assignment>),
    /// A part of the action's notation: the cell, or a literal word.
    Mark(Option<Name>, Spot),
    /// End the action; the player named (`next`, or a player) moves.
    Switch(Name),
    /// End the game: `win`, `lose` or `draw`, for the current player or
    /// the one named.
    End(Name, Option<Name>),
    /// Jump the cursor to a cell by name.
    Goto(Name),
    /// Test that the cursor is on one of these cells (`{@ a1, h8}`), each
    /// a cell or the rectangle between two corners (`{@ d1:f3}`).
    At(Vec<(Name, Option<Name>)>),
    /// A macro, a direction, or the keyword `any`.
    Call(Name, Vec<Expr>),
    /// A number given to a macro (`step(2)`): where its parameter stands
    /// for a value it is that number, where it stands for a word (a
    /// mark's) its digits; it is not rules.
    Number(i64, Spot),
}

/// A bound of a counted repetition: a number, or a macro's parameter that
/// a number is given for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// As written.
    Fixed(u32),
    /// A macro's parameter.
    Param(Name),
}

/// An operation on the stack of pieces a cell holds (its top is what
/// tests read) or on the hand, the pieces an action is carrying.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StackOp {
    /// Put a piece on top of the cell's stack.
    Push,
    /// Remove the top piece; the one beneath becomes the top.
    Pop,
    /// Take the top piece (`true`: the whole stack) into the hand.
    Lift,
    /// Put the hand's last piece (`true`: all of it) on top of the cell.
    Drop,
    /// Turn the top piece into another kind, keeping its owner (fail on
    /// an empty cell).
    Become,
}

impl StackOp {
    /// As written after `[`.
    pub fn word(self) -> &'static str {
        match self {
            StackOp::Push => "push",
            StackOp::Pop => "pop",
            StackOp::Lift => "lift",
            StackOp::Drop => "drop",
            StackOp::Become => "become",
        }
    }
}

/// One alternative of a cell test: `empty`, `own`, `enemy`, a kind, or
/// `own KIND` / `enemy KIND`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The owner before a kind: `own` or `enemy` in a test, and in a put
    /// also `next` or a player's name (`{white pawn}`, `[next stone]`).
    pub owner: Option<Name>,
    /// The word.
    pub name: Name,
}

/// An integer expression over variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VExpr {
    /// A number.
    Int(i64, Spot),
    /// A variable's value (or a number, `me`, a player's index: any
    /// value a name stands for).
    Var(Name),
    /// A player's copy of a per-player variable (`score@next`): the
    /// variable, then the player.
    Owned(Name, Name),
    /// How many cells hold what the test names.
    Count(Vec<Item>, Spot),
    /// How many different cells the ways of the rules end on, from the
    /// cursor (`cells(e)`).
    Cells(Box<Expr>, Spot),
    /// A sum (`true`) or difference.
    Add(Box<VExpr>, bool, Box<VExpr>),
    /// A product, quotient or remainder.
    Mul(Box<VExpr>, MulOp, Box<VExpr>),
}

/// `*`, `/` or `%` in a value: whole numbers, the quotient rounded down
/// and the remainder never negative (Euclid's); by 0 both are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MulOp {
    /// `*`
    Times,
    /// `/`
    Over,
    /// `%`
    Rem,
}

impl MulOp {
    /// As written.
    pub fn symbol(self) -> &'static str {
        match self {
            MulOp::Times => "*",
            MulOp::Over => "/",
            MulOp::Rem => "%",
        }
    }

    /// `a OP b`, saturating; by 0 it is 0.
    ///
    /// ```
    /// use relic::lang::ast::MulOp;
    /// assert_eq!(MulOp::Rem.apply(-3, 2), 1);
    /// assert_eq!(MulOp::Over.apply(-3, 2), -2);
    /// assert_eq!(MulOp::Over.apply(5, 0), 0);
    /// ```
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            MulOp::Times => a.saturating_mul(b),
            _ if b == 0 => 0,
            MulOp::Over => a.checked_div_euclid(b).unwrap_or(i64::MAX),
            MulOp::Rem => a.checked_rem_euclid(b).unwrap_or(0),
        }
    }
}

/// `v = value` or `v@PLAYER = value` in `[$ ...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// The variable.
    pub var: Name,
    /// Whose copy of a per-player variable (`next`, `enemy`, `me` or a
    /// player's name); `None`: the player the rules act for.
    pub whose: Option<Name>,
    /// The new value.
    pub value: VExpr,
}

/// A comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compare {
    /// Left side.
    pub left: VExpr,
    /// The operator.
    pub op: Cmp,
    /// Right side.
    pub right: VExpr,
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Cmp {
    /// Whether `a OP b`.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }

    /// As written.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }
}

/// A macro: its parameters and body (`None` when it did not read).
pub struct Macro {
    /// Parameter names.
    pub params: Vec<String>,
    /// The body.
    pub body: Option<Expr>,
    /// How it is written (`name(a, b)`).
    pub signature: String,
}
