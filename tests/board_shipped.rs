//! The shipped boards are laid out in the spirit of the classic game:
//! fixed tiles at odd rows and columns (corners turned inwards, edge tiles
//! closed to the outside), and a mix of straights, corners and junctions.

use std::path::Path;

use relic::board::{Board, BoardLimits, Direction, Maze, Pos, Tile, read_board_file};

fn board(name: &str) -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("boards")
        .join(name);
    let limits = BoardLimits {
        max_width: 13,
        max_height: 13,
        ..BoardLimits::default()
    };
    read_board_file(&path, &limits).unwrap_or_else(|e| panic!("{name}:\n{}", e.report.render(80)))
}

#[derive(Debug, Default, PartialEq)]
struct Mix {
    straights: usize,
    corners: usize,
    junctions: usize,
    crossings: usize,
}

fn mix(tiles: impl Iterator<Item = Tile>) -> Mix {
    let mut mix = Mix::default();
    for tile in tiles {
        let open = |d| tile.is_open(d);
        match tile.sides().count() {
            4 => mix.crossings += 1,
            3 => mix.junctions += 1,
            _ if open(Direction::North) == open(Direction::South) => mix.straights += 1,
            _ => mix.corners += 1,
        }
    }
    mix
}

/// Fixed tiles: 0-based even columns and rows (1-based odd ones).
fn is_fixed(pos: Pos) -> bool {
    pos.x.is_multiple_of(2) && pos.y.is_multiple_of(2)
}

fn positions(maze: &Maze) -> impl Iterator<Item = Pos> + '_ {
    (0..maze.height()).flat_map(move |y| (0..maze.width()).map(move |x| Pos::new(x, y)))
}

/// Every fixed tile on the rim is closed towards the outside, and is a
/// corner at the corners and a junction elsewhere.
fn assert_classic_rim(name: &str, maze: &Maze) {
    for pos in positions(maze).filter(|&p| is_fixed(p)) {
        let tile = maze.tile(pos);
        for direction in Direction::ALL {
            if maze.neighbour(pos, direction).is_none() {
                assert!(
                    !tile.is_open(direction),
                    "{name}: {pos} opens {direction} off the board"
                );
            }
        }
        let outside = Direction::ALL
            .iter()
            .filter(|&&d| maze.neighbour(pos, d).is_none())
            .count();
        let expected_open = match outside {
            2 => 2,
            1 => 3,
            _ => tile.sides().count(),
        };
        assert_eq!(
            tile.sides().count(),
            expected_open,
            "{name}: fixed tile at {pos}"
        );
    }
}

fn assert_classic(name: &str, size: u8, relics: u8) {
    let board = board(name);
    let maze = board.maze();
    assert_eq!(
        (maze.width(), maze.height(), board.relics_per_colour()),
        (size, size, relics)
    );
    assert_classic_rim(name, maze);
    let fixed = mix(positions(maze)
        .filter(|&p| is_fixed(p))
        .map(|p| maze.tile(p)));
    assert_eq!(
        fixed.straights, 0,
        "{name}: fixed tiles are corners and junctions"
    );
    let floating = board.floating();
    let loose = positions(maze)
        .filter(|&p| !is_fixed(p))
        .map(|p| maze.tile(p))
        .chain(std::iter::once(floating));
    let loose = mix(loose);
    let count = loose.straights + loose.corners + loose.junctions + loose.crossings;
    // Roughly the classic proportions: about a third straights, under half
    // corners, the rest junctions.
    assert!(
        loose.straights * 5 >= count && loose.straights * 5 <= count * 2,
        "{name}: {loose:?}"
    );
    assert!(
        loose.corners * 3 >= count && loose.corners * 5 <= count * 3,
        "{name}: {loose:?}"
    );
    assert!(loose.junctions * 10 >= count, "{name}: {loose:?}");
    for corner in [
        Pos::new(0, 0),
        Pos::new(size - 1, 0),
        Pos::new(0, size - 1),
        Pos::new(size - 1, size - 1),
    ] {
        assert!(
            !maze.tile(corner).has_relic(),
            "{name}: a relic on a starting corner"
        );
    }
}

#[test]
fn the_classic_7x7_board() {
    assert_classic("classic-7x7.gbf", 7, 6);
    // The classic game's own mix of the 34 loose tiles.
    let board = board("classic-7x7.gbf");
    let maze = board.maze();
    let floating = board.floating();
    let loose = positions(maze)
        .filter(|&p| !is_fixed(p))
        .map(|p| maze.tile(p))
        .chain(std::iter::once(floating));
    let expected = Mix {
        straights: 12,
        corners: 16,
        junctions: 6,
        crossings: 0,
    };
    assert_eq!(mix(loose), expected);
}

#[test]
fn the_learner_5x5_board() {
    assert_classic("learner-5x5.gbf", 5, 1);
}

#[test]
fn the_grand_9x9_board() {
    assert_classic("grand-9x9.gbf", 9, 9);
}

#[test]
fn the_giant_13x13_board() {
    assert_classic("giant-13x13.gbf", 13, 9);
}
