//! Effect mechanics, each implemented once and general: `transport` (the
//! top n pieces of a square to the nearest free square), `blast` (a
//! square's pieces and its ring's tops back to their owners, empty ring
//! squares becoming sinks), `rotate` (the ring's whole stacks one place
//! round) and `neutralise` (a top piece belongs to nobody for some turns);
//! with their target checks and their legal actions (their tables, rings
//! and squares by distance, are built by [`super::rings`]). Canonical order within an effect rule: squares by
//! index, then the parameter upward (a transport's count from 1; a
//! rotation clockwise, then anticlockwise).

use super::bits::Bits;
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
        let board = self.program.board;
        self.effect_targets_in(rule, me, self.occupied(), board)
    }

    /// [`Self::effect_targets`], given the occupied squares and the board.
    #[inline]
    pub(super) fn effect_targets_in<W: Bits>(
        &self,
        rule: &Rule,
        me: usize,
        occupied: W,
        board: W,
    ) -> W {
        // Each target kind's squares, the rule's picked without a branch
        // (generation goes through every effect rule in turn).
        let own = W::of(self.tops[me]);
        let pick = |onto: Onto, squares: W| squares & W::all_if(rule.onto == onto);
        pick(Onto::Empty, board & !occupied & !W::of(self.sinks))
            | pick(Onto::Own, own)
            | pick(Onto::Opponent, occupied & !W::of(self.neutral) & !own)
            | pick(Onto::Piece, occupied)
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
        let r = usize::from(r);
        match self.program.rules[r].mechanic {
            Mechanic::Transport => self.transport(r, at, arg),
            Mechanic::Blast => self.blast(r, at, events),
            Mechanic::Rotate => self.rotate(r, at, arg == 0),
            Mechanic::Neutralise => self.neutralise(r, at),
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
            if *left == 0 {
                self.used_up[me] |= 1 << r;
            }
        }
    }

    /// Moves the top `count` pieces of `from` (in their order) to the
    /// nearest square that is neither occupied nor a sink, by effect rule
    /// `r`'s table; nothing when there is none.
    fn transport(&mut self, r: usize, from: u8, count: u8) {
        let free = !(self.occupied() | self.sinks);
        let nearest = &self.program.rules[r].nearest[usize::from(from)];
        let Some(&to) = nearest.iter().find(|&&c| free >> c & 1 == 1) else {
            return;
        };
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

    /// Returns every piece of `at` and the top piece of each square of
    /// effect rule `r`'s ring round it; empty ring squares become sinks
    /// where the rule says so.
    fn blast(&mut self, r: usize, at: u8, events: &mut Vec<Event>) {
        while self.heights[usize::from(at)] > 0 {
            self.return_top(at, events);
        }
        let sinks = self.program.rules[r].sinks;
        for i in 0..self.program.rules[r].ring[usize::from(at)].len() {
            let cell = self.program.rules[r].ring[usize::from(at)][i];
            if self.heights[usize::from(cell)] > 0 {
                self.return_top(cell, events);
            } else if sinks && self.sinks >> cell & 1 == 0 {
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

    /// Moves the whole stacks (and sink states) of effect rule `r`'s ring
    /// round `at` one place, by swapping each ring square with the first.
    fn rotate(&mut self, r: usize, at: u8, clockwise: bool) {
        let n = self.program.rules[r].ring[usize::from(at)].len();
        let cell = |game: &VocabGame, i: usize| game.program.rules[r].ring[usize::from(at)][i];
        let ring = self.program.rules[r].ring_masks[usize::from(at)];
        // Sinks are rare: their bits move only where the ring has some.
        let sinks = self.sinks & ring != 0;
        for i in 1..n {
            let (first, other) = (cell(self, 0), cell(self, if clockwise { i } else { n - i }));
            self.swap_stacks(first, other);
            if sinks {
                self.swap_sinks(first, other);
            }
        }
        self.set_tops(ring);
    }

    /// Swaps the stacks and timers of squares `a` and `b` (their tops are
    /// recomputed by the caller).
    fn swap_stacks(&mut self, a: u8, b: u8) {
        let height = usize::from(self.program.height);
        let (a, b) = (usize::from(a), usize::from(b));
        swap_runs(&mut self.pieces, a, b, height);
        if !self.timers.is_empty() {
            swap_runs(&mut self.timers, a, b, height);
        }
        self.heights.swap(a, b);
    }

    /// Swaps whether squares `a` and `b` are sinks.
    fn swap_sinks(&mut self, a: u8, b: u8) {
        let (sa, sb) = (self.sinks >> a & 1, self.sinks >> b & 1);
        self.sinks = self.sinks & !(1 << a) & !(1 << b) | sa << b | sb << a;
    }

    /// Makes the top piece of `at` nobody's for effect rule `r`'s turns.
    fn neutralise(&mut self, r: usize, at: u8) {
        let h = usize::from(self.heights[usize::from(at)]);
        let slot = usize::from(at) * usize::from(self.program.height) + h - 1;
        let ends = self.turn + u32::from(self.program.rules[r].turns);
        if let Some(timer) = self.timers.get_mut(slot) {
            *timer = ends;
        }
        self.set_top(at);
    }

    /// Ends statuses: gives back the squares whose neutral top's status is
    /// over. Nothing changes before turn [`VocabGame::expiry`], which the
    /// tops still neutral set anew: a timer ending on turn t stops showing
    /// its piece as nobody's on turn t. Timers that ended stay as they are
    /// (a timer not after the turn means no status, which is how equality
    /// and hashing read them).
    pub(super) fn expire(&mut self) {
        if self.turn < self.expiry {
            return;
        }
        self.expiry = u32::MAX;
        self.set_tops(self.neutral);
    }
}

/// Swaps the `len` items from `a * len` with those from `b * len`.
fn swap_runs<T>(items: &mut [T], a: usize, b: usize, len: usize) {
    if a == b {
        return;
    }
    let (low, high) = (a.min(b) * len, a.max(b) * len);
    let (left, right) = items.split_at_mut(high);
    left[low..low + len].swap_with_slice(&mut right[..len]);
}
