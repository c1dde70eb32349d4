//! The actions of a lowered turn, in the vocabulary's canonical order:
//! the rules of the phase in file order (a `place` rule by kind, then
//! square; a `drop` rule by kind, then line; a `move` rule by the square
//! left, then its directions in order, nearest target first), then a
//! pass that ends the phase or that is allowed when stuck.

use std::collections::BTreeMap;

use super::Lowering;
use super::text::{Board, Mode, NEVER, choice, join, negate};
use crate::vocab::compile::Rule;
use crate::vocab::schema::*;

impl Lowering<'_> {
    /// The rules of a turn (`macros`: the pieces named for reading).
    pub(super) fn turn(&mut self, macros: &mut BTreeMap<String, String>) -> String {
        let n = self.p.flow.phases.len();
        if n == 0 {
            let mut body = self.phase_actions(self.p.rule_mask, None);
            if self.p.illegal == Illegal::LoseTurn {
                // After every other action: losing the turn, what a
                // refused action costs (the ruleset's `[[penalty]]`).
                let after = self.outcome(Board::None, None);
                let mut forfeits = vec![format!("mark(forfeit) {after}")];
                forfeits.extend(self.effect_forfeits(&after));
                body = format!("({body} | {})", forfeits.join(" | "));
            }
            if let Some(ending) = self.shared_ending() {
                body = format!("({body}) {ending}");
            }
            macros.insert("actions".into(), body);
            return "actions".into();
        }
        let mut alts = Vec::new();
        for k in 0..n {
            macros.insert(format!("phase{k}"), self.phase_actions(0, Some(k)));
            if let Some(can) = self.can_phase(k) {
                macros.insert(format!("can_phase{k}"), can);
            }
            alts.push(format!("{{$ phase == {k}}} {}", self.phase_onward(k)));
        }
        alts.join(" | ")
    }

    /// The actions of the first phase from `k` that has one.
    fn phase_onward(&self, k: usize) -> String {
        let n = self.p.flow.phases.len();
        match (k + 1 < n, self.can_phase(k)) {
            (true, Some(_)) => {
                format!(
                    "(phase{k} | {{! can_phase{k}}} {})",
                    self.phase_onward(k + 1)
                )
            }
            _ => format!("phase{k}"),
        }
    }

    /// The test that phase `k` has an action (`None`: it always has, as
    /// passing is allowed in it).
    pub(super) fn can_phase(&self, k: usize) -> Option<String> {
        let phase = &self.p.flow.phases[k];
        self.can_rules(phase.rules, phase.skip)
    }

    /// The test that one of `mask`'s rules has an action (`None`: always).
    fn can_rules(&self, mask: u32, skip: bool) -> Option<String> {
        let rules = self.rules_of(mask);
        if skip
            || rules
                .iter()
                .any(|&r| self.p.rules[r].mechanic == Mechanic::Pass)
        {
            return None;
        }
        let alts = (rules.iter()).filter_map(|&r| self.rule(r, Mode::Can, None));
        Some(format!(
            "{{? {}}}",
            choice(alts.collect()).unwrap_or(NEVER.into())
        ))
    }

    fn rules_of(&self, mask: u32) -> Vec<usize> {
        (0..self.p.rules.len())
            .filter(|r| mask >> r & 1 == 1)
            .collect()
    }

    /// Every action of phase `phase` (or of the whole turn, `mask`).
    fn phase_actions(&mut self, mask: u32, phase: Option<usize>) -> String {
        let (mask, skip) = match phase {
            Some(k) => (self.p.flow.phases[k].rules, self.p.flow.phases[k].skip),
            None => (mask, false),
        };
        let rules = self.rules_of(mask);
        let mut alts: Vec<String> = (rules.iter())
            .filter_map(|&r| self.rule(r, Mode::Act, phase))
            .collect();
        let stuck = (rules.iter()).find(|&&r| {
            let rule = &self.p.rules[r];
            rule.mechanic == Mechanic::Pass && rule.when == PassWhen::Stuck
        });
        if skip {
            alts.push(self.pass(None, phase));
        } else if let Some(&r) = stuck {
            let others: u32 = (rules.iter())
                .filter(|&&o| self.p.rules[o].mechanic != Mechanic::Pass)
                .fold(0, |m, &o| m | 1 << o);
            let can = self.can_rules(others, false).unwrap_or(NEVER.into());
            alts.push(format!("{} {}", negate(&can), self.pass(Some(r), phase)));
        }
        choice(alts).unwrap_or(NEVER.into())
    }

    /// A pass (of rule `rule`, if it comes from one).
    fn pass(&self, rule: Option<usize>, phase: Option<usize>) -> String {
        let changes = self.changes(rule, &[CounterEvent::Pass]);
        let after = self.outcome(Board::None, phase.map(|k| (k, true)));
        join(&["mark(pass)", &changes, &after])
    }

    /// Rule `r` written in `mode` (`None`: it gives no action here).
    fn rule(&self, r: usize, mode: Mode, phase: Option<usize>) -> Option<String> {
        let rule = &self.p.rules[r];
        match rule.mechanic {
            Mechanic::Place if rule.drop.is_some() => self.drop(r, mode, phase),
            Mechanic::Place => self.place(r, mode, phase),
            Mechanic::Move => self.moves(r, mode, phase),
            Mechanic::Transport | Mechanic::Rotate | Mechanic::Blast | Mechanic::Neutralise => {
                self.effect(r, mode, phase)
            }
            Mechanic::Pass if rule.when == PassWhen::Always => match mode {
                Mode::Act => Some(self.pass(Some(r), phase)),
                Mode::Can => None,
            },
            _ => None,
        }
    }

    /// The kinds rule `r` puts on the board, each with the test and the
    /// change of its reserve (empty where unlimited).
    fn kinds_from_reserve(&self, rule: &Rule) -> Vec<(usize, String, String)> {
        let mut kinds = Vec::new();
        for (k, kind) in self.p.kinds.iter().enumerate() {
            if rule.kinds >> k & 1 == 0 || kind.reserve == Some(0) {
                continue;
            }
            let (test, take) = match kind.reserve {
                Some(_) => {
                    let hand = format!("hand_{}", self.kinds[k]);
                    (
                        format!("{{$ {hand} > 0}}"),
                        format!("[$ {hand} = {hand} - 1]"),
                    )
                }
                None => (String::new(), String::new()),
            };
            kinds.push((k, test, take));
        }
        kinds
    }

    /// Putting a piece of kind `k` on the target (the cursor), marked,
    /// with its changes and what follows, for each thing the target may
    /// hold (`put`: the event, `Place` or `Move`).
    pub(super) fn land(
        &self,
        r: usize,
        k: usize,
        put: CounterEvent,
        phase: Option<usize>,
    ) -> String {
        let alts = self.targets_for(r, k).into_iter().map(|(test, capture)| {
            let events: &[CounterEvent] = match capture {
                true => &[put, CounterEvent::Capture, CounterEvent::Captured],
                false => &[put],
            };
            let changes = self.changes(Some(r), events);
            let after = self.outcome(Board::At(k), self.ends(r, phase));
            join(&[&test, &self.put_for(r, k), &changes, &after])
        });
        let mut alts: Vec<String> = alts.collect();
        if let Some(sunk) = self.sink_landing(r, k) {
            // The piece is gone: no line through the cursor to look for.
            let changes = self.changes(Some(r), &[put]);
            let after = self.outcome(Board::None, self.ends(r, phase));
            alts.push(join(&[&sunk, &changes, &after]));
        }
        choice(alts).expect("some target")
    }

    /// The phase of an action of rule `r`, and whether the action ends it.
    pub(super) fn ends(&self, r: usize, phase: Option<usize>) -> Option<(usize, bool)> {
        let k = phase?;
        let p = &self.p.flow.phases[k];
        Some((k, p.ends == p.rules || p.ends >> r & 1 == 1))
    }

    /// `KIND@` where placements name their kind.
    fn kind_word(&self, k: usize, drop: bool) -> String {
        match self.kind_words[usize::from(drop)] {
            true if self.separator.is_empty() => format!("mark({}@)", self.p.kinds[k].name),
            true => format!("mark({})", self.p.kinds[k].name),
            false => String::new(),
        }
    }

    fn place(&self, r: usize, mode: Mode, phase: Option<usize>) -> Option<String> {
        if self.p.stacks > 0 {
            return self.stack_place(r, mode, phase);
        }
        let rule = &self.p.rules[r];
        let kinds = self.kinds_from_reserve(rule);
        let alts = kinds.iter().map(|(k, test, take)| match mode {
            Mode::Can => join(&[test, "any", &self.onto_test_for(r, *k)]),
            Mode::Act => {
                let land = self.land(r, *k, CounterEvent::Place, phase);
                join(&[test, &self.kind_word(*k, false), "any", take, "mark", &land])
            }
        });
        choice(alts.collect())
    }

    fn drop(&self, r: usize, mode: Mode, phase: Option<usize>) -> Option<String> {
        let rule = &self.p.rules[r];
        let g = &self.p.geometry;
        let fall = rule.drop.expect("a drop rule");
        let (_, dx, dy) = g.directions()[usize::from(fall)];
        let kinds = self.kinds_from_reserve(rule);
        let alts = kinds.iter().map(|(k, test, take)| {
            let lines = rule.entries.iter().map(|&entry| {
                let at = format!("@{} {{empty}}", g.name(entry));
                let (x, y) = g.xy(entry);
                let word = match (dx, dy) {
                    (0, _) => format!("mark({})", g.column_name(x)),
                    (_, 0) => format!("mark({})", y + 1),
                    _ => "mark".into(),
                };
                match mode {
                    Mode::Can => at,
                    Mode::Act => {
                        let d = self.abs(fall);
                        let falls = format!("({d} {{empty}})* {{! {d} {{empty}}}}");
                        let land = self.land(r, *k, CounterEvent::Place, phase);
                        join(&[&at, &falls, take, &word, &land])
                    }
                }
            });
            let lines = choice(lines.collect()).unwrap_or(NEVER.into());
            match mode {
                Mode::Can => join(&[test, &lines]),
                Mode::Act => join(&[test, &self.kind_word(*k, true), &lines]),
            }
        });
        choice(alts.collect())
    }
}
