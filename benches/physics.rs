//! Settling speed, the walker's physics beside its lowering into the core
//! (`relic::walker::lower::physics_core`), in one run: the same seeded
//! random Boulder Dash caves (40 x 22 squares, half empty, a third rocks)
//! settled from scratch by each, settles per CPU-second printed for both.
//! Then whole games (`relic::walker::lower::walker_core`): seeded random
//! games on seeded random 20 x 12 caves, every legal action listed and a
//! random one taken, by the walker and by its lowering, random moves per
//! CPU-second for both (issue 29's target: at least 1 M).
//!
//! Run with `cargo bench --bench physics`.

#[path = "support/cpu_time.rs"]
mod cpu_time;

use std::hint::black_box;

use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved};
use relic::walker::lower::{physics_core, walker_core};
use relic::walker::{Grid, Program, Walker, builtin_walker};

const WIDTH: usize = 40;
const HEIGHT: usize = 22;
const CAVES: u64 = 300;

fn main() {
    settles();
    random_moves();
}

fn settles() {
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

/// A seeded random cave: one player, a wall around, the rest earth,
/// empty squares, rocks and diamonds.
fn moves_cave(walker: &Program, seed: u64) -> Grid {
    let (width, height) = (20, 12);
    let kind = |n: &str| walker.kind_named(n).unwrap();
    let pool = [
        kind("empty"),
        kind("empty"),
        kind("earth"),
        kind("earth"),
        kind("earth"),
        kind("rock"),
        kind("diamond"),
    ];
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut squares: Vec<u8> = (0..width * height)
        .map(|i| match (i % width, i / width) {
            (0, _) | (_, 0) => kind("wall"),
            (x, y) if x == width - 1 || y == height - 1 => kind("wall"),
            _ => pool[rng.usize(..pool.len())],
        })
        .collect();
    squares[width + 1] = kind("player");
    Grid::from_kinds(width, height, squares, walker.outside)
}

/// Random legal moves per CPU-second, the walker beside its lowering.
fn random_moves() {
    const GAMES: u64 = 40;
    const MOVES: usize = 200;
    let walker = builtin_walker("boulder-dash").unwrap().unwrap();
    let caves: Vec<Grid> = (0..GAMES).map(|seed| moves_cave(&walker, seed)).collect();
    let cores: Vec<_> = (caves.iter())
        .map(|cave| {
            parse_core_resolved(&walker_core(&walker, cave), "cave", None)
                .unwrap()
                .1
        })
        .collect();
    let mut moves = [0u64; 2];
    let (_, _, walker_cpu) = cpu_time::timed(|| {
        for (seed, cave) in caves.iter().enumerate() {
            let mut game =
                Walker::<relic::games::boulder_dash::BoardText>::new(walker.clone(), cave.clone())
                    .unwrap();
            moves[0] += play(&mut game, seed as u64, MOVES);
        }
    });
    let (_, _, core_cpu) = cpu_time::timed(|| {
        for (seed, core) in cores.iter().enumerate() {
            let mut game = CoreGame::new(core.clone());
            moves[1] += play(&mut game, seed as u64, MOVES);
        }
    });
    assert_eq!(moves[0], moves[1], "the same games");
    println!(
        "random moves on 20x12 caves per CPU-second: walker {:.0}, lowered core {:.0} ({:.1}x slower)",
        moves[0] as f64 / walker_cpu,
        moves[1] as f64 / core_cpu,
        core_cpu / walker_cpu
    );
}

/// Plays up to `moves` random legal actions; how many were taken.
fn play<G: Game>(game: &mut G, seed: u64, moves: usize) -> u64 {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut taken = 0;
    for _ in 0..moves {
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        let action = actions[rng.usize(..actions.len())].clone();
        black_box(game.apply(&action).unwrap());
        taken += 1;
    }
    taken
}
