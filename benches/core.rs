//! Core rules interpreter speed (issue 28), per CPU-second on one core:
//! chess perft from the start (target: at least 5 million leaves per
//! CPU-second; the last ply's leaves are counted from the number of legal
//! actions, as perft tools do), and random playouts of Othello, English
//! draughts and chess as `relic sim` plays them (one legal-action list and
//! one apply per turn, at most 2,000 turns).
//!
//! Each figure is measured twice in the same run, with the interpreter
//! remembering probes' answers (as relic plays) and without
//! (`relic::lang::machine::remember_probes(false)`), and the ratio printed.
//!
//! Run with `cargo bench --bench core`. `CORE_DEPTH` sets the chess perft
//! depth (default 4), `CORE_GAMES` the playouts per game (default 200).

use std::sync::Arc;

#[path = "support/cpu_time.rs"]
mod cpu_time;

use relic::contract::Game;
use relic::lang::machine::remember_probes;
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

/// Chess perft to `depth`: leaves per CPU-second.
fn chess_perft(depth: u32) -> f64 {
    let chess = CoreGame::new(program("chess"));
    let (rows, _, cpu) = cpu_time::timed(|| perft(&chess, depth, false));
    rows.last().map_or(0, |r| r.leaves) as f64 / cpu
}

/// `games` random playouts of `name`: playouts and turns per CPU-second.
fn playouts(name: &str, games: u32) -> (f64, f64) {
    let start = CoreGame::new(program(name));
    let mut rng: rand_pcg::Pcg64Mcg = rand::SeedableRng::seed_from_u64(7);
    let mut actions = Vec::new();
    let (turns, _, cpu) = cpu_time::timed(|| {
        (0..games)
            .map(|_| u64::from(playout(&start, &mut rng, &mut actions)))
            .sum::<u64>()
    });
    (f64::from(games) / cpu, turns as f64 / cpu)
}

/// `f` with the memo on, then off: both results.
fn both<T>(f: impl Fn() -> T) -> (T, T) {
    let on = f();
    remember_probes(false);
    let off = f();
    remember_probes(true);
    (on, off)
}

fn main() {
    eprintln!("rates are per second of this thread's CPU time, on one core");
    let depth = env("CORE_DEPTH", 4);
    let (on, off) = both(|| chess_perft(depth));
    println!(
        "chess perft {depth}: {:.2} M leaves per CPU-second (target 5 M); without the memo {:.2} M ({:.2}x)",
        on / 1e6,
        off / 1e6,
        on / off
    );
    let games = env("CORE_GAMES", 200);
    for name in ["othello", "checkers", "chess"] {
        let ((on, turns), (off, _)) = both(|| playouts(name, games));
        println!(
            "{name}: {on:.0} random playouts per CPU-second ({turns:.0} turns); without the memo {off:.0} ({:.2}x)",
            on / off
        );
    }
}
