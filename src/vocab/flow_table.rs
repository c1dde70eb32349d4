//! The compiled tables of counters and phases ([`Flow`], part of
//! [`super::Program`]): counters with their slots in a position, event
//! triggers, each rule's `add`, counter outcomes, and each phase's rules
//! as bit masks. Run by [`super::flow`].

use super::schema::{CounterEvent, CounterResult, Per, VocabRuleset};

/// A counter as the interpreter sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// The name.
    pub name: &'static str,
    /// Per player or per game.
    pub per: Per,
    /// The starting value.
    pub start: i32,
    /// The lowest value.
    pub min: i32,
    /// The highest value.
    pub max: i32,
    /// Its first slot in a position's counter values.
    pub base: usize,
}

/// An event trigger: `event` changes `counter` by `by`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trigger {
    /// The event.
    pub event: CounterEvent,
    /// The counter's index.
    pub counter: u8,
    /// The change.
    pub by: i32,
}

/// A counter outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CounterEnd {
    /// The counter's index.
    pub counter: u8,
    /// The value that ends play.
    pub bound: i32,
    /// Whether the bound is above the start (reached at or above it).
    pub rising: bool,
    /// The result for the player concerned.
    pub result: CounterResult,
}

/// A phase of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The name.
    pub name: String,
    /// The rules it allows, one bit per rule index.
    pub rules: u32,
    /// The rules after which it ends.
    pub ends: u32,
    /// Whether passing ends it.
    pub skip: bool,
}

/// Counters and phases, compiled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flow {
    /// The counters, in ruleset order.
    pub counters: Vec<Counter>,
    /// How many values a position keeps.
    pub slots: usize,
    /// The event triggers.
    pub triggers: Vec<Trigger>,
    /// Per rule, its `add`: counter index and change.
    pub adds: Vec<Option<(u8, i32)>>,
    /// The counter outcomes.
    pub ends: Vec<CounterEnd>,
    /// The phases (empty: one phase with every action).
    pub phases: Vec<Phase>,
}

impl Flow {
    /// Whether actions go through the flow (any counter or phase).
    #[inline]
    pub fn active(&self) -> bool {
        !self.counters.is_empty() || !self.phases.is_empty()
    }

    /// The starting counter values.
    pub fn start_values(&self, players: usize) -> Vec<i32> {
        let mut values = Vec::with_capacity(self.slots);
        for c in &self.counters {
            let n = if c.per == Per::Player { players } else { 1 };
            values.extend(std::iter::repeat_n(c.start, n));
        }
        values
    }
}

/// Compiles the counters and phases of a checked ruleset.
pub fn compile_flow(ruleset: &VocabRuleset) -> Flow {
    let players = ruleset.players.len();
    let index = |name: &str| {
        let found = ruleset.counters.iter().position(|c| c.name == name);
        found.map(|i| i as u8)
    };
    let mut flow = Flow::default();
    for c in &ruleset.counters {
        let counter = flow.counters.len() as u8;
        flow.counters.push(Counter {
            name: crate::contract::Tally::name_of(&c.name),
            per: c.per,
            start: c.start,
            min: c.min,
            max: c.max,
            base: flow.slots,
        });
        flow.slots += if c.per == Per::Player { players } else { 1 };
        let triggers = c.on.iter().map(|t| Trigger {
            event: t.event,
            counter,
            by: t.by,
        });
        flow.triggers.extend(triggers);
    }
    flow.adds = (ruleset.actions.iter())
        .map(|a| {
            a.add
                .as_ref()
                .and_then(|add| Some((index(&add.counter)?, add.by)))
        })
        .collect();
    flow.ends = (ruleset.outcomes.counter.iter())
        .filter_map(|o| {
            let counter = index(&o.counter)?;
            let start = ruleset.counters[usize::from(counter)].start;
            Some(CounterEnd {
                counter,
                bound: o.bound,
                rising: o.bound > start,
                result: o.result,
            })
        })
        .collect();
    let rule_mask = |names: &[String]| {
        (names.iter())
            .filter_map(|n| ruleset.actions.iter().position(|a| &a.name == n))
            .fold(0u32, |mask, r| mask | 1 << r)
    };
    flow.phases = (ruleset.turns.phases.iter())
        .map(|p| Phase {
            name: p.name.clone(),
            rules: rule_mask(&p.actions),
            ends: rule_mask(p.ends_after.as_ref().unwrap_or(&p.actions)),
            skip: p.skip,
        })
        .collect();
    flow
}
