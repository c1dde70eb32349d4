//! Choices of which some way always passes its guards: every way begins
//! with tests that change nothing (patterns, comparisons, cell tests),
//! and whatever the state, the tests of one of the ways hold. `{? e} a |
//! {! e} b`, `{$ x > 1} a | {$ x == 1} b | {$ x == 0} c` (with `x` never
//! negative), `{empty} a | {piece} b` (every code tested) are such
//! choices. One cannot fail when none of its ways can fail after its
//! guards, which lets [`super::decided`] see through the endings the named
//! mechanics lower into (a line test deciding between a win and the next
//! player's turn, a count of turns that runs out).
//!
//! The check tries every *world*: each distinct pattern true or false,
//! each compared value at each number where a comparison can change (the
//! constants it is compared with, one either side, its range's ends; two
//! values compared with each other are their difference compared with 0,
//! so `{$ a > b} | {$ a == b} | {$ a < b}` covers every state), the cell
//! one code of each kind the tests tell apart, for each player. A pattern
//! of a pattern is read as one (`{! {? e}}` is `{! e}`), as macros write
//! them.

use super::ast::Cmp;
use super::program::{Op, Value, Variable};

/// The most ways of one choice, and guards of one way, looked at.
const MAX_WAYS: usize = 16;
const MAX_GUARDS: usize = 4;
/// The most worlds tried for one choice and player.
const MAX_WORLDS: usize = 4096;

/// What the check needs of a compiled program.
pub struct Guards<'a> {
    /// The instructions.
    pub ops: &'a [Op],
    /// The value nodes.
    pub values: &'a [Value],
    /// The variables (their ranges).
    pub variables: &'a [Variable],
    /// The cell masks, `players` entries each.
    pub masks: &'a [u128],
    /// The number of players.
    pub players: usize,
    /// The number of cell codes (pieces and the empty cell).
    pub codes: usize,
    /// The number of cells of the board (the most a count can be).
    pub cells: usize,
}

/// A guard: one test a way begins with.
#[derive(Clone, Copy, Debug)]
enum Lit {
    /// A pattern (its body `start..end`) that must match or not.
    Pattern {
        start: usize,
        end: usize,
        positive: bool,
    },
    /// A comparison of two value nodes.
    Compare(u16, Cmp, u16),
    /// The cell's code in a mask.
    Test(u16),
}

/// A choice's ways: their guards and where each goes on after them.
struct Way {
    lits: Vec<Lit>,
    after: usize,
}

