//! Positions seen before: the draw of `repetition` and the moves that
//! `forbid_repeat` refuses (superko).

use std::sync::Arc;

use super::CoreGame;
use crate::lang::action::Action;
use crate::lang::program::Op;
use crate::lang::schema::RepeatScope;

/// One position of the game so far, and the ones before it.
#[derive(Debug)]
pub(super) struct Trail {
    /// The key of the position: the board, the player to move and the
    /// variables `repetition` compares.
    position: u64,
    /// The key of the board alone (its tops and stacks).
    board: u64,
    /// The actions made before the position.
    turn: u32,
    before: Option<Arc<Trail>>,
}

impl Trail {
    fn key(&self, scope: RepeatScope) -> u64 {
        match scope {
            RepeatScope::Board => self.board,
            RepeatScope::Position => self.position,
        }
    }
}

/// The positions of a history, the latest first.
fn trail(latest: Option<&Trail>) -> impl Iterator<Item = &Trail> {
    std::iter::successors(latest, |t| t.before.as_deref())
}

impl CoreGame {
    /// A fixed multiply-and-mix hash of the board (the keys never leave
    /// the process): cheaper per move than a keyed hasher.
    fn board_key(&self) -> u64 {
        let mut key = 0;
        let mut add = |word: u64| key = crate::mix::mix(key ^ word);
        for chunk in self.cells.chunks(8) {
            add(chunk.iter().fold(0, |w, &c| w << 8 | u64::from(c)));
        }
        for (cell, under) in self.below.stacks() {
            add(cell as u64 | 1 << 32);
            for &code in under {
                add(u64::from(code));
            }
        }
        key
    }

    /// The key of the position with board key `board`.
    fn position_key(&self, board: u64) -> u64 {
        let mut key = crate::mix::mix(board ^ u64::from(self.player));
        let mut add = |word: u64| key = crate::mix::mix(key ^ word);
        for v in &self.program.variables {
            let copies = match v.per_player {
                true => self.program.players.len(),
                false => 1,
            };
            if v.repetition {
                for &value in &self.vars[usize::from(v.slot)..][..copies] {
                    add(u64::from(value as u32));
                }
            }
        }
        key
    }

    /// Adds this position to the history (kept only when the rules look
    /// back); true when it has now occurred as many times as the rules'
    /// `repetition`.
    pub(super) fn remember(&mut self) -> bool {
        let p = &self.program;
        if p.repetition.is_none() && p.forbid_repeat.is_none() {
            return false;
        }
        let board = self.board_key();
        let position = self.position_key(board);
        let before = self.history.take();
        let seen = 1 + trail(before.as_deref())
            .filter(|t| t.position == position)
            .count();
        self.history = Some(Arc::new(Trail {
            position,
            board,
            turn: self.turn,
            before,
        }));
        (self.program.repetition).is_some_and(|limit| seen >= usize::from(limit))
    }

    /// The actions made since the first occurrence of the latest
    /// position of the history (0 when there is none).
    pub(super) fn cycle(&self) -> u32 {
        let Some(latest) = self.history.as_deref() else {
            return 0;
        };
        let first = trail(Some(latest)).filter(|t| t.position == latest.position);
        first.last().map_or(0, |t| latest.turn - t.turn)
    }

    /// Whether the rules forbid `action` as a repeat: it changes the board
    /// and remakes a board (or position) seen before in this game (as
    /// many times as `forbid_repeat_times` allows). An
    /// action that leaves the board as it is (a pass) is never one.
    pub(super) fn repeats(&self, action: &Action) -> bool {
        let Some(scope) = self.program.forbid_repeat else {
            return false;
        };
        let mut next = self.clone();
        let Ok(ending) = next.effect(action) else {
            return false;
        };
        if next.cells == self.cells && next.below == self.below {
            return false;
        }
        if let Op::Switch(who) = ending {
            next.player = self.program.who(who, self.player);
        }
        let board = next.board_key();
        let key = match scope {
            RepeatScope::Board => board,
            RepeatScope::Position => next.position_key(board),
        };
        let before = usize::from(self.program.forbid_repeat_times) - 1;
        let seen = trail(self.history.as_deref()).filter(|t| t.key(scope) == key);
        seen.take(before).count() == before
    }

    /// `actions` without those the rules forbid as repeats.
    pub(super) fn allowed<'a>(&'a self, actions: &'a [Action]) -> impl Iterator<Item = &'a Action> {
        actions.iter().filter(|a| !self.repeats(a))
    }
}
