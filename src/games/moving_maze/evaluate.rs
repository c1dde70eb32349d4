//! Moving Maze's evaluation for bots and its tallies for the simulator.
//!
//! A seat's progress is its relics collected plus how near its adventurer
//! stands to its next target (an active relic, or home once every relic is
//! held), as a share of the whole task; the evaluation compares it with
//! the best other seat's. A seat in its own move phase stands, for this
//! purpose, nearly on the reachable tile nearest its target (a quarter
//! of the way from where it stands): where it ends the turn is its own
//! choice, so a slide that opens the way is worth almost as much as the
//! move it allows, and walking there is still worth a little more.

use super::bots::{score_of, target_set};
use super::engine::{Game, Phase, positions};
use crate::contract::{Evaluate, Seat, Tallies};

/// A seat's progress in `0.0..=1.0`: relics collected plus nearness to
/// the next target, over relics to collect plus the way home.
fn progress(game: &Game, seat: Seat) -> f64 {
    if game.winner() == Some(seat) {
        return 1.0;
    }
    let score = score_of(game, seat);
    let maze = game.maze();
    let span = f64::from(maze.width()) + f64::from(maze.height());
    let targets = target_set(game, seat);
    let here = f64::from(-score.closeness);
    let distance = match reachable_distance(game, seat) {
        // Standing on the best reachable tile is worth a little more than
        // still having to walk there, so that the turn ends there.
        Some(reachable) => f64::from(reachable) + (here - f64::from(reachable)) / 4.0,
        None => here,
    };
    let nearness = if targets.is_empty() {
        0.0
    } else {
        1.0 - distance / span
    };
    let task = f64::from(game.relics_per_colour()) + 1.0;
    ((f64::from(score.collected) + nearness) / task).clamp(0.0, 1.0)
}

/// In `seat`'s own move phase, the Manhattan distance from the nearest
/// tile it can reach to the nearest of its targets; `None` otherwise.
fn reachable_distance(game: &Game, seat: Seat) -> Option<i16> {
    if game.is_over() || game.phase() != Phase::Move || game.current_seat() != seat {
        return None;
    }
    let width = game.maze().width();
    let reach = game.reachable_from(game.players()[seat].pos);
    let targets: Vec<_> = positions(target_set(game, seat), width).collect();
    positions(reach, width)
        .flat_map(|p| {
            targets
                .iter()
                .map(move |t| i16::from(p.x.abs_diff(t.x)) + i16::from(p.y.abs_diff(t.y)))
        })
        .min()
}

impl Evaluate for Game {
    /// Half of 1 plus this seat's progress minus the best other seat's
    /// (its own progress when it plays alone); 1 for the winner, 0 for the
    /// others once someone has won.
    ///
    /// ```
    /// use relic::contract::Evaluate;
    /// use relic::games::{Setup, moving_maze};
    /// use relic::rules::Rules;
    /// let game = moving_maze::load(&Rules::standard(), &Setup::Default).unwrap();
    /// let green = game.evaluate(0);
    /// assert!(green > 0.4 && green < 0.6); // nobody has collected anything yet
    /// ```
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(winner) = self.winner() {
            return if winner == seat { 1.0 } else { 0.0 };
        }
        let own = progress(self, seat);
        let seats = self.players().len();
        let best_other = (0..seats)
            .filter(|&s| s != seat)
            .map(|s| progress(self, s))
            .fold(None, |best: Option<f64>, p| {
                Some(best.map_or(p, |b| b.max(p)))
            });
        match best_other {
            Some(other) => (0.5 + (own - other) / 2.0).clamp(0.0, 1.0),
            None => own,
        }
    }
}

impl Tallies for Game {
    /// `relics`: the relics this seat has collected.
    fn tallies(&self, seat: Seat) -> Vec<(&'static str, i64)> {
        vec![("relics", i64::from(self.players()[seat].collected))]
    }
}
