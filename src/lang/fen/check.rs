//! A raw FEN position read against a compiled core ruleset: the
//! placement's letters as the kinds' glyphs, the fields as the ruleset's
//! `[fen]` table says; every problem at once.

mod sfen;

use miette::SourceSpan;

use super::error::FenError;
use super::parse::{RawFen, Square, Word};
use crate::config::validate::suggestion_help;
use crate::lang::board::OFF;
use crate::lang::fen_spec::FenTable;
use crate::lang::program::Program;

/// A position read from FEN: what a game starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenPosition {
    /// The cell codes.
    pub cells: Vec<u8>,
    /// The variables' slots.
    pub vars: Vec<i32>,
    /// The player to move.
    pub player: u8,
    /// Actions made before this position (from the fullmove number).
    pub turn: u32,
}

/// Reads `raw` against `program`: the position, or every problem.
pub(super) fn check(program: &Program, raw: &RawFen) -> Result<FenPosition, Vec<FenError>> {
    let mut reader = Reader {
        p: program,
        t: &program.fen,
        problems: Vec::new(),
    };
    let position = reader.position(raw);
    match reader.problems.is_empty() {
        true => Ok(position),
        false => Err(reader.problems),
    }
}

struct Reader<'p> {
    p: &'p Program,
    t: &'p FenTable,
    problems: Vec<FenError>,
}

