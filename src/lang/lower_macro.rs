//! Compiling the names the rules call: a parameter's argument, `any`, a
//! direction or an alias, a macro expanded with its arguments (checked
//! for arity and recursion), and the macros the rules never use.

use super::ast::{Expr, Macro, Name, Spot};
use super::error::CoreError;
use super::lower::{Env, Lower, UNKNOWN};
use super::program::Op;
use crate::config::validate::suggestion_help;

impl<'a> Lower<'a> {
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

    pub(super) fn call(&mut self, name: &Name, args: &[Expr], env: &Env) {
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
            known.extend(
                self.macros
                    .keys()
                    .filter(|k| !k.contains('/'))
                    .map(String::as_str),
            );
            let help = suggestion_help(&name.text, "the directions and macros are", &known);
            return self.unknown("direction or macro", name, help);
        };
        let twice = super::compile::twice_given(&name.text, args.len());
        let m = match self.macros.get(&twice) {
            Some(other) if m.params.len() != args.len() => other,
            _ => m,
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

    /// A number where rules are expected (a macro's number argument
    /// written as rules), reported.
    pub(super) fn number_for_rules(&mut self, n: i64, at: Spot) {
        let name = Name {
            text: n.to_string(),
            at,
        };
        let help = "a number argument stands for a value (`{$ x < n}`, `[$ x = n]`) or a marked word (`mark(n)`); where the macro needs rules, pass rules";
        self.misplaced(&name, "a number where rules are expected", help);
    }
}
