//! Streaming statistics: counts, sums and a one-bucket-per-turn histogram
//! that grows only as far as the longest game, so memory does not grow
//! with the number of games and shards merge into exactly the figures of
//! one run.

use serde::{Deserialize, Serialize};

use crate::contract::{Outcome, TallyMeasure};

/// What one finished game contributes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// How play ended; `None` when it was stopped at a limit.
    pub outcome: Option<Outcome>,
    /// Turns played (all seats together).
    pub turns: u32,
    /// Turns each seat played.
    pub seat_turns: Vec<u32>,
    /// Each seat's tallies at the end, in the order of
    /// [`Totals::tally_names`].
    pub tallies: Vec<Vec<i64>>,
}

/// One seat's raw totals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatTotals {
    /// Games this seat won.
    pub wins: u64,
    /// Games this seat lost or quit while nobody won.
    pub losses: u64,
    /// Turns this seat played, over all games.
    pub turns: u64,
    /// The sum over all games of each tally at the end of the game.
    pub tallies: Vec<i64>,
}

/// The raw totals of a batch of games: everything the figures derive from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Totals {
    /// Games played.
    pub games: u64,
    /// Games stopped at the turn limit.
    pub stopped: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games that ended with nobody winning, neither drawn nor stopped (a
    /// loss or a quit).
    pub undecided: u64,
    /// The sum of turns over all games.
    pub turns: u64,
    /// `turn_histogram[t]`: games that lasted `t` turns, up to the
    /// longest game (never longer than the turn limit).
    pub turn_histogram: Vec<u64>,
    /// The names of the game's tallies (`relics`).
    pub tally_names: Vec<String>,
    /// How each tally is read (per turn or at the end of a game), in the
    /// order of `tally_names`; left out (older documents): per turn.
    #[serde(default)]
    pub tally_measures: Vec<TallyMeasure>,
    /// Per seat, in turn order.
    pub seats: Vec<SeatTotals>,
}

impl Totals {
    /// Empty totals for `seats` seats with these tallies.
    pub fn new(seats: usize, tallies: &[(&str, TallyMeasure)]) -> Totals {
        let seat = SeatTotals {
            tallies: vec![0; tallies.len()],
            ..SeatTotals::default()
        };
        Totals {
            games: 0,
            stopped: 0,
            draws: 0,
            undecided: 0,
            turns: 0,
            turn_histogram: Vec::new(),
            tally_names: tallies.iter().map(|(n, _)| n.to_string()).collect(),
            tally_measures: tallies.iter().map(|&(_, m)| m).collect(),
            seats: vec![seat; seats],
        }
    }

    /// How tally `i` is read.
    pub fn measure(&self, i: usize) -> TallyMeasure {
        self.tally_measures.get(i).copied().unwrap_or_default()
    }

    /// Adds one game (sums saturate; no real study comes near).
    pub fn add(&mut self, game: &GameOutcome) {
        self.games += 1;
        self.turns = self.turns.saturating_add(u64::from(game.turns));
        let bucket = game.turns as usize;
        if self.turn_histogram.len() <= bucket {
            self.turn_histogram.resize(bucket + 1, 0);
        }
        self.turn_histogram[bucket] += 1;
        match game.outcome {
            Some(Outcome::Won(seat)) => self.seats[seat].wins += 1,
            Some(Outcome::Lost(seat) | Outcome::Quit(seat)) => {
                self.seats[seat].losses += 1;
                self.undecided += 1;
            }
            Some(Outcome::Draw) => self.draws += 1,
            Some(Outcome::Stopped) | None => self.stopped += 1,
        }
        for (seat, totals) in self.seats.iter_mut().enumerate() {
            totals.turns += u64::from(game.seat_turns[seat]);
            for (sum, value) in totals.tallies.iter_mut().zip(&game.tallies[seat]) {
                *sum = sum.saturating_add(*value);
            }
        }
    }

