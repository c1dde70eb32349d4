//! What the strength experiments share: reading their numeric arguments,
//! and playing seeded games on a few threads with the seat under test
//! moving round the table, counting its wins and printing them with
//! their 95% interval.

use std::sync::atomic::{AtomicU64, Ordering};

use relic::sim::wilson_interval;

/// Argument `n` as a number, or `default`.
pub fn arg(n: usize, default: u64) -> u64 {
    std::env::args()
        .nth(n)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

/// Plays games `0..games` on `threads` threads, `play(g, seat)` telling
/// whether `who` won game `g` from `seat` (game `g` modulo `seats`), and
/// prints its wins against three greedy seats.
pub fn race(
    who: &str,
    games: u64,
    threads: u64,
    seats: u64,
    play: impl Fn(u64, usize) -> bool + Sync,
) {
    let (wins, played) = (AtomicU64::new(0), AtomicU64::new(0));
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (wins, played, play) = (&wins, &played, &play);
            scope.spawn(move || {
                for g in (0..games).filter(|g| g % threads == t) {
                    let seat = (g % seats) as usize;
                    let won = play(g, seat);
                    wins.fetch_add(u64::from(won), Ordering::Relaxed);
                    let n = played.fetch_add(1, Ordering::Relaxed) + 1;
                    let w = wins.load(Ordering::Relaxed);
                    let result = ["lost", "won"][usize::from(won)];
                    eprintln!("game {g}: {who} in seat {seat} {result} ({w} of {n})");
                }
            });
        }
    });
    let wins = wins.into_inner();
    let (low, high) = wilson_interval(wins, games);
    println!(
        "{who} vs 3 greedy: won {wins} of {games} games = {:.1}% [{:.1}% - {:.1}%]",
        100.0 * wins as f64 / games as f64,
        100.0 * low,
        100.0 * high
    );
}
