//! Whether a checked board suits a ruleset's limits, decided on the board
//! itself (no re-reading), so that setting up a game is cheap.

use super::SetupError;
use crate::games::moving_maze::board::{Board, BoardLimits};

/// Checks `board` (already a valid board) against the ruleset's `limits`:
/// its size, K, and that its relics are exactly relics 1 to K of each of
/// the ruleset's colours.
pub(super) fn check_board(board: &Board, limits: &BoardLimits) -> Result<(), SetupError> {
    let maze = board.maze();
    check_side(
        "wide",
        maze.width(),
        limits.min_width,
        limits.max_width,
        limits,
    )?;
    check_side(
        "high",
        maze.height(),
        limits.min_height,
        limits.max_height,
        limits,
    )?;
    let k = board.relics_per_colour();
    if k > limits.max_relics {
        return Err(SetupError::Board(format!(
            "the board's K is {k}; these rules allow at most {} relics of each colour",
            limits.max_relics
        )));
    }
    check_relics(board, limits)
}

fn check_side(
    what: &str,
    size: u8,
    min: u8,
    max: u8,
    limits: &BoardLimits,
) -> Result<(), SetupError> {
    if !(min..=max).contains(&size) {
        return Err(SetupError::Board(format!(
            "the board is {size} tiles {what}; these rules allow {min} to {max}"
        )));
    }
    if limits.odd_sizes && size.is_multiple_of(2) {
        return Err(SetupError::Board(format!(
            "the board is {size} tiles {what}; these rules allow odd sizes only"
        )));
    }
    Ok(())
}

/// Every relic has one of the ruleset's colours, and each colour has
/// relics 1 to K.
fn check_relics(board: &Board, limits: &BoardLimits) -> Result<(), SetupError> {
    let bit = |order: u8| 1u32.checked_shl(order.into()).unwrap_or(0);
    let mut found = vec![0; limits.relic_colours.len()];
    let tiles = board.maze().tiles().iter().copied();
    for relic in tiles.chain([board.floating()]).filter_map(|t| t.relic()) {
        let Some(colour) = limits
            .relic_colours
            .iter()
            .position(|&c| c == relic.colour())
        else {
            return Err(SetupError::Board(format!(
                "relic {relic} has a colour these rules do not use"
            )));
        };
        found[colour] |= bit(relic.order());
    }
    let k = board.relics_per_colour();
    let all = (1..=k).fold(0, |all, order| all | bit(order));
    for (colour, found) in limits.relic_colours.iter().zip(found) {
        if found != all {
            return Err(SetupError::Board(format!(
                "the board does not have relics {colour}1 to {colour}{k} that these rules need"
            )));
        }
    }
    Ok(())
}
