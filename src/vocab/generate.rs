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
//! action and no allocation.

use std::cell::Cell;

use super::compile::{Cells, Program, Rule};
use super::schema::{Cover, Illegal, Mechanic, Onto, PassWhen, Pattern};
pub(super) use super::sink::{Fan, Nth, Sink, Spread, Until, all_if, at_most_one};
use super::state::{Action, MAX_KINDS, NO_RULE, VocabGame};

/// The most kinds a ruleset has (kind sets are 16-bit masks).
const KINDS: usize = 16;

/// What one generation reads many times, computed once per position.
pub(super) struct Scan {
    /// Every square with a piece.
    pub(super) occupied: Cells,
    /// Every square of the board.
    pub(super) board: Cells,
    /// Per kind: the occupied squares whose top a piece of that kind may
    /// cover (the stacking rule and the stack height allowing).
    cover: [Cells; KINDS],
    /// The squares where the mover may cover under a covering condition
    /// ([`VocabGame::threat_mask`]), computed when first needed.
    threat: Cell<Option<Cells>>,
}

impl Scan {
    /// A blank scan, to [`Self::fill`] in place: a scan is a few hundred
    /// bytes, and returning one by value made the compiler copy it, which
    /// cost more than the rest of a small game's turn.
    #[inline(always)]
    pub(super) fn blank() -> Scan {
        Scan {
            occupied: 0,
            board: 0,
            cover: [0; KINDS],
            threat: Cell::new(None),
        }
    }

    /// Fills a [`Self::blank`] scan from `game`; the covering masks only
    /// where pieces cover.
    #[inline(always)]
    pub(super) fn fill(&mut self, game: &VocabGame) {
        self.occupied = game.occupied();
        self.board = board_mask(&game.program);
        if game.program.cover != Cover::None {
            self.fill_cover(game);
        }
    }

    /// Fills [`Self::cover`].
    fn fill_cover(&mut self, game: &VocabGame) {
        let p = &game.program;
        // The occupied squares by the kind on top, where a stack has room
        // (kept by the position as pieces come and go).
        let room = !game.full();
        if p.cover == Cover::Any {
            let open = game.kind_tops[..p.kinds.len()].iter().fold(0, |a, m| a | m);
            self.cover[..p.kinds.len()].fill(open & room);
            return;
        }
        // `larger`: smallest kinds first; each kind covers every strictly
        // smaller size seen before it.
        let (mut smaller, mut pending, mut size) = (0, 0, 0);
        for &k in p.by_size.iter().rev() {
            let k = usize::from(k) % KINDS;
            let kind_size = p.kinds[k].size;
            if kind_size != size {
                smaller |= pending;
                pending = 0;
                size = kind_size;
            }
            self.cover[k] = smaller;
            pending |= game.kind_tops[k] & room;
        }
    }

    /// The empty squares.
    #[inline]
    pub(super) fn empty(&self) -> Cells {
        self.board & !self.occupied
    }

    /// The squares a piece of `kind` may end on under `onto`, for `empty`
    /// and `cover` (the other targets depend on owners: `None`).
    #[inline]
    fn targets(&self, onto: Onto, kind: u8) -> Option<Cells> {
        match onto {
            Onto::Empty => Some(self.empty()),
            Onto::Cover => Some(self.empty() | self.cover[usize::from(kind)]),
            _ => None,
        }
    }
}

