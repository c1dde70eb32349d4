//! Compiling variables and values: comparisons (`{$ x < 3}`),
//! assignments (`[$ x = x + 1]`), and the value nodes they read
//! (numbers, variables, `me`, `height`, `count{...}`, `cells(e)`...).

use super::ast::{Assignment, Compare, Expr, Name, VExpr};
use super::lower::{Env, Lower};
use super::program::{Op, Value, Who};
use crate::config::validate::suggestion_help;

/// The names of the values the rules know without a variable.
const BUILT_IN_VALUES: [&str; 7] = ["me", "turn", "column", "row", "height", "changed", "cycle"];

impl Lower<'_> {
    /// `{$ a < b, ...}`: a comparison instruction each, all true.
    pub(super) fn var_test(&mut self, compares: &[Compare], env: &Env) {
        for c in compares {
            let (a, b) = (self.value(&c.left, env), self.value(&c.right, env));
            self.push(Op::Compare(a, c.op, b));
        }
    }

    /// `[$ x = e, y@next = e, ...]`: an assignment instruction each, in
    /// order.
    pub(super) fn assign(&mut self, list: &[Assignment], env: &Env) {
        for a in list {
            let (v, whose) = self.copy_of(&a.var, a.whose.as_ref(), env);
            let value = self.value(&a.value, env);
            self.push(Op::Assign(v, whose, value));
        }
    }

    /// The variable `name` names; `None` once reported.
    fn variable_found(&mut self, name: &Name, env: &Env) -> Option<u16> {
        self.variable_or_value(name, env, false)
    }

    /// [`Self::variable_found`] where a value is read: an unknown name's
    /// help also offers the built-in values and the players.
    fn variable_or_value(&mut self, name: &Name, env: &Env, read: bool) -> Option<u16> {
        let name = self.bound(name, env)?;
        let found = self.t.variables.iter().position(|v| v.name == name.text);
        if found.is_none() {
            let mut known: Vec<&str> = self.t.variables.iter().map(|v| v.name.as_str()).collect();
            let declare = format!(
                "declare it in a `[[variables]]` table: `name = \"{}\"`",
                name.text
            );
            let listed = match (read, known.is_empty()) {
                (false, false) => suggestion_help(&name.text, "the variables are", &known),
                (false, true) => String::new(),
                (true, _) => {
                    known.extend(BUILT_IN_VALUES);
                    known.extend(self.players.iter().map(String::as_str));
                    let what = "the variables, built-in values and players are";
                    suggestion_help(&name.text, what, &known)
                }
            };
            // A near name is the likely fix; else a declaration is.
            let help = match listed.as_str() {
                "" => declare,
                near if near.starts_with("did you mean") => listed,
                _ => format!("{declare}; {listed}"),
            };
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
            ("turn", _) if !var => Value::Turn,
            (_, Some(p)) if !var => Value::Int(p as i64),
            _ => Value::Var(
                (self.variable_or_value(&name, env, true)).unwrap_or(0),
                Who::Current,
            ),
        })
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
