//! Engine speed: random turns, reachable-set queries, state size and clones.
//!
//! Run with `cargo bench --bench engine`. Targets (issue 3): at least
//! 500,000 random turns per second on one core on `boards/classic-7x7.gbf`,
//! a reachable-set query in at most 200 ns, a 9x9 game state of at most
//! 1 KiB that clones without heap allocation (issue 7 later asks for
//! 1,000,000 turns per second).

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use relic::board::{Board, Pos, SlideAt, parse_board};
use relic::engine::{Action, Event, Game, Phase, State, positions};
use relic::rules::Rules;

/// SplitMix64: a tiny, fast, seeded generator, good enough to pick moves.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), by multiply-shift.
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

fn board(name: &str) -> Board {
    let path = format!("{}/boards/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("shipped board is readable");
    parse_board(&text, &Rules::standard().limits()).expect("shipped board is valid")
}

/// Scratch space reused across turns so a turn allocates nothing.
struct Player {
    rng: SplitMix,
    events: Vec<Event>,
    slides: Vec<SlideAt>,
}

impl Player {
    fn new(seed: u64) -> Player {
        Player {
            rng: SplitMix(seed),
            events: Vec::with_capacity(64),
            slides: Vec::with_capacity(64),
        }
    }

    /// One random turn: a random orientation, a random legal slide, a
    /// pathfinding move to a random reachable tile, then `done` if the move
    /// did not end the turn. Restarts from `start` when the game is over.
    fn turn(&mut self, game: &mut Game, start: &Game) {
        if game.is_over() {
            game.clone_from(start);
        }
        self.events.clear();
        let rotation = match self.rng.below(4) {
            0 => &[][..],
            1 => &[Action::RotateClockwise][..],
            2 => &[Action::RotateClockwise, Action::RotateClockwise][..],
            _ => &[Action::RotateCounterclockwise][..],
        };
        for &action in rotation {
            self.play(game, action);
        }
        self.slides.clear();
        self.slides.extend(game.legal_slides());
        let slide = self.slides[self.rng.below(self.slides.len())];
        self.play(game, Action::Slide(slide));
        if game.phase() != Phase::Move {
            return;
        }
        let here = game.players()[game.current_seat()].pos;
        let reach = game.reachable_from(here);
        let pick = self.rng.below(reach.count_ones() as usize);
        let to = positions(reach, game.maze().width()).nth(pick).unwrap();
        self.play(game, Action::MoveTo(to));
        if game.phase() == Phase::Move {
            self.play(game, Action::Done);
        }
    }

    fn play(&mut self, game: &mut Game, action: Action) {
        let applied = game.apply_into(action, &mut self.events);
        debug_assert!(applied.is_ok(), "{action} was legal");
    }
}

fn game_on(name: &str) -> Game {
    Game::new(Rules::standard(), &board(name)).expect("the standard rules fit the board")
}

fn random_turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_turn");
    group.throughput(Throughput::Elements(1));
    for name in ["classic-7x7.gbf", "grand-9x9.gbf"] {
        let start = game_on(name);
        let mut game = start.clone();
        let mut player = Player::new(0x5EED);
        group.bench_function(name, |b| {
            b.iter(|| player.turn(black_box(&mut game), &start))
        });
    }
    group.finish();
}

fn reachable(c: &mut Criterion) {
    let mut group = c.benchmark_group("reachable_from");
    for name in ["classic-7x7.gbf", "grand-9x9.gbf"] {
        // A spread of positions after some random play.
        let start = game_on(name);
        let mut game = start.clone();
        let mut player = Player::new(7);
        for _ in 0..20 {
            player.turn(&mut game, &start);
        }
        let (w, h) = (game.maze().width(), game.maze().height());
        let all: Vec<Pos> = (0..h)
            .flat_map(|y| (0..w).map(move |x| Pos::new(x, y)))
            .collect();
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                next = (next + 1) % all.len();
                black_box(&game).reachable_from(black_box(all[next]))
            })
        });
    }
    group.finish();
}

fn clone_state(c: &mut Criterion) {
    let game = game_on("grand-9x9.gbf");
    eprintln!(
        "size_of::<Game>() = {} bytes, size_of::<State>() = {} bytes",
        size_of::<Game>(),
        size_of::<State>()
    );
    assert!(size_of::<State>() <= 1024, "a game state fits in 1 KiB");
    assert!(
        !std::mem::needs_drop::<State>(),
        "a state owns no heap memory"
    );
    c.bench_function("clone/grand-9x9", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |copy| copy.clone_from(black_box(&game)),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("new/grand-9x9", |b| {
        let rules = Rules::standard();
        let board = board("grand-9x9.gbf");
        b.iter(|| Game::new(Arc::clone(&rules), black_box(&board)))
    });
}

criterion_group!(benches, random_turns, reachable, clone_state);
criterion_main!(benches);
