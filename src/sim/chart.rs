//! The `--chart` SVG: win rates per seat with their 95% intervals, and a
//! histogram of game length. Hand-written SVG, no dependencies.

use std::fmt::Write as _;

use super::RunReport;

const WIDTH: f64 = 720.0;
const PANEL_HEIGHT: f64 = 260.0;
const MARGIN: f64 = 50.0;
const COLOURS: [&str; 2] = ["#3b6fb6", "#d9822b"];
const MAX_BINS: usize = 40;

/// An SVG document charting `runs` (one, or two side by side).
pub fn chart_svg(runs: &[RunReport]) -> String {
    let height = 2.0 * PANEL_HEIGHT + 2.0 * MARGIN;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    legend(&mut svg, runs);
    win_rates(&mut svg, runs, MARGIN);
    game_lengths(&mut svg, runs, MARGIN + PANEL_HEIGHT + MARGIN);
    svg.push_str("</svg>\n");
    svg
}

fn legend(svg: &mut String, runs: &[RunReport]) {
    for (i, run) in runs.iter().enumerate() {
        let x = MARGIN + 260.0 * i as f64;
        let _ = writeln!(
            svg,
            "<rect x=\"{x}\" y=\"8\" width=\"12\" height=\"12\" fill=\"{}\"/>\
             <text x=\"{}\" y=\"18\">{}</text>",
            COLOURS[i % 2],
            x + 16.0,
            escape(&format!(
                "{} ({} games)",
                run.info.ruleset, run.totals.games
            ))
        );
    }
}

/// Bars of win rate per seat, with the Wilson interval as a whisker.
fn win_rates(svg: &mut String, runs: &[RunReport], top: f64) {
    let plot = Plot::new(top, "Win rate per seat (95% interval)");
    plot.frame(svg, "100%");
    let summaries: Vec<_> = runs.iter().map(RunReport::summary).collect();
    let seats = summaries.first().map_or(0, |s| s.seats.len());
    let group = plot.width / seats.max(1) as f64;
    let bar = group * 0.7 / runs.len().max(1) as f64;
    for seat in 0..seats {
        let x0 = plot.left + group * seat as f64 + group * 0.15;
        for (i, summary) in summaries.iter().enumerate() {
            let figures = &summary.seats[seat];
            let x = x0 + bar * i as f64;
            let y = plot.y(figures.win_rate);
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\">\
                 <title>{}: {:.1}%</title></rect>",
                bar * 0.9,
                plot.bottom() - y,
                COLOURS[i % 2],
                escape(&figures.colour),
                figures.win_rate * 100.0
            );
            let centre = x + bar * 0.45;
            let (low, high) = figures.win_rate_ci;
            let _ = writeln!(
                svg,
                "<line x1=\"{centre:.1}\" x2=\"{centre:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"black\"/>",
                plot.y(low),
                plot.y(high)
            );
        }
        let label = summaries[0].seats[seat].colour.clone();
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            x0 + group * 0.35,
            plot.bottom() + 16.0,
            escape(&label)
        );
    }
}

/// A histogram of game length from 0 to the longest game, in at most
/// [`MAX_BINS`] equal bins.
fn game_lengths(svg: &mut String, runs: &[RunReport], top: f64) {
    let plot = Plot::new(top, "Game length (turns)");
    // The histograms reach only as far as the longest game: the chart
    // fits the data, not the turn limit.
    let buckets = runs
        .iter()
        .map(|r| r.totals.turn_histogram.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let per_bin = buckets.div_ceil(MAX_BINS).max(1);
    let bins: Vec<Vec<f64>> = runs
        .iter()
        .map(|run| {
            let games = run.totals.games.max(1) as f64;
            run.totals
                .turn_histogram
                .chunks(per_bin)
                .map(|chunk| chunk.iter().sum::<u64>() as f64 / games)
                .collect()
        })
        .collect();
    let tallest = bins.iter().flatten().copied().fold(0.0, f64::max).max(1e-9);
    plot.frame(svg, &format!("{:.1}%", tallest * 100.0));
    let count = bins.first().map_or(1, Vec::len).max(1);
    let slot = plot.width / count as f64;
    let bar = slot / runs.len().max(1) as f64;
    for (i, series) in bins.iter().enumerate() {
        for (b, share) in series.iter().enumerate() {
            let x = plot.left + slot * b as f64 + bar * i as f64;
            let y = plot.y(share / tallest);
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\">\
                 <title>{}-{} turns: {:.2}%</title></rect>",
                bar * 0.9,
                plot.bottom() - y,
                COLOURS[i % 2],
                b * per_bin,
                ((b + 1) * per_bin - 1).min(buckets - 1),
                share * 100.0
            );
        }
    }
    for (b, anchor) in [(0, "start"), (count, "end")] {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>",
            plot.left + slot * b as f64,
            plot.bottom() + 16.0,
            (b * per_bin).min(buckets - 1)
        );
    }
}

/// One panel's plotting area.
struct Plot {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    title: &'static str,
}

impl Plot {
    fn new(top: f64, title: &'static str) -> Plot {
        Plot {
            left: MARGIN,
            top: top + 20.0,
            width: WIDTH - 2.0 * MARGIN,
            height: PANEL_HEIGHT - 40.0,
            title,
        }
    }

    fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// The y coordinate of `fraction` (0 at the bottom, 1 at the top).
    fn y(&self, fraction: f64) -> f64 {
        self.bottom() - self.height * fraction.clamp(0.0, 1.0)
    }

    fn frame(&self, svg: &mut String, top_label: &str) {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n\
             <line x1=\"{l}\" x2=\"{l}\" y1=\"{t}\" y2=\"{b}\" stroke=\"#444\"/>\n\
             <line x1=\"{l}\" x2=\"{r}\" y1=\"{b}\" y2=\"{b}\" stroke=\"#444\"/>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n\
             <text x=\"{}\" y=\"{b}\" text-anchor=\"end\">0</text>",
            self.left,
            self.top - 8.0,
            escape(self.title),
            self.left - 4.0,
            self.top + 4.0,
            escape(top_label),
            self.left - 4.0,
            l = self.left,
            t = self.top,
            b = self.bottom(),
            r = self.left + self.width,
        );
    }
}

/// Text safe inside an XML element or attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
