//! Legal actions in canonical order, generated from bit masks: what every
//! rule allows. The refusals of [`super::moves`] come from the same target
//! rules (`target`, `place_target`, `effect_targets`), so the list and the
//! refusals never disagree; the masks here are those rules evaluated for
//! every square at once.
//!
//! Canonical order: rules in ruleset order; within a `place` rule, kinds
//! in ruleset order (reserve stacks: stacks in order), then squares by
//! index (row 1 west to east, then row 2, ...); a `drop` rule, kinds then
//! lines west to east (or south to north); a `move` rule, squares left by
//! index, then the rule's directions in order, nearest target first
//! (`anywhere`: targets by index); an effect rule, squares by index, then
//! its parameter upward; `pass` last where it appears; then, where an
//! illegal action loses the turn, the ways to lose it.
//!
//! Generation is generic over what receives the actions, so listing them
//! into a vector compiles to tight loops over bit masks with no call per
//! action and no allocation; and over the width of those masks
//! ([`super::bits`]), so that small boards compute on one machine word.

use super::bits::{Bits, squares};
use super::compile::{Generator, Program, Rule};
use super::scan::{Scan, by_width};
use super::schema::{Cover, Illegal, Mechanic, Onto, PassWhen, Pattern};
pub(super) use super::sink::{Fan, Nth, Sink, Spread, Until};
use super::state::{Action, MAX_KINDS, NO_RULE, VocabGame};

impl VocabGame {
    /// Appends every legal action in canonical order.
    pub(super) fn generate(&self, out: &mut Vec<Action>) {
        let start = out.len();
        self.each_action(out);
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
        if self.program.illegal == Illegal::LoseTurn && self.status.to_move().is_some() {
            return true; // losing the turn is always listed
        }
        if let Some(any) = self.any_drop() {
            return any;
        }
        let mut any = false;
        self.each_action(&mut Until(|_| {
            any = true;
            false
        }));
        any
    }

    /// [`Self::has_action`] where every rule drops and the turn has one
    /// phase: whether a line has room and the player a piece for it, from
    /// the open lines alone; `None` for other rulesets.
    #[inline]
    fn any_drop(&self) -> Option<bool> {
        let me = self.status.to_move()?;
        if !self.program.flow.phases.is_empty() {
            return None;
        }
        let (occupied, kinds) = (self.occupied(), self.program.kinds.len());
        let mut any = false;
        for rule in &self.program.rules {
            if rule.mechanic != Mechanic::Place || rule.drop.is_none() {
                return None;
            }
            let stocked =
                (0..kinds).any(|k| rule.kinds >> k & 1 == 1 && self.reserves[me * kinds + k] != 0);
            any |= stocked && rule.entry_mask & !occupied != 0;
        }
        Some(any)
    }

    /// Calls `emit` with each legal action until it returns false.
    #[inline]
    pub(super) fn each_action<S: Sink>(&self, emit: &mut S) {
        self.each_action_in(self.allowed_rules(), self.phase_skips(), emit);
    }

    /// [`Self::each_action`] for the rules of `allowed` (one bit per rule
    /// index), listing `pass` where `skip` (a phase that passing ends).
    #[inline(always)]
    pub(super) fn each_action_in<S: Sink>(&self, allowed: u32, skip: bool, emit: &mut S) {
        if self.status.to_move().is_none() {
            return;
        }
        by_width!(self.program, W => {
            let mut scan = Scan::<W>::blank();
            scan.fill(self);
            self.each_action_scanned(&scan, allowed, skip, emit);
        })
    }

    /// [`Self::each_action_in`] on a `scan` of this position, which
    /// several passes over the same position share.
    pub(super) fn each_action_scanned<W: Bits, S: Sink>(
        &self,
        scan: &Scan<W>,
        allowed: u32,
        skip: bool,
        emit: &mut S,
    ) {
        let Some(me) = self.status.to_move() else {
            return;
        };
        let (mut any, mut live) = (false, self.live_rules(me, allowed));
        while live != 0 {
            let r = live.trailing_zeros() as usize;
            live &= live - 1;
            if !self.rule_actions(r, me, scan, &mut any, emit) {
                return;
            }
        }
        self.tail_actions(me, allowed, skip, any, emit);
    }

