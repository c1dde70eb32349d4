//! `relic rules`: check, show and describe rulesets.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;

use super::{eprint_diagnostic, load_rules};

/// The `relic rules` subcommands.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Print a ruleset as it resolves after `extends`, as TOML.
    Show {
        /// The ruleset file, or a built-in name such as `moving-maze`.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// Runs a `relic rules` subcommand.
pub fn run(command: &RulesCommand) -> ExitCode {
    match command {
        RulesCommand::Show { file } => match load_rules(Some(file)) {
            Ok(rules) => {
                print!(
                    "{}",
                    toml::to_string(rules.ruleset()).expect("rulesets serialise")
                );
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprint_diagnostic(error);
                ExitCode::from(1)
            }
        },
    }
}
