//! The command line's own errors: options that do not go together, names
//! that are not there, files that cannot be read or written. Each has a
//! stable code and a help line, and is shown pointing at the argument at
//! fault in the command line; [`fail`] prints one through the one output
//! path and gives the exit status.

use std::process::ExitCode;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceSpan};
use thiserror::Error;

use crate::diagnostics::JsonDiagnostic;

/// An error of the command line, not of a file's contents.
#[derive(Debug, Error, Diagnostic)]
pub(crate) enum CliError {
    /// A command line the argument parser refused (an unknown option, a
    /// missing or malformed value).
    #[error("{message}")]
    #[diagnostic(code(cli::usage), help("{help}"))]
    Usage {
        message: String,
        help: String,
        at: Option<String>,
    },
    /// A name that is not one of the game's players.
    #[error("there is no player `{colour}`")]
    #[diagnostic(code(cli::unknown_player), help("the players are {players}"))]
    UnknownPlayer { colour: String, players: String },
    /// Two options, or an option and an argument, that exclude each other.
    #[error("{option} does not combine with {with}")]
    #[diagnostic(code(cli::conflicting_options), help("{why}"))]
    Conflict {
        option: String,
        with: &'static str,
        why: &'static str,
    },
    /// A count during which the rules' interpreter stopped play (a search
    /// past its step limit, or an action of more marks than an action
    /// holds): the counts below it are not the game's.
    #[error("the rules stopped play {at}: {message}")]
    #[diagnostic(
        code(cli::rules_stopped),
        help(
            "a repetition that never ends (such as a `*!` whose body always changes something, a variable set back and forth) runs until the step limit: make the repetition end; a position with hundreds of thousands of ways meets it too: make a turn of several actions (one step each) or raise the ruleset's `step_limit`; an action marks at most 24 parts: mark less (one word for what two marks say, `mark(xd6)` for `mark(x) mark`)"
        )
    )]
    RulesStopped { at: String, message: String },
    /// `--core` with rules that do not lower into the core language.
    #[error("{ruleset} does not run on the core interpreter")]
    #[diagnostic(
        code(cli::no_core_form),
        help("{why}; without --core it runs on its own interpreter")
    )]
    NoCoreForm { ruleset: String, why: String },
    /// An option only Moving Maze takes, given for another game.
    #[error("{option} is for Moving Maze only")]
    #[diagnostic(code(cli::maze_only_option), help("{why}"))]
    MazeOnlyOption { option: String, why: String },
    /// `relic sim` runs that would all play the very same game.
    #[error("with --opening 0 every game would be the same game")]
    #[diagnostic(
        code(cli::identical_games),
        help(
            "{bot} (seat {seat}) plays the same way whatever the seed, and every game starts on the same board: leave out --opening (one random turn per seat), give --opening N, or play on --random-boards"
        )
    )]
    IdenticalGames { bot: String, seat: String },
    /// `relic solve` under a ruleset that says nothing is to be won.
    #[error("the ruleset `{ruleset}` has no goal to solve for")]
    #[diagnostic(
        code(cli::no_goal),
        help("add a goal to the ruleset, such as `[goal] clear = [\"diamond\"]`")
    )]
    NoGoal { ruleset: String },
    /// Moving Maze's board file, missing or failing its checks (its
    /// problems are shown before).
    #[error("{message}")]
    #[diagnostic(
        code(cli::board_file),
        help(
            "give the path of a board file (GBF) that `relic check` accepts, or none for the shipped board"
        )
    )]
    BoardFile { path: String, message: String },
    /// A record that does not replay after it was read and checked.
    #[error("the record does not replay: {reason}")]
    #[diagnostic(
        code(cli::does_not_replay),
        help("this is a bug in relic; please report it with the record")
    )]
    DoesNotReplay { path: String, reason: String },
    /// A board and ruleset that cannot start a game together.
    #[error("no game can start: {reason}")]
    #[diagnostic(
        code(cli::unplayable),
        help(
            "`relic check --ruleset RULES BOARD` and `relic rules check RULES` show what to change"
        )
    )]
    Unplayable {
        reason: String,
        /// The setup file's argument, when one was given.
        at: Option<String>,
    },
    /// `relic solve --load` of a game saved in the middle of a turn.
    #[error("the saved game {path} is in the middle of a turn")]
    #[diagnostic(
        code(cli::mid_turn),
        help(
            "the solver plans whole turns: save the game at the start of one, or replay it with `relic replay --to N`"
        )
    )]
    MidTurn { path: String },
    /// A game name the registry does not know.
    #[error("there is no game `{name}`")]
    #[diagnostic(code(cli::unknown_game), help("the games are {games}"))]
    UnknownGame { name: String, games: String },
    /// `relic explain` of a code no diagnostic has.
    #[error("no diagnostic has the code `{code}`")]
    #[diagnostic(
        code(cli::unknown_code),
        help("{hint}`relic explain` lists every code")
    )]
    UnknownCode { code: String, hint: String },
    /// An input file named on the command line that cannot be read.
    #[error("cannot read the {what} {path}: {reason}")]
    #[diagnostic(
        code(cli::unreadable),
        help("check the path, and that it is a regular file you may read")
    )]
    Unreadable {
        what: &'static str,
        path: String,
        reason: String,
    },
    /// An output file that cannot be written.
    #[error("cannot write the {what} {path}: {reason}")]
    #[diagnostic(
        code(cli::unwritable),
        help("check that the folder exists and that you may write there")
    )]
    Unwritable {
        what: &'static str,
        path: String,
        reason: String,
    },
    /// A final position that cannot be written as the setup asked for.
    #[error("cannot write the final position to {path}: {why}")]
    #[diagnostic(
        code(cli::no_setup),
        help(
            "core games write a position file (any name) or FEN (a name ending in `.fen`, square boards of one-letter pieces without stacks)"
        )
    )]
    NoSetup { path: String, why: String },
    /// A save during play that failed; play goes on.
    #[error("cannot save the game to {path}: {reason}")]
    #[diagnostic(
        code(cli::autosave_failed),
        severity(Warning),
        help(
            "play goes on and the next {next} tries again; free space or fix the folder, or the game ends unsaved"
        )
    )]
    AutosaveFailed {
        path: String,
        reason: String,
        next: &'static str,
    },
    /// Reading the players' input or writing the game's output failed.
    #[error("the terminal failed: {reason}")]
    #[diagnostic(
        code(cli::terminal_io),
        help("the game stopped; with --save it resumes with --load")
    )]
    TerminalIo { reason: String },
    /// The browser server could not start.
    #[error("cannot listen on {host} port {port}: {reason}")]
    #[diagnostic(
        code(cli::cannot_listen),
        help(
            "choose a free port with --port (0 picks one), or a host name of this machine with --host"
        )
    )]
    CannotListen {
        host: String,
        port: u16,
        reason: String,
        /// The option at fault: `--port` when the port is taken, else
        /// `--host`.
        option: &'static str,
    },
    /// The operating system refused something the command needs.
    #[error("cannot {what}: {reason}")]
    #[diagnostic(
        code(cli::system),
        help(
            "the operating system refused it; check the machine's limits (threads, memory) and try again"
        )
    )]
    System { what: &'static str, reason: String },
    /// The manual page could not be written.
    #[error("cannot render the manual page: {reason}")]
    #[diagnostic(code(cli::man_page), help("this is a bug in relic; please report it"))]
    ManPage { reason: String },
    /// `relic lsp` lost its client: the protocol broke or the streams
    /// failed.
    #[error("the language server stopped: {reason}")]
    #[diagnostic(
        code(cli::lsp_protocol),
        help(
            "start `relic lsp` from an editor's language client, which speaks JSON-RPC on its standard input and output"
        )
    )]
    LspProtocol { reason: String },
}

