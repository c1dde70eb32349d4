//! Connectivity as bit boards: one bit per tile, row-major, so a
//! reachable-set query is a handful of shifts and masks.

use crate::board::{Direction, Maze, Pos};

/// A set of tiles, one bit per row-major index.
pub type TileSet = u128;

/// Which tiles connect to their east and south neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Links {
    east: TileSet,
    south: TileSet,
    width: u8,
}

impl Links {
    /// The links of `maze`.
    pub fn of(maze: &Maze) -> Links {
        let (w, h) = (maze.width() as usize, maze.height() as usize);
        let tiles = maze.tiles();
        let (mut east, mut south) = (0, 0);
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                let tile = tiles[i];
                if x + 1 < w && tile.connects_to(tiles[i + 1], Direction::East) {
                    east |= 1 << i;
                }
                if y + 1 < h && tile.connects_to(tiles[i + w], Direction::South) {
                    south |= 1 << i;
                }
            }
        }
        Links {
            east,
            south,
            width: w as u8,
        }
    }

    /// Every tile reachable along pathways from row-major index `start`,
    /// `start` included.
    pub fn reachable(&self, start: usize) -> TileSet {
        let w = self.width as u32;
        let (east, south) = (self.east, self.south);
        let (west, north) = (east << 1, south << w);
        let mut reach: TileSet = 1 << start;
        loop {
            let next = reach
                | (reach & east) << 1
                | (reach & west) >> 1
                | (reach & south) << w
                | (reach & north) >> w;
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }
}

/// The positions in `set`, row-major, in a maze `width` wide.
pub fn positions(set: TileSet, width: u8) -> impl Iterator<Item = Pos> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(Pos::new(
            (i % width as usize) as u8,
            (i / width as usize) as u8,
        ))
    })
}
