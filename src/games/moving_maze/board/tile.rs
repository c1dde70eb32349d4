//! Tiles, their open sides, and the relics they carry.

use std::fmt;
use std::num::NonZeroU8;

/// One of the four compass directions, in the specification's order.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Up.
    North,
    /// Right.
    East,
    /// Down.
    South,
    /// Left.
    West,
}

impl Direction {
    /// All four directions, north first, going clockwise.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// Index 0..4, north first, going clockwise.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction pointing the other way.
    ///
    /// ```
    /// use relic::games::moving_maze::board::Direction;
    /// assert_eq!(Direction::North.opposite(), Direction::South);
    /// ```
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 2) % 4]
    }

    /// The direction a quarter turn clockwise from this one.
    pub const fn clockwise(self) -> Direction {
        Direction::ALL[(self as usize + 1) % 4]
    }

    /// The lower-case letter used in inputs: `n`, `e`, `s` or `w`.
    pub const fn letter(self) -> char {
        ['n', 'e', 's', 'w'][self as usize]
    }

    /// The direction named by a letter `n`, `e`, `s` or `w`.
    ///
    /// ```
    /// use relic::games::moving_maze::board::Direction;
    /// assert_eq!(Direction::from_letter('w'), Some(Direction::West));
    /// assert_eq!(Direction::from_letter('x'), None);
    /// ```
    pub const fn from_letter(letter: char) -> Option<Direction> {
        match letter {
            'n' => Some(Direction::North),
            'e' => Some(Direction::East),
            's' => Some(Direction::South),
            'w' => Some(Direction::West),
            _ => None,
        }
    }

    /// The full lower-case name: `north`, `east`, `south` or `west`.
    pub const fn name(self) -> &'static str {
        ["north", "east", "south", "west"][self as usize]
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The set of open sides of a tile, as four bits (north = bit 0, clockwise).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Sides(u8);

impl Sides {
    /// No open side.
    pub const NONE: Sides = Sides(0);
    /// All four sides open.
    pub const ALL: Sides = Sides(0b1111);

    /// Builds the set from four flags ordered north, east, south, west.
    ///
    /// ```
    /// use relic::games::moving_maze::board::{Direction, Sides};
    /// let corner = Sides::from_flags([false, true, true, false]);
    /// assert!(corner.is_open(Direction::East));
    /// assert!(!corner.is_open(Direction::North));
    /// ```
    pub const fn from_flags(flags: [bool; 4]) -> Sides {
        Sides(
            flags[0] as u8 | (flags[1] as u8) << 1 | (flags[2] as u8) << 2 | (flags[3] as u8) << 3,
        )
    }

    /// Builds the set from its four bits (north = bit 0); higher bits are ignored.
    pub const fn from_bits(bits: u8) -> Sides {
        Sides(bits & 0b1111)
    }

    /// The four bits (north = bit 0).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The four flags ordered north, east, south, west.
    pub const fn flags(self) -> [bool; 4] {
        [
            self.0 & 1 != 0,
            self.0 & 2 != 0,
            self.0 & 4 != 0,
            self.0 & 8 != 0,
        ]
    }

    /// Whether the side facing `direction` is open.
    pub const fn is_open(self, direction: Direction) -> bool {
        self.0 & (1 << direction as u8) != 0
    }

    /// How many sides are open.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The sides after a quarter turn clockwise (north goes east).
    ///
    /// ```
    /// use relic::games::moving_maze::board::Sides;
    /// let north_east = Sides::from_flags([true, true, false, false]);
    /// assert_eq!(north_east.rotated_clockwise(), Sides::from_flags([false, true, true, false]));
    /// ```
    pub const fn rotated_clockwise(self) -> Sides {
        Sides(((self.0 << 1) | (self.0 >> 3)) & 0b1111)
    }

    /// The sides after a quarter turn counter-clockwise (north goes west).
    pub const fn rotated_counterclockwise(self) -> Sides {
        Sides(((self.0 >> 1) | (self.0 << 3)) & 0b1111)
    }

