//! An Escape position: the pieces on the board, whose turn it is, the
//! scores, and the table compiled once from the configuration.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::contract::Status;
use crate::mechanics::capture::Capture;
use crate::mechanics::landing::{Landing, NoLanding, Spot, land};
use crate::mechanics::movement::{
    Axis, Board, Coord, ExitCrossing, Ground, Mover, Reach, Route, Search,
};
use crate::mechanics::race::ScoreRace;
use crate::mechanics::squares::SquareRule;

use super::config::{Config, LocationKind, PieceType};
use super::variant::Variant;

/// The colours of PLAYER1 and PLAYER2 in the browser when a ruleset
/// gives none.
pub const DEFAULT_COLOURS: [&str; 2] = ["blue", "red"];

/// What the configuration fixes for the whole game, compiled at load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The configuration.
    pub config: Config,
    /// What the configuration's words mean.
    pub variant: Variant,
    /// How the game ends: the rule words' race mechanics.
    pub race: ScoreRace,
    /// What landing on an opponent does.
    pub capture: Capture,
    /// How paths treat squares they see as exits.
    pub crossing: ExitCrossing,
    /// Every location type that paths see as clear is open to all (so a
    /// square the search saw as clear needs no lookup).
    clear_is_open: bool,
    /// Locations other than CLEAR by coordinate.
    pub terrain: HashMap<Coord, LocationKind>,
    /// What paths meet on them, as a list, for marking search windows
    /// (open squares left out).
    pub obstacles: Vec<(Coord, Ground)>,
    /// The same, for a finite board of at most [`DENSE_CELLS`] squares:
    /// row by row (`x`), `y` counted from 1; else empty.
    dense: Vec<LocationKind>,
    /// The players' colours in the browser, PLAYER1's first (the
    /// ruleset's `[[players]] colour`).
    pub colours: [String; 2],
}

/// The most squares a finite board may have to keep its terrain as a
/// table rather than a map.
const DENSE_CELLS: u64 = 1 << 20;

impl Table {
    /// The table of a finite board's terrain, if it is small enough.
    fn dense(board: &Board, terrain: &HashMap<Coord, LocationKind>) -> Vec<LocationKind> {
        let (Axis::Finite(rows), Axis::Finite(columns)) = (board.x, board.y) else {
            return Vec::new();
        };
        if u64::from(rows) * u64::from(columns) > DENSE_CELLS {
            return Vec::new();
        }
        let mut dense = vec![LocationKind::Clear; rows as usize * columns as usize];
        for (&(x, y), &kind) in terrain {
            dense[(x - 1) as usize * columns as usize + (y - 1) as usize] = kind;
        }
        dense
    }

    /// What the location at `at` is.
    fn terrain(&self, at: Coord) -> LocationKind {
        if let (false, Axis::Finite(columns)) = (self.dense.is_empty(), self.config.board.y) {
            if !self.config.board.contains(at) {
                return LocationKind::Clear;
            }
            return self.dense[(at.0 - 1) as usize * columns as usize + (at.1 - 1) as usize];
        }
        self.terrain
            .get(&at)
            .copied()
            .unwrap_or(LocationKind::Clear)
    }
}

