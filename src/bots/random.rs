//! The random strategy: a uniformly random orientation, slide and
//! reachable destination.

use rand::RngExt;

use super::turn::{after_slide, rotation_options};
use super::{BotRng, Strategy, TurnPlan, plan_actions};
use crate::engine::{Game, positions};

/// Plays uniformly random turns.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Strategy for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose_turn(&mut self, game: &Game, rng: &mut BotRng) -> Vec<crate::engine::Action> {
        if game.is_over() {
            return Vec::new();
        }
        let rotations = rotation_options(game);
        let clockwise_turns = rotations[rng.random_range(0..rotations.len())];
        let mut slides: Vec<_> = game.legal_slides().map(Some).collect();
        if !game.rules().turn().slide_required || slides.is_empty() {
            slides.push(None);
        }
        let slide = slides[rng.random_range(0..slides.len())];
        let seat = game.current_seat();
        let mut dest = game.players()[seat].pos;
        if let Some(slid) = after_slide(game, clockwise_turns, slide) {
            let here = slid.players()[seat].pos;
            let reach: Vec<_> = positions(slid.reachable_from(here), slid.maze().width()).collect();
            dest = reach[rng.random_range(0..reach.len())];
        }
        let plan = TurnPlan {
            clockwise_turns,
            slide,
            dest,
        };
        plan_actions(game, &plan)
    }
}
