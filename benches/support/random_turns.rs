//! The random turn policy on the generic engine, drawing from the
//! generator exactly as [`super::specialised`] does, so both play the same
//! game from the same seed.

#![allow(dead_code)]

use relic::board::{MAX_SIDE, SlideAt};
use relic::engine::{Action, Event, Game, Phase, positions};

/// Plays one turn of the random policy: `r` quarter turns clockwise, one of
/// the legal slides (in the engine's fixed order), a move to one of the
/// reachable tiles (row-major) unless the slide ended the turn, then
/// `done` unless the move ended it. Returns a fingerprint of the choices.
pub fn random_turn(game: &mut Game, rng: &mut fastrand::Rng, events: &mut Vec<Event>) -> u64 {
    random_turn_kept(game, rng, events, &mut ())
}

/// What keeps the actions a turn plays: nothing (`()`), or a list.
pub trait Keep {
    /// `action` was played.
    fn keep(&mut self, action: Action);
}

impl Keep for () {
    fn keep(&mut self, _: Action) {}
}

impl Keep for Vec<Action> {
    fn keep(&mut self, action: Action) {
        self.push(action);
    }
}

/// [`random_turn`], keeping each action played in `played`.
pub fn random_turn_kept(
    game: &mut Game,
    rng: &mut fastrand::Rng,
    events: &mut Vec<Event>,
    played: &mut impl Keep,
) -> u64 {
    let mut apply = |game: &mut Game, action: Action, events: &mut Vec<Event>| {
        played.keep(action);
        apply(game, action, events);
    };
    let r = rng.usize(0..4);
    for _ in 0..r {
        apply(game, Action::RotateClockwise, events);
    }
    let mut legal = [SlideAt::new(relic::board::Direction::North, 0); 4 * MAX_SIDE as usize];
    let mut count = 0;
    for slide in game.legal_slides() {
        legal[count] = slide;
        count += 1;
    }
    let slide = legal[rng.usize(0..count)];
    let turn = game.turn();
    apply(game, Action::Slide(slide), events);
    let mut print = (r as u64) << 16 | (slide.side as u64) << 8 | u64::from(slide.index);
    if game.phase() != Phase::Move {
        return print;
    }
    let seat = game.current_seat();
    let here = game.players()[seat].pos;
    let reach = game.reachable_from(here);
    let j = rng.usize(0..reach.count_ones() as usize);
    let width = game.maze().width();
    let dest = positions(reach, width).nth(j).expect("j < reachable count");
    print |= (u64::from(dest.y) * u64::from(width) + u64::from(dest.x)) << 24 | 1 << 40;
    apply(game, Action::MoveTo(dest), events);
    if game.phase() == Phase::Move && game.turn() == turn {
        apply(game, Action::Done, events);
    }
    print
}

fn apply(game: &mut Game, action: Action, events: &mut Vec<Event>) {
    events.clear();
    game.apply_into(action, events)
        .expect("the random policy plays legal actions");
}

/// Turns completed, the winning turn included.
pub fn turns(game: &Game) -> u32 {
    game.turn() + u32::from(game.winner().is_some())
}
