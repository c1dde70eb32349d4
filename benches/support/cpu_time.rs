//! CPU time of the calling thread: on a machine shared with other work, a
//! fairer clock than the wall's.

use std::time::Instant;

/// This thread's CPU time in seconds.
pub fn thread_cpu_seconds() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    now.tv_sec as f64 + now.tv_nsec as f64 / 1e9
}

/// Runs `work`, returning its result, wall seconds and CPU seconds.
pub fn timed<T>(work: impl FnOnce() -> T) -> (T, f64, f64) {
    let (wall, cpu) = (Instant::now(), thread_cpu_seconds());
    let result = work();
    (
        result,
        wall.elapsed().as_secs_f64(),
        thread_cpu_seconds() - cpu,
    )
}
