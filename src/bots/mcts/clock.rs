//! The clocks a time budget is measured on: the wall's, or the CPU time
//! of the thinking thread.

use std::time::{Duration, Instant};

/// A running clock, started when made.
#[derive(Clone, Copy, Debug)]
pub(super) enum Clock {
    /// Wall-clock time.
    Wall(Instant),
    /// This thread's CPU time, as it read when the clock started.
    ThreadCpu(Duration),
}

impl Clock {
    /// A wall clock started now.
    pub fn wall() -> Clock {
        Clock::Wall(Instant::now())
    }

    /// A clock of this thread's CPU time, started now; a wall clock where
    /// the platform cannot tell a thread's CPU time.
    pub fn thread_cpu() -> Clock {
        match thread_cpu_time() {
            Some(now) => Clock::ThreadCpu(now),
            None => Clock::wall(),
        }
    }

    /// The time since the clock started (on the thread that started it).
    pub fn elapsed(&self) -> Duration {
        match self {
            Clock::Wall(start) => start.elapsed(),
            Clock::ThreadCpu(start) => thread_cpu_time().map_or(Duration::MAX, |now| now - *start),
        }
    }
}

/// The CPU time this thread has used.
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call to fill.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    let seconds = u64::try_from(now.tv_sec).ok()?;
    let nanos = u32::try_from(now.tv_nsec).ok()?;
    (status == 0).then(|| Duration::new(seconds, nanos))
}

/// The CPU time this thread has used: unknown on this platform.
#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_clocks_move_forward_with_work() {
        for clock in [Clock::wall(), Clock::thread_cpu()] {
            let first = clock.elapsed();
            let mut x = 0u64;
            for i in 0..5_000_000u64 {
                x = std::hint::black_box(x.wrapping_add(i));
            }
            let second = clock.elapsed();
            assert!(x > 0);
            assert!(second > first, "{clock:?}: {first:?} then {second:?}");
            assert!(second < Duration::from_secs(600), "{clock:?}: {second:?}");
        }
    }
}
