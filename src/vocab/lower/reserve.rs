//! Numbered reserve stacks (`[reserve] stacks = N`) lowered into
//! per-player variables: `stackS_KIND` is 1 while the player's stack `S`
//! holds a piece of `KIND` (every stack starts with one of each). Placing
//! takes the stack's top, its largest kind: the rule tries the stacks in
//! order and, in each, the one kind whose larger kinds are all gone; the
//! action is written `S@` and the square (`2@b2`), as the vocabulary
//! writes it.

use super::text::{Mode, choice, join};
use super::{Lowering, var};
use crate::lang::schema::VariableSpec;
use crate::vocab::schema::CounterEvent;

impl Lowering<'_> {
    /// The variable of kind `k` in reserve stack `s` (from 0).
    fn stack_var(&self, s: u8, k: usize) -> String {
        format!("stack{}_{}", s + 1, self.kinds[k])
    }

    /// One variable per stack and kind, per player, each starting at 1.
    pub(super) fn stack_variables(&self) -> Vec<VariableSpec> {
        let kinds = self.p.kinds.len();
        (0..self.p.stacks)
            .flat_map(|s| (0..kinds).map(move |k| (s, k)))
            .map(|(s, k)| var(self.stack_var(s, k), 0, 1, 1, true))
            .collect()
    }

    /// The test that kind `k` is on top of stack `s`: it is there and
    /// every larger kind is gone.
    fn on_top(&self, s: u8, k: usize) -> String {
        let larger = self.p.by_size.iter().map(|&o| usize::from(o));
        let gone = larger.take_while(|&o| o != k);
        let mut tests: Vec<String> = gone
            .map(|o| format!("{{$ {} == 0}}", self.stack_var(s, o)))
            .collect();
        tests.push(format!("{{$ {} == 1}}", self.stack_var(s, k)));
        tests.join(" ")
    }

    /// Place rule `r` from the reserve stacks, in `mode`.
    pub(super) fn stack_place(&self, r: usize, mode: Mode, phase: Option<usize>) -> Option<String> {
        let rule = &self.p.rules[r];
        let placed = (0..self.p.kinds.len()).filter(|&k| rule.kinds >> k & 1 == 1);
        let placed: Vec<usize> = placed.collect();
        let stacks = (0..self.p.stacks).filter_map(|s| {
            let tops = placed.iter().map(|&k| {
                let top = self.on_top(s, k);
                match mode {
                    Mode::Can => join(&[&top, "any", &self.onto_test_for(r, k)]),
                    Mode::Act => {
                        let word = format!("mark(\"{}@\")", s + 1);
                        let take = format!("[$ {} = 0]", self.stack_var(s, k));
                        let land = self.land(r, k, CounterEvent::Place, phase);
                        join(&[&top, &word, "any", &take, "mark", &land])
                    }
                }
            });
            choice(tops.collect())
        });
        choice(stacks.collect())
    }
}
