"""A Gymnasium environment for single-player relic games (Maze Runner,
Boulder Dash and their variants).

Observations are dicts: ``observation`` (one plane per kind of thing) and
``counters`` (the game's counters, when it has any). Actions are action
ids; the legal ones are ``info["action_mask"]`` and ``env.action_masks()``
(as maskable agents read them). An action the position refuses changes
nothing and costs ``illegal_reward``. The reward is the game's result when
play ends (1 won, -1 lost); ``max_steps`` actions truncate an episode.

>>> import gymnasium, relic.gym
>>> env = gymnasium.make("relic/Game-v0", ruleset="maze-runner")
>>> obs, info = env.reset(seed=0)
>>> sorted(obs)
['counters', 'observation']
>>> int(info["action_mask"].sum())
1
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import gymnasium
import numpy as np
from gymnasium import spaces

from ._relic import load
from .errors import IllegalActionError, RelicError
from .spaces import action_mask, observation, observation_space, render


class RelicGymEnv(gymnasium.Env):
    """A single-player relic ruleset (and setup) as a Gymnasium environment."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        ruleset: str,
        setup: Optional[str] = None,
        render_mode: Optional[str] = None,
        max_steps: int = 1000,
        illegal_reward: float = -0.1,
    ) -> None:
        self.game = load(ruleset, setup)
        if self.game.num_players != 1:
            raise RelicError(
                f"{self.game.name} seats {self.game.num_players} players; Gymnasium "
                "environments are for single-player games (use relic.aec for more)",
                ["env::players"],
            )
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_reward = illegal_reward
        self.observation_space = observation_space(self.game, with_mask=False)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.position = self.game.new_initial_state()
        self.steps = 0

    def _info(self, illegal: bool = False) -> Dict[str, Any]:
        return {"action_mask": action_mask(self.game, self.position), "illegal": illegal}

    def action_masks(self) -> np.ndarray:
        """The legal action ids as booleans (for maskable agents)."""
        return action_mask(self.game, self.position).astype(bool)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        super().reset(seed=seed)
        self.position = self.game.new_initial_state()
        self.steps = 0
        return observation(self.game, self.position, False, True), self._info()

    def step(self, action: int):
        self.steps += 1
        illegal = False
        try:
            self.position.apply(int(action))
        except IllegalActionError:
            illegal = True
        terminated = self.position.is_terminal()
        reward = self.illegal_reward if illegal else 0.0
        if terminated:
            reward += float(self.position.returns()[0])
        truncated = not terminated and self.steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        obs = observation(self.game, self.position, False, True)
        return obs, reward, terminated, truncated, self._info(illegal)

    def render(self) -> Optional[str]:
        return render(self.position, self.render_mode)


gymnasium.register(id="relic/Game-v0", entry_point="relic.gym:RelicGymEnv")
