//! Boulder Dash's board text: reading it (a pest grammar, then a check
//! that reports every problem at once) and writing it exactly.
//!
//! ```text
//! 2|#|#|#|
//! 1|#|X|#|
//! 0|#|#|#|
//!   0 1 2
//! ```
//!
//! Rows run from the top (y = H-1) down to y = 0, each its number, `|`,
//! then every square followed by `|`; the footer is two spaces and the
//! column numbers separated by spaces.

use miette::{Diagnostic, SourceSpan};
use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;
use thiserror::Error;

use crate::diagnostics::Span;
use crate::walker::{Grid, Program};

#[derive(Parser)]
#[grammar = "../grammar/boulder-board.pest"]
struct BoardParser;

/// The most squares on a side of a board.
pub const MAX_SIDE: usize = 255;

/// A problem with a board text, with its stable code.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum BoardError {
    /// Text the grammar cannot read.
    #[error("this is not board text: {message}")]
    #[diagnostic(
        code(boulder_dash::board::syntax),
        help(
            "each row is its number, `|`, then every square followed by `|`; the last line lists the column numbers"
        )
    )]
    Syntax {
        /// What was expected.
        message: String,
        /// Where.
        #[label("here")]
        at: SourceSpan,
    },
    /// A row number out of place.
    #[error("row {found} where row {expected} belongs")]
    #[diagnostic(
        code(boulder_dash::board::row_number),
        help("rows are numbered from the top, H-1, down to 0")
    )]
    RowNumber {
        /// The number written.
        found: String,
        /// The number due.
        expected: usize,
        /// Where.
        #[label("expected {expected}")]
        at: SourceSpan,
    },
    /// A row of another width than the first.
    #[error("row {row} has {found} squares, the first row has {expected}")]
    #[diagnostic(
        code(boulder_dash::board::width),
        help("every row has the same number of squares")
    )]
    Width {
        /// The row number.
        row: usize,
        /// Squares found.
        found: usize,
        /// Squares expected.
        expected: usize,
        /// Where.
        #[label("{found} squares")]
        at: SourceSpan,
    },
    /// A square with a glyph the ruleset does not know.
    #[error("`{glyph}` is not a square")]
    #[diagnostic(code(boulder_dash::board::glyph), help("{help}"))]
    Glyph {
        /// The glyph.
        glyph: String,
        /// Where.
        #[label("unknown square")]
        at: SourceSpan,
        /// The glyphs there are.
        help: String,
    },
    /// A footer that does not number the columns.
    #[error("the footer must number the columns 0 to {last}")]
    #[diagnostic(
        code(boulder_dash::board::footer),
        help("write two spaces and the column numbers separated by spaces")
    )]
    Footer {
        /// The last column.
        last: usize,
        /// Where.
        #[label("this footer")]
        at: SourceSpan,
    },
    /// Not exactly one player.
    #[error("the board has {count} players")]
    #[diagnostic(
        code(boulder_dash::board::actor),
        help("a board holds exactly one `{glyph}`")
    )]
    Actor {
        /// How many.
        count: usize,
        /// The actor's glyph.
        glyph: char,
        /// Where (the second one, or the whole board).
        #[label("{count} players")]
        at: SourceSpan,
    },
    /// An empty board or one too large.
    #[error("the board is {width}x{height}; it must be 1x1 to {MAX_SIDE}x{MAX_SIDE}")]
    #[diagnostic(
        code(boulder_dash::board::size),
        help("a board has at least one row of at least one square")
    )]
    Size {
        /// Width.
        width: usize,
        /// Height.
        height: usize,
        /// Where.
        #[label("this board")]
        at: SourceSpan,
    },
}

fn span(s: pest::Span<'_>) -> SourceSpan {
    (s.start(), s.end() - s.start()).into()
}

/// The one place a pest error becomes ours.
fn syntax_error(error: pest::error::Error<Rule>) -> BoardError {
    let at = match error.location {
        pest::error::InputLocation::Pos(at) => Span::new(at, at + 1),
        pest::error::InputLocation::Span((start, end)) => Span::new(start, end),
    };
    let message = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let names: Vec<&str> = positives
                .iter()
                .map(|r| match r {
                    Rule::number => "a number",
                    Rule::cell => "a square",
                    Rule::footer => "the footer",
                    _ => "`|`",
                })
                .collect();
            format!("expected {}", names.join(" or "))
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    BoardError::Syntax {
        message,
        at: (at.start, at.len().max(1)).into(),
    }
}

