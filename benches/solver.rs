//! The solver on the labyrinth exhaustive-search instances (read in place
//! from the shared folder), and one greedy turn on the shipped 7x7 board.
//!
//! Besides criterion's per-instance figures, prints for each group of ten
//! instances the median and slowest of the per-instance minimum over 10
//! runs, the statistic the reference C++ timings use.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use relic::board::{Pos, parse_board, read_board_file};
use relic::bots::{Greedy, Strategy, seeded_rng};
use relic::engine::Game;
use relic::rules::Rules;
use relic::solver::{SolveRequest, solve};

struct Instance {
    name: String,
    game: Game,
    request: SolveRequest,
}

fn shared() -> Option<PathBuf> {
    let dir = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"))
        .join("benchmarks/labyrinth-exhsearch");
    dir.exists().then_some(dir)
}

fn instances(dir: &Path) -> Vec<Instance> {
    let rules = Rules::standard();
    let text = std::fs::read_to_string(dir.join("instances.toml")).expect("instances.toml");
    let table: toml::Table = text.parse().expect("valid TOML");
    let list = table["instance"].as_array().expect("[[instance]]");
    list.iter()
        .map(|item| {
            let field = |key: &str| item[key].as_str().expect("a string").to_string();
            let from = field("from");
            let (x, y) = from.split_once(',').expect("X,Y");
            let Ok(board) = read_board_file(&dir.join(field("board")), &rules.limits()) else {
                panic!("{} does not read", field("board"));
            };
            let turns = item["turns"].as_integer().expect("turns") as u32;
            Instance {
                name: field("name"),
                game: Game::new(rules.clone(), &board).expect("a playable board"),
                request: SolveRequest {
                    from: Some(Pos::new(
                        x.parse::<u8>().expect("X") - 1,
                        y.parse::<u8>().expect("Y") - 1,
                    )),
                    depth: turns,
                    return_home: false,
                    ..SolveRequest::new(0)
                },
            }
        })
        .collect()
}

fn minimum_of_ten(instance: &Instance) -> Duration {
    (0..10)
        .map(|_| {
            let start = Instant::now();
            let solution = solve(&instance.game, &instance.request).expect("valid request");
            let elapsed = start.elapsed();
            assert!(solution.solution().is_some(), "{} unsolved", instance.name);
            elapsed
        })
        .min()
        .expect("ten runs")
}

fn summary(all: &[Instance]) {
    for group in ["s7_d2", "s7_d3", "s9_d2", "s9_d3"] {
        let mut times: Vec<Duration> = all
            .iter()
            .filter(|i| i.name.contains(group))
            .map(minimum_of_ten)
            .collect();
        times.sort();
        if times.is_empty() {
            continue;
        }
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let median = (ms(times[(times.len() - 1) / 2]) + ms(times[times.len() / 2])) / 2.0;
        let sum: f64 = times.iter().map(|&d| ms(d)).sum();
        println!(
            "solver {group}: median {median:.3} ms, slowest {:.3} ms, sum {sum:.3} ms",
            ms(*times.last().expect("not empty"))
        );
    }
}

fn bench_solver(c: &mut Criterion) {
    let Some(dir) = shared() else {
        eprintln!("skipped: the shared benchmark instances are missing");
        return;
    };
    let all = instances(&dir);
    summary(&all);
    let mut group = c.benchmark_group("solve");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200));
    group.measurement_time(Duration::from_millis(500));
    for instance in all.iter().filter(|i| i.name.contains("_d3_")) {
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