    /// The rules of `allowed` (one bit per rule index) that may give `me`
    /// an action: all but the effects `me` has used up.
    #[inline(always)]
    pub(super) fn live_rules(&self, me: usize, allowed: u32) -> u32 {
        allowed & self.program.rule_mask & !self.used_up[me]
    }

    /// Emits the actions of rule `r` for `me`, noting in `any` whether
    /// there were some; false when `emit` stopped generation.
    #[inline(always)]
    pub(super) fn rule_actions<W: Bits, S: Sink>(
        &self,
        r: usize,
        me: usize,
        scan: &Scan<W>,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let rule = &self.program.rules[r];
        match rule.generator {
            Generator::StackPlace => self.each_stack_place(rule, me, scan, any, emit),
            Generator::Place => self.each_place(rule, me, scan, any, emit),
            Generator::Drop => self.each_drop(rule, me, scan, any, emit),
            Generator::Move => self.each_move(rule, me, scan, any, emit),
            g @ (Generator::Transport | Generator::Rotate | Generator::SquareEffect) => {
                self.each_effect(g, r, me, scan, any, emit)
            }
            Generator::Pass if rule.when == PassWhen::Always => {
                *any = true;
                emit.one(Action::Pass)
            }
            // A pass allowed only when stuck comes after the rules.
            Generator::Pass => true,
        }
    }

    /// Emits the actions after the rules': `pass` where `skip` (a phase
    /// that passing ends) or where a rule of `allowed` allows passing when
    /// stuck and no rule gave an action (`any`), then the ways to lose the
    /// turn.
    #[inline(always)]
    pub(super) fn tail_actions<S: Sink>(
        &self,
        me: usize,
        allowed: u32,
        skip: bool,
        any: bool,
        emit: &mut S,
    ) {
        let stuck = || {
            (self.program.rules.iter().enumerate()).any(|(r, rule)| {
                allowed >> r & 1 == 1
                    && rule.mechanic == Mechanic::Pass
                    && rule.when != PassWhen::Always
            })
        };
        if (skip || !any && stuck()) && !emit.one(Action::Pass) {
            return;
        }
        if self.program.illegal == Illegal::LoseTurn {
            self.each_forfeit(me, emit);
        }
    }

    /// The listed ways to lose the turn: plainly, then spending each effect
    /// with uses left.
    #[inline(always)]
    pub(super) fn each_forfeit<S: Sink>(&self, me: usize, emit: &mut S) {
        if !emit.one(Action::Forfeit { rule: NO_RULE }) {
            return;
        }
        let mut left = self.program.effect_rules & !self.used_up[me];
        while left != 0 {
            let r = left.trailing_zeros() as u8;
            left &= left - 1;
            if !emit.one(Action::Forfeit { rule: r }) {
                return;
            }
        }
    }

    /// The squares a `place` rule may use for a piece of `kind`, given the
    /// rule's [`Self::covering`] (the same for every kind).
    #[inline(always)]
    fn place_mask<W: Bits>(
        &self,
        rule: &Rule,
        me: usize,
        kind: u8,
        scan: &Scan<W>,
        covering: Option<W>,
    ) -> W {
        match (rule.onto, covering) {
            (Onto::Empty, _) => scan.empty(),
            (Onto::Cover, Some(allowed)) => {
                scan.empty() | scan.cover[usize::from(kind) % MAX_KINDS] & allowed
            }
            _ => W::of(self.place_mask_by_squares(rule, me, kind)),
        }
    }

    /// Where a `place` rule onto `cover` may cover at all, whatever the
    /// kind: everywhere, or only under a threat (its `cover_only`); `None`
    /// for other targets.
    #[inline(always)]
    fn covering<W: Bits>(&self, rule: &Rule, me: usize, scan: &Scan<W>) -> Option<W> {
        match (rule.onto, rule.cover_only) {
            (Onto::Cover, Some(_)) => Some(scan.threat(self, me)),
            (Onto::Cover, None) => Some(W::ALL),
            _ => None,
        }
    }

