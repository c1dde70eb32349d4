//! The Moving Maze specification's test API (its Appendix A), as thin
//! wrappers over the library's own types.
//!
//! Tiles are six-character codes (`"0110g1"`), directions the letters `n`,
//! `e`, `s`, `w`, sliding indicators such as `"n2"`; arrays of open sides
//! are ordered north, east, south, west; mazes are rows, top first, and
//! need not be whole game boards. The API cannot report errors, so
//! malformed arguments get the cautious answer: not open, cannot move, no
//! relic (`'x'`), never a panic.
//!
//! ```
//! use relic::games::moving_maze::cs144;
//! assert!(cs144::is_tile_open_to_side("1100xx", 'e'));
//! assert_eq!(cs144::rotate_tile_clockwise("1100xx"), [false, true, true, false]);
//! let maze: [&[&str]; 1] = [&["0110xx", "0011g1"]];
//! assert!(cs144::can_move_along_path(&maze, &['e']));
//! ```

use crate::games::moving_maze::board::{Direction, Maze, Pos, Relic, SlideAt, Tile};

/// Whether `tile` is open towards `dir` (`n`, `e`, `s` or `w`).
pub fn is_tile_open_to_side(tile: &str, dir: char) -> bool {
    let dir = Direction::from_letter(dir);
    Tile::from_code(tile)
        .zip(dir)
        .is_some_and(|(tile, dir)| tile.is_open(dir))
}

/// The open sides of `tile` after a quarter turn clockwise.
pub fn rotate_tile_clockwise(tile: &str) -> [bool; 4] {
    Tile::from_code(tile).map_or([false; 4], |t| t.rotated_clockwise().sides().flags())
}

/// The open sides of `tile` after a quarter turn counter-clockwise.
pub fn rotate_tile_counterclockwise(tile: &str) -> [bool; 4] {
    Tile::from_code(tile).map_or([false; 4], |t| t.rotated_counterclockwise().sides().flags())
}

/// Slides `floating` into `maze` at `at`; the open sides of the tile pushed
/// out (the new floating tile).
pub fn slide_tile_into_maze1(maze: &[&[&str]], floating: &str, at: &str) -> [bool; 4] {
    pushed_out(maze, floating, at).map_or([false; 4], |tile| tile.sides().flags())
}

/// Whether an adventurer can step from tile `from` to tile `to`, which lies
/// towards `dir`.
pub fn can_move_in_direction(from: &str, to: &str, dir: char) -> bool {
    let tiles = Tile::from_code(from).zip(Tile::from_code(to));
    let dir = Direction::from_letter(dir);
    tiles
        .zip(dir)
        .is_some_and(|((from, to), dir)| from.connects_to(to, dir))
}

/// Whether an adventurer in the top-left corner of `maze` can take every
/// single step of `steps`.
pub fn can_move_along_path(maze: &[&[&str]], steps: &[char]) -> bool {
    let steps: Option<Vec<Direction>> = steps.iter().map(|&c| Direction::from_letter(c)).collect();
    let maze = Maze::from_codes(maze);
    maze.zip(steps)
        .is_some_and(|(maze, steps)| maze.walk(Pos::new(0, 0), steps).is_some())
}

/// Whether `tile` carries a relic.
pub fn tile_has_relic(tile: &str) -> bool {
    Tile::from_code(tile).is_some_and(Tile::has_relic)
}

/// Slides `floating` into `maze` at `at`; the colour letter of the relic on
/// the tile pushed out, or `'x'` if it has none.
pub fn slide_tile_into_maze2(maze: &[&[&str]], floating: &str, at: &str) -> char {
    pushed_out(maze, floating, at)
        .and_then(Tile::relic)
        .map_or('x', Relic::colour)
}

/// The tile a slide of `floating` into `maze` at `at` pushes out.
fn pushed_out(maze: &[&[&str]], floating: &str, at: &str) -> Option<Tile> {
    let mut maze = Maze::from_codes(maze)?;
    maze.try_slide(SlideAt::parse(at)?, Tile::from_code(floating)?)
}
