"""Cow trade end games (issue 24): every two-player quartet end game with the standard starting money,
solved exactly and written as the table the repo keeps; the same with the donkeys' bonus money (a sample,
timed, and the sizes that bound the whole table); a quintet with the standard money cards.

Run: .venv/bin/python -m bench.bench_cowtrade_endgame [--table-out PATH] [--bonus-sample 3]
     [--quintet [--quintet-rules]]
     .venv/bin/python -m bench.bench_cowtrade_endgame --bonus [--minutes 40] [--workers N]   # the bonus table

`--bonus` solves every bonus-money start by `QuartetByTotals` (offers by total and card count), one split
of the cards at a time in a fixed random order, appending each to a checkpoint (a rerun resumes there;
Ctrl-C or --minutes stops it cleanly). Only 1-3 and 2-2 starts are solved: a 3-1 start is the 1-3
start with the players relabelled (hands swapped, the other challenger), worth minus its value. It
writes the table of the starts known so far and bench/results/cowtrade_endgame_bonus.json.
The splits are independent games, so `--workers` processes (default: every core) solve them side by side;
the JSON gives this run's wall-clock seconds next to the per-split seconds summed over every run.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

from bench.common import write
from parlour.analyses.cowtrade.endgame import EndgameRules, quartet_table, quartet_values, solve_endgame, splits_of
from parlour.games.cowtrade.endgame import CARD_VALUES, Endgame, TradeState, cards_of, hand_from_cards, offers
from parlour.games.cowtrade.rules import STARTING_HAND
from parlour.solvers import stochastic

BONUS = (50, 100, 200, 500)  # the four donkeys' money, paid to every player
TABLE = Path(__file__).resolve().parent.parent / "src" / "parlour" / "analyses" / "cowtrade" / "quartet_endgames.csv"
BONUS_TABLE = TABLE.with_name("quartet_endgames_bonus.csv.gz")
CHECKPOINT = Path(__file__).resolve().parent / "results" / "cowtrade_endgame_bonus.checkpoint.jsonl"
COLUMNS = ["animals1", "cards1", "cards2", "challenger", "value_rules", "value_study", "all_in_optimal_at_2_2"]


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


def _split_done(h1: tuple[int, ...], h2: tuple[int, ...]) -> dict[str, Any]:
    """One split's 1-3 and 2-2 starts (either challenger) under both stage rules."""
    starts = [TradeState(a, h1, h2, c) for a in (1, 2) for c in (1, 2)]
    out: dict[str, Any] = {}
    all_in: list[bool | None] = [None] * len(starts)
    for name, rules in (("rules", EndgameRules()), ("study", EndgameRules.study())):
        values, optimal, solution = quartet_values(rules, starts)
        # an exact value as "p/q"; an interval (a near-tie below float precision) as "lower..upper"
        out[name] = [str(lo) if lo == hi else f"{lo}..{hi}" for lo, hi in values]
        out[f"states_{name}"] = len(solution.states)
        all_in = [None if a is None else bool(a and (b is None or b)) for a, b in zip(optimal, all_in, strict=True)]
    out["all_in"] = all_in
    return out


def _timed_split(job: tuple[int, Split]) -> dict[str, Any]:
    i, (h1, h2) = job
    t0 = time.perf_counter()
    record = {"split": i, **_split_done(h1, h2)}
    record["seconds"] = round(time.perf_counter() - t0, 4)
    return record


