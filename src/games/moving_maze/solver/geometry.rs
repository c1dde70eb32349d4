//! The maze as four bit boards of open sides, and the masks of one maze
//! shape, so that a slide and a reachable-set query are a few dozen word
//! operations and never allocate.

use super::bits::Bits;
use crate::games::moving_maze::board::{Direction, Maze, SlideAt, Tile};

/// Open sides per direction (north, east, south, west), one bit per tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct BitMaze<B> {
    pub open: [B; 4],
    /// The floating tile's open sides (bit 0 north ... bit 3 west).
    pub floating: u8,
}

impl<B: Bits> BitMaze<B> {
    pub fn of(maze: &Maze, floating: Tile) -> BitMaze<B> {
        let mut open = [B::default(); 4];
        for (index, tile) in maze.tiles().iter().enumerate() {
            for direction in Direction::ALL {
                if tile.is_open(direction) {
                    open[direction.index()] |= B::bit(index as u8);
                }
            }
        }
        BitMaze {
            open,
            floating: floating.sides().bits(),
        }
    }

    /// The floating tile turned `turns` quarters clockwise.
    pub fn rotated(&self, turns: u8) -> BitMaze<B> {
        let bits = self.floating;
        let turns = turns % 4;
        let rotated = ((bits << turns) | (bits >> ((4 - turns) % 4))) & 0b1111;
        BitMaze {
            floating: rotated,
            ..*self
        }
    }

    /// Whether the tile at `index` is open towards `direction`.
    pub fn is_open(&self, index: u8, direction: Direction) -> bool {
        self.open[direction.index()].has(index)
    }

