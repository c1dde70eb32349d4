//! Vocabulary interpreter speed, per CPU-second on one core (issue 11):
//! Connect Four random playouts (target: at least 500,000 per second; the
//! compiled C++ reasoner of Regular Boardgames does about 785,000),
//! Stacked Tic-Tac-Toe random playouts of the full game, obstacles
//! included (issue 12; target: at least 100,000 per second),
//! tic-tac-toe perft 9 (target: under 50 ms), and loading and compiling
//! every shipped vocabulary ruleset (target: under 1 ms each).
//!
//! Run with `cargo bench --bench vocab -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

#[path = "support/cpu_time.rs"]
mod cpu_time;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use relic::contract::Game;
use relic::vocab::{Action, Event, VOCAB_BUILTINS, VocabGame, builtin_vocab, parse_vocab};

/// SplitMix64, to pick moves.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((((z ^ (z >> 31)) >> 32) * n as u64) >> 32) as usize
    }
}

fn start(name: &str) -> VocabGame {
    VocabGame::new(builtin_vocab(name).expect("built in").expect("valid"))
}

/// Reused buffers: the position played in, the legal actions, the events.
struct Scratch {
    game: VocabGame,
    actions: Vec<Action>,
    events: Vec<Event>,
}

impl Scratch {
    fn new(start: &VocabGame) -> Scratch {
        Scratch {
            game: start.clone(),
            actions: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// One random game from `start`; returns its length.
fn playout(start: &VocabGame, rng: &mut SplitMix, scratch: &mut Scratch) -> u32 {
    playout_counting(start, rng, scratch, &mut 0)
}

/// [`playout`], adding the number of legal actions of each turn to `listed`.
fn playout_counting(
    start: &VocabGame,
    rng: &mut SplitMix,
    scratch: &mut Scratch,
    listed: &mut u64,
) -> u32 {
    let Scratch {
        game,
        actions,
        events,
    } = scratch;
    // Copying into a kept position allocates nothing.
    game.clone_from(start);
    loop {
        actions.clear();
        game.legal_actions_into(actions);
        *listed += actions.len() as u64;
        if actions.is_empty() {
            return game.turn();
        }
        let action = actions[rng.below(actions.len())];
        events.clear();
        let _ = game.apply_into(&action, events);
    }
}

/// Leaves at `depth` below `game`, with one reused list, position and
/// event buffer per level (copying into a kept position allocates nothing).
fn perft(game: &VocabGame, depth: u32, levels: &mut [Scratch]) -> u64 {
    if depth == 1 {
        // Bulk counting at the leaves, as perft programs do.
        return game.legal_action_count() as u64;
    }
    let (mine, rest) = levels.split_first_mut().expect("a buffer per depth");
    mine.actions.clear();
    game.legal_actions_into(&mut mine.actions);
    let mut total = 0;
    for action in &mine.actions {
        mine.game.clone_from(game);
        mine.events.clear();
        let _ = mine.game.apply_into(action, &mut mine.events);
        total += perft(&mine.game, depth - 1, rest);
    }
    total
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("vocab playouts");
    group.throughput(Throughput::Elements(1));
    // `VOCAB_GAMES=connect-four,tic-tac-toe` measures only those games.
    let only = std::env::var("VOCAB_GAMES").unwrap_or_default();
    for name in [
        "connect-four",
        "tic-tac-toe",
        "breakthrough",
        "gobblet-gobblers",
        "stacked-tic-tac-toe",
    ] {
        if !only.is_empty() && !only.split(',').any(|g| g == name) {
            continue;
        }
        let game = start(name);
        let mut rng = SplitMix(7);
        let mut scratch = Scratch::new(&game);
        let count = 20_000;
        let (turns, wall, cpu) = cpu_time::timed(|| {
            (0..count)
                .map(|_| u64::from(playout(&game, &mut rng, &mut scratch)))
                .sum::<u64>()
        });
        eprintln!(
            "{name} random playouts: {:.0} per CPU-second ({:.0} per wall second)",
            f64::from(count) / cpu,
            f64::from(count) / wall
        );
        let mut listed = 0;
        let mut rng = SplitMix(11);
        let played: u64 = (0..1000)
            .map(|_| u64::from(playout_counting(&game, &mut rng, &mut scratch, &mut listed)))
            .sum();
        eprintln!(
            "{name}: {:.1} turns per playout, {:.1} legal actions per turn ({} turns timed)",
            played as f64 / 1000.0,
            listed as f64 / played.max(1) as f64,
            turns
        );
        group.bench_function(name, |b| {
            b.iter(|| black_box(playout(&game, &mut rng, &mut scratch)))
        });
    }
    group.finish();
}

fn perft9(c: &mut Criterion) {
    let game = start("tic-tac-toe");
    let mut buffers: Vec<Scratch> = (0..9).map(|_| Scratch::new(&game)).collect();
    assert_eq!(perft(&game, 9, &mut buffers), 127_872);
    let runs = 5;
    let (_, wall, cpu) = cpu_time::timed(|| {
        for _ in 0..runs {
            black_box(perft(&game, 9, &mut buffers));
        }
    });
    eprintln!(
        "tic-tac-toe perft 9: {:.1} ms of CPU time ({:.1} ms wall)",
        cpu * 1000.0 / f64::from(runs),
        wall * 1000.0 / f64::from(runs)
    );
    c.bench_function("vocab tic-tac-toe perft 9", |b| {
        b.iter(|| black_box(perft(&game, 9, &mut buffers)))
    });
}

fn loading(c: &mut Criterion) {
    let mut group = c.benchmark_group("vocab load and compile");
    for (name, source) in VOCAB_BUILTINS {
        group.bench_function(*name, |b| {
            b.iter(|| black_box(parse_vocab(source, name, None).is_ok()))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, perft9, loading);
criterion_main!(benches);
