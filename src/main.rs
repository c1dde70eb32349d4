use std::process::ExitCode;

fn main() -> ExitCode {
    relic::cli::main()
}
