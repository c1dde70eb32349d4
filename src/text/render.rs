//! Drawing the game as the specification's text mode prints it: the start
//! banner, the board with row and column numbers, the floating tile and the
//! scoreboard.

use std::fmt::Write;

use crate::board::{Direction, Maze, Pos, Sides, Tile};
use crate::engine::Game;

/// The 50-dash rule around the start banner.
const RULE: &str = "--------------------------------------------------";

/// Width of a tile face in characters.
const FACE: usize = 7;

/// The start banner: rule, game name, relic goal, rule.
pub fn banner(game: &Game) -> String {
    let name = &game.rules().ruleset().name;
    format!(
        "{RULE}\n{name}\nRelic goal: {}\n{RULE}\n",
        game.relics_per_colour()
    )
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
    let seats = game.rules().seats();
    let width = seats
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0)
        + 1;
    let mut out = format!("Relics collected /{}:\n", game.relics_per_colour());
    for (seat, player) in seats.iter().zip(game.players()) {
        let _ = writeln!(out, "- {:<width$}{}", seat.name, player.collected);
    }
    out
}

/// The board block: a blank line, the maze, a blank line, the floating
/// tile, a blank line.
pub fn board(game: &Game) -> String {
    let mut out = String::from("\n");
    maze(game, &mut out);
    out.push('\n');
    floating(game, &mut out);
    out.push('\n');
    out
}

fn maze(game: &Game, out: &mut String) {
    let maze = game.maze();
    let numbers = column_numbers(maze.width());
    out.push_str(&numbers);
    border(out, maze.width(), ['┌', '┬', '┐']);
    for y in 0..maze.height() {
        if y > 0 {
            border(out, maze.width(), ['├', '┼', '┤']);
        }
        let faces: Vec<[String; 3]> = (0..maze.width())
            .map(|x| face(game, maze, Pos::new(x, y)))
            .collect();
        for line in 0..3 {
            let number = (y + 1).to_string();
            let side = if line == 1 { number.as_str() } else { " " };
            out.push_str(side);
            out.push('│');
            for f in &faces {
                out.push_str(&f[line]);
                out.push('│');
            }
            if line == 1 {
                out.push_str(side);
            }
            out.push('\n');
        }
    }
    border(out, maze.width(), ['└', '┴', '┘']);
    out.push_str(&numbers);
}

fn column_numbers(width: u8) -> String {
    let mut out = String::from("     ");
    for x in 1..=width {
        let _ = write!(out, "{x:<8}");
    }
    out.push('\n');
    out
}

fn border(out: &mut String, width: u8, [left, join, right]: [char; 3]) {
    out.push(' ');
    out.push(left);
    for x in 0..width {
        if x > 0 {
            out.push(join);
        }
        out.push_str(&"─".repeat(FACE));
    }
    out.push(right);
    out.push('\n');
}

fn floating(game: &Game, out: &mut String) {
    let tile = game.floating();
    let [top, middle, bottom] = tile_face(tile.sides(), centre(game, tile), [None; 4]);
    let rule = "─".repeat(FACE);
    let _ = write!(out, "┌{rule}┐\n│{top}│\n│{middle}│\n│{bottom}│\n└{rule}┘\n");
}

/// The three lines of the tile at `pos`, with its relic and adventurers.
fn face(game: &Game, maze: &Maze, pos: Pos) -> [String; 3] {
    let tile = maze.tile(pos);
    let mut corners = [None; 4];
    for (seat, player) in game.rules().seats().iter().zip(game.players()) {
        if player.pos == pos {
            corners[seat.corner as usize] = Some(seat.initial);
        }
    }
    tile_face(tile.sides(), centre(game, tile), corners)
}

/// The centre character: a visible relic's letter, else the junction.
fn centre(game: &Game, tile: Tile) -> char {
    match tile.relic() {
        Some(relic) if game.is_relic_visible(relic) => relic.colour(),
        _ => junction(tile.sides()),
    }
}

/// Draws a face. `corners` holds the initials in the top-left, top-right,
/// bottom-left and bottom-right corners (the order of [`crate::rules::Corner`]).
fn tile_face(sides: Sides, centre: char, corners: [Option<char>; 4]) -> [String; 3] {
    let initial = |i: usize| corners[i].unwrap_or(' ');
    let vertical = |d: Direction| if sides.is_open(d) { '║' } else { ' ' };
    let horizontal = |d: Direction| if sides.is_open(d) { "═══" } else { "   " };
    let top = format!(
        " {} {} {} ",
        initial(0),
        vertical(Direction::North),
        initial(1)
    );
    let middle = format!(
        "{}{centre}{}",
        horizontal(Direction::West),
        horizontal(Direction::East)
    );
    let bottom = format!(
        " {} {} {} ",
        initial(2),
        vertical(Direction::South),
        initial(3)
    );
    [top, middle, bottom]
}

/// The box-drawing character joining a tile's open sides.
pub fn junction(sides: Sides) -> char {
    // Indexed by the side bits, north = bit 0, clockwise.
    const GLYPHS: [char; 16] = [
        ' ', '║', '═', '╚', '║', '║', '╔', '╠', '═', '╝', '═', '╩', '╗', '╣', '╦', '╬',
    ];
    GLYPHS[sides.bits() as usize]
}
