//! A turn: the action checked against the rules ([`VocabGame::check`],
//! the typed refusal), then performed ([`VocabGame::perform`]) and the
//! turn settled. [`VocabGame::play_legal`] performs an action the game
//! itself gave as legal without checking it again, reading the one thing
//! the check would have told (what the target may hold) from the
//! program's table where the rules leave no doubt.

use super::compile::{Program, Put};
use super::generate::Until;
use super::schema::{Illegal, Onto, QuitResult};
use super::state::{Action, Event, NO_RULE, Reason, Refusal, VocabGame};
use crate::contract::{Outcome, Seat, Status};

impl VocabGame {
    /// Checks and applies `action` for the player to move.
    pub(super) fn play(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let Some(me) = self.status.to_move() else {
            return Err(self.refuse(Reason::GameOver, &[]));
        };
        let onto = self.check(me, action)?;
        self.perform(me, action, onto, events);
        Ok(())
    }

    /// Applies `action`, which the game gave as legal here, without
    /// checking it where the program says what its target may hold
    /// ([`Program::legal_onto`]); elsewhere as [`Self::play`], ignoring a
    /// refusal.
    pub(super) fn play_legal(&mut self, action: Action, events: &mut Vec<Event>) {
        let Some(me) = self.status.to_move() else {
            return;
        };
        let onto = match self.legal_onto(me, action) {
            Some(onto) => onto,
            None => match self.check(me, action) {
                Ok(onto) => onto,
                Err(_) => return,
            },
        };
        self.perform(me, action, onto, events);
    }

    /// What the target of a legal `action` may hold, where every rule
    /// that could allow it agrees; `None` where only the check can tell.
    #[inline]
    fn legal_onto(&self, me: usize, action: Action) -> Option<Onto> {
        let p = &self.program;
        match action {
            Action::PlaceFrom { stack, .. } => {
                let kind = self.stack_top(me, usize::from(stack))?;
                p.legal_onto(kind, Put::Place)
            }
            Action::Place { kind, .. } => p.legal_onto(kind, Put::Place),
            Action::Drop { kind, .. } => p.legal_onto(kind, Put::Drop),
            Action::Move { from, .. } => {
                let top = self.top(from);
                let kind = (top != 0).then(|| Program::decode(top).0)?;
                p.legal_onto(kind, Put::Move)
            }
            // Their checks tell nothing the performing needs.
            Action::Effect { .. } | Action::Forfeit { .. } | Action::Pass | Action::Quit => {
                Some(Onto::Empty)
            }
        }
    }

    /// Whether the player `me` may play `action`, and if so what its
    /// target may hold (for actions that put a piece somewhere).
    fn check(&self, me: usize, action: Action) -> Result<Onto, Refusal> {
        match action {
            Action::Place { .. } if self.program.stacks > 0 => {
                Err(self.refuse(Reason::NotAllowed, &[]))
            }
            Action::PlaceFrom { stack, at } => Ok(self.check_stack_place(me, stack, at)?.1),
            Action::Effect { rule, at, arg } => {
                self.check_effect(me, rule, at, arg)?;
                Ok(Onto::Empty)
            }
            Action::Forfeit { .. } => {
                let mut listed = false;
                self.each_forfeit(
                    me,
                    &mut Until(|a| {
                        listed |= a == action;
                        !listed
                    }),
                );
                if !listed || self.program.illegal != Illegal::LoseTurn {
                    return Err(self.refuse(Reason::NotAllowed, &[]));
                }
                Ok(Onto::Empty)
            }
            Action::Place { kind, at } => self.check_place(me, kind, at, false),
            Action::Drop { kind, at } => self.check_drop(me, kind, at),
            Action::Move { from, to } => self.check_move(me, from, to),
            Action::Pass => match self.lists(self.allowed_rules(), self.phase_skips(), action) {
                true => Ok(Onto::Empty),
                false => Err(self.refuse(Reason::NotAllowed, &[])),
            },
            Action::Quit => Ok(Onto::Empty),
        }
    }

    /// Performs a checked `action` of `me`, whose target may hold `onto`,
    /// and settles the turn.
    fn perform(&mut self, me: usize, action: Action, onto: Onto, events: &mut Vec<Event>) {
        match action {
            Action::PlaceFrom { stack, at } => {
                let Some((kind, timer)) = self.take_from_stack(me, usize::from(stack)) else {
                    return;
                };
                self.put_timed(me, kind, timer, at, onto, events);
                self.settle(me, at, at, events);
            }
            Action::Effect { rule, at, arg } => {
                self.use_effect(me, rule, at, arg, events);
                self.settle(me, at, at, events);
            }
            Action::Forfeit { rule } => {
                if rule != NO_RULE {
                    self.spend(me, rule);
                }
                events.push(Event::TurnLost { seat: me, rule });
                self.settle(me, u8::MAX, u8::MAX, events);
            }
            Action::Place { kind, at } | Action::Drop { kind, at } => {
                self.put(me, kind, at, onto, events);
                self.settle(me, at, at, events);
            }
            Action::Move { from, to } => {
                self.shift(me, from, to, onto, events);
                self.settle(me, from, to, events);
            }
            Action::Pass => {
                events.push(Event::Passed { seat: me });
                self.settle(me, u8::MAX, u8::MAX, events);
            }
            Action::Quit => self.quit(me, events),
        }
    }

    /// Ends play on `me` quitting: a loss, or a draw where the rules say;
    /// or under `leave` with three players or more still in, `me` leaves
    /// and the next player still in moves.
    fn quit(&mut self, me: usize, events: &mut Vec<Event>) {
        let players = self.program.players.len();
        let in_play = self.left.in_play(players);
        let outcome = match self.program.quit {
            QuitResult::Loss => Outcome::Quit(me),
            QuitResult::Leave if players <= 2 => Outcome::Quit(me),
            QuitResult::Draw => {
                self.quitter = Some(me);
                events.push(Event::Quit { seat: me });
                Outcome::Draw
            }
            QuitResult::Leave => {
                events.push(Event::Quit { seat: me });
                match self.leave(me, in_play) {
                    Some(outcome) => outcome,
                    None => return,
                }
            }
        };
        self.status = Status::Over(outcome);
        events.push(Event::Ended(outcome));
    }

    /// `me` leaves (of `in_play` players still in): the outcome where that
    /// ends play, else the next player still in is to move.
    fn leave(&mut self, me: usize, in_play: usize) -> Option<Outcome> {
        if in_play <= 2 {
            return Some(self.loser(me));
        }
        self.left.add(me);
        let next = self.in_play((me + 1) % self.program.players.len());
        self.status = Status::ToMove(next);
        self.phase = 0;
        if !self.program.flow.phases.is_empty() {
            self.skip_empty_phases(next);
        }
        let next = self.status.to_move().unwrap_or(next);
        self.limit_or_stuck(next)
    }

    /// Whether `seat` has left the game (`quit = "leave"`).
    pub fn has_left(&self, seat: Seat) -> bool {
        self.left.has(seat)
    }

    /// `seat`, or where they have left, the next player after them who
    /// has not.
    pub(super) fn in_play(&self, seat: Seat) -> Seat {
        self.left.next_in(seat, self.program.players.len())
    }

    /// The outcome of `seat` losing in a game of three players or more:
    /// where one other player is still in, that player wins.
    pub(super) fn loser(&self, seat: Seat) -> Outcome {
        match self.left.sole_other(seat, self.program.players.len()) {
            Some(other) => Outcome::Won(other),
            None => Outcome::Lost(seat),
        }
    }
}
