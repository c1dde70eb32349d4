//! The instruction-file mode of `relic play` for vocabulary rulesets with
//! `text = "instructions"`: the instruction file named, or standard input.

use std::io;
use std::path::Path;
use std::sync::Arc;

use super::text::play_instructions;
use crate::games::{ExactEnd, ExactIo, ExactText};
use crate::vocab::Program;

/// The largest instruction file read.
const MAX_INSTRUCTIONS: u64 = 64 << 20;

/// Plays a vocabulary program from an instruction file.
pub struct InstructionFile(pub Arc<Program>);

impl ExactText for InstructionFile {
    fn play(self: Box<Self>, io: ExactIo<'_>) -> io::Result<ExactEnd> {
        match io.file {
            Some(path) => match crate::files::read_regular(Path::new(path), MAX_INSTRUCTIONS) {
                Ok(bytes) => play_instructions(self.0, &bytes[..], io.out)?,
                Err(failure) => {
                    return Ok(ExactEnd::Unreadable {
                        what: "instructions",
                        path: path.to_owned(),
                        reason: failure.reason(),
                    });
                }
            },
            None => play_instructions(self.0, io.input, io.out)?,
        };
        Ok(ExactEnd::Played)
    }
}
