//! The game contract: the one API between games and tools.
//!
//! Every game relic plays (Moving Maze, the seed games, the classic games
//! written as rulesets) is a [`Game`]: a position that says whose turn it is
//! or how play ended ([`Status`]), lists its legal actions in a canonical
//! order, and applies an action, returning the events it caused or a typed
//! refusal while leaving itself unchanged. Each game owns exactly one
//! notation for its actions ([`Game::parse_action`] and
//! [`Game::write_action`]), used by text mode, records, the browser API,
//! bots and the solver's printed answers alike.
//!
//! Tools (text play, the browser, records and replay, `relic verify`,
//! bots, `relic sim`, `relic perft`, the invariant harness) are written
//! once, generic over `G: Game` and the optional capabilities they use:
//! [`TextView`], [`BrowserView`], [`Evaluate`] and [`Tallies`]. Generic code
//! is monomorphised, so the hot path of every game runs without dynamic
//! dispatch.
//!
//! The shape follows OpenSpiel's `Game`/`State` and shakmaty's `Position`:
//! a game is built from a checked ruleset and a checked setup (a board, a
//! level file, a configuration) and is the only thing the engine accepts.

use std::fmt::Debug;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

mod observe;
mod status_json;
pub mod take_back;

pub use observe::{Layout, Observe};
pub use status_json::status_json;

/// A seat at the table, numbered from 0 in turn order.
pub type Seat = usize;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// One seat won.
    Won(Seat),
    /// Nobody won: a draw (for example both players completed a line at once).
    Draw,
    /// A seat lost and nobody else won: a single-player game lost (crushed,
    /// starved), or a seat eliminated where the game names no winner.
    Lost(Seat),
    /// A seat quit (resigned) the game.
    Quit(Seat),
    /// Play stopped at a limit (a turn limit) with no result.
    Stopped,
}

impl Outcome {
    /// The winning seat, if one seat won.
    ///
    /// ```
    /// use relic::contract::Outcome;
    /// assert_eq!(Outcome::Won(2).winner(), Some(2));
    /// assert_eq!(Outcome::Draw.winner(), None);
    /// ```
    pub fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Won(seat) => Some(seat),
            _ => None,
        }
    }

    /// The result of this outcome for `seat` on a scale from 0.0 (loss)
    /// through 0.5 (draw, or no result) to 1.0 (win), as bots and the
    /// simulator score it.
    ///
    /// ```
    /// use relic::contract::Outcome;
    /// assert_eq!(Outcome::Won(1).reward(1), 1.0);
    /// assert_eq!(Outcome::Won(1).reward(0), 0.0);
    /// assert_eq!(Outcome::Draw.reward(0), 0.5);
    /// ```
    pub fn reward(self, seat: Seat) -> f64 {
        match self {
            Outcome::Won(winner) if winner == seat => 1.0,
            Outcome::Won(_) => 0.0,
            Outcome::Lost(loser) | Outcome::Quit(loser) if loser == seat => 0.0,
            Outcome::Lost(_) | Outcome::Quit(_) => 0.5,
            Outcome::Draw | Outcome::Stopped => 0.5,
        }
    }
}

/// Whose turn it is, or how play ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// The seat to act next.
    ToMove(Seat),
    /// Play is over.
    Over(Outcome),
}

impl Status {
    /// The seat to act, `None` once play is over.
    pub fn to_move(self) -> Option<Seat> {
        match self {
            Status::ToMove(seat) => Some(seat),
            Status::Over(_) => None,
        }
    }

    /// The outcome, `None` while play goes on.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Status::ToMove(_) => None,
            Status::Over(outcome) => Some(outcome),
        }
    }

    /// True once play is over.
    pub fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }
}

/// Why a piece of text is not an action in a game's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct NotationError {
    /// What is wrong, in the game's words (for example `Invalid input.`).
    pub message: String,
}

impl NotationError {
    /// A notation error with this message.
    pub fn new(message: impl Into<String>) -> NotationError {
        NotationError {
            message: message.into(),
        }
    }
}