def bonus_table(minutes: float, checkpoint: Path, out: Path | None, workers: int, seed: int = 1) -> dict[str, object]:
    """Every bonus-money start, resumable (see the module doc)."""
    pool = (list(STARTING_HAND) + list(BONUS)) * 2
    splits = list(splits_of(pool))
    where = {split: i for i, split in enumerate(splits)}
    done: dict[int, dict[str, Any]] = {}
    if checkpoint.exists():
        for line in checkpoint.read_text().splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:  # a line cut short when a run was killed: that split is redone
                continue
            done[int(record["split"])] = record
    order = list(range(len(splits)))
    random.Random(seed).shuffle(order)  # a stopped run has solved a random sample of the splits
    pending = [i for i in order if i not in done]
    started = time.perf_counter()
    stopped = "finished"
    solved_now = 0
    executor = ProcessPoolExecutor(max_workers=workers)
    try:
        with checkpoint.open("a") as f:
            for record in executor.map(_timed_split, [(i, splits[i]) for i in pending], chunksize=4):
                f.write(json.dumps(record) + "\n")
                f.flush()
                done[int(record["split"])] = record
                solved_now += 1
                if time.perf_counter() - started > minutes * 60:
                    stopped = f"stopped after {minutes:g} minutes"
                    break
    except KeyboardInterrupt:
        stopped = "stopped by Ctrl-C"
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
    wall = time.perf_counter() - started
    seconds = sum(float(r["seconds"]) for r in done.values())  # every solved split's, this run's or earlier
    rows = _bonus_rows(splits, where, done)
    if out is not None:
        with gzip.open(out, "wt", newline="") as g:
            w = csv.writer(g)
            w.writerow(COLUMNS)
            w.writerows(rows)
    per_split = seconds / len(done) if done else float("nan")
    return {
        "pool": dict(zip(map(str, CARD_VALUES), hand_from_cards(pool), strict=True)),
        "hand_splits": len(splits), "starts": len(splits) * 6,
        "splits_solved": len(done), "rows_known": len(rows), "run": stopped,
        "seconds_solving": round(seconds, 1),
        "workers": workers, "splits_this_run": solved_now, "wall_seconds_this_run": round(wall, 1),
        "seconds_per_split_both_rules": round(per_split, 3),
        "projected_table_seconds": round(per_split * len(splits), 0),
        "target_s": 1800,
        "status": "exact" if not any(".." in str(v) for r in rows for v in r[4:6]) else "certified intervals",
        "interval_values": sum(1 for r in rows for v in r[4:6] if ".." in str(v)),
        "largest_stage_states": max((int(r["states_rules"]) for r in done.values()), default=0),
        "player1_wins_for_sure_rules": sum(1 for r in rows if r[4] == "1"),
        "rules_vs_study_differ": sum(1 for r in rows if r[4] != r[5]),
        "two_two_all_in_optimal": sum(1 for r in rows if r[6] == 1),
        "two_two_rows": sum(1 for r in rows if r[6] != ""),
    }


Split = tuple[tuple[int, ...], tuple[int, ...]]


def _negated(value: str) -> str:
    """Minus a value as the checkpoint writes it ("p/q", or "lower..upper")."""
    ends = [-Fraction(v) for v in value.split("..")]
    return "..".join(map(str, sorted(ends)))


def _bonus_rows(splits: list[Split], where: dict[Split, int], done: dict[int, dict[str, Any]]) -> list[list[object]]:
    """The table's rows known so far: 1-3 and 2-2 from their split, 3-1 from the mirrored split's 1-3."""
    rows: list[list[object]] = []
    for i, (h1, h2) in enumerate(splits):
        mirror = done.get(where[(h2, h1)])
        for a in (1, 2, 3):
            for c in (1, 2):
                if a < 3:
                    record = done.get(i)
                    if record is None:
                        continue
                    k = (a - 1) * 2 + (c - 1)
                    rules_value, study_value = record["rules"][k], record["study"][k]
                    all_in = record["all_in"][k]
                elif mirror is None:
                    continue
                else:
                    k = (3 - c) - 1  # the mirror's 1-3 start with the other challenger
                    rules_value, study_value = _negated(mirror["rules"][k]), _negated(mirror["study"][k])
                    all_in = None
                rows.append([a, " ".join(map(str, sorted(cards_of(h1)))), " ".join(map(str, sorted(cards_of(h2)))),
                             c, rules_value, study_value, "" if all_in is None else int(all_in)])
    return rows


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
                     "value_bounds_exact": [str(sol.value_low), str(sol.value_high)],
                     "width": float(sol.value_high - sol.value_low), "states": sol.states,
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
    parser.add_argument("--bonus", action="store_true", help="the table with the bonus money (resumable)")
    parser.add_argument("--minutes", type=float, default=60.0, help="--bonus stops after this long")
    parser.add_argument("--bonus-out", default=str(BONUS_TABLE), help="where to write the bonus table")
    parser.add_argument("--checkpoint", default=str(CHECKPOINT), help="--bonus resumes from this file")
    parser.add_argument("--quintet-rules", action="store_true",
                        help="with --quintet, also the quintet as the rules play it (long: see the docs)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="--bonus: processes side by side")
    args = parser.parse_args()
    if args.minutes <= 0:
        parser.error("--minutes must be positive")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.bonus:
        print(write("cowtrade_endgame_bonus", {"quartet_table_bonus_money": bonus_table(
            args.minutes, Path(args.checkpoint), Path(args.bonus_out) if args.bonus_out else None, args.workers)}))
        return
    figures: dict[str, object] = {"quartet_table": table(list(STARTING_HAND) * 2,
                                                         Path(args.table_out) if args.table_out else None)}
    if args.bonus_sample:
        figures["bonus_money"] = bonus(args.bonus_sample)
    if args.quintet:
        figures["quintet_standard_money"] = quintet(args.quintet_rules)
    print(write("cowtrade_endgame", figures))


if __name__ == "__main__":
    main()
