//! Where the rest of a turn is already decided: from instruction `pc`,
//! some way always reaches a switch or a game end, and no way makes a
//! mark. After the last mark of an action, such a rest (Boulder Dash's
//! physics after a move, a flip of captured discs) cannot change which
//! actions there are nor how they are written, so listing the actions
//! records the action there and leaves the rest to applying it
//! ([`super::machine::Machine`]).
//!
//! Two analyses over the instructions: the marks reachable from each
//! (through the bodies whose changes stay: `once`, `*!`, `scan`; not
//! through patterns, whose changes are undone), and the instructions from
//! which some way cannot fail (a least fixed point: a test, a comparison,
//! a step, a repetition head may fail; a put, a push, a pop, an
//! assignment whose value is always in range, `*!` and `scan` cannot; a
//! choice cannot when one of its ways cannot, or when some way always
//! passes its guards and none can fail after them: see
//! [`super::guards`]).

use super::guards::Guards;
use super::program::Op;

/// `decided[pc]`: whether the rest of the turn from `pc` is decided,
/// given where no mark can follow ([`markless`]).
///
/// ```
/// use relic::lang::parse_core_resolved;
/// let toml = r#"
/// game = "core"
/// name = "Marks"
/// players = ["a", "b"]
/// rules = "any {empty} mark [stone] [$ placed = 1] ->next"
/// [board]
/// width = 2
/// height = 1
/// [[kinds]]
/// name = "stone"
/// glyphs = ["A", "B"]
/// [[variables]]
/// name = "placed"
/// max = 1
/// "#;
/// let (_, program) = parse_core_resolved(toml, "marks", None).unwrap();
/// // (the program keeps `decided(guards, &markless(ops))` of its ops)
/// let mark = program.ops.iter().position(|op| *op == relic::lang::program::Op::Mark).unwrap();
/// assert!(program.decided[mark + 1], "a put and an assignment in range cannot fail");
/// assert!(!program.decided[0], "the turn's start has a mark ahead");
/// ```
pub fn decided(g: &Guards, markless: &[bool]) -> Vec<bool> {
    analyse(g, markless).0
}

/// [`decided`], and where listing cannot stop after each mark: the
/// reason for every mark or word instruction whose rest is not decided.
pub fn analyse(g: &Guards, markless: &[bool]) -> (Vec<bool>, Vec<(usize, Undecided)>) {
    let sure = cannot_fail(g);
    let decided: Vec<bool> = (0..g.ops.len())
        .map(|pc| sure[pc] && markless[pc])
        .collect();
    let mut seen = Seen {
        stamps: vec![0; g.ops.len()],
        now: 0,
    };
    let reasons = (0..g.ops.len())
        .filter(|&pc| matches!(g.ops[pc], Op::Mark | Op::Word(_)))
        .filter(|&pc| !decided.get(pc + 1).copied().unwrap_or(false))
        .filter_map(|pc| Some((pc, undecided(g, (markless, &sure), pc + 1, &mut seen)?)))
        .collect();
    (decided, reasons)
}

/// The instructions one walk has visited, kept for every walk at once:
/// a walk's visits carry its number, so that starting another clears
/// nothing.
struct Seen {
    stamps: Vec<u32>,
    now: u32,
}

impl Seen {
    fn start(&mut self) {
        self.now += 1;
    }

    /// Whether `pc` is visited now for the first time in this walk.
    fn first(&mut self, pc: usize) -> bool {
        let first = self.stamps[pc] != self.now;
        self.stamps[pc] = self.now;
        first
    }
}

/// Why the rest of a turn from an instruction is not decided, naming the
/// instruction to blame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// A mark may follow (at this instruction).
    MarkFollows(usize),
    /// This instruction (a test, a step, a comparison, an assignment that
    /// may leave its range...) may fail on the way to the turn's end.
    MayFail(usize),
}

fn undecided(
    g: &Guards,
    (markless, sure): (&[bool], &[bool]),
    from: usize,
    seen: &mut Seen,
) -> Option<Undecided> {
    seen.start();
    if !markless.get(from).copied().unwrap_or(true) {
        return next_mark(g.ops, from, seen).map(Undecided::MarkFollows);
    }
    first_failure(g, sure, from, seen).map(Undecided::MayFail)
}

/// The nearest mark or word instruction some way from `from` reaches.
fn next_mark(ops: &[Op], from: usize, seen: &mut Seen) -> Option<usize> {
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(pc) = queue.pop_front() {
        if pc >= ops.len() || !seen.first(pc) {
            continue;
        }
        if matches!(ops[pc], Op::Mark | Op::Word(_)) {
            return Some(pc);
        }
        queue.extend(successors(ops, pc));
    }
    None
}

