"""Cow trade end games (issue 24): every two-player quartet end game with the standard starting money,
solved exactly and written as the table the repo keeps; the same with the donkeys' bonus money (a sample,
timed, and the sizes that bound the whole table); a quintet with the standard money cards.

Run: .venv/bin/python -m bench.bench_cowtrade_endgame [--table-out PATH] [--bonus-sample 3]
     [--quintet [--quintet-rules]]
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import time
from pathlib import Path

from bench.common import write
from parlour.analyses.cowtrade.endgame import EndgameRules, quartet_table, solve_endgame, splits_of
from parlour.games.cowtrade.endgame import CARD_VALUES, Endgame, cards_of, hand_from_cards, offers
from parlour.games.cowtrade.rules import STARTING_HAND
from parlour.solvers import stochastic

BONUS = (50, 100, 200, 500)  # the four donkeys' money, paid to every player
TABLE = Path(__file__).resolve().parent.parent / "src" / "parlour" / "analyses" / "cowtrade" / "quartet_endgames.csv"


def table(pool: list[int], out: Path | None) -> dict[str, object]:
    figures: dict[str, object] = {}
    rows_by_stage = {}
    for name, rules in (("rules", EndgameRules()), ("study", EndgameRules.study())):
        start = time.perf_counter()
        rows, solution = quartet_table(pool, rules)
        seconds = time.perf_counter() - start
        rows_by_stage[name] = rows
        two_two = [r for r in rows if r.all_in_optimal is not None]
        figures[name] = {"starts": len(rows), "states": len(solution.states), "seconds": round(seconds, 2),
                         "status": solution.status.value, "target_s": 60,
                         "two_two_all_in_optimal": sum(1 for r in two_two if r.all_in_optimal),
                         "two_two_states": len(two_two),
                         "player1_wins_for_sure": sum(1 for r in rows if r.value == 1),
                         "player2_wins_for_sure": sum(1 for r in rows if r.value == -1)}
    differ = [(a, b) for a, b in zip(rows_by_stage["rules"], rows_by_stage["study"], strict=True) if a.value != b.value]
    figures["rules_vs_study_differ"] = len(differ)
    if out is not None:
        with out.open("w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["animals1", "cards1", "cards2", "challenger", "value_rules", "value_study",
                        "all_in_optimal_at_2_2"])
            for a, b in zip(rows_by_stage["rules"], rows_by_stage["study"], strict=True):
                w.writerow([a.animals1, " ".join(map(str, sorted(cards_of(a.hand1)))),
                            " ".join(map(str, sorted(cards_of(a.hand2)))), a.challenger, str(a.value), str(b.value),
                            "" if a.all_in_optimal is None else int(bool(a.all_in_optimal and b.all_in_optimal))])
        figures["table_rows"] = len(rows_by_stage["rules"])
    return figures


def bonus(sample: int, seed: int = 1) -> dict[str, object]:
    """The table with the bonus money: its size, and a timed sample of starts (both stage rules)."""
    pool = (list(STARTING_HAND) + list(BONUS)) * 2
    splits = list(splits_of(pool))
    total = hand_from_cards(pool)
    largest_hand = max(len(offers(h)) for h, _ in splits)
    figures: dict[str, object] = {
        "hand_splits": len(splits), "starts": len(splits) * 3 * 2,
        "offers_of_the_richest_hand": largest_hand,
        "largest_stage_cells": largest_hand * (largest_hand + 1),
        "pool": dict(zip(map(str, CARD_VALUES), total, strict=True)),
    }
    rng = random.Random(seed)
    for name, rules in (("study", EndgameRules.study()), ("rules", EndgameRules())):
        game = Endgame(rules)
        cells = []
        build = []
        solve = []
        for h1, h2 in rng.sample(splits, sample):
            state = game.start(1, h1, h2, 1)
            t0 = time.perf_counter()
            stage = game.stage(state)
            t1 = time.perf_counter()
            # the stage solved once in floats, every successor at value 0: the cost of one LP of this size
            stochastic.solve_stage(stage, {t: 0 for t in stage.targets if not isinstance(t, stochastic.End)},
                                   [0.0] * len(stage.targets), exact_=False)
            t2 = time.perf_counter()
            cells.append(len(stage.rows) * len(stage.cols))
            build.append(round(t1 - t0, 3))
            solve.append(round(t2 - t1, 3))
        per_stage = (sum(build) + sum(solve)) / sample
        figures[f"sample_{name}"] = {
            "stages": sample, "cells": cells, "build_seconds": build, "float_lp_seconds": solve,
            # every start's stage and (at least) its 2-2 successors; an exact solve costs more than a float one
            "projected_table_hours_at_least": per_stage * len(splits) * 3 * 2 / 3600,
        }
    return figures


def quintet(rules_too: bool) -> dict[str, object]:
    """The quintet 1-4 with the starting money cards: under the study's simplification, and (when asked:
    it is far slower, value iteration creeps there) as the rules play it."""
    hand = hand_from_cards(STARTING_HAND)
    out: dict[str, object] = {}
    variants = [("study", EndgameRules.study(5))] + ([("rules", EndgameRules(5))] if rules_too else [])
    for name, rules in variants:
        start = time.perf_counter()
        sol = solve_endgame(rules, 1, hand, hand, 1, tol=1e-12)
        out[name] = {"seconds": round(time.perf_counter() - start, 2), "status": sol.status.value,
                     "value_bounds_exact": [str(sol.lower), str(sol.upper)],
                     "width": float(sol.upper - sol.lower), "states": sol.states,
                     "completes1": sol.completes1, "expected_trades": sol.expected_trades,
                     "counters": dict(sol.counters), "target_s": 300,
                     # the machine is shared: its load while this ran says how far the seconds are inflated
                     "load_average_1min": round(os.getloadavg()[0], 2)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--table-out", default=str(TABLE), help="where to write the quartet table ('' for nowhere)")
    parser.add_argument("--bonus-sample", type=int, default=2)
    parser.add_argument("--quintet", action="store_true")
    parser.add_argument("--quintet-rules", action="store_true",
                        help="with --quintet, also the quintet as the rules play it (long: see the docs)")
    args = parser.parse_args()
    figures: dict[str, object] = {"quartet_table": table(list(STARTING_HAND) * 2,
                                                         Path(args.table_out) if args.table_out else None)}
    if args.bonus_sample:
        figures["bonus_money"] = bonus(args.bonus_sample)
    if args.quintet:
        figures["quintet_standard_money"] = quintet(args.quintet_rules)
    print(write("cowtrade_endgame", figures))


if __name__ == "__main__":
    main()
