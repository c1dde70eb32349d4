//! Strategy specs for any game: `mcts:iterations=2000:depth=2`, and seat
//! lists such as `yellow=mcts:ms=100,red=greedy`. A spec names a generic
//! strategy ([`BufferedRandom`], [`OnePly`], [`Mcts`]) or one of the game's
//! own ([`GameStrategies`]); a game's own strategy of the same name comes
//! first, and `generic-NAME` always means the generic one.

use std::sync::Arc;
use std::time::Duration;

use miette::Diagnostic;
use thiserror::Error;

use super::{BoxedAgent, BufferedRandom, Mcts, MctsBudget, MctsConfig, OnePly};
use crate::contract::{Evaluate, Game};

/// A strategy as written: its name and its `key=value` options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategySpec {
    /// The name, lower case (`mcts`).
    pub name: String,
    /// The options in order (`[("iterations", "2000")]`).
    pub options: Vec<(String, String)>,
}

impl StrategySpec {
    /// Parses `NAME` or `NAME:KEY=VALUE:KEY=VALUE`.
    ///
    /// ```
    /// use relic::bots::StrategySpec;
    /// let spec = StrategySpec::parse("MCTS:iterations=50:depth=3").unwrap();
    /// assert_eq!(spec.name, "mcts");
    /// assert_eq!(spec.options[1], ("depth".to_string(), "3".to_string()));
    /// ```
    pub fn parse(text: &str) -> Result<StrategySpec, StrategyError> {
        let mut parts = text.trim().split(':');
        let name = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        if name.is_empty() {
            return Err(StrategyError::Syntax(text.to_string()));
        }
        let options = parts
            .map(|option| match option.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    Ok((k.trim().to_ascii_lowercase(), v.trim().to_string()))
                }
                _ => Err(StrategyError::BadOption {
                    strategy: name.clone(),
                    option: option.to_string(),
                    help: "options are written KEY=VALUE after a colon".into(),
                }),
            })
            .collect::<Result<_, _>>()?;
        Ok(StrategySpec { name, options })
    }

    /// An error about option `option` of this strategy.
    pub fn bad_option(&self, option: &str, help: &str) -> StrategyError {
        StrategyError::BadOption {
            strategy: self.name.clone(),
            option: option.to_string(),
            help: help.to_string(),
        }
    }
}

/// A strategy ready to play a seat: a maker of fresh agents.
pub struct BotChoice<G: Game> {
    /// The spec text, as reports print it (`mcts:iterations=2000:depth=2`).
    pub name: String,
    /// Whether its play varies with the seed; a strategy that does not
    /// plays the same game every time from the same position.
    pub varies: bool,
    make: Arc<dyn Fn() -> BoxedAgent<G> + Send + Sync>,
}

impl<G: Game> Clone for BotChoice<G> {
    fn clone(&self) -> Self {
        BotChoice {
            name: self.name.clone(),
            varies: self.varies,
            make: self.make.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for BotChoice<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BotChoice({})", self.name)
    }
}

impl<G: Game> BotChoice<G> {
    /// A choice named `name` that builds its agents with `make`.
    pub fn new(
        name: impl Into<String>,
        varies: bool,
        make: impl Fn() -> BoxedAgent<G> + Send + Sync + 'static,
    ) -> BotChoice<G> {
        BotChoice {
            name: name.into(),
            varies,
            make: Arc::new(make),
        }
    }

    /// A fresh agent.
    pub fn agent(&self) -> BoxedAgent<G> {
        (self.make)()
    }
}

/// A game's own strategies (Moving Maze's whole-turn planners), offered
/// next to the generic ones. Games without any implement it empty.
pub trait GameStrategies: Game {
    /// The game's own strategy for `spec`, `None` when it has none of
    /// that name.
    fn own_strategy(spec: &StrategySpec) -> Option<Result<BotChoice<Self>, StrategyError>> {
        let _ = spec;
        None
    }

    /// The names of the game's own strategies, for messages.
    fn own_strategy_names() -> &'static [&'static str] {
        &[]
    }

    /// Each seat's strategy from a `--bots` seat list, when the game
    /// reads seat lists in its own language (Moving Maze's course names
    /// its bots `colour=kind`, with its own diagnostics); `None` (the
    /// default) reads it as [`seat_choices`] does for every game.
    fn own_seat_list(text: &str, game: &Self) -> Option<Result<SeatChoices<Self>, SeatListError>> {
        let _ = (text, game);
        None
    }
}

/// Each seat's strategy (`None`: a person plays that seat).
pub type SeatChoices<G> = Vec<Option<BotChoice<G>>>;

/// Why a `--bots` seat list cannot be used, with the code of whoever
/// read it (the generic reader's `bots::strategy::...`, or a game's own).
pub type SeatListError = Box<dyn Diagnostic + Send + Sync>;

