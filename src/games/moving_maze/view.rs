//! Moving Maze's [`BrowserView`]: what its page renderer draws, as JSON, a
//! read-only view of a [`Game`] and of the events an action produced.
//! Coordinates are 1-based, as players read them.

use serde::Serialize;
use serde_json::Value;

use crate::contract::{BrowserView, Seat};
use crate::games::moving_maze::board::{Direction, Pos, SlideAt, Tile};
use crate::games::moving_maze::engine::{Event, Game, IllegalAction, Phase, positions};
use crate::games::moving_maze::rules::{Fill, MazeMessage, Value as Placeholder};
use crate::games::moving_maze::wording::{refusal_text, seat_name};

/// The whole picture the page draws after every change.
#[derive(Debug, Serialize)]
pub struct GameView {
    /// The page's renderer for this view: `moving-maze`.
    pub renderer: &'static str,
    /// The ruleset's name and the switches the page needs.
    pub rules: RulesView,
    /// Columns of the maze.
    pub width: u8,
    /// Rows of the maze.
    pub height: u8,
    /// The maze, rows top first.
    pub tiles: Vec<Vec<TileView>>,
    /// The floating tile.
    pub floating: TileView,
    /// The players in turn order.
    pub players: Vec<PlayerView>,
    /// The seat whose turn it is.
    pub current: usize,
    /// `slide`, `move` or `over`.
    pub phase: &'static str,
    /// Every insertion point of a line the rules let slide.
    pub slides: Vec<SlideView>,
    /// Tiles the current adventurer can reach (move phase only).
    pub reachable: Vec<[u8; 2]>,
    /// The winner's seat, once someone has won.
    pub winner: Option<usize>,
    /// Whether the game was quit.
    pub quit: bool,
    /// One sentence on where the game stands, for the status line: the
    /// ruleset's prompt for the phase, or its winner or quit message.
    pub status: String,
    /// The scoreboard's heading: the ruleset's `scoreboard` message.
    pub score_title: String,
}

/// The rules the page needs to know about.
#[derive(Debug, Serialize)]
pub struct RulesView {
    /// The ruleset's display name.
    pub name: String,
    /// Whether the floating tile may be rotated.
    pub rotate: bool,
    /// Whether single steps are allowed.
    pub steps: bool,
    /// Whether pathfinding moves are allowed.
    pub pathfinding: bool,
    /// Whether the slide may be skipped with `done`.
    pub skip_slide: bool,
    /// K, the relics of each colour.
    pub relics_per_colour: u8,
}

/// One tile: its open sides and the relic drawn on it.
#[derive(Debug, Serialize)]
pub struct TileView {
    /// Open sides, north, east, south, west.
    pub open: [bool; 4],
    /// The relic, when there is one and it is shown.
    pub relic: Option<RelicView>,
}

/// A relic as drawn.
#[derive(Debug, Serialize)]
pub struct RelicView {
    /// The seat that collects it (`None` for a colour nobody plays).
    pub seat: Option<usize>,
    /// Its number, 1..K.
    pub order: u8,
    /// Whether its player can collect it now.
    pub active: bool,
}

/// One player.
#[derive(Debug, Serialize)]
pub struct PlayerView {
    /// Display name, e.g. `Green`.
    pub name: String,
    /// The colour named by the ruleset, e.g. `green`.
    pub colour: String,
    /// Initial, e.g. `G`.
    pub initial: char,
    /// Where the adventurer stands.
    pub pos: [u8; 2],
    /// The start corner.
    pub home: [u8; 2],
    /// Relics collected.
    pub collected: u8,
}

/// One insertion point.
#[derive(Debug, Serialize)]
pub struct SlideView {
    /// The sliding indicator, e.g. `n2`.
    pub at: String,
    /// Whether the slide is legal now.
    pub legal: bool,
    /// Whether this is the forbidden last exit point.
    pub last_exit: bool,
}

/// One event, for animations and the log.
#[derive(Debug, Serialize)]
pub struct EventView {
    /// `rotated`, `slid`, `skipped`, `displaced`, `moved`, `collected`,
    /// `all-collected`, `turn-ended`, `won` or `quit`.
    pub kind: &'static str,
    /// The sliding indicator of a slide.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The seat concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// Where from (moves, displacements).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<[u8; 2]>,
    /// Where to (moves, displacements).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<[u8; 2]>,
    /// A sentence for the log: the ruleset's message for the event.
    pub text: String,
}

