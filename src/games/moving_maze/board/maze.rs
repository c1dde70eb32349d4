//! The tile maze: a fixed-capacity grid of tiles, and the slide that moves it.

use std::fmt;

use super::tile::{Direction, Tile};

/// The largest width or height the engine supports (13: a maze of up to
/// 169 tiles, which a game state holds inline and a three-word
/// [`TileSet`](crate::games::moving_maze::engine::TileSet) covers).
pub const MAX_SIDE: u8 = 13;
/// The largest number of tiles in a maze.
pub const MAX_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// A tile position, 0-based, `x` the column from the left, `y` the row from
/// the top. Displayed 1-based as `X,Y`, like the pathfinding input.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Pos {
    /// Column, 0-based.
    pub x: u8,
    /// Row, 0-based.
    pub y: u8,
}

impl Pos {
    /// The position at column `x`, row `y` (both 0-based).
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }
}

impl fmt::Display for Pos {
    /// 1-based `X,Y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", u16::from(self.x) + 1, u16::from(self.y) + 1)
    }
}

/// Where a tile is slid in: the side of the maze it enters from and the
/// 1-based row (for `East`/`West`) or column (for `North`/`South`).
///
/// Written like the specification's sliding indicator: `n4` enters from the
/// north into column 4 and pushes the column south.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct SlideAt {
    /// The side the tile enters from.
    pub side: Direction,
    /// The 1-based row or column number.
    pub index: u8,
}

impl SlideAt {
    /// The slide entering from `side` at 1-based line `index`.
    pub const fn new(side: Direction, index: u8) -> SlideAt {
        SlideAt { side, index }
    }

    /// The slide that would push the same line back: `n4` -> `s4`. Sliding
    /// there is sliding into the last exit point.
    pub const fn reverse(self) -> SlideAt {
        SlideAt::new(self.side.opposite(), self.index)
    }

    /// Reads a sliding indicator such as `n4`: a side letter (`n`, `e`, `s`,
    /// `w`) and a 1-based row or column number in ASCII digits. The line is
    /// not checked against any maze.
    ///
    /// ```
    /// use relic::games::moving_maze::board::{Direction, SlideAt};
    /// assert_eq!(SlideAt::parse("e2"), Some(SlideAt::new(Direction::East, 2)));
    /// assert_eq!(SlideAt::parse("e"), None);
    /// assert_eq!(SlideAt::parse("x2"), None);
    /// ```
    pub fn parse(indicator: &str) -> Option<SlideAt> {
        let mut chars = indicator.chars();
        let side = Direction::from_letter(chars.next()?)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let index = digits.trim_start_matches('0');
        Some(SlideAt::new(
            side,
            if index.is_empty() {
                0
            } else {
                index.parse().ok()?
            },
        ))
    }

    /// Whether the line is a column (the tile enters from north or south).
    pub const fn is_column(self) -> bool {
        matches!(self.side, Direction::North | Direction::South)
    }
}

impl fmt::Display for SlideAt {
    /// The sliding indicator, for example `n4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.letter(), self.index)
    }
}

/// A complete grid of tiles, rows top first.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Maze {
    width: u8,
    height: u8,
    tiles: [Tile; MAX_CELLS],
}

impl Maze {
    /// Builds a maze from rows of tiles, top row first. Returns `None` if the
    /// rows are empty, ragged, or larger than [`MAX_SIDE`].
    ///
    /// ```
    /// use relic::games::moving_maze::board::{Maze, Tile};
    /// let t = Tile::from_code("1111xx").unwrap();
    /// let maze = Maze::from_rows(&[vec![t; 3], vec![t; 3], vec![t; 3]]).unwrap();
    /// assert_eq!((maze.width(), maze.height()), (3, 3));
    /// ```
    pub fn from_rows<R: AsRef<[Tile]>>(rows: &[R]) -> Option<Maze> {
        let height = rows.len();
        let width = rows.first()?.as_ref().len();
        let fits = |n: usize| (1..=MAX_SIDE as usize).contains(&n);
        if !fits(width) || !fits(height) || rows.iter().any(|r| r.as_ref().len() != width) {
            return None;
        }
        let mut maze = Maze {
            width: width as u8,
            height: height as u8,
            tiles: [Tile::default(); MAX_CELLS],
        };
        for (y, row) in rows.iter().enumerate() {
            for (x, tile) in row.as_ref().iter().enumerate() {
                maze.tiles[y * width + x] = *tile;
            }
        }
        Some(maze)
    }

