//! The interpreter's position: stacks of piece codes per square, bit masks
//! of the visible tops per player, reserves, and whose turn it is; with the
//! [`Game`] contract on top. Legal actions and their checks are in
//! [`super::moves`], end conditions in [`super::end`].

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::compile::{Cells, Program};
use super::schema::{Cover, MAX_PLAYERS};
use crate::config::quit::Left;
use crate::contract::{Game, Outcome, Seat, Status};

/// Something a player can do, in the game's one notation (see
/// [`super::notation`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Put a piece of `kind` from the reserve on square `at`.
    Place {
        /// The kind.
        kind: u8,
        /// The square.
        at: u8,
    },
    /// Drop a piece of `kind` into a line; it comes to rest on `at`.
    Drop {
        /// The kind.
        kind: u8,
        /// The square where it comes to rest.
        at: u8,
    },
    /// Move the top piece of `from` to `to`.
    Move {
        /// The square left.
        from: u8,
        /// The square entered.
        to: u8,
    },
    /// Do nothing this turn.
    Pass,
    /// Resign.
    Quit,
    /// Put the top piece of the player's reserve stack `stack` (from 0) on
    /// square `at`.
    PlaceFrom {
        /// The stack.
        stack: u8,
        /// The square.
        at: u8,
    },
    /// Use the effect rule `rule` on square `at`; `arg` is the number of
    /// pieces a `transport` moves, or a `rotate`'s way (0 clockwise, 1
    /// anticlockwise), else 0.
    Effect {
        /// The rule's index.
        rule: u8,
        /// The square.
        at: u8,
        /// The parameter.
        arg: u8,
    },
    /// Lose the turn (rulesets where an illegal action costs the turn),
    /// spending one use of effect rule `rule` unless it is [`NO_RULE`].
    Forfeit {
        /// The effect spent, or [`NO_RULE`].
        rule: u8,
    },
}

/// The most kinds a ruleset has (kind sets are 16-bit masks).
pub(super) const MAX_KINDS: usize = 16;

/// No rule: a [`Action::Forfeit`] that spends nothing.
pub const NO_RULE: u8 = u8::MAX;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `seat` placed a `kind` on `at`.
    Placed {
        /// Who.
        seat: Seat,
        /// The kind.
        kind: u8,
        /// The square.
        at: u8,
    },
    /// `seat` moved a `kind` from `from` to `to`.
    Moved {
        /// Who.
        seat: Seat,
        /// The kind.
        kind: u8,
        /// From.
        from: u8,
        /// To.
        to: u8,
    },
    /// A piece of `owner` was captured on `at`.
    Captured {
        /// Whose piece.
        owner: Seat,
        /// The kind.
        kind: u8,
        /// The square.
        at: u8,
    },
    /// `seat` passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// `seat` used effect rule `rule` on `at`.
    Used {
        /// Who.
        seat: Seat,
        /// The rule's index.
        rule: u8,
        /// The square.
        at: u8,
    },
    /// A piece of `owner` left square `from` for its owner's reserve.
    Returned {
        /// Whose piece.
        owner: Seat,
        /// The kind.
        kind: u8,
        /// The square it left.
        from: u8,
    },
    /// Square `at` became a sink.
    Sink {
        /// The square.
        at: u8,
    },
    /// `seat` lost the turn, spending one use of `rule` (or [`NO_RULE`]).
    TurnLost {
        /// Who.
        seat: Seat,
        /// The effect spent.
        rule: u8,
    },
    /// `seat` quit where quitting ends play in a draw (`[outcomes] quit =
    /// "draw"`; [`Event::Ended`] follows). Where quitting is a loss, the
    /// end itself says so: `Ended(Outcome::Quit(seat))`.
    Quit {
        /// Who.
        seat: Seat,
    },
    /// Play ended.
    Ended(Outcome),
}

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The game is over.
    GameOver,
    /// The target square is taken.
    Occupied,
    /// The piece cannot cover what is on the target.
    CannotCover,
    /// Nothing of an opponent's to capture on the target.
    NothingToCapture,
    /// The reserve of that kind is empty.
    ReserveEmpty,
    /// The line dropped into is full.
    LineFull,
    /// No piece of the player's on top of the square (another's is).
    NoPiece,
    /// No piece at all on the square a move starts from.
    EmptySquare,
    /// The piece does not move that way.
    NotAMove,
    /// A square on the way is not empty.
    Blocked,
    /// No rule allows this kind of action now.
    NotAllowed,
    /// The player has no use of that effect left.
    UsedUp,
    /// The effect cannot be used on that square.
    WrongTarget,
    /// More pieces asked for than the square holds.
    TooMany,
    /// Covering from the reserve needs a line the owner threatens.
    NotThreatened,
    /// The action belongs to another phase of the turn.
    NotInPhase,
}

