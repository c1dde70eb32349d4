//! The compiled form of a core ruleset: the board's tables, the pieces as
//! small integer codes, the variables' slots, and the rules as an
//! instruction array (a Thompson automaton with pattern and repetition
//! instructions) that [`super::machine`] runs.

use super::ast::Cmp;
use super::board::Board;
use super::schema::NoMove;

pub use super::shapes::{CellTest, Flood, FloodWay, Select};

/// `counting[node]` for every value node: whether it counts cells,
/// itself or through the nodes it adds.
pub fn counting(values: &[Value]) -> Vec<bool> {
    fn counts(values: &[Value], node: u16, depth: u32) -> bool {
        match values.get(usize::from(node)) {
            Some(Value::Count(_)) => true,
            Some(Value::Add(a, _, b) | Value::Mul(a, _, b)) if depth < 64 => {
                counts(values, *a, depth + 1) || counts(values, *b, depth + 1)
            }
            Some(Value::Add(..) | Value::Mul(..)) => true,
            _ => false,
        }
    }
    (0..values.len())
        .map(|i| counts(values, i as u16, 0))
        .collect()
}

/// A piece: a kind and its owner (`None`: neutral). Cell code `i + 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The kind's index.
    pub kind: u16,
    /// The owning player, if any.
    pub owner: Option<u8>,
    /// Its glyph in text views.
    pub glyph: String,
    /// How the browser draws it.
    pub draw: super::schema::PieceDraw,
    /// Whether the views show it ([`super::schema::KindSpec::shown`]).
    pub shown: bool,
}

/// A variable's slots and bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// Its name.
    pub name: String,
    /// Its first slot in a position's variables.
    pub slot: u16,
    /// One slot per player.
    pub per_player: bool,
    /// Least value.
    pub min: i32,
    /// Greatest value.
    pub max: i32,
    /// Value at the start (of each player's copy).
    pub start: super::schema::StartValue,
    /// Whether repeated positions must agree on it.
    pub repetition: bool,
    /// Whether the text view prints it.
    pub shown: bool,
}

/// Which player an instruction means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The player to move.
    Current,
    /// The next player in turn order.
    Next,
    /// A player by index.
    Player(u8),
}

/// How a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The player wins.
    Win(Who),
    /// The player loses.
    Lose(Who),
    /// Nobody wins.
    Draw,
    /// Play stops with no result (`end(stop)`): a limit reached, not a
    /// game decided.
    Stop,
}

/// An integer expression, nodes in [`Program::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A number.
    Int(i64),
    /// A variable's value: for a per-player one, the copy of the player
    /// [`Who`] names as seen by the player the rules act for (`score`,
    /// `score@next`).
    Var(u16, Who),
    /// The number of cells matching a mask.
    Count(u16),
    /// A sum (`true`) or difference of two nodes.
    Add(u16, bool, u16),
    /// A product, quotient or remainder of two nodes.
    Mul(u16, super::ast::MulOp, u16),
    /// The column of the cursor, 1 on the west edge (`column`).
    Column,
    /// The row of the cursor, 1 on the south edge (`row`).
    Row,
    /// The index of the player the rules act for (`me`).
    Me,
    /// The number of pieces in the stack under the cursor (`height`).
    Height,
    /// 1 when the board (every cell's stack) differs from where the
    /// action began, else 0 (`changed`).
    Changed,
    /// In `repetition_rules`, the number of actions since the repeated
    /// position first occurred; 0 elsewhere (`cycle`).
    Cycle,
    /// The number of actions played in the game before the one being
    /// made: 0 on its first (`turn`).
    Turn,
    /// The number of different cells the ways of the body at this
    /// instruction end on from the cursor (`cells(e)`: the body ends
    /// with [`Op::Reached`]).
    Cells(u32),
}