/// Every square of `program`'s board.
#[inline]
pub(super) fn board_mask(program: &Program) -> Cells {
    let cells = program.geometry.cells();
    if cells >= 128 {
        Cells::MAX
    } else {
        (1 << cells) - 1
    }
}

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
    pub(super) fn each_action_in<S: Sink>(&self, allowed: u32, skip: bool, emit: &mut S) {
        if self.status.to_move().is_none() {
            return;
        }
        let mut scan = Scan::blank();
        scan.fill(self);
        self.each_action_scanned(&scan, allowed, skip, emit);
    }

    /// [`Self::each_action_in`] on a filled `scan` of this position, which
    /// several passes over the same position share.
    pub(super) fn each_action_scanned<S: Sink>(
        &self,
        scan: &Scan,
        allowed: u32,
        skip: bool,
        emit: &mut S,
    ) {
        let Some(me) = self.status.to_move() else {
            return;
        };
        let mut any = false;
        for r in 0..self.program.rules.len() {
            if allowed >> r & 1 == 1 && !self.rule_actions(r, me, scan, &mut any, emit) {
                return;
            }
        }
        self.tail_actions(me, allowed, skip, any, emit);
    }

    /// Emits the actions of rule `r` for `me`, noting in `any` whether
    /// there were some; false when `emit` stopped generation.
    #[inline(always)]
    pub(super) fn rule_actions<S: Sink>(
        &self,
        r: usize,
        me: usize,
        scan: &Scan,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let rule = &self.program.rules[r];
        match rule.mechanic {
            Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate | Mechanic::Neutralise => {
                self.each_effect(r, me, scan, any, emit)
            }
            Mechanic::Place if rule.drop.is_some() => self.each_drop(rule, me, scan, any, emit),
            Mechanic::Place if self.program.stacks > 0 => {
                self.each_stack_place(rule, me, scan, any, emit)
            }
            Mechanic::Place => self.each_place(rule, me, scan, any, emit),
            Mechanic::Move => self.each_move(rule, me, scan, any, emit),
            Mechanic::Pass if rule.when == PassWhen::Always => {
                *any = true;
                emit.one(Action::Pass)
            }
            // A pass allowed only when stuck comes after the rules.
            Mechanic::Pass => true,
        }
    }

    /// Emits the actions after the rules': `pass` where `skip` (a phase
    /// that passing ends) or where a rule of `allowed` allows passing when
    /// stuck and no rule gave an action (`any`), then the ways to lose the
    /// turn.
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
    pub(super) fn each_forfeit<S: Sink>(&self, me: usize, emit: &mut S) {
        if !emit.one(Action::Forfeit { rule: NO_RULE }) {
            return;
        }
        for (r, rule) in self.program.rules.iter().enumerate() {
            if rule.is_effect()
                && self.uses_left(me, r) != Some(0)
                && !emit.one(Action::Forfeit { rule: r as u8 })
            {
                return;
            }
        }
    }

    /// The squares a `place` rule may use for a piece of `kind`.
    #[inline(always)]
    fn place_mask(&self, rule: &Rule, me: usize, kind: u8, scan: &Scan) -> Cells {
        match rule.onto {
            Onto::Empty => scan.empty(),
            Onto::Cover => {
                let cover = scan.cover[usize::from(kind) % KINDS];
                if cover == 0 {
                    return scan.empty();
                }
                scan.empty() | cover & self.cover_allowed(rule, me, scan)
            }
            _ => self.place_mask_by_squares(rule, me, kind),
        }
    }

    /// [`Self::place_mask`] for targets that depend on owners, square by
    /// square through [`Self::place_target`].
    #[cold]
    #[inline(never)]
    fn place_mask_by_squares(&self, rule: &Rule, me: usize, kind: u8) -> Cells {
        let size = self.program.kinds[usize::from(kind)].size;
        (0..self.program.geometry.cells() as u8)
            .filter(|&at| self.place_target(rule, me, size, at).is_ok())
            .fold(0, |m, at| m | 1 << at)
    }

    /// The squares where covering is allowed under `rule`'s condition.
    #[inline(always)]
    fn cover_allowed(&self, rule: &Rule, me: usize, scan: &Scan) -> Cells {
        if rule.cover_only.is_none() {
            return Cells::MAX;
        }
        if let Some(threat) = scan.threat.get() {
            return threat;
        }
        let threat = self.threat_mask(me);
        scan.threat.set(Some(threat));
        threat
    }

    fn each_stack_place<S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let count = usize::from(self.program.stacks);
        let sets = self.stacks.get(me * count..(me + 1) * count).unwrap_or(&[]);
        for (stack, &set) in sets.iter().enumerate() {
            let Some(kind) = self.largest_of(set) else {
                continue;
            };
            if rule.kinds >> kind & 1 == 0 {
                continue;
            }
            let targets = self.place_mask(rule, me, kind, scan);
            *any |= targets != 0;
            let stack = stack as u8;
            if !emit.each(targets, Action::PlaceFrom { stack, at: 0 }) {
                return false;
            }
        }
        true
    }

    /// The squares [`Self::threatened`] holds for `me`.
    fn threat_mask(&self, me: usize) -> Cells {
        let mut out = 0;
        let players = self.program.players.len();
        for p in (0..players).filter(|&p| p != me) {
            let tops = self.tops[p];
            for &mask in &self.program.lines.masks {
                // Branch-free: whether a line is threatened is a coin toss.
                out |= tops & mask & all_if(at_most_one(mask & !tops));
            }
        }
        out
    }

    fn each_place<S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let kinds = self.program.kinds.len();
        for kind in 0..kinds as u8 {
            if rule.kinds >> kind & 1 == 0 || self.reserves[me * kinds + usize::from(kind)] == 0 {
                continue;
            }
            let targets = self.place_mask(rule, me, kind, scan);
            *any |= targets != 0;
            if !emit.each(targets, Action::Place { kind, at: 0 }) {
                return false;
            }
        }
        true
    }

    fn each_drop<S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let kinds = self.program.kinds.len();
        for kind in 0..kinds as u8 {
            if rule.kinds >> kind & 1 == 0 || self.reserves[me * kinds + usize::from(kind)] == 0 {
                continue;
            }
            for line in &rule.drop_lines {
                if let Some(at) = line.landing(scan.occupied) {
                    *any = true;
                    if !emit.one(Action::Drop { kind, at }) {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn each_move<S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        if rule.pattern == Pattern::Anywhere
            && let Some(go) = self.fan_moves(rule, me, scan, any, emit)
        {
            return go;
        }
        let mut mine = self.tops[me];
        while mine != 0 {
            let from = mine.trailing_zeros() as u8;
            mine &= mine - 1;
            let (kind, _) = Program::decode(self.top(from));
            if rule.kinds >> kind & 1 == 0 {
                continue;
            }
            if rule.pattern == Pattern::Anywhere
                && let Some(mask) = scan.targets(rule.onto, kind)
            {
                let targets = mask & !(1 << from);
                *any |= targets != 0;
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

    /// The moves of an `anywhere` rule as one [`Fan`], grouped by the kind
    /// on top (the targets are the same for every piece of a kind), where
    /// the position keeps the squares topped by each kind or the rule
    /// moves every kind and the targets do not depend on it; `None`
    /// elsewhere.
    #[inline]
    fn fan_moves<S: Sink>(
        &self,
        rule: &Rule,
        me: usize,
        scan: &Scan,
        any: &mut bool,
        emit: &mut S,
    ) -> Option<bool> {
        let kinds = self.program.kinds.len();
        let every = u32::from(rule.kinds) & ((1 << kinds) - 1) == (1 << kinds) - 1;
        let covering = self.program.cover != Cover::None;
        let (mut froms, kind_tops) = match (covering, every) {
            (true, _) => (self.tops[me], &self.kind_tops[..kinds.min(MAX_KINDS)]),
            (false, true) => (self.tops[me], &[][..]),
            (false, false) => return None,
        };
        if !every {
            let moved = (0..kinds).filter(|&k| rule.kinds >> k & 1 == 1);
            froms &= moved.fold(0, |m, k| m | kind_tops[k]);
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
        let count = fan.count();
        *any |= count != 0;
        Some(emit.fan(fan, count))
    }

    /// Emits every legal use of effect rule `r` for `me`.
    fn each_effect<S: Sink>(
        &self,
        r: usize,
        me: usize,
        scan: &Scan,
        any: &mut bool,
        emit: &mut S,
    ) -> bool {
        let rule = &self.program.rules[r];
        // A rule used up has no targets (no branch: which effects a player
        // has left changes as play goes).
        let left = all_if(self.uses_left(me, r) != Some(0));
        let targets = self.effect_targets_in(rule, me, scan.occupied, scan.board) & left;
        *any |= targets != 0;
        let rule = r as u8;
        let effect = Action::Effect {
            rule,
            at: 0,
            arg: 0,
        };
        match self.program.rules[r].mechanic {
            // One use per number of pieces moved, 1 up to the height.
            Mechanic::Transport => emit.spread(targets, Spread::Heights(&self.heights), effect),
            // Clockwise (0), then anticlockwise (1).
            Mechanic::Rotate => emit.spread(targets, Spread::Twice, effect),
            _ => emit.each(targets, effect),
        }
    }
}
