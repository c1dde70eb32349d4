//! Moving Maze's `[messages]`: every refusal and every line text mode
//! prints about play (reports of actions, relics collected, ends of turns,
//! the winner, prompts), and what the browser shows of them (its status
//! line, log, refusals and scoreboard heading), each a key with a default text (the
//! specification's) that a ruleset may replace. The key set and its
//! placeholders are a catalog of the vocabulary's shared message machinery
//! ([`crate::vocab::messages`]); the texts are compiled at load into
//! [`MazeMessages`], indexed by [`MazeMessage`].

use std::borrow::Cow;
use std::fmt::{self, Display};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::error::MazeRulesError;
use crate::config::Problem;
use crate::config::tree::Node;
use crate::config::validate::source_span;
use crate::games::moving_maze::board::{Direction, SlideAt};
use crate::vocab::messages::{MessageDefault, Template, table_schema, unfillable};

macro_rules! catalog {
    ($($(#[$doc:meta])* $variant:ident = $key:literal, $text:literal, [$($name:literal),*];)*) => {
        /// A Moving Maze message key; its discriminant indexes
        /// [`CATALOG`] and the compiled [`MazeMessages`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum MazeMessage {
            $($(#[$doc])* $variant,)*
        }

        /// Every Moving Maze message key, its default text and the
        /// placeholders it may use, in [`MazeMessage`] order.
        pub const CATALOG: &[MessageDefault] = &[$(($key, $text, &[$($name),*]),)*];

        impl MazeMessage {
            /// Every message, in [`CATALOG`] order.
            pub const ALL: &[MazeMessage] = &[$(MazeMessage::$variant,)*];
        }
    };
}

catalog! {
    /// Refused: play is over.
    GameOver = "game_over", "The game is over.", ["player"];
    /// Refused: a rotation, slide or skip in the move phase.
    NotMovePhase = "not_move_phase",
        "Slide the floating tile first: that is for the move phase.", ["player"];
    /// Refused: a move or `done` while the slide is required.
    NotSlidePhase = "not_slide_phase", "Slide the floating tile first.", ["player"];
    /// Refused: the rules do not let the floating tile turn.
    RotationNotAllowed = "rotation_not_allowed",
        "The floating tile cannot be rotated under these rules.", ["player"];
    /// Refused: no such row or column.
    NoSuchLine = "no_such_line", "There is no {indicator} to slide into.",
        ["player", "indicator"];
    /// Refused: an odd row or column, when only even ones slide.
    OddPositions = "odd_positions", "Cannot slide into odd positions.", ["player", "indicator"];
    /// Refused: an even row or column, when only odd ones slide.
    EvenPositions = "even_positions", "Cannot slide into even positions.",
        ["player", "indicator"];
    /// Refused: a fixed row or column, when all or none slide.
    FixedPositions = "fixed_positions", "Cannot slide into fixed positions.",
        ["player", "indicator"];
    /// Refused: the slide would undo the previous one.
    LastExitPoint = "last_exit_point", "Cannot slide into last exit point.",
        ["player", "indicator"];
    /// Refused: a step off the board through an open side.
    OffBoard = "off_board", "Cannot move {direction}: off the board.", ["player", "direction"];
    /// Refused: a step through a closed side.
    NoPath = "no_path", "Cannot move {direction}: no path.", ["player", "direction"];
    /// Refused: no path to the tile (`{x}`, `{y}` as typed).
    NoPathTo = "no_path_to", "Cannot move to {x},{y}: no path.", ["player", "x", "y"];
    /// Refused: the rules allow no single steps.
    StepsNotAllowed = "steps_not_allowed", "Single steps are not allowed under these rules.",
        ["player"];
    /// Refused: the rules allow no pathfinding.
    PathfindingNotAllowed = "pathfinding_not_allowed",
        "Pathfinding is not allowed under these rules.", ["player"];
    /// Input that is no action in the notation.
    InvalidInput = "invalid_input", "Invalid input.", ["player"];
    /// The prompt of the slide phase (text mode adds ` ` and `> ` on the
    /// next line).
    SlidePrompt = "slide_prompt", "[{player}] Rotate and slide the floating tile:", ["player"];
    /// The prompt of the move phase.
    MovePrompt = "move_prompt", "[{player}] Move your adventurer:", ["player"];
    /// Reported: the floating tile turned clockwise.
    RotatedRight = "rotated_right", "Rotating right.", ["player"];
    /// Reported: the floating tile turned counter-clockwise.
    RotatedLeft = "rotated_left", "Rotating left.", ["player"];
    /// Reported: the floating tile was slid in.
    Slid = "slid", "Inserting at {indicator}.", ["player", "indicator"];
    /// Reported: the slide was skipped.
    SlideSkipped = "slide_skipped", "Skipping the slide.", ["player"];
    /// Reported: a single step.
    Stepped = "stepped", "Moving {direction}.", ["player", "direction"];
    /// Reported: a move along a path.
    MovedTo = "moved_to", "Moving to {x},{y}.", ["player", "x", "y"];
    /// An adventurer was pushed off the maze by a slide and put back at
    /// `{x}`,`{y}` (the browser's log; text mode does not report it).
    PushedOff = "pushed_off", "{player} was pushed off the maze to {x},{y}.",
        ["player", "x", "y"];
    /// A relic was collected.
    RelicCollected = "relic_collected", "{player} has collected a relic.", ["player", "count"];
    /// A player has every relic of theirs.
    AllRelics = "all_relics", "{player} has all their relics.", ["player"];
    /// A turn ended.
    TurnEnded = "turn_ended", "End of {player}'s turn.", ["player"];
    /// A player won.
    Won = "won", "{player} has won.", ["player"];
    /// The game was quit.
    Quit = "quit", "Game has been quit.", ["player"];
    /// Input ended before play did.
    EndOfInput = "end_of_input", "End of input: the game was not finished.", ["player"];
    /// The start banner's goal line (`{count}`: relics of each colour).
    RelicGoal = "relic_goal", "Relic goal: {count}", ["count"];
    /// The scoreboard's heading (`{count}`: relics of each colour).
    Scoreboard = "scoreboard", "Relics collected /{count}:", ["count"];
    /// The word for north in `{direction}`.
    North = "north", "north", [];
    /// The word for east in `{direction}`.
    East = "east", "east", [];
    /// The word for south in `{direction}`.
    South = "south", "south", [];
    /// The word for west in `{direction}`.
    West = "west", "west", [];
}

/// Every placeholder a Moving Maze message may use; a [`Fill`] holds one
/// value for each, in this order.
pub const PLACEHOLDERS: [&str; 6] = ["player", "direction", "indicator", "x", "y", "count"];

impl MazeMessage {
    /// The message's key in `[messages]`.
    ///
    /// ```
    /// use relic::rules::MazeMessage;
    /// assert_eq!(MazeMessage::NoPathTo.key(), "no_path_to");
    /// ```
    pub fn key(self) -> &'static str {
        CATALOG[self as usize].0
    }
}

/// The texts of a ruleset's `[messages]`: every key in [`CATALOG`] order,
/// the ruleset's text or the default. A table in TOML; unknown keys are
/// refused by the schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageTexts(Vec<String>);

impl Default for MessageTexts {
    /// The specification's texts.
    fn default() -> MessageTexts {
        MessageTexts(CATALOG.iter().map(|d| d.1.to_owned()).collect())
    }
}

impl MessageTexts {
    /// Each key with its text, in catalog order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        CATALOG
            .iter()
            .zip(&self.0)
            .map(|(d, text)| (d.0, text.as_str()))
    }

    /// Whether every text is the default.
    pub fn is_standard(&self) -> bool {
        self.changed().next().is_none()
    }

    /// The text of `message`.
    pub fn get(&self, message: MazeMessage) -> &str {
        &self.0[message as usize]
    }
}

impl MessageTexts {
    /// The texts that differ from the defaults, as their keys and texts
    /// (how rulesets, records and `relic rules show` write them).
    pub fn changed(&self) -> impl Iterator<Item = (&'static str, &str)> {
        (self.iter().zip(CATALOG)).filter_map(|(given, d)| (given.1 != d.1).then_some(given))
    }

    /// Every text, the defaults included, for serialising (what
    /// `relic rules show --expanded` writes).
    pub fn all(&self) -> AllMessages<'_> {
        AllMessages(self)
    }
}

