"""The PettingZoo and Gymnasium adapters pass their libraries' checks."""

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from relic.aec import RelicAECEnv  # noqa: E402
from relic.gym import RelicGymEnv  # noqa: E402
import relic  # noqa: E402


@pytest.mark.parametrize(
    "ruleset", ["tic-tac-toe", "connect-four", "gobblet-gobblers", "moving-maze", "escape"]
)
def test_pettingzoo_api(ruleset):
    pettingzoo_test.api_test(RelicAECEnv(ruleset), num_cycles=200)


@pytest.mark.parametrize("ruleset", ["maze-runner", "maze-runner-keys", "boulder-dash"])
def test_gymnasium_check_env(ruleset):
    env_checker.check_env(RelicGymEnv(ruleset), skip_render_check=True)


def test_aec_rewards_at_the_end():
    env = RelicAECEnv("tic-tac-toe")
    env.reset()
    for action in ["a1", "a2", "b1", "b2", "c1"]:
        env.step(env.position.action_id(action))
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {"player_0": 1.0, "player_1": -1.0}


def test_aec_mask_only_for_the_seat_to_act():
    env = RelicAECEnv("connect-four")
    env.reset()
    assert env.observe("player_0")["action_mask"].sum() == 7
    assert env.observe("player_1")["action_mask"].sum() == 0


def test_gym_plays_maze_runner_to_an_end(maze_runner_data):
    env = RelicGymEnv("maze-runner", str(maze_runner_data / "games" / "game1.txt"))
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(500):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert not info["illegal"]
        if terminated or truncated:
            break
    assert terminated or truncated


def test_gym_refuses_games_of_several_players():
    with pytest.raises(relic.RelicError) as error:
        RelicGymEnv("connect-four")
    assert error.value.code == "env::players"
