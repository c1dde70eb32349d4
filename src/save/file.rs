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
/// removed. Its name holds the writer's process id, and each save removes
/// the temporary files of `path` that a process killed while saving left
/// behind ([`remove_stale`]).
pub fn write_save_file(path: &Path, text: &str) -> io::Result<()> {
    write_atomically(path, text)?;
    remove_stale(path);
    Ok(())
}

fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
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

/// A new file beside `path` named `.NAME.PID.RANDOM.tmp`, created
/// exclusively (never through an existing name or link).
fn create_temporary(path: &Path) -> io::Result<(std::path::PathBuf, std::fs::File)> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the save path names no file")
    })?;
    let mut last_error = None;
    for _ in 0..16 {
        let mut temporary_name = std::ffi::OsString::from(".");
        temporary_name.push(name);
        let id = std::process::id();
        temporary_name.push(format!(".{id}.{:016x}.tmp", fastrand::u64(..)));
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

/// Removes the temporary files beside `path` that an earlier save of it
/// left behind when its process was killed: `.NAME.PID.RANDOM.tmp` whose
/// process is gone, and `.NAME.RANDOM.tmp` (older relic) over an hour
/// old. Only regular files are removed; a failure is ignored (the save
/// itself succeeded).
fn remove_stale(path: &Path) {
    let (Some(name), Some(folder)) = (path.file_name(), path.parent()) else {
        return;
    };
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(middle) = (file_name.to_str())
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|n| n.strip_suffix(".tmp"))
        else {
            continue;
        };
        let Ok(metadata) = std::fs::symlink_metadata(entry.path()) else {
            continue;
        };
        if metadata.file_type().is_file() && is_stale(middle, &metadata) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a temporary file whose name holds `middle` (`PID.RANDOM` or
/// `RANDOM`) was left by a process that is gone.
fn is_stale(middle: &str, metadata: &std::fs::Metadata) -> bool {
    let random = |r: &str| r.len() == 16 && r.bytes().all(|b| b.is_ascii_hexdigit());
    match middle.split_once('.') {
        Some((pid, r)) if random(r) => match pid.parse::<u32>() {
            Ok(pid) => pid != std::process::id() && !process_alive(pid),
            Err(_) => false,
        },
        None if random(middle) => (metadata.modified().ok())
            .and_then(|m| m.elapsed().ok())
            .is_some_and(|age| age.as_secs() > 3600),
        _ => false,
    }
}

/// Whether process `pid` exists (on other systems than Unix, assumed).
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // Signal 0 checks the process exists without signalling it; EPERM
    // means it exists but belongs to someone else.
    // SAFETY: kill with signal 0 has no effect beyond the check.
    let result = unsafe { libc::kill(pid, 0) };
    result == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_killed_save_s_temporary_file_is_removed_by_the_next_save() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.ron");
        // A process id that no process has (above Linux's largest).
        let dead = folder.path().join(".game.ron.4194305.00000000deadbeef.tmp");
        let other = folder
            .path()
            .join(".other.ron.4194305.00000000deadbeef.tmp");
        std::fs::write(&dead, "half").unwrap();
        std::fs::write(&other, "half").unwrap();
        write_save_file(&path, "whole").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "whole");
        assert!(!dead.exists(), "the stale temporary file stays");
        assert!(other.exists(), "another file's temporary file was removed");
        let live = folder.path().join(format!(
            ".game.ron.{}.0123456789abcdef.tmp",
            std::process::id()
        ));
        std::fs::write(&live, "writing").unwrap();
        write_save_file(&path, "again").unwrap();
        assert!(live.exists(), "a live writer's temporary file was removed");
    }
}
