//! Loading and compiling speed of every shipped ruleset (issue 28: each
//! under 5 ms), per CPU-second on one core: every `.toml` file under
//! `rulesets/` read from disk, checked and compiled by the loader of the
//! game its `game` key names, as `relic play --ruleset FILE` does.
//!
//! Run with `cargo bench --bench load`; `LOAD_SECONDS` sets the CPU time
//! spent on each file (default 0.2); `LOAD_ONLY` keeps the files whose
//! path contains it. Exits non-zero when a file fails to load or takes 5 ms
//! or more.

use std::path::{Path, PathBuf};

#[path = "support/cpu_time.rs"]
mod cpu_time;

use relic::games::load_game_rules;

/// The limit per ruleset, in milliseconds.
const LIMIT_MS: f64 = 5.0;

/// Every `.toml` file under `dir`, sorted.
fn rulesets(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("rulesets/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rulesets(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

/// Mean CPU milliseconds of one load of `path` over about `budget` CPU
/// seconds, or the error's text.
fn measure(path: &Path, budget: f64) -> Result<f64, String> {
    load_game_rules(path).map_err(|e| e.render(80))?;
    let (mut runs, mut spent) = (0u32, 0.0);
    while spent < budget || runs < 3 {
        let ((), _, cpu) = cpu_time::timed(|| {
            std::hint::black_box(load_game_rules(path).is_ok());
        });
        (runs, spent) = (runs + 1, spent + cpu);
    }
    Ok(spent * 1000.0 / f64::from(runs))
}

fn main() {
    let budget: f64 = std::env::var("LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.2);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rulesets(&root.join("rulesets"), &mut files);
    if let Ok(only) = std::env::var("LOAD_ONLY") {
        files.retain(|path| path.to_string_lossy().contains(&only));
    }
    eprintln!("load and compile, CPU ms per ruleset on one core (limit {LIMIT_MS} ms)");
    let (mut worst, mut bad) = (0.0f64, 0);
    for path in &files {
        let shown = path.strip_prefix(root).unwrap_or(path).display();
        match measure(path, budget) {
            Ok(ms) => {
                let over = if ms >= LIMIT_MS {
                    "  OVER THE LIMIT"
                } else {
                    ""
                };
                println!("{shown:<55} {ms:>8.3} ms{over}");
                worst = worst.max(ms);
                bad += usize::from(ms >= LIMIT_MS);
            }
            Err(e) => {
                println!("{shown:<55} failed to load:\n{e}");
                bad += 1;
            }
        }
    }
    println!("{} rulesets, slowest {worst:.3} ms", files.len());
    if bad > 0 {
        eprintln!("{bad} rulesets failed to load or took {LIMIT_MS} ms or more");
        std::process::exit(1);
    }
}
