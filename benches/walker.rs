//! Level-walking speed (issue 15): random Maze Runner steps on the course's
//! `game2.txt` (read in place from `../shared`, else the test fixture
//! `two-levels.txt`), target at least 10,000,000 per CPU-second on one core.
//! Prints the rate per CPU-second once, then lets criterion time batches.
//!
//! The solver (`relic solve LEVELS --ruleset maze-runner`): each course
//! game's answer (a win or the proof that none exists), target under one
//! second each; CPU seconds of one solve printed, then criterion times it.
//!
//! The same random steps on the game lowered into the core language
//! (`relic::walker::journey::journey_core`, issue 29) are timed in the same
//! run, and the ratio printed.
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
use relic::lang::CoreGame;
use relic::search::Found;
use relic::walker::journey::{Action, Journey, journey_core, journey_ruleset, solve};

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

/// The course's games, read in place (`RELIC_SHARED` overrides `../shared`).
fn course_games() -> PathBuf {
    std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"))
        .join("conformance/maze-runner/games")
}

fn level_file() -> PathBuf {
    let game2 = course_games().join("game2.txt");
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
    game_of(&level_file())
}

fn game_of(path: &Path) -> Journey {
    let program = journey_ruleset(Path::new("maze-runner")).unwrap().unwrap();
    let (file, _) = read_level_file(path, &level_syntax(&program)).unwrap();
    new_game(program, &file)
}

/// The solver's budget, as `relic solve`'s default.
const BUDGET: u64 = 10_000_000;

/// `won in N` or `no win`, as the solver answers.
fn answer(found: &Found<Action>) -> String {
    match found {
        Found::Won { cost, .. } => format!("won in {cost} steps"),
        Found::NoWin { .. } => "cannot be won".to_owned(),
        Found::OverBudget { .. } => "over budget".to_owned(),
    }
}

fn solver(c: &mut Criterion) {
    let dir = course_games();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("{} not found: no solver timings", dir.display());
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    paths.sort();
    let mut group = c.benchmark_group("walker-solve");
    for path in paths {
        let game = game_of(&path);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (found, wall, cpu) = cpu_time::timed(|| solve(&game, BUDGET));
        eprintln!(
            "solve {name}: {} in {:.3} ms of CPU ({:.3} ms wall; target under 1 s)",
            answer(&found),
            cpu * 1e3,
            wall * 1e3
        );
        group.bench_function(format!("solve {name}"), |b| {
            b.iter(|| black_box(solve(&game, BUDGET)))
        });
    }
    group.finish();
}

/// `count` random actions from `start`, starting again when a game ends.
fn random_steps<G: Game + Clone>(start: &G, count: u64, rng: &mut SplitMix) -> u32 {
    let mut game = start.clone();
    let mut actions: Vec<G::Action> = Vec::new();
    let mut events: Vec<G::Event> = Vec::new();
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
    game.turn()
}

/// The game of `start` lowered into the core.
fn core_start(start: &Journey) -> CoreGame {
    let toml = journey_core(start.program(), start.levels()).unwrap();
    let (_, program) = relic::lang::parse_core_resolved(&toml, "levels.toml", None).unwrap();
    CoreGame::new(program)
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
    let core = core_start(&start);
    let core_count = BATCH / 10;
    let (_, _, core_cpu) = cpu_time::timed(|| black_box(random_steps(&core, core_count, &mut rng)));
    let core_rate = core_count as f64 / core_cpu;
    eprintln!(
        "maze-runner random steps in the core: {:.3} M per CPU-second ({:.1}x slower than the walker)",
        core_rate / 1e6,
        count / cpu / core_rate
    );
    let mut group = c.benchmark_group("walker");
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("maze-runner random steps", |b| {
        b.iter(|| black_box(random_steps(&start, BATCH, &mut rng)))
    });
    group.throughput(Throughput::Elements(core_count));
    group.bench_function("maze-runner random steps in the core", |b| {
        b.iter(|| black_box(random_steps(&core, core_count, &mut rng)))
    });
    group.finish();
}

criterion_group!(walker, steps, solver);
criterion_main!(walker);
