//! The vocabulary's numeric view ([`Observe`]): one plane per player and
//! kind marking the squares whose top piece it is, one plane for pieces
//! that belong to nobody for now; the counters, the limited reserves and
//! the phase; and an id for every action shape.

use super::compile::Program;
use super::flow_spec::Per;
use super::state::{Action, NO_RULE, VocabGame};
use crate::contract::{Layout, Observe};

impl Observe for VocabGame {
    fn layout(&self) -> Option<Layout> {
        let p = self.program();
        let mut planes: Vec<String> = Vec::new();
        for player in &p.players {
            planes.extend(
                p.kinds
                    .iter()
                    .map(|k| format!("{} {}", player.name, k.name)),
            );
        }
        planes.push("neutral".into());
        let mut counters = Vec::new();
        for counter in &p.flow.counters {
            match counter.per {
                Per::Game => counters.push(counter.name.to_owned()),
                Per::Player => counters
                    .extend((p.players.iter()).map(|pl| format!("{} {}", counter.name, pl.name))),
            }
        }
        for player in &p.players {
            for kind in p.kinds.iter().filter(|k| k.reserve.is_some()) {
                counters.push(format!("reserve {} {}", player.name, kind.name));
            }
        }
        counters.push("phase".into());
        Some(Layout {
            planes,
            rows: usize::from(p.geometry.height),
            columns: usize::from(p.geometry.width),
            counters,
            actions: ActionIds::of(p).count,
        })
    }

    fn observe(&self, planes: &mut [f32], counters: &mut [f32]) {
        let p = self.program();
        let (cells, kinds) = (p.geometry.cells(), p.kinds.len());
        let neutral_plane = p.players.len() * kinds;
        let neutral = self.neutral();
        for cell in 0..cells {
            let top = self.top(cell as u8);
            if top == 0 {
                continue;
            }
            let (kind, owner) = Program::decode(top);
            let plane = if neutral >> cell & 1 == 1 || usize::from(owner) >= p.players.len() {
                neutral_plane
            } else {
                usize::from(owner) * kinds + usize::from(kind)
            };
            planes[plane * cells + cell] = 1.0;
        }
        let mut next = 0;
        for (c, counter) in p.flow.counters.iter().enumerate() {
            let seats = if counter.per == Per::Game {
                1
            } else {
                p.players.len()
            };
            for seat in 0..seats {
                counters[next] = self.counter(c, seat).unwrap_or(counter.start) as f32;
                next += 1;
            }
        }
        for player in 0..p.players.len() {
            for (k, _) in p
                .kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| k.reserve.is_some())
            {
                counters[next] = f32::from(self.reserve(player, k as u8).unwrap_or(0));
                next += 1;
            }
        }
        counters[next] = f32::from(self.phase);
    }

    fn action_id(&self, action: &Action) -> usize {
        let ids = ActionIds::of(self.program());
        let cells = ids.cells;
        match *action {
            Action::Place { kind, at } => usize::from(kind) * cells + usize::from(at),
            Action::Drop { kind, at } => ids.drop + usize::from(kind) * cells + usize::from(at),
            Action::Move { from, to } => ids.moves + usize::from(from) * cells + usize::from(to),
            Action::Pass | Action::Quit => ids.pass,
            Action::PlaceFrom { stack, at } => {
                ids.place_from + usize::from(stack) * cells + usize::from(at)
            }
            Action::Effect { rule, at, arg } => {
                let square = usize::from(rule) * cells + usize::from(at);
                ids.effect + square * ids.args + usize::from(arg).min(ids.args - 1)
            }
            Action::Forfeit { rule } => match rule {
                NO_RULE => ids.forfeit,
                rule => ids.forfeit + 1 + usize::from(rule),
            },
        }
    }
}

/// Where each shape of action starts among the ids: places first, then
/// drops, moves, the pass, places from reserve stacks, effects (by rule,
/// square and parameter) and forfeits.
struct ActionIds {
    cells: usize,
    args: usize,
    drop: usize,
    moves: usize,
    pass: usize,
    place_from: usize,
    effect: usize,
    forfeit: usize,
    count: usize,
}

impl ActionIds {
    fn of(p: &Program) -> ActionIds {
        let (cells, kinds, rules) = (p.geometry.cells(), p.kinds.len(), p.rules.len());
        let args = usize::from(p.height).max(2) + 1;
        let drop = kinds * cells;
        let moves = drop + kinds * cells;
        let pass = moves + cells * cells;
        let place_from = pass + 1;
        let effect = place_from + usize::from(p.stacks) * cells;
        let forfeit = effect + rules * cells * args;
        ActionIds {
            cells,
            args,
            drop,
            moves,
            pass,
            place_from,
            effect,
            forfeit,
            count: forfeit + 1 + rules,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Game;
    use crate::vocab::builtin_vocab;

    #[test]
    fn connect_four_marks_the_dropped_stone_and_ids_differ() {
        let mut game = VocabGame::new(builtin_vocab("connect-four").unwrap().unwrap());
        let layout = game.layout().unwrap();
        assert_eq!((layout.rows, layout.columns), (6, 7));
        let ids: Vec<usize> = game
            .legal_actions()
            .iter()
            .map(|a| game.action_id(a))
            .collect();
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 7);
        assert!(ids.iter().all(|&id| id < layout.actions));
        let action = game.legal_actions()[3];
        game.apply(&action).unwrap();
        let mut planes = vec![0.0; layout.plane_values()];
        let mut counters = vec![0.0; layout.counters.len()];
        game.observe(&mut planes, &mut counters);
        assert_eq!(planes.iter().sum::<f32>(), 1.0);
    }
}
