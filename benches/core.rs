//! Core rules interpreter speed (issue 28), per CPU-second on one core:
//! chess perft from the start (target: at least 5 million leaves per
//! CPU-second; the last ply's leaves are counted from the number of legal
//! actions, as perft tools do), and random playouts of Othello, English
//! draughts and chess as `relic sim` plays them (one legal-action list and
//! one apply per turn, at most 2,000 turns).
//!
//! Run with `cargo bench --bench core`. `CORE_DEPTH` sets the chess perft
//! depth (default 4), `CORE_GAMES` the playouts per game (default 200).

use std::sync::Arc;

#[path = "support/cpu_time.rs"]
mod cpu_time;

use relic::contract::Game;
use relic::lang::{CoreGame, Program, builtin_core};
use relic::perft::perft;

/// The turn limit of `relic sim`'s default.
const MAX_TURNS: u32 = 2000;

fn program(name: &str) -> Arc<Program> {
    builtin_core(name).expect("built in").expect("valid")
}

fn env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// One random game from `start`; its length in turns.
fn playout(
    start: &CoreGame,
    rng: &mut rand_pcg::Pcg64Mcg,
    actions: &mut Vec<relic::lang::Action>,
) -> u32 {
    let mut game = start.clone();
    let mut events = Vec::new();
    while game.turn() < MAX_TURNS {
        let Some(action) = game.random_action_with(rng, actions) else {
            break;
        };
        events.clear();
        game.apply_legal_into(&action, &mut events);
    }
    game.turn()
}

fn main() {
    eprintln!("rates are per second of this thread's CPU time, on one core");
    let depth = env("CORE_DEPTH", 4);
    let chess = CoreGame::new(program("chess"));
    let (rows, _, cpu) = cpu_time::timed(|| perft(&chess, depth, false));
    let leaves = rows.last().map_or(0, |r| r.leaves);
    println!(
        "chess perft {depth}: {leaves} leaves in {cpu:.2} s, {:.2} M leaves per CPU-second (target 5 M)",
        leaves as f64 / cpu / 1e6
    );
    let games = env("CORE_GAMES", 200);
    for name in ["othello", "checkers", "chess"] {
        let start = CoreGame::new(program(name));
        let mut rng: rand_pcg::Pcg64Mcg = rand::SeedableRng::seed_from_u64(7);
        let mut actions = Vec::new();
        let (turns, _, cpu) = cpu_time::timed(|| {
            (0..games)
                .map(|_| u64::from(playout(&start, &mut rng, &mut actions)))
                .sum::<u64>()
        });
        println!(
            "{name}: {games} random playouts ({:.1} turns each) in {cpu:.2} s, {:.0} playouts and {:.0} turns per CPU-second",
            turns as f64 / f64::from(games),
            f64::from(games) / cpu,
            turns as f64 / cpu
        );
    }
}
