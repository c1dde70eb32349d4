//! Hover in the walker games' grid setups: Boulder Dash caves
//! (`*.board`, rows written `2|#|X|_|` above a line of column numbers)
//! and Maze Runner level files (blocks headed `Maze N - ROWS COLUMNS`).
//!
//! Each is read as `relic check` reads it without `--ruleset`: a cave
//! against the built-in `boulder-dash`, a level file against the built-in
//! `maze-runner`. What a character means (its kind, what the player may
//! do with it, what entering it costs) comes from that ruleset's
//! compiled program, so a house rule's glyphs read the same way once the
//! file is checked with it.

use super::setup_words::line_at;
use crate::games::GameRules;

/// The hover text (Markdown) at byte `offset` of a cave: the square's
/// kind and what the player may do with it, the row or column a number
/// labels.
///
/// ```
/// use relic::lsp::grids::cave_hover;
/// let cave = "1|X|+|\n0|#|:|\n  0 1\n";
/// let words = cave_hover(cave, 4).unwrap();
/// assert!(words.contains("diamond") && words.contains("row 1, column 1"), "{words}");
/// assert!(cave_hover(cave, 16).unwrap().contains("column 0"));
/// ```
pub fn cave_hover(text: &str, offset: usize) -> Option<String> {
    let Some(GameRules::WalkerPhysics(program)) = super::setup_words::builtin_rules("boulder-dash")
    else {
        return None;
    };
    let (_, start, line) = line_at(text, offset);
    let at = offset - start;
    let glyph = line.get(at..)?.chars().next()?;
    let Some(bar) = line.find('|') else {
        let (_, from, to) = super::setup_words::field_at(line, at)?;
        let number = &line[from..to];
        return (glyph.is_ascii_digit()).then(|| format!("**`{number}`**: column {number}"));
    };
    if at < bar {
        let label = line[..bar].trim();
        return Some(format!(
            "**`{label}`**: row {label} (rows count up from the bottom)"
        ));
    }
    if glyph == '|' {
        return None;
    }
    let column = line[..at].matches('|').count() - 1;
    let row = line[..bar].trim();
    let square = format!("row {row}, column {column}");
    let what = match program.kind_of_glyph(glyph) {
        Some(kind) => cave_kind(&program, usize::from(kind)),
        None => "no kind of square of the `boulder-dash` ruleset".to_owned(),
    };
    Some(format!("**`{glyph}`** ({square}): {what}"))
}

/// A cave kind in words: its name and what the player may do with it.
fn cave_kind(program: &crate::walker::Program, id: usize) -> String {
    let kind = &program.kinds[id];
    let mut notes = Vec::new();
    if id == usize::from(program.actor) {
        notes.push("the player".to_owned());
    }
    if kind.passable {
        notes.push("the player walks onto it".to_owned());
    }
    if kind.collectable {
        notes.push("taken on entering".to_owned());
    }
    if program.goal.contains(&(id as u8)) {
        notes.push("the goal is to take every one".to_owned());
    }
    if kind.diggable {
        notes.push("a dig clears it".to_owned());
    }
    use crate::walker::Direction;
    let pushed: Vec<&str> = (Direction::ALL.iter())
        .zip(kind.pushable)
        .filter(|(_, can)| *can)
        .map(|(way, _)| match way {
            Direction::N => "north",
            Direction::S => "south",
            Direction::E => "east",
            Direction::W => "west",
        })
        .collect();
    if !pushed.is_empty() {
        notes.push(format!("pushed {}", pushed.join(" or ")));
    }
    if notes.is_empty() {
        notes.push("the player cannot enter it".to_owned());
    }
    format!("{} ({})", kind.name, notes.join("; "))
}

