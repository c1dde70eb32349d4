//! What receives the generator's actions ([`Sink`]): a list, a count,
//! the n-th action, or a closure. Actions for a whole mask of squares
//! come in one call, as a template aimed at each square ([`aim`]), so a
//! count adds a population count instead of visiting each square, and the
//! n-th action skips whole masks by their counts.

use super::bits::{Bits, nth_square, squares};
use super::compile::Cells;
use super::state::Action;

/// How many actions each square of a mask gives (see [`Sink::spread`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum Spread<'a> {
    /// Two per square: parameter 0, then 1.
    Twice,
    /// `heights[square]` per square: parameter 1 up to the height.
    Heights(&'a [u8]),
}

impl Spread<'_> {
    /// The number of actions over `mask`.
    #[inline(always)]
    pub(super) fn count<W: Bits>(self, mask: W) -> usize {
        match self {
            Spread::Twice => 2 * mask.ones() as usize,
            Spread::Heights(heights) => squares(mask).map(|at| usize::from(heights[at])).sum(),
        }
    }

    /// The action at `offset` (from 0, in order) among those over `mask`.
    #[inline]
    pub(super) fn nth<W: Bits>(self, mask: W, template: Action, offset: usize) -> Option<Action> {
        match self {
            Spread::Twice => {
                let at = nth_square(mask, offset / 2)?;
                Some(aim_with(template, at, (offset % 2) as u8))
            }
            Spread::Heights(heights) => {
                let mut left = offset;
                for at in squares(mask) {
                    let height = usize::from(heights[at]);
                    if left < height {
                        return Some(aim_with(template, at as u8, left as u8 + 1));
                    }
                    left -= height;
                }
                None
            }
        }
    }
}

/// `template` aimed at square `at`: the square a mask of actions varies
/// over (a placement's or a drop's square, a move's target, an effect's
/// square); other actions stay as they are.
#[inline(always)]
pub(super) fn aim(template: Action, at: u8) -> Action {
    match template {
        Action::Place { kind, .. } => Action::Place { kind, at },
        Action::Drop { kind, .. } => Action::Drop { kind, at },
        Action::PlaceFrom { stack, .. } => Action::PlaceFrom { stack, at },
        Action::Move { from, .. } => Action::Move { from, to: at },
        Action::Effect { rule, arg, .. } => Action::Effect { rule, at, arg },
        other => other,
    }
}

/// [`aim`], with an effect's parameter `arg`.
#[inline(always)]
fn aim_with(template: Action, at: u8, arg: u8) -> Action {
    match aim(template, at) {
        Action::Effect { rule, at, .. } => Action::Effect { rule, at, arg },
        other => other,
    }
}

/// Moves of several pieces at once (see [`Sink::fan`]): each piece on
/// `froms` to every square of its targets but its own, where a piece's
/// targets are `base` and, for a piece of kind `k`, `extra[k]`, with the
/// squares topped by each kind in `kind_tops` (empty: every piece has the
/// targets `base`). The actions come in order of the square left, then of
/// the square entered.
#[derive(Clone, Copy)]
pub(super) struct Fan<'a, W> {
    /// The squares left.
    pub(super) froms: W,
    /// The squares every piece may enter (never one of `froms`).
    pub(super) base: W,
    /// Per kind, the squares its pieces may enter besides `base`.
    pub(super) extra: &'a [W],
    /// Per kind, the squares topped by it.
    pub(super) kind_tops: &'a [Cells],
    /// Whether a piece's own square may be among its kind's `extra`
    /// squares (it is then left out); never where only larger pieces
    /// cover, since a piece does not cover its own size.
    pub(super) own_in_extra: bool,
}

impl<W: Bits> Fan<'_, W> {
    /// The number of moves: a product of counts per kind, without a
    /// branch on them (which kinds a player shows changes every turn).
    #[inline(always)]
    pub(super) fn count(self) -> usize {
        debug_assert_eq!(self.froms & self.base, W::NONE);
        let mut n = self.froms.ones() * self.base.ones();
        for (&tops, &extra) in self.kind_tops.iter().zip(self.extra) {
            let from = self.froms & W::of(tops);
            n += from.ones() * extra.ones();
            if self.own_in_extra {
                n -= (from & extra).ones();
            }
        }
        n as usize
    }

    /// The squares entered from `from`.
    #[inline(always)]
    fn from(self, from: usize) -> W {
        let extra = (self.kind_tops.iter().zip(self.extra)).fold(W::NONE, |m, (&tops, &extra)| {
            let tops = W::of(tops);
            m | extra & W::all_if(tops.has(from))
        });
        (self.base | extra) & !W::bit(from)
    }

    /// Each square left, by index, with its squares entered.
    #[inline(always)]
    fn each(self) -> impl Iterator<Item = (u8, W)> {
        squares(self.froms).map(move |from| (from as u8, self.from(from)))
    }

    /// The move at `offset` (from 0, in order) among the fan's, or the
    /// offset left past its last move.
    #[inline]
    pub(super) fn nth(self, mut offset: usize) -> Result<Action, usize> {
        for (from, targets) in self.each() {
            let n = targets.ones() as usize;
            if offset < n {
                let to = nth_square(targets, offset).ok_or(offset)?;
                return Ok(Action::Move { from, to });
            }
            offset -= n;
        }
        Err(offset)
    }
}

