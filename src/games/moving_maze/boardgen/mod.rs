//! Random boards: a maze drawn from the ruleset's tile mix, with relics
//! placed at random, the same board for the same seed.
//!
//! The ruleset's `[tiles]` section gives the mix of straights, corners and
//! junctions among the movable tiles of a 7x7 board (the floating tile
//! included); the mix is scaled to the board's size. Fixed tiles (those in
//! no slidable row or column) face inward as in the physical game, or are
//! drawn from the mix.
//!
//! ```
//! use relic::games::moving_maze::boardgen::{generate, BoardSpec};
//! use relic::rules::Rules;
//!
//! let rules = Rules::standard();
//! let spec = BoardSpec { width: 7, height: 7, relics: 6 };
//! let board = generate(&rules, &spec, 42).unwrap();
//! assert_eq!(board.maze().width(), 7);
//! assert_eq!(board, generate(&rules, &spec, 42).unwrap());
//! ```

mod error;
mod mix;

use crate::games::moving_maze::board::{Board, Direction, Maze, Pos, Relic, Sides, SlideAt, Tile};
use crate::games::moving_maze::rules::{Corner, FixedTiles, Rules};

pub use error::GenerateError;
pub use mix::{Shape, scale_mix};

/// The size and relic count of a board to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// Width in tiles.
    pub width: u8,
    /// Height in tiles.
    pub height: u8,
    /// K, the number of relics of each colour.
    pub relics: u8,
}

impl Default for BoardSpec {
    /// The classic board: 7x7 with 6 relics of each colour.
    fn default() -> BoardSpec {
        BoardSpec {
            width: 7,
            height: 7,
            relics: 6,
        }
    }
}

/// Generates a random board for `rules`, the same for the same `seed`.
///
/// Fails when the size or K break the ruleset's limits, when the relics do
/// not fit on the tiles that are not start corners, or when the tile mix is
/// empty.
pub fn generate(rules: &Rules, spec: &BoardSpec, seed: u64) -> Result<Board, GenerateError> {
    let limits = rules.limits();
    error::check_spec(spec, &limits)?;
    let mut rng = fastrand::Rng::with_seed(seed);
    let fixed = fixed_positions(rules, spec);
    let movable = usize::from(spec.width) * usize::from(spec.height) - fixed.len() + 1;
    let mix = &rules.ruleset().tiles;
    let mut shapes = scale_mix(mix, movable).ok_or(GenerateError::EmptyMix)?;
    rng.shuffle(&mut shapes);
    let mut tiles = vec![Tile::default(); usize::from(spec.width) * usize::from(spec.height)];
    let mut next_shape = shapes.into_iter();
    let mut draw = |rng: &mut fastrand::Rng| {
        let shape = next_shape.next().expect("one shape per movable tile");
        Tile::new(shape.turned(rng.u8(0..4)), None)
    };
    for (i, tile) in tiles.iter_mut().enumerate() {
        let pos = pos_of(spec, i);
        *tile = if fixed.contains(&pos) {
            fixed_tile(mix.fixed, spec, pos, &mut rng)
        } else {
            draw(&mut rng)
        };
    }
    let floating = draw(&mut rng);
    place_relics(rules, spec, &mut tiles, &mut rng)?;
    let rows: Vec<&[Tile]> = tiles.chunks(usize::from(spec.width)).collect();
    let maze = Maze::from_rows(&rows).ok_or(GenerateError::Internal(String::from("bad size")))?;
    Board::from_parts(maze, floating, spec.relics, &limits).map_err(|problems| {
        GenerateError::Internal(
            problems
                .first()
                .map(ToString::to_string)
                .unwrap_or_default(),
        )
    })
}

fn pos_of(spec: &BoardSpec, index: usize) -> Pos {
    let width = usize::from(spec.width);
    Pos::new((index % width) as u8, (index / width) as u8)
}

/// The positions in no slidable row and no slidable column.
fn fixed_positions(rules: &Rules, spec: &BoardSpec) -> Vec<Pos> {
    let row_fixed = |y: u8| !rules.line_slidable(SlideAt::new(Direction::West, y + 1));
    let column_fixed = |x: u8| !rules.line_slidable(SlideAt::new(Direction::North, x + 1));
    (0..spec.height)
        .filter(|&y| row_fixed(y))
        .flat_map(|y| {
            (0..spec.width)
                .filter(|&x| column_fixed(x))
                .map(move |x| Pos::new(x, y))
        })
        .collect()
}

/// A fixed tile: on the physical game's pattern (corners open inward,
/// edge junctions closed toward the edge) or drawn at random.
fn fixed_tile(style: FixedTiles, spec: &BoardSpec, pos: Pos, rng: &mut fastrand::Rng) -> Tile {
    let random_shape = [Shape::Straight, Shape::Corner, Shape::Junction][rng.usize(0..3)];
    let closed: Vec<Direction> = match style {
        FixedTiles::Random => return Tile::new(random_shape.turned(rng.u8(0..4)), None),
        FixedTiles::Inward => Direction::ALL
            .into_iter()
            .filter(|&d| on_edge(spec, pos, d))
            .collect(),
    };
    let sides = match closed.as_slice() {
        [] => Shape::Junction.turned(rng.u8(0..4)),
        [edge] => Sides::from_bits(Sides::ALL.bits() & !(1 << edge.index())),
        _ => {
            let open = Direction::ALL.into_iter().filter(|d| !closed.contains(d));
            Sides::from_flags(open.fold([false; 4], |mut flags, d| {
                flags[d.index()] = true;
                flags
            }))
        }
    };
    Tile::new(sides, None)
}

/// Whether `pos` lies on the maze's edge on side `side`.
fn on_edge(spec: &BoardSpec, pos: Pos, side: Direction) -> bool {
    match side {
        Direction::North => pos.y == 0,
        Direction::East => pos.x + 1 == spec.width,
        Direction::South => pos.y + 1 == spec.height,
        Direction::West => pos.x == 0,
    }
}

/// Puts K relics of every colour on distinct maze tiles, none on a start
/// corner.
fn place_relics(
    rules: &Rules,
    spec: &BoardSpec,
    tiles: &mut [Tile],
    rng: &mut fastrand::Rng,
) -> Result<(), GenerateError> {
    let corners: Vec<Pos> = rules
        .seats()
        .iter()
        .map(|seat| corner_of(spec, seat.corner))
        .collect();
    let mut free: Vec<usize> = (0..tiles.len())
        .filter(|&i| !corners.contains(&pos_of(spec, i)))
        .collect();
    let colours = rules.limits().relic_colours;
    let needed = colours.len() * usize::from(spec.relics);
    if needed > free.len() {
        return Err(GenerateError::TooManyRelics {
            needed,
            free: free.len(),
            width: spec.width,
            height: spec.height,
        });
    }
    rng.shuffle(&mut free);
    let relics = colours
        .iter()
        .flat_map(|&c| (1..=spec.relics).filter_map(move |order| Relic::new(c, order)));
    for (relic, &i) in relics.zip(&free) {
        tiles[i] = Tile::new(tiles[i].sides(), Some(relic));
    }
    Ok(())
}

fn corner_of(spec: &BoardSpec, corner: Corner) -> Pos {
    let x = if corner.is_left() { 0 } else { spec.width - 1 };
    let y = if corner.is_top() { 0 } else { spec.height - 1 };
    Pos::new(x, y)
}
