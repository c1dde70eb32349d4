//! Drawing the game as the specification's text mode prints it: the start
//! banner, the board with row and column numbers, the floating tile and the
//! scoreboard. Everything is written into a caller's `String`, so a session
//! renders into one reused buffer.

use std::fmt::Write;

use crate::games::moving_maze::board::{Direction, Pos, Sides, Tile};
use crate::games::moving_maze::engine::Game;
use crate::games::moving_maze::rules::{Fill, MazeMessage};

/// The 50-dash rule around the start banner.
const RULE: &str = "--------------------------------------------------";

/// The vertical border between tiles.
const BAR: &str = "│";

/// A border segment as wide as a tile face (seven characters).
const SEGMENT: &str = "───────";

/// The start banner: rule, game name, relic goal, rule.
pub fn banner(game: &Game) -> String {
    let mut out = String::new();
    write_banner(&mut out, game);
    out
}

/// Appends the start banner to `out`.
pub fn write_banner(out: &mut String, game: &Game) {
    let name = &game.rules().ruleset().name;
    let _ = write!(out, "{RULE}\n{name}\n");
    let count = Fill::default().count(game.relics_per_colour().into());
    game.rules()
        .messages()
        .write(MazeMessage::RelicGoal, count, out);
    let _ = write!(out, "\n{RULE}\n");
}

/// The scoreboard: `Relics collected /K:` and one aligned line per seat.
///
/// ```
/// # use relic::{board::*, engine::Game, rules::Rules, games::moving_maze::text::scoreboard};
/// # let gbf = "3 3\n0\n0101xx\n0110xx 0101xx 0011xx\n1110xx 1010xx 1011xx\n1100xx 1111xx 1001xx\n";
/// # let game = Game::new(Rules::standard(), &parse_board(gbf, &BoardLimits::default()).unwrap()).unwrap();
/// assert!(scoreboard(&game).starts_with("Relics collected /0:\n- Green  0\n- Yellow 0\n"));
/// ```
pub fn scoreboard(game: &Game) -> String {
    let mut out = String::new();
    write_scoreboard(&mut out, game);
    out
}

/// Appends the scoreboard to `out`. Scores line up one space after the
/// longest player name.
pub fn write_scoreboard(out: &mut String, game: &Game) {
    let seats = game.rules().seats();
    let width = seats
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0)
        + 1;
    let count = Fill::default().count(game.relics_per_colour().into());
    game.rules()
        .messages()
        .write(MazeMessage::Scoreboard, count, out);
    out.push('\n');
    for (seat, player) in seats.iter().zip(game.players()) {
        let _ = writeln!(out, "- {:<width$}{}", seat.name, player.collected);
    }
}

/// The board block: a blank line, the maze, a blank line, the floating
/// tile, a blank line.
pub fn board(game: &Game) -> String {
    let mut out = String::new();
    write_board(&mut out, game);
    out
}

/// Appends the board block to `out`.
pub fn write_board(out: &mut String, game: &Game) {
    out.push('\n');
    write_maze(out, game);
    out.push('\n');
    write_floating(out, game);
    out.push('\n');
}

fn write_maze(out: &mut String, game: &Game) {
    let maze = game.maze();
    let width = maze.width();
    write_column_numbers(out, width);
    write_border(out, width, ['┌', '┬', '┐']);
    let mut row = Vec::with_capacity(width as usize);
    for y in 0..maze.height() {
        if y > 0 {
            write_border(out, width, ['├', '┼', '┤']);
        }
        row.clear();
        row.extend((0..width).map(|x| Face::at(game, Pos::new(x, y))));
        for line in 0..3 {
            write_row_number(out, y, line);
            out.push_str(BAR);
            for face in &row {
                face.write_line(out, line);
                out.push_str(BAR);
            }
            if line == 1 {
                write_row_number(out, y, line);
            }
            out.push('\n');
        }
    }
    write_border(out, width, ['└', '┴', '┘']);
    write_column_numbers(out, width);
}

