//! The action mechanics, each implemented once: whether an action is
//! legal and why not (the typed refusal), and what it does. The legal
//! actions themselves are listed in [`super::generate`] from the same
//! target rules; a turn (check, then perform) is in [`super::play`].

use super::bits::Bits;
use super::compile::{Program, Rule};
use super::schema::{Cover, Mechanic, Onto, Pattern};
use super::state::{Action, Event, NO_RULE, Reason, Refusal, VocabGame};

impl VocabGame {
    /// The turn an illegal `action` costs under `[turns] illegal =
    /// "lose-turn"`: a use of the effect it tried, if any is left, else
    /// nothing.
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::vocab::{Action, VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap());
    /// let bomb = game.parse_action("bomb@a1").unwrap();
    /// assert!(matches!(game.forfeit_for(&bomb), Action::Forfeit { rule } if rule != u8::MAX));
    /// ```
    pub fn forfeit_for(&self, action: &Action) -> Action {
        let me = self.status.to_move().unwrap_or(0);
        match *action {
            Action::Effect { rule, .. }
                if (self.program.rules.get(usize::from(rule))).is_some_and(|r| r.is_effect())
                    && self.uses_left(me, usize::from(rule)) != Some(0) =>
            {
                Action::Forfeit { rule }
            }
            _ => Action::Forfeit { rule: NO_RULE },
        }
    }

    /// `target` for a `place` rule, with its covering condition.
    #[inline]
    pub(super) fn place_target(
        &self,
        rule: &Rule,
        me: usize,
        size: u8,
        at: u8,
    ) -> Result<(), Reason> {
        self.target(rule.onto, me, size, at)?;
        if rule.cover_only.is_some() && self.top(at) != 0 && !self.threatened(me, at) {
            return Err(Reason::NotThreatened);
        }
        Ok(())
    }

    /// Whether `at` shows an opponent's piece in a winning line where that
    /// opponent shows all but one of the line's pieces.
    fn threatened(&self, me: usize, at: u8) -> bool {
        let bit = 1u128 << at;
        let Some(owner) = (0..self.program.players.len()).find(|&p| self.tops[p] & bit != 0) else {
            return false;
        };
        let lines = &self.program.lines;
        owner != me
            && lines.at(at).iter().any(|&l| {
                let mask = lines.masks[usize::from(l)];
                (mask & !self.tops[owner]).at_most_one()
            })
    }

    /// Where a piece dropped into the line through `cell` comes to rest,
    /// if the line has room.
    #[inline]
    pub(super) fn landing(&self, rule: &Rule, cell: u8) -> Option<u8> {
        let line = rule
            .drop_lines
            .get(usize::from(*rule.line_of.get(usize::from(cell))?))?;
        line.landing(self.occupied())
    }

    /// Calls `found` with each square the piece on `from` may move to by
    /// `rule`, until it returns false.
    pub(super) fn targets(
        &self,
        rule: &Rule,
        me: usize,
        from: u8,
        size: u8,
        found: &mut impl FnMut(u8) -> bool,
    ) {
        let geometry = &self.program.geometry;
        if rule.pattern == Pattern::Anywhere {
            for to in (0..geometry.cells() as u8).filter(|&to| to != from) {
                if self.target(rule.onto, me, size, to).is_ok() && !found(to) {
                    return;
                }
            }
            return;
        }
        let occupied = self.occupied();
        for &d in &rule.directions[me] {
            let mut at = from;
            for step in 1..=rule.distance {
                let Some(next) = geometry.neighbour(at, d, rule.wrap) else {
                    break;
                };
                at = next;
                if at == from {
                    break;
                }
                let last = step == rule.distance;
                if (rule.pattern == Pattern::Step || last)
                    && self.target(rule.onto, me, size, at).is_ok()
                    && !found(at)
                {
                    return;
                }
                if rule.pattern == Pattern::Step && occupied >> at & 1 == 1 {
                    break;
                }
            }
        }
    }

    /// Whether a piece of `me` of `size` may end on `at` under `onto`.
    #[inline]
    fn target(&self, onto: Onto, me: usize, size: u8, at: u8) -> Result<(), Reason> {
        let top = self.top(at);
        if top == 0 {
            return match onto {
                Onto::Opponent => Err(Reason::NothingToCapture),
                Onto::Own | Onto::Piece => Err(Reason::WrongTarget),
                _ => Ok(()),
            };
        }
        let theirs = usize::from(Program::decode(top).1) != me;
        match onto {
            Onto::Empty => Err(Reason::Occupied),
            Onto::Opponent | Onto::EmptyOrOpponent if theirs => Ok(()),
            Onto::Opponent | Onto::EmptyOrOpponent => Err(Reason::Occupied),
            Onto::Cover if self.covers(size, top, at) => Ok(()),
            Onto::Cover => Err(Reason::CannotCover),
            Onto::Own | Onto::Piece => Err(Reason::WrongTarget),
        }
    }

