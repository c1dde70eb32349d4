//! Escape's numeric view ([`Observe`]) on a finite board (row `x`, column
//! `y`, both from 1): one plane per seat and piece type, one for blocks and
//! one for exits; the scores and the moves made; an id per move from one
//! square to another. A board with an infinite axis has no fixed view.

use super::config::LocationKind;
use super::play::Action;
use super::state::EscapeGame;
use crate::contract::{Game, Layout, Observe};
use crate::mechanics::movement::{Axis, Coord};

impl EscapeGame {
    /// Rows and columns of a finite board.
    fn extent(&self) -> Option<(usize, usize)> {
        match (self.board().x, self.board().y) {
            (Axis::Finite(rows), Axis::Finite(columns)) => Some((rows as usize, columns as usize)),
            _ => None,
        }
    }

    /// The square `at` as an index row by row, on a finite board.
    fn square_index(&self, (x, y): Coord) -> Option<usize> {
        let (rows, columns) = self.extent()?;
        let (row, column) = (usize::try_from(x - 1).ok()?, usize::try_from(y - 1).ok()?);
        (row < rows && column < columns).then_some(row * columns + column)
    }
}

impl Observe for EscapeGame {
    fn layout(&self) -> Option<Layout> {
        let (rows, columns) = self.extent()?;
        let types = &self.table().config.pieces;
        let mut planes = Vec::new();
        let mut counters = Vec::new();
        for seat in 0..self.seat_count() {
            let name = self.seat_name(seat);
            planes.extend(types.iter().map(|t| format!("{name} {}", t.name)));
            counters.push(format!("{name} score"));
        }
        planes.extend(["block".to_owned(), "exit".to_owned()]);
        counters.push("moves".into());
        let cells = rows * columns;
        Some(Layout {
            planes,
            rows,
            columns,
            counters,
            actions: cells * cells + 2,
        })
    }

    fn observe(&self, planes: &mut [f32], counters: &mut [f32]) {
        let Some((rows, columns)) = self.extent() else {
            return;
        };
        let (area, types) = (rows * columns, self.table().config.pieces.len());
        let seats = self.seat_count();
        for (at, piece) in self.pieces() {
            if let Some(square) = self.square_index(at) {
                planes[(piece.owner * types + piece.kind) * area + square] = 1.0;
            }
        }
        for location in &self.table().config.locations {
            let plane = match location.kind {
                LocationKind::Block => seats * types,
                LocationKind::Exit => seats * types + 1,
                LocationKind::Clear => continue,
            };
            if let Some(square) = self.square_index(location.at) {
                planes[plane * area + square] = 1.0;
            }
        }
        for (seat, counter) in counters[..seats].iter_mut().enumerate() {
            *counter = self.score(seat) as f32;
        }
        counters[seats] = self.moves() as f32;
    }

    fn action_id(&self, action: &Action) -> usize {
        let cells = self.extent().map_or(0, |(rows, columns)| rows * columns);
        match *action {
            Action::Move { from, to } => {
                let square = |at| self.square_index(at).unwrap_or(0);
                square(from) * cells + square(to)
            }
            Action::Resign => cells * cells,
            Action::Forfeit => cells * cells + 1,
        }
    }
}
