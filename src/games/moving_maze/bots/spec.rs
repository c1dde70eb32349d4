//! Bot specs from the command line: `yellow=greedy,red=search:nodes=20000`.

use miette::Diagnostic;
use thiserror::Error;

use super::{AgentTurns, Greedy, RandomBot, Search, Strategy};
use crate::bots::{
    BufferedRandom, Mcts, MctsBudget, MctsConfig, OnePly, StrategySpec, prior_option,
};
use crate::games::moving_maze::rules::Rules;

/// Which strategy plays a seat, with its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// Uniformly random turns.
    Random,
    /// One turn of lookahead.
    Greedy,
    /// Lookahead over the next players' replies, bounded by `nodes`
    /// evaluated positions per turn.
    Search {
        /// The node budget per turn.
        nodes: u32,
    },
    /// The generic Monte Carlo tree search of [`crate::bots::Mcts`], one
    /// action at a time.
    Mcts {
        /// Its thinking budget per action.
        budget: MctsBudget,
        /// Turns a playout plays before it is evaluated.
        depth: u32,
        /// The visits an action's evaluation is worth.
        prior: u32,
    },
    /// The generic uniformly random player (`generic-random`), one action
    /// at a time.
    GenericRandom,
    /// The generic one-action greedy player (`generic-greedy`).
    GenericGreedy,
}

impl BotKind {
    /// A fresh strategy of this kind.
    pub fn strategy(self) -> Box<dyn Strategy> {
        match self {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Greedy => Box::new(Greedy),
            BotKind::Search { nodes } => Box::new(Search::new(nodes)),
            BotKind::Mcts {
                budget,
                depth,
                prior,
            } => {
                let config = MctsConfig {
                    budget,
                    playout_turns: depth,
                    prior,
                    ..MctsConfig::default()
                };
                Box::new(AgentTurns::new(Box::new(Mcts::new(config))))
            }
            BotKind::GenericRandom => {
                Box::new(AgentTurns::new(Box::new(BufferedRandom::default())))
            }
            BotKind::GenericGreedy => Box::new(AgentTurns::new(Box::new(OnePly::default()))),
        }
    }
}

impl std::fmt::Display for BotKind {
    /// The spec text, for example `search:nodes=20000`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotKind::Random => f.write_str("random"),
            BotKind::Greedy => f.write_str("greedy"),
            BotKind::Search { nodes } => write!(f, "search:nodes={nodes}"),
            BotKind::Mcts {
                budget,
                depth,
                prior,
            } => match budget {
                MctsBudget::Iterations(n) => {
                    write!(
                        f,
                        "mcts:iterations={n}:depth={depth}{}",
                        prior_option(*prior)
                    )
                }
                MctsBudget::Time(t) => {
                    let ms = t.as_millis();
                    write!(f, "mcts:ms={ms}:depth={depth}{}", prior_option(*prior))
                }
                MctsBudget::CpuTime(t) => {
                    let ms = t.as_millis();
                    write!(f, "mcts:cpu-ms={ms}:depth={depth}{}", prior_option(*prior))
                }
            },
            BotKind::GenericRandom => f.write_str("generic-random"),
            BotKind::GenericGreedy => f.write_str("generic-greedy"),
        }
    }
}

impl std::str::FromStr for BotKind {
    type Err = BotSpecError;

    /// Parses one strategy: `random`, `greedy`, `search`,
    /// `search:nodes=N`, `mcts` (options `iterations=N` or `ms=N`,
    /// `depth=D`, `prior=P`), `generic-random` or `generic-greedy`.
    fn from_str(text: &str) -> Result<BotKind, BotSpecError> {
        parse_kind(text)
    }
}

/// Which seats computers play: one entry per seat, `None` for a person.
pub type SeatBots = Vec<Option<BotKind>>;