impl CliError {
    /// The exit status: 2 for usage errors and unreadable input, 1 when
    /// the command ran and failed.
    pub(crate) fn status(&self) -> ExitCode {
        match self {
            CliError::Unwritable { .. }
            | CliError::BoardFile { .. }
            | CliError::DoesNotReplay { .. }
            | CliError::AutosaveFailed { .. }
            | CliError::TerminalIo { .. }
            | CliError::CannotListen { .. }
            | CliError::System { .. }
            | CliError::ManPage { .. }
            | CliError::LspProtocol { .. }
            | CliError::RulesStopped { .. } => ExitCode::from(1),
            _ => ExitCode::from(2),
        }
    }

    /// What the label under the argument at fault says.
    fn label(&self) -> &'static str {
        match self {
            CliError::Usage { .. } => "refused",
            CliError::UnknownPlayer { .. } => "not a player",
            CliError::Conflict { .. } => "conflicts",
            CliError::MazeOnlyOption { .. } => "Moving Maze only",
            CliError::NoCoreForm { .. } => "not in the core language",
            CliError::NoGoal { .. } => "no goal",
            CliError::MidTurn { .. } => "saved mid-turn",
            CliError::UnknownGame { .. } => "not a game",
            CliError::UnknownCode { .. } => "not a code",
            CliError::Unreadable { .. } => "cannot be read",
            CliError::Unwritable { .. } => "cannot be written",
            CliError::IdenticalGames { .. } => "no random turns",
            CliError::AutosaveFailed { .. } => "cannot be written",
            CliError::DoesNotReplay { .. } => "does not replay",
            CliError::Unplayable { .. } => "cannot start a game",
            CliError::CannotListen { .. } => "cannot listen",
            _ => "here",
        }
    }

    /// The text of the argument at fault, to point at in the command line.
    fn argument(&self) -> Option<&str> {
        match self {
            CliError::UnknownPlayer { colour: at, .. }
            | CliError::Conflict { option: at, .. }
            | CliError::MazeOnlyOption { option: at, .. }
            | CliError::NoGoal { ruleset: at }
            | CliError::NoCoreForm { ruleset: at, .. }
            | CliError::MidTurn { path: at }
            | CliError::UnknownGame { name: at, .. }
            | CliError::UnknownCode { code: at, .. }
            | CliError::Usage { at: Some(at), .. }
            | CliError::Unreadable { path: at, .. }
            | CliError::BoardFile { path: at, .. }
            | CliError::Unwritable { path: at, .. }
            | CliError::AutosaveFailed { path: at, .. }
            | CliError::DoesNotReplay { path: at, .. }
            | CliError::Unplayable { at: Some(at), .. } => Some(at),
            CliError::IdenticalGames { .. } => Some("--opening"),
            CliError::CannotListen { option, .. } => Some(option),
            _ => None,
        }
    }
}