    /// [`Self::place_mask`] for targets that depend on owners, square by
    /// square through [`Self::place_target`].
    #[cold]
    #[inline(never)]
    fn place_mask_by_squares(&self, rule: &Rule, me: usize, kind: u8) -> super::compile::Cells {
        let size = self.program.kinds[usize::from(kind)].size;
        (0..self.program.geometry.cells() as u8)
            .filter(|&at| self.place_target(rule, me, size, at).is_ok())
            .fold(0, |m, at| m | 1 << at)
    }

    #[inline(always)]
    pub(super) fn each_stack_place<W: Bits, S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan<W>,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let count = usize::from(self.program.stacks);
        let sets = self.stacks.get(me * count..(me + 1) * count).unwrap_or(&[]);
        let covering = self.covering(rule, me, scan);
        for (stack, &set) in sets.iter().enumerate() {
            let Some(kind) = self.largest_of(set) else {
                continue;
            };
            if rule.kinds >> kind & 1 == 0 {
                continue;
            }
            let targets = self.place_mask(rule, me, kind, scan, covering);
            *any |= targets != W::NONE;
            let stack = stack as u8;
            if !emit.each(targets, Action::PlaceFrom { stack, at: 0 }) {
                return false;
            }
        }
        true
    }

    pub(super) fn each_place<W: Bits, S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan<W>,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let kinds = self.program.kinds.len();
        for kind in 0..kinds as u8 {
            if rule.kinds >> kind & 1 == 0 || self.reserves[me * kinds + usize::from(kind)] == 0 {
                continue;
            }
            // The threat mask, if asked for, is computed once per scan.
            let covering = self.covering(rule, me, scan);
            let targets = self.place_mask(rule, me, kind, scan, covering);
            *any |= targets != W::NONE;
            if !emit.each(targets, Action::Place { kind, at: 0 }) {
                return false;
            }
        }
        true
    }

    pub(super) fn each_drop<W: Bits, S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan<W>,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let kinds = self.program.kinds.len();
        for kind in 0..kinds as u8 {
            if rule.kinds >> kind & 1 == 0 || self.reserves[me * kinds + usize::from(kind)] == 0 {
                continue;
            }
            for line in &rule.drop_lines {
                if let Some(at) = line.landing(scan.occupied.cells()) {
                    *any = true;
                    if !emit.one(Action::Drop { kind, at }) {
                        return false;
                    }
                }
            }
        }
        true
    }

    #[inline(always)]
    pub(super) fn each_move<W: Bits, S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan<W>,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        if rule.pattern == Pattern::Anywhere
            && let Some(go) = self.fan_moves(rule, me, scan, any, emit)
        {
            return go;
        }
        if let Some(go) = self.step_moves(rule, me, scan, any, emit) {
            return go;
        }
        for from in squares(W::of(self.tops[me])) {
            let from = from as u8;
            let (kind, _) = Program::decode(self.top(from));
            if rule.kinds >> kind & 1 == 0 {
                continue;
            }
            if rule.pattern == Pattern::Anywhere
                && let Some(mask) = scan.targets(rule.onto, kind)
            {
                let targets = mask & !W::bit(usize::from(from));
                *any |= targets != W::NONE;
                if !emit.each(targets, Action::Move { from, to: 0 }) {
                    return false;
                }
                continue;
            }
            let size = self.program.kinds[usize::from(kind)].size;
            let mut go = true;
            self.targets(rule, me, from, size, &mut |to| {
                *any = true;
                go = emit.one(Action::Move { from, to });
                go
            });
            if !go {
                return false;
            }
        }
        true
    }

    /// Whether `rule` moves pieces of every kind.
    #[inline(always)]
    fn moves_every_kind(&self, rule: &Rule) -> bool {
        let kinds = self.program.kinds.len().min(MAX_KINDS);
        u32::from(rule.kinds) & ((1 << kinds) - 1) == (1 << kinds) - 1
    }

    /// The moves of a rule of every kind that steps one square (without
    /// wrap-around) onto an empty square or an opponent's, where pieces do
    /// not stack, found by shifting sets of squares: for each direction,
    /// the pieces whose neighbour that way they may move onto. The same
    /// actions in the same order as the square-by-square search
    /// ([`VocabGame::targets`]); `None` where this does not apply.
    #[inline(always)]
    fn step_moves<W: Bits, S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan<W>,
        any: &mut bool,
        emit: &mut S,
    ) -> Option<bool> {
        let dirs = &rule.directions[me];
        if rule.pattern != Pattern::Step
            || rule.distance != 1
            || rule.wrap
            || !self.moves_every_kind(rule)
            || self.program.height != 1
            || self.program.cover != Cover::None
            || dirs.len() > 8
        {
            return None;
        }
        let mine = W::of(self.tops[me]);
        let theirs = scan.occupied & !mine;
        let onto = match rule.onto {
            Onto::Empty => scan.empty(),
            Onto::Opponent => theirs,
            Onto::EmptyOrOpponent => scan.empty() | theirs,
            _ => return None,
        };
        let mut movers = [(W::NONE, 0i16); 8];
        let mut moving = W::NONE;
        for (slot, &d) in movers.iter_mut().zip(dirs) {
            let (delta, from) = self.program.geometry.shift(d)?;
            let can = mine & W::of(from) & onto.shifted(-delta);
            *slot = (can, delta);
            moving |= can;
        }
        *any |= moving != W::NONE;
        for from in squares(moving) {
            for &(can, delta) in &movers[..dirs.len()] {
                let to = (from as i16 + delta) as u8;
                if can.has(from)
                    && !emit.one(Action::Move {
                        from: from as u8,
                        to,
                    })
                {
                    return Some(false);
                }
            }
        }
        Some(true)
    }

    /// The moves of an `anywhere` rule as one [`Fan`], grouped by the kind
    /// on top (the targets are the same for every piece of a kind), where
    /// the position keeps the squares topped by each kind or the rule
    /// moves every kind and the targets do not depend on it; `None`
    /// elsewhere.
    #[inline(always)]
    fn fan_moves<W: Bits, S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan<W>,
        any: &mut bool,
        emit: &mut S,
    ) -> Option<bool> {
        let kinds = self.program.kinds.len().min(MAX_KINDS);
        let every = self.moves_every_kind(rule);
        let covering = self.program.cover != Cover::None;
        let (mut froms, kind_tops) = match (covering, every) {
            (true, _) => (W::of(self.tops[me]), &self.kind_tops[..kinds]),
            (false, true) => (W::of(self.tops[me]), &[][..]),
            (false, false) => return None,
        };
        if !every {
            let moved = (0..kinds).filter(|&k| rule.kinds >> k & 1 == 1);
            froms &= moved.fold(W::NONE, |m, k| m | W::of(kind_tops[k]));
        }
        let fan = Fan {
            froms,
            base: scan.targets(rule.onto, 0)? & scan.empty(),
            extra: match rule.onto {
                Onto::Cover => &scan.cover[..kinds],
                _ => &[],
            },
            kind_tops,
            own_in_extra: self.program.cover != Cover::Larger,
        };
        // Counted only where the caller reads `any`.
        *any |= fan.count() != 0;
        Some(emit.fan(fan))
    }

    /// Emits every legal use of effect rule `r`, of `generator` (a
    /// constant where the caller goes through one generator's rules), for
    /// `me`.
    #[inline(always)]
    pub(super) fn each_effect<W: Bits, S: Sink>(
        &self,
        generator: Generator,
        r: usize,
        me: usize,
        scan: &Scan<W>,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let rule = &self.program.rules[r];
        if self.used_up[me] >> r & 1 == 1 {
            return true;
        }
        let targets = self.effect_targets_in(rule, me, scan.occupied, scan.board);
        *any |= targets != W::NONE;
        let rule = r as u8;
        let effect = Action::Effect {
            rule,
            at: 0,
            arg: 0,
        };
        match generator {
            // One use per number of pieces moved, 1 up to the height.
            Generator::Transport => emit.spread(targets, Spread::Heights(&self.heights), effect),
            // Clockwise (0), then anticlockwise (1).
            Generator::Rotate => emit.spread(targets, Spread::Twice, effect),
            _ => emit.each(targets, effect),
        }
    }
}