/// One instruction. `pc + 1` is the next one unless said otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Move the cursor along a direction; fail off the board.
    Shift(u8),
    /// Fail unless the cursor is on one of the cells of a set
    /// ([`Program::at_sets`]).
    At(u16),
    /// Move along the current player's meaning of a player direction.
    ShiftAlias(u8),
    /// Fail unless the cell's code is in the mask (for the player).
    Test(u16),
    /// Put the code of a put spec (for the player) in the cell.
    Put(u16),
    /// Jump the cursor to a cell.
    Goto(u16),
    /// Continue from every cell in turn.
    Any,
    /// Continue from every cell whose code is in the mask (for the
    /// player) in turn: an [`Op::Any`] whose every way goes on only from
    /// such cells. Set at load by [`specialise`].
    AnyOf(u16),
    /// Go on along the way of a choice ([`Select`], an index) whose
    /// number the value has, and later along the ways after the numbered
    /// ones. Set at load by [`super::select::selects`].
    Select(u16),
    /// Continue from every cell whose stack holds a code in the mask (for
    /// the player) in turn: an [`Op::Any`] whose every way begins by
    /// looking through the stack for such a code (`any {? ([lift])*
    /// {test}}`). Set at load by [`specialise`].
    AnyHolding(u16),
    /// Add the cell's name to the action's notation.
    Mark,
    /// Add a literal word to the action's notation.
    Word(u16),
    /// Set a variable (index; a per-player one's copy of the player [`Who`]
    /// names) to a value node; fail out of bounds.
    Assign(u16, Who, u16),
    /// Fail unless a comparison of two value nodes holds.
    Compare(u16, Cmp, u16),
    /// End the action; this player moves next.
    Switch(Who),
    /// Inside a pattern: the player tests are made for.
    SetPlayer(Who),
    /// End the action and the game.
    End(Ending),
    /// The body of a pattern `{? ([lift])* {test}}` (or `{! ...}`) as
    /// one look through the cell's stack: fail unless some piece of it,
    /// or the empty cell beneath them all, has its code in the mask (for
    /// the player). Set at load by [`specialise`]; a pattern whose body
    /// starts with it runs it without a search of its own.
    Holds(u16),
    /// Try `pc + 1`, then the target.
    Split(u32),
    /// A repetition's head (loop id, exit): try the body at `pc + 1`, then
    /// the exit; a head seen again at the same cursor with nothing changed
    /// in between is not followed again.
    Loop(u32, u32),
    /// Continue at the target.
    Jump(u32),
    /// A pattern whose body starts at `pc + 1` and ends with `Accept`;
    /// continue at `end` when it matches (`true`) or does not (`false`).
    Pattern(bool, u32),
    /// A pattern whose body only moves and tests (no change, mark, player
    /// or nested pattern): the same meaning as [`Op::Pattern`], run by a
    /// lighter search with no undo log. Set at load by [`specialise`].
    Probe(bool, u32),
    /// Run the body at `pc + 1` (ending with `Accept`) while it matches,
    /// each time its first way; then continue at `end`.
    Greedy(u32),
    /// `once(e)`: run the body at `pc + 1` (ending with `Accept`) for its
    /// first way only, keeping its changes; continue at `end` from where
    /// that way ended, or fail when it has none. No choice point.
    Once(u32),
    /// `scan(..)`: run the body at `pc + 1` (ending with `Accept`) as
    /// [`Op::Once`] at every cell of scan order `order` in turn (a cell
    /// where it fails is left as it is); then continue at `end` from the
    /// cursor it started at. No choice point.
    Scan(u16, u32),
    /// `reach(e)`: a breadth-first search from the cursor whose steps are
    /// the ways of the body at `pc + 1` (ending with [`Op::Reached`], its
    /// changes undone); continue at `end` from every cell found, each
    /// once, the cursor's own first; with a bound other than 0, only the
    /// cells at most that many steps away. See `machine/reach.rs`.
    Reach(u32, u16),
    /// The end of a `reach` body: note the cursor as one step's end and
    /// look for the next way.
    Reached,
    /// Inside a `reach` step: this way's step counts so many steps.
    Cost(u16),
    /// The start of a `reach` body that is a plain move, entry `f` of
    /// [`Program::floods`]: the flood takes each cell's steps from that
    /// table instead of running the body. Set at load by
    /// [`super::flood::floods`].
    Flood(u16),
    /// A chain of direction steps as one lookup in
    /// [`Program::fused`]'s hop table; continue at `pc + len`. Set at
    /// load by [`super::fuse::fuse`].
    Hop(u32),
    /// A repetition `(d {test})*` as one walk along the ray, its ways
    /// continuing at the slide's exit. Set at load by
    /// [`super::fuse::fuse`].
    Slide(u32),
    /// Remember the cursor in a register.
    Save(u8),
    /// Put the cursor back from a register.
    Restore(u8),
    /// Stacks ([`super::stack`]): push the code of a put spec (for the
    /// player) on top of the cell's stack.
    Push(u16),
    /// Replace the cell's code `c` by `becomes[t * codes + c]` (the same
    /// owner's piece of another kind); fail where that is 0 (an empty
    /// cell, or an owner the kind has no piece for).
    Become(u16),
    /// Remove the cell's top piece; the one beneath becomes its top.
    Pop,
    /// Take the cell's top piece (`true`: its whole stack) into the hand;
    /// fail on an empty cell.
    Lift(bool),
    /// Put the hand's last piece (`true`: all of it, in order) on top of
    /// the cell; fail with an empty hand.
    Drop(bool),
    /// An `any {test}` followed by a pattern, or a pattern `{? any ...}`,
    /// worked out for every cell at once where enough cells are asked
    /// about, and otherwise as the instruction it stands for: region `r`
    /// of [`Program::setwise`] (see [`super::setwise`]). Set at load.
    Sets(u32),
    /// The end of a pattern's or greedy body.
    Accept,
    /// Fail: the end of the rules, reached without a switch or game end.
    Fail,
}

