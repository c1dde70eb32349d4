//! Fixed-size numeric views of positions, for learning agents: the
//! Python package's `observation()` and action ids (`python/`).

use super::Game;

/// The shape of a game's observations and action ids, the same for every
/// position reached from one start (so a learner sees arrays of one shape
/// and a fixed action space).
///
/// ```
/// use relic::contract::Layout;
/// let layout = Layout {
///     planes: vec!["X stone".into(), "O stone".into()],
///     rows: 3,
///     columns: 3,
///     counters: vec![],
///     actions: 9,
/// };
/// assert_eq!(layout.plane_values(), 18);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// What each plane marks (`X stone`, `wall`, `actor`), in order.
    pub planes: Vec<String>,
    /// The rows of every plane.
    pub rows: usize,
    /// The columns of every plane.
    pub columns: usize,
    /// What each counter is (`hp`, `reserve X stone`), in order.
    pub counters: Vec<String>,
    /// How many action ids there are: every legal action's id is below it.
    pub actions: usize,
}

impl Layout {
    /// How many values the planes hold in all.
    pub fn plane_values(&self) -> usize {
        self.planes.len() * self.rows * self.columns
    }

    /// The index of plane `plane`'s value at `(row, column)` in the planes
    /// (plane by plane, each row by row).
    pub fn index(&self, plane: usize, row: usize, column: usize) -> usize {
        (plane * self.rows + row) * self.columns + column
    }
}

/// A position as numbers: one plane per kind of thing (and owner) over the
/// board, plus the game's counters; and each action as an id in a fixed
/// range. Used by the Python package (`observation()`, action masks).
pub trait Observe: Game {
    /// The layout of this game's observations; `None` when its positions
    /// have no fixed-size view (a board without bounds).
    fn layout(&self) -> Option<Layout>;

    /// Writes the position into `planes` (1.0 where a plane's thing is,
    /// see [`Layout::index`]) and `counters` (their values), which come
    /// zeroed and of the layout's sizes. Writes nothing without a layout.
    fn observe(&self, planes: &mut [f32], counters: &mut [f32]);

    /// The id of `action`, one of this position's legal actions: below
    /// the layout's `actions`, different from every other legal action's,
    /// and the same for the same action wherever it is legal (a game whose
    /// actions are too many to number each once may number the rare ones
    /// by their place in the position; its documentation says which).
    fn action_id(&self, action: &Self::Action) -> usize;

    /// The ids of `actions`, this position's legal actions, in their
    /// order: each as [`Observe::action_id`] gives it, found at once (a
    /// game that numbers some actions by their place in the position
    /// looks at the position once, not once per action).
    fn action_ids(&self, actions: &[Self::Action]) -> Vec<usize> {
        actions.iter().map(|a| self.action_id(a)).collect()
    }
}