impl Reason {
    /// The message key of this reason in `[messages]`.
    pub fn key(self) -> &'static str {
        match self {
            Reason::GameOver => "game_over",
            Reason::Occupied => "occupied",
            Reason::CannotCover => "cannot_cover",
            Reason::NothingToCapture => "nothing_to_capture",
            Reason::ReserveEmpty => "reserve_empty",
            Reason::LineFull => "line_full",
            Reason::NoPiece => "no_piece",
            Reason::EmptySquare => "empty_square",
            Reason::NotAMove => "not_a_move",
            Reason::Blocked => "blocked",
            Reason::NotAllowed => "not_allowed",
            Reason::UsedUp => "used_up",
            Reason::WrongTarget => "wrong_target",
            Reason::TooMany => "too_many",
            Reason::NotThreatened => "not_threatened",
            Reason::NotInPhase => "not_in_phase",
        }
    }
}

/// A refused action: the typed reason and its text from the ruleset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// Why.
    pub reason: Reason,
    /// The ruleset's text for it, filled in.
    pub message: String,
}

/// A position of a vocabulary game.
pub struct VocabGame {
    pub(super) program: Arc<Program>,
    /// `pieces[square * height + level]`: piece codes, 0 above the top.
    pub(super) pieces: Vec<u8>,
    /// The stack height of each square.
    pub(super) heights: Vec<u8>,
    /// The squares whose visible top belongs to each player.
    pub(super) tops: [Cells; MAX_PLAYERS],
    /// The squares whose top piece is of each kind (neutral ones too),
    /// kept where pieces cover (the covering masks read them; elsewhere
    /// empty). Derived from the stacks, so not part of `Eq`/`Hash`.
    pub(super) kind_tops: [Cells; MAX_KINDS],
    /// The squares whose stack is as high as stacks go (derived and kept
    /// like `kind_tops`).
    pub(super) full: Cells,
    /// `reserves[player * kinds + kind]`; `u16::MAX`: unlimited.
    pub(super) reserves: Vec<u16>,
    pub(super) status: Status,
    pub(super) turn: u32,
    /// Reserve stacks: `stacks[player * count + stack]`, one bit per kind.
    pub(super) stacks: Vec<u16>,
    /// The turn each piece's status ends (0: none; one not after the turn
    /// has ended), laid out like `pieces`; empty when no rule gives
    /// statuses.
    pub(super) timers: Vec<u32>,
    /// The same for reserve stacks: `[(player * count + stack) * kinds + kind]`.
    pub(super) stack_timers: Vec<u32>,
    /// Squares whose top piece belongs to nobody for now.
    pub(super) neutral: Cells,
    /// Squares that are sinks.
    pub(super) sinks: Cells,
    /// Uses of effect rules left: `uses[player * rules + rule]`; empty
    /// when no rule limits its uses.
    pub(super) uses: Vec<u8>,
    /// Per player, the effect rules with no use left, one bit per rule
    /// index (derived from `uses` and kept like `kind_tops`).
    pub(super) used_up: [u32; MAX_PLAYERS],
    /// The first turn on which the status of a neutral top can end
    /// (`u32::MAX`: none is neutral): a lower bound kept as tops are shown,
    /// so that turns before it skip looking at them (see
    /// [`Self::expire`](super::effects)). Not part of `Eq`/`Hash`: looking
    /// earlier changes nothing.
    pub(super) expiry: u32,
    /// The squares whose top was shown anew since the last line check
    /// (rulesets with effects check the lines through them). Not part of
    /// `Eq`/`Hash`: it only narrows which lines are looked at.
    pub(super) fresh: Cells,
    /// Who quit, where quitting ended play in a draw.
    pub(super) quitter: Option<Seat>,
    /// The players who have left the game (`quit = "leave"`), a bit each.
    pub(super) left: Left,
    /// Counter values, one per slot (see [`super::flow`]); empty without
    /// counters.
    pub(super) counters: Vec<i32>,
    /// The phase of the turn (0 without phases).
    pub(super) phase: u8,
}