/// What receives generated actions, in canonical order.
pub(super) trait Sink {
    /// Takes one action; false stops generation.
    fn one(&mut self, action: Action) -> bool;

    /// Takes `template` aimed ([`aim`]) at each square of `mask` by index;
    /// false stops generation.
    #[inline(always)]
    fn each<W: Bits>(&mut self, mask: W, template: Action) -> bool {
        squares(mask).all(|at| self.one(aim(template, at as u8)))
    }

    /// Takes, for each square of `mask` by index, the actions `spread`
    /// gives there: `template` aimed at the square with each parameter in
    /// turn; false stops generation.
    #[inline(always)]
    fn spread<W: Bits>(&mut self, mask: W, spread: Spread, template: Action) -> bool {
        match spread {
            Spread::Twice => squares(mask).all(|at| {
                let at = at as u8;
                self.one(aim_with(template, at, 0)) && self.one(aim_with(template, at, 1))
            }),
            Spread::Heights(heights) => squares(mask)
                .all(|at| (1..=heights[at]).all(|arg| self.one(aim_with(template, at as u8, arg)))),
        }
    }

    /// Takes the moves of `fan` in order; false stops generation.
    #[inline(always)]
    fn fan<W: Bits>(&mut self, fan: Fan<W>) -> bool {
        (fan.each()).all(|(from, targets)| self.each(targets, Action::Move { from, to: 0 }))
    }
}

/// Finds the action at an index, skipping whole masks by their counts.
pub(super) struct Nth {
    /// The actions still to skip.
    pub(super) left: usize,
    /// The action, once found.
    pub(super) found: Option<Action>,
}

impl Nth {
    /// Takes `count` actions, `pick` giving the one at an offset among
    /// them; false once found.
    #[inline(always)]
    fn take(&mut self, count: usize, pick: impl FnOnce(usize) -> Option<Action>) -> bool {
        if self.left < count {
            self.found = pick(self.left);
            return false;
        }
        self.left -= count;
        true
    }
}

impl Sink for Nth {
    #[inline(always)]
    fn one(&mut self, action: Action) -> bool {
        self.take(1, |_| Some(action))
    }

    #[inline(always)]
    fn each<W: Bits>(&mut self, mask: W, template: Action) -> bool {
        let count = mask.ones() as usize;
        self.take(count, |i| nth_square(mask, i).map(|at| aim(template, at)))
    }

    #[inline(always)]
    fn spread<W: Bits>(&mut self, mask: W, spread: Spread, template: Action) -> bool {
        self.take(spread.count(mask), |i| spread.nth(mask, template, i))
    }

    /// Walks the fan's moves without counting them first.
    #[inline(always)]
    fn fan<W: Bits>(&mut self, fan: Fan<W>) -> bool {
        match fan.nth(self.left) {
            Ok(action) => {
                self.found = Some(action);
                false
            }
            Err(left) => {
                self.left = left;
                true
            }
        }
    }
}

impl Sink for Vec<Action> {
    #[inline(always)]
    fn one(&mut self, action: Action) -> bool {
        self.push(action);
        true
    }

    #[inline(always)]
    fn each<W: Bits>(&mut self, mut mask: W, template: Action) -> bool {
        // A counted range writes the actions without a capacity check each.
        self.extend((0..mask.ones()).map(|_| {
            let at = mask.lowest() as u8;
            mask = mask.drop_lowest();
            aim(template, at)
        }));
        true
    }
}

/// A closure as a [`Sink`].
pub(super) struct Until<F>(pub(super) F);

impl<F: FnMut(Action) -> bool> Sink for Until<F> {
    #[inline(always)]
    fn one(&mut self, action: Action) -> bool {
        (self.0)(action)
    }
}
