//! The generic turn engine: game state, actions, events and legality. Pure:
//! no I/O. Everything it decides comes from [`Rules`].
//!
//! ```
//! use relic::games::moving_maze::board::{parse_board, Direction, SlideAt};
//! use relic::games::moving_maze::engine::{Action, Event, Game};
//! use relic::rules::Rules;
//!
//! let rules = Rules::standard();
//! let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
//! let board = parse_board(gbf, &rules.limits()).unwrap();
//! let mut game = Game::new(rules, &board).unwrap();
//! let events = game.apply(Action::Slide(SlideAt::new(Direction::North, 2))).unwrap();
//! assert!(matches!(events[0], Event::Slid { .. }));
//! // the reverse slide is refused and changes nothing
//! let before = game.clone();
//! assert!(game.apply(Action::Slide(SlideAt::new(Direction::South, 2))).is_err());
//! assert_eq!(game, before);
//! ```

mod action;
mod apply;
mod flags;
mod reach;
mod setup;
mod snapshot;
mod tileset;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use action::{Action, Event, IllegalAction};
pub use reach::{Links, TileSet, positions, spread};
pub use snapshot::{PlayerSnapshot, Snapshot};

pub use flags::Flags;

use flags::{slide_bit, slide_of_bit};

use crate::games::moving_maze::board::{Board, Direction, Maze, Pos, Relic, SlideAt, Tile};
use crate::games::moving_maze::rules::{Corner, RelicOrder, Rules};

/// The most players a game can have: one per corner.
pub const MAX_PLAYERS: usize = 4;

/// The phase of the current turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Rotate and slide the floating tile.
    Slide,
    /// Move the adventurer.
    Move,
    /// The game is over (won or quit).
    Over,
}

/// One player's adventurer and progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PlayerState {
    /// Where the adventurer stands.
    pub pos: Pos,
    /// The start corner, where it must return.
    pub home: Pos,
    /// How many relics it has collected.
    pub collected: u8,
    /// Bit `n` set when relic number `n` has been collected.
    collected_orders: u16,
    /// The relic colour letter, as a byte.
    relic: u8,
}

/// Why a game cannot be set up with this board under these rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The board breaks the ruleset's limits.
    #[error("the board does not fit the ruleset: {0}")]
    Board(String),
    /// The ruleset has more players than the engine seats.
    #[error("the ruleset has {0} players; at most {MAX_PLAYERS} can play")]
    TooManyPlayers(usize),
    /// The ruleset seats nobody (its turn order names no player).
    #[error("the ruleset seats no player: its turn order names none of its players")]
    NoPlayers,
}

/// A game in progress: the rules, the board, the adventurers and whose
/// turn it is. Cloning is cheap (no heap allocation but one shared `Arc`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    flags: Flags,
    state: State,
}

/// The state proper: everything but the rules. Plain data in a few
/// hundred bytes (checked at compile time to stay within 1 KiB and to own
/// no heap memory), so copying it is cheap.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct State {
    maze: Maze,
    floating: Tile,
    links: Links,
    relics_per_colour: u8,
    players: [PlayerState; MAX_PLAYERS],
    player_count: u8,
    current: u8,
    phase: Phase,
    forbidden_slide: Option<SlideAt>,
    winner: Option<u8>,
    turn: u32,
}

const _: () = assert!(size_of::<State>() <= 1024, "a game state fits in 1 KiB");
const _: () = assert!(
    !std::mem::needs_drop::<State>(),
    "a state owns no heap memory"
);