/// Builds the view of `game`. Every seat sees the same: Moving Maze hides
/// nothing from one player that it shows another (relics the rules hide
/// are hidden from everybody).
pub fn game_view(game: &Game) -> GameView {
    let quit = game.is_over() && game.winner().is_none();
    let maze = game.maze();
    let rules = game.rules();
    let tiles = (0..maze.height())
        .map(|y| {
            (0..maze.width())
                .map(|x| tile_view(game, maze.tile(Pos::new(x, y))))
                .collect()
        })
        .collect();
    GameView {
        renderer: "moving-maze",
        rules: RulesView {
            name: rules.ruleset().name.clone(),
            rotate: game.may_rotate(),
            steps: game.may_step(),
            pathfinding: game.may_pathfind(),
            skip_slide: game.may_skip_slide(),
            relics_per_colour: game.relics_per_colour(),
        },
        width: maze.width(),
        height: maze.height(),
        tiles,
        floating: tile_view(game, game.floating()),
        players: player_views(game),
        current: game.current_seat(),
        phase: phase_name(game.phase()),
        slides: slide_views(game),
        reachable: reachable(game),
        winner: game.winner(),
        quit,
        status: status(game, quit),
        score_title: score_title(game),
    }
}

fn tile_view(game: &Game, tile: Tile) -> TileView {
    let relic = tile
        .relic()
        .filter(|&relic| game.is_relic_visible(relic))
        .map(|relic| {
            let seat = game
                .rules()
                .seats()
                .iter()
                .position(|s| s.relic == relic.colour());
            RelicView {
                seat,
                order: relic.order(),
                active: seat.is_some_and(|seat| game.is_active_relic(seat, relic)),
            }
        });
    TileView {
        open: Direction::ALL.map(|d| tile.is_open(d)),
        relic,
    }
}

fn player_views(game: &Game) -> Vec<PlayerView> {
    let seats = game.rules().seats();
    game.players()
        .iter()
        .zip(seats)
        .map(|(player, seat)| PlayerView {
            name: seat.name.clone(),
            colour: seat.colour.clone(),
            initial: seat.initial,
            pos: one_based(player.pos),
            home: one_based(player.home),
            collected: player.collected,
        })
        .collect()
}

fn slide_views(game: &Game) -> Vec<SlideView> {
    let maze = game.maze();
    let legal: Vec<SlideAt> = game.legal_slides().collect();
    let forbidden = game.forbidden_slide();
    Direction::ALL
        .into_iter()
        .flat_map(|side| (1..=maze.lines_from(side)).map(move |i| SlideAt::new(side, i)))
        .filter(|&at| game.may_slide_line(at))
        .map(|at| SlideView {
            at: at.to_string(),
            legal: legal.contains(&at),
            last_exit: forbidden == Some(at),
        })
        .collect()
}

fn reachable(game: &Game) -> Vec<[u8; 2]> {
    if game.phase() != Phase::Move {
        return Vec::new();
    }
    let here = game.players()[game.current_seat()].pos;
    positions(game.reachable_from(here), game.maze().width())
        .map(one_based)
        .collect()
}

/// `slide`, `move` or `over`.
pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Slide => "slide",
        Phase::Move => "move",
        Phase::Over => "over",
    }
}

/// The status line: the ruleset's prompt for the phase, its winner or
/// quit message, or its `game_over`.
fn status(game: &Game, quit: bool) -> String {
    let fill = Fill::default();
    let (message, fill) = match (game.winner(), game.phase()) {
        (Some(winner), _) => (MazeMessage::Won, fill.player(seat_name(game, winner))),
        (None, Phase::Over) if quit => (MazeMessage::Quit, fill),
        (None, Phase::Over) => (MazeMessage::GameOver, fill),
        (None, Phase::Slide) => (MazeMessage::SlidePrompt, fill),
        (None, Phase::Move) => (MazeMessage::MovePrompt, fill),
    };
    let fill = match message {
        MazeMessage::Won => fill,
        _ => fill.player(seat_name(game, game.current_seat())),
    };
    game.rules().messages().text(message, fill)
}

