"""A PettingZoo AEC environment for any relic game.

Agents are the game's seats in turn order, ``player_0``, ``player_1``, ...
(``env.seat_names`` holds their names as the game prints them). Each
observation is a dict: ``observation`` (one plane per kind and owner),
``counters`` (when the game has counters) and ``action_mask`` (the legal
action ids of the seat to act; zeros for the others). Actions are action
ids (``State.action_id``). Rewards come at the end: 1 a win, -1 a loss,
0 a draw. A game still going after ``max_turns`` turns is truncated.

>>> from relic.aec import RelicAECEnv
>>> env = RelicAECEnv("tic-tac-toe")
>>> env.reset(seed=1)
>>> env.agent_selection, env.seat_names
('player_0', ['X', 'O'])
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum())
9
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from pettingzoo import AECEnv
from gymnasium import spaces

from ._relic import load
from .spaces import observation, observation_space, render


class RelicAECEnv(AECEnv):
    """Any relic ruleset (and setup) as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "relic_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: str,
        setup: Optional[str] = None,
        render_mode: Optional[str] = None,
        max_turns: int = 2000,
    ) -> None:
        super().__init__()
        self.game = load(ruleset, setup)
        self.render_mode = render_mode
        self.max_turns = max_turns
        self.seat_names = list(self.game.seat_names)
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        observed = observation_space(self.game, with_mask=True)
        acting = spaces.Discrete(self.game.num_actions)
        self.observation_spaces = {a: observed for a in self.possible_agents}
        self.action_spaces = {a: acting for a in self.possible_agents}
        self.metadata = dict(self.metadata, name=f"relic_{self.game.ruleset}_v0")
        self.position = self.game.new_initial_state()

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, Any]:
        seat = self.possible_agents.index(agent)
        return observation(self.game, self.position, True, self.position.current_player() == seat)

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.position = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.position.current_player()]

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.position.apply(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.position.is_terminal():
            returns = self.position.returns()
            for seat, name in enumerate(self.possible_agents):
                if name in self.rewards:
                    self.rewards[name] = float(returns[seat])
            self.terminations = {a: True for a in self.agents}
        elif self.position.turn() >= self.max_turns:
            self.truncations = {a: True for a in self.agents}
        seat = self.position.current_player()
        if seat is None:
            following = (self.agents.index(agent) + 1) % len(self.agents)
            self.agent_selection = self.agents[following]
        else:
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        return render(self.position, self.render_mode)

    def close(self) -> None:
        pass


def env(ruleset: str, setup: Optional[str] = None, **kwargs: Any) -> RelicAECEnv:
    """A ``RelicAECEnv`` (PettingZoo's usual ``env()`` constructor)."""
    return RelicAECEnv(ruleset, setup, **kwargs)
