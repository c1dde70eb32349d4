"""Bad input from Python raises relic's exceptions with the diagnostic
text and codes; nothing panics."""

import pytest

import relic


def test_wrong_action_string():
    state = relic.load("connect-four").new_initial_state()
    with pytest.raises(relic.NotationError) as error:
        state.apply("zz")
    assert error.value.code == "action::notation"
    assert "zz" in error.value.text
    assert len(state.legal_actions()) == 7


def test_refused_action_carries_the_games_reason():
    state = relic.load("tic-tac-toe").new_initial_state()
    state.apply("b2")
    with pytest.raises(relic.IllegalActionError) as error:
        state.apply("b2")
    assert error.value.code == "action::refused"
    assert error.value.text
    assert state.current_player() == 1


def test_refused_item_use_words(maze_runner_data):
    state = relic.load("maze-runner", maze_runner_data / "games" / "game1.txt").new_initial_state()
    with pytest.raises(relic.IllegalActionError) as error:
        state.apply("i Potion")
    assert error.value.text == "You don't have any of that item!"


def test_unknown_action_id():
    state = relic.load("tic-tac-toe").new_initial_state()
    with pytest.raises(relic.IllegalActionError) as error:
        state.apply(10_000)
    assert error.value.code == "action::id"


def test_unknown_ruleset_suggests():
    with pytest.raises(relic.RulesetError) as error:
        relic.load("conect-four")
    assert "did you mean `connect-four`?" in error.value.text
    assert error.value.codes == ["rules::io::unreadable"]


def test_ruleset_with_errors_reports_every_problem(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "vocabulary"\nname = 5\n')
    with pytest.raises(relic.RulesetError) as error:
        relic.load(bad)
    assert error.value.codes
    assert "bad.toml" in error.value.text


@pytest.mark.parametrize(
    "ruleset, text, code",
    [("maze-runner", "Maze 1 - 2 two\n##\n", None), ("connect-four", "x", "setup::none")],
)
def test_setup_that_cannot_be_used(tmp_path, ruleset, text, code):
    setup = tmp_path / "setup.txt"
    setup.write_text(text)
    with pytest.raises(relic.SetupError) as error:
        relic.load(ruleset, setup)
    assert error.value.codes
    assert code is None or error.value.code == code
    assert "setup.txt" in error.value.text or code == "setup::none"


def test_bad_sim_options():
    with pytest.raises(relic.SimError) as error:
        relic.sim("connect-four", games=0)
    assert error.value.code == "cli::usage"
    with pytest.raises(relic.SimError) as error:
        relic.sim("connect-four", bots="nonsense")
    assert error.value.code == "bots::strategy::unknown"


def test_merge_of_one_shard_of_two_is_refused():
    shard = relic.sim("tic-tac-toe", games=10, shard=(0, 2))
    with pytest.raises(relic.SimError) as error:
        relic.merge([shard])
    assert error.value.code == "sim::merge::missing"
