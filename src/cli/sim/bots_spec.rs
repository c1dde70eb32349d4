//! `--bots SPEC`: which strategy plays each seat.

use crate::engine::{Action, Game};
use crate::rules::Rules;
use crate::sim::{Lineup, SimBot};

/// The strategies `--bots` knows.
const STRATEGIES: [&str; 1] = ["random"];

/// The lineup `spec` names for `rules`' seats: one strategy for all, or
/// `colour=strategy` pairs (other seats `random`).
pub fn lineup(spec: &str, rules: &Rules) -> Result<Lineup, String> {
    let seats = rules.seats();
    let mut names = vec![String::from("random"); seats.len()];
    let spec = spec.trim();
    if !spec.contains('=') {
        names.fill(known(spec)?.to_string());
    } else {
        for pair in spec.split(',') {
            let (colour, strategy) = pair
                .split_once('=')
                .ok_or_else(|| format!("expected colour=strategy, found {pair:?}"))?;
            let seat = rules.seat_of(colour.trim()).ok_or_else(|| {
                let colours: Vec<&str> = seats.iter().map(|s| s.colour.as_str()).collect();
                format!("no seat {colour:?}; the seats are {}", colours.join(", "))
            })?;
            names[seat] = known(strategy.trim())?.to_string();
        }
    }
    Ok(names.into_iter().fold(Lineup::new(), |lineup, name| {
        lineup.seat(name, Box::new(|seed| Box::new(RandomBot::new(seed))))
    }))
}

fn known(strategy: &str) -> Result<&str, String> {
    STRATEGIES
        .iter()
        .find(|s| s.eq_ignore_ascii_case(strategy))
        .copied()
        .ok_or_else(|| {
            format!(
                "unknown strategy {strategy:?}; known: {}",
                STRATEGIES.join(", ")
            )
        })
}

/// Uniform over the legal actions.
struct RandomBot {
    rng: fastrand::Rng,
    actions: Vec<Action>,
}

impl RandomBot {
    fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: fastrand::Rng::with_seed(seed),
            actions: Vec::with_capacity(128),
        }
    }
}

impl SimBot for RandomBot {
    fn next_action(&mut self, game: &Game) -> Action {
        self.actions.clear();
        game.legal_actions_into(&mut self.actions);
        if self.actions.is_empty() {
            // No legal action (a ruleset where nothing can be slid): give up.
            return Action::Quit;
        }
        self.actions[self.rng.usize(..self.actions.len())]
    }
}
