"""The estimates said before long work (issue 34, item 4) against what the work then takes: each command runs
as a person runs it (`python -m parlour ...`, a fresh process, start-up included) and its wall and CPU
seconds are set beside the model's estimate (the same function the command prints from, at the load
average of the moment, as the command prints it: `Estimate.loaded`). The ratio is estimate / wall; the aim
is 0.5 to 2. The load average before and after each run is recorded: on the shared 2-core machine other
work stretches the wall clock, the CPU seconds much less.

Run: python -m bench.bench_estimates [--only NAME,...] [--list]
(--only merges its cases into the recorded file, so the long ones can be measured on their own.)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.common import RESULTS, write
from parlour.analyses.estimates import ANNOUNCE_SECONDS, Estimate

NAME = "estimates"


def _endgame(set_size: int, animals1: int = 1, money: tuple[int, int] | None = None) -> Callable[[], Estimate]:
    def model() -> Estimate:
        from parlour.analyses.cowtrade import STARTING_HAND
        from parlour.analyses.cowtrade.endgame import EndgameRules, hand_from_cards, solve_estimate

        hands = money or (hand_from_cards(STARTING_HAND), hand_from_cards(STARTING_HAND))
        return solve_estimate(EndgameRules(set_size), animals1, *hands)
    return model


def _quartets(cards1: list[int], cards2: list[int]) -> Callable[[], Estimate]:
    def model() -> Estimate:
        from parlour.analyses.cowtrade.quartets import QuartetsRules, solve_estimate
        from parlour.games.cowtrade.endgame import hand_from_cards

        return solve_estimate(QuartetsRules(), hand_from_cards(cards1), hand_from_cards(cards2))
    return model


def _security(money: int, study: bool, players: int = 3) -> Callable[[], Estimate]:
    def model() -> Estimate:
        from parlour.analyses.cowtrade.threeplayer import ThreeRules, solve_estimate

        return solve_estimate(ThreeRules.study(4) if study else ThreeRules(4), (money,) * 3, players)
    return model


def _goose(players: int) -> Callable[[], Estimate]:
    def model() -> Estimate:
        from parlour.analyses.goose.queries import solve_time
        from parlour.games.goose.rules import STUDY

        return solve_time(STUDY, players)
    return model


def _guess(n: int) -> Callable[[], Estimate]:
    def model() -> Estimate:
        from parlour.analyses.guess.cost import solve_estimate

        return solve_estimate(n)
    return model


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[str, ...]  # after `parlour`; --json is added
    model: Callable[[], Estimate]
    role: str  # "named": a calibration the issue names; "point": a smaller point of the same model


CASES = (
    Case("cowtrade_endgame_default", ("cowtrade", "endgame"), _endgame(4), "named"),
    Case("cowtrade_endgame_set_size_5_money_9", ("cowtrade", "endgame", "--set-size", "5", "--money1", "9",
                                                 "--money2", "9"), _endgame(5, money=(9, 9)), "point"),
    Case("cowtrade_endgame_set_size_3_money_10", ("cowtrade", "endgame", "--set-size", "3", "--money1", "10",
                                                  "--money2", "10"), _endgame(3, money=(10, 10)), "point"),
    Case("cowtrade_quartets", ("cowtrade", "quartets", "--animals1", "1,3", "--cards1", "0,10,50",
                               "--cards2", "10,10,50"), _quartets([0, 10, 50], [10, 10, 50]), "named"),
    Case("cowtrade_quartets_smaller", ("cowtrade", "quartets", "--animals1", "1,3", "--cards1", "0,10,10",
                                       "--cards2", "10,50"), _quartets([0, 10, 10], [10, 50]), "point"),
    Case("cowtrade_security", ("cowtrade", "security", "--money1", "3", "--money2", "3", "--money3", "3",
                               "--study"), _security(3, True), "named"),
    Case("cowtrade_security_rules", ("cowtrade", "security", "--money1", "2", "--money2", "2", "--money3", "2"),
         _security(2, False), "named"),
    Case("goose_solve_3_players", ("goose", "solve", "--players", "3"), _goose(3), "point"),
    Case("goose_solve_4_players", ("goose", "solve", "--players", "4"), _goose(4), "named"),
    Case("guess_solve_800", ("guess", "solve", "800"), _guess(800), "point"),
    Case("guess_solve_1500", ("guess", "solve", "1500"), _guess(1500), "named"),
    Case("cowtrade_endgame_set_size_3", ("cowtrade", "endgame", "--set-size", "3"), _endgame(3), "named"),
)


def load() -> float:
    return os.getloadavg()[0]


def measure(case: Case) -> dict[str, Any]:
    """Run the case's command once in a fresh process; its seconds beside the model's estimate."""
    idle = case.model()
    before, cpu0 = load(), resource.getrusage(resource.RUSAGE_CHILDREN)
    estimate = idle.loaded(before, os.cpu_count() or 1)  # what the command prints at this load
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "parlour", *case.args, "--json"], capture_output=True, text=True,
                          check=False)
    wall = time.perf_counter() - started
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    out: dict[str, Any] = {
        "command": "parlour " + " ".join(case.args) + " --json", "role": case.role,
        "idle_estimate_seconds": round(idle.seconds, 1), "threads": idle.threads,
        "estimate_seconds": round(estimate.seconds, 1), "estimate_words": estimate.words(),
        "announced": estimate.seconds >= ANNOUNCE_SECONDS,
        "wall_seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
        "ratio_estimate_to_wall": round(estimate.seconds / wall, 2),
        # the idle machine's model against the CPU seconds: one thread's CPU time is its wall clock alone
        "ratio_idle_estimate_to_cpu": round(idle.seconds / cpu, 2) if cpu > 0 else None,
        "load_before": round(before, 2), "load_after": round(load(), 2), "exit_code": proc.returncode,
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    if proc.returncode != 0:
        out["error"] = proc.stderr.strip().splitlines()[-1:] or ["failed"]
    print(f"{case.name}: estimate {out['estimate_seconds']} s, wall {out['wall_seconds']} s, "
          f"cpu {out['cpu_seconds']} s, ratio {out['ratio_estimate_to_wall']} "
          f"(load {out['load_before']} -> {out['load_after']})", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated case names (merged into the recorded file)")
    parser.add_argument("--list", action="store_true", help="list the cases and their estimates, run nothing")
    parser.add_argument("--name", default=NAME, help="the results file's name (e.g. a calibration run's)")
    args = parser.parse_args()
    if args.list:
        for case in CASES:
            print(f"{case.name:40} {case.role:6} {case.model().words()}")
        return
    chosen = [c for c in CASES if not args.only or c.name in args.only.split(",")]
    path = RESULTS / f"{args.name}.json"
    cases: dict[str, Any] = {}
    if args.only and path.exists():
        cases = json.loads(path.read_text())["figures"].get("cases", {})
    for case in chosen:
        cases[case.name] = measure(case)
    named = [c for c in cases.values() if c["role"] == "named" and c["exit_code"] == 0]
    write(args.name, {
        "note": "estimate vs measured on the shared 2-core machine; wall includes start-up; load = 1-minute "
                "load average (2 cores: above 2 means waiting for a core); estimate = the idle machine's model "
                "x contention(load before, cores, threads), as the command prints it",
        "announce_seconds": ANNOUNCE_SECONDS,
        "named_within_2x": all(0.5 <= c["ratio_estimate_to_wall"] <= 2 for c in named),
        "cases": cases,
    })


if __name__ == "__main__":
    main()