impl VocabGame {
    /// The starting position of `program`.
    pub fn new(program: Arc<Program>) -> VocabGame {
        let cells = program.geometry.cells();
        let height = usize::from(program.height);
        let reserves = (0..program.players.len())
            .flat_map(|_| program.kinds.iter().map(|k| k.reserve.unwrap_or(u16::MAX)))
            .collect();
        let players = program.players.len();
        let (count, kinds) = (usize::from(program.stacks), program.kinds.len());
        let full = (1u32 << kinds).wrapping_sub(1) as u16;
        let timed = |n: usize| {
            if program.statuses {
                vec![0; n]
            } else {
                Vec::new()
            }
        };
        let mut game = VocabGame {
            pieces: vec![0; cells * height],
            heights: vec![0; cells],
            tops: [0; MAX_PLAYERS],
            kind_tops: [0; MAX_KINDS],
            full: 0,
            reserves,
            status: Status::ToMove(0),
            turn: 0,
            stacks: vec![full; players * count],
            timers: timed(cells * height),
            stack_timers: timed(players * count * kinds),
            neutral: 0,
            sinks: 0,
            expiry: u32::MAX,
            fresh: 0,
            quitter: None,
            left: Left::default(),
            counters: program.flow.start_values(players),
            phase: 0,
            used_up: [program
                .rules
                .iter()
                .enumerate()
                .filter(|(_, r)| r.is_effect() && r.uses == Some(0))
                .fold(0, |m, (i, _)| m | 1 << i); MAX_PLAYERS],
            // Kept only when some rule limits its uses (one allocation
            // less per copy of a position otherwise).
            uses: match program.rules.iter().any(|r| r.uses.is_some()) {
                true => (0..players)
                    .flat_map(|_| program.rules.iter().map(|r| r.uses.unwrap_or(u8::MAX)))
                    .collect(),
                false => Vec::new(),
            },
            program,
        };
        if count > 0 {
            game.reserves = vec![count as u16; players * kinds];
        }
        for &(cell, code) in &game.program.setup.clone() {
            game.push(cell, code);
        }
        if !game.program.flow.phases.is_empty() {
            game.skip_empty_phases(0);
        }
        game
    }

    /// The compiled rules.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The piece code on top of `cell` (0: empty).
    #[inline]
    pub fn top(&self, cell: u8) -> u8 {
        let h = self.heights[usize::from(cell)];
        if h == 0 {
            0
        } else {
            self.pieces[usize::from(cell) * usize::from(self.program.height) + usize::from(h) - 1]
        }
    }

    /// The stack on `cell`, bottom first.
    pub fn stack(&self, cell: u8) -> &[u8] {
        let base = usize::from(cell) * usize::from(self.program.height);
        &self.pieces[base..base + usize::from(self.heights[usize::from(cell)])]
    }

    /// How many of `kind` `player` has in reserve (`None`: unlimited).
    pub fn reserve(&self, player: usize, kind: u8) -> Option<u16> {
        let left = self.reserves[player * self.program.kinds.len() + usize::from(kind)];
        (left != u16::MAX).then_some(left)
    }

    /// The squares whose top piece is `player`'s.
    pub fn tops(&self, player: usize) -> Cells {
        self.tops[player]
    }

    /// Every square with a piece.
    #[inline]
    pub fn occupied(&self) -> Cells {
        self.tops.iter().fold(self.neutral, |a, t| a | t)
    }

