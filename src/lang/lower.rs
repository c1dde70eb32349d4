//! Compiling the rules: macros expanded (parameters replaced by the
//! arguments of each use), names resolved against the checked tables, and
//! the expression emitted as instructions ([`super::program::Op`]), every
//! problem reported with where it is written.

use std::collections::HashMap;

pub use super::ast::Macro;
use super::ast::{Expr, Name, Spot};
use super::check::Tables;
use super::error::CoreError;
use super::locate::{Found, Locator};
use super::program::{Op, Value};

/// The most instructions a program has.
pub const MAX_OPS: usize = 60_000;
/// Where `e` is written, when it says (a name, a test, a mark, a
/// repetition...); a sequence, a choice or a pattern takes its parts'.
fn written_at(e: &Expr) -> Option<Spot> {
    match e {
        Expr::Repeat { at, .. }
        | Expr::Counted { at, .. }
        | Expr::Greedy(_, at)
        | Expr::Once(_, at)
        | Expr::Reach(_, _, at)
        | Expr::Cost(_, at)
        | Expr::Scan(_, _, at)
        | Expr::Test(_, at)
        | Expr::Stack(_, _, at)
        | Expr::Mark(_, at)
        | Expr::Number(_, at) => Some(*at),
        Expr::Switch(name) | Expr::End(name, _) | Expr::Goto(name) | Expr::Call(name, _) => {
            Some(name.at)
        }
        Expr::Assign(list) => list.first().map(|a| a.var.at),
        Expr::At(cells) => cells.first().map(|(name, _)| name.at),
        _ => None,
    }
}

/// Rules that only end the game, whose player switches are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndingRules {
    /// `no_move_rules`.
    NoMove,
    /// `repetition_rules`.
    Repetition,
}

/// The largest bound of a counted repetition.
pub const MAX_BOUND: u32 = 64;

/// Parameter bindings of one macro use: name to closed argument.
pub(super) type Env = HashMap<String, Expr>;

/// What a parameter of a macro checked without a use stands for: nothing
/// known, so nothing that depends on it is reported.
pub(super) const UNKNOWN: &str = "\u{0}";

/// The compiler's output and state.
pub struct Lower<'a> {
    pub(super) t: &'a Tables,
    pub(super) players: &'a [String],
    pub(super) macros: &'a HashMap<String, Macro>,
    pub(super) loc: &'a Locator<'a>,
    pub(super) out: &'a mut Vec<Found>,
    /// Instructions.
    pub ops: Vec<Op>,
    /// Masks, `[m * players + p]`.
    pub masks: Vec<u128>,
    /// Put specs, `[s * players + p]`.
    pub puts: Vec<u8>,
    /// Become tables, `[t * codes + code]`.
    pub becomes: Vec<u8>,
    /// Value nodes.
    pub values: Vec<Value>,
    /// Literal words.
    pub words: Vec<String>,
    /// Repetition heads.
    pub loops: u32,
    /// Registers.
    pub registers: u8,
    /// The `<...>`s open around the code being emitted.
    pub(super) open_backs: u32,
    /// Cell orders of the scans.
    pub scans: Vec<Vec<u16>>,
    /// Where the rules of each `cells(e)` value start (a run may start
    /// there).
    pub cells_bodies: Vec<u32>,
    /// The cells of each `{@ ...}` test, in board order.
    pub at_sets: Vec<Vec<u16>>,
    pub(super) stack: Vec<String>,
    pub(super) used: std::collections::HashSet<String>,
    pub(super) in_pattern: u32,
    /// The `reach` steps open around the code being emitted.
    pub(super) in_reach: u32,
    pub(super) in_greedy: u32,
    /// Which rules that only end the game are being compiled, if any.
    pub(super) ending_only: Option<EndingRules>,
    /// Where each instruction was written (the innermost written thing
    /// being compiled when it was pushed).
    pub spots: Vec<Spot>,
    /// Where the thing being compiled was written.
    spot: Spot,
    /// The mask number of each cell test compiled without a problem, by
    /// its items (owner and name) as bound.
    pub(super) test_masks: HashMap<Vec<(Option<String>, String)>, u16>,
}

