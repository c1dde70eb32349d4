//! End conditions, checked after every action in one place: lines through
//! the squares the action changed (incremental: a line that existed before
//! would already have ended play), a piece reaching its target, the turn
//! limit, and the next player having no legal action.

use super::compile::{Cells, Program};
use super::lines16;
use super::schema::{Ending, LimitResult, Simultaneous};
use super::state::{Event, VocabGame};
use crate::contract::{Outcome, Status};

impl VocabGame {
    /// Ends the turn of `me`, whose action changed squares `a` and `b`
    /// (`u8::MAX`: none) and left a piece on `b`.
    #[inline(always)]
    pub(super) fn settle(&mut self, me: usize, a: u8, b: u8, events: &mut Vec<Event>) {
        self.turn += 1;
        let (counted, other) = if self.program.flow.active() {
            self.count(me, events)
        } else {
            (0, None)
        };
        let lines = if let Some(small) = &self.program.lines.small {
            let changed = match self.program.effect_rules {
                0 => cell_bit(a) | cell_bit(b),
                _ => std::mem::take(&mut self.fresh),
            };
            self.small_lines(small, changed as u16)
        } else if self.program.effect_rules != 0 {
            self.fresh_lines()
        } else {
            let b_lines = if b == a { 0 } else { self.lines_through(b) };
            self.lines_through(a) | b_lines
        };
        let results = lines | self.reached(b) | counted;
        let players = self.program.players.len();
        let outcome = if results != 0 {
            Some(self.combine(me, results))
        } else if other.is_some() {
            other
        } else {
            // Within a turn of several phases the same player acts again.
            let next = match (self.phase, me + 1) {
                (0, next) if next < players => self.in_play(next),
                (0, _) => self.in_play(0),
                _ => me,
            };
            self.status = Status::ToMove(next);
            self.expire();
            if !self.program.flow.phases.is_empty() {
                self.skip_empty_phases(me);
            }
            let next = self.status.to_move().unwrap_or(next);
            self.limit_or_stuck(next)
        };
        if let Some(outcome) = outcome {
            self.status = Status::Over(outcome);
            events.push(Event::Ended(outcome));
        }
    }

    /// The players (one bit each) with a full line through a square whose
    /// top changed since the last check ([`VocabGame::fresh`]): as good as
    /// checking every line, since a line full at the last check ended play.
    #[inline(always)]
    fn fresh_lines(&mut self) -> u8 {
        let mut rest = std::mem::take(&mut self.fresh);
        let mut bits = 0;
        while rest != 0 {
            let cell = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            bits |= self.lines_through(cell);
        }
        bits
    }

    /// The players (one bit each) with a full line through a square of
    /// `changed`, on a board of at most 16 squares and lines
    /// ([`super::lines16`]).
    #[inline(always)]
    fn small_lines(&self, lines: &[u16; 16], changed: u16) -> u8 {
        let mut bits = 0;
        for (p, &tops) in self.tops[..self.program.players.len()].iter().enumerate() {
            bits |= u8::from(lines16::any_full(lines, changed, tops as u16)) << p;
        }
        bits
    }

    /// The players (one bit each) with a full line through `cell`.
    #[inline(always)]
    fn lines_through(&self, cell: u8) -> u8 {
        let lines = &self.program.lines;
        if cell == u8::MAX || lines.masks.is_empty() {
            return 0;
        }
        // A new line through `cell` is a line of whoever shows on top there.
        let top = self.top(cell);
        if top == 0 {
            return 0;
        }
        let owner = Program::decode(top).1;
        let tops = self.tops[usize::from(owner)];
        let full = (lines.masks_at(cell).iter()).any(|&mask| mask & !tops == 0);
        u8::from(full) << owner
    }

    /// The owner (as a bit) of the piece on `cell` if it reached its target.
    #[inline]
    fn reached(&self, cell: u8) -> u8 {
        if cell == u8::MAX || self.program.goal_kinds == 0 {
            return 0;
        }
        let top = self.top(cell);
        if top == 0 {
            return 0;
        }
        let (kind, owner) = Program::decode(top);
        let goal = self.program.goals[usize::from(owner)];
        let wins = goal >> cell & 1 == 1 && self.program.goal_kinds >> kind & 1 == 1;
        u8::from(wins) << owner
    }

    /// One outcome from the players (bits) with a result after `me` acted.
    fn combine(&self, me: usize, results: u8) -> Outcome {
        if results.count_ones() == 1 {
            return Outcome::Won(results.trailing_zeros() as usize);
        }
        match self.program.simultaneous {
            Simultaneous::Draw => Outcome::Draw,
            Simultaneous::Mover if results >> me & 1 == 1 => Outcome::Won(me),
            Simultaneous::Mover | Simultaneous::Opponent => {
                let players = self.program.players.len();
                let other = (1..players)
                    .map(|i| (me + i) % players)
                    .find(|&p| results >> p & 1 == 1);
                other.map_or(Outcome::Draw, Outcome::Won)
            }
        }
    }

    /// The turn limit, then `next` having nothing to do.
    pub(super) fn limit_or_stuck(&self, next: usize) -> Option<Outcome> {
        if let Some((turns, result)) = self.program.turn_limit
            && self.turn >= turns
        {
            return Some(match result {
                LimitResult::Draw => Outcome::Draw,
                LimitResult::Stopped => Outcome::Stopped,
            });
        }
        if self.has_action() {
            return None;
        }
        let players = self.program.players.len();
        Some(match self.program.no_actions {
            Ending::Draw => Outcome::Draw,
            Ending::Win => Outcome::Won(next),
            Ending::Loss if players == 2 => Outcome::Won(1 - next),
            Ending::Loss => self.loser(next),
        })
    }
}

/// The bit of `cell`, none for `u8::MAX` (no square).
fn cell_bit(cell: u8) -> Cells {
    1u128.checked_shl(u32::from(cell)).unwrap_or(0)
}
