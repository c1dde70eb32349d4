//! Settling speed, the walker's physics beside its lowering into the core
//! (`relic::walker::lower::physics_core`), in one run: the same seeded
//! random Boulder Dash caves (40 x 22 squares, half empty, a third rocks)
//! settled from scratch by each, settles per CPU-second printed for both.
//! The moves are not lowered yet, so this is not yet the random-move rate
//! of issue 29 (at least 1 M per CPU-second).
//!
//! Run with `cargo bench --bench physics`.

#[path = "support/cpu_time.rs"]
mod cpu_time;

use std::hint::black_box;

use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved};
use relic::walker::lower::physics_core;
use relic::walker::{Grid, builtin_walker};

const WIDTH: usize = 40;
const HEIGHT: usize = 22;
const CAVES: u64 = 300;

fn main() {
    let walker = builtin_walker("boulder-dash").unwrap().unwrap();
    let (_, core) = parse_core_resolved(
        &physics_core(&walker, WIDTH as u16, HEIGHT as u16),
        "physics",
        None,
    )
    .unwrap();
    let kind = |n: &str| walker.kind_named(n).unwrap();
    let pool = [
        kind("empty"),
        kind("empty"),
        kind("empty"),
        kind("rock"),
        kind("rock"),
        kind("earth"),
    ];
    let caves: Vec<Vec<u8>> = (0..CAVES)
        .map(|seed| {
            let mut rng = fastrand::Rng::with_seed(seed);
            (0..WIDTH * HEIGHT)
                .map(|_| pool[rng.usize(..pool.len())])
                .collect()
        })
        .collect();
    let code = |k: u8| match k {
        k if k == walker.empty => 0,
        k => {
            let glyph = walker.kinds[usize::from(k)].glyph.to_string();
            core.pieces.iter().position(|p| p.glyph == glyph).unwrap() as u8 + 1
        }
    };
    let core_caves: Vec<Vec<u8>> = (caves.iter())
        .map(|squares| {
            let mut cells = vec![0; core.board.cells()];
            for (i, &k) in squares.iter().enumerate() {
                let at = core
                    .board
                    .at_xy((i % WIDTH) as u16, (i / WIDTH) as u16)
                    .unwrap();
                cells[usize::from(at)] = code(k);
            }
            cells
        })
        .collect();
    let (_, _, walker_cpu) = cpu_time::timed(|| {
        for squares in &caves {
            let mut grid = Grid::from_kinds(WIDTH, HEIGHT, squares.clone(), walker.outside);
            black_box(walker.physics.settle(&mut grid, &mut Vec::new()));
        }
    });
    let (_, _, core_cpu) = cpu_time::timed(|| {
        for cells in &core_caves {
            let mut game =
                CoreGame::from_position(core.clone(), cells.clone(), core.start_values(), 0, 0);
            let action = game.legal_actions().pop().unwrap();
            black_box(game.apply(&action).unwrap());
        }
    });
    let rate = |cpu: f64| CAVES as f64 / cpu;
    println!(
        "settles of {WIDTH}x{HEIGHT} caves per CPU-second: walker {:.0}, lowered core {:.0} ({:.1}x slower)",
        rate(walker_cpu),
        rate(core_cpu),
        core_cpu / walker_cpu
    );
}