/// A compiled core ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// Display name.
    pub name: String,
    /// Description.
    pub description: String,
    /// The board.
    pub board: Board,
    /// Players' names in turn order.
    pub players: Vec<String>,
    /// Players' colours in the browser, in turn order.
    pub colours: Vec<String>,
    /// How the browser draws the board.
    pub look: super::look::Look,
    /// Kinds' names.
    pub kinds: Vec<String>,
    /// Pieces; cell code `i + 1` is piece `i`, code 0 an empty cell.
    pub pieces: Vec<Piece>,
    /// Variables.
    pub variables: Vec<Variable>,
    /// Slots of a position's variables.
    pub slots: usize,
    /// `aliases[a * players + p]`: the direction player direction `a`
    /// means for player `p`.
    pub aliases: Vec<u8>,
    /// The instructions; the turn starts at 0.
    pub ops: Vec<Op>,
    /// Repetition heads (for the interpreter's visited table).
    pub loops: u32,
    /// The cell orders of [`Op::Scan`], computed at load
    /// ([`super::scan::order`]).
    pub scans: Vec<Vec<u16>>,
    /// Each scan order as runs of consecutive cells, where they are few
    /// ([`super::scan::runs`]).
    pub scan_runs: Vec<Option<Vec<(u16, u16)>>>,
    /// The scans whose quiet cells are kept, by instruction
    /// ([`super::quiet`]); their guards are instructions after the rules'.
    pub quiet: Vec<super::footprint::QuietScan>,
    /// For each set of quiet cells, the cells whose footprint holds each
    /// cell.
    pub quiet_readers: Vec<super::footprint::Readers>,
    /// The patterns worked out for every cell at once
    /// ([`super::setwise`]).
    pub setwise: super::setwise_plan::Setwise,
    /// The cells of each [`Op::At`], in board order.
    pub at_sets: Vec<Vec<u16>>,
    /// The `reach` steps that are plain moves ([`Op::Flood`]).
    pub floods: Vec<Flood>,
    /// The choices decided by one value ([`Op::Select`]).
    pub selects: Vec<Select>,
    /// `counting[node]`: whether value node `node` counts cells (reads
    /// the sets of where each code stands).
    pub counting: Vec<bool>,
    /// `decided[pc]`: the rest of the turn from instruction `pc` always
    /// reaches its end and makes no mark ([`super::decided`]), so listing
    /// records an action there.
    pub decided: Vec<bool>,
    /// `markless[pc]`: no way from instruction `pc` makes a mark
    /// ([`super::decided::markless`]): a way waiting there once an action
    /// is found can only find that action again.
    pub markless: Vec<bool>,
    /// `anchored[pc]`: the `any` at `pc` marks the cell it chooses before
    /// the cursor moves ([`super::anchor`]), so following an action
    /// tries only the cell of its next mark.
    pub anchored: Vec<bool>,
    /// The [`Op::Scan`]s whose body tests the cell first: the scan's
    /// instruction and, per player, the codes where the body can do
    /// anything ([`super::scan_guard`]); the pass skips other cells.
    pub scan_guards: Vec<(u32, Vec<u128>)>,
    /// Cursor registers of `<...>`.
    pub registers: u8,
    /// `masks[m * players + p]`: bit `code` set when a cell holding
    /// `code` passes test `m` for player `p`.
    pub masks: Vec<u128>,
    /// `puts[s * players + p]`: the code put by put spec `s` for `p`.
    pub puts: Vec<u8>,
    /// `becomes[t * codes + c]`: what [`Op::Become`] `t` turns code `c`
    /// into (`codes` is the number of pieces plus one, for empty).
    pub becomes: Vec<u8>,
    /// Value nodes.
    pub values: Vec<Value>,
    /// Literal words of marks.
    pub words: Vec<String>,
    /// What joins an action's parts.
    pub separator: String,
    /// Whether the text view writes stacks' heights ([`BoardSpec::heights`]).
    ///
    /// [`BoardSpec::heights`]: super::schema::BoardSpec::heights
    pub heights: bool,
    /// The outcome for a player with no action.
    pub no_move: NoMove,
    /// Where the rules run for a player with no action start, if any.
    pub no_move_start: Option<u32>,
    /// Where the rules run on a repetition start, if any
    /// ([`super::schema::CoreRuleset::repetition_rules`]).
    pub repetition_start: Option<u32>,
    /// Each refusal's rules (where they start) and its message
    /// ([`super::schema::CoreRuleset::refusals`]).
    pub refusals: Vec<(u32, String)>,
    /// What listing does after each mark, and where the rules are
    /// written ([`super::stops`]); not compared.
    pub notes: super::listing_note::SourceNotes,
    /// Where the rules of other spellings of the turn's actions start
    /// ([`super::schema::CoreRuleset::spellings`]).
    pub spellings: Option<u32>,
    /// The cells at the start (each stack's top).
    pub start: Vec<u8>,
    /// The pieces beneath the tops at the start, bottom first, one list
    /// per cell; empty when the setup has no stack.
    pub start_below: Vec<Vec<u8>>,
    /// The player who moves first from the setup.
    pub first: u8,
    /// Penalties: the action played instead of a refused one whose
    /// notation starts with the text, the first legal one (the action as
    /// its parts: `Action::of`).
    pub penalty: Vec<(String, Vec<u16>)>,
    /// What quitting does.
    pub quit: super::schema::QuitResult,
    /// The number of times a position may occur before a draw.
    pub repetition: Option<u8>,
    /// What a move that changes the board may not remake.
    pub forbid_repeat: Option<super::schema::RepeatScope>,
    /// The occurrence a move may not make under `forbid_repeat` (2: none
    /// seen before).
    pub forbid_repeat_times: u8,
    /// The most instructions one search runs ([`super::schema::CoreRuleset::step_limit`]).
    pub step_limit: u64,
    /// Whether the rules ask whether the board changed since the action
    /// began (`changed`), so that a search keeps where it began.
    pub reads_start: bool,
    /// Whether the rules read the number of actions played (`turn`), so
    /// that a listing is kept for one turn only.
    pub reads_turn: bool,
    /// How FEN setups read for this game.
    pub fen: super::fen_spec::FenTable,
    /// The tables of fused instructions ([`Op::Hop`], [`Op::Slide`]).
    pub fused: super::fused::Fused,
    /// Whether the rules stack pieces (push or drop): set at load.
    pub stacking: bool,
    /// This compilation's number, unique in the process (copies share
    /// it): what the interpreter's remembered answers belong to.
    pub serial: Serial,
}

