//! Whole processes (issue 31 item 6): people validate boards by the
//! thousand in scripts, so what one small command costs from start to exit
//! matters. Each case runs the `relic` binary many times and reports its
//! median CPU time (user + system) per run, from the kernel's account of
//! each child (`wait4`; the cases' runs interleaved in rounds), and its
//! peak memory (largest resident set) as GNU time (`/usr/bin/time`)
//! reports it.
//! Targets: at most 1 ms of CPU and 5 MiB for `relic check` on the shipped
//! 7x7 board and `relic solve` on a depth-1 instance of the shared solver
//! benchmark. A third case verifies a Boulder Dash game of 1,000,000 moves.
//!
//! Run with `cargo bench --bench process` (the bench profile's binary), or
//! against a release build, faster to make:
//! `cargo build --release && cp target/release/relic /tmp/relic &&
//! RELIC_BIN=/tmp/relic cargo bench --bench process` (copied first: the
//! bench profile's build replaces `target/release/relic`).
//! `RELIC_RUNS` sets the runs per case (default 200).
//!
//! The reference the issue compares with, the C++ exhaustive search of
//! j-blue-arz/labyrinth, is measured in the same run when
//! `RELIC_REFERENCE_EXHSEARCH` names its single-instance program
//! (`algolibs/benchmark/run_exhsearch.cpp`, built outside this crate, for
//! example `g++ -O3 -DNDEBUG -std=c++17 -I. solvers/graph_algorithms.cpp
//! solvers/location.cpp solvers/maze_graph.cpp solvers/solvers.cpp
//! solvers/exhsearch.cpp graphbuilder/*.cpp benchmark/run_exhsearch.cpp`
//! in its `algolibs` folder) and `RELIC_REFERENCE_INSTANCE` its instance
//! file `experiments/exhsearch/instances/exhsearch_s7_d1_num1.txt`; each
//! case's CPU time is then also given as a ratio to the reference's.

#[path = "../tests/common/cave_walk.rs"]
mod cave_walk;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command to time: its name, program and arguments.
struct Case {
    name: &'static str,
    program: PathBuf,
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
        .env_remove("LD_LIBRARY_PATH")
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
    // cargo sets LD_LIBRARY_PATH (its target and toolchain folders) for
    // what it runs; a user's shell does not, and with it the loader looks
    // for every library in those folders first.
    let child = Command::new(bin)
        .env_remove("LD_LIBRARY_PATH")
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

/// Rounds the runs of the small cases are interleaved in, so that a
/// change of the machine's load falls on every case alike.
const ROUNDS: u32 = 10;

/// The median CPU time per run of each case, the cases' runs interleaved
/// in [`ROUNDS`] rounds (direct runs, `wait4`).
fn median_cpu(cases: &[Case]) -> Vec<f64> {
    let mut samples: Vec<Vec<f64>> = cases.iter().map(|_| Vec::new()).collect();
    for _ in 0..ROUNDS {
        for (case, times) in cases.iter().zip(&mut samples) {
            let runs = case.runs.div_ceil(ROUNDS);
            times.extend((0..runs).map(|_| cpu_once(&case.program, &case.args)));
        }
    }
    (samples.into_iter())
        .map(|mut times| {
            times.sort_by(f64::total_cmp);
            times[times.len() / 2]
        })
        .collect()
}

/// The peak memory (largest of three runs under GNU time) and the exit
/// statuses seen, printed with `cpu`, the CPU time per run, and its ratio
/// to `reference`'s where one was measured.
fn report_case(case: &Case, cpu: f64, report: &Path, reference: Option<f64>) {
    let (mut peak, mut statuses) = (0, Vec::new());
    for _ in 0..3 {
        let (_, kilobytes, status) = run_once(&case.program, &case.args, report);
        peak = peak.max(kilobytes);
        if !statuses.contains(&status) {
            statuses.push(status);
        }
    }
    let ratio = reference.map_or(String::new(), |r| {
        format!("   {:.2} x the reference", cpu / r)
    });
    println!(
        "{:<52} {:>9.3} ms CPU/run {:>8.2} MiB peak   ({} runs, exit {:?}){ratio}",
        case.name,
        cpu * 1000.0,
        peak as f64 / 1024.0,
        case.runs.div_ceil(ROUNDS) * ROUNDS,
        statuses
    );
}

/// The reference solver's case, when both of its variables are set.
fn reference_case() -> Option<Case> {
    let program = std::env::var_os("RELIC_REFERENCE_EXHSEARCH")?;
    let instance = std::env::var("RELIC_REFERENCE_INSTANCE").ok()?;
    Some(Case {
        name: "reference run_exhsearch s7_d1_num1 (C++)",
        program: PathBuf::from(program),
        args: vec![instance],
        runs: runs_per_case(),
    })
}

/// `RELIC_RUNS`, or 200.
fn runs_per_case() -> u32 {
    std::env::var("RELIC_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(200)
}

/// The solver's cases on the shared depth-1 instance: the command as a
/// user types it (the next relic and home, from the start corner) and the
/// reference's own problem (from its start tile, the relic only).
fn solve_cases(bin: &Path, shared: &Path) -> Vec<Case> {
    let instance = shared.join("benchmarks/labyrinth-exhsearch/exhsearch_s7_d1_num1.gbf");
    if !instance.exists() {
        println!(
            "skipped: {} not found (set RELIC_SHARED)",
            instance.display()
        );
        return Vec::new();
    }
    let solve = |name, extra: &[&str]| Case {
        name,
        program: bin.to_path_buf(),
        args: ["solve", &instance.display().to_string()]
            .iter()
            .chain(extra)
            .map(|s| s.to_string())
            .collect(),
        runs: runs_per_case(),
    };
    vec![
        solve("solve exhsearch_s7_d1_num1.gbf", &[]),
        solve(
            "solve exhsearch_s7_d1_num1.gbf --from 1,4 --no-home",
            &["--from", "1,4", "--no-home"],
        ),
    ]
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the line.
    let bin = std::env::var_os("RELIC_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_relic")));
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let board = root.join("boards/classic-7x7.gbf").display().to_string();
    let mut cases = vec![Case {
        name: "check classic-7x7.gbf",
        program: bin.clone(),
        args: vec!["check".into(), board],
        runs: runs_per_case(),
    }];
    let shared = std::env::var_os("RELIC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared"));
    cases.extend(solve_cases(&bin, &shared));
    let dir = std::env::temp_dir().join(format!("relic-process-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (cave, moves) = cave_walk::walk(&dir, 1_000_000, false);
    let verify = ["verify", &cave, &moves, "--ruleset", "boulder-dash"];
    let long = Case {
        name: "verify 1,000,000 Boulder Dash moves",
        program: bin.clone(),
        args: verify.map(String::from).to_vec(),
        runs: ROUNDS,
    };
    if !Path::new(TIME).exists() {
        println!("skipped: {TIME} not found (install GNU time)");
        return;
    }
    println!("{}", bin.display());
    let report = dir.join("time.txt");
    let reference_run = reference_case();
    let with_reference = reference_run.is_some();
    cases.extend(reference_run);
    let cpu = median_cpu(&cases);
    let reference = with_reference.then(|| cpu[cpu.len() - 1]);
    for (case, &cpu) in cases.iter().zip(&cpu) {
        report_case(case, cpu, &report, reference);
    }
    report_case(
        &long,
        median_cpu(std::slice::from_ref(&long))[0],
        &report,
        None,
    );
    let _ = std::fs::remove_dir_all(dir);
}
