//! The walker interpreter's numeric view ([`Observe`]): one plane per kind
//! over the grid (row `y`, column `x`), one for the squares in motion;
//! what the actor has collected of each kind and the moves made; an id per
//! action, direction and count.

use super::events::Action;
use super::schema::Mode;
use super::state::Walker;
use crate::contract::{Layout, Observe};
use crate::walker::codec::Codec;

impl<C: Codec> Walker<C> {
    /// The first id of each of the program's actions, and the id count.
    fn action_bases(&self) -> (Vec<usize>, usize) {
        let mut bases = Vec::new();
        let mut next = 0;
        for def in &self.program().actions {
            bases.push(next);
            next += match def.mode {
                Mode::End => 1,
                _ => def.directions.len() * usize::from(def.max_count),
            };
        }
        (bases, next)
    }
}

impl<C: Codec> Observe for Walker<C> {
    fn layout(&self) -> Option<Layout> {
        let p = self.program();
        let mut planes: Vec<String> = p.kinds.iter().map(|k| k.name.clone()).collect();
        planes.push("falling".into());
        let mut counters: Vec<String> = (p.kinds.iter())
            .map(|k| format!("collected {}", k.name))
            .collect();
        counters.push("moves".into());
        Some(Layout {
            planes,
            rows: self.grid().height(),
            columns: self.grid().width(),
            counters,
            actions: self.action_bases().1,
        })
    }

    fn observe(&self, planes: &mut [f32], counters: &mut [f32]) {
        let kinds = self.program().kinds.len();
        let grid = self.grid();
        let area = grid.width() * grid.height();
        for (square, kind) in grid.kinds().enumerate() {
            if usize::from(kind) < kinds {
                planes[usize::from(kind) * area + square] = 1.0;
            }
            let (x, y) = (
                (square % grid.width()) as i32,
                (square / grid.width()) as i32,
            );
            if grid.get(x, y).1 {
                planes[kinds * area + square] = 1.0;
            }
        }
        for (kind, counter) in counters[..kinds].iter_mut().enumerate() {
            *counter = f32::from(self.collected(kind as u8));
        }
        counters[kinds] = self.moves as f32;
    }

    fn action_id(&self, action: &Action) -> usize {
        let (bases, _) = self.action_bases();
        let def = &self.program().actions[usize::from(action.action)];
        let base = bases[usize::from(action.action)];
        if def.mode == Mode::End {
            return base;
        }
        let direction = (def.directions.iter())
            .position(|&d| d == action.direction)
            .unwrap_or(0);
        base + direction * usize::from(def.max_count) + usize::from(action.count.max(1)) - 1
    }
}