/// A bot spec that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum BotSpecError {
    /// An entry without `=`.
    #[error("`{0}` is not a seat assignment such as `red=greedy`")]
    #[diagnostic(
        code(bots::spec::syntax),
        help("write COLOUR=STRATEGY, separated by commas")
    )]
    Syntax(String),
    /// A colour the ruleset has no seat for.
    #[error("there is no seat `{colour}` in these rules")]
    #[diagnostic(code(bots::spec::unknown_seat), help("the seats are: {seats}"))]
    UnknownSeat {
        /// The colour given.
        colour: String,
        /// The seats there are.
        seats: String,
    },
    /// A seat named twice.
    #[error("the seat `{0}` is given twice")]
    #[diagnostic(code(bots::spec::duplicate_seat), help("name each seat once"))]
    DuplicateSeat(String),
    /// An unknown strategy name.
    #[error("there is no strategy `{0}`")]
    #[diagnostic(
        code(bots::spec::unknown_strategy),
        help(
            "the strategies are random, greedy, search (search:nodes=N), mcts \
             (mcts:iterations=N or mcts:ms=N, :depth=D, :prior=P), generic-random and generic-greedy"
        )
    )]
    UnknownStrategy(String),
    /// A bad option of a strategy.
    #[error("`{0}` is not a valid option here")]
    #[diagnostic(
        code(bots::spec::bad_option),
        help(
            "search takes nodes=N with N from 1 to 100000000; mcts takes iterations=N \
             (1 to 10000000) or ms=N (1 to 600000), depth=D (0 to 100) and prior=P (0 to 1000); \
             the others take no options"
        )
    )]
    BadOption(String),
}

/// Parses `yellow=greedy,red=search:nodes=20000,blue=random` into one entry
/// per seat of `rules` (seats not named are played by people).
///
/// ```
/// use relic::games::moving_maze::bots::{BotKind, parse_bot_specs};
/// use relic::rules::Rules;
/// let seats = parse_bot_specs("red=search:nodes=500,blue=random", &Rules::standard()).unwrap();
/// assert_eq!(seats[2], Some(BotKind::Search { nodes: 500 }));
/// assert_eq!(seats[0], None);
/// ```
pub fn parse_bot_specs(text: &str, rules: &Rules) -> Result<SeatBots, BotSpecError> {
    let mut seats: SeatBots = vec![None; rules.seats().len()];
    for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (colour, kind) = entry
            .split_once('=')
            .ok_or_else(|| BotSpecError::Syntax(entry.to_string()))?;
        let seat = rules
            .seat_of(colour.trim())
            .ok_or_else(|| BotSpecError::UnknownSeat {
                colour: colour.trim().to_string(),
                seats: seat_list(rules),
            })?;
        if seats[seat].is_some() {
            return Err(BotSpecError::DuplicateSeat(colour.trim().to_string()));
        }
        seats[seat] = Some(parse_kind(kind.trim())?);
    }
    Ok(seats)
}

fn seat_list(rules: &Rules) -> String {
    let colours: Vec<&str> = rules.seats().iter().map(|s| s.colour.as_str()).collect();
    colours.join(", ")
}

/// Parses one strategy: `random`, `greedy`, `search` or `search:nodes=N`,
/// or a generic one.
fn parse_kind(text: &str) -> Result<BotKind, BotSpecError> {
    let (name, options) = match text.split_once(':') {
        Some((name, options)) => (name, Some(options)),
        None => (text, None),
    };
    match (name.to_ascii_lowercase().as_str(), options) {
        ("random", None) => Ok(BotKind::Random),
        ("greedy", None) => Ok(BotKind::Greedy),
        ("search", None) => Ok(BotKind::Search {
            nodes: super::DEFAULT_SEARCH_NODES,
        }),
        ("search", Some(options)) => parse_search_options(options),
        ("random" | "greedy", Some(options)) => Err(BotSpecError::BadOption(options.to_string())),
        ("generic-random", None) => Ok(BotKind::GenericRandom),
        ("generic-greedy", None) => Ok(BotKind::GenericGreedy),
        ("generic-random" | "generic-greedy", Some(options)) => {
            Err(BotSpecError::BadOption(options.to_string()))
        }
        ("mcts" | "generic-mcts", options) => parse_mcts_options(text, options.unwrap_or("")),
        _ => Err(BotSpecError::UnknownStrategy(name.to_string())),
    }
}

