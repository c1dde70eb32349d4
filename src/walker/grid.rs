//! The grid both walker interpreters play on: a rectangle of squares,
//! each holding one kind (a small integer, an index into the ruleset's
//! kinds) and a falling bit, stored row by row from y = 0. Walker-physics
//! games put `(0, 0)` at the south-west corner (north is +y); level-walking
//! games put row 0 at the top (y counts rows down). Everything outside
//! counts as the ruleset's `outside` kind.

/// A step on the grid, `(dx, dy)`: a walker-physics direction's delta or
/// a level-walking step key's offset (there, y counts rows down).
pub type Offset = (i32, i32);

/// The falling bit of a square's byte.
pub(super) const FALLING: u8 = 0x80;

/// A rectangle of squares.
///
/// ```
/// use relic::walker::Grid;
/// let mut grid = Grid::new(3, 2, 0, 9);
/// grid.set(2, 1, 4, true);
/// assert_eq!(grid.get(2, 1), (4, true));
/// assert_eq!(grid.get(3, 1), (9, false)); // outside
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: u16,
    height: u16,
    outside: u8,
    pub(super) cells: Vec<u8>,
}

impl Grid {
    /// A `width` x `height` grid filled with `fill`; squares outside read
    /// as `outside`.
    pub fn new(width: usize, height: usize, fill: u8, outside: u8) -> Grid {
        Grid {
            width: width as u16,
            height: height as u16,
            outside,
            cells: vec![fill; width * height],
        }
    }

    /// A `width` x `height` grid holding `kinds` row by row from y = 0
    /// (at rest); squares outside read as `outside`.
    ///
    /// ```
    /// use relic::walker::Grid;
    /// let grid = Grid::from_kinds(2, 2, vec![0, 1, 2, 3], 9);
    /// assert_eq!(grid.kind(1, 0), 1);
    /// assert_eq!(grid.neighbour(0, (1, 1)), Some(3));
    /// assert_eq!(grid.neighbour(0, (-1, 0)), None);
    /// ```
    pub fn from_kinds(width: usize, height: usize, kinds: Vec<u8>, outside: u8) -> Grid {
        assert_eq!(kinds.len(), width * height, "a kind per square");
        Grid {
            width: width as u16,
            height: height as u16,
            outside,
            cells: kinds,
        }
    }

    /// Its width in squares.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Its height in squares.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Whether `(x, y)` is on the grid.
    #[inline]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < i32::from(self.width) && y < i32::from(self.height)
    }

    /// The kind at `(x, y)` and whether it is falling; outside squares
    /// hold the outside kind, at rest.
    #[inline]
    pub fn get(&self, x: i32, y: i32) -> (u8, bool) {
        if !self.contains(x, y) {
            return (self.outside, false);
        }
        let byte = self.cells[y as usize * self.width as usize + x as usize];
        (byte & !FALLING, byte & FALLING != 0)
    }

    /// The byte at `(x, y)`: its kind and falling bit (the outside kind,
    /// at rest, off the grid).
    #[inline]
    pub(super) fn byte(&self, x: i32, y: i32) -> u8 {
        if !self.contains(x, y) {
            return self.outside;
        }
        self.cells[self.index(x, y)]
    }

    /// The kind at `(x, y)` (outside kind off the grid).
    #[inline]
    pub fn kind(&self, x: i32, y: i32) -> u8 {
        self.get(x, y).0
    }

    /// Puts `kind` at `(x, y)` (on the grid), falling or at rest.
    #[inline]
    pub fn set(&mut self, x: i32, y: i32, kind: u8, falling: bool) {
        let index = y as usize * self.width as usize + x as usize;
        self.cells[index] = kind | if falling { FALLING } else { 0 };
    }

    /// The index of `(x, y)` (on the grid) in row order from y = 0.
    #[inline]
    pub(super) fn index(&self, x: i32, y: i32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// The square at `index`, as `(x, y)`.
    #[inline]
    pub(super) fn square(&self, index: usize) -> (i32, i32) {
        let width = self.width as usize;
        ((index % width) as i32, (index / width) as i32)
    }

    /// The kind of the square at `index` (row by row from y = 0).
    #[inline]
    pub fn kind_at(&self, index: usize) -> u8 {
        self.cells[index] & !FALLING
    }

    /// The square `(dx, dy)` away from the square at `index`, as an
    /// index; `None` off the grid. A step of either interpreter goes
    /// through here.
    #[inline]
    pub fn neighbour(&self, index: usize, (dx, dy): Offset) -> Option<usize> {
        let (x, y) = self.square(index);
        let (x, y) = (x + dx, y + dy);
        self.contains(x, y).then(|| self.index(x, y))
    }

    /// The squares' kinds, to change in place (level-walking games, whose
    /// squares never fall).
    pub(crate) fn kinds_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// Writes `byte` at `index`, noting the old byte in `log`.
    #[inline]
    pub(super) fn write(&mut self, index: usize, byte: u8, log: &mut Vec<(u32, u8)>) {
        log.push((index as u32, self.cells[index]));
        self.cells[index] = byte;
    }

    /// Undoes the writes noted in `log`, latest first.
    pub(super) fn undo(&mut self, log: &[(u32, u8)]) {
        for &(index, old) in log.iter().rev() {
            self.cells[index as usize] = old;
        }
    }

    /// Clears every falling bit.
    pub fn clear_falling(&mut self) {
        for byte in &mut self.cells {
            *byte &= !FALLING;
        }
    }

    /// Every square's kind, row by row from y = 0.
    pub fn kinds(&self) -> impl Iterator<Item = u8> + '_ {
        self.cells.iter().map(|b| b & !FALLING)
    }

    /// The squares holding `kind`, as `(x, y)`, row by row from y = 0.
    pub fn find(&self, kind: u8) -> impl Iterator<Item = (i32, i32)> + '_ {
        let width = self.width as usize;
        self.kinds()
            .enumerate()
            .filter(move |(_, k)| *k == kind)
            .map(move |(i, _)| ((i % width) as i32, (i / width) as i32))
    }
}
