//! Compiling the stack operations of the rules (`[push KIND]`, `[pop]`,
//! `[lift]`, `[lift all]`, `[drop]`, `[drop all]`) and `[become KIND]` to
//! instructions; what they do is [`super::machine`]'s stack module.

use super::ast::{Name, Spot, StackOp};
use super::lower::{Env, Lower, intern_row};
use super::program::Op;
use crate::config::validate::suggestion_help;

impl Lower<'_> {
    /// Emits stack operation `op` with the word written after it.
    pub(super) fn stack_op(&mut self, op: StackOp, word: Option<&Name>, at: Spot, env: &Env) {
        let written = Name {
            text: op.word().to_owned(),
            at,
        };
        let word = match word {
            // A parameter of a macro checked without a use (or whose
            // argument was refused, already reported): nothing to say.
            Some(w) => match self.bound(w, env) {
                None => return,
                bound => bound,
            },
            None => None,
        };
        let all = word.as_ref().is_some_and(|w| w.text == "all");
        match (op, &word) {
            (StackOp::Push, Some(kind)) if kind.text != "empty" => {
                let s = self.put(kind, env);
                self.push(Op::Push(s));
            }
            (StackOp::Push, _) => self.misplaced(
                word.as_ref().unwrap_or(&written),
                "`[push ...]` needs the kind of the piece it puts on top",
                "write `[push KIND]`; `[pop]` removes the top piece",
            ),
            (StackOp::Pop, None) => drop(self.push(Op::Pop)),
            (StackOp::Become, Some(kind)) if kind.text != "empty" => {
                if let Some(t) = self.become_table(kind) {
                    self.push(Op::Become(t));
                }
            }
            (StackOp::Become, _) => self.misplaced(
                word.as_ref().unwrap_or(&written),
                "`[become ...]` needs the kind the top piece turns into",
                "write `[become KIND]`; `[empty]` clears the cell",
            ),
            (StackOp::Lift, _) if word.is_none() || all => drop(self.push(Op::Lift(all))),
            (StackOp::Drop, _) if word.is_none() || all => drop(self.push(Op::Drop(all))),
            (_, Some(other)) => self.misplaced(
                other,
                "only `all` may follow `lift` or `drop`, and nothing `pop`",
                "write `[pop]`, `[lift]`, `[lift all]`, `[drop]` or `[drop all]`",
            ),
            (_, None) => {}
        }
    }

    /// The table of `[become KIND]` (what each cell code turns into: the
    /// same owner's `kind`, or 0), shared by equal tables; `None` (and a
    /// problem reported) for an unknown kind.
    fn become_table(&mut self, kind: &Name) -> Option<u16> {
        let t = self.t;
        let Some(k) = t.kinds.iter().position(|(name, _)| *name == kind.text) else {
            let known: Vec<&str> = t.kinds.iter().map(|k| k.0.as_str()).collect();
            let help = suggestion_help(
                &kind.text,
                "`[become ...]` turns a piece into one of",
                &known,
            );
            self.unknown("kind", kind, help);
            return None;
        };
        let mut table = vec![0];
        table.extend(t.pieces.iter().map(|pc| t.code_of(k, pc.owner)));
        Some(intern_row(&mut self.becomes, &table) as u16)
    }
}
