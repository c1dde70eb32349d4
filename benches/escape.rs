//! Escape speed, per CPU-second on one core (issue 14), on a 25x20 square
//! board with twenty pieces of distance up to 7: checking and applying a
//! given move through the game-manager API (target: at least 1,000,000
//! per second) and generating every legal move of a position (target: at
//! least 50,000 per second); then the same on Escape written in the core
//! language for this configuration (`escape_core`, issue 29: the one
//! interpreter), its moves checked to be the engine's.
//!
//! Run with `cargo bench --bench escape -- --warm-up-time 1 --measurement-time 3`.

#[path = "support/cpu_time.rs"]
mod cpu_time;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use relic::contract::Game;
use relic::escape::{Action, EscapeGame, GameManager};
use relic::games::escape::core_form::{core_action_text, escape_core};
use relic::lang::{CoreGame, forget_listings, parse_core_resolved};

/// Ten pieces a side on a 25x20 board, every pattern, distances 3 to 7,
/// some jumping, flying or unblocking; blocks and exits in the middle.
const CONFIG: &str = "Coordinate type : SQUARE xMax : 25 yMax : 20
Locations :
  (1, 2) player1 dog (1, 5) player1 horse (1, 8) player1 frog (1, 11) player1 bird (1, 14) player1 snail
  (3, 3) player1 dog (3, 7) player1 horse (3, 11) player1 frog (3, 15) player1 bird (3, 18) player1 snail
  (25, 2) player2 dog (25, 5) player2 horse (25, 8) player2 frog (25, 11) player2 bird (25, 14) player2 snail
  (23, 3) player2 dog (23, 7) player2 horse (23, 11) player2 frog (23, 15) player2 bird (23, 18) player2 snail
  (12, 5) block (12, 6) block (13, 10) exit (14, 15) block (10, 10) block (16, 12) exit
Piece descriptors :
  DOG omni [distance 7, value 2]
  HORSE diagonal [distance 6, jump, value 3]
  FROG orthogonal [distance 5, unblock]
  BIRD linear [fly 7, value 2]
  SNAIL linear [distance 7, jump]
Rules : POINT_CONFLICT";

/// A cycle of four legal moves that brings the pieces back.
const CYCLE: [((i32, i32), (i32, i32)); 4] = [
    ((1, 2), (6, 6)),
    ((25, 2), (20, 6)),
    ((6, 6), (1, 2)),
    ((20, 6), (25, 2)),
];

fn manager() -> GameManager {
    GameManager::from_egc_str(CONFIG).expect("the benchmark configuration loads")
}

fn wall_clock(c: &mut Criterion) {
    let mut game = manager();
    let mut i = 0;
    c.bench_function("escape move_piece (25x20, 20 pieces)", |b| {
        b.iter(|| {
            let (from, to) = CYCLE[i % 4];
            i += 1;
            assert!(game.move_piece(black_box(from), black_box(to)));
        })
    });
    let start: EscapeGame = manager().game().clone();
    let mut moves = Vec::new();
    c.bench_function("escape legal moves (25x20, 20 pieces)", |b| {
        b.iter(|| {
            moves.clear();
            black_box(&start).legal_actions_into(&mut moves);
            black_box(moves.len())
        })
    });
}

/// The same two loops timed by this thread's CPU clock.
fn per_cpu_second(_: &mut Criterion) {
    let mut game = manager();
    let n = 400_000;
    let (_, _, cpu) = cpu_time::timed(|| {
        for i in 0..n {
            let (from, to) = CYCLE[i % 4];
            assert!(game.move_piece(black_box(from), black_box(to)));
        }
    });
    println!(
        "escape move_piece: {:.0} per CPU-second (target 1,000,000)",
        n as f64 / cpu
    );
    let start = manager().game().clone();
    let mut moves = Vec::new();
    let n = 20_000;
    let (count, _, cpu) = cpu_time::timed(|| {
        for _ in 0..n {
            moves.clear();
            black_box(&start).legal_actions_into(&mut moves);
        }
        moves.len()
    });
    println!(
        "escape legal moves: {:.0} generations per CPU-second ({count} moves each; target 50,000)",
        n as f64 / cpu
    );
}

/// The same cycle of moves and the same listing on the core form.
fn core_per_cpu_second(_: &mut Criterion) {
    let start = manager().game().clone();
    let toml = escape_core(&start).expect("the configuration is written in the core");
    let (_, program) = parse_core_resolved(&toml, "escape.toml", None).expect("it loads");
    let game = CoreGame::new(program);
    let mut engine = Vec::new();
    start.legal_actions_into(&mut engine);
    let mut listed: Vec<String> = (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect();
    let mut expected: Vec<String> = engine.into_iter().map(core_action_text).collect();
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected, "the core form lists the engine's moves");
    let cycle: Vec<_> = (CYCLE.iter())
        .map(|&(from, to)| core_action_text(Action::Move { from, to }))
        .collect();
    let mut actions = Vec::new();
    let mut walk = game.clone();
    for text in &cycle {
        let action = walk.parse_action(text).expect("reads");
        walk.apply(&action).expect("legal");
        actions.push(action);
    }
    // Listings are kept per thread: each move and each listing here is
    // searched afresh (the positions of the cycle would be found again),
    // and the game moved was never listed, so a move only asks whether
    // the next player has one, as `move_piece` does.
    let mut moved = CoreGame::new(game.program().clone());
    let n = 4_000;
    let (_, _, cpu) = cpu_time::timed(|| {
        for i in 0..n {
            forget_listings();
            moved.apply(black_box(&actions[i % 4])).expect("legal");
        }
    });
    println!(
        "escape in the core, moves applied: {:.0} per CPU-second",
        n as f64 / cpu
    );
    let n = 200;
    let (count, _, cpu) = cpu_time::timed(|| {
        let mut count = 0;
        for _ in 0..n {
            forget_listings();
            count = black_box(&game).legal_actions().len();
        }
        count
    });
    println!(
        "escape in the core, legal moves: {:.0} generations per CPU-second ({count} moves each)",
        n as f64 / cpu
    );
}

criterion_group!(escape, wall_clock, per_cpu_second, core_per_cpu_second);
criterion_main!(escape);