    /// Adds another batch played with the same settings; the error names
    /// the field (`seats[1].tallies[0]`) whose sum overflows, or
    /// `totals` when the shapes differ.
    pub fn merge(self, other: Totals) -> Result<Totals, String> {
        if !self.compatible(&other) {
            return Err("totals".into());
        }
        let mut histogram = self.turn_histogram;
        if histogram.len() < other.turn_histogram.len() {
            histogram.resize(other.turn_histogram.len(), 0);
        }
        for (t, (mine, theirs)) in histogram.iter_mut().zip(&other.turn_histogram).enumerate() {
            *mine = sum(*mine, *theirs, || format!("turn_histogram[{t}]"))?;
        }
        let seats = (0..)
            .zip(self.seats.into_iter().zip(other.seats))
            .map(|(i, (a, b))| merge_seat(i, a, b))
            .collect::<Result<_, _>>()?;
        Ok(Totals {
            games: sum(self.games, other.games, || "games".into())?,
            stopped: sum(self.stopped, other.stopped, || "stopped".into())?,
            draws: sum(self.draws, other.draws, || "draws".into())?,
            undecided: sum(self.undecided, other.undecided, || "undecided".into())?,
            turns: sum(self.turns, other.turns, || "turns".into())?,
            turn_histogram: histogram,
            tally_names: self.tally_names,
            tally_measures: self.tally_measures,
            seats,
        })
    }

    /// Whether `other` could be merged: the same seats and tallies.
    pub fn compatible(&self, other: &Totals) -> bool {
        self.seats.len() == other.seats.len()
            && self.tally_names == other.tally_names
            && (0..self.tally_names.len()).all(|i| self.measure(i) == other.measure(i))
            && self
                .seats
                .iter()
                .all(|s| s.tallies.len() == self.tally_names.len())
            && other
                .seats
                .iter()
                .all(|s| s.tallies.len() == other.tally_names.len())
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
    /// let mut totals = Totals::new(1, &[]);
    /// totals.games = 4;
    /// totals.turn_histogram = vec![0, 0, 3, 0, 0, 0, 0, 0, 0, 1];
    /// assert_eq!(totals.turn_percentile(50), Some(2));
    /// assert_eq!(totals.turn_percentile(90), Some(9));
    /// ```
    pub fn turn_percentile(&self, percent: u64) -> Option<u32> {
        let games = self
            .turn_histogram
            .iter()
            .try_fold(0u64, |sum, &n| sum.checked_add(n))?;
        if games == 0 {
            return None;
        }
        let rank = (u128::from(games) * u128::from(percent))
            .div_ceil(100)
            .max(1);
        let mut seen = 0u128;
        for (turns, &count) in self.turn_histogram.iter().enumerate() {
            seen += u128::from(count);
            if seen >= rank {
                return u32::try_from(turns).ok();
            }
        }
        None
    }
}

/// `a + b`, or the name of the field that overflows.
fn sum(a: u64, b: u64, field: impl FnOnce() -> String) -> Result<u64, String> {
    a.checked_add(b).ok_or_else(field)
}

fn merge_seat(seat: usize, a: SeatTotals, b: SeatTotals) -> Result<SeatTotals, String> {
    let field = |name: &'static str| move || format!("seats[{seat}].{name}");
    let tallies = (0..)
        .zip(a.tallies.iter().zip(&b.tallies))
        .map(|(i, (x, y))| {
            x.checked_add(*y)
                .ok_or_else(|| format!("seats[{seat}].tallies[{i}]"))
        })
        .collect::<Result<_, _>>()?;
    Ok(SeatTotals {
        wins: sum(a.wins, b.wins, field("wins"))?,
        losses: sum(a.losses, b.losses, field("losses"))?,
        turns: sum(a.turns, b.turns, field("turns"))?,
        tallies,
    })
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
    let p = (successes as f64 / n).clamp(0.0, 1.0);
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
