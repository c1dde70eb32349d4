//! The MCTS strength experiment of docs/PERFORMANCE.md: one generic MCTS
//! seat (0.1 s per decision, playouts cut off after 2 turns and scored by
//! Moving Maze's evaluation) against three of Moving Maze's greedy turn
//! planners, on the shipped 7x7 board, 200 seeded games; the MCTS seat
//! moves round the table with the game's number, and every game opens
//! with one random turn per seat (greedy is deterministic).
//!
//! `cargo run --release --example strength [GAMES] [MS] [THREADS] [OPTIONS]`;
//! OPTIONS replaces the MCTS options (`iterations=2000:depth=1`), so a
//! run can be made independent of the machine's load.

use std::sync::atomic::{AtomicU64, Ordering};

use relic::contract::{Game as _, Outcome};
use relic::games::{Setup, moving_maze};
use relic::rules::Rules;
use relic::sim::{GamePlan, Lineup, game_seed, play_game, wilson_interval};

fn arg(n: usize, default: u64) -> u64 {
    std::env::args()
        .nth(n)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let (games, ms, threads) = (arg(1, 200), arg(2, 100), arg(3, 2));
    let options = std::env::args()
        .nth(4)
        .unwrap_or_else(|| format!("ms={ms}:depth=2"));
    let start = moving_maze::load(&Rules::standard(), &Setup::Default).expect("the shipped board");
    let seats: Vec<String> = (0..start.seat_count())
        .map(|s| start.seat_name(s))
        .collect();
    let lineups: Vec<Lineup<_>> = (0..seats.len())
        .map(|hero| {
            let spec: Vec<String> = seats
                .iter()
                .enumerate()
                .map(|(s, name)| match s == hero {
                    true => format!("{name}=mcts:{options}"),
                    false => format!("{name}=greedy"),
                })
                .collect();
            Lineup::parse(&spec.join(","), &seats).expect("a valid lineup")
        })
        .collect();
    let (wins, played) = (AtomicU64::new(0), AtomicU64::new(0));
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (start, lineups, wins, played) = (&start, &lineups, &wins, &played);
            scope.spawn(move || {
                for g in (0..games).filter(|g| g % threads == t) {
                    let hero = (g % lineups.len() as u64) as usize;
                    let plan = GamePlan {
                        seed: game_seed(2026, g),
                        index: g,
                        opening: lineups.len() as u32,
                        max_turns: 400,
                    };
                    let outcome = play_game(start.clone(), &lineups[hero], &plan).unwrap();
                    let won = outcome.outcome == Some(Outcome::Won(hero));
                    wins.fetch_add(u64::from(won), Ordering::Relaxed);
                    let n = played.fetch_add(1, Ordering::Relaxed) + 1;
                    eprintln!(
                        "game {g}: mcts in seat {hero} {}",
                        ["lost", "won"][usize::from(won)]
                    );
                    if n % 20 == 0 {
                        eprintln!("{n} games, {} won by mcts", wins.load(Ordering::Relaxed));
                    }
                }
            });
        }
    });
    let wins = wins.into_inner();
    let (low, high) = wilson_interval(wins, games);
    println!(
        "mcts ({options}) vs 3 greedy: won {wins} of {games} games = {:.1}% [{:.1}% - {:.1}%]",
        100.0 * wins as f64 / games as f64,
        100.0 * low,
        100.0 * high
    );
}