impl Reader<'_> {
    fn position(&mut self, raw: &RawFen) -> FenPosition {
        let mut at = FenPosition {
            cells: vec![0; self.p.board.cells()],
            vars: self.p.start_values(),
            player: 0,
            turn: 0,
        };
        self.placement(raw, &mut at.cells);
        let end = raw.placement.offset() + raw.placement.len();
        let Some(side) = raw.fields.first() else {
            self.problems.push(FenError::Fields {
                problem: "the side to move is missing".into(),
                span: (end, 0).into(),
            });
            return at;
        };
        let player = self.side(side);
        at.player = player.unwrap_or(0);
        at.turn = u32::from(at.player);
        if !self.t.hands.is_empty() {
            self.sfen_fields(&raw.fields[1..], &mut at);
            return at;
        }
        let mut fields = raw.fields[1..].iter();
        if let Some(castling) = fields.next() {
            self.castling(castling, &mut at.vars);
        }
        if let (Some(square), Some(player)) = (fields.next(), player) {
            self.en_passant(square, player, &mut at.cells);
        }
        if let Some(clock) = fields.next() {
            self.halfmove(clock, &mut at.vars);
        }
        if let Some(number) = fields.next() {
            at.turn = self.fullmove(number, at.player);
        }
        if let Some(extra) = fields.next() {
            self.problems.push(FenError::Fields {
                problem: format!("`{}` comes after the fullmove number", extra.text),
                span: extra.span,
            });
        }
        at
    }

    fn placement(&mut self, raw: &RawFen, cells: &mut [u8]) {
        let board = &self.p.board;
        let why = super::write::board_refusal(self.p);
        if let Some(why) = why {
            let game = self.p.name.clone();
            let span = raw.placement;
            self.problems.push(FenError::Board { game, why, span });
            return;
        }
        let (width, height) = (board.width, board.height);
        if raw.ranks.len() != usize::from(height) {
            self.problems.push(FenError::Rank {
                problem: format!("{} ranks, the board has {height}", raw.ranks.len()),
                width,
                height,
                span: raw.placement,
            });
        }
        for (i, (span, squares)) in raw.ranks.iter().enumerate().take(usize::from(height)) {
            let y = height - 1 - i as u16;
            self.rank(*span, squares, y, cells);
        }
    }

    fn rank(&mut self, span: SourceSpan, squares: &[Square], y: u16, cells: &mut [u8]) {
        let (width, height) = (self.p.board.width, self.p.board.height);
        let mut x: usize = 0;
        let mut i = 0;
        while let Some(square) = squares.get(i) {
            i += 1;
            match square {
                Square::Empty(run) => match run.text.parse::<usize>() {
                    Ok(n) if n > 0 => x = x.saturating_add(n),
                    _ => self.problems.push(FenError::Rank {
                        problem: format!("`{}` is not a count of empty squares", run.text),
                        width,
                        height,
                        span: run.span,
                    }),
                },
                Square::Piece(letter) => {
                    let (code, more) = self.piece_at(letter, &squares[i..]);
                    i += more;
                    let cell = (x < usize::from(width))
                        .then(|| self.p.board.at_xy(x as u16, y))
                        .flatten();
                    if let (Some(code), Some(cell)) = (code, cell) {
                        cells[usize::from(cell)] = code;
                    }
                    x += 1;
                }
            }
        }
        if x != usize::from(width) {
            self.problems.push(FenError::Rank {
                problem: format!("{x} squares, the board is {width} wide"),
                width,
                height,
                span,
            });
        }
    }

    /// The piece whose glyph `letter` and the letters after it spell,
    /// the longest first (`+P`), and how many letters after it it takes.
    fn piece_at(&mut self, letter: &Word, after: &[Square]) -> (Option<u8>, usize) {
        let mut text = letter.text.to_owned();
        let mut longest = None;
        for (more, square) in after.iter().take(2).enumerate() {
            let Square::Piece(next) = square else {
                break;
            };
            text.push_str(next.text);
            if let Some(code) = (self.p.pieces.iter()).position(|p| p.glyph == text) {
                longest = Some((code as u8 + 1, more + 1));
            }
        }
        match longest {
            Some((code, more)) => (Some(code), more),
            None => (self.piece(letter), 0),
        }
    }

    fn piece(&mut self, letter: &Word) -> Option<u8> {
        let code = (self.p.pieces.iter()).position(|p| p.glyph == letter.text);
        if code.is_none() {
            let known: Vec<&str> = (self.p.pieces.iter()).map(|p| p.glyph.as_str()).collect();
            self.problems.push(FenError::Piece {
                letter: letter.text.to_owned(),
                game: self.p.name.clone(),
                help: suggestion_help(letter.text, "the pieces are", &known),
                span: letter.span,
            });
        }
        code.map(|c| c as u8 + 1)
    }

    fn side(&mut self, side: &Word) -> Option<u8> {
        let found = self.t.sides.iter().position(|s| s == side.text);
        if found.is_none() {
            let known: Vec<&str> = self.t.sides.iter().map(String::as_str).collect();
            self.problems.push(FenError::Side {
                side: side.text.to_owned(),
                help: suggestion_help(side.text, "the sides to move are", &known),
                span: side.span,
            });
        }
        found.map(|p| p as u8)
    }

    fn castling(&mut self, field: &Word, vars: &mut [i32]) {
        let letters: String = self.t.castling.iter().map(|c| c.0).collect();
        let help = match letters.is_empty() {
            true => format!("{} has no castling rights: write `-`", self.p.name),
            false => format!("write `-` or some of `{letters}`, each once"),
        };
        let fault = |problem: String| FenError::Castling {
            field: field.text.to_owned(),
            problem,
            help: help.clone(),
            span: field.span,
        };
        for &(_, slot, min, _) in &self.t.castling {
            vars[slot] = min;
        }
        if field.text == "-" {
            return;
        }
        for (i, c) in field.text.char_indices() {
            match self.t.castling.iter().find(|r| r.0 == c) {
                _ if field.text[..i].contains(c) => {
                    self.problems.push(fault(format!("`{c}` is given twice")));
                }
                Some(&(_, slot, _, max)) => vars[slot] = max,
                None => self
                    .problems
                    .push(fault(format!("`{c}` is no castling right"))),
            }
        }
    }

    fn en_passant(&mut self, field: &Word, player: u8, cells: &mut [u8]) {
        if field.text == "-" {
            return;
        }
        let mut fault = |problem: String, help: String| {
            self.problems.push(FenError::EnPassant {
                square: field.text.to_owned(),
                problem,
                help,
                span: field.span,
            })
        };
        let Some(passant) = &self.t.en_passant else {
            let help = format!("{} has no en-passant square: write `-`", self.p.name);
            return fault("not a square of this game".into(), help);
        };
        let help = "write `-`, or the square a piece has just passed over".to_owned();
        let Some(cell) = self.p.board.cell(field.text) else {
            return fault("not a square of the board".into(), help);
        };
        let players = self.p.players.len();
        let mover = (usize::from(player) + players - 1) % players;
        let behind = self.p.board.neighbour(cell, passant.step[mover]);
        if cells[usize::from(cell)] != 0 {
            return fault("the square is not empty".into(), help);
        }
        if behind == OFF || cells[usize::from(behind)] != passant.written[mover] {
            let piece = self.p.glyph(passant.written[mover]).to_owned();
            return fault(format!("no `{piece}` has just passed it"), help);
        }
        cells[usize::from(behind)] = passant.becomes[mover];
    }

    fn number(&mut self, field: &Word, what: &'static str, min: i64, max: i64) -> Option<i64> {
        let value = field
            .text
            .parse::<i64>()
            .ok()
            .filter(|n| (min..=max).contains(n));
        if value.is_none() {
            let text = field.text.to_owned();
            let span = field.span;
            (self.problems).push(FenError::Number {
                what,
                text,
                min,
                max,
                span,
            });
        }
        value
    }

    fn halfmove(&mut self, field: &Word, vars: &mut [i32]) {
        let (slot, min, max) = match self.t.halfmove {
            Some((slot, min, max)) => (Some(slot), i64::from(min), i64::from(max)),
            None => (None, 0, i64::from(u16::MAX)),
        };
        let value = self.number(field, "halfmove clock", min, max);
        if let (Some(slot), Some(value)) = (slot, value) {
            vars[slot] = value as i32;
        }
    }

    fn fullmove(&mut self, field: &Word, player: u8) -> u32 {
        let players = self.p.players.len() as i64;
        let max = i64::from(u32::MAX / 2) / players;
        let number = self.number(field, "fullmove number", 1, max).unwrap_or(1);
        ((number - 1) * players + i64::from(player)) as u32
    }
}
