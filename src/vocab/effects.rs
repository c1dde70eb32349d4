//! Effect mechanics, each implemented once and general: `transport` (the
//! top n pieces of a square to the nearest free square), `blast` (a
//! square's pieces and its ring's tops back to their owners, empty ring
//! squares becoming sinks), `rotate` (the ring's whole stacks one place
//! round) and `neutralise` (a top piece belongs to nobody for some turns);
//! with their target checks and their legal actions (their tables, rings
//! and squares by distance, are built by [`super::rings`]). Canonical order within an effect rule: squares by
//! index, then the parameter upward (a transport's count from 1; a
//! rotation clockwise, then anticlockwise).

use super::compile::{Cells, Program, Rule};
use super::schema::{Mechanic, Onto};
use super::state::{Event, Reason, Refusal, VocabGame};

impl VocabGame {
    /// Whether effect `rule` may be used by `me` on `at`.
    fn effect_target(&self, rule: &Rule, me: usize, at: u8) -> Result<(), Reason> {
        match self.effect_targets(rule, me) >> at & 1 {
            1 => Ok(()),
            _ => Err(Reason::WrongTarget),
        }
    }

    /// The squares effect `rule` may be used on by `me`.
    #[inline]
    fn effect_targets(&self, rule: &Rule, me: usize) -> Cells {
        let board = super::generate::board_mask(&self.program);
        self.effect_targets_in(rule, me, self.occupied(), board)
    }

    /// [`Self::effect_targets`], given the occupied squares and the board.
    #[inline]
    pub(super) fn effect_targets_in(
        &self,
        rule: &Rule,
        me: usize,
        occupied: Cells,
        board: Cells,
    ) -> Cells {
        match rule.onto {
            Onto::Empty => board & !occupied & !self.sinks,
            Onto::Own => self.tops[me],
            Onto::Opponent => occupied & !self.neutral & !self.tops[me],
            Onto::Piece => occupied,
            Onto::Cover | Onto::EmptyOrOpponent => 0,
        }
    }

    /// Checks a use of effect rule `r` on `at` with `arg`.
    pub(super) fn check_effect(&self, me: usize, r: u8, at: u8, arg: u8) -> Result<(), Refusal> {
        let p = &self.program;
        let Some(rule) = p.rules.get(usize::from(r)).filter(|rule| rule.is_effect()) else {
            return Err(self.refuse(Reason::NotAllowed, &[]));
        };
        let result = if usize::from(at) >= p.geometry.cells() {
            Err(Reason::WrongTarget)
        } else if self.uses_left(me, usize::from(r)) == Some(0) {
            Err(Reason::UsedUp)
        } else {
            self.effect_target(rule, me, at)
                .and_then(|()| match rule.mechanic {
                    Mechanic::Transport if arg == 0 || arg > self.heights[usize::from(at)] => {
                        Err(Reason::TooMany)
                    }
                    Mechanic::Transport => Ok(()),
                    Mechanic::Rotate if arg <= 1 => Ok(()),
                    _ if arg == 0 => Ok(()),
                    _ => Err(Reason::NotAllowed),
                })
        };
        result.map_err(|reason| {
            let (square, count) = (p.geometry.name(at), arg.to_string());
            let values = [
                ("rule", rule.name.as_str()),
                ("square", square.as_str()),
                ("count", count.as_str()),
            ];
            self.refuse(reason, &values)
        })
    }

    /// Applies a checked use of effect rule `r`.
    pub(super) fn use_effect(
        &mut self,
        me: usize,
        r: u8,
        at: u8,
        arg: u8,
        events: &mut Vec<Event>,
    ) {
        self.spend(me, r);
        events.push(Event::Used {
            seat: me,
            rule: r,
            at,
        });
        let program = self.program.clone();
        let rule = &program.rules[usize::from(r)];
        match rule.mechanic {
            Mechanic::Transport => self.transport(rule, at, arg),
            Mechanic::Blast => self.blast(rule, at, events),
            Mechanic::Rotate => self.rotate(rule, at, arg == 0),
            Mechanic::Neutralise => self.neutralise(rule, at),
            _ => {}
        }
    }

