//! Connectivity as bit boards: one bit per tile, row-major, so a
//! reachable-set query is a handful of shifts and masks, and a slide
//! updates the connections with a few more, without visiting tiles.

pub use super::tileset::TileSet;
use crate::games::moving_maze::board::{Direction, Maze, Pos, SlideAt, Tile};

/// The open sides of every tile of a maze, and which neighbouring tiles
/// connect, as bit boards.
///
/// ```
/// use relic::games::moving_maze::board::parse_board;
/// use relic::games::moving_maze::engine::{Links, positions};
/// use relic::rules::Rules;
///
/// let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
/// let board = parse_board(gbf, &Rules::standard().limits()).unwrap();
/// let links = Links::of(board.maze());
/// // From 1,1 every tile is reachable, the middle one by way of 2,3.
/// let reach = links.reachable(0);
/// assert_eq!(reach.count_ones(), 9);
/// // 2,2 is closed to the west and east: it connects north and south only.
/// let tiles: Vec<String> = positions(reach, 3).map(|p| p.to_string()).collect();
/// assert_eq!(tiles[..4], ["1,1", "2,1", "3,1", "1,2"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Links {
    /// `open[d]`: the tiles whose side facing direction `d` is open.
    open: [TileSet; 4],
    /// The tiles connected to their east neighbour.
    east: TileSet,
    /// The tiles connected to their south neighbour.
    south: TileSet,
    /// The first column's tiles.
    first_column: TileSet,
    width: u8,
    height: u8,
}

impl Links {
    /// The links of `maze`.
    pub fn of(maze: &Maze) -> Links {
        let (w, h) = (maze.width(), maze.height());
        let mut links = Links {
            width: w,
            height: h,
            ..Links::default()
        };
        for (i, tile) in maze.tiles().iter().enumerate() {
            for d in Direction::ALL {
                if tile.is_open(d) {
                    links.open[d.index()].insert(i);
                }
            }
        }
        for y in 0..h {
            links.first_column.insert(usize::from(y) * usize::from(w));
        }
        links.connect();
        links
    }

    /// Recomputes `east` and `south` from the open sides.
    fn connect(&mut self) {
        self.update(None);
    }

    /// Updates the links for the slide at `at` that put `tile` into the
    /// maze; equals `Links::of` on the maze after the slide.
    pub fn slide(&mut self, at: SlideAt, tile: Tile) {
        self.update(Some((at, tile)));
    }

    /// Slides (when asked) and recomputes the links in the narrowest word
    /// that holds the maze: a 7x7 maze costs one word per board, not three.
    fn update(&mut self, slide: Option<(SlideAt, Tile)>) {
        let tiles = usize::from(self.width) * usize::from(self.height);
        if tiles <= u64::BITS as usize {
            self.update_in(slide, TileSet::low_u64);
        } else if tiles <= u128::BITS as usize {
            self.update_in(slide, TileSet::low_u128);
        } else {
            self.update_in(slide, |set| *set);
        }
    }

    fn update_in<T: Bits + Into<TileSet>>(
        &mut self,
        slide: Option<(SlideAt, Tile)>,
        narrow: fn(&TileSet) -> T,
    ) {
        let (w, h) = (u32::from(self.width), u32::from(self.height));
        let mut open = self.open.each_ref().map(narrow);
        let first_column = narrow(&self.first_column);
        if let Some((at, tile)) = slide {
            slide_open(&mut open, first_column, at, tile, (w, h));
            self.open = open.map(Into::into);
        }
        let last_column = first_column << (w - 1);
        let [north, east, south, west] = open;
        self.east = (east & (west >> 1) & !last_column).into();
        self.south = (south & (north >> w)).into();
    }

    /// Every tile reachable along pathways from row-major index `start`,
    /// `start` included; empty if `start` is not a tile of the maze.
    pub fn reachable(&self, start: usize) -> TileSet {
        self.flood(start, TileSet::EMPTY)
    }

    /// Whether the tiles at row-major indexes `from` and `to` are connected
    /// by pathways; stops as soon as `to` is reached.
    pub fn connects(&self, from: usize, to: usize) -> bool {
        to < self.width as usize * self.height as usize
            && self.flood(from, TileSet::single(to)).contains(to)
    }

