//! The core language's numeric view ([`Observe`]): one plane per piece
//! (a kind and its owner) over the board's drawing, showing the tops (and
//! where the rules stack pieces, one more plane holding each cell's
//! height), the variables as counters (and the turn number, where the
//! rules read `turn`), and an id for every action built from its marked
//! parts.

use super::action::{Action, WORD};
use super::game::CoreGame;
use super::program::Program;
use crate::contract::{Game, Layout, Observe};

impl Observe for CoreGame {
    fn layout(&self) -> Option<Layout> {
        let p = self.program();
        let planes = (p.pieces.iter())
            .map(|piece| {
                let owner = piece.owner.map(|o| p.players[usize::from(o)].as_str());
                let kind = &p.kinds[usize::from(piece.kind)];
                format!("{} {kind}", owner.unwrap_or("neutral"))
            })
            .collect::<Vec<String>>();
        let mut planes = planes;
        if p.stacks() {
            planes.push("stack height".to_owned());
        }
        Some(Layout {
            planes,
            rows: usize::from(p.board.height),
            columns: usize::from(p.board.width),
            counters: counter_names(p),
            actions: ActionIds::of(p).count(),
        })
    }

    fn observe(&self, planes: &mut [f32], counters: &mut [f32]) {
        let p = self.program();
        let (rows, columns) = (usize::from(p.board.height), usize::from(p.board.width));
        let stacks = p.stacks();
        for (cell, &code) in self.cells().iter().enumerate() {
            if code == 0 {
                continue;
            }
            let (x, y) = p.board.xy[cell];
            let row = rows - 1 - usize::from(y);
            let plane = usize::from(code) - 1;
            planes[(plane * rows + row) * columns + usize::from(x)] = 1.0;
            if stacks {
                let plane = p.pieces.len();
                planes[(plane * rows + row) * columns + usize::from(x)] = self.height(cell) as f32;
            }
        }
        for (slot, &value) in self.values().iter().enumerate() {
            counters[slot] = value as f32;
        }
        if p.reads_turn {
            counters[p.slots] = self.turn() as f32;
        }
    }

    fn action_id(&self, action: &Action) -> usize {
        let ids = ActionIds::of(self.program());
        if !ids.may_share(action) {
            return ids.id(action);
        }
        let legal = self.legal_actions();
        match legal.iter().position(|a| a == action) {
            Some(at) => ids.of_all(&legal)[at],
            None => ids.id(action),
        }
    }

    fn action_ids(&self, actions: &[Action]) -> Vec<usize> {
        ActionIds::of(self.program()).of_all(actions)
    }
}

/// Each variable slot's name: the variable, and its player when it has
/// one slot per player; then `turn` where the rules read the turn number
/// (a learner sees what the rules decide by).
fn counter_names(p: &Program) -> Vec<String> {
    let mut names = vec![String::new(); p.slots];
    for v in &p.variables {
        let slots = if v.per_player { p.players.len() } else { 1 };
        for s in 0..slots {
            names[usize::from(v.slot) + s] = match v.per_player {
                true => format!("{} {}", v.name, p.players[s]),
                false => v.name.clone(),
            };
        }
    }
    if p.reads_turn {
        names.push("turn".to_owned());
    }
    names
}

/// Action ids from an action's first, second and last marked parts, each
/// as a digit in base `base` (0: no such part, then the cells, then the
/// literal words); resignation is the id after them. Two legal actions
/// that differ only between their second and last parts (capture chains
/// taking two routes to one square) would share those digits: the first of
/// them (the shorter, then the lower parts) keeps them, and each other one
/// takes a spare id after resignation's, by its place among this
/// position's sharers (`base` squared spares, more than a position has).
struct ActionIds {
    cells: usize,
    base: usize,
}

impl ActionIds {
    fn of(p: &Program) -> ActionIds {
        let cells = p.board.cells();
        ActionIds {
            cells,
            base: cells + p.words.len() + 1,
        }
    }

    fn quit(&self) -> usize {
        self.base.pow(3)
    }

    fn count(&self) -> usize {
        self.quit() + 1 + self.base.pow(2)
    }

    fn digit(&self, part: Option<&u16>) -> usize {
        match part {
            None => 0,
            Some(&part) if part & WORD != 0 => self.cells + 1 + usize::from(part & !WORD),
            Some(&cell) => 1 + usize::from(cell),
        }
    }

    /// Whether `action` has parts between its second and last, so that
    /// another action may share its digits.
    fn may_share(&self, action: &Action) -> bool {
        !action.is_quit() && action.parts().len() > 3
    }

    /// The digits' id of `action`, alone.
    fn id(&self, action: &Action) -> usize {
        if action.is_quit() {
            return self.quit();
        }
        let parts = action.parts();
        let last = parts.get(2..).and_then(|rest| rest.last());
        (self.digit(parts.first()) * self.base + self.digit(parts.get(1))) * self.base
            + self.digit(last)
    }

    /// The ids of `legal`, a position's legal actions, in their order:
    /// the digits' ids, and spares for the actions that share them.
    fn of_all(&self, legal: &[Action]) -> Vec<usize> {
        let mut ids: Vec<usize> = legal.iter().map(|a| self.id(a)).collect();
        if !legal.iter().any(|a| self.may_share(a)) {
            return ids;
        }
        let key = |&at: &usize| (ids[at], legal[at].parts().len(), legal[at].parts());
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_by_key(key);
        let sharers: Vec<usize> = (order.windows(2))
            .filter(|pair| ids[pair[0]] == ids[pair[1]])
            .map(|pair| pair[1])
            .collect();
        for (spare, at) in sharers.into_iter().enumerate() {
            ids[at] = self.quit() + 1 + spare.min(self.base.pow(2) - 1);
        }
        ids
    }
}
