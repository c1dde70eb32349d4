//! Reserves kept as numbered stacks (`[reserve] stacks = N`): each stack a
//! set of kinds, at most one piece of each, the largest on top; a piece
//! sent back goes to the lowest-numbered stack that lacks its kind. In
//! rulesets without stacks, a piece sent back adds one to its owner's
//! count of that kind (an unlimited reserve stays unlimited).

use super::compile::Program;
use super::state::VocabGame;

impl VocabGame {
    /// The kinds in `player`'s reserve stack `stack`, largest first, each
    /// with the turn its status ends (0: none).
    ///
    /// ```
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap());
    /// let sizes: Vec<u8> = game.reserve_stack(0, 0).iter().map(|&(k, _)| k).collect();
    /// assert_eq!(sizes, [0, 1, 2, 3]);
    /// ```
    pub fn reserve_stack(&self, player: usize, stack: usize) -> Vec<(u8, u32)> {
        let p = &self.program;
        let Some(&set) = self.stacks.get(player * usize::from(p.stacks) + stack) else {
            return Vec::new();
        };
        (p.by_size.iter())
            .filter(|&&k| set >> k & 1 == 1)
            .map(|&k| (k, self.stack_timer(player, stack, k)))
            .collect()
    }

    /// The kind on top of `player`'s reserve stack `stack`, if any.
    #[inline]
    pub(super) fn stack_top(&self, player: usize, stack: usize) -> Option<u8> {
        let p = &self.program;
        self.largest_of(*self.stacks.get(player * usize::from(p.stacks) + stack)?)
    }

    /// The largest kind of the reserve stack `set` (one bit per kind).
    #[inline(always)]
    pub(super) fn largest_of(&self, set: u16) -> Option<u8> {
        let p = &self.program;
        if p.largest_first {
            return (set != 0).then(|| set.trailing_zeros() as u8);
        }
        p.by_size.iter().copied().find(|&k| set >> k & 1 == 1)
    }

    fn stack_timer(&self, player: usize, stack: usize, kind: u8) -> u32 {
        let p = &self.program;
        let slot = (player * usize::from(p.stacks) + stack) * p.kinds.len() + usize::from(kind);
        self.stack_timers.get(slot).copied().unwrap_or(0)
    }

    /// Takes the top piece of `player`'s stack `stack`: its kind and timer.
    pub(super) fn take_from_stack(&mut self, player: usize, stack: usize) -> Option<(u8, u32)> {
        let kind = self.stack_top(player, stack)?;
        let p = &self.program;
        let index = player * usize::from(p.stacks) + stack;
        let slot = index * p.kinds.len() + usize::from(kind);
        self.stacks[index] &= !(1 << kind);
        let timer = self.stack_timers.get_mut(slot).map_or(0, std::mem::take);
        self.reserves[player * p.kinds.len() + usize::from(kind)] -= 1;
        Some((kind, timer))
    }

    /// Sends the piece `code`, whose status ends on turn `timer`, back to
    /// its owner's reserve.
    pub(super) fn send_back(&mut self, code: u8, timer: u32) {
        let (kind, owner) = Program::decode(code);
        let p = &self.program;
        let (count, kinds) = (usize::from(p.stacks), p.kinds.len());
        let owner = usize::from(owner);
        let counted = &mut self.reserves[owner * kinds + usize::from(kind)];
        if count == 0 {
            *counted = counted.saturating_add(1);
            return;
        }
        let free = (0..count).find(|&s| self.stacks[owner * count + s] >> kind & 1 == 0);
        let Some(stack) = free else {
            return; // every stack holds this kind already: out of play
        };
        *counted += 1;
        let index = owner * count + stack;
        self.stacks[index] |= 1 << kind;
        if let Some(slot) = self.stack_timers.get_mut(index * kinds + usize::from(kind)) {
            *slot = timer;
        }
    }
}
