//! Vocabulary interpreter speed, per CPU-second on one core (issue 11):
//! Connect Four random playouts (target: at least 500,000 per second; the
//! compiled C++ reasoner of Regular Boardgames does about 785,000),
//! Stacked Tic-Tac-Toe random playouts of the full game, obstacles
//! included (issue 12; target: at least 100,000 per second),
//! tic-tac-toe perft 9 (target: under 50 ms), loading and compiling
//! every shipped vocabulary ruleset (target: under 1 ms each), and the same
//! random games played on each ruleset's lowering into the core language
//! (issue 28: what running the vocabulary on the core would cost; 29
//! November: connect-four 34x, gobblet-gobblers 29x, stacked-tic-tac-toe
//! 119x slower on the core, see docs/PERFORMANCE.md).
//!
//! Run with `cargo bench --bench vocab -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

#[path = "support/cpu_time.rs"]
mod cpu_time;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use relic::contract::Game;
use relic::vocab::{Action, Event, VOCAB_BUILTINS, VocabGame, builtin_vocab, parse_vocab};

/// The generator the bots use; both ways of choosing below draw the same
/// numbers from it, so they play the same games.
type Rng = rand_pcg::Pcg64Mcg;

fn rng(seed: u64) -> Rng {
    rand::SeedableRng::seed_from_u64(seed)
}

fn start(name: &str) -> VocabGame {
    VocabGame::new(builtin_vocab(name).expect("built in").expect("valid"))
}

/// Reused buffers: the position played in, the legal actions, the events.
struct Scratch {
    game: VocabGame,
    actions: Vec<Action>,
    events: Vec<Event>,
}

