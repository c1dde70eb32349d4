//! Random turns per second: the generic engine against a hand-specialised
//! Moving Maze, on the same seeded games, checking both play them
//! identically. Prints
//! `generic_turns_per_s=… specialised_turns_per_s=… ratio=…`.
//!
//! `cargo bench --bench throughput` (one core). `THROUGHPUT_GAMES` sets the
//! number of games (default 2000, 7x7 random boards with K = 6).
//!
//! Then the first `THROUGHPUT_CORE_GAMES` of them (default 20) again on
//! Moving Maze written in the core language (`core_form::maze_core`): the
//! same actions, each chosen after listing the position's legal actions
//! as a player on the core does, checked to end the same way; printed as
//! `core_turns_per_s=… engine_turns_per_s=… core_ratio=…` (the engine's
//! rate measured on the same games in the same run).

#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/random_turns.rs"]
mod random_turns;
#[path = "support/specialised.rs"]
mod specialised;

use std::hint::black_box;

use cpu_time::timed;
use relic::board::Board;
use relic::boardgen::{BoardSpec, generate};
use relic::contract::Game as _;
use relic::engine::{Action, Game};
use relic::games::moving_maze::core_form::{core_action_text, maze_core};
use relic::lang::{CoreGame, parse_core_resolved};
use relic::rules::Rules;
use relic::sim::game_seed;
use specialised::{Outcome, Specialised, generic_outcome};

const MAX_TURNS: u32 = 2000;

/// What a game's record boils down to: the fingerprint of every turn's
/// choices, and the final state.
#[derive(Debug, PartialEq, Eq)]
struct Record {
    choices: u64,
    outcome: Outcome,
}

fn fold(hash: u64, value: u64) -> u64 {
    relic::sim::mix(hash ^ value)
}

fn play_generic(game: &Game, seed: u64) -> (Game, u64) {
    let mut game = game.clone();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut events = Vec::with_capacity(16);
    let mut choices = 0;
    while !game.is_over() && game.turn() < MAX_TURNS {
        choices = fold(
            choices,
            random_turns::random_turn(&mut game, &mut rng, &mut events),
        );
    }
    (game, choices)
}

fn play_specialised(game: &Specialised, seed: u64) -> (Specialised, u64) {
    let mut game = game.clone();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut choices = 0;
    while !game.is_over() && game.turns() < MAX_TURNS {
        choices = fold(choices, game.random_turn(&mut rng));
    }
    (game, choices)
}

/// The actions of game `g`'s random turns on the engine, and its end.
fn played_actions(game: &Game, seed: u64) -> (Vec<Action>, Game) {
    let mut game = game.clone();
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut events, mut played) = (Vec::new(), Vec::new());
    while !game.is_over() && game.turn() < MAX_TURNS {
        random_turns::random_turn_kept(&mut game, &mut rng, &mut events, &mut played);
    }
    (played, game)
}

