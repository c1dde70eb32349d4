//! Keeping what an action changes while a listing is searched: each
//! cell, stack and variable once, as the action leaves it.

use super::step::Found;
use super::{Machine, Undo};
use crate::lang::listing::{Change, Resume};
use crate::lang::program::Op;

impl Machine<'_> {
    /// Adds the current path's changes, its ending and its resume point
    /// to the kept listing, if there is one: each cell, stack and variable
    /// the path changed once, as the path leaves it (a slide lifts and
    /// drops a cell's pieces many times; one copy of its stack is enough).
    pub(super) fn keep_effect(&mut self, found: Found) {
        let Some(l) = &mut self.keep else { return };
        let s = &mut *self.s;
        let n = s.cells.len();
        let stamp = s.kept.next(2 * n + s.vars.len());
        for undo in &s.log {
            match *undo {
                Undo::Cell(c, _) if s.kept.first(usize::from(c), stamp) => {
                    l.changes.push(Change::Cell(c, s.cells[usize::from(c)]));
                }
                Undo::Var(v, _) if s.kept.first(2 * n + usize::from(v), stamp) => {
                    l.changes.push(Change::Var(v, s.vars[usize::from(v)]));
                }
                Undo::Pushed(c, _) | Undo::Popped(c, _) => {
                    if s.kept.first(usize::from(c), stamp) {
                        l.changes.push(Change::Cell(c, s.cells[usize::from(c)]));
                    }
                    if s.kept.first(n + usize::from(c), stamp) {
                        let pieces = s.below.of(usize::from(c));
                        l.changes.push(Change::Below(
                            c,
                            l.beneath.len() as u32,
                            pieces.len() as u16,
                        ));
                        l.beneath.extend_from_slice(pieces);
                    }
                }
                _ => {}
            }
        }
        let (ending, resume) = match found {
            Found::End(op) => (op, Resume::default()),
            // Pieces in the hand are not among the changes: such an
            // action is followed from the start when played.
            Found::Before(..) if !self.hand.is_empty() => (Op::Fail, Resume::FOLLOW),
            Found::Before(pc, cur) => (
                Op::Fail,
                Resume {
                    pc,
                    cur,
                    player: self.player,
                },
            ),
        };
        l.ends.push((l.changes.len() as u32, ending));
        l.resumes.push(resume);
        l.registers.extend_from_slice(&self.s.registers);
    }
}

/// Which of a set of slots were seen since the last [`Stamps::next`],
/// without clearing them each time.
#[derive(Default)]
pub(super) struct Stamps {
    seen: Vec<u32>,
    stamp: u32,
}

impl Stamps {
    /// Starts a new round over `slots` slots, none seen; its stamp.
    pub(super) fn next(&mut self, slots: usize) -> u32 {
        if self.seen.len() < slots {
            self.seen.resize(slots, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Whether `slot` is seen for the first time this round (it is seen
    /// from now on).
    pub(super) fn first(&mut self, slot: usize, stamp: u32) -> bool {
        let first = self.seen[slot] != stamp;
        self.seen[slot] = stamp;
        first
    }
}
