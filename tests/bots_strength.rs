//! Strength of the computer players on the shipped 7x7 board, over fixed
//! seeds: one greedy seat against three random seats, one search seat
//! against three greedy seats, after a seeded random opening. Games longer
//! than the turn limit count as not won.

use std::sync::Arc;

use relic::board::{Board, parse_board};
use relic::bots::seeded_rng;
use relic::engine::Game;
use relic::games::moving_maze::bots::{BotKind, Strategy, play_out};
use relic::rules::Rules;

const GAMES: u64 = 200;
/// Random turns played before the strategies take over.
const OPENING_TURNS: u32 = 4;
/// The search budget of the test: strong enough, and quick in debug builds.
const SEARCH_NODES: u32 = 1000;

const MAX_TURNS: u32 = 400;

fn classic() -> (Arc<Rules>, Board) {
    let rules = Rules::standard();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/boards/classic-7x7.gbf");
    let text = std::fs::read_to_string(path).unwrap();
    let board = parse_board(&text, &rules.limits()).unwrap();
    (rules, board)
}

/// Plays `GAMES` games with `hero` in a seat that rotates with the game
/// number, the others `rest`; returns the hero's win rate.
fn win_rate(hero: BotKind, rest: BotKind) -> f64 {
    let (rules, board) = classic();
    let seats = rules.seats().len();
    let threads = 2;
    let wins: usize = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (rules, board) = (rules.clone(), board.clone());
                scope.spawn(move || {
                    (0..GAMES)
                        .filter(|g| g % threads == t)
                        .filter(|&g| {
                            let hero_seat = (g % seats as u64) as usize;
                            let mut players: Vec<Box<dyn Strategy>> = (0..seats)
                                .map(|s| if s == hero_seat { hero } else { rest }.strategy())
                                .collect();
                            let mut game = Game::new(rules.clone(), &board).unwrap();
                            let mut rng = seeded_rng(1000 + g);
                            // A random opening (one random turn per seat) makes
                            // each game different: greedy and search are
                            // deterministic, the seed drives the opening.
                            let mut openers: Vec<Box<dyn Strategy>> =
                                (0..seats).map(|_| BotKind::Random.strategy()).collect();
                            play_out(&mut game, &mut openers, &mut rng, OPENING_TURNS);
                            let outcome = play_out(&mut game, &mut players, &mut rng, MAX_TURNS);
                            outcome.winner == Some(hero_seat)
                        })
                        .count()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    wins as f64 / GAMES as f64
}

#[test]
fn greedy_beats_three_random_players() {
    let rate = win_rate(BotKind::Greedy, BotKind::Random);
    println!("greedy vs 3 random: {:.1}% of {GAMES} games", rate * 100.0);
    assert!(rate >= 0.70, "greedy won only {:.1}%", rate * 100.0);
}

#[test]
fn search_beats_three_greedy_players() {
    let hero = BotKind::Search {
        nodes: SEARCH_NODES,
    };
    let rate = win_rate(hero, BotKind::Greedy);
    println!("search vs 3 greedy: {:.1}% of {GAMES} games", rate * 100.0);
    assert!(rate >= 0.35, "search won only {:.1}%", rate * 100.0);
}