impl Guards<'_> {
    /// Where the ways of the choice at `pc` go on after their guards, when
    /// some way's guards always hold; `None` when that is not known.
    pub fn exhaustive(&self, pc: usize) -> Option<Vec<usize>> {
        let Op::Split(_) = self.ops[pc] else {
            return None;
        };
        let mut starts = Vec::new();
        self.ways(pc, &mut starts, 0)?;
        let ways: Vec<Way> = starts.iter().map(|&w| self.guards_of(w)).collect();
        if ways.iter().any(|w| w.lits.is_empty()) {
            return None;
        }
        let space = World::space(self, &ways);
        // Without cell tests, no guard reads who is playing.
        let players = if space.tests.is_empty() {
            1
        } else {
            self.players
        };
        (0..players)
            .all(|p| space.all_covered(self, p))
            .then(|| ways.iter().map(|w| w.after).collect())
    }

    /// The starts of the ways of the choice at `pc`, nested choices
    /// flattened.
    fn ways(&self, pc: usize, out: &mut Vec<usize>, depth: usize) -> Option<()> {
        if depth > MAX_WAYS || out.len() > MAX_WAYS {
            return None;
        }
        match self.ops.get(pc)? {
            Op::Split(then) => {
                self.ways(pc + 1, out, depth + 1)?;
                self.ways(*then as usize, out, depth + 1)
            }
            Op::Jump(to) => self.ways(*to as usize, out, depth + 1),
            _ => {
                out.push(pc);
                Some(())
            }
        }
    }

    /// The guards a way from `pc` begins with, following jumps.
    fn guards_of(&self, mut pc: usize) -> Way {
        let mut lits = Vec::new();
        let mut hops = 0;
        while lits.len() < MAX_GUARDS && hops < 8 {
            match self.ops.get(pc) {
                Some(Op::Jump(to)) => {
                    hops += 1;
                    pc = *to as usize;
                }
                Some(Op::Pattern(positive, end) | Op::Probe(positive, end)) => {
                    let next = *end as usize;
                    lits.push(self.pattern(pc + 1, next, *positive));
                    pc = next;
                }
                Some(Op::Compare(a, cmp, b)) => {
                    lits.push(Lit::Compare(*a, *cmp, *b));
                    pc += 1;
                }
                Some(Op::Test(m)) => {
                    lits.push(Lit::Test(*m));
                    pc += 1;
                }
                _ => break,
            }
        }
        // A step the guards keep in range is part of them (and the last:
        // a guard after it would read the changed value).
        if let Some(Op::Assign(v, _, value)) = self.ops.get(pc)
            && !lits.is_empty()
            && self.stays_in_range(&lits, *v, *value)
        {
            pc += 1;
        }
        Way { lits, after: pc }
    }

    /// The guard of a pattern whose body is `start..end` (its `Accept`
    /// last), seen through patterns that are its whole body.
    fn pattern(&self, mut start: usize, mut end: usize, mut positive: bool) -> Lit {
        while let Some(Op::Pattern(inner, inner_end) | Op::Probe(inner, inner_end)) =
            self.ops.get(start)
        {
            if *inner_end as usize + 1 != end || !matches!(self.ops.get(end - 1), Some(Op::Accept))
            {
                break;
            }
            (start, end, positive) = (start + 1, *inner_end as usize, positive == *inner);
        }
        Lit::Pattern {
            start,
            end,
            positive,
        }
    }

    /// Whether assigning `value` to variable `v` cannot fail where `lits`
    /// hold: a step of a variable (`x + k`, `x - k`) whose range, narrowed
    /// by the guards' comparisons of it with constants, keeps the result
    /// within `v`'s bounds (`{$ turns < 99} [$ turns = turns + 1]`).
    fn stays_in_range(&self, lits: &[Lit], v: u16, value: u16) -> bool {
        let node = |n: u16| self.values.get(usize::from(n)).copied();
        let (Some(Value::Add(of, plus, by)), Some(var)) =
            (node(value), self.variables.get(usize::from(v)))
        else {
            return false;
        };
        let (Some(Value::Var(..)), Some(Value::Int(k))) = (node(of), node(by)) else {
            return false;
        };
        let (mut lo, mut hi) = self.range(of);
        for lit in lits {
            let Lit::Compare(a, cmp, b) = *lit else {
                continue;
            };
            let (cmp, c) = match (node(a), node(b)) {
                (_, Some(Value::Int(c))) if same_value(self.values, a, of) => (cmp, c),
                (Some(Value::Int(c)), _) if same_value(self.values, b, of) => (swapped(cmp), c),
                _ => continue,
            };
            match cmp {
                Cmp::Eq => (lo, hi) = (lo.max(c), hi.min(c)),
                Cmp::Lt => hi = hi.min(c - 1),
                Cmp::Le => hi = hi.min(c),
                Cmp::Gt => lo = lo.max(c + 1),
                Cmp::Ge => lo = lo.max(c),
                Cmp::Ne => {}
            }
        }
        let k = if plus { k } else { -k };
        lo > hi || (i64::from(var.min) <= lo + k && hi + k <= i64::from(var.max))
    }

    /// The numbers a value node may have.
    pub fn range(&self, node: u16) -> (i64, i64) {
        self.range_within(node, 0)
    }

    fn range_within(&self, node: u16, depth: u32) -> (i64, i64) {
        const ANY: (i64, i64) = (i64::MIN / 4, i64::MAX / 4);
        match self.values.get(usize::from(node)) {
            Some(Value::Int(n)) => (*n, *n),
            Some(Value::Var(v, _)) => match self.variables.get(usize::from(*v)) {
                Some(var) => (i64::from(var.min), i64::from(var.max)),
                None => ANY,
            },
            Some(Value::Me) => (0, self.players as i64 - 1),
            Some(Value::Count(_) | Value::Cells(_)) => (0, self.cells as i64),
            Some(Value::Height) => (0, ANY.1),
            Some(Value::Changed) => (0, 1),
            Some(Value::Cycle | Value::Turn) => (0, i64::from(u32::MAX)),
            Some(Value::Add(l, plus, r)) if depth < 16 => {
                let (a, b) = self.range_within(*l, depth + 1);
                let (c, d) = self.range_within(*r, depth + 1);
                let (lo, hi) = match plus {
                    true => (a.saturating_add(c), b.saturating_add(d)),
                    false => (a.saturating_sub(d), b.saturating_sub(c)),
                };
                (lo.clamp(ANY.0, ANY.1), hi.clamp(ANY.0, ANY.1))
            }
            _ => ANY,
        }
    }

    /// Whether assigning `value` to variable `v` is always in its range.
    pub fn always_in_range(&self, v: u16, value: u16) -> bool {
        let (lo, hi) = self.range(value);
        self.variables
            .get(usize::from(v))
            .is_some_and(|var| i64::from(var.min) <= lo && hi <= i64::from(var.max))
    }

    fn mask(&self, m: u16, p: usize) -> u128 {
        self.masks
            .get(usize::from(m) * self.players + p)
            .copied()
            .unwrap_or(0)
    }
}

