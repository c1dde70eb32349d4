use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    relic::cli::run(relic::cli::Cli::parse())
}
