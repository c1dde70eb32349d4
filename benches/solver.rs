//! The solver on every size and depth of the reference's instances: the
//! labyrinth exhaustive-search instances the shared folder gives (7x7 and
//! 9x9, depths 1 to 3, read in place) and generated instances of the same
//! kind that it does not give (9x9 depth 4, 11x11 and 13x13 depths 2 to 4:
//! a board from the `large-boards` tile mix, green from a seeded tile to
//! g1, K = 1). The depth is never given to the solver; each answer must
//! have exactly the instance's number of turns.
//!
//! Prints, per group, the median and slowest of each instance's minimum
//! thread CPU time over several runs (the statistic of the reference's
//! timings), next to the reference's medians. `SOLVER_RUNS` sets the runs
//! per instance (default 5).
//!
//! Peak memory: a counting global allocator gives each solve's peak of
//! heap bytes above what was allocated before it; the largest per group is
//! printed with the whole process's peak resident set at the end, next to
//! the targets (a tenth of the reference's whole process: 43.4 MiB on 9x9
//! depth 4, 86.5 MiB on 11x11 depth 4).

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

#[path = "support/cpu_time.rs"]
#[allow(dead_code)] // this bench times by hand, so `timed` is unused here
mod cpu_time;

use cpu_time::thread_cpu_seconds;
use criterion::{Criterion, criterion_group, criterion_main};
use relic::board::{BoardLimits, Pos, parse_board, read_board_file};
use relic::boardgen::{BoardSpec, generate};
use relic::bots::seeded_rng;
use relic::engine::Game;
use relic::games::moving_maze::bots::{Greedy, Strategy};
use relic::rules::{Rules, builtin_ruleset};
use relic::solver::{Answer, SolveRequest, solve};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            let now = IN_USE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak heap bytes `solve` takes above what was in use before it.
fn peak_bytes(instance: &Instance) -> usize {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let answer = solve(&instance.game, &instance.request);
    let peak = PEAK.load(Ordering::Relaxed) - before;
    drop(answer);
    peak
}

/// The process's peak resident set so far, in bytes.
fn max_rss_bytes() -> u64 {
    // SAFETY: getrusage fills the zeroed struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    usage.ru_maxrss as u64 * 1024
}

const MIB: f64 = 1024.0 * 1024.0;

struct Instance {
    group: String,
    name: String,
    game: Game,
    request: SolveRequest,
    turns: usize,
}

/// Generated instances: (size, board seed, X, Y, turns), found by solving
/// seeded boards and keeping those whose answer has exactly that depth.
const GENERATED: &[(u8, u64, u8, u8, usize)] = &[
    (7, 25355, 4, 4, 4),
    (7, 26983, 3, 3, 4),
    (9, 330, 7, 7, 4),
    (9, 956, 6, 5, 4),
    (9, 1210, 4, 4, 4),
    (9, 1569, 3, 4, 4),
    (9, 1953, 6, 6, 4),
    (11, 1, 7, 10, 1),
    (11, 7, 8, 6, 1),
    (11, 8, 4, 7, 1),
    (11, 2, 10, 3, 2),
    (11, 3, 11, 1, 2),
    (11, 4, 1, 8, 2),
    (11, 5, 11, 2, 2),
    (11, 7, 1, 5, 2),
    (11, 2, 8, 6, 3),
    (11, 4, 6, 3, 3),
    (11, 16, 4, 2, 3),
    (11, 26, 1, 10, 3),
    (11, 31, 4, 10, 3),
    (11, 60, 8, 3, 4),
    (11, 61, 4, 8, 4),
    (11, 430, 5, 4, 4),
    (11, 492, 4, 1, 4),
    (11, 556, 8, 4, 4),
    (13, 3, 13, 2, 1),
    (13, 5, 13, 12, 1),
    (13, 10, 4, 2, 1),
    (13, 0, 10, 9, 2),
    (13, 1, 2, 3, 2),
    (13, 2, 4, 1, 2),
    (13, 3, 4, 5, 2),
    (13, 5, 6, 7, 2),
    (13, 1, 8, 5, 3),
    (13, 2, 1, 12, 3),
    (13, 3, 1, 12, 3),
    (13, 4, 3, 9, 3),
    (13, 14, 10, 1, 3),
    (13, 12, 5, 11, 4),
    (13, 27, 6, 5, 4),
    (13, 59, 10, 2, 4),
    (13, 68, 6, 9, 4),
    (13, 82, 3, 11, 4),
];

/// The reference's median per group in ms: from the issue (its 150
/// instances) and, for 7x7 and 9x9 depths 2 and 3, the shared folder's
/// README (its 60 instances).
const REFERENCE: &[(&str, &str)] = &[
    ("s7_d2", "0.18 (shared)"),
    ("s7_d3", "1.42 (issue), 0.89 (shared)"),
    ("s9_d2", "0.19 (shared)"),
    ("s9_d3", "2.21 (issue), 1.32 (shared)"),
    ("s9_d4", "138 (issue)"),
    ("s11_d3", "7.96 (issue)"),
    ("s11_d4", "1229 (issue)"),
    ("s13_d2", "0.04 ms to 1.35 s over all 13x13 (issue)"),
    ("s13_d3", "0.04 ms to 1.35 s over all 13x13 (issue)"),
    ("s13_d4", "0.04 ms to 1.35 s over all 13x13 (issue)"),
];

fn shared() -> Option<PathBuf> {
    let dir = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"))
        .join("benchmarks/labyrinth-exhsearch");
    dir.exists().then_some(dir)
}

