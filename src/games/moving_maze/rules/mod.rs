//! Moving Maze's rulesets: the TOML schema, loading (through the shared
//! [`crate::config`] loader), the checks across its tables, and the
//! compiled [`Rules`] the engine plays by. Also reachable as
//! `relic::rules`.
//!
//! ```
//! use relic::rules::Rules;
//! let rules = Rules::standard();
//! assert_eq!(rules.seats().len(), 4);
//! assert_eq!(rules.seats()[0].name, "Green");
//! ```

mod choices;
mod error;
mod expanded;
mod kinds;
mod load;
mod lowered;
mod messages;
mod names;
mod resolve;
mod schema;
mod semantic;

use std::sync::{Arc, OnceLock};

pub use crate::config::{MAX_PROBLEMS, MAX_RULESET_BYTES, RulesetError, RulesetFailure};
pub use error::MazeRulesError;
pub use expanded::lowered_toml;
pub use kinds::{KindRole, MazeKind, kinds_of};
pub use load::{BUILTIN_RULESETS, builtin_ruleset, builtin_source, load_ruleset, parse_ruleset};
pub use lowered::{
    LastExit, MazeAction, MazeOutcomes, MazeTurns, PhaseSpec, RelicOutcome, TileMechanic,
};
pub use messages::{
    AllMessages, CATALOG as MESSAGE_CATALOG, Fill, MazeMessage, MazeMessages, MessageTexts,
    PLACEHOLDERS, Value,
};
pub use schema::*;

use super::board::{BoardLimits, Direction, Home, SlideAt};

/// The standard Moving Maze ruleset's TOML text.
pub const STANDARD_TOML: &str = include_str!("../../../../rulesets/moving-maze.toml");

/// One player's seat, in turn order, as the engine and front ends see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The colour that names the player, for example `green`.
    pub colour: String,
    /// The display name, for example `Green`.
    pub name: String,
    /// The initial drawn on tiles, for example `G`.
    pub initial: char,
    /// The relic colour letter in board files, for example `g`.
    pub relic: char,
    /// The start corner.
    pub corner: Corner,
}

/// A validated ruleset compiled for play: seats in turn order and quick
/// answers to the questions the engine asks.
#[derive(Clone, Debug)]
pub struct Rules {
    ruleset: Ruleset,
    seats: Vec<Seat>,
    /// Compiled on first use: a command that prints no message (`relic
    /// check BOARD`, `relic solve`) does not compile the templates.
    messages: OnceLock<MazeMessages>,
}

/// Rules are equal when their rulesets are: the seats and the messages
/// are compiled from the ruleset.
impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.ruleset == other.ruleset
    }
}

impl Eq for Rules {}

impl Rules {
    /// The standard Moving Maze rules (shared, built once), built from
    /// [`Ruleset::default`] without reading `rulesets/moving-maze.toml`:
    /// a command that only needs the standard rules (`relic check BOARD`)
    /// does not parse and check a ruleset file. `tests/rules_schema.rs`
    /// checks that the file reads as exactly this.
    pub fn standard() -> Arc<Rules> {
        static STANDARD: OnceLock<Arc<Rules>> = OnceLock::new();
        STANDARD
            .get_or_init(|| Arc::new(Rules::new(Ruleset::default())))
            .clone()
    }

    /// Compiles a ruleset that passed validation (as every ruleset from
    /// [`load_ruleset`] and [`parse_ruleset`] has).
    pub fn new(ruleset: Ruleset) -> Rules {
        let seats = ruleset
            .turn_order
            .iter()
            .filter_map(|colour| ruleset.players.iter().find(|p| &p.colour == colour))
            .map(|p| Seat {
                colour: p.colour.clone(),
                name: p.name.clone(),
                initial: p.initial,
                relic: p.relic,
                corner: p.corner,
            })
            .collect();
        Rules {
            ruleset,
            seats,
            messages: OnceLock::new(),
        }
    }

    /// The ruleset's messages, compiled (on the first call).
    pub fn messages(&self) -> &MazeMessages {
        (self.messages).get_or_init(|| MazeMessages::new(&self.ruleset.messages))
    }

    /// The ruleset these rules came from.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The seats in turn order.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The seat index of the player with this colour, or else with this
    /// display name (both ignoring ASCII case), so that `--bots` takes
    /// the names text mode shows.
    ///
    /// ```
    /// use relic::rules::{Rules, builtin_ruleset};
    /// let dutch = Rules::new(builtin_ruleset("dutch").unwrap().unwrap());
    /// assert_eq!(dutch.seat_of("yellow"), Some(1));
    /// assert_eq!(dutch.seat_of("Geel"), Some(1));
    /// assert_eq!(dutch.seat_of("pink"), None);
    /// ```
    pub fn seat_of(&self, colour: &str) -> Option<usize> {
        let seats = || self.seats.iter();
        (seats().position(|s| s.colour.eq_ignore_ascii_case(colour)))
            .or_else(|| seats().position(|s| s.name.eq_ignore_ascii_case(colour)))
    }

    /// The board limits of this ruleset, with every player's start corner,
    /// relic colour and relic order as the limits' `homes`.
    pub fn limits(&self) -> BoardLimits {
        let first_only = self.ruleset.relics.order == RelicOrder::InOrder;
        let homes = self.seats.iter().map(|seat| Home {
            relic: seat.relic,
            top: seat.corner.is_top(),
            left: seat.corner.is_left(),
            first_only,
        });
        BoardLimits {
            homes: homes.collect(),
            ..self.ruleset.board.clone()
        }
    }

    /// Whether the line named by `at` may be slid at all (ignoring the
    /// last exit point).
    pub fn line_slidable(&self, at: SlideAt) -> bool {
        let lines = match at.side {
            Direction::North | Direction::South => self.ruleset.slide.columns,
            Direction::East | Direction::West => self.ruleset.slide.rows,
        };
        lines.allows(at.index)
    }

    /// Sliding rules.
    pub fn slide(&self) -> &SlideRules {
        &self.ruleset.slide
    }

    /// Relic rules.
    pub fn relics(&self) -> &RelicRules {
        &self.ruleset.relics
    }

    /// Turn rules.
    pub fn turn(&self) -> &TurnRules {
        &self.ruleset.turn
    }

    /// Movement rules.
    pub fn movement(&self) -> &MovementRules {
        &self.ruleset.movement
    }

    /// The win condition.
    pub fn win(&self) -> WinCondition {
        self.ruleset.win.condition
    }
}
