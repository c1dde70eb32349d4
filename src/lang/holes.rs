//! The places of a square or hex grid that are not cells of the board:
//! the `holes` named and, with `hexagon = true`, the two corners of the
//! rhombus outside the hexagon.

use std::collections::HashMap;

use super::board::{BoardProblem, column_name};
use super::schema::{BoardSpec, Shape};

/// For each place of the grid (`y * width + x`), whether it is a hole; or
/// every problem with `holes` and `hexagon`.
///
/// ```
/// use relic::lang::board::Board;
/// use relic::lang::schema::{BoardSpec, Shape};
/// let spec = BoardSpec { shape: Shape::Hex, width: 9, height: 9, points: vec![],
///     links: Default::default(), opposite: Default::default(), holes: vec![], hexagon: true,
///     setup: vec![], heights: false };
/// let board = Board::build(&spec).unwrap();
/// assert_eq!(board.cells(), 61);
/// assert!(board.cell("a1").is_none() && board.cell("e5").is_some() && board.cell("a5").is_some());
/// ```
pub fn holes(spec: &BoardSpec) -> Result<Vec<bool>, Vec<BoardProblem>> {
    let (w, h) = (usize::from(spec.width), usize::from(spec.height));
    let mut holes = vec![false; w * h];
    let mut problems = Vec::new();
    if let Some(centre) = spec.hexagon.then(|| hexagon(spec, &mut problems)).flatten() {
        for (place, hole) in holes.iter_mut().enumerate() {
            let sum = place % w + place / w;
            *hole = sum < centre || sum > 3 * centre;
        }
    }
    let places: HashMap<String, usize> = (0..w * h)
        .map(|p| (format!("{}{}", column_name((p % w) as u16), p / w + 1), p))
        .collect();
    for (i, name) in spec.holes.iter().enumerate() {
        match places.get(name.as_str()) {
            Some(&p) if holes[p] => problems.push(problem(
                i,
                format!("`{name}` is not on the board already"),
                "list each hole once (with `hexagon`, only holes inside the hexagon)",
            )),
            Some(&p) => holes[p] = true,
            None => problems.push(problem(
                i,
                format!("`{name}` is not a cell of the {w}x{h} grid"),
                "name holes by their cells (`a1` is the south-west corner)",
            )),
        }
    }
    if holes.iter().all(|&hole| hole) {
        problems.push(BoardProblem {
            message: "every cell of the board is a hole".into(),
            key: "holes",
            direction: None,
            index: None,
            inner: None,
            help: "leave at least one cell on the board".into(),
        });
    }
    match problems.is_empty() {
        true => Ok(holes),
        false => Err(problems),
    }
}

/// The centre's steps from the hexagon's edge (`side - 1`), when `spec`
/// can be cut to a hexagon; else why not, in `problems`.
fn hexagon(spec: &BoardSpec, problems: &mut Vec<BoardProblem>) -> Option<usize> {
    let (w, h) = (spec.width, spec.height);
    let problem = |message: String, help: &str| BoardProblem {
        message,
        key: "hexagon",
        direction: None,
        index: None,
        inner: None,
        help: help.into(),
    };
    if spec.shape != Shape::Hex {
        problems.push(problem(
            "`hexagon` cuts a hex grid, but the shape is not `hex`".into(),
            "set `shape = \"hex\"`, or leave `hexagon` out",
        ));
        return None;
    }
    if w != h || w % 2 == 0 {
        problems.push(problem(
            format!("a hexagon is as wide as it is high, an odd number of cells, not {w}x{h}"),
            "a hexagon of side s is 2s - 1 cells wide and high: 9 by 9 for side 5",
        ));
        return None;
    }
    Some(usize::from(w / 2))
}

fn problem(index: usize, message: String, help: &str) -> BoardProblem {
    BoardProblem {
        message,
        key: "holes",
        direction: None,
        index: Some(index),
        inner: None,
        help: help.into(),
    }
}
