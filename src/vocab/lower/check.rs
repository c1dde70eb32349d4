//! What the core cannot express yet: every such mechanic of a ruleset,
//! named as the ruleset writes it ([`super::Unlowered`]).

use super::{Lowering, is_ident, mechanic_name};
use crate::vocab::schema::*;

impl Lowering<'_> {
    fn miss(&mut self, what: impl Into<String>) {
        let what = what.into();
        if !self.missing.contains(&what) {
            self.missing.push(what);
        }
    }

    /// Notes every mechanic of the ruleset that the core cannot express.
    pub(super) fn check(&mut self) {
        let p = self.p;
        if p.geometry.coordinates == Coordinates::ColumnRow {
            self.miss("board.coordinates = \"column-row\" (core cells are named letter-number)");
        }
        let anywhere_any =
            (p.rules.iter()).any(|r| r.onto == Onto::Cover && r.pattern == Pattern::Anywhere);
        let moves = p.rules.iter().any(|r| r.mechanic == Mechanic::Move);
        if p.cover != Cover::None && moves && p.players.len() != 2 {
            self.miss("[stacking] with moves and more than two players");
        }
        if p.cover == Cover::Any && anywhere_any {
            self.miss("[stacking] cover = \"any\" with `anywhere` moves");
        }
        if p.stacks == 0 && p.rules.iter().any(|r| r.mechanic == Mechanic::Blast) {
            self.miss("effect `blast` without reserve stacks (pieces sent back to counts)");
        }
        if p.refill == Refill::Captured {
            self.miss("reserve.refill = \"captured\" (a reserve of another player)");
        }
        if p.illegal == Illegal::LoseTurn && !p.flow.phases.is_empty() {
            self.miss("turns.illegal = \"lose-turn\" (forfeits) with phases");
        }
        for rule in &p.rules {
            self.check_rule(rule);
        }
        self.check_flow();
    }

    fn check_rule(&mut self, rule: &crate::vocab::compile::Rule) {
        let lowered = matches!(
            rule.mechanic,
            Mechanic::Transport | Mechanic::Rotate | Mechanic::Blast
        ) && self.p.players.len() == 2
            && self.effect_onto(rule.onto).is_some();
        if rule.mechanic == Mechanic::Neutralise && rule.uses.is_none() {
            self.miss("effect `neutralise` without `uses` (each use is a paint of its own)");
        } else if rule.mechanic == Mechanic::Neutralise && self.p.players.len() != 2 {
            self.miss("effect `neutralise` without two players");
        } else if rule.mechanic == Mechanic::Neutralise && !self.p.flow.phases.is_empty() {
            self.miss("effect `neutralise` with phases");
        } else if rule.is_effect() && rule.mechanic != Mechanic::Neutralise && !lowered {
            self.miss(format!("effect `{}`", mechanic_name(rule.mechanic)));
        }
        if rule.wrap && !rule.is_effect() {
            self.miss("moves with `wrap`");
        }
        let lines = self.rs.outcomes.line.is_some();
        if rule.cover_only.is_some() && (self.p.players.len() != 2 || !lines) {
            self.miss("place `cover_only` without two players and lines");
        }
        let lengths: Vec<usize> = rule.directions.iter().map(Vec::len).collect();
        if lengths.windows(2).any(|w| w[0] != w[1]) {
            self.miss("players with different numbers of directions");
        }
    }

    fn check_flow(&mut self) {
        let flow = &self.p.flow;
        for t in &flow.triggers {
            let per = flow.counters[usize::from(t.counter)].per;
            match t.event {
                CounterEvent::Turn => self.miss("counter event `turn`"),
                CounterEvent::Use | CounterEvent::Returned => {
                    self.miss("counter events of effects and reserves (`use`, `returned`)")
                }
                CounterEvent::Captured if per == Per::Player => {
                    self.miss("counter event `captured` on a per-player counter")
                }
                _ => {}
            }
        }
        let phased = !flow.phases.is_empty();
        if phased && !self.p.players.iter().all(|pl| is_ident(&pl.name)) {
            self.miss("phases with player names that are not identifiers");
        }
    }
}
