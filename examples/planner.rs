//! An experiment of docs/PERFORMANCE.md (not a shipped strategy): where is
//! the ceiling of Moving Maze's evaluation? One seat plays the whole turn
//! (every orientation x slide x reachable destination) that maximises the
//! game's `Evaluate` for itself after the turn; the three others are the
//! `greedy` turn planner. If this seat wins clearly more than a quarter of
//! the games, a search that finds that turn can too; if not, the
//! evaluation is what limits MCTS.
//!
//! `cargo run --release --example planner [GAMES] [THREADS]`: the planner
//! moves round the table with the game's number, and every game opens with
//! one random turn per seat (greedy is deterministic), as in the
//! `strength` example.

use std::collections::VecDeque;

use relic::bots::{
    Agent, BotRng, BoxedAgent, PlayEnd, UniformRandom, choose_strategy, play_agents, seeded_rng,
};
use relic::contract::{Evaluate, Outcome};
use relic::engine::{Action, Game, Phase, positions};
use relic::games::moving_maze::bots::{TurnPlan, plan_actions, rotation_options};
use relic::games::{Setup, moving_maze};
use relic::rules::Rules;
use relic::sim::{game_seed, mix};
use support::{arg, race};

#[path = "support/race.rs"]
mod support;

/// The seat that plays the best turn by the evaluation.
#[derive(Default)]
struct Planner {
    queue: VecDeque<Action>,
    turn: u32,
}

/// The options of a slide phase: (quarter turns, slide or skip).
fn slide_options(game: &Game) -> Vec<(u8, Option<relic::board::SlideAt>)> {
    let mut slides: Vec<_> = game.legal_slides().map(Some).collect();
    if game.may_skip_slide() {
        slides.push(None);
    }
    rotation_options(game)
        .into_iter()
        .flat_map(|t| slides.iter().map(move |&s| (t, s)))
        .collect()
}

/// `game` after the rotation and slide of an option.
fn after_slide(game: &Game, turns: u8, slide: Option<relic::board::SlideAt>) -> Option<Game> {
    let mut next = game.clone();
    for _ in 0..turns {
        next.apply(Action::RotateClockwise).ok()?;
    }
    next.apply(slide.map_or(Action::Done, Action::Slide)).ok()?;
    Some(next)
}

/// The turn with the best evaluation for the mover once it is over.
fn best_plan(game: &Game) -> Option<TurnPlan> {
    let seat = game.current_seat();
    let mut best: Option<(TurnPlan, f64)> = None;
    for (turns, slide) in slide_options(game) {
        let Some(slid) = after_slide(game, turns, slide) else {
            continue;
        };
        if slid.phase() != Phase::Move || slid.current_seat() != seat {
            continue;
        }
        let here = slid.players()[seat].pos;
        for dest in positions(slid.reachable_from(here), slid.maze().width()) {
            let plan = TurnPlan {
                clockwise_turns: turns,
                slide,
                dest,
            };
            let mut after = game.clone();
            for action in plan_actions(game, &plan) {
                after.apply(action).expect("a planned action is legal");
            }
            let value = after.evaluate(seat);
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((plan, value));
            }
        }
    }
    best.map(|(plan, _)| plan)
}

impl Agent<Game> for Planner {
    fn name(&self) -> String {
        "planner".into()
    }

    fn choose(&mut self, game: &Game, _rng: &mut BotRng) -> Option<Action> {
        if game.is_over() {
            return None;
        }
        if self.turn != game.turn() || self.queue.is_empty() {
            self.turn = game.turn();
            self.queue = best_plan(game)
                .map(|plan| plan_actions(game, &plan).into())
                .unwrap_or_default();
        }
        self.queue.pop_front()
    }
}

/// Plays game `g` with the planner in seat `hero`; whether it won.
fn play(start: &Game, g: u64, hero: usize) -> bool {
    let seed = game_seed(2026, g);
    let mut game = start.clone();
    let seats = 4;
    let mut openers: Vec<BoxedAgent<Game>> = (0..seats)
        .map(|_| Box::new(UniformRandom) as BoxedAgent<Game>)
        .collect();
    let mut rng = seeded_rng(mix(seed ^ 0x00BE_21A6));
    play_agents(&mut game, &mut openers, &mut rng, 4, &mut |_, _, _| {});
    let greedy = choose_strategy::<Game>("greedy").expect("greedy");
    let mut agents: Vec<BoxedAgent<Game>> = (0..seats)
        .map(|s| match s == hero {
            true => Box::new(Planner::default()) as BoxedAgent<Game>,
            false => greedy.agent(),
        })
        .collect();
    let mut rng = seeded_rng(mix(seed ^ 0x5EA7));
    let end = play_agents(&mut game, &mut agents, &mut rng, 400, &mut |_, _, _| {});
    end == PlayEnd::Over(Outcome::Won(hero))
}

fn main() {
    let (games, threads) = (arg(1, 60), arg(2, 1));
    let start = moving_maze::load(&Rules::standard(), &Setup::Default).expect("the shipped board");
    race("planner", games, threads, 4, |g, hero| {
        play(&start, g, hero)
    });
}
