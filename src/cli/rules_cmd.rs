//! `relic rules`: check, show and describe rulesets.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;

use super::check_report::{Checked, report_all};
use super::{Format, eprint_ruleset_failure};
use crate::diagnostics::FileReport;
use crate::games::{
    GameId, all_games_schema, builtin_game_rules, builtin_names, json_schema_of, resolve_game_rules,
};

/// The `relic rules` subcommands.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Check ruleset files (TOML) and report every problem, in each file
    /// and in the files it extends.
    ///
    /// Exit status: 0 when every ruleset is valid, 1 when any has problems,
    /// 2 for usage errors or files that cannot be read.
    Check {
        /// Ruleset files of any game to check (or built-in names such as
        /// `two-players` or `connect-four`).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Output format: `human` reports on stderr, or one `json` document on stdout.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Print a ruleset of any game as it resolves after `extends`, as TOML.
    Show {
        /// The ruleset file, or a built-in name such as `moving-maze`.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Also write out every key left to its default (each player's
        /// forward, action parameters, message texts, ...): everything the
        /// game will do, as a file that reads back to the same game.
        #[arg(long)]
        expanded: bool,
        /// With `--expanded`, the setup the core form is written for: a
        /// walker-physics game (Boulder Dash) is written in the core
        /// language for one cave (its moves, physics and ends, the cave
        /// as the board's setup), a level-walking game (Maze Runner) for
        /// one level file (its steps, items, stats and levels), Moving Maze
        /// for one board (its tiles, slides, moves and relics).
        #[arg(long, value_name = "SETUP", requires = "expanded")]
        setup: Option<PathBuf>,
    },
    /// Explain a ruleset's rules in plain English, generated from the
    /// ruleset: the kind of game, how it plays, every table with what each
    /// key and chosen word means, and for a ruleset that `extends`
    /// another, each difference from it (Markdown).
    ///
    /// Exit status: 0 with the text, 1 for a ruleset with problems, 2 for
    /// one that cannot be read.
    Explain {
        /// The ruleset file, or a built-in name such as `connect-four`.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Say where listing a position's actions stops, for each mark of a
    /// core ruleset's rules (a game of another family: of its core form):
    /// after a mark whose rest of the turn is decided, listing records
    /// the action and leaves the rest to applying it; after any other, it
    /// runs the rest for every action listed, and this names what is to
    /// blame (a mark that may follow, or something that may fail) where it
    /// is written.
    ///
    /// Exit status: 0 with the text, 1 for a ruleset with problems or
    /// without a core form, 2 for one that cannot be read.
    Decided {
        /// The ruleset file, or a built-in name such as `checkers`.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// List the built-in rulesets (names for `--ruleset` and `extends`)
    /// with their descriptions.
    List,
    /// Print the JSON Schema (draft-07) of ruleset files, for editors: of
    /// every game (the `game` key picks each file's schema), or of GAME.
    ///
    /// Point a ruleset at it with a first line such as
    /// `#:schema ./ruleset.schema.json` (Taplo, Even Better TOML).
    /// Exit status 2 for an unknown GAME.
    Schema {
        /// Only this game's schema (`moving-maze`, `vocabulary`, ...).
        #[arg(value_name = "GAME")]
        game: Option<String>,
    },
}

/// Runs a `relic rules` subcommand.
pub fn run(command: &RulesCommand) -> ExitCode {
    match command {
        RulesCommand::Check { files, format } => check(files, *format),
        RulesCommand::Show {
            file,
            expanded,
            setup,
        } => show(file, *expanded, setup.as_deref()),
        RulesCommand::Explain { file } => explain(file),
        RulesCommand::Decided { file } => decided(file),
        RulesCommand::List => {
            crate::output::out!("{}", builtin_list());
            ExitCode::SUCCESS
        }
        RulesCommand::Schema { game } => schema(game.as_deref()),
    }
}

fn check(files: &[PathBuf], format: Format) -> ExitCode {
    let checked: Vec<Checked> = files.iter().flat_map(|p| check_ruleset_file(p)).collect();
    report_all(&checked, format)
}

/// One ruleset file checked: its report, and those of the files it
/// extends that have problems (`relic rules check`, and `relic check` for
/// a `.toml` file).
pub(super) fn check_ruleset_file(path: &std::path::Path) -> Vec<Checked> {
    match resolve_game_rules(path) {
        Ok(_) => vec![Checked {
            report: FileReport {
                path: path.display().to_string(),
                source: String::new(),
                problems: Vec::new(),
            },
            unreadable: false,
            merged_into: None,
        }],
        Err(failure) => {
            let unreadable = failure.unreadable;
            // The files beyond the one told `rules::extends::changed`
            // check on their own: their problems come of its changes.
            let changer = (failure.reports.iter()).position(|r| {
                (r.problems.iter())
                    .filter_map(|p| p.code())
                    .any(|code| code.to_string() == "rules::extends::changed")
            });
            let changer = changer.map(|i| (i, failure.reports[i].path.clone()));
            (failure.reports.into_iter().enumerate())
                .map(|(i, report)| Checked {
                    merged_into: (changer.as_ref())
                        .filter(|(at, _)| i > *at)
                        .map(|(_, path)| path.clone()),
                    report,
                    unreadable,
                })
                .collect()
        }
    }
}

fn show(file: &std::path::Path, expanded: bool, setup: Option<&std::path::Path>) -> ExitCode {
    match resolve_game_rules(file) {
        Ok(rules) => {
            let text = match (expanded, setup) {
                (true, Some(setup)) => match core_form_on(&rules, setup) {
                    Ok(text) => text,
                    Err(code) => return code,
                },
                (true, None) => expanded_form(&rules),
                (false, _) => rules.resolved_toml(),
            };
            crate::output::out!("{text}");
            ExitCode::SUCCESS
        }
        Err(failure) => {
            eprint_ruleset_failure(&failure);
            ExitCode::from(if failure.unreadable { 2 } else { 1 })
        }
    }
}

/// What `--expanded --setup FILE` shows: a walker-physics game written in
/// the core for that cave, a level-walking game for that level file (its
/// problems reported when it does not read, exit 1; exit 2 when it cannot
/// be read), anything else as `--expanded` shows it.
fn core_form_on(
    rules: &crate::games::GameRules,
    setup: &std::path::Path,
) -> Result<String, ExitCode> {
    use crate::games::CoreFormFailure;
    match rules.core_toml_on(&crate::games::Setup::file(setup)) {
        Ok(Some(toml)) => Ok(toml),
        Ok(None) => Ok(expanded_form(rules)),
        Err(CoreFormFailure::Setup(failure)) => {
            let width = super::check_report::terminal_width();
            crate::output::errln!("{}", failure.report.render(width));
            Err(ExitCode::from(if failure.unreadable { 2 } else { 1 }))
        }
        Err(CoreFormFailure::NoCoreForm(why)) => {
            super::usage::eprint(super::usage::CliError::NoCoreForm {
                ruleset: rules.name().to_owned(),
                why: format!("on {}, {why}", setup.display()),
            });
            Err(ExitCode::from(1))
        }
    }
}

fn expanded_form(rules: &crate::games::GameRules) -> String {
    match rules.core_toml() {
        Ok(core) => core,
        Err(why) => {
            match rules.id() {
                GameId::Vocabulary => {
                    crate::output::note!("note: {why}; shown in the vocabulary's tables")
                }
                GameId::WalkerPhysics | GameId::WalkerLevels => crate::output::note!("note: {why}"),
                _ => {}
            }
            rules.expanded_toml()
        }
    }
}

/// `relic rules explain FILE`.
fn explain(file: &std::path::Path) -> ExitCode {
    match crate::rulebook::explain_arg(file) {
        Ok(text) => {
            crate::output::out!("{text}");
            ExitCode::SUCCESS
        }
        Err(failure) => {
            eprint_ruleset_failure(&failure);
            ExitCode::from(if failure.unreadable { 2 } else { 1 })
        }
    }
}

/// `relic rules decided FILE`: where listing stops after each mark.
fn decided(file: &std::path::Path) -> ExitCode {
    let rules = match resolve_game_rules(file) {
        Ok(rules) => rules,
        Err(failure) => {
            eprint_ruleset_failure(&failure);
            return ExitCode::from(if failure.unreadable { 2 } else { 1 });
        }
    };
    let program = match &rules {
        crate::games::GameRules::Core(core) => Ok(core.program.clone()),
        other => other.core_toml().and_then(|toml| {
            let name = file.display().to_string();
            crate::lang::parse_core_resolved(&toml, &name, None)
                .map(|(_, program)| program)
                .map_err(|failure| failure.render(80))
        }),
    };
    match program {
        Ok(program) => {
            crate::output::out!("{}", crate::lang::stops::describe(&program));
            ExitCode::SUCCESS
        }
        Err(why) => {
            super::usage::eprint(super::usage::CliError::NoCoreForm {
                ruleset: rules.name().to_owned(),
                why,
            });
            ExitCode::from(1)
        }
    }
}

/// Each built-in ruleset's name and description (of every game), one per
/// line, the names padded to one width.
fn builtin_list() -> String {
    let names = builtin_names();
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut out = String::new();
    for name in names {
        let description = match builtin_game_rules(name) {
            Some(Ok(rules)) => rules.description().to_owned(),
            _ => String::new(),
        };
        out += &format!("{name:width$}  {description}\n");
    }
    out
}

/// `relic rules schema [GAME]`.
fn schema(game: Option<&str>) -> ExitCode {
    let schema = match game {
        None => all_games_schema(),
        Some(name) => match GameId::from_name(name) {
            Some(id) => json_schema_of(id),
            None => {
                let names: Vec<&str> = GameId::ALL.iter().map(|id| id.name()).collect();
                return super::usage::fail(super::usage::CliError::UnknownGame {
                    name: name.to_owned(),
                    games: names.join(", "),
                });
            }
        },
    };
    let text = serde_json::to_string_pretty(&schema).expect("schemas serialise");
    crate::output::outln!("{text}");
    ExitCode::SUCCESS
}
