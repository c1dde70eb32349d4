//! The maze as four bit boards of open sides, so that a slide and a
//! reachable-set query are a few dozen word operations.

use crate::games::moving_maze::board::{Direction, Maze, Pos, SlideAt, Tile};
use crate::games::moving_maze::engine::TileSet;

/// Where a tracked relic lies: a row-major index, or on the floating tile.
pub(super) const FLOATING: u8 = u8::MAX;
/// A tracked relic already collected.
pub(super) const COLLECTED: u8 = u8::MAX - 1;

/// Open sides per direction (north, east, south, west), one bit per tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct BitMaze {
    pub open: [TileSet; 4],
    /// The floating tile's open sides (bit 0 north ... bit 3 west).
    pub floating: u8,
}

/// Sizes and masks of one maze shape, computed once per solve.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    pub width: u8,
    pub height: u8,
    all: TileSet,
    not_last_column: TileSet,
    rows: Vec<TileSet>,
    columns: Vec<TileSet>,
}

impl Geometry {
    pub fn new(width: u8, height: u8) -> Geometry {
        let (w, h) = (width as usize, height as usize);
        let row = |y: usize| ((1u128 << w) - 1) << (y * w);
        let column = |x: usize| (0..h).fold(0u128, |set, y| set | 1 << (y * w + x));
        let all = (0..h).fold(0, |set, y| set | row(y));
        Geometry {
            width,
            height,
            all,
            not_last_column: all & !column(w - 1),
            rows: (0..h).map(row).collect(),
            columns: (0..w).map(column).collect(),
        }
    }

    pub fn index(&self, pos: Pos) -> u8 {
        pos.y * self.width + pos.x
    }

    pub fn pos(&self, index: u8) -> Pos {
        Pos::new(index % self.width, index / self.width)
    }

    /// The row-major index where a tile slid in at `at` lands.
    pub fn entry(&self, at: SlideAt) -> u8 {
        let line = at.index - 1;
        let pos = match at.side {
            Direction::North => Pos::new(line, 0),
            Direction::South => Pos::new(line, self.height - 1),
            Direction::West => Pos::new(0, line),
            Direction::East => Pos::new(self.width - 1, line),
        };
        self.index(pos)
    }

    /// The tiles of the line `at` slides.
    fn line(&self, at: SlideAt) -> TileSet {
        let line = at.index as usize - 1;
        if at.is_column() {
            self.columns[line]
        } else {
            self.rows[line]
        }
    }

    /// `set` shifted along the line `at` slides; bits pushed off the far
    /// end are dropped.
    pub fn shift(&self, set: TileSet, at: SlideAt) -> TileSet {
        let line = self.line(at);
        let on = set & line;
        let moved = match at.side {
            Direction::North => on << self.width,
            Direction::South => on >> self.width,
            Direction::West => on << 1,
            Direction::East => on >> 1,
        } & line;
        (set & !line) | moved
    }

    /// Where a tile at `index` ends up after the slide `at`, or `None`
    /// when it is pushed out.
    pub fn shifted_index(&self, index: u8, at: SlideAt) -> Option<u8> {
        let moved = self.shift(1 << index, at);
        (moved != 0).then(|| moved.trailing_zeros() as u8)
    }

    /// Every tile reachable from the tiles of `start` in `maze`.
    pub fn flood(&self, maze: &BitMaze, start: TileSet) -> TileSet {
        self.spread(maze, start, 0)
    }

    /// Whether the flood from `start` in `maze` touches `goal`; stops as
    /// soon as it does.
    pub fn reaches(&self, maze: &BitMaze, start: TileSet, goal: TileSet) -> bool {
        self.spread(maze, start, goal) & goal != 0
    }

    /// Floods from `start` until nothing grows or `goal` is touched.
    fn spread(&self, maze: &BitMaze, start: TileSet, goal: TileSet) -> TileSet {
        let w = self.width as u32;
        let [north, east_open, south_open, west] = maze.open;
        let east = east_open & (west >> 1) & self.not_last_column;
        let south = south_open & (north >> w) & self.all;
        let tiles = self.all.count_ones() as usize;
        crate::games::moving_maze::engine::spread(start, goal, [east, south], self.width, tiles)
    }

    /// Slides the floating tile in at `at`; returns the shifted maze and
    /// the index the pushed-out tile came from (for relic tracking the
    /// caller uses `shifted_index`).
    pub fn slide(&self, maze: &BitMaze, at: SlideAt) -> BitMaze {
        let line = self.line(at);
        let exit = self.exit_bit(at);
        let entry = 1u128 << self.entry(at);
        let mut next = *maze;
        let mut pushed = 0u8;
        for (side, board) in next.open.iter_mut().enumerate() {
            if *board & exit != 0 {
                pushed |= 1 << side;
            }
            let shifted = self.shift(*board & line, at);
            let inserted = if maze.floating & (1 << side) != 0 {
                entry
            } else {
                0
            };
            *board = (*board & !line) | shifted | inserted;
        }
        next.floating = pushed;
        next
    }

    /// The tile a slide at `at` pushes out, as a set.
    pub fn exit_bit(&self, at: SlideAt) -> TileSet {
        1u128 << self.entry(at.reverse())
    }
}

impl BitMaze {
    pub fn of(maze: &Maze, floating: Tile) -> BitMaze {
        let mut open = [0u128; 4];
        for (index, tile) in maze.tiles().iter().enumerate() {
            for direction in Direction::ALL {
                if tile.is_open(direction) {
                    open[direction.index()] |= 1 << index;
                }
            }
        }
        BitMaze {
            open,
            floating: floating.sides().bits(),
        }
    }

    /// The floating tile turned `turns` quarters clockwise.
    pub fn rotated(&self, turns: u8) -> BitMaze {
        let bits = self.floating;
        let turns = turns % 4;
        let rotated = ((bits << turns) | (bits >> (4 - turns))) & 0b1111;
        BitMaze {
            floating: rotated,
            ..*self
        }
    }

    /// Whether the tile at `index` is open towards `direction`.
    pub fn is_open(&self, index: u8, direction: Direction) -> bool {
        self.open[direction.index()] & (1 << index) != 0
    }
}
