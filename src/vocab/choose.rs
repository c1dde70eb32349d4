//! Choosing among the legal actions without listing them: how many there
//! are (population counts of the generator's masks), the one at an index
//! in canonical order, and a uniformly random one, for random bots and
//! playouts.

use std::cell::RefCell;

use rand::RngExt;

use super::compile::{Cells, Rule};
use super::generate::{Drops, Scan, Sink, Spread};
use super::schema::{Mechanic, Pattern};
use super::sink::{aim, nth_square};
use super::state::{Action, VocabGame};

/// Counts the actions.
struct Count(usize);

impl Sink for Count {
    #[inline(always)]
    fn one(&mut self, _: Action) -> bool {
        self.0 += 1;
        true
    }

    #[inline(always)]
    fn each(&mut self, mask: Cells, _: Action) -> bool {
        self.0 += mask.count_ones() as usize;
        true
    }

    #[inline(always)]
    fn spread(&mut self, mask: Cells, spread: Spread, _: Action) -> bool {
        self.0 += spread.count(mask);
        true
    }

    #[inline(always)]
    fn drops(&mut self, drops: Drops) -> bool {
        self.0 += drops.count();
        true
    }
}

/// A run of consecutive actions: one action, a mask of squares, or a
/// spread over a mask.
#[derive(Clone, Copy)]
struct Run {
    /// The squares (0: the run is `template` alone).
    mask: Cells,
    /// The actions before this run.
    before: u32,
    template: Action,
    /// 1: one action per square; 2: [`Spread::Twice`]; 0: [`Spread::Heights`];
    /// 3: [`Drops`] into the lines entered on `mask` (the template's square
    /// is the rule's index).
    per: u8,
}

thread_local! {
    /// The runs of the last menu on this thread, kept so that choosing
    /// allocates nothing once the buffer has grown.
    static RUNS: RefCell<Vec<Run>> = const { RefCell::new(Vec::new()) };
}

/// The legal actions as runs, in canonical order: one pass over the
/// masks, then any action found by its index without a second pass.
struct Menu<'a> {
    runs: &'a mut Vec<Run>,
    total: usize,
}

impl Menu<'_> {
    #[inline(always)]
    fn add(&mut self, mask: Cells, per: u8, template: Action, count: usize) {
        if count == 0 {
            return;
        }
        self.runs.push(Run {
            mask,
            before: self.total as u32,
            template,
            per,
        });
        self.total += count;
    }

    /// The action at `index`, if there are that many, given the stack
    /// heights, the rules and the occupied squares of the position.
    fn get(&self, index: usize, heights: &[u8], rules: &[Rule], occupied: Cells) -> Option<Action> {
        if index >= self.total {
            return None;
        }
        let at = self.runs.partition_point(|r| r.before as usize <= index);
        let run = self.runs[at - 1];
        let offset = index - run.before as usize;
        match (run.mask, run.per) {
            (0, _) => Some(run.template),
            (mask, 1) => nth_square(mask, offset).map(|at| aim(run.template, at)),
            (mask, 2) => Spread::Twice.nth(mask, run.template, offset),
            (open, 3) => {
                let Action::Drop { kind, at: index } = run.template else {
                    return None;
                };
                let rule = rules.get(usize::from(index))?;
                (Drops {
                    open,
                    kind,
                    index,
                    rule,
                    occupied,
                })
                .nth(offset)
            }
            (mask, _) => Spread::Heights(heights).nth(mask, run.template, offset),
        }
    }
}

impl Sink for Menu<'_> {
    #[inline(always)]
    fn one(&mut self, action: Action) -> bool {
        self.add(0, 1, action, 1);
        true
    }

    #[inline(always)]
    fn each(&mut self, mask: Cells, template: Action) -> bool {
        self.add(mask, 1, template, mask.count_ones() as usize);
        true
    }

    #[inline(always)]
    fn spread(&mut self, mask: Cells, spread: Spread, template: Action) -> bool {
        let per = match spread {
            Spread::Twice => 2,
            Spread::Heights(_) => 0,
        };
        self.add(mask, per, template, spread.count(mask));
        true
    }

    #[inline(always)]
    fn drops(&mut self, drops: Drops) -> bool {
        let template = Action::Drop {
            kind: drops.kind,
            at: drops.index,
        };
        self.add(drops.open, 3, template, drops.count());
        true
    }
}

