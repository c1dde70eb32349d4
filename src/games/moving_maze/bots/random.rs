//! The random strategy: a uniformly random orientation, slide and
//! reachable destination.

use rand::RngExt;

use super::Strategy;
use crate::bots::BotRng;
use crate::games::moving_maze::bots::turn::{
    after_slide, finish_turn, rotation_options, slide_actions,
};
use crate::games::moving_maze::bots::{TurnPlan, plan_actions};
use crate::games::moving_maze::engine::{Game, positions};

/// Plays uniformly random turns.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Strategy for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose_turn(
        &mut self,
        game: &Game,
        rng: &mut BotRng,
    ) -> Vec<crate::games::moving_maze::engine::Action> {
        if game.is_over() {
            return Vec::new();
        }
        let rotations = rotation_options(game);
        let clockwise_turns = rotations[rng.random_range(0..rotations.len())];
        let mut slides: Vec<_> = game.legal_slides().map(Some).collect();
        if slides.is_empty() || game.may_skip_slide() {
            slides.push(None);
        }
        let slide = slides[rng.random_range(0..slides.len())];
        let seat = game.current_seat();
        let Some(slid) = after_slide(game, clockwise_turns, slide) else {
            let dest = game.players()[seat].pos;
            let plan = TurnPlan {
                clockwise_turns,
                slide,
                dest,
            };
            return plan_actions(game, &plan);
        };
        // Finish the turn from the position already reached rather than
        // replaying the slide: the same choices, a third of the work.
        let reach = slid.reachable_from(slid.players()[seat].pos);
        let pick = rng.random_range(0..reach.count_ones() as usize);
        let dest = positions(reach, slid.maze().width())
            .nth(pick)
            .expect("the adventurer's own tile is always reachable");
        let actions = slide_actions(game, clockwise_turns, slide);
        finish_turn(slid, game.turn(), dest, actions)
    }
}