/// A guard as the worlds read it.
#[derive(Clone, Copy)]
enum Atom {
    /// Distinct pattern `i` must match or not.
    Pattern(usize, bool),
    /// A comparison of two operands.
    Compare(Operand, Cmp, Operand),
    /// The cell's code in a mask.
    Test(u16),
}

/// A comparison's side: a number, or compared value `i`.
#[derive(Clone, Copy)]
enum Operand {
    Number(i64),
    Term(usize),
}

/// A compared value: a value node, or the difference of two.
#[derive(Clone, Copy)]
enum Term {
    Value(u16),
    Difference(u16, u16),
}

impl Term {
    /// The numbers the term may have.
    fn range(self, g: &Guards) -> (i64, i64) {
        match self {
            Term::Value(v) => g.range(v),
            Term::Difference(a, b) => {
                let ((a_lo, a_hi), (b_lo, b_hi)) = (g.range(a), g.range(b));
                (a_lo.saturating_sub(b_hi), a_hi.saturating_sub(b_lo))
            }
        }
    }
}

/// The worlds to try: the distinct patterns, the compared values with
/// the numbers each is tried at, the masks the cell is tested with, and
/// each way's guards read against them.
struct World {
    patterns: Vec<(usize, usize)>,
    terms: Vec<Term>,
    points: Vec<Vec<i64>>,
    tests: Vec<u16>,
    ways: Vec<Vec<Atom>>,
}

impl World {
    /// The worlds of the choice whose ways are `ways`.
    fn space(g: &Guards, ways: &[Way]) -> World {
        let mut w = World {
            patterns: Vec::new(),
            terms: Vec::new(),
            points: Vec::new(),
            tests: Vec::new(),
            ways: Vec::with_capacity(ways.len()),
        };
        for way in ways {
            let atoms = way.lits.iter().map(|lit| w.atom(g, *lit)).collect();
            w.ways.push(atoms);
        }
        for (t, points) in w.terms.iter().zip(&mut w.points) {
            let (lo, hi) = t.range(g);
            points.extend([lo, hi]);
            points.retain(|&n| lo <= n && n <= hi);
            points.sort_unstable();
            points.dedup();
        }
        w
    }

    fn atom(&mut self, g: &Guards, lit: Lit) -> Atom {
        match lit {
            Lit::Pattern {
                start,
                end,
                positive,
            } => {
                let known = self
                    .patterns
                    .iter()
                    .position(|&(s, e)| same_body(g, (s, e), (start, end)));
                let i = known.unwrap_or_else(|| {
                    self.patterns.push((start, end));
                    self.patterns.len() - 1
                });
                Atom::Pattern(i, positive)
            }
            Lit::Compare(a, cmp, b) => self.compared(g, a, cmp, b),
            Lit::Test(m) => {
                self.tests.push(m);
                Atom::Test(m)
            }
        }
    }

