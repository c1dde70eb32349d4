use relic::contract::Game;
use relic::vocab::{Action, Event, VocabGame, builtin_vocab};
use std::hint::black_box;
use std::time::Instant;
fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or("stacked-tic-tac-toe".into());
    let start = VocabGame::new(builtin_vocab(&name).unwrap().unwrap());
    let mut rng: rand_pcg::Pcg64Mcg = rand::SeedableRng::seed_from_u64(7);
    let mut positions = Vec::new();
    let mut chosen = Vec::new();
    let mut actions: Vec<Action> = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    while positions.len() < 2_000 {
        let mut game = start.clone();
        while let Some(a) = game.random_action_with(&mut rng, &mut actions) {
            positions.push(game.clone());
            chosen.push(a);
            events.clear();
            let _ = game.apply_into(&a, &mut events);
        }
    }
    let n = positions.len() as f64 * 200.0;
    let mode = std::env::args().nth(2).unwrap_or_default();
    if mode == "apply" {
        let mut scratch = start.clone();
        for (p, a) in positions.iter().zip(&chosen) {
            scratch.clone_from(p);
            events.clear();
            let _ = black_box(scratch.apply_into(a, &mut events));
        }
        return;
    }
    if mode == "choose" {
        let mut r2: rand_pcg::Pcg64Mcg = rand::SeedableRng::seed_from_u64(9);
        for _ in 0..1 {
            for _ in 0..200 {
                for p in &positions {
                    black_box(p.random_legal_action(&mut r2));
                }
            }
        }
        return;
    }
    if mode == "count" {
        for _ in 0..1 {
            let mut s = 0;
            for _ in 0..200 {
                for p in &positions {
                    s += p.legal_action_count();
                }
            }
            black_box(s);
        }
        return;
    }
    for _ in 0..3 {
        let reps = 200;
        let t = Instant::now();
        let mut s = 0;
        for _ in 0..reps {
            for p in &positions {
                s += p.legal_action_count();
            }
        }
        black_box(s);
        let count = t.elapsed().as_secs_f64() * 1e9 / n;
        let t = Instant::now();
        let mut r2: rand_pcg::Pcg64Mcg = rand::SeedableRng::seed_from_u64(9);
        for _ in 0..reps {
            for p in &positions {
                black_box(p.random_legal_action(&mut r2));
            }
        }
        let choose = t.elapsed().as_secs_f64() * 1e9 / n;
        let mut scratch = start.clone();
        let t = Instant::now();
        for _ in 0..reps {
            for p in &positions {
                scratch.clone_from(p);
                black_box(&scratch);
            }
        }
        let clone = t.elapsed().as_secs_f64() * 1e9 / n;
        let t = Instant::now();
        for _ in 0..reps {
            for (p, a) in positions.iter().zip(&chosen) {
                scratch.clone_from(p);
                events.clear();
                let _ = black_box(scratch.apply_into(a, &mut events));
            }
        }
        let apply = t.elapsed().as_secs_f64() * 1e9 / n - clone;
        eprintln!(
            "count {count:.1} ns, choose {choose:.1} ns, clone {clone:.1} ns, apply {apply:.1} ns"
        );
    }
}
