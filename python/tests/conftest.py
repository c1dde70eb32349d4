"""What the tests share: where the shared conformance data is."""

import os
from pathlib import Path

import pytest


def shared() -> Path:
    """The shared folder (``$RELIC_SHARED``, else ``../shared`` beside the clone)."""
    given = os.environ.get("RELIC_SHARED")
    if given:
        return Path(given)
    return Path(__file__).resolve().parents[2].parent / "shared"


@pytest.fixture
def maze_runner_data() -> Path:
    """The Maze Runner conformance folder (games/ and cases/)."""
    folder = shared() / "conformance" / "maze-runner"
    if not folder.is_dir():
        pytest.fail(f"no conformance data at {folder}: set RELIC_SHARED")
    return folder