/// A game position under one ruleset and setup: the contract every tool
/// is written against.
///
/// # Laws
///
/// Every implementation keeps these, and the invariant harness checks them
/// on random play for every game:
///
/// - `legal_actions` is empty exactly when `status()` is [`Status::Over`],
///   or lists, in the game's documented canonical order and without
///   repeats, every action `apply` accepts, except resignation (`quit`),
///   which `apply` accepts but the list leaves out;
/// - `apply` of a listed action succeeds; `apply` of anything else returns
///   the typed reason and leaves the position equal (`==`) to what it was;
/// - `parse_action(write_action(a)) == a` for every listed action `a`;
/// - equal positions hash equally, and a clone is equal to its original.
pub trait Game: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// Something the seat to move can do.
    type Action: Clone + Eq + Hash + Debug + Send + Sync + 'static;
    /// Something that happened, for front ends to render.
    type Event: Clone + Debug + Send + Sync + 'static;
    /// Why an action was refused.
    type Refusal: std::error::Error + Clone + Send + Sync + 'static;

    /// The number of seats (players) in this game.
    fn seat_count(&self) -> usize;

    /// A seat's name as the game prints it (`blue`, `PLAYER1`).
    fn seat_name(&self, seat: Seat) -> String;

    /// Whose turn it is, or how play ended.
    fn status(&self) -> Status;

    /// Completed turns (rounds of one seat's play) since the start; the
    /// limit that tools such as the simulator stop at.
    fn turn(&self) -> u32;

    /// Appends every legal action, in canonical order, to `out`.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);

    /// Applies `action` for the seat to move, appending what happened to
    /// `events`. On a refusal nothing changes (neither `self` nor
    /// `events`).
    fn apply_into(
        &mut self,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Refusal>;

    /// Applies `action`, which the game itself gave as legal in this
    /// position (listed by [`Game::legal_actions_into`] or drawn by
    /// [`Game::random_action_with`]), as [`Game::apply_into`] would, but
    /// free to skip the checks that only refuse: for the loops of
    /// playouts and simulations, where every action comes from the game.
    /// The default applies with the checks. An action from anywhere else
    /// goes through [`Game::apply_into`]: given one that is not legal, a
    /// game may leave a position its rules would not reach. The invariant
    /// harness ([`crate::harness`]) checks that both ways agree on every
    /// listed action.
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let mut game = VocabGame::new(builtin_vocab("tic-tac-toe").unwrap().unwrap());
    /// let mut checked = game.clone();
    /// let action = game.legal_actions()[4];
    /// let mut events = Vec::new();
    /// game.apply_legal_into(&action, &mut events);
    /// assert_eq!(Ok(events), checked.apply(&action));
    /// assert_eq!(game, checked);
    /// ```
    fn apply_legal_into(&mut self, action: &Self::Action, events: &mut Vec<Self::Event>) {
        let applied = self.apply_into(action, events);
        debug_assert!(applied.is_ok(), "{action:?} is not legal here");
    }

    /// Reads one action in the game's notation.
    fn parse_action(&self, text: &str) -> Result<Self::Action, NotationError>;

    /// Whether `word` (one token, or tokens already joined by spaces) and
    /// `next`, the token after it on the same line, are one action typed
    /// with its parts apart (a move `a2 a4`, a draughts capture `a3 c5
    /// e7`): then text mode and `relic verify` read them as one input
    /// (`a2 a4`), and ask again with the word after. No word joins by
    /// default.
    fn joins_next(&self, word: &str, next: &str) -> bool {
        let _ = (word, next);
        false
    }

    /// Writes one action in the game's notation.
    fn write_action(&self, action: &Self::Action) -> String;

    /// The action a refused `action` turns into when the rules punish an
    /// illegal attempt (the mover loses the game, or the turn), else
    /// `None`: the default, where a refusal changes nothing and the same
    /// seat tries again. Front ends that take actions from people (text
    /// play, the browser) show the refusal and then apply this action, so
    /// that it is recorded and replays like any other.
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::escape::{Action, EscapeGame, Variant, IllegalMove};
    /// use relic::escape::config::parse_config;
    /// let config = parse_config("Coordinate type : SQUARE xMax : 3 yMax : 3
    ///     Locations : (1, 1) player1 dog (3, 3) player2 dog
    ///     Piece descriptors : DOG omni [distance 1]").unwrap();
    /// let wrong = Action::Move { from: (2, 2), to: (2, 3) };
    /// let lenient = EscapeGame::new(config.clone(), Variant::default());
    /// assert_eq!(lenient.penalty(&wrong), None);
    /// let strict = Variant { illegal_move: IllegalMove::Loses, ..Variant::default() };
    /// let mut game = EscapeGame::new(config, strict);
    /// let penalty = game.penalty(&wrong).unwrap();
    /// game.apply(&penalty).unwrap();
    /// assert_eq!(game.status().outcome().and_then(|o| o.winner()), Some(1));
    /// ```
    fn penalty(&self, action: &Self::Action) -> Option<Self::Action> {
        let _ = action;
        None
    }

    /// Whether `text` is outside the game's notation in every position,
    /// and if so a help line saying how actions are written. Records name
    /// every such action before replaying any; `None` (the default) leaves
    /// the judgement to [`Game::parse_action`] in a position.
    fn outside_notation(text: &str) -> Option<&'static str> {
        let _ = text;
        None
    }

    /// Why the rules' interpreter stopped play, if it did (a search that
    /// ran past its step limit): such a game is over with
    /// [`Outcome::Stopped`] by no decision of the rules. `None` (the
    /// default) for a game whose rules cannot run away.
    fn stopped_by_rules(&self) -> Option<String> {
        None
    }

    /// Every legal action, in canonical order.
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(&mut actions);
        actions
    }

    /// Applies `action`, returning its events.
    fn apply(&mut self, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Refusal> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// A uniformly random legal action, `None` exactly when there is none
    /// (play is over). See [`Game::random_action_with`].
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use relic::contract::Game;
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("connect-four").unwrap().unwrap());
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let action = game.random_action(&mut rng).unwrap();
    /// assert!(game.legal_actions().contains(&action));
    /// ```
    fn random_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Action> {
        self.random_action_with(rng, &mut Vec::new())
    }

    /// A uniformly random legal action, drawn exactly as
    /// `legal_actions()[rng.random_range(0..n)]` for `n` legal actions
    /// would draw it (the same action and the same numbers taken from
    /// `rng`), so seeded play does not depend on how a game finds it.
    /// `None` exactly when there is no legal action.
    ///
    /// The default lists the actions into `scratch` (cleared first; reuse
    /// it to avoid allocating) and picks one; a game that can count its
    /// actions and find the k-th directly overrides this (and may leave
    /// `scratch` alone). Random bots, MCTS playouts and `relic sim`'s random
    /// seats choose through this method.
    ///
    /// ```
    /// use rand::{RngExt, SeedableRng};
    /// use relic::contract::Game;
    /// use relic::vocab::{VocabGame, builtin_vocab};
    /// let game = VocabGame::new(builtin_vocab("tic-tac-toe").unwrap().unwrap());
    /// let (mut rng, mut same) = (rand_pcg::Pcg64Mcg::seed_from_u64(5), rand_pcg::Pcg64Mcg::seed_from_u64(5));
    /// let legal = game.legal_actions();
    /// let mut scratch = Vec::new();
    /// assert_eq!(
    ///     game.random_action_with(&mut rng, &mut scratch),
    ///     Some(legal[same.random_range(0..legal.len())])
    /// );
    /// ```
    fn random_action_with<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        scratch.clear();
        self.legal_actions_into(scratch);
        if scratch.is_empty() {
            return None;
        }
        let pick = rand::RngExt::random_range(rng, 0..scratch.len());
        Some(scratch.swap_remove(pick))
    }
}

