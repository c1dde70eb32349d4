"""Studies: ``relic sim`` from Python, on this machine or on a Dask cluster.

``sim`` takes ``relic sim``'s options as keyword arguments and returns the
document ``relic sim --format json`` prints, as a dict. Given a cluster,
it splits the study into shards (``--shard I/N``), runs each as a Dask task
and merges them with ``relic sim merge``'s own code, so the figures are
exactly those of one run with the same seed.

>>> import relic
>>> figures = relic.sim("tic-tac-toe", games=50, seed=3)
>>> figures["runs"][0]["totals"]["games"]
50

From a shell (the scheduler's address, then ``relic sim``'s options)::

    python -m relic.study --scheduler tcp://10.0.0.5:8786 --shards 64 -- \\
        --ruleset connect-four --games 1000000 --seed 7 > study.json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _relic

Shard = Union[str, Tuple[int, int]]

# Shards per worker thread by default: two each. Shards of one study hold
# the same work, but the cores that run them need not be equally fast (a
# shared machine's busy core): with two per thread, a fast worker takes
# over a slow one's second shard. More cost the scheduler a round trip each
# (measured on a 2-core machine, 100,000 Connect Four games: one per thread
# 1.5x `relic sim --jobs 2`'s wall time, two 0.8-1.1x, eight 0.9-1.2x).
SHARDS_PER_THREAD = 2


def _options(
    ruleset: Optional[str],
    vs_ruleset: Optional[str],
    board: Optional[str],
    random_boards: Optional[str],
    games: int,
    opening: Optional[int],
    bots: str,
    seed: int,
    jobs: Optional[int],
    max_turns: int,
) -> List[str]:
    """``relic sim``'s command-line options for these settings."""
    named = [
        ("--ruleset", ruleset),
        ("--vs-ruleset", vs_ruleset),
        ("--board", board),
        ("--random-boards", random_boards),
        ("--games", games),
        ("--opening", opening),
        ("--bots", bots),
        ("--seed", seed),
        ("--jobs", jobs),
        ("--max-turns", max_turns),
    ]
    options: List[str] = []
    for flag, value in named:
        if value is not None:
            options += [flag, str(value)]
    return options


def _shard_text(shard: Shard) -> str:
    if isinstance(shard, str):
        return shard
    index, count = shard
    return f"{index}/{count}"


def run_shard(options: Sequence[str]) -> str:
    """Runs one shard (``relic sim`` with these options); its JSON text.

    This is the task a cluster's workers run.
    """
    return _relic.sim(list(options))


def merge(documents: Sequence[Union[str, Dict[str, Any]]], format: str = "json") -> Any:
    """Merges the documents of every shard of one study (``relic sim merge``).

    ``documents`` are JSON texts or dicts; returns the merged document as a
    dict, or as text for ``format="human"`` or ``"csv"``.
    """
    texts = [d if isinstance(d, str) else json.dumps(d) for d in documents]
    merged = _relic.merge(texts, format)
    return json.loads(merged) if format == "json" else merged


def sim(
    ruleset: Optional[str] = None,
    *,
    vs_ruleset: Optional[str] = None,
    board: Optional[str] = None,
    random_boards: Optional[str] = None,
    games: int = 1000,
    opening: Optional[int] = None,
    bots: str = "random",
    seed: int = 1,
    jobs: Optional[int] = None,
    max_turns: int = 2000,
    core: bool = False,
    shard: Optional[Shard] = None,
    cluster: Any = None,
    shards: Optional[int] = None,
    format: str = "json",
) -> Any:
    """Plays a study as ``relic sim`` does, with the same options.

    Returns the document ``relic sim --format json`` prints, as a dict (or
    the table or CSV text for ``format="human"`` or ``"csv"``). ``shard``
    (``"I/N"`` or ``(I, N)``) plays one share for ``merge``. ``cluster`` (a
    ``distributed.Client``, a Dask cluster such as ``LocalCluster`` or
    ``SLURMCluster``, or a scheduler address) runs the study as ``shards``
    tasks (by default two per worker thread), each with ``jobs`` threads
    (1 by default), and merges them: the figures equal one run's.
    ``core=True`` plays on the core interpreter (``relic sim --core``).
    Raises ``relic.SimError`` with the diagnostic text and codes.
    """
    options = _options(
        ruleset, vs_ruleset, board, random_boards, games, opening, bots, seed,
        jobs, max_turns,
    )
    if core:
        options.append("--core")
    if cluster is None:
        if shard is not None:
            options += ["--shard", _shard_text(shard)]
        text = _relic.sim(options)
    else:
        if shard is not None:
            raise ValueError("give either shard= or cluster=, not both")
        text = _on_cluster(options, cluster, shards, jobs, games)
    if format == "json":
        return json.loads(text)
    return _relic.report(text, format)


def _client(cluster: Any) -> Tuple[Any, bool]:
    """A Dask client for ``cluster``, and whether it was made here."""
    from distributed import Client

    if isinstance(cluster, Client):
        return cluster, False
    return Client(cluster), True


def _on_cluster(
    options: List[str], cluster: Any, shards: Optional[int], jobs: Optional[int], games: int
) -> str:
    """The study's merged JSON, its shards run as tasks on ``cluster``."""
    client, made = _client(cluster)
    try:
        if shards is None:
            workers = client.scheduler_info()["workers"].values()
            threads = sum(w.get("nthreads", 1) for w in workers)
            shards = max(1, SHARDS_PER_THREAD * threads)
        shards = max(1, min(shards, games))
        if jobs is None:
            options = options + ["--jobs", "1"]
        tasks = [
            options + ["--shard", f"{index}/{shards}"] for index in range(shards)
        ]
        futures = client.map(run_shard, tasks, pure=False)
        texts = client.gather(futures)
    finally:
        if made:
            client.close()
    return _relic.merge(list(texts), "json")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m relic.study``: a study on a Dask scheduler, merged JSON out."""
    parser = argparse.ArgumentParser(
        prog="python -m relic.study",
        description="Run a relic sim study's shards on a Dask cluster and "
        "print the merged JSON (relic sim --format json).",
    )
    parser.add_argument("--scheduler", required=True,
                        help="the Dask scheduler's address, or 'local:N' for N local workers")
    parser.add_argument("--shards", type=int, default=None,
                        help="tasks to split the study into (default: two per worker thread)")
    parser.add_argument("options", nargs=argparse.REMAINDER,
                        help="relic sim's options, after --")
    args = parser.parse_args(argv)
    options = args.options[1:] if args.options[:1] == ["--"] else args.options
    from .errors import RelicError

    try:
        if args.scheduler.startswith("local:"):
            from distributed import LocalCluster

            workers = int(args.scheduler.split(":", 1)[1])
            with LocalCluster(n_workers=workers, threads_per_worker=1,
                              processes=True) as local:
                text = _on_cluster(options, local, args.shards, None, _games_of(options))
        else:
            text = _on_cluster(options, args.scheduler, args.shards, None, _games_of(options))
    except RelicError as error:
        sys.stderr.write(error.text)
        return 2
    sys.stdout.write(text)
    return 0


def _games_of(options: Sequence[str]) -> int:
    """The ``--games`` among ``relic sim`` options (1000 by default)."""
    for i, option in enumerate(options):
        if option == "--games" and i + 1 < len(options):
            return int(options[i + 1])
        if option.startswith("--games="):
            return int(option.split("=", 1)[1])
    return 1000


if __name__ == "__main__":
    sys.exit(main())
