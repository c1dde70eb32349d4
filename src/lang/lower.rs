//! Compiling the rules: macros expanded (parameters replaced by the
//! arguments of each use), names resolved against the checked tables, and
//! the expression emitted as instructions ([`super::program::Op`]), every
//! problem reported with where it is written.

use std::collections::HashMap;

pub use super::ast::Macro;
use super::ast::{Expr, Name, Spot, VExpr};
use super::check::Tables;
use super::error::CoreError;
use super::locate::{Found, Locator};
use super::program::{Ending, Op, Value, Who};
use crate::config::validate::suggestion_help;

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
const UNKNOWN: &str = "\u{0}";

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
    open_backs: u32,
    /// Cell orders of the scans.
    pub scans: Vec<Vec<u16>>,
    /// Where the rules of each `cells(e)` value start (a run may start
    /// there).
    pub cells_bodies: Vec<u32>,
    /// The cells of each `{@ ...}` test, in board order.
    pub at_sets: Vec<Vec<u16>>,
    stack: Vec<String>,
    used: std::collections::HashSet<String>,
    in_pattern: u32,
    /// The `reach` steps open around the code being emitted.
    in_reach: u32,
    in_greedy: u32,
    /// Which rules that only end the game are being compiled, if any.
    ending_only: Option<EndingRules>,
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

    /// Checks the macros without parameters that the rules never use (their
    /// names, repetitions, recursion), compiling them and dropping the
    /// code.
    pub fn unused_macros(&mut self) {
        let mut unused: Vec<(&String, &Macro)> = (self.macros.iter())
            .filter(|(name, _)| !self.used.contains(*name))
            .collect();
        unused.sort_by_key(|(name, _)| name.as_str());
        let (ops, loops, registers) = (self.ops.len(), self.loops, self.registers);
        for (name, m) in unused {
            if let Some(body) = &m.body {
                let unknown = Expr::Call(
                    Name {
                        text: UNKNOWN.into(),
                        at: Spot::default(),
                    },
                    Vec::new(),
                );
                let env: Env = m
                    .params
                    .iter()
                    .map(|p| (p.clone(), unknown.clone()))
                    .collect();
                self.stack.push(name.clone());
                self.emit(body, &env);
                self.stack.pop();
            }
        }
        self.ops.truncate(ops);
        self.spots.truncate(ops);
        (self.loops, self.registers) = (loops, registers);
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

    fn report(
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

    fn here(&self) -> u32 {
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
            Expr::Greedy(body, at) => {
                self.no_progress(body, env, *at, true);
                let head = self.push(Op::Greedy(0));
                self.in_greedy += 1;
                self.emit(body, env);
                self.in_greedy -= 1;
                self.push(Op::Accept);
                self.ops[head] = Op::Greedy(self.here());
            }
            Expr::Once(body, _) => {
                let head = self.push(Op::Once(0));
                self.body(body, env);
                self.ops[head] = Op::Once(self.here());
            }
            Expr::Reach(body, most, at) => {
                let most = match *most {
                    None => 0,
                    Some(n) if (1..=MAX_BOUND).contains(&n) => n as u16,
                    Some(n) => {
                        let span = self.at(*at);
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
            Expr::Cost(k, at) => self.cost(*k, *at),
            Expr::Number(n, at) => {
                let name = Name {
                    text: n.to_string(),
                    at: *at,
                };
                let help = "a number argument stands for a value (`{$ x < n}`, `[$ x = n]`) or a marked word (`mark(n)`); where the macro needs rules, pass rules";
                self.misplaced(&name, "a number where rules are expected", help);
            }
            Expr::Scan(order, body, _) => {
                let order = self.scan_order(order, env);
                let head = self.push(Op::Scan(order, 0));
                self.body(body, env);
                self.ops[head] = Op::Scan(order, self.here());
            }
            Expr::Back(body) => {
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
            Expr::Pattern { positive, body } => {
                let head = self.push(Op::Pattern(*positive, 0));
                self.in_pattern += 1;
                self.emit(body, env);
                self.in_pattern -= 1;
                self.push(Op::Accept);
                self.ops[head] = Op::Pattern(*positive, self.here());
            }
            Expr::Test(items, _) => {
                let m = self.mask(items, env);
                self.push(Op::Test(m));
            }
            Expr::Set(item) => {
                let s = self.put_item(item, env);
                self.push(Op::Put(s));
            }
            Expr::Stack(op, word, at) => self.stack_op(*op, word.as_ref(), *at, env),
            Expr::VarTest(compares) => {
                for c in compares {
                    let (a, b) = (self.value(&c.left, env), self.value(&c.right, env));
                    self.push(Op::Compare(a, c.op, b));
                }
            }
            Expr::Assign(list) => {
                for a in list {
                    let (v, whose) = self.copy_of(&a.var, a.whose.as_ref(), env);
                    let value = self.value(&a.value, env);
                    self.push(Op::Assign(v, whose, value));
                }
            }
            Expr::Mark(word, at) => self.mark(word.as_ref(), *at, env),
            Expr::Switch(who) => self.switch(who, env),
            Expr::End(result, who) => self.end(result, who.as_ref(), env),
            Expr::At(cells) => self.at_test(cells, env),
            Expr::Goto(cell) => {
                if let Some(c) = self.cell(cell, env) {
                    self.push(Op::Goto(c));
                }
            }
            Expr::Call(name, args) => self.call(name, args, env),
        }
    }

    /// A deterministic body (of `*!`, `once`, `scan`), ending in `Accept`.
    fn body(&mut self, body: &Expr, env: &Env) {
        self.in_greedy += 1;
        self.emit(body, env);
        self.in_greedy -= 1;
        self.push(Op::Accept);
    }

    fn alternatives(&mut self, alts: &[Expr], env: &Env) {
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

    /// `cost(k)`: only in a `reach` step, `k` from 1 to 64.
    fn cost(&mut self, k: u32, at: Spot) {
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

    pub(super) fn misplaced(&mut self, name: &Name, why: &'static str, help: &str) {
        let at = self.at(name.at);
        self.report(at, |span| CoreError::Misplaced {
            word: name.text.clone(),
            why,
            span,
            help: help.to_owned(),
        });
    }

    fn call(&mut self, name: &Name, args: &[Expr], env: &Env) {
        if name.text == UNKNOWN {
            return;
        }
        if let (Some(arg), true) = (env.get(&name.text), args.is_empty()) {
            let arg = arg.clone();
            return self.emit(&arg, &Env::new());
        }
        let t = self.t;
        if args.is_empty() {
            if name.text == "any" {
                self.push(Op::Any);
                return;
            }
            if let Some(d) = t.board.direction(&name.text) {
                self.push(Op::Shift(d));
                return;
            }
            if let Some(a) = t.alias_names.iter().position(|a| *a == name.text) {
                self.push(Op::ShiftAlias(a as u8));
                return;
            }
        }
        let Some(m) = self.macros.get(&name.text) else {
            let mut known: Vec<&str> = t.board.directions.iter().map(String::as_str).collect();
            known.extend(t.alias_names.iter().map(String::as_str));
            known.extend(self.macros.keys().map(String::as_str));
            let help = suggestion_help(&name.text, "the directions and macros are", &known);
            return self.unknown("direction or macro", name, help);
        };
        self.expand(name, m, args, env);
    }

    fn expand(&mut self, name: &Name, m: &'a Macro, args: &[Expr], env: &Env) {
        if m.params.len() != args.len() {
            let at = self.at(name.at);
            return self.report(at, |span| CoreError::Arity {
                name: name.text.clone(),
                expected: m.params.len(),
                found: args.len(),
                signature: m.signature.clone(),
                span,
            });
        }
        if self.stack.contains(&name.text) {
            let at = self.at(name.at);
            return self.report(at, |span| CoreError::Recursive {
                name: name.text.clone(),
                span,
            });
        }
        let Some(body) = &m.body else {
            return;
        };
        let inner: Env = (m.params.iter().cloned())
            .zip(args.iter().map(|a| super::progress::close(a, env)))
            .collect();
        self.used.insert(name.text.clone());
        self.stack.push(name.text.clone());
        self.emit(body, &inner);
        self.stack.pop();
    }

    fn mark(&mut self, word: Option<&Name>, at: Spot, env: &Env) {
        if self.in_pattern > 0 {
            let span = self.at(at);
            return self.report(span, |span| CoreError::InPattern {
                what: "a mark",
                span,
            });
        }
        let Some(word) = word else {
            self.push(Op::Mark);
            return;
        };
        // A macro's parameter marks its argument, as the expanded rules
        // print it.
        let Some(word) = self.bound(word, env) else {
            return;
        };
        let word = &word;
        if self.t.board.cell(&word.text).is_some() {
            return self.misplaced(
                word,
                "a cell's name",
                "a marked word must not be a cell name, so that notations read back",
            );
        }
        let w = match self.words.iter().position(|w| *w == word.text) {
            Some(w) => w,
            None => {
                self.words.push(word.text.clone());
                self.words.len() - 1
            }
        };
        self.push(Op::Word(w as u16));
    }

    pub(super) fn player(&mut self, who: &Name, env: &Env) -> Option<Who> {
        let who = self.bound(who, env)?;
        match who.text.as_str() {
            "next" => return Some(Who::Next),
            "me" => return Some(Who::Current),
            _ => {}
        }
        match self.players.iter().position(|p| *p == who.text) {
            Some(p) => Some(Who::Player(p as u8)),
            None => {
                let mut known: Vec<&str> = vec!["next", "me"];
                known.extend(self.players.iter().map(String::as_str));
                let help = suggestion_help(&who.text, "the players are", &known);
                self.unknown("player", &who, help);
                None
            }
        }
    }

    fn switch(&mut self, who: &Name, env: &Env) {
        let Some(to) = self.player(who, env) else {
            return;
        };
        if let (Some(which), 0) = (self.ending_only, self.in_pattern) {
            let span = self.at(who.at);
            let what = match which {
                EndingRules::NoMove => {
                    "a player switch (in `no_move_rules`, which only end the game)"
                }
                EndingRules::Repetition => {
                    "a player switch (in `repetition_rules`, which only end the game)"
                }
            };
            return self.report(span, |span| CoreError::InPattern { what, span });
        }
        if self.in_greedy > 0 && self.in_pattern == 0 {
            let span = self.at(who.at);
            return self.report(span, |span| CoreError::InPattern {
                what: "a player switch (in a `*!` repetition)",
                span,
            });
        }
        match self.in_pattern {
            0 => self.push(Op::Switch(to)),
            _ => self.push(Op::SetPlayer(to)),
        };
    }

    fn end(&mut self, result: &Name, who: Option<&Name>, env: &Env) {
        if self.in_pattern > 0 || self.in_greedy > 0 {
            let span = self.at(result.at);
            return self.report(span, |span| CoreError::InPattern {
                what: "a game end",
                span,
            });
        }
        let who = match who {
            Some(w) => match self.player(w, env) {
                Some(w) => w,
                None => return,
            },
            None => Who::Current,
        };
        let ending = match result.text.as_str() {
            "win" => Ending::Win(who),
            "lose" => Ending::Lose(who),
            "draw" => Ending::Draw,
            "stop" => Ending::Stop,
            _ => return self.misplaced(result, "not a result", "write `end(win)`, `end(lose)`, `end(draw)` or `end(stop)`, with an optional player: `end(win white)`"),
        };
        self.push(Op::End(ending));
    }

    pub(super) fn variable(&mut self, name: &Name, env: &Env) -> u16 {
        self.variable_found(name, env).unwrap_or(0)
    }

    /// The variable `name` names; `None` once reported.
    fn variable_found(&mut self, name: &Name, env: &Env) -> Option<u16> {
        let name = self.bound(name, env)?;
        let found = self.t.variables.iter().position(|v| v.name == name.text);
        if found.is_none() {
            let known: Vec<&str> = self.t.variables.iter().map(|v| v.name.as_str()).collect();
            let help = suggestion_help(&name.text, "the variables are", &known);
            self.unknown("variable", &name, help);
        }
        found.map(|v| v as u16)
    }

    /// Variable `var`, and whose copy `whose` names (`score@next`; the
    /// mover's without it); refusals reported.
    fn copy_of(&mut self, var: &Name, whose: Option<&Name>, env: &Env) -> (u16, Who) {
        let found = self.variable_found(var, env);
        let v = found.unwrap_or(0);
        let Some(whose) = whose.and_then(|w| self.bound(w, env)) else {
            return (v, Who::Current);
        };
        if found.is_some_and(|v| !self.t.variables[usize::from(v)].per_player) {
            let help = "write the variable alone, or give it `per_player = true` in its `[[variables]]` table";
            self.misplaced(
                var,
                "a variable that is one for the game has no player's copies",
                help,
            );
        }
        if whose.text != "enemy" {
            return (v, self.player(&whose, env).unwrap_or(Who::Current));
        }
        if self.players.len() != 2 {
            let help = "name the player whose copy it is: `v@next` or a player's name";
            self.misplaced(&whose, "`enemy` is the other of two players", help);
        }
        (v, Who::Next)
    }

    fn value(&mut self, v: &VExpr, env: &Env) -> u16 {
        let node = match v {
            VExpr::Int(n, _) => Value::Int(*n),
            VExpr::Var(name) => match self.named_value(name, env) {
                Some(node) => node,
                None => return 0,
            },
            VExpr::Owned(var, whose) => {
                let (v, whose) = self.copy_of(var, Some(whose), env);
                Value::Var(v, whose)
            }
            VExpr::Count(items, _) => Value::Count(self.mask(items, env)),
            VExpr::Cells(body, _) => Value::Cells(self.cells_body(body, env)),
            VExpr::Add(a, plus, b) => {
                let (a, b) = (self.value(a, env), self.value(b, env));
                Value::Add(a, *plus, b)
            }
            VExpr::Mul(a, op, b) => {
                let (a, b) = (self.value(a, env), self.value(b, env));
                Value::Mul(a, *op, b)
            }
        };
        self.values.push(node);
        (self.values.len() - 1) as u16
    }

    /// The value a name stands for: a number given to the macro, `me`,
    /// `height`, a player's index or a variable; `None` when reported.
    fn named_value(&mut self, name: &Name, env: &Env) -> Option<Value> {
        if let Some(Expr::Number(n, _)) = env.get(&name.text) {
            return Some(Value::Int(*n));
        }
        let name = self.bound(name, env)?;
        let player = self.players.iter().position(|p| *p == name.text);
        let var = self.t.variables.iter().any(|v| v.name == name.text);
        Some(match (name.text.as_str(), player) {
            ("me", _) => Value::Me,
            ("height", _) if !var => Value::Height,
            ("column", _) if !var => Value::Column,
            ("row", _) if !var => Value::Row,
            ("changed", _) if !var => Value::Changed,
            ("cycle", _) if !var => Value::Cycle,
            (_, Some(p)) if !var => Value::Int(p as i64),
            _ => Value::Var(self.variable(&name, env), Who::Current),
        })
    }

    /// The cell `name` (a parameter's argument) names; `None`, reported,
    /// when no cell has that name.
    fn cell(&mut self, name: &Name, env: &Env) -> Option<u16> {
        let name = self.bound(name, env)?;
        let cell = self.t.board.cell(&name.text);
        if cell.is_none() {
            let near: Vec<&str> = self.t.board.names.iter().map(String::as_str).collect();
            let help = suggestion_help(
                &name.text,
                "cells are named like",
                &near[..near.len().min(4)],
            );
            self.unknown("cell", &name, help);
        }
        cell
    }

    /// `{@ a1, h8}`: a test that the cursor is on one of the cells (a
    /// range `d1:f3`: every cell whose column and row lie between the
    /// two corners', places of the board's drawing that need not be
    /// cells: a hole, a graph's empty place).
    fn at_test(&mut self, cells: &[(Name, Option<Name>)], env: &Env) {
        let mut set: Vec<u16> = Vec::new();
        for (first, last) in cells {
            match last {
                None => set.extend(self.cell(first, env)),
                Some(last) => {
                    let (a, b) = (self.place(first, env), self.place(last, env));
                    set.extend(
                        a.zip(b)
                            .map(|(a, b)| self.t.board.rectangle(a, b))
                            .unwrap_or_default(),
                    );
                }
            }
        }
        set.sort_unstable();
        set.dedup();
        let index = match self.at_sets.iter().position(|s| *s == set) {
            Some(i) => i,
            None => {
                self.at_sets.push(set);
                self.at_sets.len() - 1
            }
        };
        self.push(Op::At(index as u16));
    }

    /// The grid place (column, row) `name` names, a cell or not (a range's
    /// corner may be a hole); `None`, reported, when it names none.
    fn place(&mut self, name: &Name, env: &Env) -> Option<(u16, u16)> {
        let bound = self.bound(name, env)?;
        let b = &self.t.board;
        match super::board::place_named(&bound.text, b.width, b.height) {
            Some(place) => Some(place),
            None => self.cell(name, env).map(|c| b.xy[usize::from(c)]),
        }
    }

    /// Emits the rules of a `cells(e)` value where the run jumps over
    /// them (they run only when the value is read, as a pattern's do,
    /// each way ending on [`Op::Reached`]); their first instruction.
    fn cells_body(&mut self, body: &Expr, env: &Env) -> u32 {
        let jump = self.push(Op::Jump(0));
        self.in_pattern += 1;
        self.emit(body, env);
        self.in_pattern -= 1;
        self.push(Op::Reached);
        self.ops[jump] = Op::Jump(self.here());
        self.cells_bodies.push(jump as u32 + 1);
        jump as u32 + 1
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