/// Serialises every message of a [`MessageTexts`], defaults included.
pub struct AllMessages<'a>(&'a MessageTexts);

impl Serialize for AllMessages<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter())
    }
}

impl Serialize for MessageTexts {
    /// Only the texts that differ from the defaults: reading them back
    /// gives the same texts.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.changed())
    }
}

impl<'de> Deserialize<'de> for MessageTexts {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let given = std::collections::BTreeMap::<String, String>::deserialize(deserializer)?;
        let mut texts = MessageTexts::default();
        for (key, text) in given {
            let Some(index) = CATALOG.iter().position(|d| d.0 == key) else {
                return Err(serde::de::Error::unknown_field(&key, key_names()));
            };
            texts.0[index] = text;
        }
        Ok(texts)
    }
}

/// The key names as serde's error wants them (a `'static` slice, built
/// once).
fn key_names() -> &'static [&'static str] {
    static KEYS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| CATALOG.iter().map(|d| d.0).collect())
}

impl JsonSchema for MessageTexts {
    fn schema_name() -> Cow<'static, str> {
        "MazeMessages".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let about = "The texts of refusals and of what text mode says about play; each \
                     has a default (the specification's text).";
        let value = table_schema(CATALOG, about);
        schemars::Schema::try_from(value).unwrap_or_default()
    }
}

