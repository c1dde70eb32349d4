//! Streaming statistics: counts, sums and a one-bucket-per-turn histogram,
//! so memory does not grow with the number of games and shards merge into
//! exactly the figures of one run.

use serde::{Deserialize, Serialize};

/// What one finished game contributes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// The winner's seat, if someone won.
    pub winner: Option<usize>,
    /// Turns played (all seats together).
    pub turns: u32,
    /// Whether the game was stopped at the turn limit.
    pub stopped: bool,
    /// Relics each seat collected.
    pub relics: Vec<u32>,
    /// Turns each seat played.
    pub seat_turns: Vec<u32>,
}

/// One seat's raw totals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatTotals {
    /// Games this seat won.
    pub wins: u64,
    /// Relics this seat collected, over all games.
    pub relics: u64,
    /// Turns this seat played, over all games.
    pub turns: u64,
}

/// The raw totals of a batch of games: everything the figures derive from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Totals {
    /// Games played.
    pub games: u64,
    /// Games stopped at the turn limit.
    pub stopped: u64,
    /// Games that ended with no winner before the limit (a quit).
    pub undecided: u64,
    /// The sum of turns over all games.
    pub turns: u64,
    /// `turn_histogram[t]`: games that lasted `t` turns, for `t` from 0 to
    /// the turn limit.
    pub turn_histogram: Vec<u64>,
    /// Per seat, in turn order.
    pub seats: Vec<SeatTotals>,
}

impl Totals {
    /// Empty totals for `seats` seats and games of at most `max_turns` turns.
    pub fn new(seats: usize, max_turns: u32) -> Totals {
        Totals {
            games: 0,
            stopped: 0,
            undecided: 0,
            turns: 0,
            turn_histogram: vec![0; max_turns as usize + 1],
            seats: vec![SeatTotals::default(); seats],
        }
    }

    /// Adds one game.
    pub fn add(&mut self, game: &GameOutcome) {
        self.games += 1;
        self.turns += u64::from(game.turns);
        let bucket = (game.turns as usize).min(self.turn_histogram.len() - 1);
        self.turn_histogram[bucket] += 1;
        match game.winner {
            Some(seat) => self.seats[seat].wins += 1,
            None if game.stopped => self.stopped += 1,
            None => self.undecided += 1,
        }
        for (seat, totals) in self.seats.iter_mut().enumerate() {
            totals.relics += u64::from(game.relics[seat]);
            totals.turns += u64::from(game.seat_turns[seat]);
        }
    }

    /// Adds another batch played with the same settings.
    pub fn merge(mut self, other: Totals) -> Totals {
        self.games += other.games;
        self.stopped += other.stopped;
        self.undecided += other.undecided;
        self.turns += other.turns;
        for (mine, theirs) in self.turn_histogram.iter_mut().zip(other.turn_histogram) {
            *mine += theirs;
        }
        for (mine, theirs) in self.seats.iter_mut().zip(other.seats) {
            mine.wins += theirs.wins;
            mine.relics += theirs.relics;
            mine.turns += theirs.turns;
        }
        self
    }

    /// Whether `other` could be merged: same seats and turn limit.
    pub fn compatible(&self, other: &Totals) -> bool {
        self.seats.len() == other.seats.len()
            && self.turn_histogram.len() == other.turn_histogram.len()
    }

    /// The mean number of turns per game (0 with no games).
    pub fn mean_turns(&self) -> f64 {
        ratio(self.turns, self.games)
    }

    /// The nearest-rank `percent` percentile of game length in turns: the
    /// smallest length `t` such that at least `percent`% of the games
    /// lasted `t` turns or fewer. `None` with no games.
    ///
    /// ```
    /// use relic::sim::Totals;
    /// let mut totals = Totals::new(1, 10);
    /// totals.games = 4;
    /// totals.turn_histogram[2] = 3;
    /// totals.turn_histogram[9] = 1;
    /// assert_eq!(totals.turn_percentile(50), Some(2));
    /// assert_eq!(totals.turn_percentile(90), Some(9));
    /// ```
    pub fn turn_percentile(&self, percent: u64) -> Option<u32> {
        let games: u64 = self.turn_histogram.iter().sum();
        if games == 0 {
            return None;
        }
        let rank = (games * percent).div_ceil(100).max(1);
        let mut seen = 0;
        for (turns, &count) in self.turn_histogram.iter().enumerate() {
            seen += count;
            if seen >= rank {
                return Some(turns as u32);
            }
        }
        None
    }
}

/// `numerator / denominator`, or 0 when the denominator is 0.
pub fn ratio(numerator: u64, denominator: u64) -> f64 {
    if denominator == 0 {
        0.0
    } else {
        numerator as f64 / denominator as f64
    }
}

/// The Wilson score interval at 95% confidence for `successes` out of
/// `trials`: `(low, high)`, both 0 with no trials.
///
/// ```
/// let (low, high) = relic::sim::wilson_interval(50, 100);
/// assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
/// ```
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 0.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
