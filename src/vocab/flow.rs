//! Counters and turn phases: compiled from `[[counters]]`, actions' `add`,
//! `[[outcomes.counter]]` and `[[turns.phases]]` ([`super::flow_spec`]),
//! and run around each action. Rulesets with neither pay nothing: their
//! actions are applied directly and their positions hold no counters.
//!
//! A position keeps one value per counter slot (one per player for a
//! per-player counter, one for a game counter) and the phase of the turn.
//! An action is first checked against the phase (an action of another
//! phase is refused with `not_in_phase`); then its `add` and the counters'
//! event triggers change the counters (clamped to `min..=max`); then play
//! ends if a counter reached an outcome's bound; else the phase ends after
//! one of its `ends_after` actions or a pass, and the turn passes after
//! the last phase. A phase with no legal action is skipped.

use super::schema::{CounterEvent, CounterResult, Per};
use super::state::{Action, Event, Reason, Refusal, VocabGame};
use crate::contract::{Outcome, Seat, Status};

impl VocabGame {
    /// The rules the current phase allows, one bit per rule index.
    #[inline]
    pub(super) fn allowed_rules(&self) -> u32 {
        match self.program.flow.phases.get(usize::from(self.phase)) {
            Some(phase) => phase.rules,
            None => u32::MAX,
        }
    }

    /// Whether the current phase may be ended by passing.
    #[inline]
    pub(super) fn phase_skips(&self) -> bool {
        (self.program.flow.phases.get(usize::from(self.phase))).is_some_and(|p| p.skip)
    }

    /// The current phase's name, if the ruleset has phases.
    pub fn phase_name(&self) -> Option<&str> {
        let phase = self.program.flow.phases.get(usize::from(self.phase))?;
        Some(&phase.name)
    }