    fn covers(&self, size: u8, top: u8, at: u8) -> bool {
        let program = &self.program;
        if self.heights[usize::from(at)] >= program.height {
            return false;
        }
        match program.cover {
            Cover::None => false,
            Cover::Any => true,
            Cover::Larger => size > program.kinds[usize::from(Program::decode(top).0)].size,
        }
    }

    /// Checks dropping a piece of `kind` to rest on `at`: the first drop
    /// rule for the kind under which it comes to rest there, found from
    /// the line through `at`; the reason comes from [`Self::check_place`].
    #[inline]
    pub(super) fn check_drop(&self, me: usize, kind: u8, at: u8) -> Result<Onto, Refusal> {
        let kinds = self.program.kinds.len();
        let stocked = (self.reserves.get(me * kinds + usize::from(kind))).is_some_and(|&n| n != 0);
        if usize::from(kind) < kinds && stocked {
            let occupied = self.occupied();
            for rule in &self.program.rules {
                let line = (rule.line_of.get(usize::from(at)))
                    .and_then(|&l| rule.drop_lines.get(usize::from(l)));
                if rule.mechanic == Mechanic::Place
                    && rule.kinds >> kind & 1 == 1
                    && line.and_then(|line| line.landing(occupied)) == Some(at)
                {
                    return Ok(rule.onto);
                }
            }
        }
        self.check_place(me, kind, at, true)
    }

    pub(super) fn check_place(
        &self,
        me: usize,
        kind: u8,
        at: u8,
        drop: bool,
    ) -> Result<Onto, Refusal> {
        let program = &self.program;
        let cells = program.geometry.cells();
        let (Some(spec), true) = (
            program.kinds.get(usize::from(kind)),
            usize::from(at) < cells,
        ) else {
            return Err(self.refuse(Reason::NotAllowed, &[]));
        };
        let rules = program.rules.iter().filter(|r| {
            r.mechanic == Mechanic::Place && r.drop.is_some() == drop && r.kinds >> kind & 1 == 1
        });
        let mut first = None;
        for rule in rules {
            let result = if self.reserves[me * program.kinds.len() + usize::from(kind)] == 0 {
                Err(Reason::ReserveEmpty)
            } else if drop {
                match self.landing(rule, at) {
                    Some(land) if land == at => Ok(()),
                    None => Err(Reason::LineFull),
                    Some(_) => Err(Reason::NotAMove),
                }
            } else {
                self.place_target(rule, me, spec.size, at)
            };
            match result {
                Ok(()) => return Ok(rule.onto),
                Err(reason) => first = first.or(Some(reason)),
            }
        }
        let square = program.geometry.name(at);
        let line = self.line_name(at);
        let values = [
            ("kind", spec.name.as_str()),
            ("square", &square),
            ("line", &line),
        ];
        Err(self.refuse(first.unwrap_or(Reason::NotAllowed), &values))
    }

    /// Checks placing the top of reserve stack `stack` on `at`: its kind
    /// and what the target takes.
    pub(super) fn check_stack_place(
        &self,
        me: usize,
        stack: u8,
        at: u8,
    ) -> Result<(u8, Onto), Refusal> {
        let program = &self.program;
        if stack >= program.stacks || usize::from(at) >= program.geometry.cells() {
            return Err(self.refuse(Reason::NotAllowed, &[]));
        }
        let square = || program.geometry.name(at);
        let Some(kind) = self.stack_top(me, usize::from(stack)) else {
            let square = square();
            let values = [("kind", "piece"), ("square", square.as_str())];
            return Err(self.refuse(Reason::ReserveEmpty, &values));
        };
        let spec = &program.kinds[usize::from(kind)];
        let mut first = None;
        let rules = (program.rules.iter()).filter(|r| {
            r.mechanic == Mechanic::Place && r.drop.is_none() && r.kinds >> kind & 1 == 1
        });
        for rule in rules {
            match self.place_target(rule, me, spec.size, at) {
                Ok(()) => return Ok((kind, rule.onto)),
                Err(reason) => first = first.or(Some(reason)),
            }
        }
        let square = square();
        let values = [("kind", spec.name.as_str()), ("square", square.as_str())];
        Err(self.refuse(first.unwrap_or(Reason::NotAllowed), &values))
    }

    /// How the line through `at` is written (a column or a row).
    pub(super) fn line_name(&self, at: u8) -> String {
        super::notation::line_of(&self.program, at)
    }

