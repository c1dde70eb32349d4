//! The action mechanics, each implemented once: what every rule allows
//! (legal actions, in canonical order) and why an action is refused. Both
//! come from the same target and path checks, so the list and the refusals
//! never disagree.
//!
//! Canonical order: rules in ruleset order; within a `place` rule, kinds
//! in ruleset order, then squares by index (row 1 west to east, then row
//! 2, ...); a `drop` rule, kinds then lines west to east (or south to
//! north); a `move` rule, squares left by index, then the rule's directions
//! in order, nearest target first (`anywhere`: targets by index); `pass`
//! last where it appears.

use super::compile::{Cells, Program, Rule};
use super::schema::{Cover, Illegal, Mechanic, Onto, PassWhen, Pattern};
use super::state::{Action, Event, NO_RULE, Reason, Refusal, VocabGame};

impl VocabGame {
    /// Appends every legal action in canonical order.
    pub(super) fn generate(&self, out: &mut Vec<Action>) {
        let start = out.len();
        self.each_action(&mut |a| {
            out.push(a);
            true
        });
        if self.program.overlapping {
            let mut seen = start;
            for i in start..out.len() {
                if !out[start..seen].contains(&out[i]) {
                    out[seen] = out[i];
                    seen += 1;
                }
            }
            out.truncate(seen);
        }
    }

    /// Whether the player to move has any legal action.
    pub(super) fn has_action(&self) -> bool {
        let mut any = false;
        self.each_action(&mut |_| {
            any = true;
            false
        });
        any
    }

    /// Calls `emit` with each legal action until it returns false.
    fn each_action(&self, emit: &mut dyn FnMut(Action) -> bool) {
        let Some(me) = self.status.to_move() else {
            return;
        };
        let mut any = false;
        let mut wants_stuck_pass = false;
        for (r, rule) in self.program.rules.iter().enumerate() {
            let go = match rule.mechanic {
                Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate | Mechanic::Neutralise => {
                    self.each_effect(r, me, &mut any, emit)
                }
                Mechanic::Place if rule.drop.is_some() => self.each_drop(rule, me, &mut any, emit),
                Mechanic::Place if self.program.stacks > 0 => {
                    self.each_stack_place(rule, me, &mut any, emit)
                }
                Mechanic::Place => self.each_place(rule, me, &mut any, emit),
                Mechanic::Move => self.each_move(rule, me, &mut any, emit),
                Mechanic::Pass if rule.when == PassWhen::Always => {
                    any = true;
                    emit(Action::Pass)
                }
                Mechanic::Pass => {
                    wants_stuck_pass = true;
                    true
                }
            };
            if !go {
                return;
            }
        }
        if wants_stuck_pass && !any && !emit(Action::Pass) {
            return;
        }
        if self.program.illegal == Illegal::LoseTurn {
            self.each_forfeit(me, emit);
        }
    }

    /// The listed ways to lose the turn: plainly, then spending each effect
    /// with uses left.
    fn each_forfeit(&self, me: usize, emit: &mut dyn FnMut(Action) -> bool) {
        if !emit(Action::Forfeit { rule: NO_RULE }) {
            return;
        }
        for (r, rule) in self.program.rules.iter().enumerate() {
            if rule.is_effect()
                && self.uses_left(me, r) != Some(0)
                && !emit(Action::Forfeit { rule: r as u8 })
            {
                return;
            }
        }
    }

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

    fn each_stack_place(
        &self,
        rule: &Rule,
        me: usize,
        any: &mut bool,
        emit: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        let threat = match rule.cover_only {
            Some(_) => self.threat_mask(me),
            None => Cells::MAX,
        };
        for stack in 0..self.program.stacks {
            let Some(kind) = self.stack_top(me, usize::from(stack)) else {
                continue;
            };
            if rule.kinds >> kind & 1 == 0 {
                continue;
            }
            let size = self.program.kinds[usize::from(kind)].size;
            let mut targets = match self.target_mask(rule.onto, size) {
                Some(mask) => mask & (!self.occupied() | threat),
                None => (0..self.program.geometry.cells() as u8)
                    .filter(|&at| self.place_target(rule, me, size, at).is_ok())
                    .fold(0, |m, at| m | 1 << at),
            };
            while targets != 0 {
                let at = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                *any = true;
                if !emit(Action::PlaceFrom { stack, at }) {
                    return false;
                }
            }
        }
        true
    }

    /// The squares [`Self::target`] accepts for a piece of `size`
    /// under `onto`, as a mask, for `empty` and `cover` (else `None`).
    #[inline]
    fn target_mask(&self, onto: Onto, size: u8) -> Option<Cells> {
        let cells = self.program.geometry.cells();
        let board: Cells = if cells >= 128 {
            Cells::MAX
        } else {
            (1 << cells) - 1
        };
        let empty = board & !self.occupied();
        match onto {
            Onto::Empty => Some(empty),
            Onto::Cover => Some(empty | self.coverable(size)),
            _ => None,
        }
    }

