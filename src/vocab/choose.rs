//! Choosing among the legal actions without listing them: how many there
//! are (population counts of the generator's masks), the one at an index
//! in canonical order, and a uniformly random one, for random bots and
//! playouts.

use rand::RngExt;

use super::generate::{Scan, Sink};
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
    fn each(&mut self, mask: super::compile::Cells, _: impl Fn(u8) -> Action) -> bool {
        self.0 += mask.count_ones() as usize;
        true
    }
}

/// Finds the action at index `left` (counting down as actions pass).
struct Nth {
    left: usize,
    found: Option<Action>,
}

impl Sink for Nth {
    #[inline(always)]
    fn one(&mut self, action: Action) -> bool {
        if self.left == 0 {
            self.found = Some(action);
            return false;
        }
        self.left -= 1;
        true
    }

    #[inline(always)]
    fn each(&mut self, mut mask: super::compile::Cells, make: impl Fn(u8) -> Action) -> bool {
        let n = mask.count_ones() as usize;
        if self.left >= n {
            self.left -= n;
            return true;
        }
        for _ in 0..self.left {
            mask &= mask - 1;
        }
        self.found = Some(make(mask.trailing_zeros() as u8));
        false
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
        let mut nth = Nth {
            left: index,
            found: None,
        };
        self.each_action(&mut nth);
        nth.found
    }

    /// A uniformly random legal action, `None` when there is none: the
    /// action `legal_actions()[rng.random_range(0..n)]` for `n` legal
    /// actions, drawing exactly as that would, but counted and then found
    /// from the masks (one scan of the position, no list). The contract's
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
        self.status.to_move()?;
        let (allowed, skip) = (self.allowed_rules(), self.phase_skips());
        let mut scan = Scan::blank();
        scan.fill(self);
        let mut count = Count(0);
        self.each_action_scanned(&scan, allowed, skip, &mut count);
        if count.0 == 0 {
            return None;
        }
        let mut nth = Nth {
            left: rng.random_range(0..count.0),
            found: None,
        };
        self.each_action_scanned(&scan, allowed, skip, &mut nth);
        nth.found
    }

    /// The legal actions as a new list (rulesets whose rules overlap,
    /// where only the deduplicated list knows the count).
    fn listed(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.generate(&mut out);
        out
    }
}
