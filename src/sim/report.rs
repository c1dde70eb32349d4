//! What a simulation prints: the JSON document (raw totals plus derived
//! figures), a table for people, and CSV.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::{Shard, Totals, ratio, wilson_interval};
use crate::contract::TallyMeasure;

/// The JSON document's schema name and version.
pub const SCHEMA: &str = "relic-sim/2";

/// What was simulated, as recorded with the totals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunInfo {
    /// The ruleset's name.
    pub ruleset: String,
    /// Where each game starts: `default` (the game's own start), the
    /// setup file's name, or Moving Maze's `random WxH:K` boards.
    pub board: String,
    /// The seat colours, in turn order.
    pub seats: Vec<String>,
    /// The bot playing each seat.
    pub bots: Vec<String>,
    /// The study's seed.
    pub seed: u64,
    /// Games in the whole study.
    pub games: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// Uniformly random turns at the start of every game.
    pub opening: u32,
    /// The shards these totals cover (every shard of the study after a
    /// merge).
    pub shards: Vec<Shard>,
}

/// One ruleset's results: what was run and the raw totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunReport {
    /// What was simulated.
    pub info: RunInfo,
    /// The raw totals (merged exactly by `relic sim merge`).
    pub totals: Totals,
    /// Figures derived from the totals, for readers; ignored when merging.
    #[serde(default)]
    pub summary: Option<Summary>,
}

impl RunReport {
    /// A report with its summary filled in.
    pub fn new(info: RunInfo, totals: Totals) -> RunReport {
        let summary = Some(Summary::of(&info, &totals));
        RunReport {
            info,
            totals,
            summary,
        }
    }

    /// The derived figures.
    pub fn summary(&self) -> Summary {
        Summary::of(&self.info, &self.totals)
    }
}

/// The document `relic sim --format json` prints and `relic sim merge` reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimDocument {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// One run, or two with `--vs-ruleset` (the first ruleset first).
    pub runs: Vec<RunReport>,
}

/// Figures derived from totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// The share of games stopped at the turn limit.
    pub stopped_rate: f64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Median turns per game (nearest rank).
    pub median_turns: Option<u32>,
    /// 90th percentile of turns per game (nearest rank).
    pub p90_turns: Option<u32>,
    /// The share of games drawn.
    pub draw_rate: f64,
    /// The game's tallies (relics collected) per turn, all seats together,
    /// in the order of the totals' `tally_names`.
    pub tallies_per_turn: Vec<f64>,
    /// The game's tallies at the end of a game, all seats together: their
    /// mean per game, in the same order.
    #[serde(default)]
    pub tallies_at_end: Vec<f64>,
    /// Per seat.
    pub seats: Vec<SeatSummary>,
}

/// One seat's derived figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat's colour.
    pub colour: String,
    /// Its bot.
    pub bot: String,
    /// Games won.
    pub wins: u64,
    /// Wins / games.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub win_rate_ci: (f64, f64),
    /// Each tally per own turn.
    pub tallies_per_turn: Vec<f64>,
    /// Each tally at the end of a game, its mean per game.
    #[serde(default)]
    pub tallies_at_end: Vec<f64>,
}

impl Summary {
    /// The figures of `totals`.
    pub fn of(info: &RunInfo, totals: &Totals) -> Summary {
        let seats = totals
            .seats
            .iter()
            .enumerate()
            .map(|(seat, t)| SeatSummary {
                colour: info.seats.get(seat).cloned().unwrap_or_default(),
                bot: info.bots.get(seat).cloned().unwrap_or_default(),
                wins: t.wins,
                win_rate: ratio(t.wins, totals.games),
                win_rate_ci: wilson_interval(t.wins, totals.games),
                tallies_per_turn: t.tallies.iter().map(|&v| per(v as f64, t.turns)).collect(),
                tallies_at_end: t
                    .tallies
                    .iter()
                    .map(|&v| per(v as f64, totals.games))
                    .collect(),
            })
            .collect();
        // A game's tally is every seat's; the others add up.
        let sums: Vec<f64> = (0..totals.tally_names.len())
            .map(|i| {
                let seats = match totals.measure(i) {
                    TallyMeasure::Game => &totals.seats[..totals.seats.len().min(1)],
                    _ => &totals.seats[..],
                };
                let sum = seats.iter().map(|s| s.tallies.get(i).copied());
                sum.map(|v| i128::from(v.unwrap_or(0))).sum::<i128>() as f64
            })
            .collect();
        let tallies_per_turn = sums.iter().map(|&s| per(s, totals.turns)).collect();
        let tallies_at_end = sums.iter().map(|&s| per(s, totals.games)).collect();
        Summary {
            games: totals.games,
            stopped_rate: ratio(totals.stopped, totals.games),
            mean_turns: totals.mean_turns(),
            median_turns: totals.turn_percentile(50),
            p90_turns: totals.turn_percentile(90),
            draw_rate: ratio(totals.draws, totals.games),
            tallies_per_turn,
            tallies_at_end,
            seats,
        }
    }
}

