//! Boards compiled to tables: cells numbered from 0 with their names and
//! drawing positions, and one neighbour table per direction (a sentinel
//! for "off the board"). Square and hex grids name their cells `a1`, `b1`,
//! ... (columns `a`..`z`, then `aa`, `ab`, ...; rows from 1 at the south);
//! a graph's points are named by the grid cells they sit on.

use std::collections::HashMap;

use super::schema::{BoardSpec, Shape};

/// No cell: off the board.
pub const OFF: u16 = u16::MAX;

/// Square grids' directions: name, east step, north step.
const SQUARE: [(&str, i32, i32); 8] = [
    ("n", 0, 1),
    ("ne", 1, 1),
    ("e", 1, 0),
    ("se", 1, -1),
    ("s", 0, -1),
    ("sw", -1, -1),
    ("w", -1, 0),
    ("nw", -1, 1),
];

/// Hex grids' directions (axial: `x` east, `y` north-east).
const HEX: [(&str, i32, i32); 6] = [
    ("ne", 0, 1),
    ("e", 1, 0),
    ("se", 1, -1),
    ("sw", 0, -1),
    ("w", -1, 0),
    ("nw", -1, 1),
];

/// The names of the compass directions of a board `shape` (`n ne e se s
/// sw w nw` on squares, `ne e se sw w nw` on hexes, none on a graph,
/// whose links carry their own names).
///
/// ```
/// use relic::lang::{board::compass, schema::Shape};
/// assert_eq!(compass(Shape::Hex).count(), 6);
/// assert!(compass(Shape::Square).any(|d| d == "n"));
/// ```
pub fn compass(shape: Shape) -> impl Iterator<Item = &'static str> {
    let table: &[(&str, i32, i32)] = match shape {
        Shape::Square => &SQUARE,
        Shape::Hex => &HEX,
        Shape::Graph => &[],
    };
    table.iter().map(|&(name, _, _)| name)
}

/// The name of the compass direction of a board `shape` whose step is
/// `(east, north)` (hexes axial: `north` is north-east), if it has one.
///
/// ```
/// use relic::lang::{board::direction_named, schema::Shape};
/// assert_eq!(direction_named(Shape::Hex, (0, 1)), Some("ne"));
/// assert_eq!(direction_named(Shape::Square, (0, 1)), Some("n"));
/// assert_eq!(direction_named(Shape::Hex, (1, 1)), None);
/// ```
pub fn direction_named(shape: Shape, step: (i32, i32)) -> Option<&'static str> {
    let table: &[(&str, i32, i32)] = match shape {
        Shape::Square => &SQUARE,
        Shape::Hex => &HEX,
        Shape::Graph => &[],
    };
    (table.iter()).find_map(|&(name, e, n)| ((e, n) == step).then_some(name))
}

/// A compiled board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Square, hex or graph.
    pub shape: Shape,
    /// Columns of the drawing.
    pub width: u16,
    /// Rows of the drawing.
    pub height: u16,
    /// Each cell's name.
    pub names: Vec<String>,
    /// Each cell's column and row in the drawing (from the south-west).
    pub xy: Vec<(u16, u16)>,
    /// The directions' names.
    pub directions: Vec<String>,
    /// `step[cell * directions + d]`: the neighbour, or [`OFF`].
    pub step: Vec<u16>,
    index: HashMap<String, u16>,
}

/// A problem building a board: what, and which value of `[board]` (a key,
/// and for `links` the direction and chain index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardProblem {
    /// The message.
    pub message: String,
    /// The key of `[board]` at fault, and an index inside it.
    pub key: &'static str,
    /// The direction of `links` at fault, if any.
    pub direction: Option<String>,
    /// The index of the point or chain at fault.
    pub index: Option<usize>,
    /// The bytes at fault inside that string, if not all of it.
    pub inner: Option<(usize, usize)>,
    /// How to fix it.
    pub help: String,
}