/// Reads board text into a grid under `program`, or every problem.
///
/// ```
/// use relic::games::boulder_dash::read_board;
/// use relic::walker::builtin_walker;
/// let program = builtin_walker("boulder-dash").unwrap().unwrap();
/// let grid = read_board(&program, "1|X|O|\n0|:|+|\n  0 1").unwrap();
/// assert_eq!((grid.width(), grid.height()), (2, 2));
/// assert!(read_board(&program, "1|X|O|\n0|:|\n  0 1").is_err());
/// ```
pub fn read_board(program: &Program, text: &str) -> Result<Grid, Vec<BoardError>> {
    let board = BoardParser::parse(Rule::board, text)
        .map_err(|e| vec![syntax_error(e)])?
        .next()
        .expect("the board rule always yields one pair");
    let mut rows = Vec::new();
    let mut footer = None;
    for pair in board.into_inner() {
        match pair.as_rule() {
            Rule::row => rows.push(pair),
            Rule::footer => footer = Some(pair),
            _ => {}
        }
    }
    let mut problems = Vec::new();
    let height = rows.len();
    let cells = row_cells(rows, &mut problems);
    let width = cells.first().map_or(0, Vec::len);
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        let at = (0, text.len()).into();
        problems.push(BoardError::Size { width, height, at });
        return Err(problems);
    }
    if let Some(footer) = footer {
        check_footer(footer, width, &mut problems);
    }
    let grid = fill(program, &cells, &mut problems);
    if problems.is_empty() {
        Ok(grid)
    } else {
        Err(problems)
    }
}

/// Each row's squares (glyph and span), from the top, reporting row
/// numbers out of place and rows of another width than the first.
fn row_cells(
    rows: Vec<Pair<'_, Rule>>,
    problems: &mut Vec<BoardError>,
) -> Vec<Vec<(char, SourceSpan)>> {
    let height = rows.len();
    let mut cells: Vec<Vec<(char, SourceSpan)>> = Vec::new();
    for (i, row) in rows.into_iter().enumerate() {
        let expected = height - 1 - i;
        let mut inner = row.clone().into_inner();
        let number = inner.next().expect("a row starts with its number");
        if number.as_str().parse::<usize>().ok() != Some(expected) {
            problems.push(BoardError::RowNumber {
                found: number.as_str().into(),
                expected,
                at: span(number.as_span()),
            });
        }
        let squares: Vec<_> = inner
            .map(|c| (c.as_str().chars().next().unwrap_or(' '), span(c.as_span())))
            .collect();
        if let Some(first) = cells.first()
            && squares.len() != first.len()
        {
            problems.push(BoardError::Width {
                row: expected,
                found: squares.len(),
                expected: first.len(),
                at: span(row.as_span()),
            });
        }
        cells.push(squares);
    }
    cells
}

/// Reports a footer that does not number the columns `0..width`.
fn check_footer(footer: Pair<'_, Rule>, width: usize, problems: &mut Vec<BoardError>) {
    let mut numbers = footer.clone().into_inner().map(|n| n.as_str().parse().ok());
    let counted = (0..width).all(|i| numbers.next() == Some(Some(i))) && numbers.next().is_none();
    if !counted {
        problems.push(BoardError::Footer {
            last: width - 1,
            at: span(footer.as_span()),
        });
    }
}

/// The grid of `cells` (rows from the top), reporting unknown glyphs and
/// any count of players but one.
fn fill(
    program: &Program,
    cells: &[Vec<(char, SourceSpan)>],
    problems: &mut Vec<BoardError>,
) -> Grid {
    let (width, height) = (cells[0].len(), cells.len());
    let mut grid = Grid::new(width, height, program.empty, program.outside);
    let mut actors = Vec::new();
    for (i, row) in cells.iter().enumerate() {
        let y = (height - 1 - i) as i32;
        for (x, &(glyph, at)) in row.iter().enumerate().take(width) {
            match program.kind_of_glyph(glyph) {
                Some(kind) => {
                    if kind == program.actor {
                        actors.push(at);
                    }
                    grid.set(x as i32, y, kind, false);
                }
                None => {
                    let glyphs: Vec<String> = program
                        .kinds
                        .iter()
                        .map(|k| format!("`{}` {}", k.glyph, k.name))
                        .collect();
                    let help = format!("the squares are {}", glyphs.join(", "));
                    problems.push(BoardError::Glyph {
                        glyph: glyph.to_string(),
                        at,
                        help,
                    });
                }
            }
        }
    }
    if actors.len() != 1 {
        let at = actors.get(1).copied().unwrap_or((0, 0).into());
        problems.push(BoardError::Actor {
            count: actors.len(),
            glyph: program.kinds[program.actor as usize].glyph,
            at,
        });
    }
    grid
}

/// Writes `grid` as board text, without a final newline.
///
/// ```
/// use relic::games::boulder_dash::{read_board, write_board};
/// use relic::walker::builtin_walker;
/// let program = builtin_walker("boulder-dash").unwrap().unwrap();
/// let text = "1|X|O|\n0|:|+|\n  0 1";
/// assert_eq!(write_board(&program, &read_board(&program, text).unwrap()), text);
/// ```
pub fn write_board(program: &Program, grid: &Grid) -> String {
    let mut out = String::new();
    for y in (0..grid.height() as i32).rev() {
        out.push_str(&y.to_string());
        out.push('|');
        for x in 0..grid.width() as i32 {
            out.push(program.kinds[grid.kind(x, y) as usize].glyph);
            out.push('|');
        }
        out.push('\n');
    }
    out.push_str("  ");
    let numbers: Vec<String> = (0..grid.width()).map(|x| x.to_string()).collect();
    out.push_str(&numbers.join(" "));
    out
}