    /// The squares whose top piece is of `kind` (whoever it belongs to),
    /// kept up to date as pieces come and go in rulesets where pieces
    /// cover (`[stacking] cover`; elsewhere none).
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let mut game = VocabGame::new(builtin_vocab("gobblet-gobblers").unwrap().unwrap());
    /// let action = game.legal_actions()[0];
    /// game.apply(&action).unwrap();
    /// let topped: u32 = (0..3).map(|k| game.kind_tops(k).count_ones()).sum();
    /// assert_eq!(topped, 1);
    /// ```
    #[inline]
    pub fn kind_tops(&self, kind: u8) -> Cells {
        self.kind_tops.get(usize::from(kind)).copied().unwrap_or(0)
    }

    /// The squares whose stack is as high as the rules let stacks go, in
    /// rulesets where pieces cover (elsewhere none).
    ///
    /// ```
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap());
    /// assert_eq!(game.full(), 0);
    /// ```
    #[inline]
    pub fn full(&self) -> Cells {
        self.full
    }

    /// The squares whose top piece belongs to nobody for now.
    pub fn neutral(&self) -> Cells {
        self.neutral
    }

    /// The squares that are sinks.
    pub fn sinks(&self) -> Cells {
        self.sinks
    }

    /// The turn the status of the piece at `level` of `cell` ends (0: none).
    pub fn timer(&self, cell: u8, level: usize) -> u32 {
        let slot = usize::from(cell) * usize::from(self.program.height) + level;
        self.timers.get(slot).copied().unwrap_or(0)
    }

    /// Whether a status ending on turn `timer` is shown: it lasted through
    /// the turn just played (it may be over for the rules already).
    pub fn shows_status(&self, timer: u32) -> bool {
        timer != 0 && timer >= self.turn
    }

    /// Uses of effect rule `rule` that `player` has left (`None`: unlimited).
    pub fn uses_left(&self, player: usize, rule: usize) -> Option<u8> {
        let slot = player * self.program.rules.len() + rule;
        let left = self.uses.get(slot).copied().unwrap_or(u8::MAX);
        (left != u8::MAX).then_some(left)
    }

    /// Puts `code` on top of `cell`.
    pub(super) fn push(&mut self, cell: u8, code: u8) {
        self.push_timed(cell, code, 0);
    }

    /// Puts `code`, whose status ends on turn `timer`, on top of `cell`.
    #[inline(always)]
    pub(super) fn push_timed(&mut self, cell: u8, code: u8, timer: u32) {
        let c = usize::from(cell);
        let at = c * usize::from(self.program.height) + usize::from(self.heights[c]);
        let under = if self.heights[c] == 0 {
            0
        } else {
            self.pieces[at - 1]
        };
        self.pieces[at] = code;
        if let Some(slot) = self.timers.get_mut(at) {
            *slot = timer;
        }
        self.heights[c] += 1;
        self.show(cell, under, code, timer);
    }

    /// Takes the top piece off `cell`.
    pub(super) fn pop(&mut self, cell: u8) -> u8 {
        self.pop_timed(cell).0
    }

    /// Takes the top piece off `cell`, with the turn its status ends.
    #[inline(always)]
    pub(super) fn pop_timed(&mut self, cell: u8) -> (u8, u32) {
        let c = usize::from(cell);
        self.heights[c] -= 1;
        let at = c * usize::from(self.program.height) + usize::from(self.heights[c]);
        let code = std::mem::take(&mut self.pieces[at]);
        let timer = self.timers.get_mut(at).map_or(0, std::mem::take);
        let (below, below_timer) = self.top_at(c);
        self.show(cell, code, below, below_timer);
        (code, timer)
    }

    /// The top piece of square `c` and the turn its status ends.
    #[inline]
    fn top_at(&self, c: usize) -> (u8, u32) {
        match usize::from(self.heights[c]) {
            0 => (0, 0),
            h => {
                let at = c * usize::from(self.program.height) + h - 1;
                (self.pieces[at], self.timers.get(at).copied().unwrap_or(0))
            }
        }
    }

    /// Recomputes who shows on top of `cell`, whatever showed before.
    pub(super) fn set_top(&mut self, cell: u8) {
        self.set_tops(1 << cell);
    }

    /// Recomputes who shows on top of each square of `cells`, whatever
    /// showed before.
    pub(super) fn set_tops(&mut self, cells: Cells) {
        for top in &mut self.tops {
            *top &= !cells;
        }
        let covers = self.program.cover != Cover::None;
        if covers {
            let kinds = self.program.kinds.len().min(MAX_KINDS);
            for tops in &mut self.kind_tops[..kinds] {
                *tops &= !cells;
            }
            self.full &= !cells;
        }
        self.neutral &= !cells;
        self.fresh |= cells;
        let mut rest = cells;
        while rest != 0 {
            let (cell, bit) = (rest.trailing_zeros() as usize, rest & rest.wrapping_neg());
            rest &= rest - 1;
            let (code, timer) = self.top_at(cell);
            if covers && self.heights[cell] >= self.program.height {
                self.full |= bit;
            }
            if code != 0 {
                self.mark_top(bit, code, timer);
            }
        }
    }

    /// Shows `code` (0: nothing), whose status ends on turn `timer`, on
    /// top of `cell` in place of `old` (0: nothing, or already cleared):
    /// its owner's, or nobody's while the status lasts; with the square's
    /// kind on top and whether its stack is full.
    #[inline(always)]
    fn show(&mut self, cell: u8, old: u8, code: u8, timer: u32) {
        let bit: Cells = 1 << cell;
        if old != 0 {
            self.tops[usize::from(Program::decode(old).1)] &= !bit;
        }
        self.neutral &= !bit;
        self.fresh |= bit;
        if self.program.cover != Cover::None {
            self.show_kind(cell, old);
        }
        if code != 0 {
            self.mark_top(bit, code, timer);
        }
    }

    /// Keeps [`Self::kind_tops`] (without the new top's kind, which
    /// [`Self::mark_top`] adds) and [`Self::full`] for `cell`, whose top
    /// `old` (0: nothing, or already cleared) changed.
    #[inline(always)]
    fn show_kind(&mut self, cell: u8, old: u8) {
        let bit: Cells = 1 << cell;
        if old != 0 {
            self.kind_tops[usize::from(Program::decode(old).0) % MAX_KINDS] &= !bit;
        }
        if self.heights[usize::from(cell)] >= self.program.height {
            self.full |= bit;
        } else {
            self.full &= !bit;
        }
    }

    /// Marks `code` (not 0), whose status ends on turn `timer`, as shown on
    /// the square of `bit`, cleared before: its kind on top (where pieces
    /// cover), and its owner's, or nobody's while the status lasts.
    #[inline(always)]
    fn mark_top(&mut self, bit: Cells, code: u8, timer: u32) {
        let (kind, owner) = Program::decode(code);
        if self.program.cover != Cover::None {
            self.kind_tops[usize::from(kind) % MAX_KINDS] |= bit;
        }
        if timer > self.turn {
            self.neutral |= bit;
            self.expiry = self.expiry.min(timer);
        } else {
            self.tops[usize::from(owner)] |= bit;
        }
    }

    /// Takes one `kind` out of `player`'s reserve (unlimited stays so).
    pub(super) fn take_reserve(&mut self, player: usize, kind: u8) {
        let slot = &mut self.reserves[player * self.program.kinds.len() + usize::from(kind)];
        if *slot != u16::MAX {
            *slot -= 1;
        }
    }

    /// Returns a captured piece to its owner's reserve, if the rules say so.
    pub(super) fn refill(&mut self, code: u8) {
        if self.program.stacks > 0 {
            if self.program.refill == super::schema::Refill::Captured {
                self.send_back(code, 0);
            }
            return;
        }
        let (kind, owner) = Program::decode(code);
        let slot = usize::from(owner) * self.program.kinds.len() + usize::from(kind);
        if self.program.refill == super::schema::Refill::Captured && self.reserves[slot] != u16::MAX
        {
            self.reserves[slot] += 1;
        }
    }

    /// The event that says how play ended ([`Event::Quit`] where a quit
    /// ended it in a draw), if it has.
    pub fn end_event(&self) -> Option<Event> {
        let outcome = self.status.outcome()?;
        Some(match self.quitter {
            Some(seat) => Event::Quit { seat },
            None => Event::Ended(outcome),
        })
    }

    /// A refusal for `reason`, its text filled with `values`.
    pub(super) fn refuse(&self, reason: Reason, values: &[(&str, &str)]) -> Refusal {
        let player = self
            .status
            .to_move()
            .map(|s| self.seat_name(s))
            .unwrap_or_default();
        let mut all = vec![("player", player.as_str())];
        all.extend_from_slice(values);
        Refusal {
            reason,
            message: self.program.messages.text(reason.key(), &all),
        }
    }
}

