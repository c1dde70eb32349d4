"""The modules' examples (the Maze Runner specification's among them) run
as doctests against the installed package."""

import doctest
import importlib
import os

import pytest

MODULES = ["relic", "relic.study", "relic.aec", "relic.gym", "relic.maze_runner"]


@pytest.mark.parametrize("name", MODULES)
def test_examples(name, maze_runner_data, monkeypatch):
    # The specification's examples open games/game1.txt.
    monkeypatch.chdir(maze_runner_data)
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0, f"{result.failed} of {name}'s examples failed"