    /// The value of counter `counter` for `seat` (a game counter has one
    /// value for every seat).
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("breakthrough-captures").unwrap().unwrap());
    /// assert_eq!(game.counter(0, 1), Some(0));
    /// ```
    pub fn counter(&self, counter: usize, seat: Seat) -> Option<i32> {
        let c = self.program.flow.counters.get(counter)?;
        let slot = c.base + if c.per == Per::Player { seat } else { 0 };
        self.counters.get(slot).copied()
    }

    /// Whether `action` is listed among the actions of rules `mask`
    /// (passing where `skip`).
    pub(super) fn lists(&self, mask: u32, skip: bool, action: Action) -> bool {
        let mut listed = false;
        self.each_action_in(
            mask,
            skip,
            &mut super::generate::Until(|a| {
                listed |= a == action;
                !listed
            }),
        );
        listed
    }

    /// Checks `action` against the phase, applies it with its counter
    /// changes, and moves the turn on (games with counters or phases).
    pub(super) fn play_flow(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let Some(me) = self.status.to_move() else {
            return self.play(action, events);
        };
        if action == Action::Quit {
            return self.play(action, events);
        }
        let (allowed, skip) = (self.allowed_rules(), self.phase_skips());
        let phased = !self.program.flow.phases.is_empty();
        if phased && !self.lists(allowed, skip, action) {
            return Err(self.phase_refusal(action));
        }
        let saved = (self.phase, self.counters.clone());
        self.phase = self.phase_after(action, allowed, skip);
        self.add_for(action, me, allowed);
        let mut mine = Vec::new();
        let result = if phased && action == Action::Pass {
            mine.push(Event::Passed { seat: me });
            self.settle(me, u8::MAX, u8::MAX, &mut mine);
            Ok(())
        } else {
            self.play(action, &mut mine)
        };
        if result.is_err() {
            (self.phase, self.counters) = saved;
        }
        events.append(&mut mine);
        result
    }

    /// The phase after `action`: the next one (0: the turn passes) when it
    /// ends this one, else this one.
    fn phase_after(&self, action: Action, allowed: u32, skip: bool) -> u8 {
        let phases = &self.program.flow.phases;
        let Some(phase) = phases.get(usize::from(self.phase)) else {
            return 0;
        };
        let ends = match action {
            Action::Pass | Action::Quit => true,
            Action::Forfeit { .. } => return 0,
            _ => phase.ends == phase.rules || self.lists(phase.ends & allowed, skip, action),
        };
        if ends {
            ((usize::from(self.phase) + 1) % phases.len()) as u8
        } else {
            self.phase
        }
    }

    /// Applies the `add` of the rule that lists `action`, if it has one.
    fn add_for(&mut self, action: Action, me: Seat, allowed: u32) {
        let adds = &self.program.flow.adds;
        if adds.iter().all(Option::is_none) {
            return;
        }
        let found = (0..adds.len()).find_map(|r| {
            let add = adds[r]?;
            (allowed >> r & 1 == 1 && self.lists(1 << r, false, action)).then_some(add)
        });
        if let Some((counter, by)) = found {
            self.change(counter, me, by);
        }
    }

    /// Why `action` is refused in this phase: `not_in_phase` when a rule
    /// of another phase lists it, else the action's own refusal.
    fn phase_refusal(&self, action: Action) -> Refusal {
        let rules = &self.program.rules;
        let other = (0..rules.len()).find(|&r| self.lists(1 << r, false, action));
        if let Some(r) = other {
            let phase = self.phase_name().unwrap_or_default().to_owned();
            let values = [
                ("action", rules[r].name.as_str()),
                ("phase", phase.as_str()),
            ];
            return self.refuse(Reason::NotInPhase, &values);
        }
        let mut probe = self.clone();
        match probe.play(action, &mut Vec::new()) {
            Err(refusal) => refusal,
            Ok(()) => self.refuse(Reason::NotAllowed, &[]),
        }
    }

    /// Changes `seat`'s value of `counter` (or the game's) by `by`, within
    /// its bounds.
    fn change(&mut self, counter: u8, seat: Seat, by: i32) {
        let c = &self.program.flow.counters[usize::from(counter)];
        let slot = c.base + if c.per == Per::Player { seat } else { 0 };
        if let Some(value) = self.counters.get_mut(slot) {
            *value = value.saturating_add(by).clamp(c.min, c.max);
        }
    }

    /// Fires the triggers of `event` for `seat`.
    fn trigger(&mut self, event: CounterEvent, seat: Seat) {
        for i in 0..self.program.flow.triggers.len() {
            let t = self.program.flow.triggers[i];
            if t.event == event {
                self.change(t.counter, seat, t.by);
            }
        }
    }

    /// Counts the events of `me`'s action (and the turn's end, when the
    /// phase after it is the first); the players (bits) who won by a
    /// counter, and any other counter result (a draw, a loss).
    pub(super) fn count(&mut self, me: Seat, events: &[Event]) -> (u8, Option<Outcome>) {
        if self.program.flow.counters.is_empty() {
            return (0, None);
        }
        for event in events {
            match *event {
                Event::Placed { seat, .. } => self.trigger(CounterEvent::Place, seat),
                Event::Moved { seat, .. } => self.trigger(CounterEvent::Move, seat),
                Event::Captured { owner, .. } => {
                    self.trigger(CounterEvent::Capture, me);
                    self.trigger(CounterEvent::Captured, owner);
                }
                Event::Passed { seat } => self.trigger(CounterEvent::Pass, seat),
                Event::Used { seat, .. } => self.trigger(CounterEvent::Use, seat),
                Event::Returned { owner, .. } => self.trigger(CounterEvent::Returned, owner),
                Event::Sink { .. }
                | Event::TurnLost { .. }
                | Event::Quit { .. }
                | Event::Ended(_) => {}
            }
        }
        if self.phase == 0 || self.rest_of_turn_empty() {
            self.trigger(CounterEvent::Turn, me);
        }
        self.counter_results(me)
    }

    /// Whether the phases left in this turn (from the current one) have
    /// no legal action, so that the turn ends now.
    fn rest_of_turn_empty(&mut self) -> bool {
        let (now, n) = (self.phase, self.program.flow.phases.len() as u8);
        let empty = (now..n).all(|phase| {
            self.phase = phase;
            !self.has_action()
        });
        self.phase = now;
        empty
    }

    /// The counter outcomes reached: winners as bits, and a draw or loss.
    fn counter_results(&self, me: Seat) -> (u8, Option<Outcome>) {
        let players = self.program.players.len();
        let (mut wins, mut other) = (0u8, None);
        for end in &self.program.flow.ends {
            let c = &self.program.flow.counters[usize::from(end.counter)];
            let seats = if c.per == Per::Player {
                0..players
            } else {
                me..me + 1
            };
            for seat in seats {
                let slot = c.base + if c.per == Per::Player { seat } else { 0 };
                let value = self.counters[slot];
                let reached = if end.rising {
                    value >= end.bound
                } else {
                    value <= end.bound
                };
                match (reached, end.result) {
                    (false, _) => {}
                    (true, CounterResult::Win) => wins |= 1 << seat,
                    (true, CounterResult::Loss) if players == 2 => wins |= 1 << (1 - seat),
                    (true, CounterResult::Loss) => other = other.or(Some(Outcome::Lost(seat))),
                    (true, CounterResult::Draw) => other = Some(Outcome::Draw),
                }
            }
        }
        (wins, other)
    }

    /// After the turn moved on: skips phases in which the player to move
    /// has no legal action (past the last, the turn passes); a turn whose
    /// every phase is empty stays at its first (no legal action).
    pub(super) fn skip_empty_phases(&mut self, me: Seat) {
        let n = self.program.flow.phases.len();
        if n == 0 {
            return;
        }
        let players = self.program.players.len();
        while self.phase != 0 && !self.has_action() {
            self.phase = ((usize::from(self.phase) + 1) % n) as u8;
            if self.phase == 0 {
                self.status = Status::ToMove(self.in_play((me + 1) % players));
            }
        }
        if self.phase != 0 {
            return;
        }
        for phase in 0..n as u8 {
            self.phase = phase;
            if self.has_action() {
                return;
            }
        }
        self.phase = 0;
    }
}