/// `clone_from` reuses the target's buffers: copying a position into one
/// kept for the purpose (a search's scratch position, a playout's start)
/// allocates nothing.
impl Clone for VocabGame {
    fn clone(&self) -> VocabGame {
        VocabGame {
            program: self.program.clone(),
            pieces: self.pieces.clone(),
            heights: self.heights.clone(),
            tops: self.tops,
            kind_tops: self.kind_tops,
            full: self.full,
            reserves: self.reserves.clone(),
            status: self.status,
            turn: self.turn,
            stacks: self.stacks.clone(),
            timers: self.timers.clone(),
            stack_timers: self.stack_timers.clone(),
            neutral: self.neutral,
            sinks: self.sinks,
            uses: self.uses.clone(),
            used_up: self.used_up,
            expiry: self.expiry,
            fresh: self.fresh,
            quitter: self.quitter,
            left: self.left,
            counters: self.counters.clone(),
            phase: self.phase,
        }
    }

    fn clone_from(&mut self, source: &VocabGame) {
        if !Arc::ptr_eq(&self.program, &source.program) {
            self.program = source.program.clone();
        }
        self.pieces.clone_from(&source.pieces);
        self.heights.clone_from(&source.heights);
        self.tops = source.tops;
        self.kind_tops = source.kind_tops;
        self.full = source.full;
        self.reserves.clone_from(&source.reserves);
        self.status = source.status;
        self.turn = source.turn;
        self.stacks.clone_from(&source.stacks);
        self.timers.clone_from(&source.timers);
        self.stack_timers.clone_from(&source.stack_timers);
        self.neutral = source.neutral;
        self.sinks = source.sinks;
        self.uses.clone_from(&source.uses);
        self.used_up = source.used_up;
        self.expiry = source.expiry;
        self.fresh = source.fresh;
        self.quitter = source.quitter;
        self.left = source.left;
        self.counters.clone_from(&source.counters);
        self.phase = source.phase;
    }
}

