//! Board geometry: squares as indices, the absolute directions of square
//! and hex boards, neighbour tables (with and without wrap-around), and the
//! text form of coordinates.
//!
//! Squares are numbered `y * width + x` with `x` from west (0) and `y` from
//! south (0). Hex boards use axial coordinates: `x` is the axial `q`, `y`
//! the axial `r` counted northward, on a rhombus `width` by `height`.

use super::schema::{Coordinates, Shape};

/// No square: the edge of the board.
pub const NONE: u8 = u8::MAX;

/// Square boards' eight directions, clockwise from north.
pub const SQUARE_DIRECTIONS: [(&str, i8, i8); 8] = [
    ("north", 0, 1),
    ("north-east", 1, 1),
    ("east", 1, 0),
    ("south-east", 1, -1),
    ("south", 0, -1),
    ("south-west", -1, -1),
    ("west", -1, 0),
    ("north-west", -1, 1),
];

/// Hex boards' six directions, clockwise from north-east.
pub const HEX_DIRECTIONS: [(&str, i8, i8); 6] = [
    ("north-east", 0, 1),
    ("east", 1, 0),
    ("south-east", 1, -1),
    ("south-west", 0, -1),
    ("west", -1, 0),
    ("north-west", -1, 1),
];

/// The shape and size of a board, and its neighbour tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Square or hex.
    pub shape: Shape,
    /// Squares from west to east.
    pub width: u8,
    /// Squares from south to north.
    pub height: u8,
    /// How squares are written.
    pub coordinates: Coordinates,
    /// `step[square * dirs + d]`: the neighbour in direction `d`, or [`NONE`].
    step: Vec<u8>,
    /// The same with wrap-around at the edges.
    step_wrapped: Vec<u8>,
    /// `shifts[d]`: the squares with a neighbour in direction `d` (no
    /// wrap-around) and how far along the square numbers it lies, where
    /// that is the same for every square ([`Geometry::shift`]).
    shifts: Vec<Option<(i16, u128)>>,
}

impl Geometry {
    /// The geometry of a `width` by `height` board of `shape`
    /// (at most 128 squares).
    ///
    /// ```
    /// use relic::vocab::geometry::Geometry;
    /// use relic::vocab::schema::{Coordinates, Shape};
    /// let g = Geometry::new(Shape::Square, 3, 3, Coordinates::LetterNumber);
    /// assert_eq!(g.name(4), "b2");
    /// assert_eq!(g.neighbour(4, 0, false), Some(7));
    /// assert_eq!(g.parse("c3"), Some(8));
    /// ```
    pub fn new(shape: Shape, width: u8, height: u8, coordinates: Coordinates) -> Geometry {
        let mut geometry = Geometry {
            shape,
            width,
            height,
            coordinates,
            step: Vec::new(),
            step_wrapped: Vec::new(),
            shifts: Vec::new(),
        };
        for wrap in [false, true] {
            let table = (0..geometry.cells())
                .flat_map(|cell| {
                    let geometry = &geometry;
                    geometry
                        .directions()
                        .iter()
                        .map(move |&(_, dx, dy)| geometry.offset(cell, dx, dy, wrap))
                })
                .collect();
            if wrap {
                geometry.step_wrapped = table;
            } else {
                geometry.step = table;
            }
        }
        geometry.shifts = (0..geometry.directions().len())
            .map(|d| geometry.constant_shift(d))
            .collect();
        geometry
    }

    /// Whether the neighbours in direction `d` (without wrap-around) all
    /// lie the same number of squares on, and if so that number and the
    /// squares that have one: a move that way is then a shift of a set of
    /// squares.
    ///
    /// ```
    /// use relic::vocab::geometry::Geometry;
    /// use relic::vocab::schema::{Coordinates, Shape};
    /// let g = Geometry::new(Shape::Square, 3, 3, Coordinates::LetterNumber);
    /// // North (direction 0): three squares on, from the two lower rows.
    /// assert_eq!(g.shift(0), Some((3, 0b000_111_111)));
    /// ```
    pub fn shift(&self, d: u8) -> Option<(i16, u128)> {
        self.shifts.get(usize::from(d)).copied().flatten()
    }

    fn constant_shift(&self, d: usize) -> Option<(i16, u128)> {
        // A board too large for a set of squares is refused later.
        if self.cells() > 128 {
            return None;
        }
        let n = self.directions().len();
        let mut found: Option<i16> = None;
        let mut from = 0u128;
        for cell in 0..self.cells() {
            let to = self.step[cell * n + d];
            if to == NONE {
                continue;
            }
            let delta = i16::from(to) - cell as i16;
            if *found.get_or_insert(delta) != delta {
                return None;
            }
            from |= 1 << cell;
        }
        Some((found.unwrap_or(0), from))
    }

