//! `relic.State`: one position of any game, with its legal actions (as
//! the game's notation and as ids), moves, outcome, text and observation.

use std::sync::Arc;

use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use relic::contract::{Layout, Status};
use relic::value::{Question, Verdict};

use crate::erased::{AnyGame, Refused, score};
use crate::errors::{NO_LAYOUT, NO_SUCH_ID, NOTATION, REFUSED, raise_one};

/// What `observation` returns: the planes and the counters.
type Observation<'py> = (Bound<'py, PyArray3<f32>>, Bound<'py, PyArray1<f32>>);

/// A position: whose turn it is or how play ended, the legal actions, and
/// `apply` to play one. Made by `Game.new_initial_state()` and `clone()`.
#[pyclass(module = "relic")]
pub struct State {
    game: Box<dyn AnyGame>,
    layout: Option<Arc<Layout>>,
}

impl State {
    pub fn new(game: Box<dyn AnyGame>, layout: Option<Arc<Layout>>) -> State {
        State { game, layout }
    }

    fn layout(&self, py: Python<'_>) -> PyResult<&Layout> {
        self.layout.as_deref().ok_or_else(|| {
            let text = "this game's positions have no fixed-size view (its board has no bounds)";
            raise_one(py, "RelicError", text.to_owned(), NO_LAYOUT)
        })
    }
}

/// The exception for an action that was not applied.
fn refused(py: Python<'_>, refusal: Refused) -> PyErr {
    match refusal {
        Refused::Notation(text) => raise_one(py, "NotationError", text, NOTATION),
        Refused::Illegal(text) => raise_one(py, "IllegalActionError", text, REFUSED),
        Refused::NoSuchId(id) => {
            let text = format!("no legal action has the id {id}");
            raise_one(py, "IllegalActionError", text, NO_SUCH_ID)
        }
    }
}

#[pymethods]
impl State {
    /// The legal actions in the game's canonical order, in its notation.
    fn legal_actions(&self) -> Vec<String> {
        self.game.legal_texts()
    }

    /// The legal actions' ids (see `Game.num_actions`), in canonical order.
    fn legal_action_ids(&self) -> Vec<usize> {
        self.game.legal_ids()
    }

