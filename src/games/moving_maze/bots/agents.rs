//! Moving Maze's turn planners as agents of the generic bots: each plans a
//! whole turn, then plays it one action at a time. `random`, `greedy` and
//! `search` in a bot spec name these for Moving Maze; `generic-random`,
//! `generic-greedy` and `mcts` the generic ones.

use std::collections::VecDeque;

use crate::bots::{
    Agent, BotChoice, BotRng, GameStrategies, SeatChoices, SeatListError, StrategyError,
    StrategySpec,
};
use crate::games::moving_maze::bots::{BotKind, Strategy, parse_bot_specs};
use crate::games::moving_maze::engine::{Action, Game};

/// A turn planner playing one action at a time.
pub struct TurnAgent {
    kind: BotKind,
    strategy: Box<dyn Strategy>,
    /// The rest of the planned turn, and the turn and seat it is for.
    planned: VecDeque<Action>,
    planned_for: Option<(u32, usize)>,
}

impl TurnAgent {
    /// An agent playing `kind`'s turns.
    pub fn new(kind: BotKind) -> TurnAgent {
        TurnAgent {
            kind,
            strategy: kind.strategy(),
            planned: VecDeque::new(),
            planned_for: None,
        }
    }
}

impl Agent<Game> for TurnAgent {
    fn name(&self) -> String {
        self.kind.to_string()
    }

    fn choose(&mut self, game: &Game, rng: &mut BotRng) -> Option<Action> {
        let now = (game.turn(), game.current_seat());
        if self.planned_for != Some(now) || self.planned.is_empty() {
            self.planned = self.strategy.choose_turn(game, rng).into();
            self.planned_for = Some(now);
        }
        self.planned.pop_front()
    }
}

const OWN: [&str; 3] = ["random", "greedy", "search"];

impl GameStrategies for Game {
    fn own_strategy(spec: &StrategySpec) -> Option<Result<BotChoice<Game>, StrategyError>> {
        if !OWN.contains(&spec.name.as_str()) {
            return None;
        }
        let options: Vec<String> = spec
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let text = std::iter::once(spec.name.clone()).chain(options.iter().cloned());
        let kind = match text.collect::<Vec<_>>().join(":").parse::<BotKind>() {
            Ok(kind) => kind,
            Err(_) => {
                let help = "search takes nodes=N with N from 1 to 100000000; \
                            random and greedy take no options";
                return Some(Err(spec.bad_option(&options.join(":"), help)));
            }
        };
        let varies = kind == BotKind::Random;
        Some(Ok(BotChoice::new(kind.to_string(), varies, move || {
            Box::new(TurnAgent::new(kind))
        })))
    }

    fn own_strategy_names() -> &'static [&'static str] {
        &OWN
    }

    /// The course's seat lists, `colour=kind` entries (`bots::spec::...`
    /// codes), every kind planning whole turns.
    fn own_seat_list(text: &str, game: &Game) -> Option<Result<SeatChoices<Game>, SeatListError>> {
        let kinds = match parse_bot_specs(text, game.rules()) {
            Ok(kinds) => kinds,
            Err(error) => return Some(Err(Box::new(error))),
        };
        let choice = |kind: BotKind| {
            let varies = kind == BotKind::Random;
            BotChoice::new(kind.to_string(), varies, move || {
                Box::new(TurnAgent::new(kind)) as crate::bots::BoxedAgent<Game>
            })
        };
        Some(Ok(kinds.into_iter().map(|k| k.map(choice)).collect()))
    }
}
