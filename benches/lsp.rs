//! The language server's diagnostics after an edit: a shipped ruleset of
//! each large family (Moving Maze, Stacked Tic-Tac-Toe, Boulder Dash,
//! Maze Runner), a variant that extends one and chess (a core ruleset),
//! edited (a value changed, as an author types) and checked from scratch
//! as `relic lsp` does on every change. The target is under 20 ms each.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use relic::lsp::diagnose::diagnostics;

fn after_an_edit(c: &mut Criterion) {
    let mut group = c.benchmark_group("lsp diagnostics after an edit");
    for file in [
        "rulesets/moving-maze.toml",
        "rulesets/stacked-tic-tac-toe.toml",
        "rulesets/boulder-dash.toml",
        "rulesets/maze-runner.toml",
        "rulesets/stacked/bombs-no-wrap.toml",
        "rulesets/classic/chess.toml",
    ] {
        let path = Path::new(file);
        let text = std::fs::read_to_string(path).unwrap();
        // An edit that leaves a problem to report, and the same edit fixed.
        let broken = text.replacen("name = ", "nmae = ", 1);
        let name = path.file_name().unwrap().to_string_lossy();
        group.bench_function(format!("{name}, a typo"), |b| {
            b.iter(|| diagnostics(path, black_box(&broken)).len())
        });
        group.bench_function(format!("{name}, fixed"), |b| {
            b.iter(|| diagnostics(path, black_box(&text)).len())
        });
    }
    group.finish();
}

criterion_group!(benches, after_an_edit);
criterion_main!(benches);
