//! Saving a game as it is played, so that it is never lost.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use super::{to_ron, write_save_file};
use crate::games::moving_maze::board::Board;
use crate::games::moving_maze::engine::Action;
use crate::rules::Rules;

/// Writes the game to one file whenever asked, remembering the first
/// failure instead of interrupting play.
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

    /// Writes the game after `history`.
    pub fn save(&mut self, history: &[Action]) {
        let text = to_ron(&self.rules, &self.board, history);
        if let Err(error) = write_save_file(&self.path, &text) {
            self.failure.get_or_insert(error);
        }
    }

    /// The first failure to write, if any.
    pub fn finish(self) -> io::Result<()> {
        self.failure.map_or(Ok(()), Err)
    }
}