    /// A boolean array of `Game.num_actions`, true at each legal id.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let size = self.layout(py)?.actions;
        let mask = PyArray1::<bool>::zeros(py, size, false);
        // The array was just made here and nothing else refers to it.
        let slice = unsafe { mask.as_slice_mut() }.expect("a new array is contiguous");
        self.game.legal_mask(slice);
        Ok(mask)
    }

    /// Plays `action` (its text in the game's notation, or its id). Raises
    /// `relic.NotationError` for text the notation does not read and
    /// `relic.IllegalActionError` (the game's reason) for an action the
    /// position refuses; the position is then unchanged.
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        // Text is told apart by its type first: a failed extraction would
        // make an exception object on the hot path.
        let result = match action.cast::<PyString>() {
            Ok(text) => self.game.apply_text(&text.to_cow()?),
            Err(_) => self.game.apply_id(action.extract::<usize>()?),
        };
        result.map_err(|refusal| refused(py, refusal))
    }

    /// Plays one line of input as text mode does and returns what it
    /// prints: the events, or the game's words for a refusal or for input
    /// outside its notation, then the next prompt (never raises).
    fn play(&mut self, typed: &str) -> String {
        self.game.play_text(typed)
    }

    /// What text mode prints when play starts: the banner, the position,
    /// the prompt (or the outcome of a finished game).
    fn start_text(&self) -> String {
        self.game.start_text()
    }

    /// The id of the action written `text` (in the game's notation).
    fn action_id(&self, py: Python<'_>, text: &str) -> PyResult<usize> {
        self.game.id_of_text(text).map_err(|r| refused(py, r))
    }

    /// The text (the game's notation) of the legal action with id `id`.
    fn action_text(&self, py: Python<'_>, id: usize) -> PyResult<String> {
        self.game
            .text_of_id(id)
            .ok_or_else(|| refused(py, Refused::NoSuchId(id)))
    }

    /// A copy that plays on independently.
    fn clone(&self) -> State {
        State::new(self.game.clone_box(), self.layout.clone())
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// Whether play is over.
    fn is_terminal(&self) -> bool {
        self.game.status().is_over()
    }

    /// The seat to act, or `None` once play is over.
    fn current_player(&self) -> Option<usize> {
        self.game.status().to_move()
    }

    /// Each seat's result: 1.0 a win, -1.0 a loss, 0.0 a draw, no result
    /// or play still going on.
    fn returns(&self) -> Vec<f64> {
        let seats = self.game.seat_count();
        match self.game.status() {
            Status::Over(outcome) => (0..seats).map(|s| score(outcome, s)).collect(),
            Status::ToMove(_) => vec![0.0; seats],
        }
    }

    /// How play ended: `("won", seat)`, `("lost", seat)`, `("quit", seat)`,
    /// `("draw", None)`, `("stopped", None)`; `None` while it goes on.
    fn outcome(&self) -> Option<(&'static str, Option<usize>)> {
        use relic::contract::Outcome;
        Some(match self.game.status().outcome()? {
            Outcome::Won(seat) => ("won", Some(seat)),
            Outcome::Lost(seat) => ("lost", Some(seat)),
            Outcome::Quit(seat) => ("quit", Some(seat)),
            Outcome::Draw => ("draw", None),
            Outcome::Stopped => ("stopped", None),
        })
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.game.seat_count()
    }

    /// Seat `seat`'s name as the game prints it.
    fn seat_name(&self, py: Python<'_>, seat: usize) -> PyResult<String> {
        if seat >= self.game.seat_count() {
            let text = format!("there is no seat {seat}");
            return Err(raise_one(py, "RelicError", text, "state::seat"));
        }
        Ok(self.game.seat_name(seat))
    }

    /// The value of the position with best play for seat `player`
    /// (default: the one to move): a dict with `verdict` (`"wins"`,
    /// `"draw"`, `"loses"`, `"undecided"` within `within` actions, or
    /// `"over budget"` after `budget` positions), `actions` (until the win
    /// or the loss, else `None`), `line` (a line of best play in the
    /// game's notation), `nodes` (positions searched) and `searched` (how
    /// many actions ahead the last search run to its end looked). The search is
    /// `relic solve`'s; it runs without holding the GIL.
    #[pyo3(signature = (player=None, within=None, budget=10_000_000))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        player: Option<usize>,
        within: Option<u32>,
        budget: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seat = player.unwrap_or_else(|| self.game.status().to_move().unwrap_or(0));
        if seat >= self.game.seat_count() {
            let text = format!("there is no seat {seat}");
            return Err(raise_one(py, "RelicError", text, "state::seat"));
        }
        let question = Question {
            seat,
            within,
            budget,
        };
        let (verdict, line, nodes, searched) = py.detach(|| self.game.solve(&question));
        let (name, actions) = match verdict {
            Verdict::Wins { actions } => ("wins", Some(actions)),
            Verdict::Draw => ("draw", None),
            Verdict::Loses { actions } => ("loses", Some(actions)),
            Verdict::Undecided => ("undecided", None),
            Verdict::OverBudget => ("over budget", None),
        };
        let answer = PyDict::new(py);
        answer.set_item("verdict", name)?;
        answer.set_item("actions", actions)?;
        answer.set_item("line", line)?;
        answer.set_item("nodes", nodes)?;
        answer.set_item("searched", searched)?;
        Ok(answer)
    }

    /// Completed turns since the start.
    fn turn(&self) -> u32 {
        self.game.turn()
    }

    /// The position as text mode prints it.
    fn render(&self) -> String {
        self.game.render()
    }

    /// The position as arrays: `(planes, counters)`, `planes` of shape
    /// `Game.observation_shape` (float32, 1.0 where each plane's kind of
    /// thing is) and `counters` (float32, `Game.counter_names`).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Observation<'py>> {
        let layout = self.layout(py)?;
        let shape = [layout.planes.len(), layout.rows, layout.columns];
        let planes = PyArray3::<f32>::zeros(py, shape, false);
        let counters = PyArray1::<f32>::zeros(py, layout.counters.len(), false);
        // Both arrays were just made here and nothing else refers to them.
        let (p, c) = unsafe { (planes.as_slice_mut(), counters.as_slice_mut()) };
        self.game.observe(
            p.expect("a new array is contiguous"),
            c.expect("a new array is contiguous"),
        );
        Ok((planes, counters))
    }

    fn __str__(&self) -> String {
        self.game.render()
    }

    fn __repr__(&self) -> String {
        let status = match self.game.status() {
            Status::ToMove(seat) => format!("{} to move", self.game.seat_name(seat)),
            Status::Over(_) => "over".to_owned(),
        };
        format!("<relic.State turn {}, {status}>", self.game.turn())
    }

    fn __eq__(&self, other: &State) -> bool {
        self.game.same(other.game.as_ref())
    }

    fn __hash__(&self) -> u64 {
        self.game.hash_value()
    }
}
