//! The one way the program writes to stdout and stderr. A reader that
//! closes the pipe early (`relic rules schema | head -c 10`) ends the
//! program quietly with status 0, as ripgrep does, instead of the panic
//! `println!` gives.
//!
//! The macros [`out!`], [`outln!`], [`err!`] and [`errln!`] take the same
//! arguments as `print!`; clippy's `print_stdout` and `print_stderr` lints
//! keep every other path out of the library.

use std::fmt;
use std::io::{self, Write};

/// Writes to stdout (see the module documentation).
pub fn write_out(args: fmt::Arguments<'_>) {
    let mut stdout = io::stdout().lock();
    if let Err(error) = stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        drop(stdout);
        stdout_failed(&error);
    }
}

/// Writes to stderr. A closed stderr ends the program quietly, like a
/// closed stdout; any other failure is ignored, as there is nowhere left
/// to report it.
pub fn write_err(args: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    if let Err(error) = stderr.write_fmt(args).and_then(|()| stderr.flush()) {
        exit_if_closed(&error);
    }
}

/// What to do when writing to stdout failed with `error`: end quietly when
/// the reader is gone, else say why on stderr and end with status 1.
pub fn stdout_failed(error: &io::Error) -> ! {
    exit_if_closed(error);
    write_err(format_args!("relic: cannot write to stdout: {error}\n"));
    std::process::exit(1)
}

/// Ends the program with status 0 when `error` says the reader of the pipe
/// has gone.
pub fn exit_if_closed(error: &io::Error) {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
}

/// `print!` through [`write_out`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write_out(format_args!($($arg)*)) };
}

/// `println!` through [`write_out`].
macro_rules! outln {
    () => { $crate::output::write_out(format_args!("\n")) };
    ($($arg:tt)*) => {
        $crate::output::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` through [`write_err`].
macro_rules! err {
    ($($arg:tt)*) => { $crate::output::write_err(format_args!($($arg)*)) };
}

/// `eprintln!` through [`write_err`].
macro_rules! errln {
    () => { $crate::output::write_err(format_args!("\n")) };
    ($($arg:tt)*) => {
        $crate::output::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {err, errln, out, outln};
