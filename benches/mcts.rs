//! MCTS iterations per CPU-second on the shipped 7x7 board: the generic
//! MCTS bot (playouts cut off after 2 turns and scored by Moving Maze's
//! evaluation) chooses the first action of a turn from positions reached
//! by seeded random play. Prints `mcts_iterations_per_cpu_s=…`.
//!
//! `cargo bench --bench mcts` (one core). `MCTS_POSITIONS` sets the number
//! of positions (default 40), each searched with 2000 iterations.

#[path = "support/cpu_time.rs"]
mod cpu_time;

use std::hint::black_box;

use relic::bots::{Agent, Mcts, MctsBudget, MctsConfig, UniformRandom, seeded_rng};
use relic::contract::Game as _;
use relic::games::{Setup, moving_maze};
use relic::rules::Rules;

const ITERATIONS: u32 = 2000;

fn main() {
    let positions: u64 = std::env::var("MCTS_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let start = moving_maze::load(&Rules::standard(), &Setup::Default).expect("the shipped board");
    // Positions at the start of a turn after 0 to 7 random turns.
    let games: Vec<_> = (0..positions)
        .map(|p| {
            let mut game = start.clone();
            let mut rng = seeded_rng(p);
            while game.turn() < (p % 8) as u32 && !game.status().is_over() {
                let action = UniformRandom.choose(&game, &mut rng).expect("play goes on");
                relic::contract::Game::apply(&mut game, &action).expect("legal");
            }
            game
        })
        .filter(|g| g.legal_actions().len() > 1)
        .collect();
    let config = MctsConfig {
        budget: MctsBudget::Iterations(ITERATIONS),
        ..MctsConfig::default()
    };
    let (_, wall, cpu) = cpu_time::timed(|| {
        for (i, game) in games.iter().enumerate() {
            let mut bot = Mcts::new(config);
            black_box(bot.choose(game, &mut seeded_rng(i as u64)));
        }
    });
    let iterations = games.len() as f64 * f64::from(ITERATIONS);
    eprintln!(
        "{} positions x {ITERATIONS} iterations, playouts of {} turns; wall clock {:.0} iterations/s",
        games.len(),
        config.playout_turns,
        iterations / wall
    );
    eprintln!("the rate below is per second of this thread's CPU time, on one core");
    println!("mcts_iterations_per_cpu_s={:.0}", iterations / cpu);
}
