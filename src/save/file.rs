//! Records on disk: bounded, checked reading; atomic writing.

use std::io::{self, Write};
use std::path::Path;

use super::SaveError;
use crate::diagnostics::Span;
use crate::files::{ReadFailure, read_regular};

/// The largest saved game relic reads (a game of a million actions fits).
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

/// A record file's text, or the problem and what text there is: a regular
/// file of at most [`MAX_SAVE_BYTES`] of UTF-8.
pub(super) fn read_source(path: &Path) -> Result<String, (String, SaveError)> {
    let bytes = read_bounded(path).map_err(|problem| (String::new(), problem))?;
    String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        let source = String::from_utf8_lossy(error.as_bytes()).into_owned();
        let span = Span::new(at, at + '\u{FFFD}'.len_utf8()).to_source_span(source.len());
        (source, SaveError::Encoding { at: span })
    })
}

fn read_bounded(path: &Path) -> Result<Vec<u8>, SaveError> {
    read_regular(path, MAX_SAVE_BYTES).map_err(|failure| match failure {
        ReadFailure::TooLarge { size } => SaveError::TooLarge {
            size,
            max: MAX_SAVE_BYTES,
        },
        ReadFailure::NotRegular => SaveError::NotRegular {
            path: path.display().to_string(),
        },
        failure => SaveError::Unreadable {
            reason: format!("{}: {}", path.display(), failure.reason()),
        },
    })
}

/// Writes `text` to `path` atomically: into a new temporary file beside
/// it, then renamed over it, so an interrupted write never leaves half a
/// file.
///
/// The temporary file has a random name and is created exclusively, so a
/// link planted in a shared folder is never followed; only a regular file
/// (or nothing) at `path` is replaced; on any error the temporary file is
/// removed.
pub fn write_save_file(path: &Path, text: &str) -> io::Result<()> {
    refuse_special(path)?;
    let (temporary, mut file) = create_temporary(path)?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            // Checked again: the path may have changed while writing.
            refuse_special(path)
        })
        .and_then(|()| std::fs::rename(&temporary, path));
    written.inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

/// Refuses to replace anything at `path` but a regular file: a link, a
/// device, a FIFO or a folder.
fn refuse_special(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if !metadata.file_type().is_file() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is not a regular file (a link, device, pipe or folder); it is not replaced",
                path.display()
            ),
        )),
        _ => Ok(()),
    }
}

/// A new file beside `path` named `.NAME.RANDOM.tmp`, created exclusively
/// (never through an existing name or link).
fn create_temporary(path: &Path) -> io::Result<(std::path::PathBuf, std::fs::File)> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the save path names no file")
    })?;
    let mut last_error = None;
    for _ in 0..16 {
        let mut temporary_name = std::ffi::OsString::from(".");
        temporary_name.push(name);
        temporary_name.push(format!(".{:016x}.tmp", fastrand::u64(..)));
        let temporary = path.with_file_name(temporary_name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => return Ok((temporary, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last_error = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last_error.expect("the loop ran"))
}
