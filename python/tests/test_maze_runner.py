"""relic.maze_runner: the course's controller prints exactly what the
conformance cases expect, and the model follows the engine."""

import io
import random
import sys
from pathlib import Path

import pytest

import relic
from relic import maze_runner

CASES = ["simple_game", "item_use", "figure1_snippet", "figure2_invalid_input"]


@pytest.mark.parametrize("case", CASES)
def test_controller_prints_the_cases_text(case, maze_runner_data, monkeypatch, capsys):
    monkeypatch.chdir(maze_runner_data)
    typed = (maze_runner_data / "cases" / f"{case}.stdin").read_text()
    lines = iter(typed.splitlines())

    def answer(prompt=""):
        sys.stdout.write(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", answer)
    maze_runner.main()
    expected = (maze_runner_data / "cases" / f"{case}.stdout").read_text()
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize("game_file", ["game1.txt", "game2.txt", "game3.txt"])
def test_model_follows_the_engine_on_random_walks(game_file, maze_runner_data, monkeypatch):
    monkeypatch.chdir(maze_runner_data / "games")
    rng = random.Random(game_file)
    for _ in range(5):
        model = maze_runner.Model(game_file)
        by_rules = maze_runner.Model(game_file)
        by_rules._engine = None  # the specification's rules alone
        for _ in range(300):
            if model.has_won() or model.has_lost():
                break
            delta = rng.choice(list(maze_runner.MOVE_DELTAS.values()))
            model.move_player(delta)
            by_rules.move_player(delta)
            assert model.get_player_stats() == by_rules.get_player_stats()
            assert model.get_player().get_position() == by_rules.get_player().get_position()
            assert repr(model.get_current_items()) == repr(by_rules.get_current_items())
            assert str(model.get_current_maze()) == str(by_rules.get_current_maze())
            assert repr(model.get_player_inventory()) == repr(by_rules.get_player_inventory())
            assert model.has_won() == by_rules.has_won()
        assert model._engine is not None


def test_a_faulty_game_file_is_reported(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("Maze 1 - 3 3\n###\n# #\n###\n")
    with pytest.raises(relic.SetupError) as error:
        maze_runner.Model(str(bad))
    assert error.value.codes
