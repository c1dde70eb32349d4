//! Board reading speed. Target (issue 2): reading and checking a 9x9 board
//! file takes at most 20 microseconds.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use relic::board::{BoardLimits, parse_board, read_board_file};

fn grand_board() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("boards/grand-9x9.gbf")
}

/// The whole path `relic check` takes: open, read, parse, check.
fn read_and_check(c: &mut Criterion) {
    let path = grand_board();
    let limits = BoardLimits::default();
    c.bench_function("read_board_file 9x9", |b| {
        b.iter(|| read_board_file(black_box(&path), &limits).is_ok())
    });
}

/// Parsing and checking alone, from text already in memory.
fn parse_and_check(c: &mut Criterion) {
    let text = std::fs::read_to_string(grand_board()).expect("the shipped 9x9 board");
    let limits = BoardLimits::default();
    c.bench_function("parse_board 9x9", |b| {
        b.iter(|| parse_board(black_box(&text), &limits).is_ok())
    });
}

/// A faulty 9x9 board: the diagnostics path must stay cheap too.
fn parse_faulty(c: &mut Criterion) {
    let text = std::fs::read_to_string(grand_board())
        .expect("the shipped 9x9 board")
        .replacen("1010y4", "1020y4", 1)
        .replacen("0111b8", "0111b9", 1);
    let limits = BoardLimits::default();
    c.bench_function("parse_board 9x9 with problems", |b| {
        b.iter(|| parse_board(black_box(&text), &limits).is_err())
    });
}

criterion_group!(benches, read_and_check, parse_and_check, parse_faulty);
criterion_main!(benches);