/// `value / over` (turns or games), or 0 with none.
fn per(value: f64, over: u64) -> f64 {
    if over == 0 { 0.0 } else { value / over as f64 }
}

fn percent(rate: f64) -> String {
    format!("{:.1}%", rate * 100.0)
}

fn optional(value: Option<u32>) -> String {
    value.map_or_else(|| String::from("-"), |v| v.to_string())
}

/// The rows of the table: a label, then one cell per run.
fn table_rows(runs: &[RunReport]) -> Vec<(String, Vec<String>)> {
    let summaries: Vec<Summary> = runs.iter().map(RunReport::summary).collect();
    let mut rows = vec![
        row("ruleset", runs, |r, _| r.info.ruleset.clone()),
        row("games", runs, |_, s| s.games.to_string()),
    ];
    let seats = summaries.first().map_or(0, |s| s.seats.len());
    for seat in 0..seats {
        let label = format!(
            "{} ({}) wins",
            summaries[0].seats[seat].colour, summaries[0].seats[seat].bot
        );
        rows.push(row_of(&label, &summaries, |s| {
            let seat = &s.seats[seat];
            let (low, high) = seat.win_rate_ci;
            format!(
                "{} [{} - {}]",
                percent(seat.win_rate),
                percent(low),
                percent(high)
            )
        }));
    }
    rows.push(row_of("draws", &summaries, |s| percent(s.draw_rate)));
    rows.push(row_of("stopped at turn limit", &summaries, |s| {
        percent(s.stopped_rate)
    }));
    rows.push(row_of("turns: mean", &summaries, |s| {
        format!("{:.1}", s.mean_turns)
    }));
    rows.push(row_of("turns: median", &summaries, |s| {
        optional(s.median_turns)
    }));
    rows.push(row_of("turns: 90th percentile", &summaries, |s| {
        optional(s.p90_turns)
    }));
    for (i, (name, measure)) in tally_labels(runs).iter().enumerate() {
        let (all, own) = match measure {
            TallyMeasure::PerTurn => ("per turn", "per own turn"),
            TallyMeasure::AtEnd | TallyMeasure::Game => ("at the end", "at the end"),
        };
        rows.push(row_of(&format!("{name} {all}"), &summaries, |s| {
            figure(s.tally(None, i, *measure))
        }));
        let by_seat = if *measure == TallyMeasure::Game {
            0
        } else {
            seats
        };
        for seat in 0..by_seat {
            let label = format!("{} {name} {own}", summaries[0].seats[seat].colour);
            rows.push(row_of(&label, &summaries, |s| {
                figure(s.tally(Some(seat), i, *measure))
            }));
        }
    }
    rows
}

impl Summary {
    /// Tally `i` read by `measure`: per turn (per own turn for a seat) or
    /// its mean at the end of a game, for all seats together or one.
    fn tally(&self, seat: Option<usize>, i: usize, measure: TallyMeasure) -> Option<&f64> {
        let (per_turn, at_end) = match seat {
            None => (&self.tallies_per_turn, &self.tallies_at_end),
            Some(seat) => {
                let figures = self.seats.get(seat)?;
                (&figures.tallies_per_turn, &figures.tallies_at_end)
            }
        };
        match measure {
            TallyMeasure::PerTurn => per_turn.get(i),
            TallyMeasure::AtEnd | TallyMeasure::Game => at_end.get(i),
        }
    }
}

/// The first run's tally names, each with how it is read.
fn tally_labels(runs: &[RunReport]) -> Vec<(String, TallyMeasure)> {
    let Some(first) = runs.first() else {
        return Vec::new();
    };
    let totals = &first.totals;
    (totals.tally_names.iter().enumerate())
        .map(|(i, name)| (name.clone(), totals.measure(i)))
        .collect()
}

fn figure(value: Option<&f64>) -> String {
    value.map_or_else(|| String::from("-"), |v| format!("{v:.4}"))
}

fn row(
    label: &str,
    runs: &[RunReport],
    cell: impl Fn(&RunReport, &Summary) -> String,
) -> (String, Vec<String>) {
    let cells = runs.iter().map(|r| cell(r, &r.summary())).collect();
    (label.to_string(), cells)
}

fn row_of(
    label: &str,
    summaries: &[Summary],
    cell: impl Fn(&Summary) -> String,
) -> (String, Vec<String>) {
    (label.to_string(), summaries.iter().map(cell).collect())
}

