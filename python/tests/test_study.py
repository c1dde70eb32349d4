"""relic.sim: the same figures as `relic sim`, on one machine and as
shards on a local Dask cluster of two workers."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import relic

ROOT = Path(__file__).resolve().parents[2]


def relic_binary() -> str:
    """The relic command line: $RELIC_BIN, else the repository's build."""
    given = os.environ.get("RELIC_BIN")
    if given:
        return given
    for profile in ("release", "debug"):
        built = ROOT / "target" / profile / "relic"
        if built.is_file():
            return str(built)
    pytest.fail("no relic binary: build it (cargo build) or set RELIC_BIN")


def cli_json(*options: str) -> dict:
    run = subprocess.run(
        [relic_binary(), "sim", "--format", "json", *options],
        check=True, capture_output=True, text=True,
    )
    return json.loads(run.stdout)


def test_sim_equals_the_command_line():
    figures = relic.sim("connect-four", games=300, seed=11, jobs=2)
    assert figures == cli_json("--ruleset", "connect-four", "--games", "300", "--seed", "11")


def test_core_plays_the_same_games_on_the_core_interpreter():
    own = relic.sim("gobblet-gobblers", games=60, seed=3)
    core = relic.sim("gobblet-gobblers", games=60, seed=3, core=True)
    assert core == cli_json("--ruleset", "gobblet-gobblers", "--games", "60", "--seed", "3", "--core")
    assert own["runs"][0]["totals"]["turns"] == core["runs"][0]["totals"]["turns"]
    # Escape is written in the core for a finite configuration, not for
    # a board with an endless axis.
    escape = relic.sim("escape", games=20, seed=3, core=True)
    assert escape["runs"][0]["totals"]["games"] == 20
    endless = str(ROOT / "tests" / "fixtures" / "escape" / "valid" / "hex-infinite.egc")
    with pytest.raises(relic.SimError) as refused:
        relic.sim("escape", games=1, core=True, board=endless)
    assert "cli::no_core_form" in refused.value.codes


def test_vs_ruleset_and_greedy_equal_the_command_line():
    figures = relic.sim("tic-tac-toe", vs_ruleset="tic-tac-toe-4x4", bots="greedy", games=40)
    expected = cli_json(
        "--ruleset", "tic-tac-toe", "--vs-ruleset", "tic-tac-toe-4x4",
        "--bots", "greedy", "--games", "40",
    )
    assert figures == expected
    assert len(figures["runs"]) == 2


def test_shards_merge_to_the_whole_study():
    whole = relic.sim("breakthrough", games=90, seed=4)
    shards = [relic.sim("breakthrough", games=90, seed=4, shard=(i, 3)) for i in range(3)]
    assert relic.merge(shards) == whole
    table = relic.merge(shards, format="human")
    assert "Breakthrough" in table


def test_local_cluster_of_two_workers_equals_relic_sim():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        figures = relic.sim("connect-four", games=2000, seed=9, cluster=client, shards=4)
        again = relic.sim("connect-four", games=2000, seed=9, cluster=cluster)
    expected = cli_json("--ruleset", "connect-four", "--games", "2000", "--seed", "9")
    assert figures == expected
    assert again == expected


def test_command_line_recipe_on_a_local_cluster():
    pytest.importorskip("distributed")
    run = subprocess.run(
        [sys.executable, "-m", "relic.study", "--scheduler", "local:2", "--",
         "--ruleset", "tic-tac-toe", "--games", "300", "--seed", "3"],
        check=True, capture_output=True, text=True,
    )
    assert json.loads(run.stdout) == cli_json(
        "--ruleset", "tic-tac-toe", "--games", "300", "--seed", "3"
    )


def test_a_shards_figures_as_text():
    shard = relic.sim("tic-tac-toe", games=20, shard="1/2", format="csv")
    assert shard.splitlines()[0].startswith("ruleset")