    /// Builds a maze from rows of six-character tile codes (`"0110g1"`), top
    /// row first. Returns `None` if a code is malformed or the rows are
    /// empty, ragged or too large. The maze need not be a whole game board.
    ///
    /// ```
    /// use relic::games::moving_maze::board::Maze;
    /// let maze = Maze::from_codes(&[["1111xx", "0110g1"], ["1010xx", "0101xx"]]).unwrap();
    /// assert_eq!((maze.width(), maze.height()), (2, 2));
    /// assert!(Maze::from_codes(&[["1111xx", "bad"]]).is_none());
    /// ```
    pub fn from_codes<R: AsRef<[S]>, S: AsRef<str>>(rows: &[R]) -> Option<Maze> {
        let tiles: Option<Vec<Vec<Tile>>> = rows
            .iter()
            .map(|row| {
                row.as_ref()
                    .iter()
                    .map(|code| Tile::from_code(code.as_ref()))
                    .collect()
            })
            .collect();
        Maze::from_rows(&tiles?)
    }

    /// Width in tiles.
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Height in tiles.
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Whether `pos` lies inside the maze.
    pub const fn contains(&self, pos: Pos) -> bool {
        pos.x < self.width && pos.y < self.height
    }

    /// The row-major index of `pos` (`y * width + x`).
    pub const fn index_of(&self, pos: Pos) -> usize {
        pos.y as usize * self.width as usize + pos.x as usize
    }

    /// The position of row-major index `index`.
    pub const fn pos_of(&self, index: usize) -> Pos {
        Pos::new(
            (index % self.width as usize) as u8,
            (index / self.width as usize) as u8,
        )
    }

    /// The tile at `pos`. Panics if `pos` is outside the maze.
    pub fn tile(&self, pos: Pos) -> Tile {
        assert!(self.contains(pos), "position {pos} outside the maze");
        self.tiles[self.index_of(pos)]
    }

    /// Replaces the tile at `pos`. Panics if `pos` is outside the maze.
    pub fn set_tile(&mut self, pos: Pos, tile: Tile) {
        assert!(self.contains(pos), "position {pos} outside the maze");
        let index = self.index_of(pos);
        self.tiles[index] = tile;
    }

