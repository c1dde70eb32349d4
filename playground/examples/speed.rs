//! The native side of the playground's speed comparison: uniformly random
//! games of Connect Four, played by the same code the page runs as
//! WebAssembly (`random_games`). Run with
//! `cargo run --release --example speed [GAMES]`; the page's figure is
//! `engine.random_games(...)` timed in the browser (the Chromium test
//! prints it).

use std::time::Instant;

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let ruleset = "extends = \"connect-four\"\n";
    // One warm-up run, as the page's measure has one.
    let _ = relic_playground::random_games(ruleset, "", games / 10, 1);
    let start = Instant::now();
    let actions = match relic_playground::random_games(ruleset, "", games, 7) {
        Ok(actions) => actions,
        Err(_) => {
            eprintln!("connect-four did not load");
            std::process::exit(1);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "native: {games} random Connect Four games, {actions} actions in {seconds:.3} s: {:.0} games/s",
        f64::from(games) / seconds
    );
}
