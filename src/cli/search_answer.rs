//! A generic search's answer ([`crate::search::Found`]) in the words
//! `relic solve` prints for the single-actor games (caves, level walks),
//! and its progress on the way.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::search::{Found, Progress};

/// Shows a long search's progress on one line of stderr, rewritten each
/// second, when stderr is a terminal (never in a pipe or a file, whose
/// reader wants the answer only); the line is cleared at the end.
pub(super) struct ProgressLine {
    on: bool,
    started: Instant,
    last: Instant,
    width: usize,
    budget: u64,
}

impl ProgressLine {
    /// A progress line for a search of at most `budget` positions.
    pub(super) fn new(budget: u64) -> ProgressLine {
        let now = Instant::now();
        ProgressLine {
            on: std::io::stderr().is_terminal(),
            started: now,
            last: now,
            width: 0,
            budget,
        }
    }

    /// Shows `progress`, at most once a second.
    pub(super) fn report(&mut self, progress: Progress) {
        if !self.due() {
            return;
        }
        self.show(progress_words(
            progress,
            self.budget,
            self.started.elapsed(),
        ));
    }

    /// Shows how many positions a search that keeps no queue has
    /// searched, at most once a second.
    pub(super) fn report_positions(&mut self, nodes: u64) {
        if !self.due() {
            return;
        }
        let share = nodes.saturating_mul(100) / self.budget.max(1);
        let seconds = self.started.elapsed().as_secs();
        let budget = self.budget;
        self.show(format!(
            "searching: {nodes} positions ({share}% of --nodes {budget}); {seconds} s"
        ));
    }

    /// Whether a report is to be shown now (the line is on and the last
    /// one is a second old), noting the time if so.
    fn due(&mut self) -> bool {
        if !self.on || self.last.elapsed() < Duration::from_secs(1) {
            return false;
        }
        self.last = Instant::now();
        true
    }

    fn show(&mut self, line: String) {
        let pad = self.width.saturating_sub(line.chars().count());
        crate::output::err!("\r{line}{}", " ".repeat(pad));
        self.width = line.chars().count();
    }

    /// Clears the line, if one was shown.
    pub(super) fn finish(&self) {
        if self.width > 0 {
            crate::output::err!("\r{}\r", " ".repeat(self.width));
        }
    }
}

/// The words of one progress report.
fn progress_words(progress: Progress, budget: u64, elapsed: Duration) -> String {
    let Progress {
        nodes,
        queued,
        bound,
    } = progress;
    let share = nodes.saturating_mul(100) / budget.max(1);
    format!(
        "searching: {nodes} positions ({share}% of --nodes {budget}), {queued} waiting; a solution takes at least {bound} moves; {} s",
        elapsed.as_secs()
    )
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_says_how_far_the_search_is_and_what_the_answer_costs_at_least() {
        let progress = Progress {
            nodes: 2_500_000,
            queued: 40_000,
            bound: 37,
        };
        let words = progress_words(progress, 10_000_000, Duration::from_secs(12));
        assert_eq!(
            words,
            "searching: 2500000 positions (25% of --nodes 10000000), 40000 waiting; a solution takes at least 37 moves; 12 s"
        );
    }
}
