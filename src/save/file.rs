//! Saved games on disk: bounded, checked reading; atomic writing.

use std::io::{self, Read, Write};
use std::path::Path;

use super::{SaveError, SavedGame};
use crate::diagnostics::{FileReport, Span};
use crate::games::moving_maze::engine::Game;

/// The largest saved game relic reads (a game of a million actions fits).
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

/// Reads and replays the saved game at `path`, or reports every problem.
pub fn read_save_file(path: &Path) -> Result<(SavedGame, Game), FileReport> {
    let report = |source: String, problems: Vec<SaveError>| FileReport {
        path: path.display().to_string(),
        source,
        problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
    };
    let bytes = read_bounded(path).map_err(|problem| report(String::new(), vec![problem]))?;
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        Err(error) => {
            let at = error.utf8_error().valid_up_to();
            let source = String::from_utf8_lossy(error.as_bytes()).into_owned();
            let span = Span::new(at, at + '\u{FFFD}'.len_utf8()).to_source_span(source.len());
            return Err(report(source, vec![SaveError::Encoding { at: span }]));
        }
    };
    SavedGame::from_ron(&source).map_err(|problems| report(source, problems))
}

fn read_bounded(path: &Path) -> Result<Vec<u8>, SaveError> {
    let unreadable = |error: io::Error| SaveError::Unreadable {
        reason: error.to_string(),
    };
    if path.is_dir() {
        return Err(SaveError::Unreadable {
            reason: format!("{} is a directory", path.display()),
        });
    }
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        let size = std::fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err(SaveError::TooLarge {
            size,
            max: MAX_SAVE_BYTES,
        });
    }
    Ok(bytes)
}

/// Writes `text` to `path` atomically: into a temporary file beside it,
/// then renamed over it, so an interrupted write never leaves half a file.
pub fn write_save_file(path: &Path, text: &str) -> io::Result<()> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the save path names no file")
    })?;
    let mut temporary_name = std::ffi::OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(".tmp");
    let temporary = path.with_file_name(temporary_name);
    let mut file = std::fs::File::create(&temporary)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}
