use relic::contract::Game;
use relic::vocab::{Action, Event, VocabGame, builtin_vocab};
fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or("stacked-tic-tac-toe".into());
    let n: u32 = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(50000);
    let start = VocabGame::new(builtin_vocab(&name).unwrap().unwrap());
    let mut rng: rand_pcg::Pcg64Mcg = rand::SeedableRng::seed_from_u64(7);
    let mut game = start.clone();
    let mut actions: Vec<Action> = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let t = std::time::Instant::now();
    let mut turns = 0u64;
    for _ in 0..n {
        game.clone_from(&start);
        while let Some(a) = game.random_action_with(&mut rng, &mut actions) {
            events.clear();
            let _ = game.apply_into(&a, &mut events);
        }
        turns += u64::from(game.turn());
    }
    let s = t.elapsed().as_secs_f64();
    eprintln!(
        "{:.0} playouts/s, {:.1} ns/turn, {} turns",
        f64::from(n) / s,
        s * 1e9 / turns as f64,
        turns
    );
}