/// Writes the line the text views print under a board for a cell whose
/// stack holds more than its top, its pieces' glyphs bottom first.
///
/// ```
/// let mut out = String::new();
/// relic::contract::write_stack_line(&mut out, "b2", ["x", "o", "x"]);
/// assert_eq!(out, "b2 holds, bottom first: x o x\n");
/// ```
pub fn write_stack_line<'a>(
    out: &mut String,
    cell: &str,
    glyphs: impl IntoIterator<Item = &'a str>,
) {
    out.push_str(cell);
    out.push_str(" holds, bottom first:");
    for glyph in glyphs {
        out.push(' ');
        out.push_str(glyph);
    }
    out.push('\n');
}

/// Text rendering: what text mode and `relic verify` print.
pub trait TextView: Game {
    /// The position as the game prints it.
    fn write_position(&self, out: &mut String);

    /// The prompt before the next input, if the game prints one.
    fn write_prompt(&self, out: &mut String);

    /// What the game prints for these events.
    fn write_events(&self, events: &[Self::Event], out: &mut String);

    /// What the game prints for a refused action.
    fn write_refusal(&self, refusal: &Self::Refusal, out: &mut String);

    /// Whether text play takes `undo` (when the notation does not read it
    /// as an action) to take back the last action, and the computers'
    /// after it: `false` (the default) for games whose course prescribes
    /// every word text play reads.
    fn takes_undo(&self) -> bool {
        false
    }