/// Each seat's strategy from the seat list `text` (`yellow=mcts,red=greedy`,
/// or one spec for every seat) in `game`: the game's own reading of seat
/// lists if it has one ([`GameStrategies::own_seat_list`]), else
/// [`parse_seat_list`] with [`choose_strategy`] for each seat named.
///
/// ```
/// use relic::bots::seat_choices;
/// use relic::vocab::{VocabGame, builtin_vocab};
/// let game = VocabGame::new(builtin_vocab("tic-tac-toe").unwrap().unwrap());
/// let seats = seat_choices("O=greedy", &game).unwrap();
/// assert!(seats[0].is_none());
/// assert_eq!(seats[1].as_ref().unwrap().name, "greedy");
/// assert!(seat_choices("Z=greedy", &game).is_err());
/// ```
pub fn seat_choices<G: Evaluate + GameStrategies>(
    text: &str,
    game: &G,
) -> Result<SeatChoices<G>, SeatListError> {
    if let Some(own) = G::own_seat_list(text, game) {
        return own;
    }
    let seats: Vec<String> = (0..game.seat_count()).map(|s| game.seat_name(s)).collect();
    let boxed = |error: StrategyError| -> SeatListError { Box::new(error) };
    let specs = parse_seat_list(text, &seats).map_err(boxed)?;
    specs
        .iter()
        .map(|spec| spec.as_deref().map(choose_strategy::<G>).transpose())
        .collect::<Result<_, _>>()
        .map_err(boxed)
}

/// The generic strategies' names.
pub const GENERIC_STRATEGIES: [&str; 3] = ["random", "greedy", "mcts"];

/// The strategy `text` names for game `G`.
///
/// ```
/// # fn demo<G: relic::contract::Evaluate + relic::bots::GameStrategies>() {
/// let bot = relic::bots::choose_strategy::<G>("mcts:iterations=100").unwrap();
/// assert_eq!(bot.name, "mcts:iterations=100:depth=2");
/// # }
/// ```
pub fn choose_strategy<G: Evaluate + GameStrategies>(
    text: &str,
) -> Result<BotChoice<G>, StrategyError> {
    let mut spec = StrategySpec::parse(text)?;
    if let Some(name) = spec.name.strip_prefix("generic-") {
        spec.name = name.to_string();
    } else if let Some(own) = G::own_strategy(&spec) {
        return own;
    }
    generic_strategy(&spec).unwrap_or_else(|| {
        let mut names: Vec<&str> = G::own_strategy_names().to_vec();
        for name in GENERIC_STRATEGIES {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        Err(StrategyError::Unknown {
            name: spec.name.clone(),
            names: names.join(", "),
        })
    })
}

fn generic_strategy<G: Evaluate>(
    spec: &StrategySpec,
) -> Option<Result<BotChoice<G>, StrategyError>> {
    let no_options = |choice: BotChoice<G>| match spec.options.first() {
        Some((key, _)) => Err(spec.bad_option(key, "this strategy takes no options")),
        None => Ok(choice),
    };
    match spec.name.as_str() {
        "random" => Some(no_options(BotChoice::new("random", true, || {
            Box::new(BufferedRandom::<G::Action>::default())
        }))),
        "greedy" => Some(no_options(BotChoice::new("greedy", false, || {
            Box::new(OnePly::default())
        }))),
        "mcts" => Some(MctsConfig::from_spec(spec).map(|config| {
            let name = super::Agent::<G>::name(&Mcts::new(config));
            BotChoice::new(name, true, move || Box::new(Mcts::new(config)))
        })),
        _ => None,
    }
}

const MCTS_HELP: &str = "mcts takes iterations=N (1 to 10000000), ms=N (1 to 600000) or \
                         cpu-ms=N (1 to 600000, milliseconds of the thread's CPU time), \
                         depth=N, the turns of a playout (0 to 100), and prior=N, the visits \
                         an action's evaluation is worth (0 to 1000)";

impl MctsConfig {
    /// The settings an `mcts` spec's options give (`iterations=N` or
    /// `ms=N`, `depth=D`), the defaults for options not given.
    ///
    /// ```
    /// use relic::bots::{MctsBudget, MctsConfig, StrategySpec};
    /// let spec = StrategySpec::parse("mcts:iterations=50:depth=1").unwrap();
    /// let config = MctsConfig::from_spec(&spec).unwrap();
    /// assert_eq!((config.budget, config.playout_turns), (MctsBudget::Iterations(50), 1));
    /// assert!(MctsConfig::from_spec(&StrategySpec::parse("mcts:depth=-1").unwrap()).is_err());
    /// ```
    pub fn from_spec(spec: &StrategySpec) -> Result<MctsConfig, StrategyError> {
        mcts_config(spec)
    }
}

fn mcts_config(spec: &StrategySpec) -> Result<MctsConfig, StrategyError> {
    let mut config = MctsConfig::default();
    let number = |key: &str, value: &str, max: u32, min: u32| {
        value
            .parse::<u32>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| spec.bad_option(&format!("{key}={value}"), MCTS_HELP))
    };
    for (key, value) in &spec.options {
        match key.as_str() {
            "iterations" => {
                config.budget = MctsBudget::Iterations(number(key, value, 10_000_000, 1)?)
            }
            "ms" => {
                let ms = number(key, value, 600_000, 1)?;
                config.budget = MctsBudget::Time(Duration::from_millis(u64::from(ms)));
            }
            "cpu-ms" => {
                let ms = number(key, value, 600_000, 1)?;
                config.budget = MctsBudget::CpuTime(Duration::from_millis(u64::from(ms)));
            }
            "depth" => config.playout_turns = number(key, value, 100, 0)?,
            "prior" => config.prior = number(key, value, 1000, 0)?,
            _ => return Err(spec.bad_option(&format!("{key}={value}"), MCTS_HELP)),
        }
    }
    Ok(config)
}

