//! Checks of counters and phases: names defined once and used as defined,
//! bounds that hold the start and every outcome's bound, changes and
//! outcomes that can happen, and phases that name real actions, leave no
//! action out and can end.

use super::{Checker, Step, Step::At, Step::Key};
use crate::config::validate::suggestion_help;
use crate::vocab::error::VocabError;
use crate::vocab::schema::{CounterEvent, CounterSpec, Mechanic, Onto, Refill, VocabRuleset};

impl Checker<'_> {
    /// Every check of counters, `add`, counter outcomes and phases.
    pub(super) fn flow(&mut self) {
        let r = self.ruleset;
        let counters: Vec<&str> = r.counters.iter().map(|c| c.name.as_str()).collect();
        self.unique("counter", "counters", &counters);
        for (c, counter) in r.counters.iter().enumerate() {
            self.counter_bounds(c, counter);
            for (t, trigger) in counter.on.iter().enumerate() {
                let path = [Key("counters"), At(c), Key("on"), At(t)];
                self.change_happens(&path, trigger.by, Some(trigger.event));
            }
        }
        for (a, action) in r.actions.iter().enumerate() {
            if let Some(add) = &action.add {
                let path = [Key("actions"), At(a), Key("add")];
                let named = [path[0], path[1], path[2], Key("counter")];
                if self.counter_name(&named, &add.counter).is_some() {
                    self.change_happens(&path, add.by, None);
                }
            }
        }
        self.counter_outcomes();
        self.phases();
    }

    /// The index of counter `name`, or a problem at `path`.
    fn counter_name(&mut self, path: &[Step], name: &str) -> Option<usize> {
        let names: Vec<&str> = (self.ruleset.counters.iter())
            .map(|c| c.name.as_str())
            .collect();
        if let Some(index) = names.iter().position(|n| *n == name) {
            return Some(index);
        }
        let (file, span) = self.at(path);
        let help = match names.is_empty() {
            true => "declare it in a `[[counters]]` table".to_owned(),
            false => suggestion_help(name, "the counters are", &names),
        };
        let name = name.to_owned();
        self.push(
            file,
            VocabError::UnknownName {
                what: "counter",
                name,
                span,
                help,
            },
        );
        None
    }

    fn counter_bounds(&mut self, c: usize, counter: &CounterSpec) {
        let (key, message, label, help) = if counter.min > counter.max {
            (
                "max",
                format!("`min` ({}) is above `max` ({})", counter.min, counter.max),
                "below `min`",
                "make `max` at least `min`",
            )
        } else if !(counter.min..=counter.max).contains(&counter.start) {
            let key = if self.written(&[Key("counters"), At(c), Key("start")]) {
                "start"
            } else {
                "min"
            };
            (
                key,
                format!(
                    "it starts at {}, outside {}..={}",
                    counter.start, counter.min, counter.max
                ),
                "start outside the bounds",
                "give a `start` between `min` and `max`, or widen the bounds",
            )
        } else {
            return;
        };
        let (file, span) = self.at(&[Key("counters"), At(c), Key(key)]);
        self.push(
            file,
            VocabError::CounterBounds {
                counter: counter.name.clone(),
                message,
                span,
                label: label.into(),
                help: help.into(),
            },
        );
    }

    /// A change by `by` on `event` (none: an action's `add`) that can
    /// happen and changes something.
    fn change_happens(&mut self, path: &[Step], by: i32, event: Option<CounterEvent>) {
        let (message, help) = if by == 0 {
            (
                "a change `by = 0` changes nothing".to_owned(),
                "give `by` a value other than 0",
            )
        } else if let Some(event) = event.filter(|&e| !self.event_happens(e)) {
            let name = crate::vocab::compile::kebab(event);
            (
                format!("no action of these rules ever causes the event `{name}`"),
                "choose an event the actions cause, or add an action that causes it",
            )
        } else {
            return;
        };
        let by_key = [path, &[Key("by")]].concat();
        self.never(if by == 0 { &by_key } else { path }, message, help);
    }

    /// Whether some action can cause `event`.
    fn event_happens(&self, event: CounterEvent) -> bool {
        let r: &VocabRuleset = self.ruleset;
        let any = |f: &dyn Fn(Mechanic, Option<Onto>) -> bool| {
            r.actions.iter().any(|a| f(a.mechanic, a.onto))
        };
        match event {
            CounterEvent::Place => any(&|m, _| m == Mechanic::Place),
            CounterEvent::Move => any(&|m, _| m == Mechanic::Move),
            CounterEvent::Capture | CounterEvent::Captured => any(&|m, o| {
                matches!(m, Mechanic::Place | Mechanic::Move)
                    && matches!(o, Some(Onto::Opponent | Onto::EmptyOrOpponent))
            }),
            CounterEvent::Pass => {
                any(&|m, _| m == Mechanic::Pass) || r.turns.phases.iter().any(|p| p.skip)
            }
            CounterEvent::Use => any(&|m, _| {
                matches!(
                    m,
                    Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate | Mechanic::Neutralise
                )
            }),
            CounterEvent::Returned => {
                any(&|m, _| m == Mechanic::Blast)
                    || r.actions.iter().any(|a| a.sinks)
                    || r.reserve.refill == Refill::Captured && r.reserve.stacks.is_some()
            }
            CounterEvent::Turn => true,
        }
    }

    /// Each counter outcome: a declared counter, a bound within its
    /// bounds and away from its start, and some change toward it.
    fn counter_outcomes(&mut self) {
        let r = self.ruleset;
        for (o, outcome) in r.outcomes.counter.iter().enumerate() {
            let path = [Key("outcomes"), Key("counter"), At(o)];
            let named = [path[0], path[1], path[2], Key("counter")];
            let Some(c) = self.counter_name(&named, &outcome.counter) else {
                continue;
            };
            let counter = &r.counters[c];
            let bound = [path[0], path[1], path[2], Key("bound")];
            let (min, max) = (counter.min, counter.max);
            if min > max {
                continue; // reported on the counter
            }
            if !(min..=max).contains(&outcome.bound) {
                let (file, span) = self.at(&bound);
                let error = VocabError::CounterBounds {
                    counter: counter.name.clone(),
                    message: format!("the bound {} is outside {min}..={max}", outcome.bound),
                    span,
                    label: "never reached".into(),
                    help: "give a bound between the counter's `min` and `max`".into(),
                };
                self.push(file, error);
                continue;
            }
            let rising = outcome.bound > counter.start;
            let toward = |by: i32| if rising { by > 0 } else { by < 0 };
            let message = if outcome.bound == counter.start {
                format!(
                    "counter `{}` starts at its bound {}",
                    counter.name, outcome.bound
                )
            } else if !(counter.on.iter().any(|t| toward(t.by))
                || (r.actions.iter().filter_map(|a| a.add.as_ref()))
                    .any(|a| a.counter == counter.name && toward(a.by)))
            {
                let way = if rising { "up" } else { "down" };
                format!(
                    "nothing changes counter `{}` {way} toward {}",
                    counter.name, outcome.bound
                )
            } else {
                continue;
            };
            let help =
                "add a change toward the bound (`on` or an action's `add`), or change the bound";
            self.never(&bound, message, help);
        }
    }

    /// Phases: names once, real actions, every action in some phase, an
    /// end that can happen.
    fn phases(&mut self) {
        let r = self.ruleset;
        let phases = &r.turns.phases;
        if phases.is_empty() {
            return;
        }
        let names: Vec<&str> = phases.iter().map(|p| p.name.as_str()).collect();
        self.unique_at("phase", &[Key("turns"), Key("phases")], &names);
        let actions: Vec<&str> = r.actions.iter().map(|a| a.name.as_str()).collect();
        for (p, phase) in phases.iter().enumerate() {
            let base = [Key("turns"), Key("phases"), At(p)];
            for (i, name) in phase.actions.iter().enumerate() {
                let path = [base[0], base[1], base[2], Key("actions"), At(i)];
                self.action_name(&path, name, &actions);
            }
            let ends = phase.ends_after.as_deref().unwrap_or_default();
            for (i, name) in ends.iter().enumerate() {
                let path = [base[0], base[1], base[2], Key("ends_after"), At(i)];
                if !actions.contains(&name.as_str()) {
                    self.action_name(&path, name, &actions);
                } else if !phase.actions.contains(name) {
                    let (file, span) = self.at(&path);
                    let help = format!("phase `{}` allows {}", phase.name, quoted(&phase.actions));
                    let error = VocabError::PhaseEnds {
                        phase: phase.name.clone(),
                        action: name.clone(),
                        span,
                        help,
                    };
                    self.push(file, error);
                }
            }
            self.phase_ends(p);
        }
        for (a, action) in r.actions.iter().enumerate() {
            if !phases.iter().any(|p| p.actions.contains(&action.name)) {
                // At the action, or at the phases when another file has it.
                let (mut file, mut span) = self.at(&[Key("actions"), At(a), Key("name")]);
                let (phases_file, phases_span) = self.at(&[Key("turns"), Key("phases")]);
                if file != phases_file {
                    (file, span) = (phases_file, phases_span);
                }
                self.push(
                    file,
                    VocabError::PhaseMissing {
                        action: action.name.clone(),
                        span,
                    },
                );
            }
        }
    }

    /// A phase that only passing ends must allow passing; a phase that
    /// passing ends must not also list a `pass` action.
    fn phase_ends(&mut self, p: usize) {
        let r = self.ruleset;
        let phase = &r.turns.phases[p];
        let base = [Key("turns"), Key("phases"), At(p)];
        let passes = (phase.actions.iter()).any(|n| {
            r.actions
                .iter()
                .any(|a| &a.name == n && a.mechanic == Mechanic::Pass)
        });
        if phase.ends_after.as_ref().is_some_and(Vec::is_empty) && !phase.skip && !passes {
            let message = format!(
                "phase `{}` can never end: no action ends it and it cannot be passed",
                phase.name
            );
            let help = "name its last action in `ends_after`, or set `skip = true`";
            self.never(
                &[base[0], base[1], base[2], Key("ends_after")],
                message,
                help,
            );
        }
        if phase.skip && passes {
            let message = format!(
                "phase `{}` lists a `pass` action and also `skip = true`",
                phase.name
            );
            let help = "remove `skip`, or the `pass` action from the phase";
            let path = [base[0], base[1], base[2], Key("skip")];
            self.contradiction(&path, message, "a second pass", help);
        }
    }

    fn action_name(&mut self, path: &[Step], name: &str, actions: &[&str]) {
        if actions.contains(&name) {
            return;
        }
        let (file, span) = self.at(path);
        let help = suggestion_help(name, "the actions are", actions);
        let name = name.to_owned();
        self.push(
            file,
            VocabError::UnknownName {
                what: "action",
                name,
                span,
                help,
            },
        );
    }
}

fn quoted(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    quoted.join(", ")
}