/// A number unique to one compilation in this process, so that answers
/// the interpreter keeps from one search to the next are never taken for
/// another program's (a program is never changed once compiled). Two
/// programs compare equal whatever their serials.
#[derive(Clone, Copy, Debug)]
pub struct Serial(pub u64);

impl Serial {
    /// A number no earlier call returned.
    ///
    /// ```
    /// use relic::lang::program::Serial;
    /// assert_ne!(Serial::next().0, Serial::next().0);
    /// ```
    pub fn next() -> Serial {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Serial(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

impl PartialEq for Serial {
    fn eq(&self, _: &Serial) -> bool {
        true
    }
}

impl Eq for Serial {}

impl Program {
    /// The guard and set of quiet cells of the scan at `pc`, if it keeps
    /// them ([`super::quiet`]).
    pub fn quiet_at(&self, pc: usize) -> Option<(u32, u16)> {
        let i = (self.quiet)
            .binary_search_by_key(&(pc as u32), |q| q.scan)
            .ok()?;
        Some((self.quiet[i].guard, self.quiet[i].set))
    }

    /// The codes at which the body of the [`Op::Scan`] at `pc` can do
    /// anything, for `player` (every code when its body does not test the
    /// cell first).
    pub fn scan_guard(&self, pc: usize, player: u8) -> u128 {
        match self
            .scan_guards
            .binary_search_by_key(&(pc as u32), |(at, _)| *at)
        {
            Ok(i) => self.scan_guards[i].1[usize::from(player)],
            Err(_) => !0,
        }
    }

    /// The player `who` means when `player` is to move.
    pub fn who(&self, who: Who, player: u8) -> u8 {
        match who {
            Who::Current => player,
            Who::Next => ((usize::from(player) + 1) % self.players.len()) as u8,
            Who::Player(p) => p,
        }
    }

    /// The glyph of cell code `code` (`.` for empty).
    pub fn glyph(&self, code: u8) -> &str {
        match code {
            0 => ".",
            c => &self.pieces[usize::from(c) - 1].glyph,
        }
    }

    /// Whether the rules ever put a piece on another ([`Op::Push`],
    /// [`Op::Drop`]), so that a cell may hold a stack.
    ///
    /// ```
    /// let chess = relic::lang::builtin_core("chess").unwrap().unwrap();
    /// assert!(!chess.stacks());
    /// ```
    pub fn stacks(&self) -> bool {
        self.stacking
    }

    /// The variables' values at the start.
    pub fn start_values(&self) -> Vec<i32> {
        let mut values = vec![0; self.slots];
        for v in &self.variables {
            let copies = if v.per_player { self.players.len() } else { 1 };
            for c in 0..copies {
                values[usize::from(v.slot) + c] = v.start.of(c);
            }
        }
        values
    }
}

/// Rewrites the compiled form once at load, keeping its meaning: a
/// pattern that only tests the cursor's cell (`{? {a, b}}`, `{! {a}}`)
/// becomes that test (its mask complemented for `{! ...}`); a pattern
/// whose body only moves and tests becomes an [`Op::Probe`] (a probe that
/// is the whole body of another pattern takes its place), and an `any`
/// whose ways all begin by testing the cell becomes an [`Op::AnyOf`] over
/// the cells that can pass (new masks appended to `masks`, `players`
/// entries each).
pub fn specialise(ops: &mut [Op], masks: &mut Vec<u128>, players: usize) {
    for pc in 0..ops.len() {
        if let Some(mask) = cell_test(ops, masks, players, pc) {
            ops[pc] = Op::Test(mask);
            ops[pc + 1] = Op::Jump(pc as u32 + 3);
        }
    }
    for pc in 0..ops.len() {
        if let Op::Pattern(positive, end) = ops[pc] {
            let body = &ops[pc + 1..end as usize];
            if body.iter().all(|op| pure(*op, pc + 1, end as usize)) {
                ops[pc] = Op::Probe(positive, end);
            }
        }
    }
    for pc in (0..ops.len().saturating_sub(1)).rev() {
        if let (Op::Pattern(outer, end), Op::Probe(inner, inner_end)) = (ops[pc], ops[pc + 1])
            && inner_end + 1 == end
            && ops[end as usize - 1] == Op::Accept
        {
            ops[pc] = Op::Jump(pc as u32 + 1);
            ops[pc + 1] = Op::Probe(outer == inner, end);
        }
    }
    for pc in 0..ops.len() {
        if let Some(mask) = look_through(ops, pc) {
            ops[pc + 1] = Op::Holds(mask);
            ops[pc + 2] = Op::Accept;
        }
    }
    for pc in 0..ops.len() {
        if ops[pc] != Op::Any {
            continue;
        }
        let of: Vec<u128> = (0..players)
            .map(|p| entry(ops, masks, players, pc + 1, p, 0))
            .collect();
        if of.iter().any(|&m| m != u128::MAX)
            && masks.len() / players.max(1) < usize::from(u16::MAX)
        {
            ops[pc] = Op::AnyOf((masks.len() / players) as u16);
            masks.extend(of);
        }
    }
    for pc in 0..ops.len().saturating_sub(2) {
        if let [Op::Any, Op::Pattern(true, _), Op::Holds(m), ..] = ops[pc..] {
            ops[pc] = Op::AnyHolding(m);
        }
    }
}

/// The mask that tests what the pattern at `pc` does when it is `{?
/// {test}}` (the test's own) or `{! {test}}` (its complement, appended to
/// `masks`).
fn cell_test(ops: &[Op], masks: &mut Vec<u128>, players: usize, pc: usize) -> Option<u16> {
    let Op::Pattern(positive, end) = ops[pc] else {
        return None;
    };
    let [Op::Test(mask), Op::Accept] = *ops.get(pc + 1..end as usize)? else {
        return None;
    };
    if positive {
        return Some(mask);
    }
    let index = u16::try_from(masks.len() / players.max(1)).ok()?;
    let start = usize::from(mask) * players;
    let complement: Vec<u128> = masks[start..start + players].iter().map(|m| !m).collect();
    masks.extend(complement);
    Some(index)
}

/// The test's mask of the pattern at `pc` when it is `{? ([lift])*
/// {test}}` (or `{! ...}`).
fn look_through(ops: &[Op], pc: usize) -> Option<u16> {
    let Op::Pattern(_, end) = ops[pc] else {
        return None;
    };
    let body = ops.get(pc + 1..end as usize)?;
    match *body {
        [
            Op::Loop(_, exit),
            Op::Lift(false),
            Op::Jump(back),
            Op::Test(mask),
            Op::Accept,
        ] if exit as usize == pc + 4 && back as usize == pc + 1 => Some(mask),
        _ => None,
    }
}

/// The codes a cell may hold for a way from `pc` to go on (for player
/// `p`): every code unless the ways test the cell before moving or
/// changing anything.
fn entry(ops: &[Op], masks: &[u128], players: usize, pc: usize, p: usize, depth: u32) -> u128 {
    if depth > 32 {
        return u128::MAX;
    }
    let next = |to: usize| entry(ops, masks, players, to, p, depth + 1);
    match ops.get(pc) {
        Some(Op::Test(m)) => masks[usize::from(*m) * players + p],
        Some(Op::Split(to)) => next(pc + 1) | next(*to as usize),
        Some(Op::Jump(to)) => next(*to as usize),
        Some(Op::Mark | Op::Word(_) | Op::Compare(..) | Op::Save(_)) => next(pc + 1),
        Some(Op::Pattern(_, end) | Op::Probe(_, end)) => next(*end as usize),
        _ => u128::MAX,
    }
}

/// Whether `op`, inside the body `start..end`, only moves or tests and
/// stays in the body.
fn pure(op: Op, start: usize, end: usize) -> bool {
    let inside = |to: u32| (start..end).contains(&(to as usize));
    match op {
        Op::Shift(_) | Op::ShiftAlias(_) | Op::Test(_) | Op::Goto(_) | Op::Accept => true,
        Op::Split(to) | Op::Jump(to) | Op::Loop(_, to) => inside(to),
        _ => false,
    }
}
