//! The process around a command, for an entry point that is C's `main`
//! rather than std's (see `src/main.rs`): what std's start-up would
//! otherwise do that a command relies on, and the exit status.
//!
//! std's start-up on Linux also asks glibc for the main thread's stack
//! bounds (`pthread_getattr_np`, which parses `/proc/self/maps`) to word
//! its stack-overflow report: a seventh of the instructions of
//! `relic check BOARD` (issue 31 item 6). Deep input never reaches that
//! report: the parsers and the rules compiler refuse it first through
//! their own stack probe; a stack overflow elsewhere ends the process by
//! the signal, as it would in a C program.

use std::io::Write;
use std::process::ExitCode;

/// Runs `command` as the whole process: standard streams made safe and a
/// closed pipe reported as an error (as std's start-up does), a panic
/// turned into exit status 101 (its message already printed by the panic
/// hook), output flushed, then the process ends with the command's status.
pub fn run_as_process(command: fn() -> ExitCode) -> ! {
    prepare_process();
    let status = match std::panic::catch_unwind(command) {
        Ok(code) => exit_status(code),
        Err(_) => 101,
    };
    let _ = std::io::stdout().flush();
    std::process::exit(status)
}

/// The number a process exits with for `code`.
///
/// ```
/// use std::process::ExitCode;
/// use relic::cli::entry::exit_status;
/// assert_eq!(exit_status(ExitCode::SUCCESS), 0);
/// assert_eq!(exit_status(ExitCode::from(2)), 2);
/// ```
pub fn exit_status(code: ExitCode) -> i32 {
    (0..=u8::MAX)
        .find(|&n| ExitCode::from(n) == code)
        .map_or(1, i32::from)
}

/// What std's start-up does before `main` that a command relies on:
/// standard streams that were closed are opened on `/dev/null` (so that a
/// file the command opens never becomes its standard output), and
/// `SIGPIPE` is ignored (so that writing to a closed pipe is an error the
/// command reports, not a silent death).
#[cfg(unix)]
fn prepare_process() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `fds` is a valid array of three pollfd for the call's length.
    let polled = unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) };
    if polled >= 0 {
        for fd in fds.iter().filter(|fd| fd.revents & libc::POLLNVAL != 0) {
            reopen_on_dev_null(fd.fd);
        }
    }
    // SAFETY: setting a signal's disposition to SIG_IGN has no handler to run.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
}

#[cfg(not(unix))]
fn prepare_process() {}

/// Opens `/dev/null` as `fd`, which is closed (the lowest free descriptor
/// is `fd`, since the lower ones were checked first).
#[cfg(unix)]
fn reopen_on_dev_null(fd: i32) {
    let flags = if fd == 0 {
        libc::O_RDONLY
    } else {
        libc::O_WRONLY
    };
    // SAFETY: the path is a NUL-terminated string.
    let opened = unsafe { libc::open(c"/dev/null".as_ptr(), flags) };
    if opened != fd {
        // Nothing else is safe to write to: stop as std's start-up does.
        std::process::abort();
    }
}