/// The hover text (Markdown) at byte `offset` of a level file: a
/// header's level number, rows and columns, or a cell's kind, item or
/// start with what entering it does.
///
/// ```
/// use relic::lsp::grids::levels_hover;
/// let levels = "Maze 1 - 3 4\n####\nPC D\n####\n";
/// assert!(levels_hover(levels, 9).unwrap().contains("rows"));
/// let words = levels_hover(levels, 19).unwrap();
/// assert!(words.contains("Coin") && words.contains("row 2, column 2"), "{words}");
/// ```
pub fn levels_hover(text: &str, offset: usize) -> Option<String> {
    let Some(GameRules::WalkerLevels(program)) = super::setup_words::builtin_rules("maze-runner")
    else {
        return None;
    };
    let (number, start, line) = line_at(text, offset);
    let at = offset - start;
    if line.trim_start().starts_with("Maze") {
        return header_hover(line, at);
    }
    let (level, row) = place_in_level(text, number)?;
    let first = line.len() - line.trim_start().len();
    let last = line.trim_end().len();
    if at < first || at >= last {
        return None;
    }
    let glyph = line.get(at..)?.chars().next()?;
    let column = line.get(first..at)?.chars().count() + 1;
    let what = level_glyph(&program, glyph);
    Some(format!(
        "**`{glyph}`** (level {level}, row {row}, column {column}): {what}"
    ))
}

/// A level header's word: which of the level number, rows and columns.
fn header_hover(line: &str, at: usize) -> Option<String> {
    let (index, from, to) = super::setup_words::field_at(line, at)?;
    let word = &line[from..to];
    let what = match index {
        0 => "starts a level: `Maze N - ROWS COLUMNS`",
        1 => "the level's number",
        2 => "the separator between the number and the size",
        3 => "the level's rows (lines of cells below)",
        4 => "the level's columns (cells in each row)",
        _ => "nothing: a header ends with the columns",
    };
    Some(format!("**`{word}`**: {what}"))
}

/// The level number (as its header writes it) and row (from 1, blank
/// lines skipped) of line `number`, or `None` above the first header.
fn place_in_level(text: &str, number: usize) -> Option<(String, usize)> {
    let lines: Vec<&str> = text.lines().take(number).collect();
    let header = lines
        .iter()
        .rposition(|l| l.trim_start().starts_with("Maze"))?;
    let level = lines[header].split_whitespace().nth(1).unwrap_or("?");
    let rows = lines[header + 1..]
        .iter()
        .filter(|l| !l.trim().is_empty())
        .count();
    Some((level.to_owned(), rows + 1))
}

/// What a level file's character stands for.
fn level_glyph(program: &crate::walker::journey::Program, glyph: char) -> String {
    if glyph == program.start {
        return "where the player starts the level".to_owned();
    }
    if let Some(item) = program.item_of(glyph) {
        let name = &program.items[usize::from(item)].name;
        return format!(
            "a {name} to pick up (used by `{} {name}`)",
            program.use_word
        );
    }
    let Some(id) = (program.kinds.iter()).position(|k| k.glyph == Some(glyph)) else {
        return "no cell, item or start of the `maze-runner` ruleset".to_owned();
    };
    let kind = &program.kinds[id];
    let mut notes = crate::walker::journey::kind_notes(program, id);
    if kind.blocks {
        notes.insert(0, "cannot be entered".to_owned());
    }
    match notes.is_empty() {
        true => kind.name.clone(),
        false => format!("{} ({})", kind.name, notes.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte of odd caves and level files is answered or declined,
    /// never a panic.
    #[test]
    fn every_offset_of_odd_grids_is_answered_without_panic() {
        let caves = ["1|X|é|\n0|#|:\n  0 1", "|||\n\n9", "é|", ""];
        let levels = [
            "Maze\nMaze 1 - é\n#é#\n\n P ",
            "title\n#",
            "  Maze 2 - 1 1\n   \n",
        ];
        for text in caves {
            for offset in 0..=text.len() {
                if text.is_char_boundary(offset) {
                    let _ = cave_hover(text, offset);
                }
            }
        }
        for text in levels {
            for offset in 0..=text.len() {
                if text.is_char_boundary(offset) {
                    let _ = levels_hover(text, offset);
                }
            }
        }
    }

    #[test]
    fn a_wall_blocks_and_lava_costs_hp() {
        let levels = "Maze 1 - 1 4\n#LP#\n";
        assert!(
            levels_hover(levels, 13)
                .unwrap()
                .contains("cannot be entered")
        );
        let lava = levels_hover(levels, 14).unwrap();
        assert!(lava.contains("lava") && lava.contains("-5 hp"), "{lava}");
        assert!(levels_hover(levels, 15).unwrap().contains("starts"));
    }

    #[test]
    fn a_rock_is_pushed_east_or_west() {
        let cave = "0|O|\n  0\n";
        let rock = cave_hover(cave, 2).unwrap();
        assert!(
            rock.contains("rock") && rock.contains("pushed east or west"),
            "{rock}"
        );
    }
}