impl Game {
    /// Sets up a game: adventurers on their corners, the first seat to slide.
    ///
    /// Fails if the board breaks the ruleset's limits (size, K, relic
    /// colours) or the ruleset seats no player or more than
    /// [`MAX_PLAYERS`].
    ///
    /// ```
    /// use relic::games::moving_maze::board::{parse_board, Pos};
    /// use relic::games::moving_maze::engine::{Game, Phase};
    /// use relic::rules::Rules;
    ///
    /// let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// let rules = Rules::standard();
    /// let board = parse_board(gbf, &rules.limits()).unwrap();
    /// let game = Game::new(rules, &board).unwrap();
    /// assert_eq!(game.players().len(), 4);
    /// assert_eq!(game.players()[3].pos, Pos::new(2, 2)); // Blue, bottom right
    /// assert_eq!((game.current_seat(), game.phase()), (0, Phase::Slide));
    /// ```
    pub fn new(rules: Arc<Rules>, board: &Board) -> Result<Game, SetupError> {
        let seats = rules.seats();
        if seats.len() > MAX_PLAYERS {
            return Err(SetupError::TooManyPlayers(seats.len()));
        }
        if seats.is_empty() {
            return Err(SetupError::NoPlayers);
        }
        setup::check_board(board, &rules.limits())?;
        let maze = board.maze().clone();
        let mut players = [PlayerState::default(); MAX_PLAYERS];
        for (player, seat) in players.iter_mut().zip(seats) {
            let home = corner_pos(&maze, seat.corner);
            *player = PlayerState {
                pos: home,
                home,
                relic: seat.relic as u8,
                ..PlayerState::default()
            };
        }
        let flags = Flags::new(&rules, &maze);
        let state = State {
            links: Links::of(&maze),
            maze,
            floating: board.floating(),
            relics_per_colour: board.relics_per_colour(),
            players,
            player_count: seats.len() as u8,
            current: 0,
            phase: Phase::Slide,
            forbidden_slide: None,
            winner: None,
            turn: 0,
        };
        Ok(Game {
            rules,
            flags,
            state,
        })
    }

    /// The game before its first action with the adventurer of `seat`
    /// standing on `pos` instead of its start corner (its home stays the
    /// corner): puzzles such as the solver's benchmark instances start
    /// players anywhere. Refused once the game has begun or when `pos` is
    /// off the maze or the seat does not exist.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Pos};
    /// # use relic::games::moving_maze::engine::Game;
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
    /// let moved = game.with_start(0, Pos::new(1, 1)).unwrap();
    /// assert_eq!(moved.players()[0].pos, Pos::new(1, 1));
    /// assert_eq!(moved.players()[0].home, Pos::new(0, 0));
    /// assert!(game.with_start(0, Pos::new(3, 0)).is_err());
    /// ```
    pub fn with_start(&self, seat: usize, pos: Pos) -> Result<Game, SetupError> {
        if self.state.turn != 0 || self.state.phase != Phase::Slide || self.state.current != 0 {
            return Err(SetupError::Board(
                "adventurers can be placed only before the first turn".to_string(),
            ));
        }
        if seat >= self.state.player_count as usize || !self.state.maze.contains(pos) {
            return Err(SetupError::Board(format!(
                "seat {seat} cannot start on {pos}: no such seat or tile"
            )));
        }
        let mut game = self.clone();
        game.state.players[seat].pos = pos;
        Ok(game)
    }

    /// The rules being played.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The rules compiled for this game's hot paths.
    pub fn flags(&self) -> &Flags {
        &self.flags
    }

    /// The state without the rules.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The tile maze.
    pub fn maze(&self) -> &Maze {
        &self.state.maze
    }

    /// Which tiles connect, as bit boards (kept up to date by every slide).
    pub fn links(&self) -> &Links {
        &self.state.links
    }

    /// The floating tile.
    pub fn floating(&self) -> Tile {
        self.state.floating
    }

    /// K, the number of relics of each colour.
    pub fn relics_per_colour(&self) -> u8 {
        self.state.relics_per_colour
    }

    /// The players, in seat (turn) order.
    pub fn players(&self) -> &[PlayerState] {
        &self.state.players[..self.state.player_count as usize]
    }

    /// The seat whose turn it is.
    pub fn current_seat(&self) -> usize {
        self.state.current as usize
    }

