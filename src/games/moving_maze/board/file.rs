//! Reading a board file from disk: only regular files, at most
//! [`MAX_FILE_BYTES`], and bytes that are not UTF-8 reported one by one on
//! their exact offsets.

use std::path::Path;

use super::error::GbfError;
use super::{Board, BoardLimits, parse_board};
use crate::diagnostics::{FileReport, Span};
use crate::files::{ReadFailure, read_regular};

/// The largest board file relic reads.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// At most this many bytes that are not UTF-8 are reported one by one;
/// beyond it the file is taken for binary and not checked further.
const MAX_ENCODING_REPORTS: usize = 8;

/// Why a board file could not be used: the file's report, and whether the
/// file could not be read at all (as opposed to read and found faulty).
#[derive(Debug)]
pub struct BoardFileError {
    /// The problems, in file order, with the file's text.
    pub report: FileReport,
    /// True when the file could not be read (missing, a directory, a
    /// special file, unreadable): `relic check` exits with 2 rather than 1.
    pub unreadable: bool,
}

/// Reads and checks the board file at `path`, reporting every problem.
///
/// Only regular files are opened (a FIFO or device would block or never
/// end); files over [`MAX_FILE_BYTES`] are rejected from their size alone,
/// without being read. Each byte that is not UTF-8 is reported on its own
/// offset (shown as `?`) and the rest of the file is still checked.
pub fn read_board_file(path: &Path, limits: &BoardLimits) -> Result<Board, BoardFileError> {
    let shown = path.display().to_string();
    match read_bytes(path, &shown) {
        Ok(bytes) => read_board_bytes(&shown, bytes, limits),
        Err(problem) => Err(BoardFileError {
            unreadable: problem.is_io(),
            report: FileReport {
                path: shown,
                source: String::new(),
                problems: vec![Box::new(problem)],
            },
        }),
    }
}

/// Checks the bytes of a board file already read, named `shown` in the
/// report: exactly what [`read_board_file`] does after reading.
///
/// ```
/// use relic::games::moving_maze::board::{read_board_bytes, BoardLimits};
/// let error = read_board_bytes("odd.gbf", b"3 3\n\xff\n".to_vec(), &BoardLimits::default()).unwrap_err();
/// assert_eq!(error.report.json_diagnostics()[0].code, "gbf::file::encoding");
/// ```
pub fn read_board_bytes(
    shown: &str,
    bytes: Vec<u8>,
    limits: &BoardLimits,
) -> Result<Board, BoardFileError> {
    let (source, bad) = decode(bytes);
    let mut problems = encoding_problems(&bad, source.len());
    if bad.is_empty() {
        problems = match parse_board(&source, limits) {
            Ok(board) => return Ok(board),
            Err(problems) => problems,
        };
    } else if bad.len() <= MAX_ENCODING_REPORTS {
        let bad: Vec<Span> = bad.iter().map(|b| b.0).collect();
        let others = parse_board(&source, limits).err().unwrap_or_default();
        problems.extend(others.into_iter().filter(|p| !only_on(p, &bad)));
        problems.sort_by_key(|p| p.primary_span().map_or(0, |s| s.start));
    }
    Err(BoardFileError {
        unreadable: false,
        report: FileReport {
            path: shown.to_owned(),
            source,
            problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
        },
    })
}

/// Whether the problem's primary label lies inside one of the `bad` byte
/// ranges: a complaint about a byte already reported as not UTF-8.
fn only_on(problem: &GbfError, bad: &[Span]) -> bool {
    problem
        .primary_span()
        .is_some_and(|at| bad.iter().any(|b| b.start <= at.start && at.end <= b.end))
}

/// The file's bytes, if it is a readable regular file of at most
/// [`MAX_FILE_BYTES`].
fn read_bytes(path: &Path, shown: &str) -> Result<Vec<u8>, GbfError> {
    let path_shown = shown.to_owned();
    read_regular(path, MAX_FILE_BYTES).map_err(|failure| match failure {
        ReadFailure::NotFound => GbfError::NotFound { path: path_shown },
        ReadFailure::Directory => GbfError::Directory { path: path_shown },
        ReadFailure::NotRegular => GbfError::NotRegular { path: path_shown },
        ReadFailure::TooLarge { size } => GbfError::TooLarge { size },
        ReadFailure::Io(error) => GbfError::Unreadable {
            path: path_shown,
            reason: error.to_string(),
        },
    })
}

/// The bytes as text, and the span and first byte of every sequence that
/// is not UTF-8. Each such byte becomes `?`, so that every offset stays the
/// file's own.
fn decode(bytes: Vec<u8>) -> (String, Vec<(Span, u8)>) {
    let mut bytes = match String::from_utf8(bytes) {
        Ok(text) => return (text, Vec::new()),
        Err(error) => error.into_bytes(),
    };
    let mut bad = Vec::new();
    let mut at = 0;
    while let Err(error) = std::str::from_utf8(&bytes[at..]) {
        let start = at + error.valid_up_to();
        let len = error.error_len().unwrap_or(bytes.len() - start);
        bad.push((Span::new(start, start + len), bytes[start]));
        bytes[start..start + len].fill(b'?');
        at = start + len;
    }
    let text = String::from_utf8(bytes).expect("every invalid byte was replaced");
    (text, bad)
}

/// One problem for each of the first [`MAX_ENCODING_REPORTS`] bad sequences.
fn encoding_problems(bad: &[(Span, u8)], source_len: usize) -> Vec<GbfError> {
    let total = bad.len();
    let note = match total {
        1 => String::new(),
        n if n <= MAX_ENCODING_REPORTS => format!(" ({n} such bytes in the file)"),
        n => format!(" ({n} such bytes: is this a text file?)"),
    };
    bad.iter()
        .take(MAX_ENCODING_REPORTS)
        .map(|&(span, byte)| GbfError::Encoding {
            byte: format!("{byte:#04x}"),
            note: note.clone(),
            at: span.to_source_span(source_len),
        })
        .collect()
}
