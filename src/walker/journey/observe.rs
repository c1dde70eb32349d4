//! The level-walking interpreter's numeric view ([`Observe`]): one plane
//! per cell kind, one per item kind and one for the actor, over the
//! largest level (smaller levels fill the top left); the stats, the items
//! held, the level and the step count; an id per step and per item use.

use super::state::{Action, Journey};
use crate::contract::{Layout, Observe};
use crate::walker::levels::NO_ITEM;

impl Observe for Journey {
    fn layout(&self) -> Option<Layout> {
        let p = self.program();
        let rows = self.levels().iter().map(|l| l.rows).max().unwrap_or(0);
        let columns = self.levels().iter().map(|l| l.columns).max().unwrap_or(0);
        let mut planes: Vec<String> = p.kinds.iter().map(|k| k.name.clone()).collect();
        planes.extend(p.items.iter().map(|i| i.name.clone()));
        planes.push("actor".into());
        let mut counters: Vec<String> = p.stats.defs().iter().map(|d| d.name.clone()).collect();
        counters.extend(p.items.iter().map(|i| format!("held {}", i.name)));
        counters.extend(["level".to_owned(), "steps".to_owned()]);
        Some(Layout {
            planes,
            rows,
            columns,
            counters,
            actions: p.steps.len() + p.items.len(),
        })
    }

    fn observe(&self, planes: &mut [f32], counters: &mut [f32]) {
        let p = self.program();
        let rows = self.levels().iter().map(|l| l.rows).max().unwrap_or(0);
        let columns = self.levels().iter().map(|l| l.columns).max().unwrap_or(0);
        let area = rows * columns;
        let board = self.board();
        let width = board.kinds.width();
        let kinds = p.kinds.len();
        for (cell, kind) in board.kinds.kinds().enumerate() {
            let at = cell / width * columns + cell % width;
            if usize::from(kind) < kinds {
                planes[usize::from(kind) * area + at] = 1.0;
            }
            let item = board.items[cell];
            if item != NO_ITEM {
                planes[(kinds + usize::from(item)) * area + at] = 1.0;
            }
        }
        let actor = board.at / width * columns + board.at % width;
        planes[(kinds + p.items.len()) * area + actor] = 1.0;
        let stats = self.stats();
        counters[..stats.len()]
            .iter_mut()
            .zip(stats)
            .for_each(|(c, &v)| *c = v as f32);
        for item in 0..p.items.len() {
            counters[stats.len() + item] = self.inventory().count(item as u8) as f32;
        }
        let rest = stats.len() + p.items.len();
        counters[rest] = board.level as f32;
        counters[rest + 1] = self.steps() as f32;
    }

    fn action_id(&self, action: &Action) -> usize {
        let steps = self.program().steps.len();
        match action {
            Action::Step(step) => usize::from(*step),
            Action::Use(item) => steps + usize::from(*item),
            Action::UseUnknown(_) => steps + self.program().items.len(),
        }
    }
}