/// The scoreboard's heading (`scoreboard`, with the relics of each colour).
fn score_title(game: &Game) -> String {
    let fill = Fill::default().count(game.relics_per_colour().into());
    game.rules().messages().text(MazeMessage::Scoreboard, fill)
}

/// 1-based `[x, y]`.
pub fn one_based(pos: Pos) -> [u8; 2] {
    [pos.x + 1, pos.y + 1]
}

/// The page's view of one engine event; its text is the ruleset's
/// message for it ([`event_text`]).
pub fn event_view(game: &Game, event: &Event) -> EventView {
    let (kind, seat, travel) = match *event {
        Event::Rotated { .. } => ("rotated", None, None),
        Event::Slid { .. } => ("slid", None, None),
        Event::SlideSkipped => ("skipped", None, None),
        Event::Displaced { seat, from, to } => ("displaced", Some(seat), Some((from, to))),
        Event::Moved { seat, from, to, .. } => ("moved", Some(seat), Some((from, to))),
        Event::RelicCollected { seat, .. } => ("collected", Some(seat), None),
        Event::AllRelicsCollected { seat } => ("all-collected", Some(seat), None),
        Event::TurnEnded { seat } => ("turn-ended", Some(seat), None),
        Event::Won { seat } => ("won", Some(seat), None),
        Event::Quit => ("quit", None, None),
    };
    let at = match *event {
        Event::Slid { at, .. } => Some(at.to_string()),
        _ => None,
    };
    EventView {
        kind,
        at,
        seat,
        from: travel.map(|(from, _)| one_based(from)),
        to: travel.map(|(_, to)| one_based(to)),
        text: event_text(game, event),
    }
}

/// The ruleset's message for `event`, as text mode words it (the reports
/// of actions name the seat to play, as text mode's do).
pub fn event_text(game: &Game, event: &Event) -> String {
    let (message, fill) = event_message(game, event);
    game.rules().messages().text(message, fill)
}

fn event_message<'g>(game: &'g Game, event: &Event) -> (MazeMessage, Fill<'g>) {
    let fill = Fill::default().player(seat_name(game, game.current_seat()));
    let of = |seat| fill.player(seat_name(game, seat));
    let xy = |pos: Pos| {
        let (x, y) = (u32::from(pos.x) + 1, u32::from(pos.y) + 1);
        (Placeholder::Number(x), Placeholder::Number(y))
    };
    match *event {
        Event::Rotated { clockwise, .. } if clockwise => (MazeMessage::RotatedRight, fill),
        Event::Rotated { .. } => (MazeMessage::RotatedLeft, fill),
        Event::Slid { at, .. } => (MazeMessage::Slid, fill.indicator(at)),
        Event::SlideSkipped => (MazeMessage::SlideSkipped, fill),
        Event::Displaced { seat, to, .. } => {
            let (x, y) = xy(to);
            (MazeMessage::PushedOff, of(seat).xy(x, y))
        }
        Event::Moved {
            seat,
            step: Some(d),
            ..
        } => (MazeMessage::Stepped, of(seat).direction(d)),
        Event::Moved { seat, to, .. } => {
            let (x, y) = xy(to);
            (MazeMessage::MovedTo, of(seat).xy(x, y))
        }
        Event::RelicCollected {
            seat, collected, ..
        } => (
            MazeMessage::RelicCollected,
            of(seat).count(collected.into()),
        ),
        Event::AllRelicsCollected { seat } => (MazeMessage::AllRelics, of(seat)),
        Event::TurnEnded { seat } => (MazeMessage::TurnEnded, of(seat)),
        Event::Won { seat } => (MazeMessage::Won, of(seat)),
        Event::Quit => (MazeMessage::Quit, fill),
    }
}

impl BrowserView for Game {
    fn view(&self, _seat: Option<Seat>) -> Value {
        serde_json::to_value(game_view(self)).unwrap_or(Value::Null)
    }

    fn event_view(&self, event: &Event) -> Value {
        serde_json::to_value(event_view(self, event)).unwrap_or(Value::Null)
    }

    /// The ruleset's message for the refusal, for the seat to play; a
    /// pathfinding target as typed.
    fn refusal_text(&self, refusal: &IllegalAction, typed: &str) -> String {
        refusal_text(self, refusal, typed)
    }
}
