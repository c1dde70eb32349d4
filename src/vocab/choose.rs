//! Choosing among the legal actions without listing them: how many there
//! are (population counts of the generator's masks), the one at an index
//! in canonical order, and a uniformly random one, for random bots and
//! playouts.

use rand::RngExt;

use super::bits::Bits;
use super::compile::Generator;
use super::generate::{Fan, Nth, Sink, Spread};
use super::scan::{Scan, by_width};
use super::state::{Action, VocabGame};

/// The most rules a ruleset has (`actions` holds 1 to 16).
const MAX_RULES: usize = 16;

/// Counts the actions.
struct Count(usize);

/// Puts in `counts` the number of actions of each rule of `rules` (one bit
/// per rule index) that `count` gives.
#[inline(always)]
fn count_rules(
    mut rules: u32,
    counts: &mut [u32; MAX_RULES],
    mut count: impl FnMut(usize, &mut Count),
) {
    while rules != 0 {
        let r = rules.trailing_zeros() as usize;
        rules &= rules - 1;
        let mut c = Count(0);
        count(r, &mut c);
        counts[r] = c.0 as u32;
    }
}

impl Sink for Count {
    #[inline(always)]
    fn one(&mut self, _: Action) -> bool {
        self.0 += 1;
        true
    }

    #[inline(always)]
    fn each<W: Bits>(&mut self, mask: W, _: Action) -> bool {
        self.0 += mask.ones() as usize;
        true
    }

    #[inline(always)]
    fn spread<W: Bits>(&mut self, mask: W, spread: Spread, _: Action) -> bool {
        self.0 += spread.count(mask);
        true
    }

    #[inline(always)]
    fn fan<W: Bits>(&mut self, fan: Fan<W>) -> bool {
        self.0 += fan.count();
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
    /// the index out of range), from two passes over the masks: one that
    /// counts the actions of each rule, one that finds the action among
    /// those of its rule ([`Self::find_by_rules`]).
    fn find(&self, choose: impl FnOnce(usize) -> usize) -> Option<Action> {
        self.status.to_move()?;
        let (allowed, skip) = (self.allowed_rules(), self.phase_skips());
        by_width!(self.program, W => {
            let mut scan = Scan::<W>::blank();
            scan.fill(self);
            self.find_by_rules(&scan, allowed, skip, choose)
        })
    }

    /// [`Self::find`] on a scan of this position: the first pass counts
    /// each rule's actions by population counts (a rule's whole moves at
    /// once: [`super::sink::Fan`]), the second goes through the chosen
    /// action's rule only.
    #[inline(always)]
    fn find_by_rules<W: Bits>(
        &self,
        scan: &Scan<W>,
        allowed: u32,
        skip: bool,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<Action> {
        let me = self.status.to_move()?;
        let mut counts = [0u32; MAX_RULES];
        self.count_by_rule(me, self.live_rules(me, allowed), scan, &mut counts);
        // `starts[r]`: the actions before those of rule `r`; after the
        // last rule, the tail's; past it, none (so that the search below
        // runs over a fixed length).
        let (mut starts, rules) = ([u32::MAX; MAX_RULES + 1], self.program.rules.len());
        starts[0] = 0;
        for r in 0..rules {
            starts[r + 1] = starts[r] + counts[r];
        }
        // Whether a rule gave an action (for a pass allowed when stuck).
        let any = starts[rules] != 0;
        let mut count = Count(starts[rules] as usize);
        self.tail_actions(me, allowed, skip, any, &mut count);
        if count.0 == 0 {
            return None;
        }
        let index = choose(count.0);
        if index >= count.0 {
            return None;
        }
        let index = index as u32;
        // The last rule whose actions start at or before `index` (counted
        // without a branch per rule; rules without actions start where the
        // next does).
        let block = starts[1..].iter().filter(|&&s| s <= index).count();
        let mut nth = Nth {
            left: (index - starts[block]) as usize,
            found: None,
        };
        if block == rules {
            self.tail_actions(me, allowed, skip, any, &mut nth);
        } else {
            self.rule_actions(block, me, scan, &mut false, &mut nth);
        }
        nth.found
    }

    /// Puts in `counts` how many actions each rule of `live` gives `me`
    /// (leaving the others), going through the rules of one [`Generator`]
    /// after another (a predictable branch each, where a jump per rule on
    /// its mechanic is not).
    #[inline(always)]
    fn count_by_rule<W: Bits>(
        &self,
        me: usize,
        live: u32,
        scan: &Scan<W>,
        counts: &mut [u32; MAX_RULES],
    ) {
        use Generator as G;
        let of = |g: G| live & self.program.generators[g as usize];
        let rule = |r: usize| &self.program.rules[r];
        count_rules(of(G::StackPlace), counts, |r, c| {
            self.each_stack_place(rule(r), me, scan, &mut false, c);
        });
        count_rules(of(G::Place), counts, |r, c| {
            self.each_place(rule(r), me, scan, &mut false, c);
        });
        count_rules(of(G::Drop), counts, |r, c| {
            self.each_drop(rule(r), me, scan, &mut false, c);
        });
        count_rules(of(G::Move), counts, |r, c| {
            self.each_move(rule(r), me, scan, &mut false, c);
        });
        for g in [G::Transport, G::Rotate, G::SquareEffect] {
            count_rules(of(g), counts, |r, c| {
                self.each_effect(g, r, me, scan, &mut false, c);
            });
        }
        count_rules(of(G::Pass), counts, |r, c| {
            self.rule_actions(r, me, scan, &mut false, c);
        });
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
    use crate::vocab::sink::Fan;

    #[test]
    fn counts_and_indices_agree_with_the_list() {
        let heights = [0, 2, 0, 3];
        let effect = Action::Effect {
            rule: 1,
            at: 0,
            arg: 0,
        };
        let mut list = Vec::new();
        list.emit(effect, &heights);
        let mut count = Count(0);
        count.emit(effect, &heights);
        assert_eq!(count.0, list.len());
        for i in 0..=list.len() {
            let mut nth = Nth {
                left: i,
                found: None,
            };
            nth.emit(effect, &heights);
            assert_eq!(nth.found, list.get(i).copied(), "{i}");
        }
    }

    /// The same emissions into any kind of sink.
    trait Emit {
        fn emit(&mut self, effect: Action, heights: &[u8]);
    }

    impl<S: Sink> Emit for S {
        fn emit(&mut self, effect: Action, heights: &[u8]) {
            // Two kinds: kind 0 on squares 1 and 4, kind 1 on squares 2
            // and 6; kind 0 may also enter square 2, kind 1 squares 1
            // and 6 (its own, left out).
            let (kind_tops, extra) = ([0b0001_0010u128, 0b0100_0100], [0b0100u64, 0b0100_0010]);
            let by_kind = Fan {
                froms: 0b0101_0110u64,
                base: 0b1000_1001,
                extra: &extra,
                kind_tops: &kind_tops,
                own_in_extra: true,
            };
            let alike = Fan {
                froms: 0b0110u64,
                base: 0b1_1000,
                extra: &[],
                kind_tops: &[],
                own_in_extra: true,
            };
            let _ = self.one(Action::Pass)
                && self.each(0b1010_0110u64, Action::Move { from: 9, to: 0 })
                && self.spread(0b1010u128, Spread::Heights(heights), effect)
                && self.spread(0b0101u64, Spread::Twice, effect)
                && self.fan(by_kind)
                && self.fan(alike)
                && self.one(Action::Forfeit { rule: 2 });
        }
    }
}