/// Reads a seat list such as `yellow=mcts,red=greedy` for seats named
/// `seats`: one entry per seat, `None` for seats not named. A spec with
/// no `=` (`greedy`) puts that strategy in every seat.
///
/// ```
/// let seats = ["blue".to_string(), "red".to_string()];
/// let specs = relic::bots::parse_seat_list("RED=mcts:ms=100", &seats).unwrap();
/// assert_eq!(specs, [None, Some("mcts:ms=100".to_string())]);
/// let every = relic::bots::parse_seat_list("mcts:iterations=50", &seats).unwrap();
/// assert_eq!(every, [Some("mcts:iterations=50".to_string()), Some("mcts:iterations=50".to_string())]);
/// ```
pub fn parse_seat_list(text: &str, seats: &[String]) -> Result<Vec<Option<String>>, StrategyError> {
    let text = text.trim();
    // One spec for every seat: no `seat=` before the strategy's options.
    let single = match (text.find('='), text.find(':')) {
        (None, _) => true,
        (Some(eq), Some(colon)) => colon < eq,
        (Some(_), None) => false,
    };
    if !text.is_empty() && single {
        return Ok(vec![Some(text.to_string()); seats.len()]);
    }
    let mut chosen = vec![None; seats.len()];
    for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (name, strategy) = entry
            .split_once('=')
            .ok_or_else(|| StrategyError::SeatSyntax(entry.to_string()))?;
        let name = name.trim();
        let seat = seats
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))
            .ok_or_else(|| StrategyError::UnknownSeat {
                seat: name.to_string(),
                seats: seats.join(", "),
            })?;
        if chosen[seat].is_some() {
            return Err(StrategyError::DuplicateSeat(name.to_string()));
        }
        chosen[seat] = Some(strategy.trim().to_string());
    }
    Ok(chosen)
}

/// A strategy spec or seat list that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum StrategyError {
    /// An empty strategy.
    #[error("`{0}` does not name a strategy")]
    #[diagnostic(
        code(bots::strategy::syntax),
        help("write NAME or NAME:KEY=VALUE, for example mcts:iterations=2000")
    )]
    Syntax(String),
    /// An entry of a seat list without `=`.
    #[error("`{0}` is not a seat assignment such as `red=greedy`")]
    #[diagnostic(
        code(bots::strategy::seat_syntax),
        help("write SEAT=STRATEGY, separated by commas, or one strategy for every seat")
    )]
    SeatSyntax(String),
    /// A seat the game does not have.
    #[error("there is no seat `{seat}` in this game")]
    #[diagnostic(code(bots::strategy::unknown_seat), help("the seats are: {seats}"))]
    UnknownSeat {
        /// The seat given.
        seat: String,
        /// The seats there are.
        seats: String,
    },
    /// A seat named twice.
    #[error("the seat `{0}` is given twice")]
    #[diagnostic(code(bots::strategy::duplicate_seat), help("name each seat once"))]
    DuplicateSeat(String),
    /// An unknown strategy.
    #[error("there is no strategy `{name}`")]
    #[diagnostic(
        code(bots::strategy::unknown),
        help("the strategies for this game are: {names}")
    )]
    Unknown {
        /// The name given.
        name: String,
        /// The names there are.
        names: String,
    },
    /// An option the strategy does not take, or a value out of range.
    #[error("`{option}` is not a valid option of {strategy}")]
    #[diagnostic(code(bots::strategy::bad_option), help("{help}"))]
    BadOption {
        /// The strategy.
        strategy: String,
        /// The option as written.
        option: String,
        /// What the strategy takes.
        help: String,
    },
}
