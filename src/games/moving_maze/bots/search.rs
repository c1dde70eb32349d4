//! The search strategy: for its most promising turns, plays the next
//! players' replies (modelled as greedy players) and looks at how well its
//! own following turn can do from there. Bounded by a node budget (one
//! node = one position evaluated after a slide), so it is deterministic.

use super::greedy::{Score, best_move, best_turn, slide_options};
use super::turn::after_slide;
use super::{TurnPlan, plan_actions};
use crate::bots::BotRng;
use crate::games::moving_maze::board::Pos;
use crate::games::moving_maze::bots::Strategy;
use crate::games::moving_maze::engine::{Action, Game, positions};

/// The node budget of `search` when the spec gives none.
pub const DEFAULT_SEARCH_NODES: u32 = 4000;

/// How many destinations per slide are looked at more deeply: the best few
/// by closeness to the target.
const DESTINATIONS_PER_SLIDE: usize = 2;

/// Looks one round ahead: its own turn, every other player's greedy reply,
/// and its own best next turn.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    nodes: u32,
}

impl Search {
    /// A search player evaluating about `nodes` positions per turn.
    pub fn new(nodes: u32) -> Search {
        Search {
            nodes: nodes.max(1),
        }
    }
}

impl Strategy for Search {
    fn name(&self) -> String {
        format!("search:nodes={}", self.nodes)
    }

    fn choose_turn(&mut self, game: &Game, _rng: &mut BotRng) -> Vec<Action> {
        let mut candidates = candidates(game);
        if candidates.is_empty() {
            return Vec::new();
        }
        let mut budget = i64::from(self.nodes) - candidates.len() as i64;
        candidates.sort_by_key(|c| std::cmp::Reverse(c.1));
        let seat = game.current_seat();
        let mut best: Option<(Value, TurnPlan)> = None;
        for (plan, score) in candidates {
            if score.won {
                return plan_actions(game, &plan);
            }
            if budget <= 0 && best.is_some() {
                break;
            }
            let value = look_ahead(game, &plan, score, seat, &mut budget);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, plan));
            }
        }
        best.map_or_else(Vec::new, |(_, plan)| plan_actions(game, &plan))
    }
}

/// The value of a turn after a round: not lost, then the score of the
/// player's best next turn, then on how many slide options that next turn
/// collects, then the score of this turn.
type Value = (bool, Score, u16, Score);

/// The turns worth a closer look: per slide option, the best destination
/// greedy would pick plus a few more closest to the target.
fn candidates(game: &Game) -> Vec<(TurnPlan, Score)> {
    let mut found = Vec::new();
    for (clockwise_turns, slide) in slide_options(game) {
        let Some(slid) = after_slide(game, clockwise_turns, slide) else {
            continue;
        };
        let plan = |dest: Pos| TurnPlan {
            clockwise_turns,
            slide,
            dest,
        };
        let (dest, score) = best_move(&slid, game.turn());
        found.push((plan(dest), score));
        if slid.turn() != game.turn() || slid.is_over() {
            continue;
        }
        for (other, closeness) in closest_others(&slid, dest) {
            let other_score = Score { closeness, ..score };
            if other_score.collected == slid.players()[slid.current_seat()].collected {
                found.push((plan(other), other_score));
            }
        }
    }
    found
}

/// Up to `DESTINATIONS_PER_SLIDE - 1` reachable tiles other than `chosen`,
/// closest to the current player's targets first.
fn closest_others(slid: &Game, chosen: Pos) -> Vec<(Pos, i16)> {
    let seat = slid.current_seat();
    let here = slid.players()[seat].pos;
    let width = slid.maze().width();
    let targets: Vec<Pos> = positions(super::greedy::target_set(slid, seat), width).collect();
    if targets.is_empty() {
        return Vec::new();
    }
    let mut others: Vec<(Pos, i16)> = positions(slid.reachable_from(here), width)
        .filter(|&p| p != chosen)
        .map(|p| (p, closeness(p, &targets)))
        .collect();
    others.sort_by_key(|o| std::cmp::Reverse(o.1));
    others.truncate(DESTINATIONS_PER_SLIDE - 1);
    others
}

fn closeness(pos: Pos, targets: &[Pos]) -> i16 {
    let distance = |t: &Pos| i16::from(pos.x.abs_diff(t.x)) + i16::from(pos.y.abs_diff(t.y));
    targets.iter().map(distance).min().map_or(0, |d| -d)
}

/// Plays `plan`, then the other players' greedy turns, then scores this
/// player's best next turn. Spends one node per slide option evaluated.
fn look_ahead(game: &Game, plan: &TurnPlan, now: Score, seat: usize, budget: &mut i64) -> Value {
    let mut sim = game.clone();
    for action in plan_actions(game, plan) {
        let _ = sim.apply(action);
    }
    while !sim.is_over() && sim.current_seat() != seat {
        *budget -= slide_options(&sim).len() as i64;
        let Some((reply, _)) = best_turn(&sim) else {
            break;
        };
        for action in plan_actions(&sim, &reply) {
            let _ = sim.apply(action);
        }
    }
    if sim.is_over() {
        let won = sim.winner() == Some(seat);
        let lost = sim.winner().is_some() && !won;
        return (!lost, Score { won, ..now }, 0, now);
    }
    let (score, chances) = next_turn(&sim, budget);
    (true, score, chances, now)
}

/// The score of the player's best turn in `game` and on how many of its
/// slide options it collects (or wins).
fn next_turn(game: &Game, budget: &mut i64) -> (Score, u16) {
    let before = game.players()[game.current_seat()].collected;
    let mut best: Option<Score> = None;
    let mut chances = 0;
    for (clockwise_turns, slide) in slide_options(game) {
        *budget -= 1;
        let Some(slid) = after_slide(game, clockwise_turns, slide) else {
            continue;
        };
        let (_, score) = best_move(&slid, game.turn());
        if score.won || score.collected > before {
            chances += 1;
        }
        best = best.max(Some(score));
    }
    (
        best.unwrap_or(Score {
            won: false,
            collected: before,
            closeness: 0,
        }),
        chances,
    )
}