    /// The tiles reachable from `start`; or, once the flood reaches a tile
    /// of `goal`, the tiles reached so far.
    fn flood(&self, start: usize, goal: TileSet) -> TileSet {
        let tiles = self.width as usize * self.height as usize;
        if start >= tiles {
            return TileSet::EMPTY;
        }
        spread(
            TileSet::single(start),
            goal,
            [self.east, self.south],
            self.width,
            tiles,
        )
    }
}

/// Spreads the tiles of `start` along pathways until nothing grows or a
/// tile of `goal` is reached, in a maze `width` wide of `tiles` tiles.
/// `east` and `south` hold the tiles linked to their east and south
/// neighbours (both sides open, neighbour inside the maze).
///
/// ```
/// use relic::games::moving_maze::engine::{TileSet, spread};
/// // A 3x1 corridor: tile 0 links east to 1, 1 to 2.
/// let set = |bits: u64| TileSet::from(bits);
/// assert_eq!(spread(set(0b001), set(0), [set(0b011), set(0)], 3, 3), set(0b111));
/// // Stop as soon as tile 1 is reached.
/// assert_eq!(spread(set(0b001), set(0b010), [set(0b011), set(0)], 3, 3), set(0b011));
/// ```
pub fn spread(
    start: TileSet,
    goal: TileSet,
    [east, south]: [TileSet; 2],
    width: u8,
    tiles: usize,
) -> TileSet {
    let w = width as u32;
    if tiles <= u64::BITS as usize {
        // Small mazes fit in one machine word: twice as fast.
        let links = [east.low_u64(), south.low_u64()];
        return TileSet::from(flood(start.low_u64(), goal.low_u64(), links, w));
    }
    if tiles <= u128::BITS as usize {
        let links = [east.low_u128(), south.low_u128()];
        return TileSet::from(flood(start.low_u128(), goal.low_u128(), links, w));
    }
    flood(start, goal, [east, south], w)
}

/// The flood fill along `east` and `south` links from the tiles of
/// `start` in a maze `w` wide, on bit boards of either width.
fn flood<T>(start: T, goal: T, [east, south]: [T; 2], w: u32) -> T
where
    T: Eq + Bits,
{
    let (west, north) = (east << 1, south << w);
    let mut reach = start;
    loop {
        let next = reach
            | (reach & east) << 1
            | (reach & west) >> 1
            | (reach & south) << w
            | (reach & north) >> w;
        if next == reach || next & goal != T::default() {
            return next;
        }
        reach = next;
    }
}

/// Slides the open sides of the line `at` one tile on and puts `tile`'s
/// sides in at the entry, in a maze `w` by `h` tiles.
fn slide_open<T: Bits>(
    open: &mut [T; 4],
    first_column: T,
    at: SlideAt,
    tile: Tile,
    (w, h): (u32, u32),
) {
    let line = u32::from(at.index) - 1;
    let (mask, entry) = if at.is_column() {
        let entry = match at.side {
            Direction::North => line,
            _ => (h - 1) * w + line,
        };
        (first_column << line, entry)
    } else {
        let entry = match at.side {
            Direction::West => line * w,
            _ => line * w + w - 1,
        };
        (T::row(w, line * w), entry)
    };
    for d in Direction::ALL {
        let board = open[d.index()];
        let on_line = board & mask;
        let moved = match at.side {
            Direction::North => on_line << w,
            Direction::South => on_line >> w,
            Direction::West => on_line << 1,
            Direction::East => on_line >> 1,
        } & mask;
        let entered = if tile.is_open(d) {
            T::bit(entry)
        } else {
            T::default()
        };
        open[d.index()] = (board & !mask) | moved | entered;
    }
}

/// The bit operations a flood fill and a slide need, on bit boards of
/// one, two or three words.
trait Bits:
    Copy
    + Default
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    /// The set of index `index`.
    fn bit(index: u32) -> Self;
    /// `width` consecutive indices from `start`.
    fn row(width: u32, start: u32) -> Self;
}