impl VocabGame {
    /// How many legal actions there are: `legal_actions().len()`, counted
    /// from the masks without listing them.
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap());
    /// assert_eq!(game.legal_action_count(), game.legal_actions().len());
    /// ```
    pub fn legal_action_count(&self) -> usize {
        if self.program.overlapping {
            return self.listed().len();
        }
        let mut count = Count(0);
        self.each_action(&mut count);
        count.0
    }

    /// The legal action at `index` in canonical order
    /// (`legal_actions().get(index)`), found without listing the others.
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("connect-four").unwrap().unwrap());
    /// assert_eq!(game.nth_legal_action(3), game.legal_actions().get(3).copied());
    /// assert_eq!(game.nth_legal_action(7), None);
    /// ```
    pub fn nth_legal_action(&self, index: usize) -> Option<Action> {
        if self.program.overlapping {
            return self.listed().get(index).copied();
        }
        self.find(|_| index)
    }

    /// A uniformly random legal action, `None` when there is none: the
    /// action `legal_actions()[rng.random_range(0..n)]` for `n` legal
    /// actions, drawing exactly as that would, but found from the masks in
    /// one pass, as runs of actions (a mask of squares per piece or
    /// reserve stack) instead of a list. The contract's
    /// [`Game::random_action`](crate::contract::Game::random_action) for
    /// vocabulary games.
    ///
    /// ```
    /// use rand::{RngExt, SeedableRng};
    /// use relic::contract::Game;
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap());
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    /// let mut same = rng.clone();
    /// let legal = game.legal_actions();
    /// let expected = legal[same.random_range(0..legal.len())];
    /// assert_eq!(game.random_legal_action(&mut rng), Some(expected));
    /// ```
    pub fn random_legal_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.program.overlapping {
            let listed = self.listed();
            return (!listed.is_empty()).then(|| listed[rng.random_range(0..listed.len())]);
        }
        self.find(|n| rng.random_range(0..n))
    }

    /// The legal action at index `choose(n)` of `n` (none when `n` is 0 or
    /// the index out of range), from one pass that keeps the actions as
    /// runs ([`Menu`]).
    fn find(&self, choose: impl FnOnce(usize) -> usize) -> Option<Action> {
        self.status.to_move()?;
        let (allowed, skip) = (self.allowed_rules(), self.phase_skips());
        let mut scan = Scan::blank();
        scan.fill(self);
        RUNS.with_borrow_mut(|runs| {
            runs.clear();
            let mut menu = Menu { runs, total: 0 };
            self.each_action_scanned(&scan, allowed, skip, &mut menu);
            if menu.total == 0 {
                return None;
            }
            let rules = &self.program.rules;
            menu.get(choose(menu.total), &self.heights, rules, scan.occupied)
        })
    }

    /// Whether a list is the cheaper way to choose: no rule gives its
    /// actions as masks of squares (drops and patterned moves come one by
    /// one; a menu of drops, though kept as one mask of open lines,
    /// measured slower than listing them, its bit select a branch that
    /// cannot be predicted).
    pub(super) fn chooses_from_list(&self) -> bool {
        self.program.rules.iter().all(|rule| match rule.mechanic {
            Mechanic::Place => rule.drop.is_some(),
            Mechanic::Move => rule.pattern != Pattern::Anywhere,
            Mechanic::Pass => true,
            _ => false,
        })
    }

    /// The legal actions as a new list (rulesets whose rules overlap,
    /// where only the deduplicated list knows the count).
    fn listed(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.generate(&mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_masks_and_spreads_decode_in_order() {
        let mut runs = Vec::new();
        let mut menu = Menu {
            runs: &mut runs,
            total: 0,
        };
        let mut list = Vec::new();
        let heights = [0, 2, 0, 3];
        let effect = Action::Effect {
            rule: 1,
            at: 0,
            arg: 0,
        };
        for sink in [&mut menu as &mut dyn FnSink, &mut list] {
            sink.emit(effect, &heights);
        }
        assert_eq!(menu.total, list.len());
        for (i, action) in list.iter().enumerate() {
            assert_eq!(menu.get(i, &heights, &[], 0), Some(*action), "{i}");
        }
    }

    /// The same emissions into two kinds of sink.
    trait FnSink {
        fn emit(&mut self, effect: Action, heights: &[u8]);
    }

    impl<S: Sink> FnSink for S {
        fn emit(&mut self, effect: Action, heights: &[u8]) {
            self.one(Action::Pass);
            self.each(0b1010_0110, Action::Move { from: 9, to: 0 });
            self.spread(0b1010, Spread::Heights(heights), effect);
            self.spread(0b0101, Spread::Twice, effect);
            self.one(Action::Forfeit { rule: 2 });
        }
    }
}
