//! What follows an action, lowered in the vocabulary's order: the
//! action's `add` and the counters' event triggers (each change kept
//! within the counter's bounds), then lines and targets, then counter
//! bounds, then the turn limit, then the turn (or the phase) moving on.

use super::Lowering;
use super::text::{Board, choice, join};
use crate::vocab::compile::line_axes;
use crate::vocab::schema::*;

/// `n` as a value (`(0 - n)` below zero: the language has no negative
/// literal).
fn lit(n: i32) -> String {
    match n < 0 {
        true => format!("(0 - {})", -i64::from(n)),
        false => n.to_string(),
    }
}

impl Lowering<'_> {
    /// The counter changes of an action of rule `rule` (its `add`) with
    /// `events`, in order.
    pub(super) fn changes(&self, rule: Option<usize>, events: &[CounterEvent]) -> String {
        let flow = &self.p.flow;
        let mut parts = Vec::new();
        if let Some(Some((c, by))) = rule.and_then(|r| flow.adds.get(r)) {
            parts.push(self.change(*c, *by));
        }
        for &event in events {
            for t in flow.triggers.iter().filter(|t| t.event == event) {
                parts.push(self.change(t.counter, t.by));
            }
        }
        parts.join(" ")
    }

    /// Counter `c` changed by `by`, stopping at its bounds.
    fn change(&self, c: u8, by: i32) -> String {
        let counter = &self.p.flow.counters[usize::from(c)];
        let v = &self.counters[usize::from(c)];
        let (op, size) = if by < 0 { ("-", -by) } else { ("+", by) };
        let (bound, within, past) = match by < 0 {
            true => (lit(counter.min), ">=", "<"),
            false => (lit(counter.max), "<=", ">"),
        };
        format!(
            "({{$ {v} {op} {size} {within} {bound}}} [$ {v} = {v} {op} {size}] | {{$ {v} {op} {size} {past} {bound}}} [$ {v} = {bound}])"
        )
    }

    /// Lines and targets (`board`), counter bounds, then `cont` (the turn
    /// limit and the switch) for an action in `phase` (and whether it
    /// ends it).
    /// Where pieces can be grey (no phases then) every action ends alike,
    /// written once after the turn's choice ([`Self::shared_ending`]):
    /// nothing here.
    pub(super) fn outcome(&self, board: Board, phase: Option<(usize, bool)>) -> String {
        match self.statuses() {
            true => String::new(),
            false => self.ending(board, phase),
        }
    }

    /// The ending every action shares where pieces can be grey: a status
    /// ending may show a line anywhere, found after the next action,
    /// whatever it is, so lines are looked for on the whole board.
    pub(super) fn shared_ending(&self) -> Option<String> {
        self.statuses().then(|| self.ending(Board::Global, None))
    }

    /// [`Self::outcome`] written out.
    fn ending(&self, board: Board, phase: Option<(usize, bool)>) -> String {
        let mut wins = self.board_tests(board);
        let (mut losses, mut draws) = (Vec::new(), Vec::new());
        if board == Board::Global && self.uncovers() {
            // A piece leaving a stack may show an opponent's line.
            losses.push("enemy_line_anywhere".to_owned());
        }
        for end in &self.p.flow.ends {
            let v = &self.counters[usize::from(end.counter)];
            let cmp = if end.rising { ">=" } else { "<=" };
            let test = format!("{{$ {v} {cmp} {}}}", lit(end.bound));
            match end.result {
                CounterResult::Win => wins.push(test),
                CounterResult::Loss => losses.push(test),
                CounterResult::Draw => draws.push(test),
            }
        }
        let (w, l, d) = (choice(wins), choice(losses), choice(draws));
        let cont = self.cont(phase);
        let with_draws = |rest: String| match &d {
            Some(d) => format!("({{? {d}}} end(draw) | {{! {d}}} {rest})"),
            None => rest,
        };
        let first = |test: &Option<String>, then: &str, rest: String| match test {
            Some(t) => format!("({{? {t}}} {then} | {{! {t}}} {rest})"),
            None => rest,
        };
        if self.p.players.len() != 2 {
            return first(&w, "end(win)", with_draws(first(&l, "end(lose)", cont)));
        }
        match (&w, &l) {
            (Some(w), Some(l)) => {
                let both = match self.p.simultaneous {
                    Simultaneous::Draw => "end(draw)",
                    Simultaneous::Mover => "end(win)",
                    Simultaneous::Opponent => "end(lose)",
                };
                format!(
                    "({{? {w}}} {{! {l}}} end(win) | {{? {w}}} {{? {l}}} {both} | {{! {w}}} {{? {l}}} end(lose) | {{! {w}}} {{! {l}}} {})",
                    with_draws(cont)
                )
            }
            _ => first(&w, "end(win)", first(&l, "end(lose)", with_draws(cont))),
        }
    }

    /// The tests that the player to move has a line or a piece on its
    /// target squares.
    fn board_tests(&self, board: Board) -> Vec<String> {
        let mut tests = Vec::new();
        let line = self.rs.outcomes.line.as_ref();
        let p = self.p;
        match board {
            Board::None => {}
            Board::At(k) => {
                tests.extend(line.map(|_| "line".to_owned()));
                if p.goal_kinds >> k & 1 == 1 {
                    tests.push("{! forward}".into());
                }
            }
            Board::Global => {
                tests.extend(line.map(|_| "line_anywhere".to_owned()));
                if p.goal_kinds != 0 {
                    let kinds: Vec<String> = (0..p.kinds.len())
                        .filter(|k| p.goal_kinds >> k & 1 == 1)
                        .map(|k| format!("own {}", self.kinds[k]))
                        .collect();
                    tests.push(format!("any {{{}}} {{! forward}}", kinds.join(", ")));
                }
            }
        }
        tests
    }

    /// Names the line tests (`line`: through the cursor, `line_anywhere`).
    pub(super) fn line_macros(&self, macros: &mut std::collections::BTreeMap<String, String>) {
        if let Some(spec) = &self.rs.outcomes.line {
            macros.insert("line".into(), self.line_through(spec));
            if self.p.rules.iter().any(|r| r.cover_only.is_some()) {
                macros.insert("threat".into(), self.threat(spec));
            }
            let anywhere =
                (self.p.rules.iter()).any(|r| r.pattern == Pattern::Anywhere || r.is_effect());
            if anywhere || self.statuses() {
                let own = self.line_anywhere(spec, &self.own_words());
                if self.uncovers() {
                    let enemy = self.line_anywhere(spec, &self.enemy_words());
                    macros.insert("enemy_line_anywhere".into(), enemy);
                }
                macros.insert("line_anywhere".into(), own);
            }
        }
    }

    /// Whether moving a piece off a stack may show a line of another
    /// player's (two players: the test of the opponent's lines).
    fn uncovers(&self) -> bool {
        let moves = (self.p.rules.iter()).any(|r| r.mechanic == Mechanic::Move);
        let effects = (self.p.rules.iter()).any(|r| r.is_effect());
        (self.covering() && moves || effects) && self.rs.outcomes.line.is_some()
    }

    /// `length` of the player's pieces in a line through the cursor: for
    /// each axis, `i` behind and `length - 1 - i` ahead.
    fn line_through(&self, spec: &LineSpec) -> String {
        let n = usize::from(spec.length);
        let mut alts = Vec::new();
        for (dx, dy) in line_axes(self.p.geometry.shape, &spec.directions) {
            let (ahead, behind) = (self.step(dx, dy), self.step(-dx, -dy));
            for i in 0..n {
                let own = self.own_words();
                let back = own_run(behind, i, &own);
                let front = own_run(ahead, n - 1 - i, &own);
                alts.push(join(&[&back, &front]));
            }
        }
        choice(alts).expect("a line has an axis")
    }

    /// `length` of the pieces `words` tests for in a line anywhere.
    fn line_anywhere(&self, spec: &LineSpec, words: &str) -> String {
        let n = usize::from(spec.length);
        let axes = line_axes(self.p.geometry.shape, &spec.directions);
        let runs = axes.iter().map(|&(dx, dy)| {
            let d = self.step(dx, dy);
            format!("({d} {{{words}}}){{{}}}", n - 1)
        });
        format!(
            "any {{{words}}} {}",
            choice(runs.collect()).expect("an axis")
        )
    }

    /// After the outcomes: the turn limit, then the next player (or the
    /// same player in the next phase that has an action).
    fn cont(&self, phase: Option<(usize, bool)>) -> String {
        let n = self.p.flow.phases.len();
        let switch = match phase {
            None => "->next".to_owned(),
            Some((k, ends)) => {
                let after = if ends { (k + 1) % n } else { k };
                match after {
                    0 => "[$ phase = 0] ->next".to_owned(),
                    _ => self.switch_from(after),
                }
            }
        };
        let switch = match self.statuses() {
            true => format!("expire {switch}"),
            false => switch,
        };
        match self.p.turn_limit {
            Some((turns, result)) => {
                let end = match result {
                    LimitResult::Draw => "end(draw)",
                    LimitResult::Stopped => "end(stop)",
                };
                // Compared before the count goes up, so that the
                // interpreter sees the step stays in range.
                let last = turns.saturating_sub(1);
                format!(
                    "({{$ turns >= {last}}} [$ turns = {turns}] {end} | {{$ turns < {last}}} [$ turns = turns + 1] {switch})"
                )
            }
            None => switch,
        }
    }

    /// The same player acts in the first phase from `k` with an action;
    /// past the last, the next player's turn starts.
    fn switch_from(&self, k: usize) -> String {
        if k == self.p.flow.phases.len() {
            return "[$ phase = 0] ->next".into();
        }
        let again = (self.p.players.iter().enumerate())
            .map(|(i, pl)| format!("{{$ me == {i}}} ->{}", pl.name))
            .collect();
        let again = choice(again).expect("a player");
        let here = format!("[$ phase = {k}] {again}");
        match self.can_phase(k) {
            None => here,
            Some(_) => format!(
                "({{? can_phase{k}}} {here} | {{! can_phase{k}}} {})",
                self.switch_from(k + 1)
            ),
        }
    }
}

/// `n` squares of the player's (`own`: their test words) in a row that
/// way (as a pattern).
fn own_run(d: &str, n: usize, own: &str) -> String {
    match n {
        0 => String::new(),
        1 => format!("{{? {d} {{{own}}}}}"),
        _ => format!("{{? ({d} {{{own}}}){{{n}}}}}"),
    }
}
