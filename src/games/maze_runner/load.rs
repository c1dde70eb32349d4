//! A game of Maze Runner (or any level-walking ruleset whose levels are
//! written in the level-file format): the compiled rules and a checked
//! level file make the first position.

use std::sync::Arc;

use super::levels::{Grid, LevelFile, LevelSyntax};
use crate::walker::journey::{Journey, Program};
use crate::walker::levels::{Level, NO_ITEM};

/// What `program` says about level files: its start mark, the
/// characters of the cell kinds every level needs, and every character it
/// gives a meaning.
pub fn level_syntax(program: &Program) -> LevelSyntax {
    let required = (program.require.iter())
        .filter_map(|&k| {
            let kind = &program.kinds[usize::from(k)];
            Some((kind.name.clone(), kind.glyph?))
        })
        .collect();
    let cells = program.kinds.iter().filter_map(|kind| kind.glyph);
    let items = program.items.iter().map(|item| item.glyph);
    let known = std::iter::once(program.start)
        .chain(cells)
        .chain(items)
        .collect();
    LevelSyntax {
        start: program.start,
        required,
        known,
    }
}

/// One level's cells and items as `program` reads its characters.
fn level(program: &Program, grid: &Grid) -> Level {
    let mut kinds = Vec::with_capacity(grid.cells.len());
    let mut items = Vec::with_capacity(grid.cells.len());
    for &glyph in &grid.cells {
        let item = program.item_of(glyph);
        let is_start = glyph == program.start;
        kinds.push(if item.is_some() || is_start {
            program.floor
        } else {
            program.kind_of(glyph)
        });
        items.push(item.unwrap_or(NO_ITEM));
    }
    Level {
        rows: grid.rows,
        columns: grid.columns,
        kinds,
        items,
        start: grid.start.0 * grid.columns + grid.start.1,
    }
}

/// The first position of a game of `file` under `program`.
pub fn new_game(program: Arc<Program>, file: &LevelFile) -> Journey {
    let levels: Arc<[Level]> = file.levels.iter().map(|g| level(&program, g)).collect();
    Journey::new(program, levels)
}