    /// The box-drawing character joining these open sides, as text mode
    /// draws the centre of a tile.
    ///
    /// ```
    /// use relic::games::moving_maze::board::Sides;
    /// assert_eq!(Sides::from_flags([true, false, true, false]).glyph(), '║');
    /// assert_eq!(Sides::ALL.glyph(), '╬');
    /// ```
    pub const fn glyph(self) -> char {
        // Indexed by the side bits, north = bit 0, clockwise.
        const GLYPHS: [char; 16] = [
            ' ', '║', '═', '╚', '║', '║', '╔', '╠', '═', '╝', '═', '╩', '╗', '╣', '╦', '╬',
        ];
        GLYPHS[self.0 as usize]
    }
}

impl fmt::Debug for Sides {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sides({self})")
    }
}

impl fmt::Display for Sides {
    /// The GBF form: four `0`/`1` characters, north first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for open in self.flags() {
            f.write_str(if open { "1" } else { "0" })?;
        }
        Ok(())
    }
}

/// A relic: the colour letter of the player who must collect it and its
/// place in that player's collection order (1 first).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "String", try_from = "String")]
pub struct Relic {
    colour: u8,
    order: NonZeroU8,
}

impl Relic {
    /// A relic of colour letter `colour` (an ASCII lower-case letter such as
    /// `g`) with collection order `order` (1 to 9).
    ///
    /// Returns `None` for anything GBF cannot write: a colour that is not
    /// ASCII lower-case, the colour `x` (GBF's "no relic"), or an order
    /// outside 1 to 9.
    ///
    /// ```
    /// use relic::games::moving_maze::board::Relic;
    /// let relic = Relic::new('g', 1).unwrap();
    /// assert_eq!(relic.colour(), 'g');
    /// assert_eq!(relic.order(), 1);
    /// assert!(Relic::new('G', 1).is_none());
    /// assert!(Relic::new('x', 1).is_none());
    /// assert!(Relic::new('g', 10).is_none());
    /// ```
    pub fn new(colour: char, order: u8) -> Option<Relic> {
        if !colour.is_ascii_lowercase() || colour == 'x' || order > 9 {
            return None;
        }
        Some(Relic {
            colour: colour as u8,
            order: NonZeroU8::new(order)?,
        })
    }

    /// The colour letter, for example `g`.
    pub const fn colour(self) -> char {
        self.colour as char
    }

    /// The place in the collection order, starting at 1.
    pub const fn order(self) -> u8 {
        self.order.get()
    }
}

impl fmt::Display for Relic {
    /// The GBF form, for example `g1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour(), self.order())
    }
}

/// A maze tile: its open sides and, maybe, a relic.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "String", try_from = "String")]
pub struct Tile {
    sides: Sides,
    relic: Option<Relic>,
}

impl Tile {
    /// A tile with these open sides and relic.
    pub const fn new(sides: Sides, relic: Option<Relic>) -> Tile {
        Tile { sides, relic }
    }

    /// Reads a six-character GBF tile such as `1101g2` or `0110xx`.
    ///
    /// This is the lenient single-tile reader used by the test API; whole
    /// boards go through [`crate::games::moving_maze::board::parse_board`], which explains every
    /// problem.
    ///
    /// ```
    /// use relic::games::moving_maze::board::{Direction, Tile};
    /// let tile = Tile::from_code("1101g2").unwrap();
    /// assert!(tile.sides().is_open(Direction::West));
    /// assert_eq!(tile.relic().unwrap().to_string(), "g2");
    /// assert!(Tile::from_code("11x1xx").is_none());
    /// ```
    pub fn from_code(code: &str) -> Option<Tile> {
        let bytes = code.as_bytes();
        if bytes.len() != 6 {
            return None;
        }
        let mut flags = [false; 4];
        for (flag, byte) in flags.iter_mut().zip(&bytes[..4]) {
            *flag = match byte {
                b'0' => false,
                b'1' => true,
                _ => return None,
            };
        }
        let relic = match (bytes[4], bytes[5]) {
            (b'x', b'x') => None,
            (colour, order @ b'1'..=b'9') => Some(Relic::new(colour as char, order - b'0')?),
            _ => return None,
        };
        Some(Tile::new(Sides::from_flags(flags), relic))
    }

    /// The open sides.
    pub const fn sides(self) -> Sides {
        self.sides
    }