impl VocabGame {
    /// Every timer, of pieces on the board then in reserve stacks, as it
    /// bears on play: 0 for a timer that ended (`expire` leaves those as
    /// they are, and a timer not after the turn means no status).
    fn live_timers(&self) -> impl Iterator<Item = u32> + '_ {
        let turn = self.turn;
        (self.timers.iter().chain(&self.stack_timers)).map(move |&t| if t > turn { t } else { 0 })
    }
}

impl PartialEq for VocabGame {
    fn eq(&self, other: &VocabGame) -> bool {
        self.pieces == other.pieces
            && self.heights == other.heights
            && self.reserves == other.reserves
            && self.stacks == other.stacks
            && self.live_timers().eq(other.live_timers())
            && self.sinks == other.sinks
            && self.uses == other.uses
            && self.counters == other.counters
            && self.phase == other.phase
            && self.status == other.status
            && self.quitter == other.quitter
            && self.left == other.left
            && self.turn == other.turn
            && (Arc::ptr_eq(&self.program, &other.program) || self.program == other.program)
    }
}

impl Eq for VocabGame {}

impl Hash for VocabGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pieces.hash(state);
        self.reserves.hash(state);
        self.stacks.hash(state);
        for timer in self.live_timers() {
            timer.hash(state);
        }
        self.sinks.hash(state);
        self.uses.hash(state);
        self.counters.hash(state);
        self.phase.hash(state);
        self.status.hash(state);
        self.quitter.hash(state);
        self.left.hash(state);
        self.turn.hash(state);
    }
}

impl std::fmt::Debug for VocabGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VocabGame")
            .field("game", &self.program.name)
            .field("pieces", &self.pieces)
            .field("reserves", &self.reserves)
            .field("stacks", &self.stacks)
            .field("sinks", &self.sinks)
            .field("uses", &self.uses)
            .field("counters", &self.counters)
            .field("phase", &self.phase)
            .field("status", &self.status)
            .field("turn", &self.turn)
            .finish()
    }
}