    /// The number of squares.
    pub fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// The absolute directions: name, east step, north step.
    pub fn directions(&self) -> &'static [(&'static str, i8, i8)] {
        match self.shape {
            Shape::Square => &SQUARE_DIRECTIONS,
            Shape::Hex => &HEX_DIRECTIONS,
        }
    }

    /// The index of the direction called `name`.
    pub fn direction(&self, name: &str) -> Option<u8> {
        let index = self.directions().iter().position(|d| d.0 == name)?;
        Some(index as u8)
    }

    /// The column and row (from 0) of `cell`.
    pub fn xy(&self, cell: u8) -> (u8, u8) {
        (cell % self.width, cell / self.width)
    }

    /// The square at column `x`, row `y` (from 0).
    pub fn cell(&self, x: u8, y: u8) -> u8 {
        y * self.width + x
    }

    /// The square `dx`, `dy` away from `cell`, if on the board (or wrapped).
    fn offset(&self, cell: usize, dx: i8, dy: i8, wrap: bool) -> u8 {
        let (w, h) = (i16::from(self.width), i16::from(self.height));
        let (x, y) = (cell as i16 % w, cell as i16 / w);
        let (mut nx, mut ny) = (x + i16::from(dx), y + i16::from(dy));
        if wrap {
            nx = nx.rem_euclid(w);
            ny = ny.rem_euclid(h);
        }
        if (0..w).contains(&nx) && (0..h).contains(&ny) {
            (ny * w + nx) as u8
        } else {
            NONE
        }
    }

    /// The neighbour of `cell` in direction `d`.
    #[inline]
    pub fn neighbour(&self, cell: u8, d: u8, wrap: bool) -> Option<u8> {
        let table = if wrap { &self.step_wrapped } else { &self.step };
        let n = self.directions().len();
        let next = table[usize::from(cell) * n + usize::from(d)];
        (next != NONE).then_some(next)
    }

    /// The text form of `cell`: `b2` or `2,2`.
    pub fn name(&self, cell: u8) -> String {
        let (x, y) = self.xy(cell);
        match self.coordinates {
            Coordinates::LetterNumber => format!("{}{}", (b'a' + x) as char, y + 1),
            Coordinates::ColumnRow => format!("{},{}", x + 1, y + 1),
        }
    }

    /// The text form of column `x` alone (`b`, `2`).
    pub fn column_name(&self, x: u8) -> String {
        match self.coordinates {
            Coordinates::LetterNumber => ((b'a' + x) as char).to_string(),
            Coordinates::ColumnRow => (x + 1).to_string(),
        }
    }

    /// The square written `text`, if it is on the board.
    pub fn parse(&self, text: &str) -> Option<u8> {
        let (x, y) = match self.coordinates {
            Coordinates::LetterNumber => {
                let mut chars = text.chars();
                let letter = chars.next()?.to_ascii_lowercase();
                let x = u32::from(letter).checked_sub(u32::from('a'))?;
                (x, chars.as_str().parse::<u32>().ok()?.checked_sub(1)?)
            }
            Coordinates::ColumnRow => {
                let (a, b) = text.split_once(',')?;
                let x = a.trim().parse::<u32>().ok()?.checked_sub(1)?;
                (x, b.trim().parse::<u32>().ok()?.checked_sub(1)?)
            }
        };
        (x < u32::from(self.width) && y < u32::from(self.height))
            .then(|| self.cell(x as u8, y as u8))
    }

    /// The column written `text` (`b`, `2`), if on the board.
    pub fn parse_column(&self, text: &str) -> Option<u8> {
        let x = match self.coordinates {
            Coordinates::LetterNumber => {
                let mut chars = text.chars();
                let letter = chars.next()?.to_ascii_lowercase();
                if chars.next().is_some() {
                    return None;
                }
                u32::from(letter).checked_sub(u32::from('a'))?
            }
            Coordinates::ColumnRow => text.trim().parse::<u32>().ok()?.checked_sub(1)?,
        };
        (x < u32::from(self.width)).then_some(x as u8)
    }

    /// The row written `text` (`2`), if on the board.
    pub fn parse_row(&self, text: &str) -> Option<u8> {
        let y = text.trim().parse::<u32>().ok()?.checked_sub(1)?;
        (y < u32::from(self.height)).then_some(y as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_neighbours_are_six_and_symmetric() {
        let g = Geometry::new(Shape::Hex, 3, 3, Coordinates::ColumnRow);
        let centre = g.cell(1, 1);
        let around: Vec<u8> = (0..6)
            .filter_map(|d| g.neighbour(centre, d, false))
            .collect();
        assert_eq!(around.len(), 6);
        for d in 0..6u8 {
            let n = g.neighbour(centre, d, false).unwrap();
            assert_eq!(g.neighbour(n, (d + 3) % 6, false), Some(centre));
        }
        assert_eq!(g.parse("2,2"), Some(centre));
        assert_eq!(g.name(centre), "2,2");
    }

    #[test]
    fn wrapping_joins_the_edges() {
        let g = Geometry::new(Shape::Square, 4, 4, Coordinates::LetterNumber);
        assert_eq!(g.neighbour(0, 6, false), None);
        assert_eq!(g.neighbour(0, 6, true), Some(3));
        assert_eq!(g.parse("e1"), None);
        assert_eq!(g.parse_column("d"), Some(3));
    }
}