/// The row number on the middle line of a row, a space on the others.
fn write_row_number(out: &mut String, y: u8, line: usize) {
    match (line, y) {
        (1, 0..=8) => out.push((b'1' + y) as char),
        (1, _) => {
            let _ = write!(out, "{}", y + 1);
        }
        _ => out.push(' '),
    }
}

fn write_column_numbers(out: &mut String, width: u8) {
    const NUMBERS: &str =
        "     1       2       3       4       5       6       7       8       9       ";
    match NUMBERS.get(..5 + 8 * width as usize) {
        Some(numbers) => out.push_str(numbers),
        None => {
            out.push_str("     ");
            for x in 1..=width {
                let _ = write!(out, "{x:<8}");
            }
        }
    }
    out.push('\n');
}

fn write_border(out: &mut String, width: u8, [left, join, right]: [char; 3]) {
    out.push(' ');
    out.push(left);
    for x in 0..width {
        if x > 0 {
            out.push(join);
        }
        out.push_str(SEGMENT);
    }
    out.push(right);
    out.push('\n');
}

fn write_floating(out: &mut String, game: &Game) {
    let tile = game.floating();
    let face = Face {
        tile,
        centre: centre(game, tile),
        corners: [None; 4],
    };
    out.push('┌');
    out.push_str(SEGMENT);
    out.push_str("┐\n");
    for line in 0..3 {
        out.push_str(BAR);
        face.write_line(out, line);
        out.push_str("│\n");
    }
    out.push('└');
    out.push_str(SEGMENT);
    out.push_str("┘\n");
}

/// What a tile face shows: its pathways, the centre character and the
/// initials in its corners (top-left, top-right, bottom-left, bottom-right:
/// the order of [`crate::games::moving_maze::rules::Corner`]).
struct Face {
    tile: Tile,
    centre: char,
    corners: [Option<char>; 4],
}

impl Face {
    /// The face of the maze tile at `pos`.
    fn at(game: &Game, pos: Pos) -> Face {
        let tile = game.maze().tile(pos);
        let mut corners = [None; 4];
        for (seat, player) in game.rules().seats().iter().zip(game.players()) {
            if player.pos == pos {
                corners[seat.corner as usize] = Some(seat.initial);
            }
        }
        Face {
            tile,
            centre: centre(game, tile),
            corners,
        }
    }

    /// Appends line `line` (0 top, 1 middle, 2 bottom), seven characters.
    fn write_line(&self, out: &mut String, line: usize) {
        let sides = self.tile.sides();
        if line == 1 {
            let horizontal = |d: Direction| if sides.is_open(d) { "═══" } else { "   " };
            out.push_str(horizontal(Direction::West));
            out.push(self.centre);
            out.push_str(horizontal(Direction::East));
            return;
        }
        let (side, left, right) = if line == 0 {
            (Direction::North, self.corners[0], self.corners[1])
        } else {
            (Direction::South, self.corners[2], self.corners[3])
        };
        let open = sides.is_open(side);
        if left.is_none() && right.is_none() {
            out.push_str(if open { "   ║   " } else { "       " });
            return;
        }
        out.push(' ');
        out.push(left.unwrap_or(' '));
        out.push(' ');
        out.push(if open { '║' } else { ' ' });
        out.push(' ');
        out.push(right.unwrap_or(' '));
        out.push(' ');
    }
}

/// The centre character: a visible relic's letter, else the junction. The
/// floating tile follows the same rule as the maze.
fn centre(game: &Game, tile: Tile) -> char {
    match tile.relic() {
        Some(relic) if game.is_relic_visible(relic) => relic.colour(),
        _ => junction(tile.sides()),
    }
}

/// The box-drawing character joining a tile's open sides.
pub fn junction(sides: Sides) -> char {
    sides.glyph()
}
