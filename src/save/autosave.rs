//! Saving a game as it is played, so that it is never lost.

use std::io;
use std::path::{Path, PathBuf};

use super::RecordKeeper;
use crate::contract::Game;

/// Writes the record of a game to one file whenever asked. A failure is
/// returned at once (for the front end to say so) and remembered, without
/// interrupting play; the next save tries again.
pub struct Autosave<G: Game> {
    path: PathBuf,
    keeper: RecordKeeper<G>,
    failure: Option<io::Error>,
}

impl<G: Game> Autosave<G> {
    /// Starts saving the records `keeper` writes to `path`, writing
    /// `history` at once so that a path that cannot be written is known
    /// before play starts.
    pub fn start(
        path: PathBuf,
        keeper: RecordKeeper<G>,
        history: &[G::Action],
    ) -> io::Result<Autosave<G>> {
        keeper.write(&path, history)?;
        Ok(Autosave {
            path,
            keeper,
            failure: None,
        })
    }

    /// The file saved to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the game after `history`; on failure, says why (the failure
    /// is also kept for [`Autosave::finish`]).
    pub fn save(&mut self, history: &[G::Action]) -> io::Result<()> {
        self.keeper.write(&self.path, history).inspect_err(|error| {
            let kept = || io::Error::new(error.kind(), error.to_string());
            self.failure.get_or_insert_with(kept);
        })
    }

    /// The first failure to write, if any.
    pub fn finish(self) -> io::Result<()> {
        self.failure.map_or(Ok(()), Err)
    }
}
