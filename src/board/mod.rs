//! Game boards: tiles, the maze, the floating tile, and reading and writing
//! GBF board files (specification section 3.3).
//!
//! Reading happens in two stages: the pest grammar splits a file into lines
//! of spanned fields, then the checker turns them into a [`Board`], the only
//! board type the engine accepts, or reports every problem at once.
//!
//! ```
//! use relic::board::{parse_board, BoardLimits};
//! let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
//! let board = parse_board(gbf, &BoardLimits::default()).unwrap();
//! assert_eq!(board.maze().width(), 3);
//! assert_eq!(board.to_gbf(), gbf);
//! ```

mod check;
mod error;
mod grammar;
mod maze;
mod tile;

use std::io::Read;
use std::path::Path;

pub use error::GbfError;
pub use maze::{MAX_CELLS, MAX_SIDE, Maze, Pos, SlideAt};
pub use tile::{Direction, Relic, Sides, Tile};

use crate::diagnostics::{FileReport, Span};

/// The largest board file relic reads.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// What a ruleset allows of a board: size bounds, odd sizes, the relic
/// count K and the relic colour letters. The rules module fills it from a
/// ruleset; the default is standard Moving Maze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLimits {
    /// Smallest width.
    pub min_width: u8,
    /// Largest width.
    pub max_width: u8,
    /// Smallest height.
    pub min_height: u8,
    /// Largest height.
    pub max_height: u8,
    /// Whether width and height must be odd.
    pub odd_sizes: bool,
    /// Largest relic count K.
    pub max_relics: u8,
    /// The relic colour letters, for example `g y r b`.
    pub relic_colours: Vec<char>,
}

impl Default for BoardLimits {
    /// Standard Moving Maze: 3 to 9 tiles each way, odd, K up to 9, relics
    /// green, yellow, red and blue.
    fn default() -> BoardLimits {
        BoardLimits {
            min_width: 3,
            max_width: 9,
            min_height: 3,
            max_height: 9,
            odd_sizes: true,
            max_relics: 9,
            relic_colours: vec!['g', 'y', 'r', 'b'],
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

/// Why a board file could not be used: the file's report, and whether the
/// file could not be read at all (as opposed to read and found faulty).
pub struct BoardFileError {
    /// The problems, with the file's text.
    pub report: FileReport,
    /// True when the file could not be read (missing, a directory,
    /// unreadable): `relic check` exits with 2 rather than 1.
    pub unreadable: bool,
}

/// Reads and checks the board file at `path`.
///
/// Files over [`MAX_FILE_BYTES`] are rejected without being read whole;
/// non-UTF-8 bytes are reported at the first bad byte.
pub fn read_board_file(path: &Path, limits: &BoardLimits) -> Result<Board, BoardFileError> {
    let shown = path.display().to_string();
    let (source, problem) = match read_text(path) {
        Ok(source) => (source, None),
        Err((source, problem)) => (source, Some(problem)),
    };
    let problems = match problem {
        Some(problem) => vec![problem],
        None => match parse_board(&source, limits) {
            Ok(board) => return Ok(board),
            Err(problems) => problems,
        },
    };
    let unreadable = problems.iter().any(GbfError::is_io);
    let problems = problems.into_iter().map(|p| Box::new(p) as _).collect();
    Err(BoardFileError {
        report: FileReport {
            path: shown,
            source,
            problems,
        },
        unreadable,
    })
}

/// The file's text, or what text could be shown and the problem.
pub(crate) fn read_text(path: &Path) -> Result<String, (String, GbfError)> {
    let shown = path.display().to_string();
    let io_error = |error: std::io::Error| match error.kind() {
        std::io::ErrorKind::NotFound => GbfError::NotFound {
            path: shown.clone(),
        },
        _ => GbfError::Unreadable {
            path: shown.clone(),
            reason: error.to_string(),
        },
    };
    let metadata = std::fs::metadata(path).map_err(|e| (String::new(), io_error(e)))?;
    if metadata.is_dir() {
        return Err((String::new(), GbfError::Directory { path: shown }));
    }
    let file = std::fs::File::open(path).map_err(|e| (String::new(), io_error(e)))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| (String::new(), io_error(e)))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err((
            String::new(),
            GbfError::TooLarge {
                size: metadata.len().max(bytes.len() as u64),
            },
        ));
    }
    String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        let source = String::from_utf8_lossy(error.as_bytes()).into_owned();
        // The valid prefix decodes unchanged; the bad byte becomes U+FFFD,
        // three bytes long.
        let span = Span::new(at, at + '\u{FFFD}'.len_utf8());
        (
            source.clone(),
            GbfError::Encoding {
                at: span.to_source_span(source.len()),
            },
        )
    })
}
