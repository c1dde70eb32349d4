//! Moving Maze's evaluation for bots and its tallies for the simulator.
//!
//! A seat's progress is its relics collected plus how near its adventurer
//! stands to its next target (an active relic, or home once every relic is
//! held), as a share of the whole task; the evaluation compares the
//! evaluated seat's progress with the best other seat's.
//!
//! The evaluated seat looks one turn of its own ahead, as a two-turn
//! planner would: its nearness is what its next turn can reach from where
//! it ends this one (the best over every orientation and slide of the
//! floating tile, on bit boards), so that of two places
//! equally near its target the one a slide opens the way from is worth
//! more. The other seats are judged as they stand (in a seat's own move
//! phase, nearly from the reachable tile nearest its target), which is
//! cheaper.

mod lookahead;

use super::board::Pos;
use super::bots::target_set;
use super::engine::{Game, Phase, positions};
use crate::contract::{Evaluate, Seat, Tallies, Tally};
use lookahead::{Targets, next_turn_distance};

/// A seat's progress in `0.0..=1.0`: relics collected plus nearness to
/// the next target, over relics to collect plus the way home.
fn progress(game: &Game, seat: Seat) -> f64 {
    if game.winner() == Some(seat) {
        return 1.0;
    }
    let targets = Targets::of(game, seat);
    let standing = game.players()[seat].pos;
    let here = f64::from(targets.distance(standing).unwrap_or(0));
    let distance = match own_move(game, seat).then(|| nearest_reachable(game, seat, &targets)) {
        // Standing on the best reachable tile is worth a little more than
        // still having to walk there, so that the turn ends there.
        Some(Some((_, reachable))) => f64::from(reachable) + (here - f64::from(reachable)) / 4.0,
        _ => here,
    };
    share(game, seat, &targets, 0, distance, 1.0)
}

/// Whether `seat` is in its own move phase.
fn own_move(game: &Game, seat: Seat) -> bool {
    !game.is_over() && game.phase() == Phase::Move && game.current_seat() == seat
}

/// `seat`'s progress with `extra` more relics and a nearness of
/// `distance` (out of `scale` times the maze's span) to its next target.
fn share(game: &Game, seat: Seat, targets: &Targets, extra: u8, distance: f64, scale: f64) -> f64 {
    let maze = game.maze();
    let span = (f64::from(maze.width()) + f64::from(maze.height())) * scale;
    let nearness = if targets.is_empty() {
        0.0
    } else {
        1.0 - distance / span
    };
    let collected = f64::from(game.players()[seat].collected) + f64::from(extra);
    let task = f64::from(game.relics_per_colour()) + 1.0;
    ((collected + nearness) / task).clamp(0.0, 1.0)
}

/// A seat's progress looking one turn of its own further: nearness is
/// measured by [`next_turn_distance`] from where it will end its turn
/// (plus a quarter of its distance from there as it stands), so that of
/// two places equally near its target the one the next slide opens the
/// way from is worth more. In its own move phase, where it ends is its
/// choice: the better of standing still and walking to the reachable tile
/// nearest its target (or collecting a target it can reach).
fn progress_ahead(game: &Game, seat: Seat) -> f64 {
    if game.winner() == Some(seat) {
        return 1.0;
    }
    let targets = Targets::of(game, seat);
    let ahead = |from| {
        let here = f64::from(targets.distance(from).unwrap_or(0));
        let next = next_turn_distance(game, seat, &targets, from).map_or(here, f64::from);
        share(game, seat, &targets, 0, next + here / 4.0, 1.25)
    };
    let standing = game.players()[seat].pos;
    if targets.is_empty() || !own_move(game, seat) {
        return ahead(standing);
    }
    let width = f64::from(game.maze().width());
    match nearest_reachable(game, seat, &targets) {
        Some((_, 0)) => share(game, seat, &targets, 1, width, 1.0).max(ahead(standing)),
        Some((best, _)) => ahead(standing).max(ahead(best)),
        None => ahead(standing),
    }
}

/// The tile `seat` can reach now nearest its targets, and its distance.
fn nearest_reachable(game: &Game, seat: Seat, targets: &Targets) -> Option<(Pos, i16)> {
    let reach = game.reachable_from(game.players()[seat].pos);
    let mut best: Option<(Pos, i16)> = None;
    for p in positions(reach, game.maze().width()) {
        let d = targets.distance(p)?;
        if best.is_none_or(|(_, b)| d < b) {
            best = Some((p, d));
        }
    }
    best
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
        let own = progress_ahead(self, seat);
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
    fn tallies(&self, seat: Seat) -> Vec<Tally> {
        vec![Tally::per_turn(
            "relics",
            i64::from(self.players()[seat].collected),
        )]
    }
}
