//! `relic verify`: plays a list of actions from a setup, for the game the
//! ruleset names, and shows the final position or the first illegal
//! action.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::load_game_rules_reported;
use super::usage::CliError;
use crate::contract::SetupFormat;
use crate::diagnostics::FileReport;
use crate::files::read_regular;
use crate::games::{GameRules, GameVisitor, MovesFile, Playable, Setup, with_game};
use crate::output::{err, out};
use crate::verify::{play_moves, status_line};

/// The largest moves file read.
const MAX_MOVES_BYTES: u64 = 64 * 1024 * 1024;

/// Arguments of `relic verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// `[RULESET] [SETUP] MOVES`: without `--ruleset`, a ruleset file
    /// (`.toml`) or built-in name first; the setup file (Moving Maze: a
    /// board file; a core game: a FEN position or a position file; left
    /// out for games that take none, or for the game's default), then the
    /// actions in the game's notation: white-space separated (or one per
    /// line, for games whose notation has spaces); lines starting with
    /// `#` are comments.
    #[arg(value_name = "FILE", num_args = 1..=3, required = true)]
    pub files: Vec<PathBuf>,
    /// The ruleset (a TOML file or a built-in name); standard Moving Maze
    /// by default. Its `game` key says which game.
    #[arg(long, value_name = "R")]
    pub ruleset: Option<PathBuf>,
    /// Also write the final position to this file as a setup the game
    /// reads back (`relic perft RULESET FILE`, `relic play --ruleset
    /// RULESET FILE`): FEN when the name ends in `.fen`, else a position
    /// file. Core games only.
    #[arg(long, value_name = "FILE")]
    pub setup_out: Option<PathBuf>,
}

/// Plays the moves on whatever game it is given: the final position as
/// the game prints it, or the report of the first bad action.
struct Verify<'a> {
    path: &'a Path,
    moves: String,
    setup_out: Option<SetupFormat>,
}

/// What a verified list of actions ends in: the final position as the
/// game prints it, and as a setup file when one was asked for (or why it
/// cannot be written).
struct Verified {
    position: String,
    setup: Option<Result<String, String>>,
}

impl GameVisitor for Verify<'_> {
    type Output = Result<Verified, FileReport>;

    fn visit<G: Playable>(self, game: G) -> Result<Verified, FileReport> {
        let unit = game.input_unit();
        match play_moves(game, &self.moves, unit) {
            Ok(end) => {
                let mut out = String::new();
                end.write_position(&mut out);
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str(&status_line(&end));
                out.push('\n');
                let setup = self.setup_out.map(|format| end.write_setup(format));
                Ok(Verified {
                    position: out,
                    setup,
                })
            }
            Err(error) => Err(FileReport {
                path: self.path.display().to_string(),
                source: self.moves,
                problems: vec![Box::new(error)],
            }),
        }
    }
}

/// Runs `relic verify`: status 0 with the final position on stdout, 1 with
/// the first bad action on stderr, 2 for a bad ruleset, setup or moves
/// file.
pub fn run(args: &VerifyArgs) -> ExitCode {
    let setup_path = (args.files.len() > 1).then(|| args.files[0].as_path());
    let in_place = super::ruleset_in_setup_place(args.ruleset.as_ref(), setup_path);
    if args.files.len() > 2 && !in_place {
        return super::usage::fail(three_files_without_a_ruleset(&args.files));
    }
    let ruleset = super::implied_ruleset(args.ruleset.as_ref(), setup_path);
    let Some(rules) = load_game_rules_reported(ruleset.as_ref()) else {
        return ExitCode::from(2);
    };
    let (setup, moves_path) = match args.files.as_slice() {
        [moves] => (Setup::Default, moves),
        [_, moves] if in_place => (Setup::Default, moves),
        [_, setup, moves] if in_place => (Setup::file(setup), moves),
        [setup, moves] => (Setup::file(setup), moves),
        _ => return ExitCode::from(2),
    };
    // Text mode reads an instruction file line by line, a line that is
    // not UTF-8 being one more line that is not an instruction; verify
    // reads it alike.
    let instructions = matches!(
        (rules.moves_file(), &rules),
        (MovesFile::Instructions, GameRules::Vocabulary(_))
    );
    let moves = match read_moves(moves_path, instructions) {
        Ok(moves) => moves,
        Err(message) => {
            return super::usage::fail(super::usage::CliError::Unreadable {
                what: "moves",
                path: moves_path.display().to_string(),
                reason: message,
            });
        }
    };
    let own_file = matches!(
        (rules.moves_file(), &rules),
        (MovesFile::Instructions, GameRules::Vocabulary(_))
            | (MovesFile::GameFile, GameRules::WalkerPhysics(_))
    );
    if let (true, Some(out)) = (own_file, &args.setup_out) {
        return super::usage::fail(CliError::NoSetup {
            path: out.display().to_string(),
            why: "this game does not write its positions as setup files".to_owned(),
        });
    }
    match (rules.moves_file(), &rules) {
        (MovesFile::Instructions, GameRules::Vocabulary(rules)) => {
            verify_instruction_file(rules.program.clone(), moves_path, moves)
        }
        (MovesFile::GameFile, GameRules::WalkerPhysics(rules)) => {
            super::cave_verify::verify_cave(rules, &setup, moves_path, moves)
        }
        _ => verify_notation(
            &rules,
            &setup,
            (moves_path, moves),
            args.setup_out.as_deref(),
        ),
    }
}

