"""relic from Python: load any relic ruleset, play and observe its games,
and run studies (``relic sim``) on one machine or a cluster.

>>> import relic
>>> game = relic.load("tic-tac-toe")
>>> state = game.new_initial_state()
>>> state.legal_actions()[:3]
['a1', 'b1', 'c1']
>>> state.apply("b2")
>>> state.current_player()
1
"""

from __future__ import annotations

from ._relic import Game, State, __version__, builtin_rulesets, load
from . import errors
from .errors import *  # noqa: F401,F403 (the exceptions)
from .study import merge, sim

__all__ = ["Game", "State", "load", "builtin_rulesets", "sim", "merge", "__version__"]
__all__ += errors.__all__