/// The first instruction on the first way from `from` that may fail,
/// where no way from `from` is sure to reach the turn's end. A choice
/// whose guards cannot all fail is passed to the first way that is not
/// sure after them: its guards are not to blame.
fn first_failure(g: &Guards, sure: &[bool], from: usize, seen: &mut Seen) -> Option<usize> {
    let ops = g.ops;
    let mut pc = from;
    while pc < ops.len() && seen.first(pc) {
        let at = |to: u32| sure.get(to as usize).copied().unwrap_or(false);
        if sure[pc] {
            return None;
        }
        pc = match ops[pc] {
            Op::Split(_) => g
                .exhaustive(pc)
                .and_then(|ways| ways.into_iter().find(|&w| !at(w as u32)))
                .unwrap_or(pc + 1),
            Op::Jump(to) => to as usize,
            op if never_fails(op) => pc + 1,
            Op::Assign(v, _, value) if g.always_in_range(v, value) => pc + 1,
            Op::Once(end) if at(end) => pc + 1,
            Op::Once(end) | Op::Greedy(end) | Op::Scan(_, end) => end as usize,
            _ => return Some(pc),
        };
    }
    None
}

/// The instructions a way may go on to from `pc` (bodies whose changes
/// stay included). A fused hop or slide keeps the instructions it stands
/// for after it, so going on to `pc + 1` reaches all it may reach.
fn successors(ops: &[Op], pc: usize) -> impl Iterator<Item = usize> {
    let (first, second) = match ops[pc] {
        Op::Switch(_) | Op::End(_) | Op::Fail | Op::Accept | Op::Reached => (None, None),
        Op::Split(then) => (Some(pc + 1), Some(then as usize)),
        Op::Jump(to) => (Some(to as usize), None),
        Op::Loop(_, exit) => (Some(pc + 1), Some(exit as usize)),
        Op::Pattern(_, end) | Op::Probe(_, end) | Op::Reach(end, _) => (Some(end as usize), None),
        Op::Greedy(end) | Op::Once(end) | Op::Scan(_, end) => (Some(pc + 1), Some(end as usize)),
        _ => (Some(pc + 1), None),
    };
    first.into_iter().chain(second)
}

/// `markless[pc]`: whether no way from `pc` makes a mark.
pub fn markless(ops: &[Op]) -> Vec<bool> {
    marks_ahead(ops).into_iter().map(|mark| !mark).collect()
}

/// `marks[pc]`: whether a mark may be made on some way from `pc`.
fn marks_ahead(ops: &[Op]) -> Vec<bool> {
    // The instructions before each, as one list cut in ranges: those
    // before `pc` are `before[start[pc]..start[pc + 1]]`.
    let mut start = vec![0usize; ops.len() + 1];
    for pc in 0..ops.len() {
        for next in successors(ops, pc).filter(|&next| next < ops.len()) {
            start[next + 1] += 1;
        }
    }
    for pc in 0..ops.len() {
        start[pc + 1] += start[pc];
    }
    let mut filled = start.clone();
    let mut before = vec![0usize; start[ops.len()]];
    for pc in 0..ops.len() {
        for next in successors(ops, pc).filter(|&next| next < ops.len()) {
            before[filled[next]] = pc;
            filled[next] += 1;
        }
    }
    let mut marks = vec![false; ops.len()];
    let mut work: Vec<usize> = (0..ops.len())
        .filter(|&pc| matches!(ops[pc], Op::Mark | Op::Word(_)))
        .collect();
    for &pc in &work {
        marks[pc] = true;
    }
    while let Some(pc) = work.pop() {
        for &prev in &before[start[pc]..start[pc + 1]] {
            if !marks[prev] {
                marks[prev] = true;
                work.push(prev);
            }
        }
    }
    marks
}

/// Whether `op` always goes on to the next instruction (a put, a push, a
/// pop, a jump to a cell, a mark...).
fn never_fails(op: Op) -> bool {
    matches!(
        op,
        Op::Put(_)
            | Op::Push(_)
            | Op::Pop
            | Op::Goto(_)
            | Op::SetPlayer(_)
            | Op::Save(_)
            | Op::Restore(_)
            | Op::Mark
            | Op::Word(_)
    )
}

/// `sure[pc]`: whether some way from `pc` reaches a switch, a game end
/// (or a body's end) without failing.
fn cannot_fail(g: &Guards) -> Vec<bool> {
    let ops = g.ops;
    let mut sure = vec![false; ops.len() + 1];
    // Where the ways of each choice whose guards cannot all fail go on,
    // worked out for a choice when its ways alone do not settle it.
    let mut exhaustive: Vec<Option<Option<Vec<usize>>>> = vec![None; ops.len()];
    loop {
        let mut changed = false;
        for pc in (0..ops.len()).rev() {
            let at = |to: u32| sure.get(to as usize).copied().unwrap_or(false);
            let next = sure[pc + 1];
            let now = match ops[pc] {
                Op::Switch(_) | Op::End(_) | Op::Accept => true,
                Op::Split(then) => {
                    next || at(then)
                        || exhaustive[pc]
                            .get_or_insert_with(|| g.exhaustive(pc))
                            .as_ref()
                            .is_some_and(|ways| ways.iter().all(|&w| at(w as u32)))
                }
                Op::Jump(to) => at(to),
                op if never_fails(op) => next,
                Op::Assign(v, _, value) => g.always_in_range(v, value) && next,
                Op::Greedy(end) | Op::Scan(_, end) => at(end),
                Op::Once(end) => next && at(end),
                _ => false,
            };
            if now && !sure[pc] {
                sure[pc] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    sure.truncate(ops.len());
    sure
}
