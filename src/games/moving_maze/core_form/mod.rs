//! Moving Maze written in the core rules language ([`crate::lang`]) for
//! one maze: [`maze_core`] writes a core ruleset whose one interpreter
//! plays the same game as the engine, action for action.
//!
//! The board is the maze with a ring of cells around it. Each cell of the
//! maze holds a stack: its tile at the bottom (a neutral kind per set of
//! open sides, `t0101`), the relic it carries (a neutral kind per relic,
//! `r-g1`), then the adventurers standing on it (a neutral kind per
//! seat, `a-green`), in the order they came. The floating tile lies on
//! the ring's south-west corner, which no line crosses. A slide carries
//! the floating tile to the ring's cell before the line, moves each stack
//! of the line one cell on (`[lift all]` and `[drop all]`, the far end
//! first) and carries the stack pushed onto the ring's far cell back to
//! the corner, after its adventurers leave it for the inserted tile or
//! their start corners. Paths are a flood fill over pairs of open sides
//! (`reach`), tested beneath whatever stands on a tile. The phase of the
//! turn, the slide a player may not make next (the last exit point),
//! each seat's count of relics collected, and for one action which
//! adventurers a slide pushed off and whether the mover collected, are
//! variables. The notation is the engine's (`r`, `l`, `n`, `done`) but
//! for a slide, whose side is written in capitals (`N2`: `n2` names a
//! cell of the board), and a move along paths, written by the core's name
//! of its tile's cell ([`core_cell`]).

mod rules;

use crate::games::moving_maze::board::{Direction, Pos, Relic, SlideAt};
use crate::games::moving_maze::engine::{Action, Game, Phase};
use crate::lang::board::column_name;
use crate::lang::keywords::is_keyword;

/// Why a position does not lower into the core.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoCoreForm {
    /// Only a position at the start of the first seat's turn lowers.
    #[error("only a position at the start of the first seat's turn is written in the core")]
    MidTurn,
    /// The game is over.
    #[error("the game is over")]
    Over,
}

/// The core ruleset (TOML) that plays on from `game`, a position at the
/// start of the first seat's turn (a new game, or one whose adventurers
/// start elsewhere).
///
/// ```
/// use relic::games::moving_maze::board::parse_board;
/// use relic::games::moving_maze::core_form::maze_core;
/// use relic::games::moving_maze::engine::Game;
/// use relic::contract::Game as _;
/// use relic::rules::Rules;
/// let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
/// let rules = Rules::standard();
/// let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
/// let toml = maze_core(&game).unwrap();
/// let (_, program) = relic::lang::parse_core_resolved(&toml, "maze.toml", None).unwrap();
/// let core = relic::lang::CoreGame::new(program);
/// let listed: Vec<String> = core.legal_actions().iter().map(|a| core.write_action(a)).collect();
/// assert_eq!(listed, ["r", "l", "N2", "E2", "S2", "W2"]);
/// ```
pub fn maze_core(game: &Game) -> Result<String, NoCoreForm> {
    if game.is_over() {
        return Err(NoCoreForm::Over);
    }
    if game.current_seat() != 0 {
        return Err(NoCoreForm::MidTurn);
    }
    Ok(Writer::new(game).toml())
}

/// The slides the rules ever allow on `game`'s maze, in the engine's
/// order (side by side from the north, clockwise; lines from 1).
fn slides(game: &Game) -> Vec<SlideAt> {
    let maze = game.maze();
    (Direction::ALL.into_iter())
        .flat_map(|side| (1..=maze.lines_from(side)).map(move |i| SlideAt::new(side, i)))
        .filter(|&at| game.may_slide_line(at))
        .collect()
}

/// The core's name of the cell of the maze's tile at `pos` in `game`'s
/// core form (the maze lies inside a ring of cells).
///
/// ```
/// # use relic::games::moving_maze::board::{parse_board, Pos};
/// # use relic::games::moving_maze::engine::Game;
/// # use relic::rules::Rules;
/// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
/// # let rules = Rules::standard();
/// # let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
/// use relic::games::moving_maze::core_form::core_cell;
/// assert_eq!(core_cell(&game, Pos::new(0, 0)), "b4"); // the top left tile
/// ```
pub fn core_cell(game: &Game, pos: Pos) -> String {
    let height = i32::from(game.maze().height());
    ring_cell(height, i32::from(pos.x), i32::from(pos.y))
}

/// The engine's `action` in `game`'s core form's notation: the same words
/// but a slide's side in capitals (`N2`) and a path's tile by its cell
/// ([`core_cell`]).
///
/// ```
/// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, SlideAt};
/// # use relic::games::moving_maze::engine::{Action, Game};
/// # use relic::rules::Rules;
/// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
/// # let rules = Rules::standard();
/// # let game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
/// use relic::games::moving_maze::core_form::core_action_text;
/// let slide = Action::Slide(SlideAt::new(Direction::North, 2));
/// assert_eq!(core_action_text(&game, slide), "N2");
/// assert_eq!(core_action_text(&game, Action::MoveTo(Pos::new(0, 0))), "b4");
/// assert_eq!(core_action_text(&game, Action::Step(Direction::West)), "w");
/// ```
pub fn core_action_text(game: &Game, action: Action) -> String {
    match action {
        Action::Slide(at) => rules::slide_word(at),
        Action::MoveTo(pos) => core_cell(game, pos),
        other => other.to_string(),
    }
}