impl VocabGame {
    /// The lines text views print under the board: each counter
    /// (`captures: White 2, Black 0`, `turns: 5`), then the phase.
    pub(super) fn write_counters(&self, out: &mut String) {
        let p = &self.program;
        for (c, counter) in p.flow.counters.iter().enumerate() {
            let values: Vec<String> = match counter.per {
                Per::Game => vec![self.counter(c, 0).unwrap_or(counter.start).to_string()],
                Per::Player => (p.players.iter().enumerate())
                    .map(|(s, player)| {
                        let value = self.counter(c, s).unwrap_or(counter.start);
                        format!("{} {value}", player.name)
                    })
                    .collect(),
            };
            out.push_str(&format!("{}: {}\n", counter.name, values.join(", ")));
        }
        if let (Some(phase), Some(seat)) = (self.phase_name(), self.status.to_move()) {
            let player = &p.players[seat].name;
            out.push_str(&format!("phase: {phase} ({player})\n"));
        }
    }

    /// The browser's view of the counters and the phase: the phase's name,
    /// each seat's per-player counters (`captures 2`) and the game's
    /// counters in the label of the players' table.
    pub(super) fn flow_view(&self, view: &mut serde_json::Value) {
        let p = &self.program;
        if let Some(phase) = self.phase_name()
            && !self.status.is_over()
        {
            view["phase"] = serde_json::json!(phase);
        }
        if p.flow.counters.is_empty() {
            return;
        }
        let scores: Vec<String> = (0..p.players.len())
            .map(|s| {
                let per_player = (p.flow.counters.iter().enumerate())
                    .filter(|(_, c)| c.per == Per::Player)
                    .map(|(c, counter)| {
                        let value = self.counter(c, s).unwrap_or(counter.start);
                        format!("{} {value}", counter.name)
                    });
                per_player.collect::<Vec<_>>().join(", ")
            })
            .collect();
        let games: Vec<String> = (p.flow.counters.iter().enumerate())
            .filter(|(_, c)| c.per == Per::Game)
            .map(|(c, counter)| {
                let value = self.counter(c, 0).unwrap_or(counter.start);
                format!("{} {value}", counter.name)
            })
            .collect();
        let label = match games.is_empty() {
            true => "Players".to_owned(),
            false => format!("Players ({})", games.join(", ")),
        };
        view["scores"] = serde_json::json!(scores);
        view["score_label"] = serde_json::json!(label);
    }
}
