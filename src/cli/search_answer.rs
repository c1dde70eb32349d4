//! A generic search's answer ([`crate::search::Found`]) in the words
//! `relic solve` prints for the single-actor games (caves, level walks).

use std::process::ExitCode;

use crate::search::Found;

/// What a search found, with its actions written in the game's notation.
pub(super) struct SearchAnswer {
    /// The winning inputs (none without a win).
    pub inputs: Vec<String>,
    /// What the win costs (moves, steps); `None` without a win.
    pub cost: Option<u32>,
    /// Positions searched.
    pub nodes: u64,
    /// `solved`, `no solution` (proven) or `over budget`.
    pub outcome: &'static str,
}

impl SearchAnswer {
    /// `found`, each action written by `write`.
    pub(super) fn new<A>(found: &Found<A>, write: impl Fn(&A) -> String) -> SearchAnswer {
        let (inputs, cost, nodes, outcome) = match found {
            Found::Won {
                actions,
                cost,
                nodes,
            } => (
                actions.iter().map(write).collect(),
                Some(*cost),
                *nodes,
                "solved",
            ),
            Found::NoWin { nodes } => (Vec::new(), None, *nodes, "no solution"),
            Found::OverBudget { nodes } => (Vec::new(), None, *nodes, "over budget"),
        };
        SearchAnswer {
            inputs,
            cost,
            nodes,
            outcome,
        }
    }

    /// The exit status of `relic solve`: 0 with a win, else 1.
    pub(super) fn status(&self) -> ExitCode {
        ExitCode::from(if self.cost.is_some() { 0 } else { 1 })
    }
}
