//! The cell orders of `scan(d1 d2, body)` ([`super::program::Op::Scan`]):
//! computed once at load from the board's directions, so a scan at play
//! time only walks a table.

use super::ast::Name;
use super::board::{Board, OFF};
use super::lower::Lower;
use crate::config::validate::suggestion_help;

/// The cells of `board` in the order a scan along `dirs` visits them:
/// first the cells farthest against the first direction (the most steps
/// along it before leaving the board), and among those the cells farthest
/// against the second; ties in board order. On a square board
/// `order(b, [s, e])` reads the rows from north to south, each from west
/// to east.
///
/// ```
/// use relic::lang::board::Board;
/// use relic::lang::scan::order;
/// use relic::lang::schema::{BoardSpec, Shape};
/// let spec = BoardSpec { shape: Shape::Square, width: 3, height: 2, points: vec![],
///     links: Default::default(), opposite: Default::default(), holes: vec![], hexagon: false,
///     setup: vec![], heights: false };
/// let b = Board::build(&spec).unwrap();
/// let (s, e) = (b.direction("s").unwrap(), b.direction("e").unwrap());
/// let names: Vec<&str> = order(&b, &[s, e]).iter().map(|&c| b.names[usize::from(c)].as_str()).collect();
/// assert_eq!(names, ["a2", "b2", "c2", "a1", "b1", "c1"]);
/// ```
pub fn order(board: &Board, dirs: &[u8]) -> Vec<u16> {
    let depth: Vec<Vec<usize>> = dirs.iter().map(|&d| steps(board, d)).collect();
    let mut cells: Vec<u16> = (0..board.cells() as u16).collect();
    cells.sort_by_key(|&c| {
        let key: Vec<std::cmp::Reverse<usize>> = depth
            .iter()
            .map(|s| std::cmp::Reverse(s[usize::from(c)]))
            .collect();
        key
    });
    cells
}

/// For every cell, how many steps along `d` stay on the board (a
/// direction that cycles counts as many as there are cells).
fn steps(board: &Board, d: u8) -> Vec<usize> {
    let n = board.cells();
    (0..n as u16)
        .map(|c| {
            let (mut at, mut k) = (c, 0);
            while k < n {
                match board.neighbour(at, d) {
                    OFF => break,
                    next => (at, k) = (next, k + 1),
                }
            }
            k
        })
        .collect()
}

impl Lower<'_> {
    /// The index of the scan order `names` name (board directions), added
    /// to the program's orders if new; unknown names reported.
    pub(super) fn scan_order(&mut self, names: &[Name], env: &super::lower::Env) -> u16 {
        let mut dirs = Vec::new();
        for name in names {
            let Some(name) = self.bound(name, env) else {
                continue;
            };
            match self.t.board.direction(&name.text) {
                Some(d) => dirs.push(d),
                None => {
                    let known: Vec<&str> =
                        self.t.board.directions.iter().map(String::as_str).collect();
                    let help = suggestion_help(&name.text, "the board's directions are", &known);
                    self.unknown("direction", &name, help);
                }
            }
        }
        let cells = order(&self.t.board, &dirs);
        match self.scans.iter().position(|s| *s == cells) {
            Some(i) => i as u16,
            None => {
                self.scans.push(cells);
                (self.scans.len() - 1) as u16
            }
        }
    }
}

/// An order's cells as runs of consecutive cells (first cell, how many),
/// when they are few (on average at least [`RUN_AVERAGE`] cells
/// long): a scan then finds the next cell its body can start on with the
/// sets of where each code stands, a word of cells at a time, instead of
/// testing every cell. Rows read west to east on a square board are runs.
///
/// ```
/// use relic::lang::scan::runs;
/// // The rows of a board 4 cells wide, south first.
/// let rows = [8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3];
/// assert_eq!(runs(&rows), Some(vec![(8, 4), (4, 4), (0, 4)]));
/// // Its columns: runs of one cell.
/// assert_eq!(runs(&[0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]), None);
/// ```
pub fn runs(order: &[u16]) -> Option<Vec<(u16, u16)>> {
    let mut runs: Vec<(u16, u16)> = Vec::new();
    for &cell in order {
        match runs.last_mut() {
            Some((first, n)) if *first + *n == cell => *n += 1,
            _ => runs.push((cell, 1)),
        }
    }
    (runs.len() * RUN_AVERAGE <= order.len()).then_some(runs)
}

/// See [`runs`].
const RUN_AVERAGE: usize = 4;