    /// The phase of the current turn.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// The winner's seat, once someone has won.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// let n2 = Action::Slide(SlideAt::new(Direction::North, 2));
    /// game.apply(n2).unwrap();
    /// // Green collects its only relic, which ends its turn...
    /// let events = game.apply(Action::MoveTo(Pos::new(0, 1))).unwrap();
    /// assert!(events.contains(&Event::AllRelicsCollected { seat: 0 }));
    /// assert_eq!(game.winner(), None);
    /// for _ in 0..3 {
    ///     game.apply(n2).unwrap();
    ///     game.apply(Action::Done).unwrap();
    /// }
    /// // ...and a round later walks back to its corner and wins.
    /// game.apply(n2).unwrap();
    /// let events = game.apply(Action::MoveTo(Pos::new(0, 0))).unwrap();
    /// assert_eq!(events.last(), Some(&Event::Won { seat: 0 }));
    /// assert_eq!((game.winner(), game.phase()), (Some(0), Phase::Over));
    /// ```
    pub fn winner(&self) -> Option<usize> {
        self.state.winner.map(usize::from)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state.phase == Phase::Over
    }

    /// Turns completed so far.
    pub fn turn(&self) -> u32 {
        self.state.turn
    }

    /// Whether `done` may end a slide phase without a slide in this game:
    /// the ruleset does not require a slide, or no line of this maze may
    /// ever be slid. Front ends and bots ask this, never the ruleset.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::parse_board;
    /// # use relic::games::moving_maze::engine::Game;
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let game = Game::new(rules, &board).unwrap();
    /// assert!(!game.may_skip_slide()); // standard rules require the slide
    /// assert!(game.may_rotate() && game.may_pathfind() && game.may_step());
    /// ```
    pub fn may_skip_slide(&self) -> bool {
        self.flags.may_skip_slide
    }

    /// Whether the floating tile may be rotated in this game.
    pub fn may_rotate(&self) -> bool {
        self.flags.rotate
    }

    /// Whether the adventurer may take single steps in this game.
    pub fn may_step(&self) -> bool {
        self.flags.steps
    }

    /// Whether the adventurer may move along pathways to a tile.
    pub fn may_pathfind(&self) -> bool {
        self.flags.pathfinding
    }

    /// Whether the line `at` may ever be slid in this game (ignoring the
    /// last exit point).
    pub fn may_slide_line(&self, at: SlideAt) -> bool {
        self.maze().has_line(at) && self.flags.slidable & slide_bit(at) != 0
    }

    /// The slide forbidden as the last exit point, if any.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// game.apply(Action::Slide(SlideAt::new(Direction::North, 2))).unwrap();
    /// assert_eq!(game.forbidden_slide(), Some(SlideAt::new(Direction::South, 2)));
    /// ```
    pub fn forbidden_slide(&self) -> Option<SlideAt> {
        self.state.forbidden_slide
    }

    /// The tiles connected by pathways to `pos`, `pos` included (none if
    /// `pos` is off the maze), one bit per row-major index.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// use relic::games::moving_maze::engine::positions;
    /// let reach = game.reachable_from(Pos::new(0, 0));
    /// assert_eq!(reach.count_ones(), 9);
    /// let first: Vec<String> = positions(reach, 3).take(3).map(|p| p.to_string()).collect();
    /// assert_eq!(first, ["1,1", "2,1", "3,1"]);
    /// ```
    pub fn reachable_from(&self, pos: Pos) -> TileSet {
        if !self.state.maze.contains(pos) {
            return TileSet::EMPTY;
        }
        self.state.links.reachable(self.state.maze.index_of(pos))
    }

    /// Whether `seat` could collect `relic` now (it is one of its active relics).
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// let g1 = Relic::new('g', 1).unwrap();
    /// assert!(game.is_active_relic(0, g1)); // Green's
    /// assert!(!game.is_active_relic(1, g1)); // not Yellow's
    /// ```
    pub fn is_active_relic(&self, seat: usize, relic: Relic) -> bool {
        let Some(player) = self.players().get(seat) else {
            return false;
        };
        self.state.is_active(player, relic, self.flags.order)
    }