    /// Spends one use of rule `r` (unlimited rules are not counted).
    pub(super) fn spend(&mut self, me: usize, r: u8) {
        let index = me * self.program.rules.len() + usize::from(r);
        if let Some(left) = self.uses.get_mut(index)
            && *left != u8::MAX
        {
            *left = left.saturating_sub(1);
        }
    }

    fn transport(&mut self, rule: &Rule, from: u8, count: u8) {
        let free = !(self.occupied() | self.sinks);
        let Some(&to) = (rule.nearest[usize::from(from)].iter()).find(|&&c| free >> c & 1 == 1)
        else {
            return;
        };
        // The top `count` pieces keep their order.
        let height = usize::from(self.program.height);
        let base = usize::from(from) * height + usize::from(self.heights[usize::from(from)]);
        for slot in base - usize::from(count)..base {
            let timer = self.timers.get(slot).copied().unwrap_or(0);
            self.push_timed(to, self.pieces[slot], timer);
        }
        for _ in 0..count {
            self.pop_timed(from);
        }
    }

    fn blast(&mut self, rule: &Rule, at: u8, events: &mut Vec<Event>) {
        while self.heights[usize::from(at)] > 0 {
            self.return_top(at, events);
        }
        for &cell in &rule.ring[usize::from(at)] {
            if self.heights[usize::from(cell)] > 0 {
                self.return_top(cell, events);
            } else if rule.sinks && self.sinks >> cell & 1 == 0 {
                self.sinks |= 1 << cell;
                events.push(Event::Sink { at: cell });
            }
        }
    }

    /// Sends the top piece of `cell` back to its owner's reserve.
    pub(super) fn return_top(&mut self, cell: u8, events: &mut Vec<Event>) {
        let (code, timer) = self.pop_timed(cell);
        self.send_back(code, timer);
        let (kind, owner) = Program::decode(code);
        events.push(Event::Returned {
            owner: usize::from(owner),
            kind,
            from: cell,
        });
    }

    /// Moves the whole stacks (and sink states) of `rule`'s ring round
    /// `at` one place, by swapping each ring square with the first.
    fn rotate(&mut self, rule: &Rule, at: u8, clockwise: bool) {
        let ring = &rule.ring[usize::from(at)];
        let Some((&first, rest)) = ring.split_first() else {
            return;
        };
        let swap_with_first = |game: &mut VocabGame, &cell: &u8| game.swap_squares(first, cell);
        if clockwise {
            rest.iter().for_each(|cell| swap_with_first(self, cell));
        } else {
            rest.iter()
                .rev()
                .for_each(|cell| swap_with_first(self, cell));
        }
        for &cell in ring {
            self.set_top(cell);
        }
    }

    /// Swaps the stacks, timers and sink states of squares `a` and `b`
    /// (their tops are recomputed by the caller).
    fn swap_squares(&mut self, a: u8, b: u8) {
        let height = usize::from(self.program.height);
        let (a, b) = (usize::from(a), usize::from(b));
        for level in 0..height {
            self.pieces.swap(a * height + level, b * height + level);
            if !self.timers.is_empty() {
                self.timers.swap(a * height + level, b * height + level);
            }
        }
        self.heights.swap(a, b);
        let (sa, sb) = (self.sinks >> a & 1, self.sinks >> b & 1);
        self.sinks = self.sinks & !(1 << a) & !(1 << b) | sa << b | sb << a;
    }

    fn neutralise(&mut self, rule: &Rule, at: u8) {
        let h = usize::from(self.heights[usize::from(at)]);
        let slot = usize::from(at) * usize::from(self.program.height) + h - 1;
        if let Some(timer) = self.timers.get_mut(slot) {
            *timer = self.turn + u32::from(rule.turns);
            self.timed = true;
        }
        self.set_top(at);
    }

    /// Ends statuses: clears timers no longer shown and gives back the
    /// squares whose neutral top's status is over.
    pub(super) fn expire(&mut self) {
        if !self.timed {
            return;
        }
        let turn = self.turn;
        let mut live = false;
        for timer in self.timers.iter_mut().chain(self.stack_timers.iter_mut()) {
            if *timer != 0 && *timer < turn {
                *timer = 0;
            }
            live |= *timer != 0;
        }
        self.timed = live;
        let mut neutral = self.neutral;
        while neutral != 0 {
            let cell = neutral.trailing_zeros() as u8;
            neutral &= neutral - 1;
            self.set_top(cell);
        }
    }
}