/// The [`CliError::Usage`] of an error of the argument parser, or `None`
/// for what is not an error (`--help`, `--version`).
pub(crate) fn usage_error(error: &clap::Error) -> Option<CliError> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        return None;
    }
    let rendered = error.render().to_string();
    let lines: Vec<&str> = (rendered.lines().map(str::trim))
        .filter(|l| !l.is_empty())
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .collect();
    let (tips, said): (Vec<&str>, Vec<&str>) = lines.iter().partition(|l| l.starts_with("tip:"));
    let message = said.join(" ");
    let message = message
        .strip_prefix("error: ")
        .unwrap_or(&message)
        .to_owned();
    let tips: Vec<&str> = (tips.iter())
        .map(|l| l.trim_start_matches("tip:").trim())
        .collect();
    let mut help = tips.join("; ");
    if !help.is_empty() {
        help.push_str("; ");
    }
    help.push_str("`relic --help` and `relic COMMAND --help` list the options");
    let at = [ContextKind::InvalidValue, ContextKind::InvalidArg]
        .into_iter()
        .find_map(|kind| match error.get(kind) {
            Some(ContextValue::String(text)) => Some(text.clone()),
            _ => None,
        })
        .map(|text| text.split_whitespace().next().unwrap_or("").to_owned());
    Some(CliError::Usage { message, help, at })
}

/// Prints `error` on stderr, pointing into the command line, and returns
/// its exit status.
pub(crate) fn fail(error: CliError) -> ExitCode {
    let status = error.status();
    let shown = AtArgument::new(error, std::env::args().collect());
    crate::output::err!("{}", crate::diagnostics::render_one(&shown, 80));
    status
}

/// `rules` on the core interpreter from `setup`
/// ([`GameRules::in_core_on`]) for `--core`, and the setup its core form
/// starts from: a setup that does not read is reported (exit 2), rules
/// without a core form are `cli::no_core_form`.
///
/// [`GameRules::in_core_on`]: crate::games::GameRules::in_core_on
pub(crate) fn in_core_on(
    rules: &crate::games::GameRules,
    setup: &crate::games::Setup,
    ruleset: &std::path::Path,
) -> Result<(crate::games::GameRules, crate::games::Setup), ExitCode> {
    rules.in_core_on(setup).map_err(|failure| match failure {
        crate::games::CoreFormFailure::Setup(failure) => {
            crate::output::err!("{}", failure.render(80));
            ExitCode::from(2)
        }
        crate::games::CoreFormFailure::NoCoreForm(why) => fail(CliError::NoCoreForm {
            ruleset: ruleset.display().to_string(),
            why,
        }),
    })
}

/// Prints `error` on stderr, pointing into the command line (for callers
/// whose exit status is not the error's own).
pub(crate) fn eprint(error: CliError) {
    let _ = fail(error);
}

/// [`fail`] for a command whose `--format json` was asked for (`json`):
/// the diagnostic is then the one JSON document on stdout,
/// `{"ok": false, "diagnostics": [...]}`.
pub(crate) fn fail_in(json: bool, error: CliError) -> ExitCode {
    if !json {
        return fail(error);
    }
    let status = error.status();
    let shown = AtArgument::new(error, std::env::args().collect());
    let json = JsonDiagnostic::new(&shown, shown.line.inner());
    let document = JsonRefusal {
        ok: false,
        diagnostics: vec![json],
    };
    crate::output::outln!(
        "{}",
        serde_json::to_string_pretty(&document).expect("a diagnostic serialises")
    );
    status
}

