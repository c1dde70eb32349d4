"""What the environment adapters share: the observation space of a game and
an observation of a position (planes, counters and, for the seat that
acts, the action mask)."""

from __future__ import annotations

from typing import Dict, Optional

import numpy as np

from ._relic import Game, State
from .errors import RelicError

_LOW = float(np.finfo(np.float32).min)
_HIGH = float(np.finfo(np.float32).max)


def check_observable(game: Game) -> None:
    """Raises ``RelicError`` for a game without a fixed-size view."""
    if game.observation_shape is None:
        raise RelicError(
            f"{game.name} has no fixed-size observation (its board has no bounds)",
            ["observe::unbounded"],
        )


def observation_space(game: Game, with_mask: bool):
    """The Dict space of ``observation`` for ``game``.

    ``observation`` holds the planes (0 or 1), ``counters`` the game's
    counters (present when it has any), ``action_mask`` the legal ids.
    """
    from gymnasium import spaces

    check_observable(game)
    parts = {
        "observation": spaces.Box(0.0, 1.0, game.observation_shape, np.float32),
    }
    if game.counter_names:
        shape = (len(game.counter_names),)
        parts["counters"] = spaces.Box(_LOW, _HIGH, shape, np.float32)
    if with_mask:
        parts["action_mask"] = spaces.Box(0, 1, (game.num_actions,), np.int8)
    return spaces.Dict(parts)


def observation(game: Game, state: State, mask: bool, to_act: bool) -> Dict[str, np.ndarray]:
    """The observation of ``state``; the action mask is all zeros unless
    ``to_act`` (the observing seat is the one to act)."""
    planes, counters = state.observation()
    parts: Dict[str, np.ndarray] = {"observation": planes}
    if game.counter_names:
        parts["counters"] = counters
    if mask:
        parts["action_mask"] = action_mask(game, state, to_act)
    return parts


def action_mask(game: Game, state: State, to_act: bool = True) -> np.ndarray:
    """The legal ids of ``state`` as an int8 array (zeros once over)."""
    if not to_act or state.is_terminal():
        return np.zeros(game.num_actions, np.int8)
    return state.legal_action_mask().astype(np.int8)


def render(state: State, mode: Optional[str]) -> Optional[str]:
    """The text view for render mode ``ansi``; printed for ``human``."""
    if mode is None:
        return None
    text = state.render()
    if mode == "ansi":
        return text
    print(text)
    return None
