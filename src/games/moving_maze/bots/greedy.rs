//! The greedy strategy: one turn of lookahead over every orientation,
//! slide and reachable destination.

use super::turn::{after_slide, rotation_options};
use super::{TurnPlan, plan_actions, steps_between};
use crate::bots::BotRng;
use crate::games::moving_maze::board::{Pos, SlideAt};
use crate::games::moving_maze::bots::Strategy;
use crate::games::moving_maze::engine::{Action, Game, Phase, TileSet, positions};
use crate::games::moving_maze::rules::WinCondition;

/// Plays the turn that collects its active relic if any does, else the one
/// that ends closest (Manhattan distance) to it, or to home once every
/// relic is collected. Ties go to the first option in a fixed order
/// (orientation, then slide in `n`, `e`, `s`, `w` order, then destination
/// in row-major order), so it needs no randomness.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Strategy for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose_turn(&mut self, game: &Game, _rng: &mut BotRng) -> Vec<Action> {
        match best_turn(game) {
            Some((plan, _)) => plan_actions(game, &plan),
            None => Vec::new(),
        }
    }
}

/// How good the end of a turn is for one player; greater is better:
/// winning first, then relics collected, then closeness to the next target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score {
    /// The player has won.
    pub won: bool,
    /// Relics the player has collected.
    pub collected: u8,
    /// Minus the Manhattan distance to the nearest target (0 when there is
    /// no target on the maze).
    pub closeness: i16,
}

/// Every rotation and slide option of the current turn, in a fixed order:
/// distinct orientations, then legal slides (or the skip, where allowed).
pub(crate) fn slide_options(game: &Game) -> Vec<(u8, Option<SlideAt>)> {
    if game.phase() != Phase::Slide {
        return vec![(0, None)];
    }
    let mut slides: Vec<Option<SlideAt>> = game.legal_slides().map(Some).collect();
    if game.may_skip_slide() {
        slides.push(None);
    }
    let mut options = Vec::with_capacity(4 * slides.len());
    for turns in rotation_options(game) {
        options.extend(slides.iter().map(|&slide| (turns, slide)));
    }
    options
}

/// The greedy turn for the current player and its score, or `None` when
/// the game is over.
pub(crate) fn best_turn(game: &Game) -> Option<(TurnPlan, Score)> {
    if game.is_over() {
        return None;
    }
    let mut best: Option<(TurnPlan, Score)> = None;
    for (clockwise_turns, slide) in slide_options(game) {
        let Some(slid) = after_slide(game, clockwise_turns, slide) else {
            continue;
        };
        let (dest, score) = best_move(&slid, game.turn());
        let plan = TurnPlan {
            clockwise_turns,
            slide,
            dest,
        };
        if best.is_none_or(|(_, s)| score > s) {
            best = Some((plan, score));
        }
    }
    best
}

/// The best destination for the player whose turn started at `turn`, in
/// `slid` (after its slide), and the score of ending there.
pub(crate) fn best_move(slid: &Game, turn: u32) -> (Pos, Score) {
    let seat = current_or_previous(slid, turn);
    let here = slid.players()[seat].pos;
    if slid.is_over() || slid.turn() != turn {
        return (here, score_of(slid, seat));
    }
    let reach = slid.reachable_from(here);
    let targets = target_set(slid, seat);
    let width = slid.maze().width();
    if let Some(dest) = positions(reach & targets, width).next() {
        return (dest, score_after_move(slid, seat, here, dest));
    }
    let collected = slid.players()[seat].collected;
    let targets: Vec<Pos> = positions(targets, width).collect();
    let mut best = (here, i16::MIN);
    for pos in positions(reach, width) {
        let closeness = closeness(pos, &targets);
        if closeness > best.1 {
            best = (pos, closeness);
        }
    }
    let score = Score {
        won: false,
        collected,
        closeness: best.1,
    };
    (best.0, score)
}

/// The seat whose turn started at `turn`: the current one, unless the
/// turn has already ended (then the one before it).
fn current_or_previous(game: &Game, turn: u32) -> usize {
    let seats = game.players().len();
    if game.turn() == turn || game.is_over() && game.winner().is_some() {
        return game.winner().unwrap_or(game.current_seat());
    }
    (game.current_seat() + seats - 1) % seats
}

fn score_after_move(slid: &Game, seat: usize, here: Pos, dest: Pos) -> Score {
    let mut moved = slid.clone();
    if moved.may_pathfind() {
        let _ = moved.apply(Action::MoveTo(dest));
    } else {
        for step in steps_between(slid, here, dest) {
            if moved.is_over() || moved.turn() != slid.turn() {
                break;
            }
            let _ = moved.apply(Action::Step(step));
        }
    }
    score_of(&moved, seat)
}

/// The score of `game` for `seat` as it stands.
pub(crate) fn score_of(game: &Game, seat: usize) -> Score {
    let player = game.players()[seat];
    let targets: Vec<Pos> = positions(target_set(game, seat), game.maze().width()).collect();
    Score {
        won: game.winner() == Some(seat),
        collected: player.collected,
        closeness: closeness(player.pos, &targets),
    }
}

/// Minus the Manhattan distance from `pos` to the nearest of `targets`;
/// 0 when there is none.
fn closeness(pos: Pos, targets: &[Pos]) -> i16 {
    let distance = |t: &Pos| i16::from(pos.x.abs_diff(t.x)) + i16::from(pos.y.abs_diff(t.y));
    targets.iter().map(distance).min().map_or(0, |d| -d)
}

/// Where `seat` wants to go: the tiles of its active relics, or its home
/// once it holds them all (when it must return home).
pub(crate) fn target_set(game: &Game, seat: usize) -> TileSet {
    let player = game.players()[seat];
    if player.collected >= game.relics_per_colour() {
        return match game.rules().win() {
            WinCondition::ReturnHome => TileSet::single(game.maze().index_of(player.home)),
            WinCondition::LastRelic => TileSet::EMPTY,
        };
    }
    let mut set = TileSet::EMPTY;
    for (index, tile) in game.maze().tiles().iter().enumerate() {
        if tile.relic().is_some_and(|r| game.is_active_relic(seat, r)) {
            set.insert(index);
        }
    }
    set
}