    /// How text mode and `relic verify` cut input into actions: white-space
    /// separated tokens (the default) or whole lines.
    fn input_unit(&self) -> InputUnit {
        InputUnit::Tokens
    }

    /// The position as a setup file this game reads back, in `format`
    /// (`relic verify --setup-out`), or why it cannot be written; by
    /// default a game writes none.
    fn write_setup(&self, format: SetupFormat) -> Result<String, String> {
        let _ = format;
        Err("this game does not write its positions as setup files".to_owned())
    }

    /// What text mode prints once, before the position, when play starts
    /// (a title); nothing by default.
    fn write_banner(&self, out: &mut String) {
        let _ = out;
    }

    /// What the game prints for input that is not an action in its
    /// notation: by default the error's message on a line.
    fn write_notation_error(&self, error: &NotationError, out: &mut String) {
        out.push_str(&error.message);
        out.push('\n');
    }

    /// What the game prints for a refused action that was typed as
    /// `typed` (a game may show the input as typed); by default
    /// [`TextView::write_refusal`].
    fn write_refusal_as_typed(&self, refusal: &Self::Refusal, typed: &str, out: &mut String) {
        let _ = typed;
        self.write_refusal(refusal, out);
    }

    /// What the game prints for the events of an action typed as `typed`;
    /// by default [`TextView::write_events`].
    fn write_events_as_typed(&self, events: &[Self::Event], typed: &str, out: &mut String) {
        let _ = typed;
        self.write_events(events, out);
    }

    /// What text mode prints when it starts on a position where play is
    /// already over (a loaded game): by default the outcome in words.
    fn write_outcome(&self, out: &mut String) {
        let text = match self.status() {
            Status::ToMove(_) => return,
            Status::Over(Outcome::Won(seat)) => format!("{} has won.", self.seat_name(seat)),
            Status::Over(Outcome::Lost(seat)) => format!("{} has lost.", self.seat_name(seat)),
            Status::Over(Outcome::Quit(seat)) => format!("{} has quit.", self.seat_name(seat)),
            Status::Over(Outcome::Draw) => "The game is a draw.".to_owned(),
            Status::Over(Outcome::Stopped) => "The game was stopped.".to_owned(),
        };
        out.push_str(&text);
        out.push('\n');
    }

    /// What the terminal says when a game played elsewhere (in the
    /// browser) is over: by default [`TextView::write_outcome`].
    fn write_outcome_line(&self, out: &mut String) {
        self.write_outcome(out);
    }

    /// What text mode prints after a game stopped before its end (a
    /// replay cut short): the standings, if the game keeps any; nothing by
    /// default.
    fn write_standings(&self, out: &mut String) {
        let _ = out;
    }

    /// Help for people, on text play's side channel (standard error), so
    /// that a game whose screen is a specification's exact text keeps it
    /// exact: at the start (`after` is `None`) and after an input the game
    /// did not take (`Some(input)`: not in its notation, or refused).
    /// Nothing by default: games whose screen already explains itself
    /// need none.
    fn write_help(&self, after: Option<&str>, out: &mut String) {
        let _ = (after, out);
    }

    /// What text mode prints when input ends before play does.
    fn write_end_of_input(&self, out: &mut String) {
        out.push_str(END_OF_INPUT);
        out.push('\n');
    }
}

/// What text mode says when input ends before play does.
pub const END_OF_INPUT: &str = "End of input: the game was not finished.";

/// The format of a setup file a game writes ([`TextView::write_setup`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupFormat {
    /// The game's own setup format (a core game's position file).
    Own,
    /// FEN, the chess tools' position format.
    Fen,
}

