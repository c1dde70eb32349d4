//! `relic play --ruleset NAME` for level-walking rulesets (`game =
//! "walker-levels"`, such as `maze-runner`): asks for the level file unless
//! one is given, then plays in text mode through the generic session, one
//! whole input line per action. (`gui`, `--bots`, `--save`, `--load` and
//! `--record` go through the generic session instead.)

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use super::levels::{check_level_text, read_level_file};
use super::{level_syntax, new_game};
use crate::games::{ExactEnd, ExactIo, ExactText};
use crate::text::{TextSession, run as run_session};
use crate::walker::journey::Program;

/// Plays a level-walking program from a level file, named or asked for.
pub struct LevelPrompt(pub Arc<Program>);

impl ExactText for LevelPrompt {
    fn play(self: Box<Self>, io: ExactIo<'_>) -> io::Result<ExactEnd> {
        let ExactIo {
            file,
            mut input,
            mut out,
            notes,
        } = io;
        let status = play_with_notes(self.0, file, &mut input, &mut out, notes)?;
        Ok(match status == ExitCode::SUCCESS {
            true => ExactEnd::Played,
            false => ExactEnd::Refused,
        })
    }
}

/// Reads the level file (named, or asked for on `input`) and plays it
/// from `input` to `out`. Exit status 1 when the file cannot be used.
pub fn play<R: BufRead, W: Write>(
    program: Arc<Program>,
    file: Option<&str>,
    input: &mut R,
    out: &mut W,
) -> io::Result<ExitCode> {
    play_with_notes(program, file, input, out, None)
}

/// [`play`], with help for people written to `notes` (standard error in
/// `relic play`): how to answer the file prompt, the legend, and what to
/// type after an input the game did not take. An empty answer to the file
/// prompt plays the ruleset's built-in levels (`[level] default`).
pub fn play_with_notes<R: BufRead, W: Write>(
    program: Arc<Program>,
    file: Option<&str>,
    input: &mut R,
    out: &mut W,
    mut notes: Option<Box<dyn Write>>,
) -> io::Result<ExitCode> {
    let path = match file {
        Some(path) => path.to_owned(),
        None => {
            if let Some(notes) = notes.as_mut() {
                notes.write_all(file_hint(&program).as_bytes())?;
                notes.flush()?;
            }
            out.write_all(program.text.file_prompt.as_bytes())?;
            out.flush()?;
            let mut line = Vec::new();
            if input.read_until(b'\n', &mut line)? == 0 {
                return Ok(ExitCode::SUCCESS);
            }
            let line = String::from_utf8_lossy(&line);
            line.trim_end_matches('\n')
                .trim_end_matches('\r')
                .to_owned()
        }
    };
    let syntax = level_syntax(&program);
    let read = match (&program.default_levels, path.trim().is_empty()) {
        (Some(text), true) => {
            let name = format!("{} (built-in levels)", program.name);
            check_level_text(&name, text.clone(), &syntax)
        }
        _ => read_level_file(Path::new(&path), &syntax),
    };
    let (levels, warnings) = match read {
        Ok(read) => read,
        Err(failure) => {
            crate::output::err!("{}", failure.report.render(80));
            return Ok(ExitCode::from(1));
        }
    };
    if !warnings.is_ok() {
        crate::output::err!("{}", warnings.render(80));
    }
    let mut session = TextSession::new(new_game(program, &levels), out);
    if let Some(notes) = notes {
        session = session.with_notes(notes);
    }
    run_session(&mut session, input, |_, _| {})?;
    Ok(ExitCode::SUCCESS)
}

/// What the file prompt asks for, in words.
fn file_hint(program: &Program) -> String {
    let built_in = match program.default_levels {
        Some(_) => ", or press Enter to play the built-in levels",
        None => "",
    };
    format!(
        "{}: type the path of a level file (mazes each headed `Maze N - ROWS COLUMNS`, then their rows){built_in}.\n",
        program.name
    )
}
