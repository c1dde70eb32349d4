//! A private 3x3 tic-tac-toe for the generic bots' tests, written against
//! the contract only (until the shared test game is used instead).

use relic::contract::{Evaluate, Game, NotationError, Outcome, Seat, Status, Tallies};

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    cells: [Option<Seat>; 9],
    moves: u32,
}

#[derive(Clone, Debug, thiserror::Error)]
#[error("cell {0} is not free")]
pub struct Occupied(pub usize);

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    fn winner(&self) -> Option<Seat> {
        LINES.iter().find_map(|line| {
            let first = self.cells[line[0]]?;
            line.iter()
                .all(|&c| self.cells[c] == Some(first))
                .then_some(first)
        })
    }
}

impl Game for TicTacToe {
    type Action = usize;
    type Event = usize;
    type Refusal = Occupied;

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        ["x", "o"][seat].to_string()
    }

    fn status(&self) -> Status {
        match self.winner() {
            Some(seat) => Status::Over(Outcome::Won(seat)),
            None if self.moves == 9 => Status::Over(Outcome::Draw),
            None => Status::ToMove(self.moves as usize % 2),
        }
    }

    fn turn(&self) -> u32 {
        self.moves
    }

    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        if !self.status().is_over() {
            out.extend((0..9).filter(|&c| self.cells[c].is_none()));
        }
    }

    fn apply_into(&mut self, action: &usize, events: &mut Vec<usize>) -> Result<(), Occupied> {
        let seat = self.status().to_move().ok_or(Occupied(*action))?;
        match self.cells.get_mut(*action) {
            Some(cell @ None) => *cell = Some(seat),
            _ => return Err(Occupied(*action)),
        }
        self.moves += 1;
        events.push(*action);
        Ok(())
    }

    fn parse_action(&self, text: &str) -> Result<usize, NotationError> {
        match text.trim().parse::<usize>() {
            Ok(n @ 1..=9) => Ok(n - 1),
            _ => Err(NotationError::new("a cell from 1 to 9")),
        }
    }

    fn write_action(&self, action: &usize) -> String {
        (action + 1).to_string()
    }
}

impl Evaluate for TicTacToe {
    fn evaluate(&self, _seat: Seat) -> f64 {
        0.5
    }
}

impl Tallies for TicTacToe {
    fn tallies(&self, seat: Seat) -> Vec<(&'static str, i64)> {
        let marks = self.cells.iter().filter(|&&c| c == Some(seat)).count();
        vec![("marks", marks as i64)]
    }
}

impl relic::bots::GameStrategies for TicTacToe {}
