//! Drawing the game as the specification's text mode prints it: the start
//! banner, the board with row and column numbers, the floating tile and the
//! scoreboard. Everything is written into a caller's `String`, so a session
//! renders into one reused buffer.

use std::fmt::Write;

use crate::board::{Direction, Pos, Sides, Tile};
use crate::engine::Game;

/// The 50-dash rule around the start banner.
const RULE: &str = "--------------------------------------------------";

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
    let _ = write!(
        out,
        "{RULE}\n{name}\nRelic goal: {}\n{RULE}\n",
        game.relics_per_colour()
    );
}

/// The scoreboard: `Relics collected /K:` and one aligned line per seat.
///
/// ```
/// # use relic::{board::*, engine::Game, rules::Rules, text::scoreboard};
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
    let _ = writeln!(out, "Relics collected /{}:", game.relics_per_colour());
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
    for y in 0..maze.height() {
        if y > 0 {
            write_border(out, width, ['├', '┼', '┤']);
        }
        for line in 0..3 {
            if line == 1 {
                let _ = write!(out, "{}", y + 1);
            } else {
                out.push(' ');
            }
            out.push('│');
            for x in 0..width {
                let pos = Pos::new(x, y);
                let tile = maze.tile(pos);
                write_face_line(out, tile, centre(game, tile), corners(game, pos), line);
                out.push('│');
            }
            if line == 1 {
                let _ = write!(out, "{}", y + 1);
            }
            out.push('\n');
        }
    }
    write_border(out, width, ['└', '┴', '┘']);
    write_column_numbers(out, width);
}

fn write_column_numbers(out: &mut String, width: u8) {
    out.push_str("     ");
    for x in 1..=width {
        let _ = write!(out, "{x:<8}");
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
    let centre = centre(game, tile);
    out.push('┌');
    out.push_str(SEGMENT);
    out.push_str("┐\n");
    for line in 0..3 {
        out.push('│');
        write_face_line(out, tile, centre, [None; 4], line);
        out.push_str("│\n");
    }
    out.push('└');
    out.push_str(SEGMENT);
    out.push_str("┘\n");
}

/// The initials in the top-left, top-right, bottom-left and bottom-right
/// corners of the tile at `pos` (the order of [`crate::rules::Corner`]).
fn corners(game: &Game, pos: Pos) -> [Option<char>; 4] {
    let mut corners = [None; 4];
    for (seat, player) in game.rules().seats().iter().zip(game.players()) {
        if player.pos == pos {
            corners[seat.corner as usize] = Some(seat.initial);
        }
    }
    corners
}

/// The centre character: a visible relic's letter, else the junction. The
/// floating tile follows the same rule as the maze.
fn centre(game: &Game, tile: Tile) -> char {
    match tile.relic() {
        Some(relic) if game.is_relic_visible(relic) => relic.colour(),
        _ => junction(tile.sides()),
    }
}

/// Appends line `line` (0 top, 1 middle, 2 bottom) of a tile face, seven
/// characters wide.
fn write_face_line(
    out: &mut String,
    tile: Tile,
    centre: char,
    corners: [Option<char>; 4],
    line: usize,
) {
    let sides = tile.sides();
    if line == 1 {
        let horizontal = |d: Direction| if sides.is_open(d) { "═══" } else { "   " };
        out.push_str(horizontal(Direction::West));
        out.push(centre);
        out.push_str(horizontal(Direction::East));
        return;
    }
    let (side, left, right) = if line == 0 {
        (Direction::North, corners[0], corners[1])
    } else {
        (Direction::South, corners[2], corners[3])
    };
    out.push(' ');
    out.push(left.unwrap_or(' '));
    out.push(' ');
    out.push(if sides.is_open(side) { '║' } else { ' ' });
    out.push(' ');
    out.push(right.unwrap_or(' '));
    out.push(' ');
}

/// The box-drawing character joining a tile's open sides.
pub fn junction(sides: Sides) -> char {
    // Indexed by the side bits, north = bit 0, clockwise.
    const GLYPHS: [char; 16] = [
        ' ', '║', '═', '╚', '║', '║', '╔', '╠', '═', '╝', '═', '╩', '╗', '╣', '╦', '╬',
    ];
    GLYPHS[sides.bits() as usize]
}
