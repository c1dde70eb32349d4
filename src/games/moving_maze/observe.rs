//! Moving Maze's numeric view ([`Observe`]): the tiles' open sides (four
//! planes), the relics that can be seen, and per seat its adventurer, its
//! home and the relics it may collect next; the floating tile's sides,
//! each seat's relic count and the phase; an id per rotation, slide,
//! step, destination and `done`.

use super::board::{Direction, Pos};
use super::engine::{Action, Game, Phase};
use crate::contract::{self, Layout, Observe};

const SIDES: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
];

impl Game {
    /// How many slide ids each side of the maze has: slides are numbered
    /// up to its longest side.
    fn longest_side(&self) -> usize {
        usize::from(self.maze().width().max(self.maze().height())) + 1
    }
}

impl Observe for Game {
    fn layout(&self) -> Option<Layout> {
        let mut planes: Vec<String> = SIDES.iter().map(|d| format!("open {}", d.name())).collect();
        planes.push("relic".into());
        let seats = contract::Game::seat_count(self);
        let mut counters: Vec<String> = SIDES
            .iter()
            .map(|d| format!("floating open {}", d.name()))
            .collect();
        for seat in 0..seats {
            let name = contract::Game::seat_name(self, seat);
            planes.extend(["adventurer", "home", "next relic"].map(|w| format!("{name} {w}")));
            counters.push(format!("{name} relics"));
        }
        counters.push("phase".into());
        let (w, h) = (
            usize::from(self.maze().width()),
            usize::from(self.maze().height()),
        );
        Some(Layout {
            planes,
            rows: h,
            columns: w,
            counters,
            actions: 2 + 4 * self.longest_side() + 4 + w * h + 1,
        })
    }

    fn observe(&self, planes: &mut [f32], counters: &mut [f32]) {
        let (w, h) = (
            usize::from(self.maze().width()),
            usize::from(self.maze().height()),
        );
        let area = w * h;
        let at = |pos: Pos| usize::from(pos.y) * w + usize::from(pos.x);
        for y in 0..h {
            for x in 0..w {
                let pos = Pos::new(x as u8, y as u8);
                let tile = self.maze().tile(pos);
                for (plane, &side) in SIDES.iter().enumerate() {
                    planes[plane * area + at(pos)] = f32::from(u8::from(tile.is_open(side)));
                }
                let Some(relic) = tile.relic().filter(|&r| self.is_relic_visible(r)) else {
                    continue;
                };
                planes[4 * area + at(pos)] = 1.0;
                for seat in 0..self.players().len() {
                    if self.is_active_relic(seat, relic) {
                        planes[(5 + 3 * seat + 2) * area + at(pos)] = 1.0;
                    }
                }
            }
        }
        for (seat, player) in self.players().iter().enumerate() {
            planes[(5 + 3 * seat) * area + at(player.pos)] = 1.0;
            planes[(5 + 3 * seat + 1) * area + at(player.home)] = 1.0;
            counters[4 + seat] = f32::from(player.collected);
        }
        for (counter, &side) in SIDES.iter().enumerate() {
            counters[counter] = f32::from(u8::from(self.floating().is_open(side)));
        }
        counters[4 + self.players().len()] = match self.phase() {
            Phase::Slide => 0.0,
            Phase::Move => 1.0,
            Phase::Over => 2.0,
        };
    }

    fn action_id(&self, action: &Action) -> usize {
        let side = self.longest_side();
        let w = usize::from(self.maze().width());
        let cells = w * usize::from(self.maze().height());
        match *action {
            Action::RotateClockwise => 0,
            Action::RotateCounterclockwise => 1,
            Action::Slide(at) => 2 + at.side.index() * side + usize::from(at.index),
            Action::Step(direction) => 2 + 4 * side + direction.index(),
            Action::MoveTo(pos) => 6 + 4 * side + usize::from(pos.y) * w + usize::from(pos.x),
            Action::Done | Action::Quit => 6 + 4 * side + cells,
        }
    }
}
