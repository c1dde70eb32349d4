//! `relic play --ruleset NAME` for every game but Moving Maze (which has
//! its own session with the specification's messages): the generic text
//! loop over any game with a text view, reading white-space separated
//! actions in the game's notation.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use crate::contract::TextView;
use crate::games::{GameRules, GameVisitor, Playable, Setup, with_game};

/// Plays the game `rules` names in the terminal; `gui`, `--bots`,
/// `--save`, `--load` and `--record` are not available for it yet.
pub(super) fn run(rules: &GameRules, args: &super::PlayArgs) -> ExitCode {
    if let GameRules::Vocabulary(program) = rules
        && program.text == crate::vocab::schema::TextFormat::Instructions
    {
        return play_instruction_file(program.clone(), args);
    }
    let unsupported = args.mode.is_some()
        || args.bots.is_some()
        || args.save.is_some()
        || args.load.is_some()
        || args.record.is_some();
    if unsupported {
        crate::output::errln!(
            "relic: {} is played in text mode only, without --bots, --save, --load or --record",
            rules.name()
        );
        return ExitCode::from(2);
    }
    let setup = args.board.as_ref().map_or(Setup::Default, Setup::file);
    match with_game(rules, &setup, TextPlay) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(error)) => {
            crate::output::errln!("relic: {error}");
            ExitCode::from(1)
        }
        Err(failure) => {
            crate::output::err!("{}", failure.render(80));
            ExitCode::from(1)
        }
    }
}

/// The largest instruction file read.
const MAX_INSTRUCTIONS: u64 = 64 << 20;

/// `relic play --ruleset R [FILE]` for rulesets with `text =
/// "instructions"`: the course's text mode on FILE, or on stdin.
fn play_instruction_file(
    program: std::sync::Arc<crate::vocab::Program>,
    args: &super::PlayArgs,
) -> ExitCode {
    use crate::games::stacked_tictactoe::play_instructions;
    let unsupported = args.mode.is_some()
        || args.bots.is_some()
        || args.save.is_some()
        || args.load.is_some()
        || args.record.is_some();
    if unsupported {
        crate::output::errln!(
            "relic: this game is played from an instruction file (or stdin) in text mode only"
        );
        return ExitCode::from(2);
    }
    let mut out = io::stdout().lock();
    let result = match &args.board {
        Some(path) => match crate::files::read_regular(path.as_ref(), MAX_INSTRUCTIONS) {
            Ok(bytes) => play_instructions(program, &bytes[..], &mut out),
            Err(failure) => {
                crate::output::errln!("relic: cannot read {path}: {}", failure.reason());
                return ExitCode::from(1);
            }
        },
        None => play_instructions(program, io::stdin().lock(), &mut out),
    };
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            crate::output::errln!("relic: {error}");
            ExitCode::from(1)
        }
    }
}

/// Text play on stdin and stdout of whatever game it is given.
struct TextPlay;

impl GameVisitor for TextPlay {
    type Output = io::Result<()>;

    fn visit<G: Playable>(self, game: G) -> io::Result<()> {
        let stdin = io::stdin();
        play_text(game, stdin.lock(), io::stdout().lock()).map(drop)
    }
}

/// Plays `game` from white-space separated actions on `input` until play
/// is over or input ends; prints the position, prompts, events and
/// refusals as the game's text view writes them. Returns the final game.
///
/// ```
/// use relic::contract::{Game, Outcome, Status};
/// use relic::vocab::{VocabGame, builtin_vocab};
/// let game = VocabGame::new(builtin_vocab("tic-tac-toe").unwrap().unwrap());
/// let mut out = Vec::new();
/// let end = relic::cli::play_text(game, &b"a1 b1 a2 b2 a3"[..], &mut out).unwrap();
/// assert_eq!(end.status(), Status::Over(Outcome::Won(0)));
/// assert!(String::from_utf8(out).unwrap().contains("X wins!"));
/// ```
pub fn play_text<G: TextView, R: BufRead, W: Write>(
    mut game: G,
    input: R,
    mut out: W,
) -> io::Result<G> {
    let mut text = String::new();
    game.write_position(&mut text);
    let lines = game.input_unit() == crate::contract::InputUnit::Lines;
    for line in input.lines() {
        let line = line?;
        let tokens: Vec<&str> = if lines {
            Some(line.trim())
                .filter(|l| !l.is_empty())
                .into_iter()
                .collect()
        } else {
            line.split_whitespace().collect()
        };
        for token in tokens {
            if game.status().is_over() {
                break;
            }
            game.write_prompt(&mut text);
            text.push_str(token);
            text.push('\n');
            match game.parse_action(token) {
                Err(error) => text.push_str(&format!("{error}\n")),
                Ok(action) => match game.apply(&action) {
                    Ok(events) => {
                        game.write_events(&events, &mut text);
                        game.write_position(&mut text);
                    }
                    Err(refusal) => game.write_refusal(&refusal, &mut text),
                },
            }
            out.write_all(text.as_bytes())?;
            text.clear();
        }
        if game.status().is_over() {
            break;
        }
    }
    if !game.status().is_over() {
        game.write_prompt(&mut text);
        text.push('\n');
    }
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(game)
}
