//! The specification's game-manager API, a thin layer over
//! [`EscapeGame`]: build a game from a configuration, move pieces by
//! coordinates, ask what is where, the scores and the result, and let
//! observers hear why a move was refused and how play ended.

use std::path::Path;

use crate::contract::{Game, Outcome, Status};
use crate::games::SetupFailure;

use super::config::{Config, read_config_bytes, read_config_file};
use super::play::{Action, Event, Refusal, player_name};
use super::state::EscapeGame;
use super::variant::Variant;

/// An observer: told each message as a line of text.
type Observer = Box<dyn FnMut(&str) + Send>;

/// One game of Escape as the specification's controller sees it.
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use relic::escape::GameManager;
///
/// let mut game = GameManager::from_egc_str(
///     "Coordinate type : SQUARE xMax : 8 yMax : 8
///      Locations : (1, 1) player1 dog (1, 3) exit (8, 8) player2 dog
///      Piece descriptors : DOG omni [distance 2, value 3]
///      Rules : SCORE 3",
/// ).unwrap();
/// let heard = Arc::new(Mutex::new(Vec::new()));
/// let log = Arc::clone(&heard);
/// game.add_observer(move |message| log.lock().unwrap().push(message.to_owned()));
/// assert!(!game.move_piece((8, 8), (7, 7))); // not PLAYER2's turn
/// assert_eq!(game.piece_at((1, 1)), Some(("DOG".to_owned(), "PLAYER1".to_owned())));
/// assert!(game.move_piece((1, 1), (1, 3))); // onto the exit: 3 points
/// assert_eq!(game.score(1), 3);
/// assert_eq!(game.result().as_deref(), Some("PLAYER1 wins"));
/// assert!(!game.move_piece((8, 8), (7, 7)));
/// assert_eq!(heard.lock().unwrap().last().unwrap(), "Game is over and PLAYER1 has won");
/// ```
pub struct GameManager {
    game: EscapeGame,
    observers: Vec<(usize, Observer)>,
    next_observer: usize,
    /// Kept between moves so that a move allocates nothing.
    events: Vec<Event>,
}

impl std::fmt::Debug for GameManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameManager")
            .field("game", &self.game)
            .field("observers", &self.observers.len())
            .finish()
    }
}

impl GameManager {
    /// A game from the configuration file at `path`, under the default
    /// readings.
    pub fn from_egc_file(path: impl AsRef<Path>) -> Result<GameManager, SetupFailure> {
        Ok(GameManager::new(
            read_config_file(path.as_ref())?,
            Variant::default(),
        ))
    }

    /// A game from a configuration's text.
    pub fn from_egc_str(text: &str) -> Result<GameManager, SetupFailure> {
        let config = read_config_bytes("<configuration>", text.as_bytes().to_vec())?;
        Ok(GameManager::new(config, Variant::default()))
    }

    /// A game from a checked configuration under `variant`.
    pub fn new(config: Config, variant: Variant) -> GameManager {
        GameManager::from_game(EscapeGame::new(config, variant))
    }

    /// A manager for a position.
    pub fn from_game(game: EscapeGame) -> GameManager {
        GameManager {
            game,
            observers: Vec::new(),
            next_observer: 0,
            events: Vec::new(),
        }
    }

    /// The position.
    pub fn game(&self) -> &EscapeGame {
        &self.game
    }

    /// Moves the piece at `from` to `to` for the player to move: true when
    /// the move was legal and made. A refused move is explained to the
    /// observers; under the reading where an illegal move loses, the mover
    /// then loses.
    pub fn move_piece(&mut self, from: (i32, i32), to: (i32, i32)) -> bool {
        self.events.clear();
        let action = Action::Move { from, to };
        match self.game.apply_into(&action, &mut self.events) {
            Ok(()) => {
                self.announce_end();
                true
            }
            Err(refusal) => {
                self.refused(&refusal, &action);
                false
            }
        }
    }

    fn refused(&mut self, refusal: &Refusal, action: &Action) {
        self.notify(&refusal.to_string());
        if let Some(penalty) = self.game.penalty(action) {
            let mut events = Vec::new();
            if self.game.apply_into(&penalty, &mut events).is_ok() {
                self.announce_end();
            }
        }
    }

    fn announce_end(&mut self) {
        if let Some(result) = self.result() {
            self.notify(&result);
        }
    }

    /// The piece at `at`: its type and owner, in upper case (`("HORSE",
    /// "PLAYER1")`).
    pub fn piece_at(&self, at: (i32, i32)) -> Option<(String, String)> {
        let piece = self.game.piece(at)?;
        let name = self.game.piece_type(piece).name.to_owned();
        Some((name, player_name(piece.owner)))
    }

    /// Every piece at `at`, bottom of the stack first: its type, owner and
    /// current value (empty when there is none).
    ///
    /// ```
    /// use relic::escape::GameManager;
    /// let mut game = GameManager::from_egc_str(
    ///     "Coordinate type : SQUARE xMax : 4 yMax : 4
    ///      Locations : (1, 1) player1 horse (1, 2) player2 snail player2 frog player2 frog
    ///      Piece descriptors : HORSE omni [distance 1, value 10]
    ///        SNAIL omni [distance 1] FROG omni [distance 1, value 5]
    ///      Rules : POINT_CONFLICT",
    /// ).unwrap();
    /// assert_eq!(game.stack_at((1, 2)).len(), 3);
    /// assert!(game.move_piece((1, 1), (1, 2)));
    /// assert_eq!(game.stack_at((1, 2)), [("FROG".to_owned(), "PLAYER2".to_owned(), 1)]);
    /// ```
    pub fn stack_at(&self, at: (i32, i32)) -> Vec<(String, String, u32)> {
        (self.game.stack(at).iter())
            .map(|&(_, piece)| {
                let name = self.game.piece_type(piece).name.to_owned();
                (name, player_name(piece.owner), piece.value)
            })
            .collect()
    }

    /// Points player 1 or 2 removed through exits (0 for any other number).
    pub fn score(&self, player: u8) -> u32 {
        match player {
            1 | 2 => self.game.score(usize::from(player - 1)),
            _ => 0,
        }
    }

    /// `PLAYER1 wins`, `PLAYER2 wins` or `draw` once play is over.
    pub fn result(&self) -> Option<String> {
        match self.game.status() {
            Status::ToMove(_) => None,
            Status::Over(Outcome::Won(seat)) => Some(format!("{} wins", player_name(seat))),
            Status::Over(_) => Some("draw".to_owned()),
        }
    }

    /// Adds an observer; returns its id for [`GameManager::remove_observer`].
    pub fn add_observer(&mut self, observer: impl FnMut(&str) + Send + 'static) -> usize {
        let id = self.next_observer;
        self.next_observer += 1;
        self.observers.push((id, Box::new(observer)));
        id
    }

    /// Removes an observer; false if there was none with this id.
    pub fn remove_observer(&mut self, id: usize) -> bool {
        let before = self.observers.len();
        self.observers.retain(|(i, _)| *i != id);
        self.observers.len() != before
    }

    fn notify(&mut self, message: &str) {
        for (_, observer) in &mut self.observers {
            observer(message);
        }
    }
}