    /// A comparison with the numbers to try its value at (two values
    /// compared: their difference with 0).
    fn compared(&mut self, g: &Guards, a: u16, cmp: Cmp, b: u16) -> Atom {
        let constant = |n: u16| match g.values.get(usize::from(n)) {
            Some(Value::Int(k)) => Some(*k),
            _ => None,
        };
        let (term, k) = match (constant(a), constant(b)) {
            (Some(x), Some(y)) => {
                return Atom::Compare(Operand::Number(x), cmp, Operand::Number(y));
            }
            (None, Some(k)) => (a, k),
            (Some(k), None) => (b, k),
            (None, None) => return self.difference(g, a, cmp, b),
        };
        let known = (self.terms.iter())
            .position(|&t| matches!(t, Term::Value(v) if same_value(g.values, v, term)));
        let at = self.term_at(known, Term::Value(term));
        self.points[at].extend([k.saturating_sub(1), k, k.saturating_add(1)]);
        let side = |n: u16| constant(n).map_or(Operand::Term(at), Operand::Number);
        Atom::Compare(side(a), cmp, side(b))
    }

    /// `a cmp b` as `a - b` (or, written the other way round before,
    /// `b - a`) compared with 0.
    fn difference(&mut self, g: &Guards, a: u16, cmp: Cmp, b: u16) -> Atom {
        let same = |x: u16, y: u16| same_value(g.values, x, y);
        let found = self.terms.iter().enumerate().find_map(|(i, t)| match *t {
            Term::Difference(x, y) if same(x, a) && same(y, b) => Some((i, false)),
            Term::Difference(x, y) if same(x, b) && same(y, a) => Some((i, true)),
            _ => None,
        });
        let at = self.term_at(found.map(|(i, _)| i), Term::Difference(a, b));
        self.points[at].extend([-1, 0, 1]);
        match found.is_some_and(|(_, reversed)| reversed) {
            false => Atom::Compare(Operand::Term(at), cmp, Operand::Number(0)),
            true => Atom::Compare(Operand::Number(0), cmp, Operand::Term(at)),
        }
    }

    /// The index of a term already known, or of `term` added.
    fn term_at(&mut self, known: Option<usize>, term: Term) -> usize {
        known.unwrap_or_else(|| {
            self.terms.push(term);
            self.points.push(Vec::new());
            self.terms.len() - 1
        })
    }

    /// One code of each kind the tests tell apart, for player `p`.
    fn codes(&self, g: &Guards, p: usize) -> Vec<u8> {
        if self.tests.is_empty() {
            return vec![0];
        }
        let mut seen: Vec<u64> = Vec::new();
        let mut codes = Vec::new();
        for code in 0..g.codes.min(128) {
            let sig = self.tests.iter().enumerate().fold(0u64, |sig, (i, &m)| {
                sig | u64::from(g.mask(m, p) >> code & 1 == 1) << (i % 64)
            });
            if !seen.contains(&sig) {
                seen.push(sig);
                codes.push(code as u8);
            }
        }
        codes
    }

    /// Whether in every world, for player `p`, some way's guards hold.
    fn all_covered(&self, g: &Guards, p: usize) -> bool {
        if self.patterns.len() > 12 {
            return false;
        }
        let codes = self.codes(g, p);
        let mut count = (1usize << self.patterns.len()).saturating_mul(codes.len());
        for points in &self.points {
            count = count.saturating_mul(points.len().max(1));
        }
        if count > MAX_WORLDS {
            return false;
        }
        let mut values = vec![0; self.points.len()];
        (0..count).all(|n| {
            let mut rest = n;
            let mut pick = |len: usize| {
                let i = rest % len.max(1);
                rest /= len.max(1);
                i
            };
            let truths = pick(1 << self.patterns.len());
            let code = codes[pick(codes.len())];
            for (value, points) in values.iter_mut().zip(&self.points) {
                *value = points[pick(points.len())];
            }
            let holds = |atom: &Atom| match *atom {
                Atom::Pattern(i, positive) => (truths >> i & 1 == 1) == positive,
                Atom::Compare(a, cmp, b) => {
                    let of = |o: Operand| match o {
                        Operand::Number(k) => k,
                        Operand::Term(t) => values[t],
                    };
                    cmp.holds(of(a), of(b))
                }
                Atom::Test(m) => g.mask(m, p) >> code & 1 == 1,
            };
            self.ways.iter().any(|way| way.iter().all(holds))
        })
    }
}

