//! The course's text mode: the board before the first line and after every
//! legal line (then an empty line), `Invalid move` for an illegal one, the
//! end message (`Blue wins!`, `Green wins!`, `Draw!`, `Quit`, `No winner,
//! input file ended`) and then the statistics.

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use super::instructions::{Instruction, MAX_LINE, parse_line, to_action};
use crate::contract::{Game, Outcome, Status};
use crate::vocab::{Action, Program, VocabGame};

/// Plays the instruction lines of `input` from the starting position of
/// `program`, writing the course's text to `out`. A line of any shape is
/// one turn; reading stops at a quit or the end of the game. Returns the
/// final position.
pub fn play_instructions<R: BufRead, W: Write>(
    program: Arc<Program>,
    mut input: R,
    mut out: W,
) -> io::Result<VocabGame> {
    let mut game = VocabGame::new(program);
    let mut text = String::new();
    write_board(&game, &mut text);
    let mut reader = LineReader::default();
    loop {
        out.write_all(text.as_bytes())?;
        text.clear();
        let Some(instruction) = reader.next(&mut input)? else {
            break;
        };
        step(&mut game, instruction, &mut text);
        if game.status().is_over() {
            write_statistics(&game, &mut text);
            out.write_all(text.as_bytes())?;
            out.flush()?;
            return Ok(game);
        }
    }
    text.push_str("No winner, input file ended\n");
    write_statistics(&game, &mut text);
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(game)
}

/// Reads instruction lines from a stream as [`super::split_lines`] cuts a
/// whole file: a line ends at `\n`, `\r\n` or a lone `\r`. After a `\r`
/// it does not wait for the next byte (stdin may be a person typing): a
/// `\n` met first thing on the next read is skipped instead.
#[derive(Default)]
struct LineReader {
    line: Vec<u8>,
    after_cr: bool,
}

impl LineReader {
    /// The next line's instruction, or `None` at the end of the input.
    fn next<R: BufRead>(&mut self, input: &mut R) -> io::Result<Option<Instruction>> {
        self.line.clear();
        let mut read = false;
        loop {
            let buffer = match input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                break;
            }
            if std::mem::take(&mut self.after_cr) && buffer[0] == b'\n' {
                input.consume(1);
                continue;
            }
            read = true;
            let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
            let body = &buffer[..end.unwrap_or(buffer.len())];
            // One byte past the longest line is enough for `parse_line`
            // to see that it is too long.
            let room = (MAX_LINE + 1).saturating_sub(self.line.len());
            self.line.extend_from_slice(&body[..body.len().min(room)]);
            let used = body.len();
            match end {
                Some(i) => {
                    self.after_cr = buffer[i] == b'\r';
                    input.consume(used + 1);
                    break;
                }
                None => input.consume(used),
            }
        }
        Ok(read.then(|| parse_line(&self.line)))
    }
}

/// Plays one line: the board after a legal one, `Invalid move` (and the
/// lost turn) after an illegal one, the end message when play ends.
fn step(game: &mut VocabGame, instruction: Instruction, text: &mut String) {
    let action = to_action(game.program(), instruction);
    if action == Action::Quit {
        let _ = game.apply(&action);
        text.push_str("Quit\n");
        return;
    }
    let applied = instruction != Instruction::Malformed && game.apply(&action).is_ok();
    if applied {
        write_board(game, text);
    } else {
        text.push_str("Invalid move\n");
        let forfeit = game.forfeit_for(&action);
        let _ = game.apply(&forfeit);
    }
    match game.status() {
        Status::Over(Outcome::Won(seat)) => {
            text.push_str(&format!("{} wins!\n", game.seat_name(seat)));
        }
        Status::Over(Outcome::Draw) => text.push_str("Draw!\n"),
        Status::Over(_) => text.push_str("No winner, input file ended\n"),
        Status::ToMove(_) => {}
    }
}

/// The board: column labels, then one line per row from `r1`, each square
/// its top glyph (a sink's, a neutral piece's, or the empty glyph) and `|`;
/// then an empty line.
pub fn write_board(game: &VocabGame, text: &mut String) {
    let p = game.program();
    let g = &p.geometry;
    text.push_str("  ");
    for x in 1..=g.width {
        text.push_str(&format!(" c{x}"));
    }
    text.push('\n');
    for y in 0..g.height {
        text.push_str(&format!("r{} ", y + 1));
        for x in 0..g.width {
            text.push_str(square_glyph(game, g.cell(x, y)));
            text.push('|');
        }
        text.push('\n');
    }
    text.push('\n');
}

fn square_glyph(game: &VocabGame, cell: u8) -> &str {
    let p = game.program();
    let stack = game.stack(cell);
    match stack.last() {
        None if game.sinks() >> cell & 1 == 1 => &p.glyphs.sink,
        None => &p.glyphs.empty,
        Some(_) if game.shows_status(game.timer(cell, stack.len() - 1)) => &p.glyphs.neutral,
        Some(&code) => p.glyph(code),
    }
}

/// The statistics: every stack on the board row by row, top piece first,
/// by real names; then each player's external stacks, largest first, a
/// piece whose status shows printed with the neutral glyph.
pub fn write_statistics(game: &VocabGame, text: &mut String) {
    let p = game.program();
    text.push_str("Statistics for each stack present on the board\n");
    for cell in 0..p.geometry.cells() as u8 {
        let names: Vec<&str> = game.stack(cell).iter().rev().map(|&c| p.glyph(c)).collect();
        if !names.is_empty() {
            text.push_str(&names.join(" "));
            text.push('\n');
        }
    }
    for (seat, player) in p.players.iter().enumerate() {
        let name = player.name.to_lowercase();
        text.push_str(&format!("Statistics external stacks {name} player\n"));
        for stack in 0..usize::from(p.stacks) {
            text.push_str(&format!("Stack {}:", stack + 1));
            for (kind, timer) in game.reserve_stack(seat, stack) {
                let glyph = if game.shows_status(timer) {
                    &p.glyphs.neutral
                } else {
                    &p.kinds[usize::from(kind)].glyphs[seat]
                };
                text.push(' ');
                text.push_str(glyph);
            }
            text.push('\n');
        }
    }
}