/// The JSON document of a refused command.
#[derive(serde::Serialize)]
struct JsonRefusal {
    /// Always `false`.
    ok: bool,
    /// The one diagnostic.
    diagnostics: Vec<JsonDiagnostic>,
}

/// A [`CliError`] lent the command line, labelled at its argument.
#[derive(Debug)]
pub(crate) struct AtArgument {
    error: CliError,
    line: NamedSource<String>,
    at: Option<SourceSpan>,
}

impl AtArgument {
    /// `error` in the command line `args` (the program's name first).
    pub(crate) fn new(error: CliError, args: Vec<String>) -> AtArgument {
        let mut args = args;
        if let Some(program) = args.first_mut() {
            "relic".clone_into(program);
        }
        let line = args.join(" ");
        let short = line.len() <= crate::diagnostics::MAX_SHOWN_LINE;
        let at = (error.argument().filter(|_| short)).and_then(|wanted| locate(&args, wanted));
        AtArgument {
            error,
            line: NamedSource::new("command line", line),
            at,
        }
    }
}

/// The span, in `args` joined by spaces, of the last argument that is
/// `wanted`, ends with `=wanted` or (an option) starts with `wanted=`.
fn locate(args: &[String], wanted: &str) -> Option<SourceSpan> {
    let mut start = 0;
    let mut found = None;
    for arg in args {
        let value_at = arg.len().checked_sub(wanted.len());
        let matches = arg == wanted
            || value_at.is_some_and(|v| arg.ends_with(wanted) && arg[..v].ends_with('='));
        let option = arg.len() > wanted.len()
            && arg.starts_with(wanted)
            && arg[wanted.len()..].starts_with('=');
        if wanted.is_empty() {
            break;
        } else if matches {
            let offset = start + arg.len() - wanted.len();
            found = Some(SourceSpan::new(offset.into(), wanted.len()));
        } else if option {
            found = Some(SourceSpan::new(start.into(), wanted.len()));
        }
        start += arg.len() + 1;
    }
    found
}

impl std::fmt::Display for AtArgument {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.error, f)
    }
}

impl std::error::Error for AtArgument {}

impl Diagnostic for AtArgument {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.error.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.error.severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.error.help()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let at = self.at?;
        let label = LabeledSpan::new_primary_with_span(Some(self.error.label().into()), at);
        Some(Box::new(std::iter::once(label)))
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.at.map(|_| &self.line as &dyn miette::SourceCode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split(' ').map(String::from).collect()
    }

    #[test]
    fn the_argument_at_fault_is_found_alone_or_after_an_equals_sign() {
        let line = args("relic solve --player purple");
        assert_eq!(locate(&line, "purple"), Some(SourceSpan::new(21.into(), 6)));
        let line = args("relic solve --player=purple");
        assert_eq!(locate(&line, "purple"), Some(SourceSpan::new(21.into(), 6)));
        assert_eq!(locate(&line, "blue"), None);
        assert_eq!(
            locate(&line, "--player"),
            Some(SourceSpan::new(12.into(), 8))
        );
    }

    #[test]
    fn failures_of_files_and_ports_point_at_their_arguments() {
        let saving = CliError::AutosaveFailed {
            path: "game.ron".into(),
            reason: "disk full".into(),
            next: "turn",
        };
        let line = args("relic play --save game.ron");
        let shown = AtArgument::new(saving, line);
        assert_eq!(shown.at, Some(SourceSpan::new(18.into(), 8)));
        let listening = CliError::CannotListen {
            host: "127.0.0.1".into(),
            port: 80,
            reason: "in use".into(),
            option: "--port",
        };
        let shown = AtArgument::new(listening, args("relic serve --port 80"));
        let text = crate::diagnostics::render_one(&shown, 80);
        assert!(text.contains("cannot listen"), "{text}");
        assert_eq!(shown.at, Some(SourceSpan::new(12.into(), 6)));
        let unplayable = CliError::Unplayable {
            reason: "no seat".into(),
            at: None,
        };
        assert_eq!(AtArgument::new(unplayable, args("relic play")).at, None);
    }

    #[test]
    fn the_rendered_error_names_its_code_and_points_at_the_argument() {
        let error = CliError::UnknownPlayer {
            colour: "purple".into(),
            players: "red, blue".into(),
        };
        let shown = AtArgument::new(error, args("target/relic solve --player purple"));
        let text = crate::diagnostics::render_one(&shown, 80);
        assert!(text.contains("cli::unknown_player"), "{text}");
        assert!(text.contains("relic solve --player purple"), "{text}");
        assert!(text.contains("help: the players are red, blue"), "{text}");
    }
}
