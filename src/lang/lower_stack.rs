//! Compiling the stack operations of the rules (`[push KIND]`, `[pop]`,
//! `[lift]`, `[lift all]`, `[drop]`, `[drop all]`) to instructions; what
//! they do is [`super::machine`]'s stack module.

use super::ast::{Name, Spot, StackOp};
use super::lower::{Env, Lower};
use super::program::Op;

impl Lower<'_> {
    /// Emits stack operation `op` with the word written after it.
    pub(super) fn stack_op(&mut self, op: StackOp, word: Option<&Name>, at: Spot, env: &Env) {
        let written = Name {
            text: op.word().to_owned(),
            at,
        };
        let word = match word {
            Some(w) => self.bound(w, env),
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
}
