//! Ruleset checking speed on hostile input: files of unknown keys, 64 KiB
//! and 1 MiB. Checking is linear, so the second takes about 16 times the
//! first (it took 62 s when it was quadratic).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use relic::rules::parse_ruleset;

/// `size` bytes or a little more of `unknown_key_N = 1` lines.
fn unknown_keys(size: usize) -> String {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < size {
        text += &format!("unknown_key_{i} = 1\n");
        i += 1;
    }
    text
}

fn hostile(c: &mut Criterion) {
    let mut group = c.benchmark_group("rules check, unknown keys");
    group.sample_size(10);
    for size in [64 << 10, 1 << 20] {
        let text = unknown_keys(size);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("{} KiB", size >> 10), |b| {
            b.iter(|| {
                let failure = parse_ruleset(black_box(&text), "hostile.toml", None).unwrap_err();
                failure.render(80).len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, hostile);
criterion_main!(benches);
