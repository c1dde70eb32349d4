"""relic.load and relic.State on every game family."""

import copy
import random
from pathlib import Path

import numpy as np
import pytest

import relic

# One ruleset of each game family, and what its first position offers.
FAMILIES = {
    "moving-maze": ("moving-maze", 14),
    "vocabulary": ("connect-four", 7),
    "walker-physics": ("boulder-dash", 8),
    "escape": ("escape", 43),
    "walker-levels": ("maze-runner", 1),
}


@pytest.mark.parametrize("kind", sorted(FAMILIES))
def test_each_family_loads_and_plays_to_the_end(kind):
    ruleset, first = FAMILIES[kind]
    game = relic.load(ruleset)
    assert game.kind == kind
    state = game.new_initial_state()
    assert len(state.legal_actions()) == first
    assert len(state.legal_action_ids()) == first
    rng = random.Random(7)
    for _ in range(400):
        if state.is_terminal():
            break
        texts, ids = state.legal_actions(), state.legal_action_ids()
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < game.num_actions for i in ids)
        pick = rng.randrange(len(texts))
        assert state.action_id(texts[pick]) == ids[pick]
        assert state.action_text(ids[pick]) == texts[pick]
        if pick % 2:
            state.apply(texts[pick])
        else:
            state.apply(ids[pick])
    returns = state.returns()
    assert len(returns) == game.num_players
    if state.is_terminal():
        assert state.current_player() is None
        assert state.outcome() is not None
        assert state.legal_actions() == []
    else:
        assert returns == [0.0] * game.num_players


def test_every_builtin_ruleset_loads_and_observes():
    for name in relic.builtin_rulesets():
        game = relic.load(name)
        state = game.new_initial_state()
        planes, counters = state.observation()
        assert planes.shape == game.observation_shape, name
        assert counters.shape == (len(game.counter_names),), name
        assert state.legal_action_mask().sum() == len(state.legal_actions()), name


def test_clone_is_independent_and_equal():
    state = relic.load("tic-tac-toe").new_initial_state()
    copy_ = state.clone()
    assert copy_ == state and hash(copy_) == hash(state)
    copy_.apply("b2")
    assert copy_ != state
    assert len(state.legal_actions()) == 9
    assert copy.deepcopy(copy_) == copy_


def test_tic_tac_toe_win_returns():
    state = relic.load("tic-tac-toe").new_initial_state()
    for action in ["a1", "a2", "b1", "b2", "c1"]:
        state.apply(action)
    assert state.is_terminal()
    assert state.outcome() == ("won", 0)
    assert state.returns() == [1.0, -1.0]


def test_render_and_text_play_are_the_games_text():
    state = relic.load("connect-four").new_initial_state()
    assert state.render() == str(state)
    assert "a b c d e f g" in state.render()
    printed = state.play("d")
    assert "R" in printed
    assert state.turn() == 1


def test_setup_file_is_played(maze_runner_data):
    game = relic.load("maze-runner", maze_runner_data / "games" / "game2.txt")
    assert game.setup.endswith("game2.txt")
    state = game.new_initial_state()
    assert state.render().startswith("#####\n# C D")
    assert game.observation_shape[1:] == (7, 8)


def test_observation_of_connect_four():
    game = relic.load("connect-four")
    assert game.plane_names == ["Red disc", "Yellow disc", "neutral"]
    state = game.new_initial_state()
    state.apply("d")
    state.apply("d")
    planes, _ = state.observation()
    assert planes.dtype == np.float32
    assert planes.sum() == 2
    assert planes[0].sum() == 1 and planes[1].sum() == 1
    assert planes[0, 0, 3] == 1.0 and planes[1, 1, 3] == 1.0


def test_observation_of_maze_runner_counters():
    game = relic.load("maze-runner")
    assert game.counter_names[:3] == ["hp", "hunger", "thirst"]
    state = game.new_initial_state()
    state.apply("d")
    _, counters = state.observation()
    assert counters[0] == 99


def test_solve_gives_the_value_with_best_play_and_a_line():
    state = relic.load("tic-tac-toe").new_initial_state()
    answer = state.solve()
    assert answer["verdict"] == "draw" and answer["actions"] is None
    assert 0 < answer["nodes"] < 100_000
    # X in a corner, O on an edge beside it: X wins in five more actions.
    state.apply("a1")
    state.apply("b1")
    won = state.solve()
    assert (won["verdict"], won["actions"], len(won["line"])) == ("wins", 5, 5)
    for action in won["line"]:
        state.apply(action)
    assert state.outcome() == ("won", 0)


def test_solve_for_the_other_seat_within_a_horizon_and_a_budget():
    state = relic.load("tic-tac-toe").new_initial_state()
    state.apply("a1")
    state.apply("b1")
    assert state.solve(player=1)["verdict"] == "loses"
    assert state.solve(within=3)["verdict"] == "undecided"
    assert state.solve(budget=10)["verdict"] == "over budget"
    with pytest.raises(relic.RelicError) as raised:
        state.solve(player=2)
    assert raised.value.code == "state::seat"


def test_solve_says_how_far_ahead_it_looked():
    state = relic.load("connect-four").new_initial_state()
    answer = state.solve(budget=1000)
    assert answer["verdict"] == "over budget"
    assert answer["searched"] >= 4 and answer["line"] == []


def test_two_capture_routes_to_one_square_have_ids_of_their_own():
    path = Path(__file__).parents[2] / "tests/fixtures/core/checkers-diamond.toml"
    state = relic.load(str(path)).new_initial_state()
    texts, ids = state.legal_actions(), state.legal_action_ids()
    assert sorted(texts) == ["c1-e3-c5-e7", "c1-e3-g5-e7"]
    assert len(set(ids)) == 2
    assert state.legal_action_mask().sum() == 2
    for text, id_ in zip(texts, ids):
        assert state.action_id(text) == id_
        assert state.action_text(id_) == text
    by_text = state.clone()
    by_text.apply(texts[1])
    state.apply(ids[1])
    assert state == by_text