thread_local! {
    /// A search kept between moves so that searching allocates nothing.
    static SEARCH: Cell<Option<Search>> = const { Cell::new(None) };
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
    /// Sorted by coordinate; the pieces of a stack are neighbours, bottom
    /// first.
    pub(super) pieces: Vec<(Coord, Piece)>,
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
        let mut pieces = Vec::new();
        for location in &config.locations {
            if location.kind != LocationKind::Clear {
                terrain.insert(location.at, location.kind);
            }
            let ground = variant.square(location.kind).passage.ground();
            if ground != Ground::Clear {
                obstacles.push((location.at, ground));
            }
            for placed in &location.pieces {
                let value = config.pieces[placed.kind].value;
                let piece = Piece {
                    owner: placed.player,
                    kind: placed.kind,
                    value,
                };
                pieces.push((location.at, piece));
            }
        }
        // Stable: a stack keeps its order, bottom first.
        pieces.sort_by_key(|&(at, _)| at);
        let dense = Table::dense(&config.board, &terrain);
        let table = Arc::new(Table {
            race: variant.race(&config.rules),
            capture: variant.capture(&config.rules),
            crossing: variant.crossing(),
            clear_is_open: [variant.clear, variant.block, variant.exit]
                .iter()
                .all(|rule| rule.passage.ground() != Ground::Clear || *rule == SquareRule::OPEN),
            config,
            variant,
            terrain,
            obstacles,
            dense,
            colours: DEFAULT_COLOURS.map(str::to_owned),
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

    /// The game with the players drawn in `colours` (PLAYER1's first) in
    /// the browser.
    pub fn with_colours(mut self, colours: &[String; 2]) -> EscapeGame {
        Arc::make_mut(&mut self.table).colours = colours.clone();
        self
    }

    /// The compiled configuration.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.table.config.board
    }

    /// The piece at `at`: the top of a stack.
    pub fn piece(&self, at: Coord) -> Option<Piece> {
        self.stack(at).last().map(|&(_, piece)| piece)
    }

    /// Every piece at `at`, bottom first (empty, one, or a stack).
    pub fn stack(&self, at: Coord) -> &[(Coord, Piece)] {
        &self.pieces[self.stack_range(at)]
    }

    fn stack_range(&self, at: Coord) -> std::ops::Range<usize> {
        let start = self.pieces.partition_point(|&(c, _)| c < at);
        let end = start + self.pieces[start..].partition_point(|&(c, _)| c == at);
        start..end
    }

    /// Puts `piece` on top of what is at `at`.
    pub(super) fn put(&mut self, at: Coord, piece: Piece) {
        let end = self.stack_range(at).end;
        self.pieces.insert(end, (at, piece));
    }

    /// Takes the top piece off `at`, if there is one.
    pub(super) fn take(&mut self, at: Coord) -> Option<Piece> {
        let range = self.stack_range(at);
        (!range.is_empty()).then(|| self.pieces.remove(range.end - 1).1)
    }

    /// Replaces everything at `at` by `left` (bottom first).
    pub(super) fn replace_stack(&mut self, at: Coord, left: impl IntoIterator<Item = Piece>) {
        let range = self.stack_range(at);
        let start = range.start;
        self.pieces
            .splice(range, left.into_iter().map(|piece| (at, piece)));
        debug_assert!(self.pieces[start..].windows(2).all(|w| w[0].0 <= w[1].0));
    }

    /// Every piece, by coordinate (a stack bottom first).
    pub fn pieces(&self) -> impl Iterator<Item = (Coord, Piece)> + '_ {
        self.pieces.iter().copied()
    }

    /// The piece that moves from each occupied location: the top of each
    /// stack, by coordinate.
    pub fn tops(&self) -> impl Iterator<Item = (Coord, Piece)> + '_ {
        let next = |i: usize| self.pieces.get(i + 1).map(|&(c, _)| c);
        (self.pieces.iter().enumerate())
            .filter(move |&(i, &(at, _))| next(i) != Some(at))
            .map(|(_, &entry)| entry)
    }

    /// A piece's type.
    pub fn piece_type(&self, piece: Piece) -> &PieceType {
        &self.table.config.pieces[piece.kind]
    }

    /// What the location at `at` is.
    pub fn terrain(&self, at: Coord) -> LocationKind {
        self.table.terrain(at)
    }

    /// What the location at `at` does, as the ruleset says.
    pub fn square(&self, at: Coord) -> SquareRule {
        self.table.variant.square(self.terrain(at))
    }

    /// Points player `seat` (0 or 1) removed through exits.
    pub fn score(&self, seat: usize) -> u32 {
        self.scores[seat]
    }

    /// Single moves made since the start.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Ends play if the player to move cannot move, as the ruleset's
    /// `no-move` says.
    pub(super) fn settle(&mut self) {
        if let Status::ToMove(seat) = self.status
            && !self.can_move(seat)
        {
            self.status = Status::Over(self.table.race.stuck(seat, self.scores));
        }
    }

    /// What a path from `from` meets at `at`.
    fn ground(&self, from: Coord, at: Coord) -> Ground {
        if at != from && self.piece(at).is_some() {
            return Ground::Piece;
        }
        self.square(at).passage.ground()
    }

    /// Runs `then` on a search for the piece at `from`, run (the thread's
    /// kept search, or a new one if that is in use).
    /// With a `goal`, the search may stop once it reaches it.
    fn searched<T>(
        &self,
        from: Coord,
        mover: &Mover,
        goal: Option<Coord>,
        then: impl FnOnce(&Search) -> T,
    ) -> T {
        let fill = |search: &mut Search| {
            search.reset(self.board(), from, mover.budget);
            for &(at, ground) in &self.table.obstacles {
                search.set(at, ground);
            }
            for &(at, _) in &self.pieces {
                if at != from {
                    search.set(at, Ground::Piece);
                }
            }
            search.run_toward(mover, self.table.crossing, goal);
        };
        let kept = SEARCH.with(Cell::take);
        let mut search = kept.unwrap_or_else(|| Search::new(self.board(), from, 0));
        fill(&mut search);
        let answer = then(&search);
        SEARCH.with(|kept| kept.set(Some(search)));
        answer
    }

    /// How the piece at `from` reaches `to`, if it can: by its direct
    /// route when that is open, else by a search.
    pub(super) fn reach(&self, from: Coord, to: Coord, mover: &Mover) -> Option<Reach> {
        if self.board().distance(from, to) > u64::from(mover.budget) {
            return None;
        }
        if let Some(route) = Route::new(self.board(), mover.pattern, from, to) {
            let ground = |at| self.ground(from, at);
            let open = route.open_for(mover, ground);
            if let Some(reach) = open.or_else(|| route.reversed().open_for(mover, ground)) {
                return Some(reach);
            }
        }
        self.searched(from, mover, Some(to), |search| search.reach(to))
    }

    /// How `seat`'s move ending on `to` ends, or why it may not (path
    /// aside).
    pub(super) fn landing(&self, seat: usize, to: Coord) -> Result<Landing, NoLanding> {
        let rule = self.square(to);
        let spot = Spot {
            on_board: self.board().contains(to),
            landable: rule.land,
            removes: rule.removes(),
            occupant: self.piece(to).map(|p| p.owner == seat),
        };
        land(spot, self.table.capture)
    }

    /// Whether `seat` has a legal move: a neighbouring landing square first
    /// (a one-step path always exists), else a full search.
    fn can_move(&self, seat: usize) -> bool {
        let mine = || self.tops().filter(|(_, p)| p.owner == seat);
        for (from, piece) in mine() {
            let mover = self.piece_type(piece).mover;
            for &(dx, dy) in self.board().directions(mover.pattern) {
                let Some(to) = from.0.checked_add(dx).zip(from.1.checked_add(dy)) else {
                    continue;
                };
                if self.landing(seat, to).is_ok() {
                    return true;
                }
            }
        }
        mine().any(|(from, piece)| !self.each_destination(from, piece, |_| false))
    }

    /// Calls `visit` with every legal destination of the piece at `from`,
    /// in canonical order, while it returns true; false if it stopped.
    pub(super) fn each_destination(
        &self,
        from: Coord,
        piece: Piece,
        mut visit: impl FnMut(Coord) -> bool,
    ) -> bool {
        let mover = self.piece_type(piece).mover;
        self.searched(from, &mover, None, |search| {
            for (to, _, ground) in search.reached_on() {
                // The search's marks say whether a piece is there; only its
                // owner, and what a location does, need looking up.
                let rule = match ground {
                    Ground::Clear if self.table.clear_is_open => SquareRule::OPEN,
                    _ => self.square(to),
                };
                let spot = Spot {
                    on_board: true,
                    landable: rule.land,
                    removes: rule.removes(),
                    occupant: (ground == Ground::Piece)
                        .then(|| self.piece(to).is_some_and(|p| p.owner == piece.owner)),
                };
                let lands = land(spot, self.table.capture).is_ok();
                if lands && !visit(to) {
                    return false;
                }
            }
            true
        })
    }
}