/// The differences column of a side-by-side table: the second run minus
/// the first, for the figures where that means something.
fn differences(runs: &[RunReport]) -> Vec<String> {
    let [a, b] = runs else { return Vec::new() };
    let (a, b) = (a.summary(), b.summary());
    let points = |x: f64, y: f64| format!("{:+.1} pts", (y - x) * 100.0);
    let mut cells = vec![String::new(), String::new()];
    for (x, y) in a.seats.iter().zip(&b.seats) {
        cells.push(points(x.win_rate, y.win_rate));
    }
    let turns = |x: Option<u32>, y: Option<u32>| match (x, y) {
        (Some(x), Some(y)) => format!("{:+}", i64::from(y) - i64::from(x)),
        _ => String::from("-"),
    };
    cells.push(points(a.draw_rate, b.draw_rate));
    cells.push(points(a.stopped_rate, b.stopped_rate));
    cells.push(format!("{:+.1}", b.mean_turns - a.mean_turns));
    cells.push(turns(a.median_turns, b.median_turns));
    cells.push(turns(a.p90_turns, b.p90_turns));
    let change = |x: Option<&f64>, y: Option<&f64>| match (x, y) {
        (Some(x), Some(y)) => format!("{:+.4}", y - x),
        _ => String::from("-"),
    };
    for (i, (_, measure)) in tally_labels(runs).into_iter().enumerate() {
        cells.push(change(a.tally(None, i, measure), b.tally(None, i, measure)));
        for seat in 0..a.seats.len() {
            let (x, y) = (
                a.tally(Some(seat), i, measure),
                b.tally(Some(seat), i, measure),
            );
            cells.push(change(x, y));
        }
    }
    cells
}

/// The results as an aligned text table; with two runs, side by side with
/// a column of differences (second minus first).
pub fn render_table(runs: &[RunReport]) -> String {
    let mut rows = table_rows(runs);
    let diffs = differences(runs);
    if !diffs.is_empty() {
        for ((_, cells), diff) in rows.iter_mut().zip(diffs) {
            cells.push(diff);
        }
    }
    let mut out = String::new();
    if let Some(first) = runs.first() {
        let info = &first.info;
        let _ = write!(
            out,
            "start {}, seed {}, {} games, at most {} turns",
            info.board, info.seed, info.games, info.max_turns
        );
        let _ = match info.opening {
            0 => writeln!(out),
            1 => writeln!(out, ", opening 1 random turn"),
            n => writeln!(out, ", opening {n} random turns"),
        };
        if runs.len() == 2 {
            rows.insert(
                0,
                (String::new(), vec!["A".into(), "B".into(), "B - A".into()]),
            );
        }
    }
    let label_width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let columns = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.1.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (label, cells) in &rows {
        let _ = write!(out, "{label:<label_width$}");
        for (cell, width) in cells.iter().zip(&widths) {
            let _ = write!(out, "  {cell:>width$}");
        }
        out.push('\n');
    }
    out
}

/// The results as CSV: one line per run and seat, with the run's figures
/// repeated on each of its lines; two columns per tally of the first run
/// (`relics_per_turn`, `seat_relics_per_turn`; for a tally read at the end
/// of a game, `points_at_end`, `seat_points_at_end`).
pub fn render_csv(runs: &[RunReport]) -> String {
    let mut out = String::from(
        "ruleset,board,seat,colour,bot,games,wins,win_rate,win_rate_ci_low,win_rate_ci_high,\
         draws,stopped,stopped_rate,mean_turns,median_turns,p90_turns",
    );
    let tallies = tally_labels(runs);
    for (name, measure) in &tallies {
        let name = csv_field(&name.replace(' ', "_"));
        let per = match measure {
            TallyMeasure::PerTurn => "per_turn",
            TallyMeasure::AtEnd | TallyMeasure::Game => "at_end",
        };
        let _ = write!(out, ",{name}_{per},seat_{name}_{per}");
    }
    out.push('\n');
    for run in runs {
        let s = run.summary();
        for (seat, figures) in s.seats.iter().enumerate() {
            let _ = write!(
                out,
                "{},{},{},{},{},{},{},{:.6},{:.6},{:.6},{},{},{:.6},{:.3},{},{}",
                csv_field(&run.info.ruleset),
                csv_field(&run.info.board),
                seat + 1,
                csv_field(&figures.colour),
                csv_field(&figures.bot),
                s.games,
                figures.wins,
                figures.win_rate,
                figures.win_rate_ci.0,
                figures.win_rate_ci.1,
                run.totals.draws,
                run.totals.stopped,
                s.stopped_rate,
                s.mean_turns,
                optional(s.median_turns),
                optional(s.p90_turns),
            );
            for (i, &(_, measure)) in tallies.iter().enumerate() {
                let all = s.tally(None, i, measure).copied().unwrap_or(0.0);
                let own = s.tally(Some(seat), i, measure).copied().unwrap_or(0.0);
                let _ = write!(out, ",{all:.6},{own:.6}");
            }
            out.push('\n');
        }
    }
    out
}

/// A CSV field, quoted when it holds a comma, quote or line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
