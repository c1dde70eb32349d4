//! Parsing a command line without building every subcommand. clap's
//! derive builds the whole command tree (every subcommand, every argument
//! and its help text) before it reads a word, which is most of what a
//! small command such as `relic check BOARD` costs at start-up (issue 31
//! item 6). A command line that names one of the subcommands below is
//! parsed against a tree holding only that subcommand and the global
//! options; anything else, and anything the small tree does not accept
//! (`--help`, `--version`, a usage error), goes through the whole tree, so
//! that what is printed is the same.

use std::ffi::OsString;

use clap::{ArgMatches, Args, FromArgMatches};

use super::{
    CheckArgs, Cli, Command, ExplainArgs, FmtArgs, Globals, PerftArgs, PlayArgs, ReplayArgs,
    ServeArgs, SolveArgs, VerifyArgs,
};

/// Adds a subcommand's arguments to its command.
type Build = fn(clap::Command) -> clap::Command;
/// Reads a subcommand's arguments from its matches (taking them, so that
/// nothing is copied).
type Take = fn(&mut ArgMatches) -> Result<Command, clap::Error>;

/// One entry of [`ALONE`]: the subcommand `name`, whose arguments are
/// `args`, read into the variant `variant` of [`Command`].
macro_rules! alone {
    ($name:literal, $args:ty, $variant:ident) => {
        ($name, <$args>::augment_args, |m| {
            <$args>::from_arg_matches_mut(m).map(Command::$variant)
        })
    };
}

/// The subcommands parsed on their own: each name, as clap's derive names
/// the variant of [`Command`], with how its arguments are added and read.
const ALONE: &[(&str, Build, Take)] = &[
    alone!("check", CheckArgs, Check),
    alone!("play", PlayArgs, Play),
    alone!("solve", SolveArgs, Solve),
    alone!("replay", ReplayArgs, Replay),
    alone!("serve", ServeArgs, Serve),
    alone!("perft", PerftArgs, Perft),
    alone!("verify", VerifyArgs, Verify),
    alone!("explain", ExplainArgs, Explain),
    alone!("fmt", FmtArgs, Fmt),
];

/// The command line `args` (the program's name first) parsed against the
/// small tree of the subcommand it names, or `None` when the whole tree
/// must read it.
pub(super) fn parse(args: &[OsString]) -> Option<Cli> {
    let name = subcommand_name(args)?;
    let &(name, build, take) = ALONE.iter().find(|(n, ..)| *n == name)?;
    let tree = Globals::augment_args(clap::Command::new("relic"))
        .subcommand(build(clap::Command::new(name)));
    let mut matches = tree.try_get_matches_from(args).ok()?;
    let globals = Globals::from_arg_matches_mut(&mut matches).ok()?;
    let (_, mut sub) = matches.remove_subcommand()?;
    let command = take(&mut sub).ok()?;
    Some(Cli { globals, command })
}

/// The first word of `args` after the program's name that is not a global
/// option (`--color WHEN`, `--color=WHEN`, `-q`, `--quiet`); `None` for
/// any other option before it.
fn subcommand_name(args: &[OsString]) -> Option<&str> {
    let mut words = args.iter().skip(1).map(|a| a.to_str());
    while let Some(word) = words.next() {
        match word? {
            "--color" => {
                words.next()?;
            }
            "-q" | "--quiet" => {}
            w if w.starts_with("--color=") => {}
            w if w.starts_with('-') => return None,
            w => return Some(w),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn the_subcommand_is_found_after_global_options() {
        let name = |line: &str| subcommand_name(&words(line)).map(str::to_owned);
        assert_eq!(name("relic check a.gbf").as_deref(), Some("check"));
        assert_eq!(
            name("relic --color never -q solve").as_deref(),
            Some("solve")
        );
        assert_eq!(
            name("relic --color=always verify").as_deref(),
            Some("verify")
        );
        assert_eq!(name("relic --help"), None);
        assert_eq!(name("relic -V check"), None);
        assert_eq!(name("relic"), None);
    }

    #[test]
    fn a_small_tree_reads_what_the_whole_tree_reads() {
        use clap::Parser;
        for line in [
            "relic check boards/classic-7x7.gbf --format json",
            "relic -q check a.gbf b.gbf --ruleset two-players",
            "relic solve x.gbf --color never",
            "relic verify moves.txt --ruleset connect-four",
            "relic play --ruleset breakthrough",
            "relic explain cli::usage",
        ] {
            let quick = parse(&words(line)).expect(line);
            let whole = Cli::try_parse_from(words(line)).unwrap();
            assert_eq!(format!("{quick:?}"), format!("{whole:?}"), "{line}");
        }
    }

    #[test]
    fn help_version_and_usage_errors_go_to_the_whole_tree() {
        for line in [
            "relic check --help",
            "relic check -V",
            "relic check",
            "relic check a.gbf --format xml",
            "relic rules list",
            "relic sim --games 3",
        ] {
            assert!(parse(&words(line)).is_none(), "{line}");
        }
    }
}
