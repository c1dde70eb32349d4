//! A hand-specialised Moving Maze, written only to measure the generic
//! engine against: the standard rules hard-wired (four players green,
//! yellow, red, blue from the four corners; even rows and columns slide;
//! no reverse slide; pushed-off adventurers land on the inserted tile and
//! collect there; relics in order; collecting ends the move; win on
//! returning home), fixed-size arrays and bit boards, no ruleset
//! interpretation. Boards up to 9x9.
//!
//! It plays the same random turn policy as [`super::random_turns`]: the
//! same draws from the same generator give the same game.

#![allow(dead_code)]

use relic::board::Board;

const MAX: usize = 81;
const NONE: u8 = u8::MAX;
const RELIC_LETTERS: [char; 4] = ['g', 'y', 'r', 'b'];

/// Bit `i` of a `u128` per cell, row-major.
type Bits = u128;

/// A slide: the side the tile enters from (0 N, 1 E, 2 S, 3 W) and the
/// 1-based line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    pub side: u8,
    pub index: u8,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Specialised {
    width: u8,
    height: u8,
    /// Open sides per cell: bit 0 north, clockwise.
    sides: [u8; MAX],
    /// Relic per cell: `seat << 4 | order`, or 0.
    relics: [u8; MAX],
    floating_sides: u8,
    floating_relic: u8,
    /// Cells open to the north, east, south, west.
    open: [Bits; 4],
    not_last_column: Bits,
    k: u8,
    pos: [u8; 4],
    home: [u8; 4],
    collected: [u8; 4],
    current: u8,
    forbidden: Option<Slide>,
    winner: u8,
    turn: u32,
    slides: [Slide; 36],
    slide_count: u8,
}

/// The visible result of a game, to compare with the generic engine's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub sides: Vec<u8>,
    pub relics: Vec<u8>,
    pub floating: (u8, u8),
    pub pos: [u8; 4],
    pub collected: [u8; 4],
    pub winner: Option<u8>,
    pub turns: u32,
}

impl Specialised {
    /// Sets up a game on `board` (standard rules).
    pub fn new(board: &Board) -> Specialised {
        let maze = board.maze();
        let (w, h) = (maze.width(), maze.height());
        let mut game = Specialised {
            width: w,
            height: h,
            sides: [0; MAX],
            relics: [0; MAX],
            floating_sides: board.floating().sides().bits(),
            floating_relic: relic_code(board.floating()),
            open: [0; 4],
            not_last_column: 0,
            k: board.relics_per_colour(),
            pos: [0; 4],
            home: [0; 4],
            collected: [0; 4],
            current: 0,
            forbidden: None,
            winner: NONE,
            turn: 0,
            slides: [Slide { side: 0, index: 0 }; 36],
            slide_count: 0,
        };
        for (i, tile) in maze.tiles().iter().enumerate() {
            game.sides[i] = tile.sides().bits();
            game.relics[i] = relic_code(*tile);
        }
        let corners = [0, w - 1, (h - 1) * w, h * w - 1];
        game.home = corners;
        game.pos = corners;
        for i in 0..usize::from(w * h) {
            if i % usize::from(w) != usize::from(w) - 1 {
                game.not_last_column |= 1 << i;
            }
        }
        for side in 0..4u8 {
            let lines = if side.is_multiple_of(2) { w } else { h };
            for index in (2..=lines).step_by(2) {
                game.slides[usize::from(game.slide_count)] = Slide { side, index };
                game.slide_count += 1;
            }
        }
        game.rebuild_open();
        game
    }

    fn rebuild_open(&mut self) {
        self.open = [0; 4];
        for i in 0..usize::from(self.width * self.height) {
            let sides = self.sides[i];
            for d in 0..4 {
                self.open[d] |= Bits::from((sides >> d) & 1) << i;
            }
        }
    }

    pub fn is_over(&self) -> bool {
        self.winner != NONE
    }

    /// Turns completed, the winning turn included.
    pub fn turns(&self) -> u32 {
        self.turn + u32::from(self.is_over())
    }

    /// Plays one turn of the random policy: `r` quarter turns clockwise,
    /// one of the legal slides, then a move to one of the reachable tiles
    /// (unless the slide ended the turn), then `done` unless the move did.
    /// Returns a fingerprint of the choices.
    pub fn random_turn(&mut self, rng: &mut fastrand::Rng) -> u64 {
        let r = rng.usize(0..4);
        for _ in 0..r {
            self.floating_sides = ((self.floating_sides << 1) | (self.floating_sides >> 3)) & 15;
        }
        let mut legal = [Slide { side: 0, index: 0 }; 36];
        let mut count = 0;
        for &slide in &self.slides[..usize::from(self.slide_count)] {
            if Some(slide) != self.forbidden {
                legal[count] = slide;
                count += 1;
            }
        }
        let slide = legal[rng.usize(0..count)];
        let seat = self.current;
        let turn = self.turn;
        self.slide(slide);
        let mut print = (r as u64) << 16 | u64::from(slide.side) << 8 | u64::from(slide.index);
        if self.is_over() || self.turn != turn {
            return print;
        }
        let reach = self.reachable(self.pos[usize::from(seat)]);
        let j = rng.usize(0..reach.count_ones() as usize);
        let dest = nth_bit(reach, j);
        print |= u64::from(dest) << 24 | 1 << 40;
        self.pos[usize::from(seat)] = dest;
        self.arrive(seat, true);
        if !self.is_over() && self.turn == turn {
            self.end_turn();
        }
        print
    }

