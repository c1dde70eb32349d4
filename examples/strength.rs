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

#[path = "support/race.rs"]
mod support;

use relic::contract::{Game as _, Outcome};
use relic::games::{Setup, moving_maze};
use relic::rules::Rules;
use relic::sim::{GamePlan, Lineup, game_seed, play_game};
use support::{arg, race};

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
    let who = format!("mcts ({options})");
    race(&who, games, threads, lineups.len() as u64, |g, hero| {
        let plan = GamePlan {
            seed: game_seed(2026, g),
            index: g,
            opening: lineups.len() as u32,
            max_turns: 400,
        };
        let outcome = play_game(start.clone(), &lineups[hero], &plan).unwrap();
        outcome.outcome == Some(Outcome::Won(hero))
    });
}
