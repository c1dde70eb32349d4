//! Whole processes (issue 31 item 6): people validate boards by the
//! thousand in scripts, so what one small command costs from start to exit
//! matters. Each case runs the `relic` binary many times and reports its
//! CPU time (user + system) per run, from the kernel's account of each
//! child (`wait4`), and its peak memory (largest resident set) as GNU time
//! (`/usr/bin/time`) reports it.
//! Targets: at most 1 ms of CPU and 5 MiB for `relic check` on the shipped
//! 7x7 board and `relic solve` on a depth-1 instance of the shared solver
//! benchmark. A third case verifies a Boulder Dash game of 1,000,000 moves.
//!
//! Run with `cargo bench --bench process` (the bench profile's binary), or
//! against a release build, faster to make:
//! `cargo build --release && RELIC_BIN=target/release/relic cargo bench --bench process`.
//! `RELIC_RUNS` sets the runs per case (default 200).

#[path = "../tests/common/cave_walk.rs"]
mod cave_walk;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command to time: its name and arguments.
struct Case {
    name: &'static str,
    args: Vec<String>,
    runs: u32,
}

/// CPU seconds, peak resident kilobytes and exit status of one run of
/// `bin` with `args`, as GNU time (`/usr/bin/time`, a small C program)
/// reports them. The kernel counts the memory a child had before it
/// started `relic` in its peak, so this benchmark's own (larger) memory
/// would show if it started `relic` itself; `time` is small.
fn run_once(bin: &Path, args: &[String], report: &Path) -> (f64, i64, i32) {
    let status = Command::new(TIME)
        .args(["-f", "%U %S %M", "-o"])
        .arg(report)
        .arg(bin)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("/usr/bin/time starts");
    let text = std::fs::read_to_string(report).expect("time wrote its report");
    let last = text.lines().last().unwrap_or_default();
    let fields: Vec<&str> = last.split_whitespace().collect();
    let [user, system, kilobytes] = fields[..] else {
        panic!("unexpected report from time: {text}");
    };
    let seconds = |s: &str| s.parse::<f64>().unwrap();
    let cpu = seconds(user) + seconds(system);
    (cpu, kilobytes.parse().unwrap(), status.code().unwrap_or(-1))
}

/// GNU time, which reports each run's CPU time and peak memory.
const TIME: &str = "/usr/bin/time";

/// CPU seconds of one direct run of `bin` with `args`, from the kernel's
/// account of the child (`wait4`, microseconds).
// The child is waited for by `wait4`, which also gives its resource use.
#[allow(clippy::zombie_processes)]
fn cpu_once(bin: &Path, args: &[String]) -> f64 {
    let child = Command::new(bin)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("relic starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for; both pointers are valid.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 failed");
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// CPU time per run (direct runs, `wait4`) and peak memory (three runs
/// under GNU time).
fn measure(bin: &Path, case: &Case, report: &Path) {
    let cpu: f64 = (0..case.runs).map(|_| cpu_once(bin, &case.args)).sum();
    let (mut peak, mut statuses) = (0, Vec::new());
    for _ in 0..3 {
        let (_, kilobytes, status) = run_once(bin, &case.args, report);
        peak = peak.max(kilobytes);
        if !statuses.contains(&status) {
            statuses.push(status);
        }
    }
    println!(
        "{:<36} {:>9.3} ms CPU/run {:>8.2} MiB peak   ({} runs, exit {:?})",
        case.name,
        cpu * 1000.0 / f64::from(case.runs),
        peak as f64 / 1024.0,
        case.runs,
        statuses
    );
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the line.
    let bin = std::env::var_os("RELIC_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_relic")));
    let runs = std::env::var("RELIC_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let board = root.join("boards/classic-7x7.gbf").display().to_string();
    let mut cases = vec![Case {
        name: "check classic-7x7.gbf",
        args: vec!["check".into(), board],
        runs,
    }];
    let shared = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared"));
    let instance = shared.join("benchmarks/labyrinth-exhsearch/exhsearch_s7_d1_num1.gbf");
    match instance.exists() {
        true => cases.push(Case {
            name: "solve exhsearch_s7_d1_num1.gbf",
            args: vec!["solve".into(), instance.display().to_string()],
            runs,
        }),
        false => println!(
            "skipped: {} not found (set RELIC_SHARED)",
            instance.display()
        ),
    }
    let dir = std::env::temp_dir().join(format!("relic-process-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (cave, moves) = cave_walk::walk(&dir, 1_000_000, false);
    let verify = ["verify", &cave, &moves, "--ruleset", "boulder-dash"];
    cases.push(Case {
        name: "verify 1,000,000 Boulder Dash moves",
        args: verify.map(String::from).to_vec(),
        runs: 3,
    });
    if !Path::new(TIME).exists() {
        println!("skipped: {TIME} not found (install GNU time)");
        return;
    }
    println!("{}", bin.display());
    let report = dir.join("time.txt");
    for case in &cases {
        measure(&bin, case, &report);
    }
    let _ = std::fs::remove_dir_all(dir);
}