/// The name of column `x` (from 0): `a`..`z`, `aa`, `ab`, ...
///
/// ```
/// use relic::lang::board::column_name;
/// assert_eq!(column_name(0), "a");
/// assert_eq!(column_name(26), "aa");
/// ```
pub fn column_name(x: u16) -> String {
    let mut x = usize::from(x);
    let mut name = Vec::new();
    loop {
        name.push(b'a' + (x % 26) as u8);
        if x < 26 {
            break;
        }
        x = x / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII")
}

/// The name of the grid cell at column `x`, row `y` (from 0, the
/// south-west corner): `a1`, `b1`, ...
///
/// ```
/// use relic::lang::board::cell_name;
/// assert_eq!(cell_name(1, 2), "b3");
/// ```
pub fn cell_name(x: u16, y: u16) -> String {
    format!("{}{}", column_name(x), y + 1)
}

/// The column and row (from 0, the south-west corner) of the grid place
/// named `name` on a `width` by `height` drawing, whether or not a cell
/// stands there (a hole, a graph's empty place).
///
/// ```
/// use relic::lang::board::place_named;
/// assert_eq!(place_named("b3", 5, 5), Some((1, 2)));
/// assert_eq!(place_named("aa1", 30, 1), Some((26, 0)));
/// assert_eq!((place_named("f1", 5, 5), place_named("a01", 5, 5)), (None, None));
/// ```
pub fn place_named(name: &str, width: u16, height: u16) -> Option<(u16, u16)> {
    let letters = name.bytes().take_while(u8::is_ascii_lowercase).count();
    let (column, row) = name.split_at(letters);
    let x = (column.bytes()).try_fold(0u32, |x, c| {
        x.checked_mul(26)?.checked_add(u32::from(c - b'a') + 1)
    })?;
    let y: u32 = row.parse().ok()?;
    let (x, y) = (
        u16::try_from(x.checked_sub(1)?).ok()?,
        u16::try_from(y.checked_sub(1)?).ok()?,
    );
    (x < width && y < height && cell_name(x, y) == name).then_some((x, y))
}

impl Board {
    /// Builds the board `spec` describes, or every problem with it.
    ///
    /// ```
    /// use relic::lang::board::{Board, OFF};
    /// use relic::lang::schema::{BoardSpec, Shape};
    /// let spec = BoardSpec { shape: Shape::Square, width: 3, height: 3, points: vec![],
    ///     links: Default::default(), opposite: Default::default(), holes: vec![], hexagon: false,
    ///     setup: vec![], heights: false };
    /// let board = Board::build(&spec).unwrap();
    /// let n = board.direction("n").unwrap();
    /// assert_eq!(board.neighbour(board.cell("b2").unwrap(), n), board.cell("b3").unwrap());
    /// assert_eq!(board.neighbour(board.cell("b3").unwrap(), n), OFF);
    /// ```
    pub fn build(spec: &BoardSpec) -> Result<Board, Vec<BoardProblem>> {
        let table: &[(&str, i32, i32)] = match spec.shape {
            Shape::Square => &SQUARE,
            Shape::Hex => &HEX,
            Shape::Graph => return Board::graph(spec),
        };
        let (w, h) = (spec.width, spec.height);
        let holes = holes(spec)?;
        let mut board = Board::empty(spec);
        // The cell drawn at each place of the grid (OFF at a hole).
        let mut at = vec![OFF; holes.len()];
        for y in 0..h {
            for x in 0..w {
                let place = usize::from(y) * usize::from(w) + usize::from(x);
                if !holes[place] {
                    at[place] = board.names.len() as u16;
                    board.add(x, y);
                }
            }
        }
        board.directions = table.iter().map(|d| d.0.to_owned()).collect();
        for cell in 0..board.names.len() {
            let (x, y) = board.xy[cell];
            for &(_, dx, dy) in table {
                let (nx, ny) = (i32::from(x) + dx, i32::from(y) + dy);
                let inside = (0..i32::from(w)).contains(&nx) && (0..i32::from(h)).contains(&ny);
                let next = match inside {
                    true => at[ny as usize * usize::from(w) + nx as usize],
                    false => OFF,
                };
                board.step.push(next);
            }
        }
        Ok(board)
    }

    /// Whether some places of the drawing have no cell (a graph, or a
    /// grid with holes).
    pub fn has_gaps(&self) -> bool {
        self.cells() < usize::from(self.width) * usize::from(self.height)
    }

    fn empty(spec: &BoardSpec) -> Board {
        Board {
            shape: spec.shape,
            width: spec.width,
            height: spec.height,
            names: Vec::new(),
            xy: Vec::new(),
            directions: Vec::new(),
            step: Vec::new(),
            index: HashMap::new(),
        }
    }

    fn add(&mut self, x: u16, y: u16) {
        let name = cell_name(x, y);
        self.index.insert(name.clone(), self.names.len() as u16);
        self.names.push(name);
        self.xy.push((x, y));
    }

    /// A graph board: its points on the drawing grid, its links.
    fn graph(spec: &BoardSpec) -> Result<Board, Vec<BoardProblem>> {
        let grid = Board::build(&BoardSpec {
            shape: Shape::Square,
            holes: Vec::new(),
            hexagon: false,
            ..spec.clone()
        })?;
        let mut board = Board::empty(spec);
        let mut problems = Vec::new();
        for (i, point) in spec.points.iter().enumerate() {
            match grid.cell(point) {
                Some(_) if board.cell(point).is_some() => problems.push(BoardProblem {
                    message: format!("point `{point}` is listed twice"),
                    key: "points",
                    direction: None,
                    index: Some(i),
                    inner: None,
                    help: "list each point once".into(),
                }),
                Some(c) => board.add(grid.xy[usize::from(c)].0, grid.xy[usize::from(c)].1),
                None => problems.push(BoardProblem {
                    message: format!(
                        "point `{point}` is not a cell of the {}x{} drawing",
                        spec.width, spec.height
                    ),
                    key: "points",
                    direction: None,
                    index: Some(i),
                    inner: None,
                    help:
                        "name points by the grid cells they sit on (`a1` is the south-west corner)"
                            .into(),
                }),
            }
        }
        if board.names.is_empty() {
            problems.push(BoardProblem {
                message: "a graph board needs `points`".into(),
                key: "points",
                direction: None,
                index: None,
                inner: None,
                help: "list the points, such as `points = [\"a1\", \"d1\", \"g1\"]`".into(),
            });
        }
        board.link_all(spec, &mut problems);
        match problems.is_empty() {
            true => Ok(board),
            false => Err(problems),
        }
    }

    fn link_all(&mut self, spec: &BoardSpec, problems: &mut Vec<BoardProblem>) {
        let mut names: Vec<String> = spec.links.keys().cloned().collect();
        for back in spec.opposite.values() {
            if !names.contains(back) {
                names.push(back.clone());
            }
        }
        self.directions = names;
        let dirs = self.directions.len();
        self.step = vec![OFF; self.names.len() * dirs];
        for (dir, chains) in &spec.links {
            let d = usize::from(self.direction(dir).expect("listed"));
            let back = spec.opposite.get(dir).and_then(|b| self.direction(b));
            for (i, chain) in chains.iter().enumerate() {
                let problem = |message: String, inner: Option<(usize, usize)>| BoardProblem {
                    message,
                    key: "links",
                    direction: Some(dir.clone()),
                    index: Some(i),
                    inner,
                    help: "a chain is point names separated by spaces, each a listed point".into(),
                };
                let mut points = Vec::new();
                let mut from = 0;
                for word in chain.split_whitespace() {
                    let start = chain[from..].find(word).map_or(0, |s| s + from);
                    from = start + word.len();
                    match self.cell(word) {
                        Some(c) => points.push(c),
                        None => problems.push(problem(
                            format!("`{word}` is not a point"),
                            Some((start, from)),
                        )),
                    }
                }
                for pair in points.windows(2) {
                    let (a, b) = (usize::from(pair[0]), usize::from(pair[1]));
                    if self.step[a * dirs + d] != OFF {
                        let name = &self.names[a];
                        problems.push(problem(format!("`{name}` has two `{dir}` links"), None));
                    }
                    self.step[a * dirs + d] = pair[1];
                    if let Some(back) = back {
                        self.step[b * dirs + usize::from(back)] = pair[0];
                    }
                }
            }
        }
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.names.len()
    }

    /// The cell called `name`.
    pub fn cell(&self, name: &str) -> Option<u16> {
        self.index.get(name).copied()
    }

    /// The cells whose column and row lie between the places `a` and `b`
    /// (column and row pairs, which need not be cells), in cell order.
    ///
    /// ```
    /// use relic::lang::builtin_core;
    /// let chess = builtin_core("chess").unwrap().unwrap();
    /// assert_eq!(chess.board.rectangle((3, 0), (5, 2)).len(), 9);
    /// ```
    pub fn rectangle(&self, a: (u16, u16), b: (u16, u16)) -> Vec<u16> {
        let (xs, ys) = (a.0.min(b.0)..=a.0.max(b.0), a.1.min(b.1)..=a.1.max(b.1));
        (0..self.xy.len() as u16)
            .filter(|&c| {
                let (x, y) = self.xy[usize::from(c)];
                xs.contains(&x) && ys.contains(&y)
            })
            .collect()
    }

    /// The grid place (column, row) `name` names: a cell's, or a place of
    /// the grid that is no cell (a hole); `None` when it names neither.
    pub fn place(&self, name: &str) -> Option<(u16, u16)> {
        match place_named(name, self.width, self.height) {
            Some(place) => Some(place),
            None => self.cell(name).map(|c| self.xy[usize::from(c)]),
        }
    }

    /// The index of direction `name`.
    pub fn direction(&self, name: &str) -> Option<u8> {
        (self.directions.iter().position(|d| d == name)).map(|d| d as u8)
    }

    /// The neighbour of `cell` in direction `d`, or [`OFF`].
    pub fn neighbour(&self, cell: u16, d: u8) -> u16 {
        self.step[usize::from(cell) * self.directions.len() + usize::from(d)]
    }

    /// The cell drawn at column `x`, row `y`, if any.
    pub fn at_xy(&self, x: u16, y: u16) -> Option<u16> {
        self.cell(&cell_name(x, y))
    }
}

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
    let place = |name: &str| {
        place_named(name, spec.width, spec.height).map(|(x, y)| usize::from(y) * w + usize::from(x))
    };
    for (i, name) in spec.holes.iter().enumerate() {
        if let Some((a, b)) = name.split_once(':') {
            match (place(a), place(b)) {
                (Some(a), Some(b)) => {
                    let xs = (a % w).min(b % w)..=(a % w).max(b % w);
                    let ys = (a / w).min(b / w)..=(a / w).max(b / w);
                    for p in (0..w * h).filter(|p| xs.contains(&(p % w)) && ys.contains(&(p / w))) {
                        holes[p] = true;
                    }
                }
                _ => problems.push(problem(
                    i,
                    format!("`{name}` is not a range of two cells of the {w}x{h} grid"),
                    "write a range as two corners, `a1:c2`",
                )),
            }
            continue;
        }
        match place(name) {
            Some(p) if holes[p] => problems.push(problem(
                i,
                format!("`{name}` is not on the board already"),
                "list each hole once (with `hexagon`, only holes inside the hexagon)",
            )),
            Some(p) => holes[p] = true,
            None => problems.push(problem(
                i,
                format!("`{name}` is not a cell of the {w}x{h} grid"),
                "name holes by their cells (`a1` is the south-west corner), or a range of them (`a1:c2`)",
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