/// How text input is cut into actions (see [`TextView::input_unit`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputUnit {
    /// Actions are separated by white space; one line may hold several.
    #[default]
    Tokens,
    /// Each non-empty line is one action (for notations with spaces).
    Lines,
    /// Each line exactly as typed is one input, empty lines included; only
    /// the line end (and a CR before it) is dropped (for games that treat
    /// `" w"` or an empty line as invalid input).
    ExactLines,
}

/// A per-seat view for the browser: everything that seat may see, and
/// nothing it may not.
pub trait BrowserView: Game {
    /// The position as `seat` sees it (`None`: a spectator).
    fn view(&self, seat: Option<Seat>) -> serde_json::Value;

    /// One event as the page shows it.
    fn event_view(&self, event: &Self::Event) -> serde_json::Value;

    /// The words the page shows for `refusal` of the action written
    /// `typed`: by default the refusal's own text (a game whose refusals
    /// are typed reasons words them with its ruleset's messages here).
    fn refusal_text(&self, refusal: &Self::Refusal, typed: &str) -> String {
        let _ = typed;
        refusal.to_string()
    }
}

/// A static evaluation for bots: how good the position is for `seat`.
pub trait Evaluate: Game {
    /// A score in `0.0..=1.0`, higher better for `seat`; 0.5 when nothing
    /// is known.
    fn evaluate(&self, seat: Seat) -> f64;
}

/// Named tallies that the simulator sums over games (relics collected,
/// pieces captured, diamonds taken).
pub trait Tallies: Game {
    /// Each tally for `seat` now, always the same names in the same order.
    fn tallies(&self, seat: Seat) -> Vec<Tally>;
}

/// One named figure of a seat's play, summed over games by `relic sim`.
///
/// ```
/// use relic::contract::{Tally, TallyMeasure};
/// let relics = Tally::per_turn("relics", 3);
/// assert_eq!(relics.measure, TallyMeasure::PerTurn);
/// assert_eq!(Tally::at_end("pieces shown", 5).measure, TallyMeasure::AtEnd);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Its name, as reports print it (`relics`).
    pub name: &'static str,
    /// Its value now.
    pub value: i64,
    /// How reports read it.
    pub measure: TallyMeasure,
}

impl Tally {
    /// A count that grows with play, reported per turn.
    pub fn per_turn(name: &'static str, value: i64) -> Tally {
        let measure = TallyMeasure::PerTurn;
        Tally {
            name,
            value,
            measure,
        }
    }

    /// `name` as a tally's name (`&'static str`, as reports name their
    /// columns), leaked once per distinct name however often rulesets
    /// that name it (a variable, a counter) are loaded.
    ///
    /// ```
    /// use relic::contract::Tally;
    /// let name = String::from("captures");
    /// assert!(std::ptr::eq(Tally::name_of(&name), Tally::name_of("captures")));
    /// ```
    pub fn name_of(name: &str) -> &'static str {
        use std::collections::BTreeSet;
        use std::sync::Mutex;
        static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
        let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&known) = names.get(name) {
            return known;
        }
        let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
        names.insert(leaked);
        leaked
    }

    /// A value of the whole game read at the end, reported once as its
    /// mean per game (every seat gives the same).
    pub fn of_game(name: &'static str, value: i64) -> Tally {
        let measure = TallyMeasure::Game;
        Tally {
            name,
            value,
            measure,
        }
    }

    /// A value worth reading at the end of a game, reported as its mean
    /// per game.
    pub fn at_end(name: &'static str, value: i64) -> Tally {
        let measure = TallyMeasure::AtEnd;
        Tally {
            name,
            value,
            measure,
        }
    }
}

/// How a tally is read over many games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TallyMeasure {
    /// A count that grows as play goes on (relics collected): its sum over
    /// games divided by the turns played, a rate.
    #[default]
    PerTurn,
    /// A state at the end of a game (points scored, pieces on the board,
    /// levels reached): its mean per game.
    AtEnd,
    /// A value of the whole game at the end (a score kept for both sides
    /// in one variable), the same for every seat: its mean per game,
    /// reported once rather than per seat.
    Game,
}