fn parse_mcts_options(text: &str, options: &str) -> Result<BotKind, BotSpecError> {
    let bad = || BotSpecError::BadOption(options.to_string());
    let spec = StrategySpec::parse(text).map_err(|_| bad())?;
    let config = MctsConfig::from_spec(&spec).map_err(|_| bad())?;
    Ok(BotKind::Mcts {
        budget: config.budget,
        depth: config.playout_turns,
        prior: config.prior,
    })
}

fn parse_search_options(options: &str) -> Result<BotKind, BotSpecError> {
    let bad = || BotSpecError::BadOption(options.to_string());
    let value = options.strip_prefix("nodes=").ok_or_else(bad)?;
    let nodes: u32 = value.parse().map_err(|_| bad())?;
    if !(1..=100_000_000).contains(&nodes) {
        return Err(bad());
    }
    Ok(BotKind::Search { nodes })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<SeatBots, BotSpecError> {
        parse_bot_specs(text, &Rules::standard())
    }

    #[test]
    fn parses_every_strategy() {
        let seats = parse("yellow=greedy, red=search:nodes=20000,blue=random").unwrap();
        assert_eq!(
            seats,
            vec![
                None,
                Some(BotKind::Greedy),
                Some(BotKind::Search { nodes: 20000 }),
                Some(BotKind::Random)
            ]
        );
        assert_eq!(parse("").unwrap(), vec![None; 4]);
        let seats = parse("green=mcts,blue=MCTS:ms=100:depth=1,red=generic-greedy").unwrap();
        let default = BotKind::Mcts {
            budget: MctsBudget::Iterations(1000),
            depth: 2,
            prior: MctsConfig::default().prior,
        };
        assert_eq!(seats[0], Some(default));
        assert_eq!(seats[2], Some(BotKind::GenericGreedy));
        assert_eq!(seats[3].unwrap().to_string(), "mcts:ms=100:depth=1");
    }

    #[test]
    fn refuses_bad_specs() {
        assert!(matches!(parse("red"), Err(BotSpecError::Syntax(_))));
        assert!(matches!(
            parse("pink=greedy"),
            Err(BotSpecError::UnknownSeat { .. })
        ));
        assert!(matches!(
            parse("red=greedy,RED=random"),
            Err(BotSpecError::DuplicateSeat(_))
        ));
        assert!(matches!(
            parse("red=clever"),
            Err(BotSpecError::UnknownStrategy(_))
        ));
        for bad in [
            "red=mcts:iterations=0",
            "red=mcts:depth=2:nodes=5",
            "red=generic-greedy:depth=1",
            "red=search:nodes=0",
            "red=search:depth=3",
            "red=greedy:nodes=5",
        ] {
            assert!(
                matches!(parse(bad), Err(BotSpecError::BadOption(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn display_round_trips() {
        for kind in [
            BotKind::Random,
            BotKind::Greedy,
            BotKind::Search { nodes: 42 },
            BotKind::Mcts {
                budget: MctsBudget::Iterations(50),
                depth: 1,
                prior: MctsConfig::default().prior,
            },
            BotKind::Mcts {
                budget: MctsBudget::Time(std::time::Duration::from_millis(100)),
                depth: 2,
                prior: MctsConfig::default().prior,
            },
            BotKind::GenericRandom,
            BotKind::GenericGreedy,
        ] {
            assert_eq!(parse_kind(&kind.to_string()).unwrap(), kind);
        }
    }
}