/// Plays `actions` on the engine and on its core form, each after listing
/// the legal actions: turns per CPU-second on each.
fn core_leg(starts: &[Game], seed: impl Fn(usize) -> u64) {
    let mut runs = Vec::new();
    for (g, start) in starts.iter().enumerate() {
        let (actions, end) = played_actions(start, seed(g));
        let toml = maze_core(start).expect("a new game lowers");
        let (_, program) = parse_core_resolved(&toml, "maze.toml", None).expect("compiles");
        let core = CoreGame::new(program);
        let core_actions: Vec<_> = (actions.iter())
            .map(|&a| {
                core.parse_action(&core_action_text(start, a))
                    .expect("reads")
            })
            .collect();
        runs.push((start.clone(), actions, core, core_actions, end));
    }
    let turns: u64 = runs
        .iter()
        .map(|r| u64::from(random_turns::turns(&r.4)))
        .sum();
    let (_, _, engine_cpu) = timed(|| {
        let mut listed = Vec::new();
        for (start, actions, ..) in &runs {
            let mut game = start.clone();
            for &action in actions {
                listed.clear();
                game.legal_actions_into(&mut listed);
                game.apply(action).expect("legal");
            }
            black_box(&game);
        }
    });
    let (ends, _, core_cpu) = timed(|| {
        let (mut listed, mut events) = (Vec::new(), Vec::new());
        let mut ends = Vec::new();
        for (_, _, core, actions, _) in &runs {
            let mut game = core.clone();
            for action in actions {
                listed.clear();
                game.legal_actions_into(&mut listed);
                events.clear();
                game.apply_legal_into(action, &mut events);
            }
            ends.push(game.status());
        }
        ends
    });
    for (run, status) in runs.iter().zip(ends) {
        assert_eq!(
            format!("{:?}", contract_status(&run.4)),
            format!("{status:?}")
        );
    }
    let (core_rate, engine_rate) = (turns as f64 / core_cpu, turns as f64 / engine_cpu);
    eprintln!(
        "{} games, {turns} turns, on the engine and on its core form",
        runs.len()
    );
    println!(
        "core_turns_per_s={core_rate:.0} engine_turns_per_s={engine_rate:.0} core_ratio={:.1}",
        engine_rate / core_rate
    );
}

fn contract_status(game: &Game) -> relic::contract::Status {
    relic::contract::Game::status(game)
}

fn main() {
    let games: u64 = std::env::var("THROUGHPUT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let rules = Rules::standard();
    let spec = BoardSpec::default();
    let boards: Vec<Board> = (0..games)
        .map(|g| generate(&rules, &spec, game_seed(7, g)).expect("7x7 boards generate"))
        .collect();
    let generic_games: Vec<Game> = boards
        .iter()
        .map(|b| Game::new(rules.clone(), b).expect("generated boards play"))
        .collect();
    let specialised_games: Vec<Specialised> = boards.iter().map(Specialised::new).collect();
    let seed = |g: usize| game_seed(11, g as u64);

    let (generic, generic_wall, generic_cpu) = timed(|| {
        let games = generic_games.iter().enumerate();
        let played = games.map(|(g, game)| black_box(play_generic(game, seed(g))));
        played.collect::<Vec<(Game, u64)>>()
    });
    let (special, specialised_wall, specialised_cpu) = timed(|| {
        let games = specialised_games.iter().enumerate();
        let played = games.map(|(g, game)| black_box(play_specialised(game, seed(g))));
        played.collect::<Vec<(Specialised, u64)>>()
    });

    let mut turns = 0u64;
    let mut won = 0u64;
    for (g, ((a, x), (b, y))) in generic.iter().zip(&special).enumerate() {
        let left = Record {
            choices: *x,
            outcome: generic_outcome(a),
        };
        let right = Record {
            choices: *y,
            outcome: b.outcome(),
        };
        assert_eq!(left, right, "game {g}: the implementations disagree");
        turns += u64::from(left.outcome.turns);
        won += u64::from(left.outcome.winner.is_some());
    }
    let generic_rate = turns as f64 / generic_cpu;
    let specialised_rate = turns as f64 / specialised_cpu;
    eprintln!(
        "{games} games ({won} won, the rest stopped at {MAX_TURNS} turns), {turns} turns, \
         identical records in both implementations"
    );
    eprintln!(
        "wall clock: generic {:.0} turns/s, specialised {:.0} turns/s",
        turns as f64 / generic_wall,
        turns as f64 / specialised_wall
    );
    eprintln!("rates below are per second of this thread's CPU time, on one core");
    println!(
        "generic_turns_per_s={generic_rate:.0} specialised_turns_per_s={specialised_rate:.0} ratio={:.2}",
        specialised_rate / generic_rate
    );
    let core_games: usize = std::env::var("THROUGHPUT_CORE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let core_games = core_games.min(generic_games.len());
    core_leg(&generic_games[..core_games], seed);
}
