//! Stacks of pieces in a cell, run by the machine. A cell's code in
//! `cells` is always its top piece, so every other instruction (tests,
//! puts, `any`, counts) reads and writes the top as in a one-piece game;
//! what lies beneath is kept bottom first in `below`, touched only here,
//! and empty (no storage at all) in games that never push. The hand holds
//! the pieces an action has lifted and not yet dropped; it starts empty
//! with every action. Every change goes through the undo log.

use super::super::beneath::Beneath;
use super::{Machine, Step, Undo};

impl Machine<'_> {
    /// The cells beneath the tops, bottom first (empty when no cell has a
    /// piece beneath its top).
    pub fn below(&self) -> &Beneath {
        &self.s.below
    }

    /// Starts the search from a position whose cells have these pieces
    /// beneath their tops (as [`Machine::below`] gives them).
    pub fn set_below(&mut self, below: &Beneath) {
        self.s.below.clone_from(below);
        if self.p.reads_start {
            self.s.origin_below.clone_from(below);
        }
    }

    /// Copies the pieces beneath the tops into `into` (into its room).
    pub fn below_into(&self, into: &mut Beneath) {
        into.clone_from(&self.s.below);
    }

    /// [`Op::Holds`]: whether a piece of `cell`'s stack, or the empty
    /// cell beneath them all, passes the test `m` (for the player).
    ///
    /// [`Op::Holds`]: super::super::program::Op::Holds
    #[inline]
    pub(super) fn holds(&self, m: u16, cell: u16) -> bool {
        let players = self.p.players.len();
        let mask = self.p.masks[usize::from(m) * players + usize::from(self.player)];
        self.stack_holds(cell, mask)
    }

    /// Whether a piece of `cell`'s stack, or the empty cell beneath them
    /// all, has its code in `mask`.
    pub(super) fn stack_holds(&self, cell: u16, mask: u128) -> bool {
        let c = usize::from(cell);
        let top = self.s.cells[c];
        let beneath = self.s.below.of(c);
        mask & 1 != 0
            || (top != 0 && (mask >> top & 1 != 0 || beneath.iter().any(|&b| mask >> b & 1 != 0)))
    }

    /// The number of pieces in `cell`'s stack.
    pub(super) fn height(&self, cell: u16) -> usize {
        let c = usize::from(cell);
        match self.s.cells[c] {
            0 => 0,
            _ => 1 + self.s.below.of(c).len(),
        }
    }

    /// Puts `code` on top of `cell`; what was its top goes beneath.
    pub(super) fn push_piece(&mut self, cell: u16, code: u8) {
        let c = usize::from(cell);
        let old = self.s.cells[c];
        if code == 0 {
            return;
        }
        if old != 0 {
            let s = &mut **self.s;
            s.below.push(c, s.cells.len(), old);
        }
        self.write_top(cell, code);
        self.s.log.push(Undo::Pushed(cell, old));
        self.fresh();
    }

    /// Removes `cell`'s top piece (if any) and gives it.
    pub(super) fn pop_piece(&mut self, cell: u16) -> u8 {
        let c = usize::from(cell);
        let old = self.s.cells[c];
        if old == 0 {
            return 0;
        }
        let under = self.s.below.pop(c).unwrap_or(0);
        self.write_top(cell, under);
        self.s.log.push(Undo::Popped(cell, old));
        self.fresh();
        old
    }

    /// Undoes [`Machine::push_piece`]: `old` was the top before.
    pub(super) fn unpush(&mut self, cell: u16, old: u8) {
        let c = usize::from(cell);
        self.write_top(cell, old);
        if old != 0 {
            self.s.below.pop(c);
        }
    }

    /// Undoes [`Machine::pop_piece`]: `old` was the top before.
    pub(super) fn unpop(&mut self, cell: u16, old: u8) {
        let c = usize::from(cell);
        let now = self.s.cells[c];
        if now != 0 {
            let s = &mut **self.s;
            s.below.push(c, s.cells.len(), now);
        }
        self.write_top(cell, old);
    }

    /// `[lift]` (`all`: `[lift all]`): the top piece or the whole stack of
    /// `cur` into the hand, in order; fails on an empty cell.
    pub(super) fn lift(&mut self, pc: usize, cur: u16, all: bool) -> Step {
        if self.s.cells[usize::from(cur)] == 0 {
            return Step::Fail;
        }
        let at = self.hand.len() as u16;
        loop {
            let code = self.pop_piece(cur);
            if code == 0 {
                break;
            }
            self.hand.insert(usize::from(at), code);
            self.s.log.push(Undo::HandIn(at));
            if !all {
                break;
            }
        }
        Step::Next(pc + 1, cur)
    }

    /// `[drop]` (`all`: `[drop all]`): the hand's last piece, or all of it
    /// first lifted first, on top of `cur`; fails with an empty hand.
    pub(super) fn drop_held(&mut self, pc: usize, cur: u16, all: bool) -> Step {
        if self.hand.is_empty() {
            return Step::Fail;
        }
        let from = match all {
            true => 0,
            false => self.hand.len() - 1,
        };
        while self.hand.len() > from {
            let code = self.hand.remove(from);
            self.s.log.push(Undo::HandOut(from as u16, code));
            self.push_piece(cur, code);
        }
        Step::Next(pc + 1, cur)
    }
}