    pub(super) fn check_move(&self, me: usize, from: u8, to: u8) -> Result<Onto, Refusal> {
        let program = &self.program;
        let geometry = &program.geometry;
        let cells = geometry.cells();
        if usize::from(from) >= cells || usize::from(to) >= cells {
            return Err(self.refuse(Reason::NotAllowed, &[]));
        }
        let top = self.top(from);
        if self.tops[me] >> from & 1 == 0 {
            let (f, t) = (geometry.name(from), geometry.name(to));
            let values = [("square", f.as_str()), ("from", &f), ("to", &t)];
            let reason = match self.heights[usize::from(from)] {
                0 => Reason::EmptySquare,
                _ => Reason::NoPiece,
            };
            return Err(self.refuse(reason, &values));
        }
        let (kind, _) = Program::decode(top);
        let spec = &program.kinds[usize::from(kind)];
        let rules = (program.rules.iter())
            .filter(|r| r.mechanic == Mechanic::Move && r.kinds >> kind & 1 == 1);
        let mut first = None;
        for rule in rules {
            let reached = if rule.pattern == Pattern::Anywhere {
                to != from && self.target(rule.onto, me, spec.size, to).is_ok()
            } else {
                let mut reached = false;
                self.targets(rule, me, from, spec.size, &mut |c| {
                    reached |= c == to;
                    !reached
                });
                reached
            };
            if reached {
                return Ok(rule.onto);
            }
            let why = self.why_not(rule, me, from, to, spec.size);
            first = match (first, why) {
                (None, why) | (Some(Reason::NotAMove), why) => Some(why),
                (kept, _) => kept,
            };
        }
        let (f, t) = (geometry.name(from), geometry.name(to));
        let square_to = t.clone();
        let values = [
            ("kind", spec.name.as_str()),
            ("square", &square_to),
            ("from", &f),
            ("to", &t),
        ];
        Err(self.refuse(first.unwrap_or(Reason::NotAllowed), &values))
    }

    /// Why `rule` does not take the piece on `from` to `to`.
    fn why_not(&self, rule: &Rule, me: usize, from: u8, to: u8, size: u8) -> Reason {
        let geometry = &self.program.geometry;
        if let Err(reason) = self.target(rule.onto, me, size, to) {
            return reason;
        }
        if rule.pattern != Pattern::Step {
            return Reason::NotAMove;
        }
        for &d in &rule.directions[me] {
            let mut at = from;
            for _ in 0..rule.distance {
                match geometry.neighbour(at, d, rule.wrap) {
                    Some(next) if next == to => return Reason::Blocked,
                    Some(next) => at = next,
                    None => break,
                }
            }
        }
        Reason::NotAMove
    }

    /// Places a piece from the reserve on `at`, capturing what `onto` takes.
    pub(super) fn put(&mut self, me: usize, kind: u8, at: u8, onto: Onto, events: &mut Vec<Event>) {
        self.take_reserve(me, kind);
        self.put_timed(me, kind, 0, at, onto, events);
    }

    /// Puts a piece of `kind` taken from the reserve on `at`.
    #[inline(always)]
    pub(super) fn put_timed(
        &mut self,
        me: usize,
        kind: u8,
        timer: u32,
        at: u8,
        onto: Onto,
        events: &mut Vec<Event>,
    ) {
        let captured = self.capture_at(me, at, onto);
        self.push_timed(at, Program::code(kind, me as u8), timer);
        events.push(Event::Placed { seat: me, kind, at });
        events.extend(captured);
        self.sink_in(at, events);
    }

    /// A piece put on a sink goes back to its owner's reserve, and the
    /// square is ordinary again.
    #[inline(always)]
    fn sink_in(&mut self, at: u8, events: &mut Vec<Event>) {
        if self.sinks >> at & 1 == 1 {
            self.sinks &= !(1 << at);
            self.return_top(at, events);
        }
    }

    /// Moves the top piece of `from` to `to`, capturing what is there.
    #[inline(always)]
    pub(super) fn shift(
        &mut self,
        me: usize,
        from: u8,
        to: u8,
        onto: Onto,
        events: &mut Vec<Event>,
    ) {
        let captured = self.capture_at(me, to, onto);
        let (code, timer) = self.pop_timed(from);
        self.push_timed(to, code, timer);
        let kind = Program::decode(code).0;
        events.push(Event::Moved {
            seat: me,
            kind,
            from,
            to,
        });
        events.extend(captured);
        self.sink_in(to, events);
    }

    /// Captures an opponent's top piece on `at` when `onto` captures
    /// (`cover` stacks on it instead).
    #[inline(always)]
    fn capture_at(&mut self, me: usize, at: u8, onto: Onto) -> Option<Event> {
        if !matches!(onto, Onto::Opponent | Onto::EmptyOrOpponent) {
            return None;
        }
        let top = self.top(at);
        if top == 0 {
            return None;
        }
        let (kind, owner) = Program::decode(top);
        (usize::from(owner) != me).then(|| {
            self.pop(at);
            self.refill(top);
            let owner = usize::from(owner);
            Event::Captured { owner, kind, at }
        })
    }
}
