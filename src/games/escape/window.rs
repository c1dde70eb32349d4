//! What of a large Escape board is drawn: a board whose locations and
//! pieces span more than [`WINDOW`] rows or columns is drawn as a window of
//! that many around the pieces of the player to move (a 1,000,000-square
//! board with two pieces 10,000 apart would otherwise print hundreds of
//! megabytes), and the text says so and where the other pieces are.

use crate::contract::{Game, Status};
use crate::mechanics::movement::Coord;

use super::play::player_name;
use super::state::EscapeGame;

/// The most rows or columns drawn.
pub(super) const WINDOW: i32 = 41;

/// The most pieces outside the window named.
const NAMED: usize = 8;

/// `span` (the first and last coordinate along one axis) cut to at most
/// [`WINDOW`] around `focus`, and whether it was cut.
pub(super) fn cut(span: (i32, i32), focus: i32) -> ((i32, i32), bool) {
    let (low, high) = span;
    if i64::from(high) - i64::from(low) < i64::from(WINDOW) {
        return (span, false);
    }
    let first = focus
        .saturating_sub(WINDOW / 2)
        .clamp(low, high - (WINDOW - 1));
    ((first, first + WINDOW - 1), true)
}

impl EscapeGame {
    /// Where a window is centred: the first piece of the player to move,
    /// else the first piece, else the first location.
    pub(super) fn focus(&self) -> Coord {
        let mover = match self.status() {
            Status::ToMove(seat) => Some(seat),
            Status::Over(_) => None,
        };
        (self.pieces().find(|(_, p)| Some(p.owner) == mover))
            .or_else(|| self.pieces().next())
            .map(|(at, _)| at)
            .or_else(|| self.table().config.locations.first().map(|l| l.at))
            .unwrap_or((1, 1))
    }

    /// The line saying that only rows `xs` and columns `ys` are drawn,
    /// naming the pieces outside them.
    pub(super) fn window_note(&self, xs: (i32, i32), ys: (i32, i32)) -> String {
        let inside = |(x, y): Coord| (xs.0..=xs.1).contains(&x) && (ys.0..=ys.1).contains(&y);
        let outside: Vec<String> = (self.pieces())
            .filter(|&(at, _)| !inside(at))
            .map(|((x, y), piece)| {
                let name = &self.piece_type(piece).name;
                format!("{} {name} at ({x}, {y})", player_name(piece.owner))
            })
            .collect();
        let mut note = format!(
            "The board is too large to draw whole: shown are rows {} to {} and columns {} to {}, around the pieces of the player to move",
            xs.0, xs.1, ys.0, ys.1
        );
        match outside.len() {
            0 => note.push_str(".\n"),
            n => {
                // One more than NAMED is named rather than counted.
                let shown = if n > NAMED + 1 { NAMED } else { n };
                let named = outside[..shown].join(", ");
                let more = n - shown;
                note.push_str(&format!("; outside them: {named}"));
                if more > 0 {
                    note.push_str(&format!(" and {more} more"));
                }
                note.push_str(".\n");
            }
        }
        note
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_span_is_cut_around_the_focus_within_the_span() {
        assert_eq!(cut((1, 10), 5), ((1, 10), false));
        assert_eq!(cut((1, 10_000), 5_000), ((4_980, 5_020), true));
        assert_eq!(cut((1, 10_000), 3), ((1, 41), true));
        assert_eq!(cut((1, 10_000), 10_000), ((9_960, 10_000), true));
        assert_eq!(cut((-1, i32::MAX), 0), ((-1, 39), true));
    }
}
