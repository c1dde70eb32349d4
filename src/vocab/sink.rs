//! What receives the generator's actions ([`Sink`]): a list, a count,
//! the n-th action, a menu to choose from, or a closure. Actions for a
//! whole mask of squares come in one call, as a template aimed at each
//! square ([`aim`]), so a count adds a population count instead of
//! visiting each square, and a menu keeps the mask instead of the actions.

use super::compile::{Cells, Rule};
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
    pub(super) fn count(self, mask: Cells) -> usize {
        match self {
            Spread::Twice => 2 * mask.count_ones() as usize,
            Spread::Heights(heights) => squares(mask).map(|at| usize::from(heights[at])).sum(),
        }
    }

    /// The action at `offset` (from 0, in order) among those over `mask`.
    #[inline]
    pub(super) fn nth(self, mask: Cells, template: Action, offset: usize) -> Option<Action> {
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

/// The squares of `mask` by index.
#[inline(always)]
fn squares(mut mask: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let at = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(at)
    })
}

/// The square of `mask` at `index` (from 0, by square index).
#[inline(always)]
pub(super) fn nth_square(mask: Cells, index: usize) -> Option<u8> {
    // Within one 64-bit half, so that each step is one machine word.
    let low = mask as u64;
    let below = low.count_ones() as usize;
    let (mut half, mut index, base) = match index < below {
        true => (low, index, 0),
        false => ((mask >> 64) as u64, index - below, 64),
    };
    while index > 0 && half != 0 {
        half &= half - 1;
        index -= 1;
    }
    (half != 0).then(|| half.trailing_zeros() as u8 + base)
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

/// Drops of one kind into the open lines of a `drop` rule (see
/// [`Sink::drops`]): one action per line whose entry is in `open`, in
/// the order of the lines (by entry square), aimed at where the piece
/// comes to rest. Counting them is a population count and finding one a
/// bit select, whatever the landing squares are.
#[derive(Clone, Copy)]
pub(super) struct Drops<'a> {
    /// The entry squares of the lines with room.
    pub(super) open: Cells,
    /// The kind dropped.
    pub(super) kind: u8,
    /// The rule's index, for those that keep drops to decode later.
    pub(super) index: u8,
    /// The rule.
    pub(super) rule: &'a Rule,
    /// Every square with a piece.
    pub(super) occupied: Cells,
}

impl Drops<'_> {
    /// The number of drops.
    #[inline(always)]
    pub(super) fn count(self) -> usize {
        self.open.count_ones() as usize
    }

    /// The drop into the line entered at `entry`.
    #[inline(always)]
    fn at(self, entry: u8) -> Option<Action> {
        let line = self.rule.line_of.get(usize::from(entry))?;
        let at = self
            .rule
            .drop_lines
            .get(usize::from(*line))?
            .landing(self.occupied)?;
        Some(Action::Drop {
            kind: self.kind,
            at,
        })
    }

    /// The drop at `offset` (from 0, in order) among these.
    #[inline(always)]
    pub(super) fn nth(self, offset: usize) -> Option<Action> {
        self.at(nth_square(self.open, offset)?)
    }
}

/// What receives generated actions, in canonical order.
pub(super) trait Sink {
    /// Takes one action; false stops generation.
    fn one(&mut self, action: Action) -> bool;

    /// Takes `template` aimed ([`aim`]) at each square of `mask` by index;
    /// false stops generation.
    #[inline(always)]
    fn each(&mut self, mask: Cells, template: Action) -> bool {
        squares(mask).all(|at| self.one(aim(template, at as u8)))
    }

    /// Takes, for each square of `mask` by index, the actions `spread`
    /// gives there: `template` aimed at the square with each parameter in
    /// turn; false stops generation.
    #[inline(always)]
    fn spread(&mut self, mask: Cells, spread: Spread, template: Action) -> bool {
        match spread {
            Spread::Twice => squares(mask).all(|at| {
                let at = at as u8;
                self.one(aim_with(template, at, 0)) && self.one(aim_with(template, at, 1))
            }),
            Spread::Heights(heights) => squares(mask)
                .all(|at| (1..=heights[at]).all(|arg| self.one(aim_with(template, at as u8, arg)))),
        }
    }

    /// Takes `drops` in order; false stops generation.
    #[inline(always)]
    fn drops(&mut self, drops: Drops) -> bool {
        squares(drops.open).all(|entry| drops.at(entry as u8).is_none_or(|a| self.one(a)))
    }
}

impl Sink for Vec<Action> {
    #[inline(always)]
    fn one(&mut self, action: Action) -> bool {
        self.push(action);
        true
    }

    #[inline(always)]
    fn drops(&mut self, drops: Drops) -> bool {
        // The lines in order, each landing found from its own mask.
        let kind = drops.kind;
        for line in &drops.rule.drop_lines {
            if let Some(at) = line.landing(drops.occupied) {
                self.push(Action::Drop { kind, at });
            }
        }
        true
    }

    #[inline(always)]
    fn each(&mut self, mut mask: Cells, template: Action) -> bool {
        // A counted range writes the actions without a capacity check each.
        self.extend((0..mask.count_ones()).map(|_| {
            let at = mask.trailing_zeros() as u8;
            mask &= mask - 1;
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