    /// All tiles, row-major.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.width as usize * self.height as usize]
    }

    /// Mutable access to all tiles, row-major.
    pub fn tiles_mut(&mut self) -> &mut [Tile] {
        let len = self.width as usize * self.height as usize;
        &mut self.tiles[..len]
    }

    /// The rows, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[Tile]> {
        self.tiles().chunks(self.width as usize)
    }

    /// The neighbouring position in `direction`, or `None` off the edge.
    pub const fn neighbour(&self, pos: Pos, direction: Direction) -> Option<Pos> {
        let (x, y) = (pos.x, pos.y);
        match direction {
            Direction::North if y > 0 => Some(Pos::new(x, y - 1)),
            Direction::East if x + 1 < self.width => Some(Pos::new(x + 1, y)),
            Direction::South if y + 1 < self.height => Some(Pos::new(x, y + 1)),
            Direction::West if x > 0 => Some(Pos::new(x - 1, y)),
            _ => None,
        }
    }

    /// The position one step from `pos` in `direction`, if there is a tile
    /// there and both touching sides are open.
    pub fn step(&self, pos: Pos, direction: Direction) -> Option<Pos> {
        let to = self.neighbour(pos, direction)?;
        self.tile(pos)
            .connects_to(self.tile(to), direction)
            .then_some(to)
    }

    /// Where a walk of single `steps` from `start` ends, or `None` if any
    /// step is blocked or leaves the maze.
    ///
    /// ```
    /// use relic::games::moving_maze::board::{Direction::*, Maze, Pos};
    /// let maze = Maze::from_codes(&[["0110xx", "0001xx"], ["1100xx", "0000xx"]]).unwrap();
    /// assert_eq!(maze.walk(Pos::new(0, 0), [East]), Some(Pos::new(1, 0)));
    /// assert_eq!(maze.walk(Pos::new(0, 0), [East, South]), None);
    /// ```
    pub fn walk(&self, start: Pos, steps: impl IntoIterator<Item = Direction>) -> Option<Pos> {
        if !self.contains(start) {
            return None;
        }
        steps
            .into_iter()
            .try_fold(start, |pos, direction| self.step(pos, direction))
    }

    /// Slides `tile` in at `at` like [`Maze::slide`] and returns the tile
    /// pushed out, or `None` (and no change) if `at` names no line of this
    /// maze.
    pub fn try_slide(&mut self, at: SlideAt, tile: Tile) -> Option<Tile> {
        self.has_line(at).then(|| self.slide(at, tile))
    }

    /// The number of lines (columns or rows) a slide from `side` can enter.
    pub const fn lines_from(&self, side: Direction) -> u8 {
        match side {
            Direction::North | Direction::South => self.width,
            Direction::East | Direction::West => self.height,
        }
    }

    /// Whether `at` names a line of this maze (index 1..=width or height).
    pub const fn has_line(&self, at: SlideAt) -> bool {
        at.index >= 1 && at.index <= self.lines_from(at.side)
    }

    /// The position where a tile slid in at `at` lands.
    pub const fn entry(&self, at: SlideAt) -> Pos {
        let line = at.index - 1;
        match at.side {
            Direction::North => Pos::new(line, 0),
            Direction::South => Pos::new(line, self.height - 1),
            Direction::West => Pos::new(0, line),
            Direction::East => Pos::new(self.width - 1, line),
        }
    }

    /// The position of the tile a slide at `at` pushes out.
    pub const fn exit(&self, at: SlideAt) -> Pos {
        self.entry(at.reverse())
    }

    /// Where a tile at `pos` on the slid line ends up after the slide at
    /// `at`, or `None` if it is pushed out. Positions off the line stay put.
    pub const fn shifted(&self, at: SlideAt, pos: Pos) -> Option<Pos> {
        let on_line = if at.is_column() {
            pos.x == at.index - 1
        } else {
            pos.y == at.index - 1
        };
        if !on_line {
            return Some(pos);
        }
        self.neighbour(pos, at.side.opposite())
    }

    /// Slides `tile` in at `at`, shifting the line by one, and returns the
    /// tile pushed out on the far side. `at` must name a line of the maze.
    ///
    /// ```
    /// use relic::games::moving_maze::board::{Direction, Maze, SlideAt, Tile};
    /// let a = Tile::from_code("1111xx").unwrap();
    /// let b = Tile::from_code("1010g1").unwrap();
    /// let mut maze = Maze::from_rows(&[vec![a, b, a], vec![a, a, a], vec![a, a, a]]).unwrap();
    /// let floating = Tile::from_code("0101xx").unwrap();
    /// let out = maze.slide(SlideAt::new(Direction::East, 1), floating);
    /// assert_eq!(out, a);
    /// assert_eq!(maze.rows().next().unwrap(), &[b, a, floating]);
    /// ```
    pub fn slide(&mut self, at: SlideAt, tile: Tile) -> Tile {
        assert!(self.has_line(at), "slide {at} outside the maze");
        let (start, step, len) = self.line_layout(at);
        let pushed = self.tiles[(start + step * (len - 1) as isize) as usize];
        for k in (1..len).rev() {
            let to = (start + step * k as isize) as usize;
            let from = (start + step * (k - 1) as isize) as usize;
            self.tiles[to] = self.tiles[from];
        }
        self.tiles[start as usize] = tile;
        pushed
    }

    /// The row-major index of the entry tile, the stride towards the exit,
    /// and the line's length.
    const fn line_layout(&self, at: SlideAt) -> (isize, isize, u8) {
        let entry = self.entry(at);
        let start = self.index_of(entry) as isize;
        let w = self.width as isize;
        match at.side {
            Direction::North => (start, w, self.height),
            Direction::South => (start, -w, self.height),
            Direction::West => (start, 1, self.width),
            Direction::East => (start, -1, self.width),
        }
    }
}

impl fmt::Debug for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        for row in self.rows() {
            let codes: Vec<String> = row.iter().map(Tile::to_string).collect();
            list.entry(&codes.join(" "));
        }
        list.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maze_of(codes: &[&[&str]]) -> Maze {
        let rows: Vec<Vec<Tile>> = codes
            .iter()
            .map(|row| row.iter().map(|c| Tile::from_code(c).unwrap()).collect())
            .collect();
        Maze::from_rows(&rows).unwrap()
    }

    #[test]
    fn slide_then_reverse_restores_the_maze() {
        let original = maze_of(&[
            &["0110xx", "0101xx", "0011xx"],
            &["1110xx", "1010g1", "1010xx"],
            &["1100xx", "1101xx", "1001xx"],
        ]);
        for side in Direction::ALL {
            let at = SlideAt::new(side, 2);
            let mut maze = original.clone();
            let floating = Tile::from_code("1111xx").unwrap();
            let out = maze.slide(at, floating);
            let back = maze.slide(at.reverse(), out);
            assert_eq!(back, floating);
            assert_eq!(maze, original);
        }
    }

    #[test]
    fn shifted_follows_the_slide() {
        let maze = maze_of(&[&["1111xx"; 3], &["1111xx"; 3], &["1111xx"; 3]]);
        let at = SlideAt::new(Direction::North, 2);
        assert_eq!(maze.shifted(at, Pos::new(1, 0)), Some(Pos::new(1, 1)));
        assert_eq!(maze.shifted(at, Pos::new(1, 2)), None);
        assert_eq!(maze.shifted(at, Pos::new(0, 2)), Some(Pos::new(0, 2)));
        assert_eq!(maze.exit(at), Pos::new(1, 2));
    }
}
