"""Benchmarks of the Python package (run after `pip install ./python`).

    python python/bench/bench.py [--relic target/release/relic] [--games 100000]

Prints, and checks against the targets of issue 32:
- a Python loop of legal_actions() + apply() on Connect Four, in steps per
  CPU-second (target 200,000);
- observation() calls per CPU-second (target 500,000);
- a study of random Connect Four games as shards on a local Dask cluster
  of two workers, against `relic sim --jobs 2` (target: at most 1.3 times
  its wall time; the cluster is started before the clock starts; the two
  alternate seven times and their medians are compared).
Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

import relic


def steps_per_cpu_second(seconds: float = 3.0) -> float:
    game = relic.load("connect-four")
    rng = random.Random(1)
    state = game.new_initial_state()
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            if state.is_terminal():
                state = game.new_initial_state()
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            steps += 1
    return steps / (time.process_time() - start)


def observations_per_cpu_second(seconds: float = 3.0) -> float:
    state = relic.load("connect-four").new_initial_state()
    for action in ["d", "d", "c", "e"]:
        state.apply(action)
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            state.observation()
        calls += 1000
    return calls / (time.process_time() - start)


def cluster_against_cli(binary: str, games: int, rounds: int = 7) -> tuple[float, float]:
    """Median wall times of `relic sim --jobs 2` and of the cluster study.

    The two alternate, `rounds` times each, so that a shared machine's
    changing speed weighs on both alike.
    """
    from distributed import Client, LocalCluster

    options = ["--ruleset", "connect-four", "--games", str(games), "--seed", "5"]
    cli_times, cluster_times = [], []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(lambda: __import__("relic"))  # workers import relic before the clock
        for _ in range(rounds):
            start = time.perf_counter()
            cli = subprocess.run([binary, "sim", *options, "--jobs", "2", "--format", "json"],
                                 check=True, capture_output=True, text=True).stdout
            cli_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            figures = relic.sim("connect-four", games=games, seed=5, cluster=client)
            cluster_times.append(time.perf_counter() - start)
            assert figures == json.loads(cli), "the cluster's figures differ from relic sim's"
    return statistics.median(cli_times), statistics.median(cluster_times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--relic", default="target/release/relic", help="the relic binary")
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    missed = []
    steps = steps_per_cpu_second()
    print(f"legal_actions()+apply() on Connect Four: {steps:,.0f} steps per CPU-second")
    if steps < 200_000:
        missed.append("steps")
    calls = observations_per_cpu_second()
    print(f"observation(): {calls:,.0f} per CPU-second")
    if calls < 500_000:
        missed.append("observation")
    cli, cluster = cluster_against_cli(args.relic, args.games)
    print(f"{args.games:,} random games: relic sim --jobs 2 {cli:.3f} s, "
          f"local cluster of 2 workers {cluster:.3f} s (medians of 7 alternating runs) ({cluster / cli:.2f}x)")
    if cluster > 1.3 * cli:
        missed.append("cluster")
    if missed:
        print("missed:", ", ".join(missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