    /// The relic on this tile, if any.
    pub const fn relic(self) -> Option<Relic> {
        self.relic
    }

    /// Whether this tile carries a relic.
    pub const fn has_relic(self) -> bool {
        self.relic.is_some()
    }

    /// Whether the side facing `direction` is open.
    pub const fn is_open(self, direction: Direction) -> bool {
        self.sides.is_open(direction)
    }

    /// Whether an adventurer can step from this tile to `neighbour`, which
    /// lies in `direction`: both touching sides must be open.
    ///
    /// ```
    /// use relic::games::moving_maze::board::{Direction, Tile};
    /// let here = Tile::from_code("1100xx").unwrap();
    /// let above = Tile::from_code("1010xx").unwrap();
    /// assert!(here.connects_to(above, Direction::North));
    /// assert!(!here.connects_to(here, Direction::North));
    /// ```
    pub const fn connects_to(self, neighbour: Tile, direction: Direction) -> bool {
        self.is_open(direction) && neighbour.is_open(direction.opposite())
    }

    /// This tile turned a quarter clockwise; the relic stays on it.
    pub const fn rotated_clockwise(self) -> Tile {
        Tile::new(self.sides.rotated_clockwise(), self.relic)
    }

    /// This tile turned a quarter counter-clockwise; the relic stays on it.
    pub const fn rotated_counterclockwise(self) -> Tile {
        Tile::new(self.sides.rotated_counterclockwise(), self.relic)
    }

    /// This tile without its relic.
    pub const fn without_relic(self) -> Tile {
        Tile::new(self.sides, None)
    }
}

impl fmt::Display for Tile {
    /// The six-character GBF form, for example `0110xx`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.relic {
            Some(relic) => write!(f, "{}{relic}", self.sides),
            None => write!(f, "{}xx", self.sides),
        }
    }
}

impl From<Relic> for String {
    fn from(relic: Relic) -> String {
        relic.to_string()
    }
}

impl TryFrom<String> for Relic {
    type Error = String;

    fn try_from(text: String) -> Result<Relic, String> {
        let mut chars = text.chars();
        let parsed = match (
            chars.next(),
            chars.next().and_then(|c| c.to_digit(10)),
            chars.next(),
        ) {
            (Some(colour), Some(order), None) => Relic::new(colour, order as u8),
            _ => None,
        };
        parsed.ok_or_else(|| format!("`{text}` is not a relic such as `g1`"))
    }
}

impl From<Tile> for String {
    fn from(tile: Tile) -> String {
        tile.to_string()
    }
}

impl TryFrom<String> for Tile {
    type Error = String;

    fn try_from(text: String) -> Result<Tile, String> {
        Tile::from_code(&text).ok_or_else(|| format!("`{text}` is not a tile such as `1010xx`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_clockwise_turns_are_the_identity() {
        for bits in 0..16 {
            let sides = Sides::from_bits(bits);
            let mut turned = sides;
            for _ in 0..4 {
                turned = turned.rotated_clockwise();
            }
            assert_eq!(turned, sides);
            assert_eq!(sides.rotated_clockwise().rotated_counterclockwise(), sides);
        }
    }

    #[test]
    fn tile_codes_round_trip() {
        for code in ["1111xx", "0110g1", "1001b9", "0000xx"] {
            assert_eq!(Tile::from_code(code).unwrap().to_string(), code);
        }
    }

    #[test]
    fn half_relics_and_bad_codes_are_not_tiles() {
        for code in [
            "1010x1", "1010gx", "1010g0", "1010G1", "10101xx", "1010x", "1210xx",
        ] {
            assert_eq!(Tile::from_code(code), None, "{code}");
        }
    }

    #[test]
    fn rotation_turns_every_open_side_a_quarter() {
        let tee = Tile::from_code("1101r3").unwrap();
        let turned = tee.rotated_clockwise();
        for direction in Direction::ALL {
            assert_eq!(
                turned.is_open(direction.clockwise()),
                tee.is_open(direction)
            );
        }
        assert_eq!(turned.to_string(), "1110r3");
        assert_eq!(tee.rotated_counterclockwise().to_string(), "1011r3");
        assert_eq!(turned.relic(), tee.relic());
    }
}