impl Scratch {
    fn new(start: &VocabGame) -> Scratch {
        Scratch {
            game: start.clone(),
            actions: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// One random game from `start`, each action chosen by
/// [`Game::random_action_with`] (the vocabulary finds it from its masks,
/// without listing) and applied as legal ([`Game::apply_legal_into`], as
/// MCTS playouts do); returns its length.
fn playout(start: &VocabGame, rng: &mut Rng, scratch: &mut Scratch) -> u32 {
    let Scratch {
        game,
        actions,
        events,
    } = scratch;
    // Copying into a kept position allocates nothing.
    game.clone_from(start);
    while let Some(action) = game.random_action_with(rng, actions) {
        events.clear();
        game.apply_legal_into(&action, events);
    }
    game.turn()
}

/// [`playout`] the old way: list every legal action each turn and pick one
/// (the same draws, so the same games), adding the number of legal actions
/// of each turn to `listed`.
fn playout_listing(
    start: &VocabGame,
    rng: &mut Rng,
    scratch: &mut Scratch,
    listed: &mut u64,
) -> u32 {
    let Scratch {
        game,
        actions,
        events,
    } = scratch;
    game.clone_from(start);
    loop {
        actions.clear();
        game.legal_actions_into(actions);
        *listed += actions.len() as u64;
        if actions.is_empty() {
            return game.turn();
        }
        let action = actions[rand::RngExt::random_range(rng, 0..actions.len())];
        events.clear();
        game.apply_legal_into(&action, events);
    }
}

/// Random playouts of `game` per CPU-second (and per wall second), the
/// total turns played, and the legal actions listed (listing only).
fn rate(game: &VocabGame, scratch: &mut Scratch, listing: bool) -> (f64, f64, u64, u64) {
    let (count, mut rng, mut listed) = (20_000, rng(7), 0);
    let (turns, wall, cpu) = cpu_time::timed(|| {
        (0..count)
            .map(|_| match listing {
                true => playout_listing(game, &mut rng, scratch, &mut listed),
                false => playout(game, &mut rng, scratch),
            })
            .map(u64::from)
            .sum::<u64>()
    });
    (
        f64::from(count) / cpu,
        f64::from(count) / wall,
        turns,
        listed,
    )
}

/// Leaves at `depth` below `game`, with one reused list, position and
/// event buffer per level (copying into a kept position allocates nothing).
fn perft(game: &VocabGame, depth: u32, levels: &mut [Scratch]) -> u64 {
    if depth == 1 {
        // Bulk counting at the leaves, as perft programs do.
        return game.legal_action_count() as u64;
    }
    let (mine, rest) = levels.split_first_mut().expect("a buffer per depth");
    mine.actions.clear();
    game.legal_actions_into(&mut mine.actions);
    let mut total = 0;
    for action in &mine.actions {
        mine.game.clone_from(game);
        mine.events.clear();
        let _ = mine.game.apply_into(action, &mut mine.events);
        total += perft(&mine.game, depth - 1, rest);
    }
    total
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("vocab playouts");
    group.throughput(Throughput::Elements(1));
    // `VOCAB_GAMES=connect-four,tic-tac-toe` measures only those games.
    let only = std::env::var("VOCAB_GAMES").unwrap_or_default();
    for name in [
        "connect-four",
        "tic-tac-toe",
        "breakthrough",
        "gobblet-gobblers",
        "stacked-tic-tac-toe",
    ] {
        if !only.is_empty() && !only.split(',').any(|g| g == name) {
            continue;
        }
        let game = start(name);
        let mut scratch = Scratch::new(&game);
        let (chosen, chosen_wall, turns, _) = rate(&game, &mut scratch, false);
        let (listing, listing_wall, listed_turns, listed) = rate(&game, &mut scratch, true);
        assert_eq!(turns, listed_turns, "{name}: both ways play the same games");
        eprintln!(
            "{name} random playouts, choosing (Game::random_action): {chosen:.0} per CPU-second \
             ({chosen_wall:.0} per wall second)"
        );
        eprintln!(
            "{name} random playouts, listing every legal action: {listing:.0} per CPU-second \
             ({listing_wall:.0} per wall second)"
        );
        eprintln!(
            "{name}: {:.1} turns per playout, {:.1} legal actions per turn ({turns} turns timed)",
            turns as f64 / 20_000.0,
            listed as f64 / turns.max(1) as f64,
        );
        let mut rng = rng(11);
        group.bench_function(name, |b| {
            b.iter(|| black_box(playout(&game, &mut rng, &mut scratch)))
        });
    }
    group.finish();
}

fn perft9(c: &mut Criterion) {
    let game = start("tic-tac-toe");
    let mut buffers: Vec<Scratch> = (0..9).map(|_| Scratch::new(&game)).collect();
    assert_eq!(perft(&game, 9, &mut buffers), 127_872);
    let runs = 5;
    let (_, wall, cpu) = cpu_time::timed(|| {
        for _ in 0..runs {
            black_box(perft(&game, 9, &mut buffers));
        }
    });
    eprintln!(
        "tic-tac-toe perft 9: {:.1} ms of CPU time ({:.1} ms wall)",
        cpu * 1000.0 / f64::from(runs),
        wall * 1000.0 / f64::from(runs)
    );
    c.bench_function("vocab tic-tac-toe perft 9", |b| {
        b.iter(|| black_box(perft(&game, 9, &mut buffers)))
    });
}

fn loading(c: &mut Criterion) {
    let mut group = c.benchmark_group("vocab load and compile");
    for (name, source) in VOCAB_BUILTINS {
        group.bench_function(*name, |b| {
            b.iter(|| black_box(parse_vocab(source, name, None).is_ok()))
        });
    }
    group.finish();
}

/// One random game listing every legal action each turn: the vocabulary
/// and its lowering list the same actions in the same order, so the same
/// draws play the same game on both. Returns its length.
fn generic_playout<G: Game + Clone>(start: &G, rng: &mut Rng) -> u32 {
    let (mut game, mut actions, mut events) = (start.clone(), Vec::new(), Vec::new());
    loop {
        actions.clear();
        game.legal_actions_into(&mut actions);
        if actions.is_empty() {
            return game.turn();
        }
        let pick = rand::RngExt::random_range(rng, 0..actions.len());
        events.clear();
        game.apply_legal_into(&actions[pick], &mut events);
    }
}

/// Listing playouts per CPU-second of `game`, and the turns played.
fn listed_rate<G: Game + Clone>(game: &G, count: u32) -> (f64, u64) {
    let mut rng = rng(5);
    let (turns, _, cpu) = cpu_time::timed(|| {
        (0..count)
            .map(|_| u64::from(generic_playout(game, &mut rng)))
            .sum::<u64>()
    });
    (f64::from(count) / cpu, turns)
}

fn lowered(c: &mut Criterion) {
    let mut group = c.benchmark_group("vocab lowered onto the core");
    group.throughput(Throughput::Elements(1));
    for name in ["connect-four", "gobblet-gobblers", "stacked-tic-tac-toe"] {
        let vocab = start(name);
        let (program, _) = relic::vocab::lower::lower_builtin(name).expect("lowers");
        let core = relic::lang::CoreGame::new(program);
        let (v, v_turns) = listed_rate(&vocab, 2_000);
        let (k, k_turns) = listed_rate(&core, 2_000);
        assert_eq!(v_turns, k_turns, "{name}: the same games on both");
        eprintln!(
            "{name} random playouts listing every action: vocabulary {v:.0}, core {k:.0} \
             per CPU-second ({:.1} times slower on the core; {v_turns} turns each)",
            v / k
        );
        let mut rng = rng(13);
        group.bench_function(name, |b| {
            b.iter(|| black_box(generic_playout(&core, &mut rng)))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, perft9, loading, lowered);
criterion_main!(benches);