    /// The squares whose top a piece of `size` may cover.
    #[inline]
    fn coverable(&self, size: u8) -> Cells {
        let mut occupied = self.occupied();
        let mut out = 0;
        while occupied != 0 {
            let at = occupied.trailing_zeros() as u8;
            occupied &= occupied - 1;
            if self.covers(size, self.top(at), at) {
                out |= 1 << at;
            }
        }
        out
    }

    /// The squares [`Self::threatened`] holds for `me`.
    fn threat_mask(&self, me: usize) -> Cells {
        let mut out = 0;
        for &mask in &self.program.lines.masks {
            for (p, &tops) in self.tops[..self.program.players.len()].iter().enumerate() {
                if p != me && (tops & mask).count_ones() + 1 >= mask.count_ones() {
                    out |= tops & mask;
                }
            }
        }
        out
    }

    /// `target` for a `place` rule, with its covering condition.
    #[inline]
    fn place_target(&self, rule: &Rule, me: usize, size: u8, at: u8) -> Result<(), Reason> {
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
                (self.tops[owner] & mask).count_ones() + 1 >= mask.count_ones()
            })
    }

    fn kinds_in_reserve(&self, rule: &Rule, me: usize) -> impl Iterator<Item = u8> + '_ {
        let kinds = self.program.kinds.len();
        let mask = rule.kinds;
        (0..kinds as u8)
            .filter(move |&k| mask >> k & 1 == 1 && self.reserves[me * kinds + usize::from(k)] > 0)
    }

    fn each_place(
        &self,
        rule: &Rule,
        me: usize,
        any: &mut bool,
        emit: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        for kind in self.kinds_in_reserve(rule, me) {
            let size = self.program.kinds[usize::from(kind)].size;
            for at in 0..self.program.geometry.cells() as u8 {
                if self.place_target(rule, me, size, at).is_ok() {
                    *any = true;
                    if !emit(Action::Place { kind, at }) {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn each_drop(
        &self,
        rule: &Rule,
        me: usize,
        any: &mut bool,
        emit: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        for kind in self.kinds_in_reserve(rule, me) {
            for &entry in &rule.entries {
                if let Some(at) = self.landing(rule, entry) {
                    *any = true;
                    if !emit(Action::Drop { kind, at }) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Where a piece dropped in at `entry` comes to rest, if the line has room.
    #[inline]
    pub(super) fn landing(&self, rule: &Rule, entry: u8) -> Option<u8> {
        let line = rule
            .drop_lines
            .get(usize::from(*rule.line_of.get(usize::from(entry))?))?;
        let occupied = self.occupied() & line.mask;
        if occupied >> line.entry & 1 == 1 {
            return None;
        }
        if occupied == 0 {
            return Some(line.far);
        }
        // The first piece met falling from the entry; the piece rests before it.
        let blocker = if line.descending {
            127 - occupied.leading_zeros()
        } else {
            occupied.trailing_zeros()
        };
        self.program
            .geometry
            .neighbour(blocker as u8, line.up, false)
    }

    fn each_move(
        &self,
        rule: &Rule,
        me: usize,
        any: &mut bool,
        emit: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        let mut mine = self.tops[me];
        while mine != 0 {
            let from = mine.trailing_zeros() as u8;
            mine &= mine - 1;
            let (kind, _) = Program::decode(self.top(from));
            if rule.kinds >> kind & 1 == 0 {
                continue;
            }
            let size = self.program.kinds[usize::from(kind)].size;
            let mut go = true;
            self.targets(rule, me, from, size, &mut |to| {
                *any = true;
                go = emit(Action::Move { from, to });
                go
            });
            if !go {
                return false;
            }
        }
        true
    }

    /// Calls `found` with each square the piece on `from` may move to by
    /// `rule`, until it returns false.
    fn targets(
        &self,
        rule: &Rule,
        me: usize,
        from: u8,
        size: u8,
        found: &mut dyn FnMut(u8) -> bool,
    ) {
        let geometry = &self.program.geometry;
        if rule.pattern == Pattern::Anywhere
            && let Some(mask) = self.target_mask(rule.onto, size)
        {
            let mut targets = mask & !(1 << from);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                if !found(to) {
                    return;
                }
            }
            return;
        }
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

    /// Checks and applies `action` for the player to move.
    pub(super) fn play(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let Some(me) = self.status.to_move() else {
            return Err(self.refuse(Reason::GameOver, &[]));
        };
        match action {
            Action::Place { .. } if self.program.stacks > 0 => {
                return Err(self.refuse(Reason::NotAllowed, &[]));
            }
            Action::PlaceFrom { stack, at } => {
                let (kind, onto) = self.check_stack_place(me, stack, at)?;
                let (_, timer) = self
                    .take_from_stack(me, usize::from(stack))
                    .unwrap_or((kind, 0));
                self.put_timed(me, kind, timer, at, onto, events);
                self.settle(me, at, at, events);
            }
            Action::Effect { rule, at, arg } => {
                self.check_effect(me, rule, at, arg)?;
                self.use_effect(me, rule, at, arg, events);
                self.settle(me, at, at, events);
            }
            Action::Forfeit { rule } => {
                let mut listed = false;
                self.each_forfeit(me, &mut |a| {
                    listed |= a == action;
                    !listed
                });
                if !listed || self.program.illegal != Illegal::LoseTurn {
                    return Err(self.refuse(Reason::NotAllowed, &[]));
                }
                if rule != NO_RULE {
                    self.spend(me, rule);
                }
                events.push(Event::TurnLost { seat: me, rule });
                self.settle(me, u8::MAX, u8::MAX, events);
            }
            Action::Place { kind, at } => {
                let onto = self.check_place(me, kind, at, false)?;
                self.put(me, kind, at, onto, events);
                self.settle(me, at, at, events);
            }
            Action::Drop { kind, at } => {
                let onto = self.check_place(me, kind, at, true)?;
                self.put(me, kind, at, onto, events);
                self.settle(me, at, at, events);
            }
            Action::Move { from, to } => {
                let onto = self.check_move(me, from, to)?;
                self.shift(me, from, to, onto, events);
                self.settle(me, from, to, events);
            }
            Action::Pass => {
                let mut listed = false;
                self.each_action(&mut |a| {
                    listed |= a == Action::Pass;
                    !listed
                });
                if !listed {
                    return Err(self.refuse(Reason::NotAllowed, &[]));
                }
                events.push(Event::Passed { seat: me });
                self.settle(me, u8::MAX, u8::MAX, events);
            }
            Action::Quit => {
                self.status = crate::contract::Status::Over(crate::contract::Outcome::Quit(me));
                events.push(Event::Ended(crate::contract::Outcome::Quit(me)));
            }
        }
        Ok(())
    }

    fn check_place(&self, me: usize, kind: u8, at: u8, drop: bool) -> Result<Onto, Refusal> {
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
    fn check_stack_place(&self, me: usize, stack: u8, at: u8) -> Result<(u8, Onto), Refusal> {
        let program = &self.program;
        if stack >= program.stacks || usize::from(at) >= program.geometry.cells() {
            return Err(self.refuse(Reason::NotAllowed, &[]));
        }
        let square = program.geometry.name(at);
        let Some(kind) = self.stack_top(me, usize::from(stack)) else {
            let values = [("kind", "piece"), ("square", square.as_str())];
            return Err(self.refuse(Reason::ReserveEmpty, &values));
        };
        let spec = &program.kinds[usize::from(kind)];
        let values = [("kind", spec.name.as_str()), ("square", square.as_str())];
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
        Err(self.refuse(first.unwrap_or(Reason::NotAllowed), &values))
    }

    /// How the line through `at` is written (a column or a row).
    pub(super) fn line_name(&self, at: u8) -> String {
        super::notation::line_of(&self.program, at)
    }

    fn check_move(&self, me: usize, from: u8, to: u8) -> Result<Onto, Refusal> {
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
            return Err(self.refuse(Reason::NoPiece, &values));
        }
        let (kind, _) = Program::decode(top);
        let spec = &program.kinds[usize::from(kind)];
        let rules = (program.rules.iter())
            .filter(|r| r.mechanic == Mechanic::Move && r.kinds >> kind & 1 == 1);
        let mut first = None;
        for rule in rules {
            let mut reached = false;
            self.targets(rule, me, from, spec.size, &mut |c| {
                reached |= c == to;
                !reached
            });
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
    fn put(&mut self, me: usize, kind: u8, at: u8, onto: Onto, events: &mut Vec<Event>) {
        self.take_reserve(me, kind);
        self.put_timed(me, kind, 0, at, onto, events);
    }

    /// Puts a piece of `kind` taken from the reserve on `at`.
    fn put_timed(
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
    fn sink_in(&mut self, at: u8, events: &mut Vec<Event>) {
        if self.sinks >> at & 1 == 1 {
            self.sinks &= !(1 << at);
            self.return_top(at, events);
        }
    }

    /// Moves the top piece of `from` to `to`, capturing what is there.
    fn shift(&mut self, me: usize, from: u8, to: u8, onto: Onto, events: &mut Vec<Event>) {
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
    fn capture_at(&mut self, me: usize, at: u8, onto: Onto) -> Option<Event> {
        let top = self.top(at);
        if top == 0 || !matches!(onto, Onto::Opponent | Onto::EmptyOrOpponent) {
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
