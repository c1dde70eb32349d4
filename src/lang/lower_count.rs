//! Compiling repetitions counted by a macro's number parameters: `e{0,k}`
//! and `e{k,}` as written, and `e{k}` or `e{k,m}`, read as a test, where
//! every name is a number parameter (braces that name things test them
//! otherwise).

use super::ast::{Bound, Expr, Spot};
use super::lower::{Env, Lower};
use super::progress::{bound_value, counted_by};

impl Lower<'_> {
    /// Each item of a sequence in turn, an item followed by a test that
    /// counts it ([`counted_by`]) repeated that many times.
    pub(super) fn sequence(&mut self, items: &[Expr], env: &Env) {
        let mut index = 0;
        while let Some(item) = items.get(index) {
            match items.get(index + 1).and_then(|next| counted_by(next, env)) {
                Some((min, max, at)) => {
                    self.repeat(item, min, Some(max), at, env);
                    index += 2;
                }
                None => {
                    self.emit(item, env);
                    index += 1;
                }
            }
        }
    }

    /// `body` repeated between `min` and `max` times, each a number or a
    /// parameter given one (anything else is refused at the parameter).
    pub(super) fn counted(
        &mut self,
        body: &Expr,
        (min, max): (&Bound, Option<&Bound>),
        at: Spot,
        env: &Env,
    ) {
        let max = match max {
            None => Some(None),
            Some(bound) => self.count(bound, env).map(Some),
        };
        let (Some(min), Some(max)) = (self.count(min, env), max) else {
            return;
        };
        self.repeat(body, min, max, at, env);
    }

    /// The number `bound` counts, or `None` once refused.
    fn count(&mut self, bound: &Bound, env: &Env) -> Option<u32> {
        let value = bound_value(bound, env);
        let counted = value.and_then(|n| u32::try_from(n).ok());
        if let (None, Bound::Param(name)) = (counted, bound) {
            let (why, help) = match value {
                Some(_) => (
                    "a count below 0",
                    "give the macro a whole number of 0 or more for it",
                ),
                None => (
                    "a name in a count that is not given a number",
                    "a count names a parameter of the macro it is written in, given a whole number where the macro is used: `\"slide(d, k)\" = \"(d {empty}){0,k} d\"` with `slide(n, 3)`",
                ),
            };
            self.misplaced(name, why, help);
        }
        counted
    }
}
