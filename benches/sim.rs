//! Criterion benchmarks of the pieces a simulation spends its time in:
//! reading a board, a slide, a reachable-set query, a full random turn and
//! a whole random game. Names start with `sim/` so they do not clash with
//! the engine's and the board reader's own benchmarks.

#[path = "support/random_turns.rs"]
mod random_turns;

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use relic::board::{BoardLimits, Direction, Pos, SlideAt, parse_board};
use relic::engine::{Action, Game};
use relic::rules::Rules;

const CLASSIC: &str = include_str!("../boards/classic-7x7.gbf");

fn classic_game() -> Game {
    let board = parse_board(CLASSIC, &BoardLimits::default()).expect("the shipped board is valid");
    Game::new(Rules::standard(), &board).expect("the shipped board plays")
}

fn read_board(c: &mut Criterion) {
    let limits = BoardLimits::default();
    c.bench_function("sim/read_board_7x7", |b| {
        b.iter(|| parse_board(black_box(CLASSIC), &limits).expect("valid"))
    });
}

fn slide(c: &mut Criterion) {
    let game = classic_game();
    let mut events = Vec::with_capacity(16);
    c.bench_function("sim/slide", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |game| {
                events.clear();
                game.apply_into(
                    Action::Slide(SlideAt::new(Direction::North, 2)),
                    &mut events,
                )
            },
            BatchSize::SmallInput,
        )
    });
}

fn reachable(c: &mut Criterion) {
    let game = classic_game();
    c.bench_function("sim/reachable_set", |b| {
        b.iter(|| black_box(&game).reachable_from(black_box(Pos::new(3, 3))))
    });
}

fn full_turn(c: &mut Criterion) {
    let game = classic_game();
    let mut rng = fastrand::Rng::with_seed(1);
    let mut events = Vec::with_capacity(16);
    c.bench_function("sim/random_turn", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |game| random_turns::random_turn(game, &mut rng, &mut events),
            BatchSize::SmallInput,
        )
    });
}

fn whole_game(c: &mut Criterion) {
    let game = classic_game();
    let mut seed = 0;
    let mut events = Vec::with_capacity(16);
    c.bench_function("sim/random_game_7x7", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = game.clone();
            let mut rng = fastrand::Rng::with_seed(seed);
            while !game.is_over() && game.turn() < 2000 {
                random_turns::random_turn(&mut game, &mut rng, &mut events);
            }
            game.turn()
        })
    });
}

criterion_group!(benches, read_board, slide, reachable, full_turn, whole_game);
criterion_main!(benches);
