"""Type stubs of relic's native module (``relic._relic``)."""

from os import PathLike
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

_Path = Union[str, "PathLike[str]"]

def load(ruleset: _Path, setup: Optional[_Path] = None) -> Game:
    """Reads ``ruleset`` (a TOML file of any game, or a built-in name such
    as ``connect-four``) and ``setup`` (the game's setup file; the game's
    default when ``None``). Raises ``RulesetError`` or ``SetupError``."""

def builtin_rulesets() -> List[str]:
    """The names of every built-in ruleset, of every game."""

def sim(options: List[str]) -> str:
    """``relic sim`` with these command-line options; its JSON text."""

def merge(documents: List[str], format: str = "json") -> str:
    """``relic sim merge`` of these JSON texts, as JSON, table or CSV."""

def report(document: str, format: str = "human") -> str:
    """One document's figures as ``relic sim --format FORMAT`` prints them."""

class Game:
    """A checked ruleset and setup, ready to play."""

    @property
    def name(self) -> str:
        """The ruleset's display name."""
    @property
    def kind(self) -> str:
        """The game the ruleset is for (its ``game`` key)."""
    @property
    def description(self) -> str:
        """The ruleset's description."""
    @property
    def ruleset(self) -> str:
        """The ruleset as given to ``load``."""
    @property
    def setup(self) -> Optional[str]:
        """The setup file as given to ``load``, or ``None``."""
    @property
    def num_players(self) -> int:
        """The number of seats."""
    @property
    def seat_names(self) -> List[str]:
        """The seats' names in turn order."""
    @property
    def num_actions(self) -> Optional[int]:
        """The number of action ids (``None`` without a fixed-size view)."""
    @property
    def observation_shape(self) -> Optional[Tuple[int, int, int]]:
        """``(planes, rows, columns)`` of ``State.observation()``'s planes."""
    @property
    def plane_names(self) -> List[str]:
        """What each plane marks."""
    @property
    def counter_names(self) -> List[str]:
        """What each counter is."""
    def new_initial_state(self) -> State:
        """The position play starts from."""
    def ruleset_toml(self) -> str:
        """The resolved ruleset as TOML."""

class State:
    """A position of a game."""

    def legal_actions(self) -> List[str]:
        """The legal actions in canonical order, in the game's notation."""
    def legal_action_ids(self) -> List[int]:
        """The legal actions' ids, in canonical order."""
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """True at each legal id (length ``Game.num_actions``)."""
    def apply(self, action: Union[str, int]) -> None:
        """Plays an action (text or id); raises ``NotationError`` or
        ``IllegalActionError`` and leaves the position unchanged."""
    def play(self, typed: str) -> str:
        """Plays one line as text mode does; what it prints."""
    def start_text(self) -> str:
        """What text mode prints when play starts."""
    def action_id(self, text: str) -> int:
        """The id of the action written ``text``."""
    def action_text(self, id: int) -> str:
        """The notation of the legal action with id ``id``."""
    def clone(self) -> State:
        """An independent copy."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: object) -> State: ...
    def is_terminal(self) -> bool:
        """Whether play is over."""
    def current_player(self) -> Optional[int]:
        """The seat to act, ``None`` once play is over."""
    def returns(self) -> List[float]:
        """Each seat's result: 1 win, -1 loss, 0 draw or still playing."""
    def outcome(self) -> Optional[Tuple[str, Optional[int]]]:
        """``("won", seat)``, ``("lost", seat)``, ``("quit", seat)``,
        ``("draw", None)``, ``("stopped", None)``, or ``None``."""
    def num_players(self) -> int:
        """The number of seats."""
    def seat_name(self, seat: int) -> str:
        """Seat ``seat``'s name."""
    def solve(
        self,
        player: Optional[int] = None,
        within: Optional[int] = None,
        budget: int = 10_000_000,
    ) -> Dict[str, Any]:
        """The value with best play for seat ``player`` (default: the one
        to move): ``{"verdict": "wins" | "draw" | "loses" | "undecided" |
        "over budget", "actions": int or None, "line": [str, ...],
        "nodes": int, "searched": int}``, as ``relic solve`` finds it."""
    def turn(self) -> int:
        """Completed turns since the start."""
    def render(self) -> str:
        """The position as text mode prints it."""
    def observation(self) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """``(planes, counters)``: planes of ``Game.observation_shape``."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