/// `relic verify` for a list of actions in the game's notation: the final
/// position (also written to `setup_out` as a setup), or the first action
/// that is not legal.
fn verify_notation(
    rules: &GameRules,
    setup: &Setup,
    (path, moves): (&Path, String),
    setup_out: Option<&Path>,
) -> ExitCode {
    let format = setup_out.map(|out| match out.extension() {
        Some(ext) if ext.eq_ignore_ascii_case("fen") => SetupFormat::Fen,
        _ => SetupFormat::Own,
    });
    let visitor = Verify {
        path,
        moves,
        setup_out: format,
    };
    match with_game(rules, setup, visitor) {
        Ok(Ok(end)) => {
            out!("{}", end.position);
            match (setup_out, end.setup) {
                (Some(out), Some(setup)) => write_setup(out, setup),
                _ => ExitCode::SUCCESS,
            }
        }
        Ok(Err(report)) => {
            err!("{}", report.render(80));
            ExitCode::from(1)
        }
        Err(failure) => {
            err!("{}", failure.render(80));
            ExitCode::from(2)
        }
    }
}

/// Writes the final position's setup text to `path`, or reports why it
/// cannot be written.
fn write_setup(path: &Path, setup: Result<String, String>) -> ExitCode {
    let path_text = path.display().to_string();
    let problem = match setup {
        Ok(text) => match std::fs::write(path, text) {
            Ok(()) => return ExitCode::SUCCESS,
            Err(e) => CliError::Unwritable {
                what: "setup",
                path: path_text,
                reason: e.to_string(),
            },
        },
        Err(why) => CliError::NoSetup {
            path: path_text,
            why,
        },
    };
    super::usage::fail(problem)
}

/// `relic verify` for rulesets with `text = "instructions"`: the final
/// board and statistics, or the first line that is not a legal instruction.
fn verify_instruction_file(
    program: std::sync::Arc<crate::vocab::Program>,
    path: &Path,
    source: String,
) -> ExitCode {
    use crate::games::stacked_tictactoe::{verify_instructions, write_board, write_statistics};
    match verify_instructions(program, &source) {
        Ok(end) => {
            let mut text = String::new();
            write_board(&end, &mut text);
            write_statistics(&end, &mut text);
            out!("{text}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            let report = FileReport {
                path: path.display().to_string(),
                source,
                problems: vec![Box::new(error)],
            };
            err!("{}", report.render(80));
            ExitCode::from(1)
        }
    }
}

/// The moves file as text: a regular file, at most 64 MiB, UTF-8; where
/// `lenient`, bytes that are not UTF-8 are read as `?` (one byte each, so
/// that every line keeps its place in the file).
fn read_moves(path: &Path, lenient: bool) -> Result<String, String> {
    let bytes = read_regular(path, MAX_MOVES_BYTES).map_err(|failure| failure.reason())?;
    if lenient {
        return Ok(text_with_placeholders(&bytes));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!("it is not UTF-8 text (byte {at})")
    })
}

/// `bytes` as text, each byte of a sequence that is not UTF-8 read as `?`.
fn text_with_placeholders(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(chunk.invalid().iter().map(|_| '?'));
    }
    text
}

/// Three files where the first is no ruleset: which one is which?
fn three_files_without_a_ruleset(files: &[PathBuf]) -> CliError {
    CliError::Usage {
        message: format!(
            "three files, and the first, `{}`, is not a ruleset",
            files[0].display()
        ),
        help: "give `RULESET SETUP MOVES` with a `.toml` ruleset or a built-in name first, \
               or `SETUP MOVES` with `--ruleset`"
            .to_owned(),
        at: None,
    }
}

#[cfg(test)]
mod tests {
    use super::text_with_placeholders;

    #[test]
    fn placeholders_keep_every_byte_in_its_place() {
        let text = text_with_placeholders(b"1 1 1\n\xff\xfe 2\n\xc3\xa9 \xe2\x82");
        assert_eq!(text, "1 1 1\n?? 2\n\u{e9} ??");
        assert_eq!(text.len(), 16);
    }
}
