//! The status line, the evaluation bots use and the simulator's tallies,
//! for level-walking games (the browser view is in `browser.rs`).

use super::compile::Bound;
use super::state::Journey;
use crate::contract::{Evaluate, Game, Seat, Status, Tallies, Tally};

impl Journey {
    /// The stats as the text frame names them, for the status line.
    pub(super) fn stats_line(&self) -> String {
        let program = self.program();
        let shown: Vec<String> = (program.shown.iter())
            .map(|(label, stat)| format!("{label} {}", self.stats()[*stat]))
            .collect();
        format!(
            "Level {} of {}: {}",
            self.board().level + 1,
            self.level_count(),
            shown.join(", ")
        )
    }

    /// How far every lose bound is, from 0 (reached) to 1 (far).
    fn safety(&self) -> f64 {
        let program = self.program();
        let defs = program.stats.defs();
        (program.lose.iter())
            .map(|&(stat, bound)| {
                let value = f64::from(self.stats()[stat]);
                let (min, max) = (f64::from(defs[stat].min), f64::from(defs[stat].max));
                let (gap, range) = match bound {
                    Bound::AtMost(v) => (value - f64::from(v), max - f64::from(v)),
                    Bound::AtLeast(v) => (f64::from(v) - value, f64::from(v) - min),
                };
                if range > 0.0 {
                    (gap / range).clamp(0.0, 1.0)
                } else {
                    1.0
                }
            })
            .fold(1.0, f64::min)
    }
}

impl Evaluate for Journey {
    /// Levels completed, plus how far the actor is from every losing bound.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Status::Over(outcome) = self.status() {
            return outcome.reward(seat);
        }
        (self.board().level as f64 + 0.9 * self.safety()) / self.level_count() as f64
    }
}

impl Tallies for Journey {
    /// Levels reached, steps taken and items held, each read at the end of
    /// a game.
    fn tallies(&self, _seat: Seat) -> Vec<Tally> {
        let held: u32 = self
            .inventory()
            .held()
            .iter()
            .map(|&(_, count)| count)
            .sum();
        vec![
            Tally::at_end("levels", self.board().level as i64),
            Tally::at_end("steps", i64::from(self.steps())),
            Tally::at_end("items", i64::from(held)),
        ]
    }
}

/// No strategies of its own: the generic bots play it.
impl crate::bots::GameStrategies for Journey {}
