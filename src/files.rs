//! Reading input files (boards, rulesets and what they extend, records,
//! sim shards) the one safe way: only regular files, which are looked at
//! before they are opened (opening a FIFO blocks until someone writes to
//! it, and a device may never end), and at most a given number of bytes.

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

/// Why an input file could not be read.
#[derive(Debug)]
pub enum ReadFailure {
    /// Nothing is at the path.
    NotFound,
    /// The path is a folder.
    Directory,
    /// The path is a FIFO, socket or device.
    NotRegular,
    /// The file has `size` bytes, more than the reader takes.
    TooLarge {
        /// Its size in bytes (at least the limit plus one).
        size: u64,
    },
    /// The system refused (permissions, I/O error).
    Io(io::Error),
}

impl ReadFailure {
    /// A short reason, for messages such as "cannot read FILE: REASON".
    ///
    /// ```
    /// use relic::files::ReadFailure;
    /// assert_eq!(ReadFailure::NotRegular.reason(), "it is not a regular file");
    /// ```
    pub fn reason(&self) -> String {
        match self {
            ReadFailure::NotFound => "no such file".into(),
            ReadFailure::Directory => "it is a directory".into(),
            ReadFailure::NotRegular => "it is not a regular file".into(),
            ReadFailure::TooLarge { size } => format!("it is too large ({size} bytes)"),
            ReadFailure::Io(error) => error.to_string(),
        }
    }
}

/// Reads the regular file at `path`, refusing anything over `max_bytes`
/// bytes without reading it.
///
/// ```
/// use relic::files::{read_regular, ReadFailure};
/// assert!(matches!(read_regular("/dev/null".as_ref(), 10), Err(ReadFailure::NotRegular)));
/// assert!(matches!(read_regular("/".as_ref(), 10), Err(ReadFailure::Directory)));
/// ```
pub fn read_regular(path: &Path, max_bytes: u64) -> Result<Vec<u8>, ReadFailure> {
    let io_failure = |error: io::Error| match error.kind() {
        io::ErrorKind::NotFound => ReadFailure::NotFound,
        _ => ReadFailure::Io(error),
    };
    check_kind(&std::fs::metadata(path).map_err(io_failure)?, max_bytes)?;
    let file = File::open(path).map_err(io_failure)?;
    // The path may have been replaced between the two looks.
    let metadata = file.metadata().map_err(io_failure)?;
    check_kind(&metadata, max_bytes)?;
    let mut bytes = Vec::with_capacity(metadata.len() as usize + 1);
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(io_failure)?;
    if bytes.len() as u64 > max_bytes {
        let size = metadata.len().max(bytes.len() as u64);
        return Err(ReadFailure::TooLarge { size });
    }
    Ok(bytes)
}

/// Accepts regular files of at most `max_bytes`.
fn check_kind(metadata: &Metadata, max_bytes: u64) -> Result<(), ReadFailure> {
    if metadata.is_dir() {
        return Err(ReadFailure::Directory);
    }
    if !metadata.is_file() {
        return Err(ReadFailure::NotRegular);
    }
    if metadata.len() > max_bytes {
        return Err(ReadFailure::TooLarge {
            size: metadata.len(),
        });
    }
    Ok(())
}
