//! The generic strategies of [`crate::bots`] (MCTS, and the generic
//! random and greedy players) as Moving Maze turn planners: each plays
//! the seat's turn one action at a time on a copy of the game and hands
//! back the whole turn, so text mode, the browser and records use them
//! like the game's own planners.

use super::Strategy;
use crate::bots::{ACTIONS_PER_TURN, BotRng, BoxedAgent};
use crate::games::moving_maze::engine::{Action, Game};

/// A whole turn of a generic agent.
pub struct AgentTurns {
    agent: BoxedAgent<Game>,
}

impl AgentTurns {
    /// Plays `agent`'s turns.
    pub fn new(agent: BoxedAgent<Game>) -> AgentTurns {
        AgentTurns { agent }
    }
}

impl Strategy for AgentTurns {
    fn name(&self) -> String {
        self.agent.name()
    }

    /// The agent's actions until the turn passes to the next seat or the
    /// game ends (at most [`ACTIONS_PER_TURN`]); shorter when the agent
    /// finds no action.
    fn choose_turn(&mut self, game: &Game, rng: &mut BotRng) -> Vec<Action> {
        let start = (game.turn(), game.current_seat());
        let mut next = game.clone();
        let mut turn = Vec::new();
        while !next.is_over()
            && (next.turn(), next.current_seat()) == start
            && turn.len() < ACTIONS_PER_TURN as usize
        {
            let Some(action) = self.agent.choose(&next, rng) else {
                break;
            };
            if Game::apply(&mut next, action).is_err() {
                break; // an agent bug; the caller's game judges the turn again
            }
            turn.push(action);
        }
        turn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Mcts, MctsBudget, MctsConfig, seeded_rng};
    use crate::games::moving_maze::rules::Rules;
    use crate::games::{Setup, moving_maze};

    #[test]
    fn an_mcts_turn_is_legal_and_ends_the_turn() {
        let mut game = moving_maze::load(&Rules::standard(), &Setup::Default).unwrap();
        let config = MctsConfig {
            budget: MctsBudget::Iterations(200),
            ..MctsConfig::default()
        };
        let mut turns = AgentTurns::new(Box::new(Mcts::new(config)));
        let mut rng = seeded_rng(3);
        for turn in 0..3 {
            let seat = game.current_seat();
            for action in turns.choose_turn(&game, &mut rng) {
                Game::apply(&mut game, action).unwrap();
            }
            assert_ne!(game.current_seat(), seat, "turn {turn}");
        }
        assert!(turns.name().starts_with("mcts:iterations=200"));
    }
}
