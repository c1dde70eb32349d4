//! Moving Maze's loading step: a checked ruleset and a board file (its
//! setup) become the initial position, or every problem is reported.

use std::path::Path;
use std::sync::Arc;

use super::board::{Board, read_board_bytes, read_board_file};
use super::engine::Game;
use crate::diagnostics::FileReport;
use crate::games::moving_maze::rules::{
    BUILTIN_RULESETS, Rules, RulesetFailure, load_ruleset, parse_ruleset,
};
use crate::games::{GameId, Registered, Setup, SetupFailure, SetupMessages, SetupMismatch};

/// The board played when none is named: the shipped 7x7 board.
pub const DEFAULT_BOARD: &str = include_str!("../../../boards/classic-7x7.gbf");

/// The specification's message for a board file that does not exist.
pub const MISSING_BOARD: &str = "The game board file does not exist.";

/// The specification's message for a board that fails the checks.
pub const INCONSISTENT_BOARD: &str = "The game board file is inconsistent.";

/// The name the default board is reported by.
pub const DEFAULT_BOARD_NAME: &str = "classic-7x7.gbf (built-in)";

/// The initial position of Moving Maze under `rules` on the board `setup`
/// names, or every problem with the board.
///
/// ```
/// use relic::games::Setup;
/// use relic::games::moving_maze::load;
/// use relic::rules::Rules;
/// let game = load(&Rules::standard(), &Setup::Default).unwrap();
/// assert_eq!(game.maze().width(), 7);
/// let bad = Setup::Text { name: "bad.gbf".into(), text: "3 3\n".into() };
/// let failure = load(&Rules::standard(), &bad).unwrap_err();
/// assert!(!failure.unreadable);
/// assert!(failure.render(80).contains("bad.gbf"));
/// ```
pub fn load(rules: &Arc<Rules>, setup: &Setup) -> Result<Game, SetupFailure> {
    let board = load_board(rules, setup)?;
    Game::new(rules.clone(), &board).map_err(|error| {
        let source = board.to_gbf();
        SetupFailure {
            unreadable: false,
            report: FileReport {
                path: setup_name(setup),
                problems: vec![Box::new(SetupMismatch::new(error.to_string(), &source))],
                source,
            },
        }
    })
}

/// The board `setup` names, checked against the ruleset's limits.
pub fn load_board(rules: &Rules, setup: &Setup) -> Result<Board, SetupFailure> {
    let limits = rules.limits();
    let read = match setup {
        Setup::Default => read_board_bytes(DEFAULT_BOARD_NAME, DEFAULT_BOARD.into(), &limits),
        Setup::File(path) => read_board_file(path, &limits),
        Setup::Text { name, text } => read_board_bytes(name, text.clone().into_bytes(), &limits),
    };
    read.map_err(|error| SetupFailure {
        report: error.report,
        unreadable: error.unreadable,
    })
}

fn setup_name(setup: &Setup) -> String {
    match setup {
        Setup::Default => DEFAULT_BOARD_NAME.to_string(),
        Setup::File(path) => path.display().to_string(),
        Setup::Text { name, .. } => name.clone(),
    }
}

/// Moving Maze's entry in the registry: its rulesets are [`Rules`], its
/// setup is a board file, its positions are [`Game`]s.
///
/// ```
/// use relic::games::{Registered, Setup};
/// use relic::games::moving_maze::MovingMaze;
/// let rules = MovingMaze::parse_rules("extends = \"two-players\"\n", "two.toml", None).unwrap();
/// assert_eq!(rules.seats().len(), 2);
/// assert_eq!(MovingMaze::start(&rules, &Setup::Default).unwrap().maze().width(), 7);
/// ```
pub struct MovingMaze;

impl Registered for MovingMaze {
    const ID: GameId = GameId::MovingMaze;
    const BUILTINS: &'static [(&'static str, &'static str)] = BUILTIN_RULESETS;
    type Rules = Rules;
    type State = Game;

    fn load_rules(path: &Path) -> Result<Arc<Rules>, RulesetFailure> {
        load_ruleset(path).map(|ruleset| Arc::new(Rules::new(ruleset)))
    }

    fn parse_rules(
        source: &str,
        name: &str,
        base: Option<&Path>,
    ) -> Result<Arc<Rules>, RulesetFailure> {
        parse_ruleset(source, name, base).map(|ruleset| Arc::new(Rules::new(ruleset)))
    }

    const SETUP_MESSAGES: Option<SetupMessages> = Some(SetupMessages {
        missing: MISSING_BOARD,
        unusable: INCONSISTENT_BOARD,
    });

    fn start(rules: &Arc<Rules>, setup: &Setup) -> Result<Game, SetupFailure> {
        load(rules, setup)
    }

    /// The board as GBF.
    fn record_setup(rules: &Rules, setup: &Setup) -> Option<String> {
        load_board(rules, setup).ok().map(|board| board.to_gbf())
    }

    fn name(rules: &Rules) -> &str {
        &rules.ruleset().name
    }

    fn description(rules: &Rules) -> &str {
        &rules.ruleset().description
    }

    fn resolved_toml(rules: &Rules) -> String {
        toml::to_string(rules.ruleset()).expect("rulesets serialise to TOML")
    }

    fn expanded_toml(rules: &Rules) -> String {
        crate::games::moving_maze::rules::lowered_toml(rules.ruleset())
    }

    fn json_schema() -> serde_json::Value {
        crate::games::moving_maze::rules::json_schema()
    }
}
