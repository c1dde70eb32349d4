//! Saving a game as it is played, so that it is never lost.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use super::{to_ron, write_save_file};
use crate::games::moving_maze::board::Board;
use crate::games::moving_maze::engine::Action;
use crate::rules::Rules;

/// Writes the game to one file whenever asked. A failure is returned at
/// once (for the front end to say so) and remembered, without
/// interrupting play; the next save tries again.
pub struct Autosave {
    path: PathBuf,
    rules: Arc<Rules>,
    board: Board,
    failure: Option<io::Error>,
}

impl Autosave {
    /// Starts saving the game on `board` under `rules` to `path`, writing
    /// `history` at once so that a path that cannot be written is known
    /// before play starts.
    pub fn start(
        path: PathBuf,
        rules: Arc<Rules>,
        board: Board,
        history: &[Action],
    ) -> io::Result<Autosave> {
        write_save_file(&path, &to_ron(&rules, &board, history))?;
        Ok(Autosave {
            path,
            rules,
            board,
            failure: None,
        })
    }

    /// The file saved to.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Writes the game after `history`; on failure, says why (the failure
    /// is also kept for [`Autosave::finish`]).
    pub fn save(&mut self, history: &[Action]) -> io::Result<()> {
        let text = to_ron(&self.rules, &self.board, history);
        write_save_file(&self.path, &text).inspect_err(|error| {
            let kept = || io::Error::new(error.kind(), error.to_string());
            self.failure.get_or_insert_with(kept);
        })
    }

    /// The first failure to write, if any.
    pub fn finish(self) -> io::Result<()> {
        self.failure.map_or(Ok(()), Err)
    }
}
