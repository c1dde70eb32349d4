//! The one way the program writes to stdout and stderr. A reader that
//! closes the pipe early (`relic rules schema | head -c 10`) ends the
//! program quietly with status 0, as ripgrep does, instead of the panic
//! `println!` gives.
//!
//! The macros [`out!`], [`outln!`], [`err!`] and [`errln!`] take the same
//! arguments as `print!`; clippy's `print_stdout` and `print_stderr` lints
//! keep every other path out of the library.

use std::ffi::OsStr;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// When to colour diagnostics (`--color`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "native", derive(clap::ValueEnum))]
pub enum ColorChoice {
    /// Colour when stderr is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always colour, even into a pipe or with `NO_COLOR` set.
    Always,
    /// Never colour.
    Never,
}

static COLOUR: AtomicBool = AtomicBool::new(false);
static QUIET: AtomicBool = AtomicBool::new(false);

/// Whether `choice` colours, given the value of `NO_COLOR`, of `TERM`
/// and whether stderr is a terminal. `NO_COLOR` set to anything but the
/// empty string turns colour off unless `always` is asked for, as
/// <https://no-color.org> says; so does the `dumb` terminal.
///
/// ```
/// use relic::output::{ColorChoice, colours};
/// assert!(colours(ColorChoice::Auto, None, None, true));
/// assert!(!colours(ColorChoice::Auto, Some("1".as_ref()), None, true));
/// assert!(!colours(ColorChoice::Auto, None, None, false));
/// assert!(colours(ColorChoice::Always, Some("1".as_ref()), None, false));
/// ```
pub fn colours(
    choice: ColorChoice,
    no_color: Option<&OsStr>,
    term: Option<&OsStr>,
    terminal: bool,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = no_color.is_some_and(|value| !value.is_empty());
            let dumb = term.is_some_and(|term| term == "dumb");
            terminal && !no_color && !dumb
        }
    }
}

/// Sets, once at start-up, whether diagnostics are coloured: `choice`
/// resolved against the environment and stderr. Until then (and in the
/// library's tests) they are not.
pub fn set_colour(choice: ColorChoice) {
    let on = colours(
        choice,
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
        io::stderr().is_terminal(),
    );
    COLOUR.store(on, Ordering::Relaxed);
}

/// Whether diagnostics are coloured (see [`set_colour`]).
pub fn colour() -> bool {
    COLOUR.load(Ordering::Relaxed)
}

/// Sets whether progress and notes on stderr are silenced (`-q`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether progress and notes on stderr are silenced (see [`note!`]).
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

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

/// `eprintln!` through [`write_err`] for progress and notes that `-q`
/// silences (never errors or results).
macro_rules! note {
    ($($arg:tt)*) => {
        if !$crate::output::quiet() {
            $crate::output::errln!($($arg)*)
        }
    };
}

pub(crate) use {err, errln, note, out, outln};