    /// A 64-bit mix of the maze, for hashing.
    pub fn fold(&self) -> u64 {
        let mut h = u64::from(self.floating);
        for board in self.open {
            h = (h.rotate_left(17) ^ board.fold()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        h
    }
}

/// One slidable line: its tiles, where the tile enters and leaves, and
/// which way the line moves.
#[derive(Clone, Copy, Debug)]
pub(super) struct Line<B> {
    pub at: SlideAt,
    pub tiles: B,
    pub entry: u8,
    pub exit: u8,
    /// Towards higher indices (north and west sides push that way).
    up: bool,
    step: u32,
}

/// Sizes and masks of one maze shape, computed once per solve.
#[derive(Clone, Debug)]
pub(super) struct Geometry<B> {
    pub width: u8,
    pub height: u8,
    all: B,
    not_first_column: B,
    not_last_column: B,
    /// The slidable lines, indexed like the problem's slides.
    pub lines: Vec<Line<B>>,
}

impl<B: Bits> Geometry<B> {
    pub fn new(width: u8, height: u8, slides: &[SlideAt]) -> Geometry<B> {
        let (w, h) = (width, height);
        let index = |x: u8, y: u8| y * w + x;
        let row = |y: u8| (0..w).fold(B::default(), |set, x| set | B::bit(index(x, y)));
        let column = |x: u8| (0..h).fold(B::default(), |set, y| set | B::bit(index(x, y)));
        let all = (0..h).fold(B::default(), |set, y| set | row(y));
        let lines = slides
            .iter()
            .map(|&at| {
                let line = at.index - 1;
                let (tiles, entry, exit, up, step) = match at.side {
                    Direction::North => (column(line), index(line, 0), index(line, h - 1), true, w),
                    Direction::South => {
                        (column(line), index(line, h - 1), index(line, 0), false, w)
                    }
                    Direction::West => (row(line), index(0, line), index(w - 1, line), true, 1),
                    Direction::East => (row(line), index(w - 1, line), index(0, line), false, 1),
                };
                Line {
                    at,
                    tiles,
                    entry,
                    exit,
                    up,
                    step: u32::from(step),
                }
            })
            .collect();
        Geometry {
            width,
            height,
            all,
            not_first_column: all & !column(0),
            not_last_column: all & !column(w - 1),
            lines,
        }
    }

    pub fn pos(&self, index: u8) -> crate::games::moving_maze::board::Pos {
        crate::games::moving_maze::board::Pos::new(index % self.width, index / self.width)
    }

    /// `set` shifted along `line`; the bit pushed off the far end is dropped.
    #[inline]
    pub fn shift(&self, set: B, line: &Line<B>) -> B {
        let on = set & line.tiles;
        let moved = if line.up {
            on.up(line.step)
        } else {
            on.down(line.step)
        };
        (set & !line.tiles) | (moved & line.tiles)
    }

    /// Where the tile at `index` ends up after sliding `line`; `None` when
    /// it is pushed out.
    #[inline]
    pub fn shifted_index(&self, index: u8, line: &Line<B>) -> Option<u8> {
        if !line.tiles.has(index) {
            return Some(index);
        }
        if index == line.exit {
            return None;
        }
        let step = line.step as u8;
        Some(if line.up { index + step } else { index - step })
    }

    /// Slides the floating tile in along `line`; the pushed-out tile
    /// becomes the floating one.
    #[inline]
    pub fn slide(&self, maze: &BitMaze<B>, line: &Line<B>) -> BitMaze<B> {
        let entry = B::bit(line.entry);
        let mut next = *maze;
        let mut pushed = 0u8;
        for (side, board) in next.open.iter_mut().enumerate() {
            if board.has(line.exit) {
                pushed |= 1 << side;
            }
            let shifted = self.shift(*board, line) & !entry;
            let inserted = if maze.floating & (1 << side) != 0 {
                entry
            } else {
                B::default()
            };
            *board = shifted | inserted;
        }
        next.floating = pushed;
        next
    }

    /// The tiles linked to their east and south neighbours.
    #[inline]
    fn links(&self, maze: &BitMaze<B>) -> (B, B) {
        let w = u32::from(self.width);
        let [north, east, south, west] = maze.open;
        (
            east & west.down(1) & self.not_last_column,
            south & north.down(w) & self.all,
        )
    }

    /// Every tile reachable from the tiles of `start` in `maze`.
    #[inline]
    pub fn flood(&self, maze: &BitMaze<B>, start: B) -> B {
        self.spread(maze, start, B::default())
    }

    /// Whether the flood from `start` in `maze` touches `goal`; stops as
    /// soon as it does.
    #[inline]
    pub fn reaches(&self, maze: &BitMaze<B>, start: B, goal: B) -> bool {
        !(self.spread(maze, start, goal) & goal).is_empty()
    }

    /// Floods from `start` until nothing grows or `goal` is touched.
    #[inline]
    fn spread(&self, maze: &BitMaze<B>, start: B, goal: B) -> B {
        let w = u32::from(self.width);
        let (east, south) = self.links(maze);
        let (west, north) = (east.up(1), south.up(w));
        let mut reach = start;
        loop {
            let next = reach
                | (reach & east).up(1)
                | (reach & west).down(1)
                | (reach & south).up(w)
                | (reach & north).down(w);
            if next == reach || !(next & goal).is_empty() {
                return next;
            }
            reach = next;
        }
    }

    /// `set` and every tile one step away through a side of `set` that is
    /// open, whatever the neighbour's side: what a slide could connect it to.
    #[inline]
    pub fn touching(&self, maze: &BitMaze<B>, set: B) -> B {
        let w = u32::from(self.width);
        let [north, east, south, west] = maze.open;
        set | (set & north).down(w)
            | ((set & south).up(w) & self.all)
            | ((set & east & self.not_last_column).up(1))
            | ((set & west & self.not_first_column).down(1))
    }
}

#[cfg(test)]
mod tests {
    use super::super::bits::Wide;
    use super::*;
    use crate::games::moving_maze::board::Sides;

    fn maze(width: u8, height: u8, seed: u64) -> Maze {
        let mut state = seed;
        let rows: Vec<Vec<Tile>> = (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                        Tile::new(Sides::from_bits((state >> 33) as u8), None)
                    })
                    .collect()
            })
            .collect();
        Maze::from_rows(&rows).unwrap()
    }

    /// Every slide of the bit maze agrees with the engine's maze, on the
    /// three word sizes.
    fn slides_agree<B: Bits>(width: u8, height: u8) {
        let mut engine = maze(width, height, u64::from(width) * 7 + u64::from(height));
        let mut floating = Tile::new(Sides::from_bits(0b0101), None);
        let slides: Vec<SlideAt> = Direction::ALL
            .into_iter()
            .flat_map(|side| (1..=engine.lines_from(side)).map(move |i| SlideAt::new(side, i)))
            .collect();
        let geometry = Geometry::<B>::new(width, height, &slides);
        let mut bits = BitMaze::<B>::of(&engine, floating);
        for line in &geometry.lines {
            bits = geometry.slide(&bits, line);
            floating = engine.slide(line.at, floating);
            assert_eq!(bits, BitMaze::of(&engine, floating), "after {}", line.at);
        }
    }

    #[test]
    fn slides_agree_with_the_engine_on_every_word_size() {
        slides_agree::<u64>(7, 7);
        slides_agree::<u128>(9, 11);
        slides_agree::<Wide>(13, 13);
        slides_agree::<Wide>(5, 3);
    }
}
