//! A stable, serialisable view of a game's state, written the way players
//! read the game: GBF tile codes, 1-based `X,Y` positions, sliding
//! indicators and player colours.

use serde::{Deserialize, Serialize};

use super::{Game, Phase};
use crate::games::moving_maze::board::Tile;

/// Everything about a game in progress but the rules, as plain data that
/// serialises stably (for example to RON for snapshot tests and tools).
///
/// ```
/// use relic::games::moving_maze::board::{parse_board, Direction, SlideAt};
/// use relic::games::moving_maze::engine::{Action, Game, Phase};
/// use relic::rules::Rules;
///
/// let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
/// let rules = Rules::standard();
/// let mut game = Game::new(rules.clone(), &parse_board(gbf, &rules.limits()).unwrap()).unwrap();
/// game.apply(Action::Slide(SlideAt::new(Direction::West, 2))).unwrap();
/// let snapshot = game.snapshot();
/// assert_eq!(snapshot.maze[1], "0101xx 1110xx 1010xx");
/// assert_eq!(snapshot.floating, "1011xx");
/// assert_eq!(snapshot.forbidden_slide.as_deref(), Some("e2"));
/// assert_eq!(snapshot.phase, Phase::Move);
/// assert_eq!(snapshot.current, "green");
/// assert_eq!(snapshot.players[1].at, "3,1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Turns completed so far.
    pub turn: u32,
    /// The colour of the player whose turn it is.
    pub current: String,
    /// The phase of the current turn.
    pub phase: Phase,
    /// The winner's colour, once someone has won.
    pub winner: Option<String>,
    /// The slide forbidden as the last exit point, such as `s4`.
    pub forbidden_slide: Option<String>,
    /// K, the number of relics of each colour.
    pub relics_per_colour: u8,
    /// The floating tile's GBF code, such as `0110g1`.
    pub floating: String,
    /// The maze rows, top first, each the row's GBF tile codes separated
    /// by single spaces.
    pub maze: Vec<String>,
    /// The players in turn order.
    pub players: Vec<PlayerSnapshot>,
}

/// One player in a [`Snapshot`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSnapshot {
    /// The player's colour, such as `green`.
    pub colour: String,
    /// Where the adventurer stands, 1-based `X,Y`.
    pub at: String,
    /// The start corner, 1-based `X,Y`.
    pub home: String,
    /// How many relics the player has collected.
    pub collected: u8,
}

impl Game {
    /// A stable, serialisable view of the state (see [`Snapshot`]).
    pub fn snapshot(&self) -> Snapshot {
        let seats = self.rules.seats();
        let colour = |seat: usize| seats[seat].colour.clone();
        let maze = self.maze().rows().map(row_codes).collect();
        let players = self
            .players()
            .iter()
            .enumerate()
            .map(|(seat, player)| PlayerSnapshot {
                colour: colour(seat),
                at: player.pos.to_string(),
                home: player.home.to_string(),
                collected: player.collected,
            })
            .collect();
        Snapshot {
            turn: self.turn(),
            current: colour(self.current_seat()),
            phase: self.phase(),
            winner: self.winner().map(colour),
            forbidden_slide: self.forbidden_slide().map(|at| at.to_string()),
            relics_per_colour: self.relics_per_colour(),
            floating: self.floating().to_string(),
            maze,
            players,
        }
    }
}

fn row_codes(row: &[Tile]) -> String {
    let codes: Vec<String> = row.iter().map(Tile::to_string).collect();
    codes.join(" ")
}
