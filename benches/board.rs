//! Board reading speed. Target (issue 2): reading and checking a 9x9 board
//! file takes at most 20 microseconds.
//!
//! Each benchmark runs twice: in wall-clock time (criterion's default) and,
//! in CPU time of the benchmarking thread, which a busy shared machine
//! inflates far less than wall-clock time.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use relic::board::{BoardLimits, parse_board, read_board_file};

fn grand_board() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("boards/grand-9x9.gbf")
}

/// Reading and checking the 9x9 board, timed by `M`, named with `clock`.
fn board_benches<M: Measurement + 'static>(c: &mut Criterion<M>, clock: &str) {
    let path = grand_board();
    let text = std::fs::read_to_string(&path).expect("the shipped 9x9 board");
    let faulty = text
        .replacen("1010y4", "1020y4", 1)
        .replacen("0111b8", "0111b9", 1);
    let limits = BoardLimits::default();
    // The whole path `relic check` takes: open, read, parse, check.
    c.bench_function(&format!("read_board_file 9x9 ({clock})"), |b| {
        b.iter(|| read_board_file(black_box(&path), &limits).is_ok())
    });
    // Parsing and checking alone, from text already in memory.
    c.bench_function(&format!("parse_board 9x9 ({clock})"), |b| {
        b.iter(|| parse_board(black_box(&text), &limits).is_ok())
    });
    // A faulty board: the diagnostics path must stay cheap too.
    c.bench_function(&format!("parse_board 9x9 with problems ({clock})"), |b| {
        b.iter(|| parse_board(black_box(&faulty), &limits).is_err())
    });
}

fn wall_clock(c: &mut Criterion) {
    board_benches(c, "wall");
}

fn cpu_time(_: &mut Criterion) {
    if thread_cpu_nanos() == 0 {
        eprintln!("CPU time is not available here: wall-clock figures only");
        return;
    }
    let mut c = Criterion::default()
        .with_measurement(CpuTime)
        .configure_from_args();
    board_benches(&mut c, "cpu");
}

/// CPU time used by the current thread (`CLOCK_THREAD_CPUTIME_ID`).
struct CpuTime;

/// The thread's CPU time in nanoseconds, or 0 where the clock is missing.
#[cfg(not(unix))]
fn thread_cpu_nanos() -> u64 {
    0
}

/// The thread's CPU time in nanoseconds, or 0 where the clock is missing.
#[cfg(unix)]
fn thread_cpu_nanos() -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call's duration.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if status != 0 {
        return 0;
    }
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_nanos()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_nanos().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuNanos
    }
}

/// Formats nanoseconds of CPU time.
struct CpuNanos;

impl ValueFormatter for CpuNanos {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (divisor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns cpu"),
            t if t < 1e6 => (1e3, "µs cpu"),
            _ => (1e6, "ms cpu"),
        };
        values.iter_mut().for_each(|v| *v /= divisor);
        unit
    }
    fn scale_throughputs(&self, _: f64, _: &Throughput, _: &mut [f64]) -> &'static str {
        "(no throughput)"
    }
    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
        "ns"
    }
}

criterion_group!(board, wall_clock, cpu_time);
criterion_main!(board);