impl<'a> Lower<'a> {
    /// A compiler against `t`.
    pub fn new(
        t: &'a Tables,
        players: &'a [String],
        macros: &'a HashMap<String, Macro>,
        loc: &'a Locator<'a>,
        out: &'a mut Vec<Found>,
    ) -> Lower<'a> {
        Lower {
            t,
            players,
            macros,
            loc,
            out,
            ops: Vec::new(),
            masks: Vec::new(),
            puts: Vec::new(),
            becomes: Vec::new(),
            values: Vec::new(),
            words: Vec::new(),
            loops: 0,
            registers: 0,
            open_backs: 0,
            scans: Vec::new(),
            cells_bodies: Vec::new(),
            at_sets: Vec::new(),
            stack: Vec::new(),
            used: std::collections::HashSet::new(),
            in_pattern: 0,
            in_reach: 0,
            in_greedy: 0,
            ending_only: None,
            spots: Vec::new(),
            spot: Spot::default(),
            test_masks: HashMap::new(),
        }
    }

    /// Compiles the turn's rules; the end of the rules fails.
    pub fn program(&mut self, rules: &Expr) {
        self.emit(rules, &Env::new());
        self.push(Op::Fail);
        if self.ops.len() > MAX_OPS || self.loops as usize * self.t.board.cells() > 1 << 26 {
            let at = self.loc.at(&[crate::config::tree::Step::Key("rules")]);
            self.report(at, |span| CoreError::Limit {
                what: "the rules expand to too large a program".into(),
                span,
                help: format!(
                    "at most {MAX_OPS} instructions; use `*` instead of large counted repetitions"
                ),
            });
        }
    }

    /// Compiles rules that list actions as the turn's do (a refusal's),
    /// after the instructions so far; where they start.
    pub fn entry_program(&mut self, rules: &Expr) -> u32 {
        let start = self.here();
        self.emit(rules, &Env::new());
        self.push(Op::Fail);
        start
    }

    /// Compiles rules that only end the game (`no_move_rules`,
    /// `repetition_rules`) after the turn's; where they start.
    pub fn ending_program(&mut self, rules: &Expr, which: EndingRules) -> u32 {
        let start = self.here();
        self.ending_only = Some(which);
        self.emit(rules, &Env::new());
        self.ending_only = None;
        self.push(Op::Fail);
        start
    }

    pub(super) fn report(
        &mut self,
        (file, span): (usize, miette::SourceSpan),
        make: impl FnOnce(miette::SourceSpan) -> CoreError,
    ) {
        self.out.push((file, make(span)));
    }

    pub(super) fn at(&self, spot: Spot) -> (usize, miette::SourceSpan) {
        self.loc.spot(spot)
    }

    pub(super) fn push(&mut self, op: Op) -> usize {
        self.ops.push(op);
        self.spots.push(self.spot);
        self.ops.len() - 1
    }

    pub(super) fn here(&self) -> u32 {
        self.ops.len() as u32
    }

    pub(super) fn emit(&mut self, e: &Expr, env: &Env) {
        if self.ops.len() > MAX_OPS {
            return;
        }
        let outer = self.spot;
        self.spot = written_at(e).unwrap_or(outer);
        self.emit_here(e, env);
        self.spot = outer;
    }

    fn emit_here(&mut self, e: &Expr, env: &Env) {
        match e {
            Expr::Seq(items) => self.sequence(items, env),
            Expr::Alt(alts) => self.alternatives(alts, env),
            Expr::Repeat { body, min, max, at } => self.repeat(body, *min, *max, *at, env),
            Expr::Counted { body, min, max, at } => {
                self.counted(body, (min, max.as_ref()), *at, env)
            }
            Expr::Greedy(body, at) => self.greedy(body, *at, env),
            Expr::Once(body, _) => self.once(body, env),
            Expr::Reach(body, most, at) => self.reach(body, *most, *at, env),
            Expr::Cost(k, at) => self.cost(*k, *at),
            Expr::Number(n, at) => self.number_for_rules(*n, *at),
            Expr::Scan(order, body, _) => self.scan(order, body, env),
            Expr::Back(body) => self.back(body, env),
            Expr::Pattern { positive, body } => self.pattern(*positive, body, env),
            Expr::Test(items, _) => {
                let m = self.mask(items, env);
                self.push(Op::Test(m));
            }
            Expr::Set(item) => {
                let s = self.put_item(item, env);
                self.push(Op::Put(s));
            }
            Expr::Stack(op, word, at) => self.stack_op(*op, word.as_ref(), *at, env),
            Expr::VarTest(compares) => self.var_test(compares, env),
            Expr::Assign(list) => self.assign(list, env),
            Expr::Mark(word, at) => self.mark(word.as_ref(), *at, env),
            Expr::Switch(who) => self.switch(who, env),
            Expr::End(result, who) => self.end(result, who.as_ref(), env),
            Expr::At(cells) => self.at_test(cells, env),
            Expr::Goto(cell) => self.goto(cell, env),
            Expr::Call(name, args) => self.call(name, args, env),
        }
    }

    /// `name` with a parameter replaced by its (single-name) argument;
    /// `None` (reported) when the argument is more than a name.
    pub(super) fn bound(&mut self, name: &Name, env: &Env) -> Option<Name> {
        match env.get(&name.text) {
            None => Some(name.clone()),
            Some(Expr::Call(arg, _)) if arg.text == UNKNOWN => None,
            Some(Expr::Call(arg, args)) if args.is_empty() => Some(arg.clone()),
            Some(Expr::Number(n, at)) => Some(Name {
                text: n.to_string(),
                at: *at,
            }),
            Some(_) => {
                let at = self.at(name.at);
                self.report(at, |span| CoreError::Argument {
                    param: name.text.clone(),
                    span,
                });
                None
            }
        }
    }

    pub(super) fn unknown(&mut self, what: &'static str, name: &Name, help: String) {
        let at = self.at(name.at);
        self.report(at, |span| CoreError::UnknownName {
            what,
            name: name.text.clone(),
            span,
            help,
        });
    }

    pub(super) fn misplaced(&mut self, name: &Name, why: &'static str, help: &str) {
        let at = self.at(name.at);
        self.report(at, |span| CoreError::Misplaced {
            word: name.text.clone(),
            why,
            span,
            help: help.to_owned(),
        });
    }
}

/// The index of `row` among the equal-length rows of `rows`, appended
/// when it is not there yet (equal put specs and `[become]` tables are
/// shared).
pub(super) fn intern_row(rows: &mut Vec<u8>, row: &[u8]) -> usize {
    match rows.chunks(row.len()).position(|c| c == row) {
        Some(i) => i,
        None => {
            rows.extend_from_slice(row);
            rows.len() / row.len() - 1
        }
    }
}