/// `a OP b` as `b OP' a`.
fn swapped(c: Cmp) -> Cmp {
    match c {
        Cmp::Lt => Cmp::Gt,
        Cmp::Gt => Cmp::Lt,
        Cmp::Le => Cmp::Ge,
        Cmp::Ge => Cmp::Le,
        same => same,
    }
}

/// Whether two value nodes compute the same number in every state.
fn same_value(values: &[Value], a: u16, b: u16) -> bool {
    if a == b {
        return true;
    }
    match (values.get(usize::from(a)), values.get(usize::from(b))) {
        (Some(Value::Add(l1, plus1, r1)), Some(Value::Add(l2, plus2, r2))) => {
            plus1 == plus2 && same_value(values, *l1, *l2) && same_value(values, *r1, *r2)
        }
        (Some(Value::Mul(l1, op1, r1)), Some(Value::Mul(l2, op2, r2))) => {
            op1 == op2 && same_value(values, *l1, *l2) && same_value(values, *r1, *r2)
        }
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// Whether two bodies are the same instructions, the second placed
/// elsewhere: jumps within each body land at the same offsets, jumps out
/// of them at the same place, repetitions may have other ids and cell
/// tests other masks of the same codes.
fn same_body(g: &Guards, a: (usize, usize), b: (usize, usize)) -> bool {
    let (ops, values) = (g.ops, g.values);
    let len = a.1.wrapping_sub(a.0);
    if a.1 < a.0 || b.1 < b.0 || b.1 - b.0 != len || b.1 > ops.len() || a.1 > ops.len() {
        return false;
    }
    let target = |to: u32, body: (usize, usize)| -> i64 {
        let to = to as usize;
        match (body.0..=body.1).contains(&to) {
            true => (to - body.0) as i64,
            false => -1 - to as i64,
        }
    };
    let same_to = |x: u32, y: u32| target(x, a) == target(y, b);
    (0..len).all(|i| match (ops[a.0 + i], ops[b.0 + i]) {
        (Op::Split(x), Op::Split(y))
        | (Op::Jump(x), Op::Jump(y))
        | (Op::Loop(_, x), Op::Loop(_, y))
        | (Op::Greedy(x), Op::Greedy(y))
        | (Op::Once(x), Op::Once(y)) => same_to(x, y),
        (Op::Reach(x, m), Op::Reach(y, n)) => m == n && same_to(x, y),
        (Op::Pattern(p, x), Op::Pattern(q, y)) | (Op::Probe(p, x), Op::Probe(q, y)) => {
            p == q && same_to(x, y)
        }
        (Op::Scan(o, x), Op::Scan(r, y)) => o == r && same_to(x, y),
        (Op::Compare(a1, c1, b1), Op::Compare(a2, c2, b2)) => {
            c1 == c2 && same_value(values, a1, a2) && same_value(values, b1, b2)
        }
        (Op::Assign(v1, w1, x), Op::Assign(v2, w2, y)) => {
            (v1, w1) == (v2, w2) && same_value(values, x, y)
        }
        (Op::Test(x), Op::Test(y)) | (Op::AnyOf(x), Op::AnyOf(y)) => {
            (0..g.players).all(|p| g.mask(x, p) == g.mask(y, p))
        }
        (Op::Hop(_) | Op::Slide(_), _) | (_, Op::Hop(_) | Op::Slide(_)) => false,
        (x, y) => x == y,
    })
}

#[cfg(test)]
mod tests;
