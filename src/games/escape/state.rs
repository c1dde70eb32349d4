//! An Escape position: the pieces on the board, whose turn it is, the
//! scores, and the table compiled once from the configuration.

use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::contract::Status;
use crate::mechanics::movement::{Board, Coord, Ground, Mover, Reach, Search};

use super::config::{Config, LocationKind, PieceType};
use super::variant::Variant;

/// What the configuration fixes for the whole game, compiled at load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The configuration.
    pub config: Config,
    /// The rules' readings.
    pub variant: Variant,
    /// Blocks and exits by coordinate.
    pub terrain: HashMap<Coord, LocationKind>,
    /// The same, as a list, for marking search windows.
    pub obstacles: Vec<(Coord, Ground)>,
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its owner: 0 (PLAYER1) or 1 (PLAYER2).
    pub owner: usize,
    /// Its type, an index into the configuration's piece types.
    pub kind: usize,
    /// Its current value.
    pub value: u32,
}

/// An Escape position.
#[derive(Clone, Debug)]
pub struct EscapeGame {
    pub(super) table: Arc<Table>,
    pub(super) pieces: BTreeMap<Coord, Piece>,
    pub(super) to_move: usize,
    pub(super) moves: u32,
    pub(super) scores: [u32; 2],
    pub(super) status: Status,
}

impl PartialEq for EscapeGame {
    fn eq(&self, other: &EscapeGame) -> bool {
        (Arc::ptr_eq(&self.table, &other.table) || self.table == other.table)
            && self.pieces == other.pieces
            && self.to_move == other.to_move
            && self.moves == other.moves
            && self.scores == other.scores
            && self.status == other.status
    }
}

impl Eq for EscapeGame {}

impl Hash for EscapeGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pieces.hash(state);
        (self.to_move, self.moves, self.scores, self.status).hash(state);
    }
}

impl EscapeGame {
    /// The starting position of `config` under `variant`.
    ///
    /// ```
    /// use relic::contract::{Game, Status};
    /// use relic::games::escape::{EscapeGame, Variant, config::parse_config};
    /// let config = parse_config("Coordinate type : HEX xMax : 0 yMax : 0
    ///     Locations : (0, 0) player1 dog (3, 3) player2 dog
    ///     Piece descriptors : DOG omni [distance 1]").unwrap();
    /// let game = EscapeGame::new(config, Variant::default());
    /// assert_eq!(game.status(), Status::ToMove(0));
    /// assert_eq!(game.legal_actions().len(), 6);
    /// ```
    pub fn new(config: Config, variant: Variant) -> EscapeGame {
        let mut terrain = HashMap::new();
        let mut obstacles = Vec::new();
        let mut pieces = BTreeMap::new();
        for location in &config.locations {
            let ground = match location.kind {
                LocationKind::Clear => None,
                LocationKind::Block => Some(Ground::Block),
                LocationKind::Exit => Some(Ground::Exit),
            };
            if let Some(ground) = ground {
                terrain.insert(location.at, location.kind);
                obstacles.push((location.at, ground));
            }
            if let Some(placed) = location.piece {
                let value = config.pieces[placed.kind].value;
                let piece = Piece {
                    owner: placed.player,
                    kind: placed.kind,
                    value,
                };
                pieces.insert(location.at, piece);
            }
        }
        let table = Arc::new(Table {
            config,
            variant,
            terrain,
            obstacles,
        });
        let mut game = EscapeGame {
            table,
            pieces,
            to_move: 0,
            moves: 0,
            scores: [0; 2],
            status: Status::ToMove(0),
        };
        game.settle();
        game
    }

    /// The compiled configuration.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.table.config.board
    }

    /// The piece at `at`.
    pub fn piece(&self, at: Coord) -> Option<Piece> {
        self.pieces.get(&at).copied()
    }

    /// Every piece, by coordinate.
    pub fn pieces(&self) -> impl Iterator<Item = (Coord, Piece)> + '_ {
        self.pieces.iter().map(|(&c, &p)| (c, p))
    }

    /// A piece's type.
    pub fn piece_type(&self, piece: Piece) -> &PieceType {
        &self.table.config.pieces[piece.kind]
    }

    /// What the location at `at` is.
    pub fn terrain(&self, at: Coord) -> LocationKind {
        self.table
            .terrain
            .get(&at)
            .copied()
            .unwrap_or(LocationKind::Clear)
    }

    /// Points player `seat` (0 or 1) removed through exits.
    pub fn score(&self, seat: usize) -> u32 {
        self.scores[seat]
    }

    /// Single moves made since the start.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Ends play if the player to move cannot move (the other wins).
    pub(super) fn settle(&mut self) {
        if let Status::ToMove(seat) = self.status
            && !self.can_move(seat)
        {
            self.status = Status::Over(crate::contract::Outcome::Won(1 - seat));
        }
    }

    /// A search for the piece at `from`, run.
    pub(super) fn search(&self, from: Coord, mover: &Mover) -> Search {
        let mut search = Search::new(self.board(), from, mover.budget);
        for &(at, ground) in &self.table.obstacles {
            search.set(at, ground);
        }
        for &at in self.pieces.keys() {
            if at != from {
                search.set(at, Ground::Piece);
            }
        }
        search.run(mover, self.table.variant.exit_crossing);
        search
    }

    /// How the piece at `from` reaches `to`, if it can.
    pub(super) fn reach(&self, from: Coord, to: Coord, mover: &Mover) -> Option<Reach> {
        if self.board().distance(from, to) > u64::from(mover.budget) {
            return None;
        }
        self.search(from, mover).reach(to)
    }

    /// Whether `seat`'s piece may end a move on `to` (path aside).
    pub(super) fn may_land(&self, seat: usize, to: Coord) -> bool {
        if !self.board().contains(to) || self.terrain(to) == LocationKind::Block {
            return false;
        }
        match self.pieces.get(&to) {
            None => true,
            Some(piece) => {
                piece.owner != seat
                    && self.table.config.rules.conflict != super::config::Conflict::Forbidden
            }
        }
    }

    /// Whether `seat` has a legal move: a neighbouring landing square first
    /// (a one-step path always exists), else a full search.
    fn can_move(&self, seat: usize) -> bool {
        let mine = self.pieces.iter().filter(|(_, p)| p.owner == seat);
        for (&from, piece) in mine.clone() {
            let mover = self.piece_type(*piece).mover;
            for &(dx, dy) in self.board().directions(mover.pattern) {
                let Some(to) = from.0.checked_add(dx).zip(from.1.checked_add(dy)) else {
                    continue;
                };
                if self.may_land(seat, to) {
                    return true;
                }
            }
        }
        mine.into_iter()
            .any(|(&from, piece)| self.destinations(from, *piece).next().is_some())
    }

    /// Every legal destination of the piece at `from`, in canonical order.
    pub(super) fn destinations(&self, from: Coord, piece: Piece) -> impl Iterator<Item = Coord> {
        let mover = self.piece_type(piece).mover;
        let search = self.search(from, &mover);
        let landing: Vec<Coord> = search
            .reached()
            .map(|(to, _)| to)
            .filter(|&to| self.may_land(piece.owner, to))
            .collect();
        landing.into_iter()
    }
}