    /// Whether `relic` is drawn: hidden relics are those no player can
    /// collect yet, when the ruleset hides inactive relics.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// // With K = 1 every uncollected relic is some player's next one.
    /// assert!(game.is_relic_visible(Relic::new('b', 1).unwrap()));
    /// ```
    pub fn is_relic_visible(&self, relic: Relic) -> bool {
        if !self.rules.relics().hide_inactive {
            return true;
        }
        (0..self.players().len()).any(|seat| self.is_active_relic(seat, relic))
    }

    /// Every action `apply` accepts now, but `Quit`, which is always
    /// accepted while the game runs.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// let names: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    /// assert_eq!(names, ["r", "l", "n2", "e2", "s2", "w2"]);
    /// ```
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(&mut actions);
        actions
    }

    /// The slides `apply` would accept now, in a fixed order.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// game.apply(Action::Slide(SlideAt::new(Direction::West, 2))).unwrap();
    /// assert_eq!(game.legal_slides().count(), 0); // moving now
    /// game.apply(Action::Done).unwrap();
    /// let slides: Vec<String> = game.legal_slides().map(|at| at.to_string()).collect();
    /// assert_eq!(slides, ["n2", "s2", "w2"]); // e2 is the last exit point
    /// ```
    pub fn legal_slides(&self) -> impl Iterator<Item = SlideAt> + use<> {
        let mut rest = self.open_slides();
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let bit = rest.trailing_zeros();
            rest &= rest - 1;
            Some(slide_of_bit(bit))
        })
    }

    /// The set of slides `apply` accepts now, one bit per slide.
    fn open_slides(&self) -> u64 {
        if self.state.phase != Phase::Slide {
            return 0;
        }
        let forbidden = self.state.forbidden_slide.map_or(0, slide_bit);
        self.flags.slidable & !forbidden
    }

    /// Appends every legal action (but `Quit`) to `actions`.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// let mut actions = Vec::with_capacity(64);
    /// game.legal_actions_into(&mut actions);
    /// assert_eq!(actions, game.legal_actions());
    /// ```
    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        match self.state.phase {
            Phase::Over => {}
            Phase::Slide => {
                if self.flags.rotate {
                    actions.extend([Action::RotateClockwise, Action::RotateCounterclockwise]);
                }
                actions.extend(self.legal_slides().map(Action::Slide));
                if self.flags.may_skip_slide {
                    actions.push(Action::Done);
                }
            }
            Phase::Move => {
                let here = self.players()[self.current_seat()].pos;
                if self.flags.steps {
                    let steps = Direction::ALL
                        .into_iter()
                        .filter(|&d| self.check_step(here, d).is_ok());
                    actions.extend(steps.map(Action::Step));
                }
                if self.flags.pathfinding {
                    let reach = self.reachable_from(here);
                    actions.extend(positions(reach, self.state.maze.width()).map(Action::MoveTo));
                }
                actions.push(Action::Done);
            }
        }
    }
}

impl State {
    fn is_active(&self, player: &PlayerState, relic: Relic, order: RelicOrder) -> bool {
        if relic.colour() as u8 != player.relic
            || player.collected_orders & (1 << relic.order()) != 0
        {
            return false;
        }
        match order {
            RelicOrder::InOrder => relic.order() == player.collected + 1,
            RelicOrder::AnyOrder => relic.order() <= self.relics_per_colour,
        }
    }
}

/// The position of `corner` in `maze`.
///
/// ```
/// use relic::games::moving_maze::board::{Maze, Pos, Tile};
/// use relic::games::moving_maze::engine::corner_pos;
/// use relic::rules::Corner;
/// let maze = Maze::from_rows(&vec![vec![Tile::from_code("1111xx").unwrap(); 5]; 3]).unwrap();
/// assert_eq!(corner_pos(&maze, Corner::BottomRight), Pos::new(4, 2));
/// assert_eq!(corner_pos(&maze, Corner::TopRight).to_string(), "5,1");
/// ```
pub fn corner_pos(maze: &Maze, corner: Corner) -> Pos {
    let x = if corner.is_left() {
        0
    } else {
        maze.width() - 1
    };
    let y = if corner.is_top() {
        0
    } else {
        maze.height() - 1
    };
    Pos::new(x, y)
}
