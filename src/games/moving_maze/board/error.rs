//! Every problem a board file can have, each with a stable code, a label on
//! the bytes at fault and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use crate::diagnostics::Span;

use super::counted::Counted;

/// A problem found while reading or checking a GBF board file.
#[derive(Debug, Error, Diagnostic)]
pub enum GbfError {
    /// The path does not exist.
    #[error("no such file: {path}")]
    #[diagnostic(
        code(gbf::io::not_found),
        help("check the path; board files usually end in `.gbf` or `.txt`")
    )]
    NotFound {
        /// The path as given.
        path: String,
    },

    /// The path is a directory.
    #[error("{path} is a directory, not a board file")]
    #[diagnostic(
        code(gbf::io::directory),
        help("name a board file inside it, for example `{path}/board.gbf`")
    )]
    Directory {
        /// The path as given.
        path: String,
    },

    /// The file could not be read.
    #[error("cannot read {path}: {reason}")]
    #[diagnostic(code(gbf::io::unreadable), help("check the file's permissions"))]
    Unreadable {
        /// The path as given.
        path: String,
        /// What the operating system said.
        reason: String,
    },

    /// The path is a FIFO, socket or device, which could block or never end.
    #[error("{path} is not a regular file")]
    #[diagnostic(
        code(gbf::io::not_regular),
        help("save the board to a regular file and check that; pipes and devices are not read")
    )]
    NotRegular {
        /// The path as given.
        path: String,
    },

    /// The file is larger than any board can be.
    #[error("the file is {size} bytes, over the 1 MiB limit for board files")]
    #[diagnostic(
        code(gbf::file::too_large),
        help("a 9x9 board is under 600 bytes; is this the right file?")
    )]
    TooLarge {
        /// The file's size in bytes.
        size: u64,
    },

    /// A byte that is not UTF-8 (shown as `?` in the report).
    #[error("byte {byte} is not UTF-8 text{note}")]
    #[diagnostic(
        code(gbf::file::encoding),
        help(
            "save the board as plain ASCII or UTF-8 text; GBF needs only digits, letters and spaces"
        )
    )]
    Encoding {
        /// The byte's value, for example `0xff`.
        byte: String,
        /// How many such bytes the file holds, when more than one.
        note: String,
        /// The bad byte or bytes.
        #[label("not UTF-8")]
        at: SourceSpan,
    },

    /// The file is empty or blank.
    #[error("the board file is empty")]
    #[diagnostic(
        code(gbf::file::empty),
        help(
            "a board starts with its width and height (`7 7`), the relics per colour (`2`), the floating tile, then one line per row"
        )
    )]
    Empty,

    /// The grammar rejected the file.
    #[error("syntax error: {message}")]
    #[diagnostic(code(gbf::syntax), help("see the GBF layout in the README"))]
    Syntax {
        /// What pest expected.
        message: String,
        /// Where.
        #[label("here")]
        at: SourceSpan,
    },

    /// Line 1 does not hold exactly two fields.
    #[error("line 1 must hold the width and height, found {found}")]
    #[diagnostic(
        code(gbf::size::fields),
        help("write the width and height as two numbers separated by a space, for example `7 7`")
    )]
    SizeFields {
        /// How many fields it held.
        found: Counted,
        /// The line.
        #[label("expected `WIDTH HEIGHT`")]
        at: SourceSpan,
    },

    /// The width or height is not a whole number.
    #[error("the {dimension} `{text}` is not a whole number")]
    #[diagnostic(
        code(gbf::size::number),
        help("write the width and height in decimal digits, for example `7 7`")
    )]
    SizeNotANumber {
        /// `width` or `height`.
        dimension: &'static str,
        /// The text found.
        text: String,
        /// Where.
        #[label("not a number")]
        at: SourceSpan,
    },

    /// Width or height is even but the ruleset wants odd sizes.
    #[error("the {dimension} is {value}, but it must be odd")]
    #[diagnostic(
        code(gbf::size::even),
        help("use an odd {dimension} such as {below} or {above}")
    )]
    EvenSize {
        /// `width` or `height`.
        dimension: &'static str,
        /// The value given.
        value: u64,
        /// The odd value below.
        below: u64,
        /// The odd value above.
        above: u64,
        /// Where.
        #[label("even {dimension}")]
        at: SourceSpan,
    },

    /// Width or height outside the ruleset's bounds.
    #[error("the {dimension} is {value}, outside the allowed {min} to {max}")]
    #[diagnostic(
        code(gbf::size::range),
        help("choose a {dimension} from {min} to {max}")
    )]
    SizeOutOfRange {
        /// `width` or `height`.
        dimension: &'static str,
        /// The value given.
        value: u64,
        /// Smallest allowed.
        min: u8,
        /// Largest allowed.
        max: u8,
        /// Where.
        #[label("out of range")]
        at: SourceSpan,
    },

    /// Line 2 does not hold exactly one field.
    #[error("line 2 must hold the number of relics per colour, found {found}")]
    #[diagnostic(
        code(gbf::relics::fields),
        help("write one number K from 0 to {max}, for example `2`")
    )]
    CountFields {
        /// How many fields it held.
        found: Counted,
        /// Largest K allowed.
        max: u8,
        /// The line.
        #[label("expected one number")]
        at: SourceSpan,
    },

    /// K is not a whole number.
    #[error("the number of relics per colour `{text}` is not a whole number")]
    #[diagnostic(
        code(gbf::relics::number),
        help("write K, the relics per colour, as one number from 0 to {max}, for example `2`")
    )]
    CountNotANumber {
        /// The text found.
        text: String,
        /// Largest K allowed.
        max: u8,
        /// Where.
        #[label("not a number")]
        at: SourceSpan,
    },

    /// K is out of range.
    #[error("the number of relics per colour is {value}, outside the allowed 0 to {max}")]
    #[diagnostic(code(gbf::relics::range), help("use a relic count K from 0 to {max}"))]
    RelicCountRange {
        /// The value given.
        value: u64,
        /// Largest allowed.
        max: u8,
        /// Where.
        #[label("out of range")]
        at: SourceSpan,
    },

    /// The file ends before the relic count or the floating tile.
    #[error("the file ends after line {after}: {what} missing")]
    #[diagnostic(
        code(gbf::line::missing),
        help(
            "line 2 holds K, the relics per colour (for example `2`), line 3 the floating tile (for example `1010xx`), then come the rows of the maze"
        )
    )]
    MissingLine {
        /// The last line present.
        after: usize,
        /// What is missing, for example "the floating tile and the rows are".
        what: &'static str,
        /// The last character of the file.
        #[label("the file ends here")]
        at: SourceSpan,
    },

    /// Line 3 holds more or fewer than one tile.
    #[error("line 3 must hold exactly one tile, the floating tile; found {found}")]
    #[diagnostic(
        code(gbf::floating::fields),
        help("put only the floating tile on line 3; the maze rows start on line 4")
    )]
    FloatingFields {
        /// How many fields it held.
        found: Counted,
        /// The line.
        #[label("expected one tile")]
        at: SourceSpan,
    },

    /// A tile is not six characters long.
    #[error("the tile `{text}` is {length} long, not 6")]
    #[diagnostic(
        code(gbf::tile::length),
        help("a tile is four 0/1 bits then a relic such as `g1`, or `xx`: for example `1010xx`")
    )]
    TileLength {
        /// The text found.
        text: String,
        /// Its length in characters.
        length: Counted,
        /// Where.
        #[label("expected 6 characters")]
        at: SourceSpan,
    },

    /// A side bit is neither 0 nor 1.
    #[error("side bit `{text}` of tile `{tile}` must be 0 (closed) or 1 (open)")]
    #[diagnostic(
        code(gbf::tile::bit),
        help(
            "the first four characters say which sides are open, north first then clockwise: 1 open, 0 closed"
        )
    )]
    TileBit {
        /// The bad character.
        text: String,
        /// The whole tile.
        tile: String,
        /// Where.
        #[label("not 0 or 1")]
        at: SourceSpan,
    },

    /// A tile has fewer than two open sides.
    #[error("tile `{tile}` has {open}; every tile needs at least two")]
    #[diagnostic(
        code(gbf::tile::closed),
        help("open at least two sides, for example `1010` for a straight or `1100` for a corner")
    )]
    TooFewOpenSides {
        /// The whole tile.
        tile: String,
        /// How many sides are open.
        open: Counted,
        /// The four side bits.
        #[label("{open}")]
        at: SourceSpan,
    },

    /// A relic colour letter is not known.
    #[error("`{colour}` is not a relic colour")]
    #[diagnostic(
        code(gbf::relic::colour),
        help("relic colours are {expected}; write `xx` for a tile without a relic")
    )]
    RelicColour {
        /// The letter found.
        colour: String,
        /// The allowed letters.
        expected: String,
        /// Where.
        #[label("unknown colour")]
        at: SourceSpan,
    },

    /// A relic's order is not a digit from 1 to 9.
    #[error("`{text}` is not a relic number")]
    #[diagnostic(
        code(gbf::relic::number),
        help("a relic's number is a digit from 1 to K, its place in the collection order")
    )]
    RelicNumber {
        /// The character found.
        text: String,
        /// Where.
        #[label("expected a digit 1 to 9")]
        at: SourceSpan,
    },

    /// Half a relic: `gx` or `x1`.
    #[error("`{text}` is half a relic")]
    #[diagnostic(
        code(gbf::relic::half),
        help("write a colour and a number such as `g1`, or `xx` for no relic")
    )]
    HalfRelic {
        /// The two characters.
        text: String,
        /// Where.
        #[label("colour and number go together")]
        at: SourceSpan,
    },

    /// A relic numbered above K.
    #[error("relic `{relic}` is numbered above the relic count K = {count}")]
    #[diagnostic(
        code(gbf::relic::range),
        help("number each colour's relics 1 to {count}, or raise K on line 2")
    )]
    RelicAboveCount {
        /// The relic, for example `g3`.
        relic: String,
        /// K.
        count: u8,
        /// The relic's two characters.
        #[label(primary, "above K")]
        at: SourceSpan,
        /// The K field.
        #[label("K = {count} declared here")]
        count_at: SourceSpan,
    },

    /// The same relic appears twice.
    #[error("relic `{relic}` appears more than once")]
    #[diagnostic(
        code(gbf::relic::duplicate),
        help("each relic appears once; renumber or remove one of them")
    )]
    DuplicateRelic {
        /// The relic, for example `g1`.
        relic: String,
        /// The first copy.
        #[label("first here")]
        first: SourceSpan,
        /// The later copy.
        #[label(primary, "again here")]
        again: SourceSpan,
    },

    /// A relic on the start corner of the player who collects it.
    #[error("relic `{relic}` lies on the {corner} start corner of the player who collects it")]
    #[diagnostic(
        code(gbf::relic::home),
        help(
            "move the relic to another tile: its adventurer would stand on it from the start and could collect it only by not moving"
        )
    )]
    RelicOnHome {
        /// The relic, for example `g1`.
        relic: String,
        /// The corner, for example `top left`.
        corner: &'static str,
        /// The relic on the corner tile.
        #[label("on its own player's start corner")]
        at: SourceSpan,
    },

    /// A relic 1..=K of some colour is absent.
    #[error("{what}: K = {count} needs relics 1 to {count} of every colour")]
    #[diagnostic(
        code(gbf::relic::missing),
        help(
            "place the missing relics on tiles (a tile's last two characters, such as `g1`), or lower K on line 2"
        )
    )]
    MissingRelic {
        /// Which relics are missing, for example "relic `g2` is missing".
        what: String,
        /// K.
        count: u8,
        /// The K field.
        #[label("K is declared here")]
        at: SourceSpan,
    },

    /// The maze has the wrong number of rows.
    #[error("the maze has {found}, but line 1 says the height is {expected}")]
    #[diagnostic(
        code(gbf::rows::count),
        help("give exactly {expected} rows after the floating tile, or fix the height on line 1")
    )]
    RowCount {
        /// The height from line 1.
        expected: u64,
        /// Rows found.
        found: Counted,
        /// The rows, the surplus rows, or (with no rows) the height field.
        #[label(primary, "{label}")]
        at: SourceSpan,
        /// What the label says.
        label: &'static str,
        /// The height field, when `at` is not already there.
        #[label("height declared here")]
        height_at: Option<SourceSpan>,
    },

    /// A row has the wrong number of tiles.
    #[error("row {row} has {found}, but line 1 says the width is {expected}")]
    #[diagnostic(
        code(gbf::rows::width),
        help("every row holds exactly {expected} tiles separated by spaces")
    )]
    RowWidth {
        /// The 1-based row number.
        row: usize,
        /// The width from line 1.
        expected: u64,
        /// Tiles found.
        found: Counted,
        /// The row.
        #[label(primary, "{found}")]
        at: SourceSpan,
        /// The width field.
        #[label("width declared here")]
        width_at: SourceSpan,
    },

    /// A line far longer than any board line; its other problems are not
    /// reported one by one.
    #[error("line {line} is {length} bytes long; no board line is over {max}")]
    #[diagnostic(
        code(gbf::line::too_long),
        help("a row holds at most 9 tiles of 6 characters; is this a board file?")
    )]
    LineTooLong {
        /// The 1-based line number.
        line: usize,
        /// Its length in bytes.
        length: usize,
        /// The longest line reported in full.
        max: usize,
        /// The bytes beyond the limit.
        #[label("past {max} bytes")]
        at: SourceSpan,
    },

    /// More problems than are worth reporting.
    #[error("{more} more problems not shown: relic stops after {shown}")]
    #[diagnostic(
        code(gbf::file::too_many),
        help("fix the problems above and check again; is this a board file?")
    )]
    TooManyProblems {
        /// How many problems were reported.
        shown: usize,
        /// How many were left out.
        more: usize,
        /// Where the first problem left out is.
        #[label("the next problem is here")]
        at: SourceSpan,
    },

    /// A blank line inside the maze.
    #[error("blank line inside the maze")]
    #[diagnostic(
        code(gbf::rows::blank),
        help("remove the blank line; rows follow one another directly")
    )]
    BlankLine {
        /// The blank line.
        #[label("blank")]
        at: SourceSpan,
    },
}

impl GbfError {
    /// Whether this is an I/O problem (the file could not be read at all),
    /// which `relic check` reports with exit status 2.
    pub fn is_io(&self) -> bool {
        matches!(
            self,
            GbfError::NotFound { .. }
                | GbfError::Directory { .. }
                | GbfError::NotRegular { .. }
                | GbfError::Unreadable { .. }
        )
    }

    /// The byte span of the primary label (the first label when none is
    /// marked primary); `None` for problems about the whole file.
    pub fn primary_span(&self) -> Option<Span> {
        let label = crate::diagnostics::primary_label(self)?;
        Some(Span::new(label.offset(), label.offset() + label.len()))
    }
}