/// One placeholder's value.
#[derive(Clone, Copy, Debug, Default)]
pub enum Value<'a> {
    /// Not given (writes nothing).
    #[default]
    None,
    /// Text, such as a player's name or a coordinate as typed.
    Text(&'a str),
    /// A number, such as a 1-based coordinate or a count.
    Number(u32),
    /// A direction, written in full (`west`).
    Direction(Direction),
    /// A sliding indicator (`n4`).
    Indicator(SlideAt),
}

impl Display for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::None => Ok(()),
            Value::Text(text) => f.write_str(text),
            Value::Number(n) => write!(f, "{n}"),
            Value::Direction(d) => write!(f, "{d}"),
            Value::Indicator(at) => write!(f, "{at}"),
        }
    }
}

/// The values of a message's placeholders, one per name of
/// [`PLACEHOLDERS`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Fill<'a>([Value<'a>; 6]);

impl<'a> Fill<'a> {
    /// `{player}`.
    pub fn player(mut self, name: &'a str) -> Self {
        self.0[0] = Value::Text(name);
        self
    }

    /// `{direction}`.
    pub fn direction(mut self, direction: Direction) -> Self {
        self.0[1] = Value::Direction(direction);
        self
    }

    /// `{indicator}`.
    pub fn indicator(mut self, at: SlideAt) -> Self {
        self.0[2] = Value::Indicator(at);
        self
    }

    /// `{x}` and `{y}`.
    pub fn xy(mut self, x: Value<'a>, y: Value<'a>) -> Self {
        self.0[3] = x;
        self.0[4] = y;
        self
    }

    /// `{count}`.
    pub fn count(mut self, count: u32) -> Self {
        self.0[5] = Value::Number(count);
        self
    }
}

/// A ruleset's messages compiled for play: one template per
/// [`MazeMessage`], indexed by its discriminant, and the words of the
/// four directions.
///
/// ```
/// use relic::rules::{Fill, MazeMessage, Rules};
/// let rules = Rules::standard();
/// let mut out = String::new();
/// rules.messages().write(MazeMessage::Won, Fill::default().player("Red"), &mut out);
/// assert_eq!(out, "Red has won.");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MazeMessages {
    templates: Vec<Template>,
    directions: [String; 4],
}

impl MazeMessages {
    /// Compiles `texts`.
    pub fn new(texts: &MessageTexts) -> MazeMessages {
        let templates = texts.0.iter().map(|t| Template::compile(t, &PLACEHOLDERS));
        let words = [
            MazeMessage::North,
            MazeMessage::East,
            MazeMessage::South,
            MazeMessage::West,
        ];
        MazeMessages {
            templates: templates.collect(),
            directions: words.map(|word| texts.get(word).to_owned()),
        }
    }

    /// The specification's texts, compiled once.
    pub fn standard() -> &'static MazeMessages {
        static STANDARD: std::sync::OnceLock<MazeMessages> = std::sync::OnceLock::new();
        STANDARD.get_or_init(|| MazeMessages::new(&MessageTexts::default()))
    }

    /// Appends `message` with `fill`'s values to `out`; a direction is
    /// written with the ruleset's word for it.
    pub fn write(&self, message: MazeMessage, fill: Fill<'_>, out: &mut String) {
        let values = fill.0.map(|value| match value {
            Value::Direction(d) => Value::Text(&self.directions[d as usize]),
            other => other,
        });
        self.templates[message as usize].write(out, &values);
    }

    /// `message` with `fill`'s values, as a string.
    pub fn text(&self, message: MazeMessage, fill: Fill<'_>) -> String {
        let mut out = String::new();
        self.write(message, fill, &mut out);
        out
    }
}

/// Reports each placeholder of a written message that the message cannot
/// fill (`rules::message::placeholder`, pointed inside the string);
/// `root` is the merged tree the texts were read from, `sources` the
/// texts of its files.
pub(super) fn check_messages(
    texts: &MessageTexts,
    root: &Node,
    sources: &[String],
) -> Vec<Problem> {
    let mut problems: Vec<Problem> = Vec::new();
    for ((key, text), (_, _, allowed)) in texts.iter().zip(CATALOG) {
        let Some(node) = root.find_named(&["messages", key]) else {
            continue;
        };
        let source = sources.get(node.at.file).map_or("", String::as_str);
        for found in unfillable(key, text, allowed) {
            let (start, end) = (found.range.start, found.range.end);
            let at = node.inside_string(source, start, end).unwrap_or(node.at);
            let error = MazeRulesError::Placeholder {
                key: key.into(),
                name: found.name,
                span: source_span(at),
                help: found.help,
            };
            problems.push((at.file, Box::new(error)));
        }
    }
    problems
}
