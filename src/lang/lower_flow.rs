//! Compiling the shape of the rules: choices, repetitions (`*`, `+`,
//! `{n,m}`, `*!`), `once`, `reach` with its steps' costs, `scan`, `<...>`
//! and patterns, each a run of instructions that jump, split or loop
//! around the code of its parts.

use super::ast::{Expr, Name, Spot};
use super::error::CoreError;
use super::lower::{Env, Lower, MAX_BOUND};
use super::program::Op;

impl Lower<'_> {
    /// A deterministic body (of `*!`, `once`, `scan`), ending in `Accept`.
    fn body(&mut self, body: &Expr, env: &Env) {
        self.in_greedy += 1;
        self.emit(body, env);
        self.in_greedy -= 1;
        self.push(Op::Accept);
    }

    pub(super) fn alternatives(&mut self, alts: &[Expr], env: &Env) {
        let mut jumps = Vec::new();
        for (i, alt) in alts.iter().enumerate() {
            if i + 1 == alts.len() {
                self.emit(alt, env);
                break;
            }
            let split = self.push(Op::Split(0));
            self.emit(alt, env);
            jumps.push(self.push(Op::Jump(0)));
            self.ops[split] = Op::Split(self.here());
        }
        for j in jumps {
            self.ops[j] = Op::Jump(self.here());
        }
    }

    pub(super) fn repeat(&mut self, body: &Expr, min: u32, max: Option<u32>, at: Spot, env: &Env) {
        let top = max.unwrap_or(min);
        if top > MAX_BOUND || min > top {
            let span = self.at(at);
            self.report(span, |span| CoreError::Bounds {
                min,
                max: top,
                span,
            });
            return;
        }
        if max.is_none() {
            self.no_progress(body, env, at, true);
        }
        for _ in 0..min {
            self.emit(body, env);
        }
        match max {
            None => {
                let id = self.loops;
                self.loops += 1;
                let head = self.push(Op::Loop(id, 0));
                self.emit(body, env);
                self.push(Op::Jump(head as u32));
                self.ops[head] = Op::Loop(id, self.here());
            }
            Some(max) => {
                let mut splits = Vec::new();
                for _ in min..max {
                    splits.push(self.push(Op::Split(0)));
                    self.emit(body, env);
                }
                for s in splits {
                    self.ops[s] = Op::Split(self.here());
                }
            }
        }
    }

    /// Refuses an unbounded repetition whose body can match standing still.
    fn no_progress(&mut self, body: &Expr, env: &Env, at: Spot, moves_count: bool) {
        let t = self.t;
        if super::progress::still(
            body,
            env,
            (&t.board, &t.alias_names, self.macros),
            moves_count,
        ) {
            let span = self.at(at);
            self.report(span, |span| CoreError::NoProgress { span });
        }
    }

    /// `e*!`: the body again and again while it matches, without
    /// backtracking.
    pub(super) fn greedy(&mut self, body: &Expr, at: Spot, env: &Env) {
        self.no_progress(body, env, at, true);
        let head = self.push(Op::Greedy(0));
        self.in_greedy += 1;
        self.emit(body, env);
        self.in_greedy -= 1;
        self.push(Op::Accept);
        self.ops[head] = Op::Greedy(self.here());
    }

    /// `once(e)`: the body's first way only.
    pub(super) fn once(&mut self, body: &Expr, env: &Env) {
        let head = self.push(Op::Once(0));
        self.body(body, env);
        self.ops[head] = Op::Once(self.here());
    }

    /// `reach(e)` and `reach(e, n)`, `n` from 1 to 64.
    pub(super) fn reach(&mut self, body: &Expr, most: Option<u32>, at: Spot, env: &Env) {
        let most = match most {
            None => 0,
            Some(n) if (1..=MAX_BOUND).contains(&n) => n as u16,
            Some(n) => {
                let span = self.at(at);
                self.report(span, |span| CoreError::Bounds {
                    min: 1,
                    max: n,
                    span,
                });
                return;
            }
        };
        let head = self.push(Op::Reach(0, most));
        (self.in_pattern, self.in_reach) = (self.in_pattern + 1, self.in_reach + 1);
        self.emit(body, env);
        (self.in_pattern, self.in_reach) = (self.in_pattern - 1, self.in_reach - 1);
        self.push(Op::Reached);
        self.ops[head] = Op::Reach(self.here(), most);
    }

    /// `scan(d1 d2, body)`: the body's first way at every cell in the
    /// directions' order.
    pub(super) fn scan(&mut self, order: &[Name], body: &Expr, env: &Env) {
        let order = self.scan_order(order, env);
        let head = self.push(Op::Scan(order, 0));
        self.body(body, env);
        self.ops[head] = Op::Scan(order, self.here());
    }

    /// `<e>`: the body, then the cursor back where it was.
    pub(super) fn back(&mut self, body: &Expr, env: &Env) {
        // A register per level of nesting: `<...>`s one after the
        // other share one (the undo log gives a way tried again its
        // register back), so a program needs as many as its
        // deepest nesting, however many it writes.
        let r = self.open_backs.min(u32::from(u8::MAX) - 1) as u8;
        self.open_backs += 1;
        self.registers = self.registers.max(r + 1);
        self.push(Op::Save(r));
        self.emit(body, env);
        self.push(Op::Restore(r));
        self.open_backs -= 1;
    }

    /// `{? e}` (`positive`) or `{! e}`: whether the body matches here,
    /// with no effect.
    pub(super) fn pattern(&mut self, positive: bool, body: &Expr, env: &Env) {
        let head = self.push(Op::Pattern(positive, 0));
        self.in_pattern += 1;
        self.emit(body, env);
        self.in_pattern -= 1;
        self.push(Op::Accept);
        self.ops[head] = Op::Pattern(positive, self.here());
    }

    /// `cost(k)`: only in a `reach` step, `k` from 1 to 64.
    pub(super) fn cost(&mut self, k: u32, at: Spot) {
        if self.in_reach == 0 {
            let name = Name {
                text: format!("cost({k})"),
                at,
            };
            let help = "write it in the step of a `reach(...)`, on the way that counts more";
            return self.misplaced(
                &name,
                "a step's cost only counts inside a `reach` step",
                help,
            );
        }
        match u16::try_from(k) {
            Ok(k) if (1..=MAX_BOUND as u16).contains(&k) => {
                self.push(Op::Cost(k));
            }
            _ => {
                let span = self.at(at);
                self.report(span, |span| CoreError::Bounds {
                    min: 1,
                    max: k,
                    span,
                });
            }
        }
    }
}
