//! Level-walking speed (issue 15): random Maze Runner steps on the course's
//! `game2.txt` (read in place from `../shared`, else the test fixture
//! `two-levels.txt`), target at least 10,000,000 per CPU-second on one core.
//! Prints the rate per CPU-second once, then lets criterion time batches.
//!
//! Run with `cargo bench --bench walker -- --warm-up-time 1 --measurement-time 3`.

#[path = "support/cpu_time.rs"]
mod cpu_time;

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use relic::contract::Game;
use relic::games::maze_runner::levels::read_level_file;
use relic::games::maze_runner::{level_syntax, new_game};
use relic::walker::journey::{Action, Event, Journey, journey_ruleset};

const BATCH: u64 = 100_000;

/// SplitMix64, to pick actions.
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

fn level_file() -> PathBuf {
    let shared = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let game2 = shared.join("conformance/maze-runner/games/game2.txt");
    if game2.is_file() {
        return game2;
    }
    eprintln!(
        "{} not found: timing the two-levels fixture",
        game2.display()
    );
    PathBuf::from("tests/fixtures/maze-runner/levels/two-levels.txt")
}

fn start() -> Journey {
    let program = journey_ruleset(Path::new("maze-runner")).unwrap().unwrap();
    let (file, _) = read_level_file(&level_file(), &level_syntax(&program)).unwrap();
    new_game(program, &file)
}

/// `count` random actions from `start`, starting again when a game ends.
fn random_steps(start: &Journey, count: u64, rng: &mut SplitMix) -> u64 {
    let mut game = start.clone();
    let mut actions: Vec<Action> = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    for _ in 0..count {
        actions.clear();
        game.legal_actions_into(&mut actions);
        if actions.is_empty() {
            game = start.clone();
            game.legal_actions_into(&mut actions);
        }
        events.clear();
        let _ = game.apply_into(&actions[rng.below(actions.len())], &mut events);
    }
    u64::from(game.steps())
}

fn steps(c: &mut Criterion) {
    let start = start();
    let mut rng = SplitMix(7);
    let (_, wall, cpu) = cpu_time::timed(|| black_box(random_steps(&start, 20 * BATCH, &mut rng)));
    let count = (20 * BATCH) as f64;
    eprintln!(
        "maze-runner random steps: {:.1} M per CPU-second ({:.1} M per wall second; target 10 M)",
        count / cpu / 1e6,
        count / wall / 1e6
    );
    let mut group = c.benchmark_group("walker");
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("maze-runner random steps", |b| {
        b.iter(|| black_box(random_steps(&start, BATCH, &mut rng)))
    });
    group.finish();
}

criterion_group!(walker, steps);
criterion_main!(walker);
