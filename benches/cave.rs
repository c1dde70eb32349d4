//! Boulder Dash speed (issue 13), per CPU-second on one core, on the
//! shipped 40x22 cave: random legal moves with physics (target: at least
//! 1,000,000 per second), and the rewrite-pattern physics against a
//! hand-written gravity routine kept here for comparison (target: within
//! 2x). Both settle the same boards; they are checked to give identical
//! boards before anything is timed.
//!
//! Run with `cargo bench --bench cave -- --warm-up-time 1 --measurement-time 3`.

#[path = "support/cpu_time.rs"]
mod cpu_time;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use relic::contract::Game;
use relic::games::boulder_dash::{Cave, read_board};
use relic::walker::{Action, Event, Grid, Walker, Work, builtin_walker};

const BATCH: u64 = 10_000;

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

fn start() -> Cave {
    let program = builtin_walker("boulder-dash").unwrap().unwrap();
    let text = std::fs::read_to_string("boards/cave-40x22.board").unwrap();
    Walker::new(program.clone(), read_board(&program, &text).unwrap()).unwrap()
}

/// `count` random legal moves from `start`, starting again when play ends.
fn random_moves(start: &Cave, count: u64, rng: &mut SplitMix) -> u32 {
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
    game.turn()
}

/// Hand-written Boulder Dash gravity on the same grid: rows bottom-up,
/// west to east, until nothing moves; a rock with empty below falls until
/// it lands; a rock on a rock rolls west (west and south-west empty),
/// else east, then falls. Returns whether a rock fell onto the player.
fn hand_settle(grid: &mut Grid, [empty, rock, player]: [u8; 3]) -> bool {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let free = |g: &Grid, x: i32, y: i32| g.contains(x, y) && g.get(x, y).0 == empty;
    let mut moved = true;
    while moved {
        moved = false;
        for y in 0..h {
            for x in 0..w {
                if grid.get(x, y).0 != rock {
                    continue;
                }
                let (mut cx, mut cy) = (x, y);
                let below = grid.get(x, y - 1).0;
                if free(grid, x, y - 1) {
                    cy -= 1;
                } else if below == rock && free(grid, x - 1, y) && free(grid, x - 1, y - 1) {
                    (cx, cy) = (x - 1, y - 1);
                } else if below == rock && free(grid, x + 1, y) && free(grid, x + 1, y - 1) {
                    (cx, cy) = (x + 1, y - 1);
                } else {
                    continue;
                }
                while free(grid, cx, cy - 1) {
                    cy -= 1;
                }
                grid.set(x, y, empty, false);
                grid.set(cx, cy, rock, true);
                moved = true;
            }
        }
    }
    let crushed = (0..h)
        .any(|y| (0..w).any(|x| grid.get(x, y) == (rock, true) && grid.get(x, y - 1).0 == player));
    grid.clear_falling();
    crushed
}

/// Unsettled boards: the 40x22 cave after random digs and walks with the
/// physics left out (the squares they emptied leave rocks unsupported).
fn unsettled_boards(start: &Cave, count: usize) -> Vec<Grid> {
    let program = start.program();
    let (empty, earth) = (program.empty, program.kind_named("earth").unwrap());
    let mut rng = SplitMix(11);
    let mut boards = Vec::new();
    let mut grid = start.grid().clone();
    for _ in 0..count {
        for _ in 0..6 {
            let (x, y) = (
                rng.below(grid.width()) as i32,
                rng.below(grid.height()) as i32,
            );
            if grid.get(x, y).0 == earth {
                grid.set(x, y, empty, false);
            }
        }
        boards.push(grid.clone());
        let mut motions = Vec::new();
        program.physics.settle(&mut grid, &mut motions);
    }
    boards
}

fn settle_all(boards: &[Grid], start: &Cave, hand: bool) -> usize {
    let program = start.program();
    let kinds = [
        program.empty,
        program.kind_named("rock").unwrap(),
        program.actor,
    ];
    let mut motions = Vec::new();
    let mut work = Work::default();
    let mut crushed = 0;
    for board in boards {
        let mut grid = board.clone();
        let end = match hand {
            true => hand_settle(&mut grid, kinds),
            false => (program.physics)
                .settle_reusing(&mut grid, &mut work, &mut motions)
                .is_some(),
        };
        motions.clear();
        crushed += usize::from(end);
    }
    crushed
}

fn report(what: &str, count: f64, work: impl FnOnce()) -> f64 {
    let (_, wall, cpu) = cpu_time::timed(work);
    eprintln!(
        "{what}: {:.0} k per CPU-second ({:.0} k per wall second)",
        count / cpu / 1e3,
        count / wall / 1e3
    );
    count / cpu
}

fn cave(c: &mut Criterion) {
    let start = start();
    let boards = unsettled_boards(&start, 400);
    let program = start.program();
    let kinds = [
        program.empty,
        program.kind_named("rock").unwrap(),
        program.actor,
    ];
    for board in &boards {
        let (mut by_rules, mut by_hand) = (board.clone(), board.clone());
        let end = program.physics.settle(&mut by_rules, &mut Vec::new());
        assert_eq!(end.is_some(), hand_settle(&mut by_hand, kinds));
        assert_eq!(by_rules, by_hand, "the two physics differ");
    }
    let mut rng = SplitMix(7);
    report(
        "boulder-dash random legal moves (target 1,000 k)",
        (5 * BATCH) as f64,
        || {
            black_box(random_moves(&start, 5 * BATCH, &mut rng));
        },
    );
    let n = (boards.len() * 20) as f64;
    let rules = report("settle by rewrite patterns", n, || {
        (0..20).for_each(|_| {
            black_box(settle_all(&boards, &start, false));
        })
    });
    let hand = report("settle by hand-written gravity", n, || {
        (0..20).for_each(|_| {
            black_box(settle_all(&boards, &start, true));
        })
    });
    eprintln!(
        "rewrite patterns take {:.2}x the hand-written time (target at most 2x)",
        hand / rules
    );
    let mut group = c.benchmark_group("cave");
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("random legal moves 40x22", |b| {
        b.iter(|| black_box(random_moves(&start, BATCH, &mut rng)))
    });
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("settle, rewrite patterns", |b| {
        b.iter(|| black_box(settle_all(&boards, &start, false)))
    });
    group.bench_function("settle, hand-written", |b| {
        b.iter(|| black_box(settle_all(&boards, &start, true)))
    });
    group.finish();
}

criterion_group!(benches, cave);
criterion_main!(benches);