fn request(from: Pos) -> SolveRequest {
    SolveRequest {
        from: Some(from),
        return_home: false,
        ..SolveRequest::new(0)
    }
}

fn shared_instances(dir: &Path) -> Vec<Instance> {
    let rules = Rules::standard();
    let text = std::fs::read_to_string(dir.join("instances.toml")).expect("instances.toml");
    let table: toml::Table = text.parse().expect("valid TOML");
    let list = table["instance"].as_array().expect("[[instance]]");
    list.iter()
        .map(|item| {
            let field = |key: &str| item[key].as_str().expect("a string").to_string();
            let from = field("from");
            let (x, y) = from.split_once(',').expect("X,Y");
            // Puzzles: green starts on `from`, so a relic may lie on its corner.
            let limits = BoardLimits {
                homes: Vec::new(),
                ..rules.limits()
            };
            let Ok(board) = read_board_file(&dir.join(field("board")), &limits) else {
                panic!("{} does not read", field("board"));
            };
            let name = field("name");
            let parts: Vec<&str> = name.split('_').collect();
            Instance {
                group: format!("{}_{}", parts[1], parts[2]),
                game: Game::new(rules.clone(), &board).expect("a playable board"),
                request: request(Pos::new(
                    x.parse::<u8>().expect("X") - 1,
                    y.parse::<u8>().expect("Y") - 1,
                )),
                turns: item["turns"].as_integer().expect("turns") as usize,
                name,
            }
        })
        .collect()
}

fn generated_instances() -> Vec<Instance> {
    let rules = Arc::new(Rules::new(
        builtin_ruleset("large-boards")
            .expect("built in")
            .expect("valid"),
    ));
    GENERATED
        .iter()
        .map(|&(size, seed, x, y, turns)| {
            let spec = BoardSpec {
                width: size,
                height: size,
                relics: 1,
            };
            let board = generate(&rules, &spec, seed).expect("a board");
            Instance {
                group: format!("s{size}_d{turns}"),
                name: format!("gen_s{size}_d{turns}_seed{seed}"),
                game: Game::new(rules.clone(), &board).expect("playable"),
                request: request(Pos::new(x - 1, y - 1)),
                turns,
            }
        })
        .collect()
}

/// The minimum CPU time of `runs` solves, in ms; checks every answer.
fn minimum_ms(instance: &Instance, runs: usize) -> f64 {
    (0..runs)
        .map(|_| {
            let start = thread_cpu_seconds();
            let answer = solve(&instance.game, &instance.request).expect("valid request");
            let elapsed = thread_cpu_seconds() - start;
            let Answer::Solved(solution) = answer else {
                panic!("{} unsolved: {answer:?}", instance.name);
            };
            assert_eq!(solution.turns.len(), instance.turns, "{}", instance.name);
            elapsed * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn summary(all: &[Instance]) {
    let runs = std::env::var("SOLVER_RUNS")
        .ok()
        .and_then(|runs| runs.parse().ok())
        .unwrap_or(5);
    let mut groups: Vec<&str> = all.iter().map(|i| i.group.as_str()).collect();
    groups.dedup();
    for group in groups {
        let members: Vec<&Instance> = all.iter().filter(|i| i.group == group).collect();
        let mut times: Vec<f64> = members.iter().map(|i| minimum_ms(i, runs)).collect();
        times.sort_by(f64::total_cmp);
        let n = times.len();
        let median = (times[(n - 1) / 2] + times[n / 2]) / 2.0;
        let sum: f64 = times.iter().sum();
        let heap = members.iter().map(|i| peak_bytes(i)).max().unwrap_or(0);
        let reference = REFERENCE
            .iter()
            .find(|(g, _)| *g == group)
            .map_or("-", |(_, r)| r);
        println!(
            "solver {group}: {n} instances, median {median:.3} ms, slowest {:.3} ms, \
             sum {sum:.3} ms (CPU, min of {runs}); reference median {reference} ms; \
             peak heap of one solve at most {:.2} MiB",
            times[n - 1],
            heap as f64 / MIB
        );
    }
    println!(
        "solver: whole bench process peak resident set {:.1} MiB \
         (targets: 43.4 MiB on 9x9 d4, 86.5 MiB on 11x11 d4)",
        max_rss_bytes() as f64 / MIB
    );
}

fn bench_solver(c: &mut Criterion) {
    let mut all = match shared() {
        Some(dir) => shared_instances(&dir),
        None => {
            eprintln!("skipped the shared instances: ../shared is missing (set RELIC_SHARED)");
            Vec::new()
        }
    };
    all.extend(generated_instances());
    summary(&all);
    let mut group = c.benchmark_group("solve");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(500));
    for instance in all.iter().filter(|i| i.name.ends_with("d3_num1")) {
        group.bench_function(&instance.name, |b| {
            b.iter(|| solve(&instance.game, &instance.request))
        });
    }
    group.finish();
}

fn bench_greedy(c: &mut Criterion) {
    let rules = Rules::standard();
    let board = parse_board(include_str!("../boards/classic-7x7.gbf"), &rules.limits())
        .expect("the shipped board");
    let game = Game::new(rules, &board).expect("playable");
    let mut rng = seeded_rng(1);
    c.bench_function("greedy turn 7x7", |b| {
        b.iter(|| Greedy.choose_turn(&game, &mut rng))
    });
}

criterion_group!(benches, bench_greedy, bench_solver);
criterion_main!(benches);
