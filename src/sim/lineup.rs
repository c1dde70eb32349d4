//! Who plays each seat in simulated games: the strategies of
//! [`crate::bots`], one per seat, each with its own seeded generator.

use crate::bots::{BotKind, BotRng, BotSpecError, Strategy, parse_bot_specs, seeded_rng};
use crate::rules::Rules;

/// One strategy per seat, in turn order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MazeLineup {
    kinds: Vec<BotKind>,
}

impl MazeLineup {
    /// The same strategy in every seat of `rules`.
    pub fn everyone(kind: BotKind, rules: &Rules) -> MazeLineup {
        MazeLineup {
            kinds: vec![kind; rules.seats().len()],
        }
    }

    /// The lineup a `--bots` spec names: one strategy for every seat
    /// (`random`, `search:nodes=500`), or `colour=strategy` pairs as
    /// [`parse_bot_specs`] reads them, seats not named playing `random`.
    ///
    /// ```
    /// use relic::bots::BotKind;
    /// use relic::rules::Rules;
    /// use relic::sim::MazeLineup as Lineup;
    /// let rules = Rules::standard();
    /// let lineup = Lineup::parse("yellow=greedy", &rules).unwrap();
    /// assert_eq!(lineup.names(), ["random", "greedy", "random", "random"]);
    /// assert_eq!(Lineup::parse("greedy", &rules).unwrap(), Lineup::everyone(BotKind::Greedy, &rules));
    /// ```
    pub fn parse(spec: &str, rules: &Rules) -> Result<MazeLineup, BotSpecError> {
        let spec = spec.trim();
        let pairs = if spec.contains('=') {
            spec.to_string()
        } else {
            let seats = rules.seats().iter();
            let pairs: Vec<String> = seats.map(|s| format!("{}={spec}", s.colour)).collect();
            pairs.join(",")
        };
        let seats = parse_bot_specs(&pairs, rules)?;
        Ok(MazeLineup {
            kinds: seats
                .into_iter()
                .map(|kind| kind.unwrap_or(BotKind::Random))
                .collect(),
        })
    }

    /// The first seat whose strategy plays the same way whatever the
    /// seed (greedy, search), if any.
    pub fn fixed_seat(&self) -> Option<usize> {
        self.kinds.iter().position(|k| *k != BotKind::Random)
    }

    /// The strategies' names, in seat order.
    pub fn names(&self) -> Vec<String> {
        self.kinds.iter().map(ToString::to_string).collect()
    }

    /// Fresh bots for one game, each with a generator seeded by
    /// `seed_of_seat(seat)`.
    pub fn bots(&self, seed_of_seat: impl Fn(usize) -> u64) -> Vec<(Box<dyn Strategy>, BotRng)> {
        self.kinds
            .iter()
            .enumerate()
            .map(|(seat, kind)| (kind.strategy(), seeded_rng(seed_of_seat(seat))))
            .collect()
    }
}
