//! Game boards: tiles, the maze, the floating tile, and reading and writing
//! GBF board files (specification section 3.3).
//!
//! Reading happens in two stages: the pest grammar splits a file into lines
//! of spanned fields, then the checker turns them into a [`Board`], the only
//! board type the engine accepts, or reports every problem at once.
//!
//! ```
//! use relic::games::moving_maze::board::{parse_board, BoardLimits};
//! let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
//! let board = parse_board(gbf, &BoardLimits::default()).unwrap();
//! assert_eq!(board.maze().width(), 3);
//! assert_eq!(board.to_gbf(), gbf);
//! ```

mod check;
mod counted;
mod error;
mod file;
mod grammar;
mod maze;
mod tile;

pub use check::{MAX_LINE_BYTES, MAX_PROBLEMS};
pub use counted::Counted;
pub use error::GbfError;
pub use file::{BoardFileError, MAX_FILE_BYTES, read_board_bytes, read_board_file};
pub use maze::{MAX_CELLS, MAX_SIDE, Maze, Pos, SlideAt};
pub use tile::{Direction, Relic, Sides, Tile};

// What a ruleset allows of a board: its `[board]` table (keys left out
// take the standard value), which the checker reads boards against. The
// doc line below is also the table's description in the JSON Schema.
/// Board bounds: sizes and relics a board file may have.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
#[schemars(rename = "BoardRules")]
pub struct BoardLimits {
    /// Smallest width in tiles.
    #[schemars(range(min = 1, max = 13))]
    pub min_width: u8,
    /// Largest width in tiles (at most 13).
    #[schemars(range(min = 1, max = 13))]
    pub max_width: u8,
    /// Smallest height in tiles.
    #[schemars(range(min = 1, max = 13))]
    pub min_height: u8,
    /// Largest height in tiles (at most 13).
    #[schemars(range(min = 1, max = 13))]
    pub max_height: u8,
    /// Whether width and height must be odd numbers.
    pub odd_sizes: bool,
    /// Largest K, the number of relics of each colour (at most 9: a relic's
    /// place in the order is one digit).
    #[schemars(range(min = 0, max = 9))]
    pub max_relics: u8,
    /// The relic colour letters a board file may use; every player's
    /// `relic` must be one of them. Lower-case letters other than `x`.
    #[schemars(length(min = 1, max = 25))]
    pub relic_colours: Vec<char>,
    /// The players' start corners with the colour of the relics each
    /// collects; not a key of the table but filled in from the ruleset's
    /// players by [`crate::games::moving_maze::rules::Rules::limits`]. A board may not put a
    /// relic a player may collect at the start (its first, or any when
    /// relics are collected in any order) on that player's own start corner
    /// (`gbf::relic::home`).
    #[serde(skip)]
    #[schemars(skip)]
    pub homes: Vec<Home>,
}

/// A player's start corner, the colour letter of the relics the player
/// collects and whether only its relic 1 is active at the start.
///
/// ```
/// use miette::Diagnostic;
/// use relic::games::moving_maze::board::{parse_board, BoardLimits, Home};
/// let home = Home { relic: 'g', top: true, left: true, first_only: true };
/// let limits = BoardLimits { homes: vec![home], ..BoardLimits::default() };
/// let gbf = "3 3\n1\n0101xx\n0110g1 0101y1 0011xx\n1110xx 1010b1 1011xx\n1100r1 1111xx 1001xx\n";
/// let problems = parse_board(gbf, &limits).unwrap_err();
/// assert_eq!(problems[0].code().unwrap().to_string(), "gbf::relic::home");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Home {
    /// The relic colour letter, for example `g`.
    pub relic: char,
    /// Whether the corner is on the top row (else the bottom row).
    pub top: bool,
    /// Whether the corner is in the left column (else the right one).
    pub left: bool,
    /// Whether relics are collected in order, so that only relic 1 is
    /// active at the start (else every relic of the colour is).
    pub first_only: bool,
}

impl Default for BoardLimits {
    /// Standard Moving Maze: 3 to 9 tiles each way, odd sizes, K up to 9,
    /// relics `g y r b`.
    fn default() -> BoardLimits {
        BoardLimits {
            min_width: 3,
            max_width: 9,
            min_height: 3,
            max_height: 9,
            odd_sizes: true,
            max_relics: 9,
            relic_colours: vec!['g', 'y', 'r', 'b'],
            homes: Vec::new(),
        }
    }
}

/// A checked game board: the tile maze, the floating tile and K, the number
/// of relics of each colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    maze: Maze,
    floating: Tile,
    relics_per_colour: u8,
}

impl Board {
    /// Assembles a board whose parts have already been checked.
    pub(crate) fn new_unchecked(maze: Maze, floating: Tile, relics_per_colour: u8) -> Board {
        Board {
            maze,
            floating,
            relics_per_colour,
        }
    }

    /// Builds a board from parts made in code, checking it exactly as a
    /// board file would be checked.
    pub fn from_parts(
        maze: Maze,
        floating: Tile,
        relics_per_colour: u8,
        limits: &BoardLimits,
    ) -> Result<Board, Vec<GbfError>> {
        let gbf = Board::new_unchecked(maze, floating, relics_per_colour).to_gbf();
        parse_board(&gbf, limits)
    }

    /// The tile maze.
    pub fn maze(&self) -> &Maze {
        &self.maze
    }

    /// The floating tile.
    pub fn floating(&self) -> Tile {
        self.floating
    }

    /// K, the number of relics of each colour.
    pub fn relics_per_colour(&self) -> u8 {
        self.relics_per_colour
    }

    /// The board in GBF, LF line ends, ending in a newline.
    pub fn to_gbf(&self) -> String {
        let mut out = format!(
            "{} {}\n{}\n{}\n",
            self.maze.width(),
            self.maze.height(),
            self.relics_per_colour,
            self.floating
        );
        for row in self.maze.rows() {
            let codes: Vec<String> = row.iter().map(Tile::to_string).collect();
            out.push_str(&codes.join(" "));
            out.push('\n');
        }
        out
    }
}

/// Parses and checks GBF text against `limits`, reporting every problem.
pub fn parse_board(source: &str, limits: &BoardLimits) -> Result<Board, Vec<GbfError>> {
    check::check_source(source, limits)
}