/// The core cell at maze column `x` and row `y` (from the top) of a maze
/// `height` rows high, the ring around the maze at -1 and the width or
/// height.
fn ring_cell(height: i32, x: i32, y: i32) -> String {
    format!("{}{}", column_name((x + 1) as u16), height - y + 1)
}

/// What the rules texts are written from.
struct Writer<'a> {
    game: &'a Game,
    /// The maze's width and height.
    w: i32,
    h: i32,
    /// Each seat's core names.
    seats: Vec<SeatWords>,
    /// The relics on the maze and the floating tile, in order.
    relics: Vec<Relic>,
    /// The slides the rules allow on this maze, in the engine's order.
    slides: Vec<SlideAt>,
}

/// A seat's names in the core.
struct SeatWords {
    /// Its player's name.
    player: String,
    /// Its adventurer's kind and glyph.
    kind: String,
    glyph: String,
    /// Its relic colour letter.
    colour: char,
    /// Its home corner's cell.
    home: String,
}

impl<'a> Writer<'a> {
    fn new(game: &'a Game) -> Writer<'a> {
        let maze = game.maze();
        let (w, h) = (i32::from(maze.width()), i32::from(maze.height()));
        let mut relics: Vec<Relic> = (maze.tiles().iter().chain([&game.floating()]))
            .filter_map(|t| t.relic())
            .collect();
        relics.sort();
        relics.dedup();
        let mut writer = Writer {
            game,
            w,
            h,
            seats: Vec::new(),
            relics,
            slides: slides(game),
        };
        writer.seats = writer.seat_words();
        writer
    }

    fn seat_words(&self) -> Vec<SeatWords> {
        let seats = self.game.rules().seats();
        let players = self.game.players();
        let plain =
            |s: &str| s.len() >= 3 && s.bytes().all(|b| b.is_ascii_lowercase()) && !is_keyword(s);
        let names_ok = seats.iter().all(|s| plain(&s.colour))
            && (1..seats.len()).all(|i| seats[..i].iter().all(|o| o.colour != seats[i].colour));
        let initials_ok = seats.iter().all(|s| s.initial.is_ascii_uppercase())
            && (1..seats.len()).all(|i| seats[..i].iter().all(|o| o.initial != seats[i].initial));
        (seats.iter().zip(players).enumerate())
            .map(|(k, (seat, player))| {
                let name = match names_ok {
                    true => seat.colour.clone(),
                    false => format!("p{}", k + 1),
                };
                SeatWords {
                    kind: format!("a-{name}"),
                    glyph: match initials_ok {
                        true => seat.initial.to_string(),
                        false => format!("A{}", k + 1),
                    },
                    player: name,
                    colour: seat.relic,
                    home: self.cell(player.home),
                }
            })
            .collect()
    }

    /// The core cell of the maze's tile at `pos`.
    fn cell(&self, pos: Pos) -> String {
        self.at(i32::from(pos.x), i32::from(pos.y))
    }

    /// The core cell at maze column `x` and row `y` (from the top), the
    /// ring around the maze at -1, `w` and `h`.
    fn at(&self, x: i32, y: i32) -> String {
        ring_cell(self.h, x, y)
    }

    /// The ring cell where the floating tile lies.
    fn floating_cell(&self) -> String {
        self.at(-1, self.h)
    }

    /// The cells of the line `at` slides, from its entry to its exit.
    fn line(&self, at: SlideAt) -> Vec<(i32, i32)> {
        let line = i32::from(at.index) - 1;
        let (w, h) = (self.w, self.h);
        match at.side {
            Direction::North => (0..h).map(|y| (line, y)).collect(),
            Direction::South => (0..h).rev().map(|y| (line, y)).collect(),
            Direction::West => (0..w).map(|x| (x, line)).collect(),
            Direction::East => (0..w).rev().map(|x| (x, line)).collect(),
        }
    }

    /// The ring cells just before the line `at` and just after it.
    fn ring_ends(&self, at: SlideAt) -> ((i32, i32), (i32, i32)) {
        let line = self.line(at);
        let (first, last) = (line[0], line[line.len() - 1]);
        let (dx, dy) = match at.side {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::West => (1, 0),
            Direction::East => (-1, 0),
        };
        ((first.0 - dx, first.1 - dy), (last.0 + dx, last.1 + dy))
    }

    /// A slide's number in the variable of the last exit point (from 1).
    fn slide_number(&self, at: SlideAt) -> usize {
        (self.slides.iter().position(|&s| s == at)).map_or(0, |i| i + 1)
    }

    /// A relic's kind (`r-g1`).
    fn relic_kind(relic: Relic) -> String {
        format!("r-{relic}")
    }

    fn relics_per_colour(&self) -> u8 {
        self.game.relics_per_colour()
    }

    fn in_move_phase(&self) -> bool {
        self.game.phase() == Phase::Move
    }
}