    fn slide(&mut self, at: Slide) {
        let (w, h) = (self.width as i32, self.height as i32);
        let line = i32::from(at.index) - 1;
        let (start, step, len) = match at.side {
            0 => (line, w, h),
            2 => ((h - 1) * w + line, -w, h),
            3 => (line * w, 1, w),
            _ => (line * w + w - 1, -1, w),
        };
        let cell = |k: i32| (start + step * k) as usize;
        let out = cell(len - 1);
        let (out_sides, out_relic) = (self.sides[out], self.relics[out]);
        for k in (1..len).rev() {
            self.sides[cell(k)] = self.sides[cell(k - 1)];
            self.relics[cell(k)] = self.relics[cell(k - 1)];
        }
        self.sides[cell(0)] = self.floating_sides;
        self.relics[cell(0)] = self.floating_relic;
        self.floating_sides = out_sides;
        self.floating_relic = out_relic;
        for k in 0..len {
            let i = cell(k);
            for d in 0..4 {
                let bit = Bits::from((self.sides[i] >> d) & 1) << i;
                self.open[d] = (self.open[d] & !(1 << i)) | bit;
            }
        }
        self.forbidden = Some(Slide {
            side: (at.side + 2) % 4,
            index: at.index,
        });
        let mut displaced = [false; 4];
        for (seat, pos) in self.pos.iter_mut().enumerate() {
            let p = i32::from(*pos);
            let on_line = if at.side.is_multiple_of(2) {
                p % w == line
            } else {
                p / w == line
            };
            if !on_line {
                continue;
            }
            if p as usize == out {
                *pos = cell(0) as u8;
                displaced[seat] = true;
            } else {
                *pos = (p + step) as u8;
            }
        }
        let current = usize::from(self.current);
        for seat in (0..4).filter(|&s| displaced[s] && s != current) {
            self.arrive(seat as u8, true);
        }
        if displaced[current] && !self.is_over() {
            self.arrive(self.current, true);
        }
    }

    fn arrive(&mut self, seat: u8, may_collect: bool) {
        let s = usize::from(seat);
        let here = usize::from(self.pos[s]);
        let active = (seat << 4) | (self.collected[s] + 1);
        let collected = may_collect && self.relics[here] == active && self.collected[s] < self.k;
        if collected {
            self.relics[here] = 0;
            self.collected[s] += 1;
        }
        if self.k > 0 && self.collected[s] == self.k && self.pos[s] == self.home[s] {
            self.winner = seat;
            return;
        }
        if collected && seat == self.current {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        self.current = (self.current + 1) % 4;
        self.turn += 1;
    }

    /// Cells connected to `from` by pathways, `from` included.
    pub fn reachable(&self, from: u8) -> Bits {
        let w = u32::from(self.width);
        let east = self.open[1] & (self.open[3] >> 1) & self.not_last_column;
        let south = self.open[2] & (self.open[0] >> w);
        let (west, north) = (east << 1, south << w);
        let mut reach: Bits = 1 << from;
        loop {
            let next = reach
                | (reach & east) << 1
                | (reach & west) >> 1
                | (reach & south) << w
                | (reach & north) >> w;
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    pub fn outcome(&self) -> Outcome {
        let cells = usize::from(self.width * self.height);
        Outcome {
            sides: self.sides[..cells].to_vec(),
            relics: self.relics[..cells].to_vec(),
            floating: (self.floating_sides, self.floating_relic),
            pos: self.pos,
            collected: self.collected,
            winner: (self.winner != NONE).then_some(self.winner),
            turns: self.turns(),
        }
    }
}

/// The position of the `n`-th set bit (from 0, lowest first).
pub fn nth_bit(mut bits: Bits, n: usize) -> u8 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as u8
}

/// A tile's relic as `seat << 4 | order`, or 0.
pub fn relic_code(tile: relic::board::Tile) -> u8 {
    tile.relic().map_or(0, |relic| {
        let seat = RELIC_LETTERS
            .iter()
            .position(|&c| c == relic.colour())
            .expect("standard relic colours") as u8;
        seat << 4 | relic.order()
    })
}

/// The generic engine's game in the form [`Specialised::outcome`] gives, to
/// compare the two.
pub fn generic_outcome(game: &relic::engine::Game) -> Outcome {
    let tiles = game.maze().tiles();
    let players = game.players();
    let width = game.maze().width();
    let index = |p: relic::board::Pos| p.y * width + p.x;
    Outcome {
        sides: tiles.iter().map(|t| t.sides().bits()).collect(),
        relics: tiles.iter().map(|&t| relic_code(t)).collect(),
        floating: (game.floating().sides().bits(), relic_code(game.floating())),
        pos: std::array::from_fn(|s| index(players[s].pos)),
        collected: std::array::from_fn(|s| players[s].collected),
        winner: game.winner().map(|w| w as u8),
        turns: crate::random_turns::turns(game),
    }
}
