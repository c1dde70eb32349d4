//! Text mode throughput: a scripted 10,000-token game on the shipped 7x7
//! board, parsed, played and rendered into a sink. Target: 50,000 tokens
//! per second or more.

use std::hint::black_box;
use std::io;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use relic::board::parse_board;
use relic::engine::Game;
use relic::rules::Rules;
use relic::text::play_text;

const CLASSIC: &str = include_str!("../boards/classic-7x7.gbf");
const TOKENS: usize = 10_000;

fn new_game() -> Game {
    let rules = Rules::standard();
    Game::new(
        rules.clone(),
        &parse_board(CLASSIC, &rules.limits()).unwrap(),
    )
    .unwrap()
}

/// A game of `TOKENS` tokens that does not end early: mostly legal actions
/// chosen by a small deterministic generator, with some malformed and some
/// illegal tokens, as people type them.
fn script() -> String {
    (1..)
        .find_map(script_from)
        .expect("some seed plays 10,000 tokens without a win")
}

fn script_from(seed: u64) -> Option<String> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut game = new_game();
    let mut tokens = Vec::with_capacity(TOKENS);
    while tokens.len() < TOKENS {
        match next(20) {
            0 => tokens.push("x".to_owned()),
            1 => tokens.push("n3".to_owned()),
            _ => {
                let legal = game.legal_actions();
                let action = legal[next(legal.len())];
                game.apply(action).ok()?;
                if game.is_over() {
                    return None;
                }
                tokens.push(action.to_string());
            }
        }
    }
    Some(tokens.join(" "))
}

fn text_mode(c: &mut Criterion) {
    let script = script();
    let mut group = c.benchmark_group("text");
    group.throughput(Throughput::Elements(TOKENS as u64));
    group.sample_size(20);
    group.bench_function("10k-token game into a sink", |b| {
        b.iter(|| {
            let (game, end) = play_text(new_game(), script.as_bytes(), io::sink()).unwrap();
            black_box((game, end))
        })
    });
    group.finish();
}

criterion_group!(benches, text_mode);
criterion_main!(benches);