impl Bits for u64 {
    fn bit(index: u32) -> u64 {
        1 << index
    }
    fn row(width: u32, start: u32) -> u64 {
        ((1 << width) - 1) << start
    }
}

impl Bits for u128 {
    fn bit(index: u32) -> u128 {
        1 << index
    }
    fn row(width: u32, start: u32) -> u128 {
        ((1 << width) - 1) << start
    }
}

impl Bits for TileSet {
    fn bit(index: u32) -> TileSet {
        TileSet::single(index as usize)
    }
    fn row(width: u32, start: u32) -> TileSet {
        TileSet::from((1u64 << width) - 1).shifted_up(start)
    }
}

/// The positions in `set`, row-major, in a maze `width` wide.
///
/// ```
/// use relic::games::moving_maze::board::Pos;
/// use relic::games::moving_maze::engine::{TileSet, positions};
/// let set = TileSet::from(0b1000_0010u64);
/// assert_eq!(positions(set, 3).collect::<Vec<_>>(), [Pos::new(1, 0), Pos::new(1, 2)]);
/// ```
pub fn positions(set: TileSet, width: u8) -> impl Iterator<Item = Pos> {
    let words = set.words();
    let (mut word, mut rest) = (0, words[0]);
    std::iter::from_fn(move || {
        while rest == 0 {
            word += 1;
            rest = *words.get(word)?;
        }
        let i = word * 64 + rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(Pos::new(
            (i % width as usize) as u8,
            (i / width as usize) as u8,
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::moving_maze::board::MAX_SIDE;

    /// A deterministic pseudo-random maze of any size up to the largest.
    fn maze(width: u8, height: u8, seed: u64) -> Maze {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u8
        };
        let rows: Vec<Vec<Tile>> = (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| {
                        Tile::new(
                            crate::games::moving_maze::board::Sides::from_bits(next()),
                            None,
                        )
                    })
                    .collect()
            })
            .collect();
        Maze::from_rows(&rows).unwrap()
    }

    #[test]
    fn a_slide_updates_the_links_like_a_fresh_computation() {
        for (width, height) in [(3, 3), (7, 7), (5, 9), (MAX_SIDE, MAX_SIDE), (2, 11)] {
            let mut maze = maze(width, height, u64::from(width) * 31 + u64::from(height));
            let mut links = Links::of(&maze);
            let mut floating = Tile::new(crate::games::moving_maze::board::Sides::ALL, None);
            for side in Direction::ALL {
                for index in 1..=maze.lines_from(side) {
                    let at = SlideAt::new(side, index);
                    links.slide(at, floating);
                    floating = maze.slide(at, floating).rotated_clockwise();
                    assert_eq!(links, Links::of(&maze), "after {at} on {width}x{height}");
                }
            }
        }
    }

    #[test]
    fn connects_agrees_with_the_reachable_set() {
        for (width, height) in [(3, 3), (7, 7), (9, 9), (MAX_SIDE, MAX_SIDE)] {
            let maze = maze(width, height, 99);
            let links = Links::of(&maze);
            let tiles = width as usize * height as usize;
            for from in 0..tiles {
                let reach = links.reachable(from);
                for to in 0..tiles {
                    assert_eq!(links.connects(from, to), reach.contains(to));
                }
            }
        }
    }

    #[test]
    fn reachability_needs_both_touching_sides_open_and_never_wraps() {
        // 2,1 opens east and 1,2 opens west: they are not neighbours.
        let tile = |code| Tile::from_code(code).unwrap();
        let maze = Maze::from_rows(&[
            vec![tile("0110xx"), tile("0110xx")],
            vec![tile("1101xx"), tile("1000xx")],
        ])
        .unwrap();
        let links = Links::of(&maze);
        assert_eq!(links.reachable(0), TileSet::from(0b0101u64));
        assert_eq!(links.reachable(1), TileSet::from(0b1010u64));
        assert!(links.reachable(4).is_empty(), "not a tile");
        assert!(!links.connects(0, 200));
        assert!(!links.connects(200, 0));
    }
}
